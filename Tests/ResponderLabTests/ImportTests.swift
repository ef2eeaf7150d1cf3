import Foundation
import ResponderKit
import Testing
@testable import ResponderLab

/// `responder import`: dumps of `recursiveDescription` as real consoles print them, into scenarios that run.
@MainActor
@Suite struct ImportTests {
    /// A window with a card (a custom class) holding a label, a button and a switch, in the `   | ` style
    /// of recent iOS versions.
    static let dump = """
        <UIWindow: 0x7fa1c0d05b70; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x600000c1c0f0>; layer = <UIWindowLayer: 0x600000c1c090>>
           | <UITransitionView: 0x7fa1c0e07a40; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x6000003f2a60>>
           |    | <MyApp.CardView: 0x7fa1c0e08000; frame = (20 100; 350 200); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x600000c1d2a0>; layer = <CALayer: 0x6000003f2b00>>
           |    |    | <UILabel: 0x7fa1c0e08200; frame = (10 10; 200 21); text = 'Hello; world'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600002e8c0a0>>
           |    |    | <UIButton: 0x7fa1c0e08400; frame = (10 50; 100 44); opaque = NO; layer = <CALayer: 0x6000003f2c40>>
           |    |    |    | <UIButtonLabel: 0x7fa1c0e08600; frame = (30 12; 40 20); text = 'Buy'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600002e8c1e0>>
           |    |    | <UISwitch: 0x7fa1c0e08800; frame = (280 50; 51 31); hidden = YES; layer = <CALayer: 0x6000003f2d80>>
        """

    private func imported(_ dump: String) -> Lab.Import { Lab.importHierarchy(dump, source: "dump.txt") }

    /// The lines of the scenario that are not comments, without trailing comments: what the importer decided.
    private func decisions(_ dump: String) -> [String] {
        (imported(dump).scenario ?? "").split(separator: "\n").compactMap { line -> String? in
            let code = line.components(separatedBy: "  #").first ?? ""
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : code
        }
    }

    private func scene(_ text: String) throws -> Scene {
        Scene(try ScenarioParser.parse(text, file: "imported.yaml"))
    }

    @Test func uikitClassesBecomeTheirKindsAndOtherClassesPlainViewsNamedByClassAndNumber() throws {
        let result = imported(Self.dump)
        #expect(result.problems.isEmpty)
        let text = try #require(result.scenario)
        #expect(text.contains("- name: UIWindow1  # UIWindow 0x7fa1c0d05b70"))
        #expect(text.contains("- name: CardView1  # MyApp.CardView 0x7fa1c0e08000, line 3"))
        #expect(text.contains("- name: UILabel1"))
        #expect(text.contains("- name: UIButton1"))
        #expect(text.contains("- name: UISwitch1"))
        let scene = try scene(text)
        // Labels are plain views with a label's defaults in a scene; their kind is in the file.
        #expect(decisions(Self.dump).contains { $0.hasSuffix("- name: UILabel1") })
        let labelIndex = try #require(decisions(Self.dump).firstIndex { $0.hasSuffix("- name: UILabel1") })
        #expect(decisions(Self.dump)[labelIndex + 1].hasSuffix("kind: label"))
        #expect(scene.views["UIButton1"] is UIButton)
        #expect(scene.views["UISwitch1"] is UISwitch)
        // The button's own label is UIKit's part of the button: the scenario's button stands for it.
        #expect(scene.views["UIButtonLabel1"] == nil)
        #expect(text.contains("# its 1 UIKit subview (UIButtonLabel) not imported: the button stands for them"))
        #expect(scene.views["UISwitch1"]?.isHidden == true)
        #expect(scene.views["UILabel1"]?.isUserInteractionEnabled == false)
        #expect(text.contains("# has gestureRecognizers <NSArray: 0x600000c1d2a0>: add them under 'recognizers:'"))
        #expect(text.contains("# clipsToBounds = YES"))
    }

    @Test func importedScenarioRunsAndTapsTheCentreOfTheDeepestTouchableView() throws {
        let text = try #require(imported(Self.dump).scenario)
        // The deepest views are the button's label (not interactive) and the hidden switch's level: the
        // button's label cannot be touched, so the front-most touchable one at the deepest level is the button.
        #expect(text.contains("- tap: [80, 172]  # the centre of UIButton1"))
        let path = temporaryScenario(text, name: "imported")
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        #expect(result.outText.contains("→ UIButton1"))
    }

    @Test func everyIndentationStyleReadsTheSameTree() {
        let expected = decisions(Self.dump)
        let styles: [(String, (Int) -> String)] = [
            ("| ", { String(repeating: "| ", count: $0) }),
            ("|    | ", { $0 == 0 ? "" : "|" + String(repeating: "    |", count: $0 - 1) + " " }),
            ("||", { String(repeating: "|", count: $0) }),
            ("tabs", { String(repeating: "\t|", count: $0) }),
        ]
        for (style, indent) in styles {
            let restyled = Self.dump.split(separator: "\n").map { line -> String in
                let open = line.firstIndex(of: "<")!
                let depth = line[..<open].filter { $0 == "|" }.count
                return indent(depth) + line[open...]
            }.joined(separator: "\n")
            #expect(decisions(restyled) == expected, "style \(style)")
            #expect(imported(restyled).problems.isEmpty, "style \(style)")
        }
    }

    @Test func tripleBarIndentationIsThreeLevelsDeep() throws {
        let dump = """
            <UIView: 0x1; frame = (0 0; 100 100)>
            | <UIView: 0x2; frame = (10 10; 80 80)>
            || <UIView: 0x3; frame = (10 10; 60 60)>
            ||| <UILabel: 0x4; frame = (5 5; 10 10)>
            """
        let result = imported(dump)
        #expect(result.problems.isEmpty)
        let scene = try scene(try #require(result.scenario))
        #expect(scene.views["UILabel1"]?.superview === scene.views["UIView3"])
        #expect(scene.views["UIView3"]?.superview === scene.views["UIView2"])
    }

    @Test func nslogPrefixIsDroppedOnTheFirstLineAndOnEveryLine() {
        let prefix = "2024-05-01 10:00:00.123 App[123:4567] "
        let firstOnly = prefix + Self.dump
        let everyLine = Self.dump.split(separator: "\n").map { prefix + $0 }.joined(separator: "\n")
        let withZone = "2024-05-01 10:00:00.123456+0200 My App[123:a1b2c] " + Self.dump
        for variant in [firstOnly, everyLine, withZone] {
            #expect(decisions(variant) == decisions(Self.dump))
            #expect(imported(variant).problems.isEmpty)
        }
    }

    @Test func extrasAfterTheClosingBracketAndInsideQuotesAreIgnored() throws {
        let dump = """
            (lldb) po view.recursiveDescription()
            <UIView: 0x1; frame = (0 0; 320 480); layer = <CALayer: 0x2>> - (null)
               | <UITextField: 0x3; frame = (10 10; 200 30); text = 'Hi; > there'; opaque = NO; layer = <CALayer: 0x4>> - (null)
               | <UILabel: 0x5; frame = (10 50; 200 30); text = 'Hi'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x6>>
            """
        let result = imported(dump)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let scene = try scene(try #require(result.scenario))
        #expect((scene.views["UITextField1"] as? UITextField)?.text == "Hi; > there")
        #expect(scene.views["UILabel1"]?.frame == CGRect(x: 10, y: 50, width: 200, height: 30))
    }

    @Test func lastLineCutOffAfterItsFrameIsImportedAndReported() throws {
        let dump = Self.dump + "\n   |    |    | <UISlider: 0x7fa1c0e08a00; frame = (10 150; 200 31); alpha = 0."
        let result = imported(dump)
        #expect(result.problems == ["8: the line is cut off: imported from its fields up to the last complete one"])
        let scene = try scene(try #require(result.scenario))
        // The partial 'alpha = 0.' was dropped, not read as 0.
        #expect(scene.views["UISlider1"]?.alpha == 1)
        #expect(scene.views["UISlider1"]?.frame == CGRect(x: 10, y: 150, width: 200, height: 31))
    }

    @Test func lastLineCutOffBeforeItsFrameIsSkippedWithItsLineNumber() throws {
        let dump = Self.dump + "\n   |    |    | <UISlider: 0x7fa1c0e08a00; fra"
        let result = imported(dump)
        #expect(result.problems == ["8: the line is cut off before its frame; skipped"])
        #expect(try scene(try #require(result.scenario)).views["UISlider1"] == nil)
    }

    @Test func unreadableLineIsReportedAndSkippedWithItsSubviews() throws {
        let dump = """
            <UIView: 0x1; frame = (0 0; 320 480)>
               | <UIView: 0x2; frame = (oops)>
               |    | <UILabel: 0x3; frame = (1 1; 10 10)>
               | some text pasted by mistake
               | <UIButton: 0x4; frame = (10 10; 50 50)>
            """
        let result = imported(dump)
        #expect(result.problems == [
            "2: frame '(oops)' is not '(x y; w h)' with numbers up to 1e9; skipped",
            "3: inside line 2, which was skipped: skipped too",
            "4: not a view line: expected an indented '<Class: 0x…; frame = (x y; w h); …>' line; skipped",
        ])
        let scene = try scene(try #require(result.scenario))
        #expect(scene.views["UIButton1"] != nil)
        #expect(scene.views["UILabel1"] == nil)
    }

    @Test func hiddenAlphaAndInteractionAreCarriedOver() throws {
        let dump = """
            <UIView: 0x1; frame = (0 0; 320 480)>
               | <UIView: 0x2; frame = (0 0; 10 10); hidden = YES>
               | <UIView: 0x3; frame = (0 0; 10 10); alpha = 0.5>
               | <UIView: 0x4; frame = (0 0; 10 10); userInteractionEnabled = NO>
               | <UIImageView: 0x5; frame = (0 0; 10 10)>
            """
        let scene = try scene(try #require(imported(dump).scenario))
        #expect(scene.views["UIView2"]?.isHidden == true)
        #expect(scene.views["UIView3"]?.alpha == 0.5)
        #expect(scene.views["UIView4"]?.isUserInteractionEnabled == false)
        // Image views print userInteractionEnabled = NO when it is NO: without it, this one was enabled.
        #expect(scene.views["UIImageView1"]?.isUserInteractionEnabled == true)
    }

    @Test func transformedViewsKeepTheirPrintedFrameAndBounds() throws {
        // UIKit prints the bounding box of the transformed view as its frame.
        let dump = """
            <UIView: 0x1; frame = (0 0; 400 400)>
               | <UIView: 0x2; frame = (125 75; 50 100); transform = [0, 1, -1, 0, 0, 0]; bounds = (0 0; 100 50)>
               | <UIView: 0x3; frame = (50 250; 200 100); transform = [2, 0, 0, 2, 10, 20]>
               | <UIView: 0x4; frame = (100 100; 100 100); transform = [0.70710678118654757, 0.70710678118654746, -0.70710678118654746, 0.70710678118654757, 0, 0]; bounds = (0 0; 70.710678 70.710678)>
               | <UIScrollView: 0x5; frame = (0 0; 100 100); bounds = (0 300; 100 100); contentOffset: {0, 300}>
            """
        let result = imported(dump)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let text = try #require(result.scenario)
        #expect(text.contains("transform: {rotate: 90}"))
        #expect(text.contains("transform: {scale: 2, translate: [10, 20]}"))
        #expect(text.contains("content-offset: [0, 300]"))
        let scene = try scene(text)
        func close(_ a: CGRect?, _ b: CGRect) -> Bool {
            guard let a else { return false }
            return abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
        }
        #expect(close(scene.views["UIView2"]?.frame, CGRect(x: 125, y: 75, width: 50, height: 100)))
        #expect(scene.views["UIView2"]?.bounds.size == CGSize(width: 100, height: 50))
        #expect(close(scene.views["UIView3"]?.frame, CGRect(x: 50, y: 250, width: 200, height: 100)))
        #expect(scene.views["UIView3"]?.bounds.size == CGSize(width: 100, height: 50))
        #expect(close(scene.views["UIView4"]?.frame, CGRect(x: 100, y: 100, width: 100, height: 100)))
        #expect(scene.views["UIScrollView1"]?.bounds.origin == CGPoint(x: 0, y: 300))
    }

    @Test func tapPointFollowsTransformsAndBoundsOrigins() throws {
        let dump = """
            <UIWindow: 0x1; frame = (0 0; 400 800)>
               | <UIScrollView: 0x2; frame = (0 100; 400 400); bounds = (0 200; 400 400); contentOffset: {0, 200}>
               |    | <UIView: 0x3; frame = (50 250; 200 100); transform = [2, 0, 0, 2, 10, 20]>
               |    |    | <MyApp.Dot: 0x4; frame = (10 10; 20 10)>
            """
        let text = try #require(imported(dump).scenario)
        let scene = try scene(text)
        let dot = try #require(scene.views["Dot1"])
        let expected = dot.convert(CGPoint(x: 10, y: 5), to: nil)
        #expect(text.contains("- tap: [\(ImportedGeometry.number(expected.x)), \(ImportedGeometry.number(expected.y))]  # the centre of Dot1"))
        #expect(scene.windows[0].hitTest(expected, with: nil) === dot)
    }

    @Test func rootThatIsNotAWindowIsPlacedInAWindowLargeEnoughForIt() throws {
        let dump = "<MyApp.Panel: 0x1; frame = (0 0; 300 200)>\n   | <UIButton: 0x2; frame = (10 10; 50 50)>"
        let text = try #require(imported(dump).scenario)
        #expect(text.contains("  - name: window  #"))
        let scene = try scene(text)
        #expect(scene.windows.first?.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(scene.views["Panel1"]?.superview === scene.windows.first)
    }

    @Test func nestingDeeperThanTheLimitIsReportedNotCrashed() throws {
        var lines = ["<UIView: 0x0; frame = (0 0; 320 480)>"]
        for depth in 1...(HierarchyDump.maximumDepth + 5) {
            lines.append(String(repeating: "|", count: depth) + " <UIView: 0x\(depth); frame = (0 0; 10 10)>")
        }
        let result = imported(lines.joined(separator: "\n"))
        #expect(result.scenario != nil)
        #expect(result.problems.first?.contains("nested deeper than \(HierarchyDump.maximumDepth) views: skipped") == true)
        #expect(result.problems.count == 5)
    }

    @Test func moreViewsThanTheLimitAreReportedOnceAndTheRestIgnored() {
        let line = "| <UIView: 0x1; frame = (0 0; 1 1)>"
        let dump = (["<UIView: 0x0; frame = (0 0; 320 480)>"] + Array(repeating: line, count: HierarchyDump.maximumViews + 10)).joined(separator: "\n")
        let result = imported(dump)
        #expect(result.problems == ["\(HierarchyDump.maximumViews + 1): more than \(HierarchyDump.maximumViews) views: the rest is ignored (import a smaller subtree)"])
    }

    @Test func fileWithNoViewIsBadInputAndWritesNothing() {
        let path = temporaryScenario("hello\nworld\n", name: "dump")
        var err: [String] = []
        var out: [String] = []
        let code = Lab.importHierarchy(path, to: nil, out: { out.append($0) }, err: { err.append($0) })
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err.first == "\(path):1: not a view line: expected an indented '<Class: 0x…; frame = (x y; w h); …>' line; skipped")
        #expect(err.last?.contains("no view could be read") == true)
    }

    @Test func missingFileIsBadInput() {
        var err: [String] = []
        let code = Lab.importHierarchy("/nonexistent/dump.txt", to: nil, out: { _ in }, err: { err.append($0) })
        #expect(code == 2)
        #expect(err == ["/nonexistent/dump.txt:1: cannot read the file: no such file"])
    }

    @Test func outputFileIsWrittenAndExitCodeIsZeroWhenEveryLineWasRead() throws {
        let path = temporaryScenario(Self.dump, name: "dump")
        let output = path + ".yaml"
        var err: [String] = []
        let code = Lab.importHierarchy(path, to: output, out: { _ in }, err: { err.append($0) })
        #expect(code == 0)
        #expect(err.isEmpty)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("- name: CardView1"))
        #expect(Captured.run([output]).code == 0)
    }

    @Test func lineCutOffRightAfterItsFrameKeepsTheFrame() throws {
        let result = imported("<UIView: 0x1; frame = (0 0; 320 480)>\n   | <UIView: 0x2; frame = (10 20; 30 40)")
        #expect(result.problems == ["2: the line is cut off: imported from its fields up to the last complete one"])
        #expect(try scene(try #require(result.scenario)).views["UIView2"]?.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func dumpCutOffAnywhereNeverCrashesAndWhatItWritesLoads() throws {
        // Cuts all along the dump (every fifth character), as a console paste would leave it.
        let characters = Array(Self.dump)
        for length in stride(from: 1, to: characters.count, by: 5) {
            let result = imported(String(characters[..<length]))
            if let text = result.scenario {
                #expect(throws: Never.self, "cut at \(length)") { _ = try ScenarioParser.parse(text, file: "cut.yaml") }
            } else {
                #expect(!result.problems.isEmpty, "cut at \(length)")
            }
        }
    }

    @Test func hugeOrNonNumericGeometryIsRejectedWithItsLine() {
        let result = imported("<UIView: 0x1; frame = (0 0; 320 480)>\n   | <UIView: 0x2; frame = (1e300 0; 10 10)>\n   | <UIView: 0x3; frame = (0 0; nan 10)>")
        #expect(result.problems == ["2: frame '(1e300 0; 10 10)' is not '(x y; w h)' with numbers up to 1e9; skipped",
                                    "3: frame '(0 0; nan 10)' is not '(x y; w h)' with numbers up to 1e9; skipped"])
    }
}

/// Imported screens work: a control's UIKit parts do not take its touches, and a table view imported as
/// a table scrolls within its insets.
@MainActor
@Suite struct ImportedScreensWorkTests {
    /// A settings screen as iOS 17 prints it: a switch with its private visual element (interactive on
    /// a device, where the switch's recognizers work through it), and a table view with its content
    /// size, offset and inset, and two cells.
    static let dump = """
        <UIWindow: 0x1; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x2>; layer = <UIWindowLayer: 0x3>>
           | <UITableView: 0x10; frame = (0 0; 390 844); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x11>; layer = <CALayer: 0x12>; contentOffset: {0, -64}; contentSize: {390, 2000}; adjustedContentInset: {64, 0, 34, 0}; dataSource: <App.SettingsController: 0x13>>
           |    | <App.ToggleCell: 0x20; baseClass = UITableViewCell; frame = (0 0; 390 44); autoresize = W; layer = <CALayer: 0x21>>
           |    |    | <UITableViewCellContentView: 0x22; frame = (0 0; 390 44); gestureRecognizers = <NSArray: 0x23>; layer = <CALayer: 0x24>>
           |    |    |    | <UILabel: 0x25; frame = (20 11; 200 21); text = 'Wi-Fi'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x26>>
           |    |    |    | <App.Badge: 0x40; frame = (300 10; 10 10); layer = <CALayer: 0x41>>
           |    |    |    | <UISwitch: 0x30; frame = (319 6.5; 51 31); gestureRecognizers = <NSArray: 0x31>; layer = <CALayer: 0x32>>
           |    |    |    |    | <UISwitchModernVisualElement: 0x33; frame = (0 0; 51 31); gestureRecognizers = <NSArray: 0x34>; layer = <CALayer: 0x35>>
           |    |    |    |    |    | <UIView: 0x36; frame = (0 0; 51 31); layer = <CALayer: 0x37>>
           |    |    |    |    |    | <UIView: 0x38; frame = (0 0; 51 31); layer = <CALayer: 0x39>>
           |    |    |    |    |    |    | <UIImageView: 0x3a; frame = (-6 -3; 43 43); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x3b>>
           |    | <UITableViewCell: 0x50; frame = (0 44; 390 44); text = 'Bluetooth'; autoresize = W; layer = <CALayer: 0x51>>
           |    | <_UIScrollViewScrollIndicator: 0x60; frame = (384 70; 3 700); alpha = 0; autoresize = LM; layer = <CALayer: 0x61>>
        """

    private func run(_ text: String, script: String) throws -> ScenarioRun {
        let withScript = text.components(separatedBy: "script:\n")[0] + "script:\n" + script
        let run = ScenarioRun(try ScenarioParser.parse(withScript, file: "imported.yaml"))
        run.play()
        return run
    }

    @Test func aSwitchsUIKitPartsAreNotImportedSoItsOwnTapTogglesIt() throws {
        let result = Lab.importHierarchy(Self.dump, source: "settings.txt")
        // Only the table's notes: its scroll indicator is left out, its first cell's content is every cell's.
        #expect(result.problems.count == 2 && result.problems.allSatisfy { $0.hasPrefix("2: ") }, "\(result.problems)")
        let text = try #require(result.scenario)
        #expect(!text.contains("UISwitchModernVisualElement1"))
        #expect(text.contains("# its 1 UIKit subview (UISwitchModernVisualElement) not imported: the switch stands for them"))
        // The application's own subview of the cell is kept, and named by its class.
        #expect(text.contains("- name: Badge1"))
        // The importer's tap lands on the switch of row 0 (below the 64-point inset), and the switch toggles.
        #expect(text.contains("tap: [344.5, 86]  # the centre of UISwitch1"))
        let played = ScenarioRun(try ScenarioParser.parse(text, file: "imported.yaml"))
        played.play()
        let trace = played.recorder.render()
        #expect(trace.contains("bound to 'UISwitch1.0'"), "\(trace)")
        #expect(trace.contains("valueChanged"), "\(trace)")
        #expect((played.scene.views["UISwitch1.0"] as? UISwitch)?.isOn == true)
    }

    @Test func aTableViewImportsAsATableWithItsOffsetAndInsetAndScrolls() throws {
        let text = try #require(Lab.importHierarchy(Self.dump, source: "settings.txt").scenario)
        #expect(text.contains("kind: table"))
        #expect(text.contains("rows: 45  # estimated: 2 cells in view, and the content size"))
        #expect(text.contains("content-offset: [0, -64]"))
        #expect(text.contains("content-inset: [64, 0, 34, 0]"))
        // A cell subclass is known by its base class: its content is what every cell holds.
        #expect(text.contains("cell:\n          subviews:\n            - name: UILabel1"))
        #expect(!text.contains("ToggleCell1"))
        let played = try run(text, script: "  - drag: { from: [200, 600], to: [200, 300], duration: 0.2, steps: 10 }\n  - wait: 2\n")
        let table = try #require(played.scene.views["UITableView1"] as? UIScrollView)
        #expect(table.contentInset == UIEdgeInsets(top: 64, left: 0, bottom: 34, right: 0))
        #expect(table.contentOffset.y > 100, "the table scrolled: \(table.contentOffset)")
        #expect(played.recorder.render().contains("scrollViewDidScroll"))
    }
}

/// `responder import` of tables and collections: the container's kind and keys, the rows estimated from
/// the cells in view, the first cell's content as every cell's, and a tap that lands in a row.
@MainActor
@Suite struct ContainerImportTests {
    private func imported(_ dump: String) -> (scenario: String?, notes: [String]) {
        let result = Lab.importHierarchy(dump, source: "dump.txt")
        return (result.scenario, result.problems)
    }

    static let dump = """
        <UIWindow: 0x1; frame = (0 0; 390 844)>
           | <UITableView: 0x2; frame = (0 0; 390 600); gestureRecognizers = <NSArray: 0x3>; contentOffset: {0, 88}; contentSize: {390, 2200}>
           |    | <UITableViewCell: 0x4; frame = (0 88; 390 44); text = 'Apple'>
           |    |    | <UITableViewCellContentView: 0x5; frame = (0 0; 390 43.5)>
           |    |    |    | <UIButton: 0x6; frame = (310 4; 72 36)>
           |    | <UITableViewCell: 0x7; frame = (0 132; 390 60)>
           |    |    | <UITableViewCellContentView: 0x8; frame = (0 0; 390 59.5)>
           |    | <_UIScrollViewScrollIndicator: 0x9; frame = (384 88; 3 200); alpha = 0>
           | <UICollectionView: 0xa; frame = (0 600; 390 244)>
           |    | <UICollectionViewCell: 0xb; frame = (0 0; 100 100)>
           |    |    | <UIView: 0xc; frame = (0 0; 100 100)>
           |    |    |    | <UISwitch: 0xd; frame = (10 10; 51 31)>
           |    | <UICollectionViewCell: 0xe; frame = (110 0; 100 100)>
        """

    @Test func aTableAndACollectionBecomeTheirKindsWithTheirRowsEstimated() throws {
        let result = imported(Self.dump)
        let text = try #require(result.scenario, "\(result.notes)")
        #expect(text.contains("kind: table"))
        #expect(text.contains("content-offset: [0, 88]"))
        #expect(text.contains("rows: 50  # estimated"))
        #expect(text.contains("heights: [[3, 60]]"))
        #expect(text.contains("kind: collection"))
        #expect(text.contains("items: 2"))
        #expect(text.contains("item-size: [100, 100]"))
        #expect(!text.contains("ScrollIndicator"))
        #expect(result.notes.contains { $0.contains("not cells (scroll indicators, separators, headers) are not imported") })
        #expect(result.notes.contains { $0.contains("taken for row 2") })
    }

    @Test func theFirstCellsContentIsEveryCellsAndTheTapLandsInACell() throws {
        let text = try #require(imported(Self.dump).scenario)
        #expect(text.contains("cell:\n          subviews:\n            - name: UIButton1"))
        #expect(text.contains("kind: switch"))
        let path = temporaryScenario(text, name: "imported")
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        // The deepest touchable views are the button of the table's cells and the switch of the
        // collection's, the front-most of them wins: the switch, in item 0.
        #expect(result.outText.contains("bound to 'UISwitch1.0' in 'UIWindow1'"))
        #expect(result.outText.contains("control   UISwitch1.0") && result.outText.contains("touchDown"))
    }
}
