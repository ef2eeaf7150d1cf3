import Foundation
import Testing
import ResponderKit
@testable import ResponderLab

/// An application's own trace, kept by a flight recorder, is explained and drawn as a scenario's is:
/// in the process (``CapturedTrace``), and from the file it writes, by the `responder` tool.
@MainActor
@Suite struct CapturedTraceTests {
    /// An application built with ResponderKit alone: a panel with a tap recognizer holding a button, a
    /// badge sticking out of the button's bounds.
    @MainActor
    final class App {
        let application = UIApplication()
        let window: UIWindow
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let buy = UIButton(frame: CGRect(x: 20, y: 20, width: 100, height: 44))
        let badge = UIView(frame: CGRect(x: 90, y: 30, width: 40, height: 20))
        let panelTap: UITapGestureRecognizer
        let flightRecorder = FlightRecorder(capacity: 500)
        let simulator: EventSimulator
        private(set) var bought = 0

        init() {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: application)
            window.accessibilityIdentifier = "window"
            panel.accessibilityIdentifier = "panel"
            buy.accessibilityIdentifier = "buy"
            badge.accessibilityIdentifier = "badge"
            panelTap = UITapGestureRecognizer()
            panelTap.name = "panelTap"
            panel.addGestureRecognizer(panelTap)
            window.addSubview(panel)
            panel.addSubview(buy)
            // The badge hangs out of the button's right edge: a touch there is outside 'buy', so hit-testing
            // never looks at the badge (A1).
            buy.addSubview(badge)
            window.makeKeyAndVisible()
            simulator = EventSimulator(application: application)
            buy.addAction(UIAction { [unowned self] _ in self.bought += 1 }, for: .touchUpInside)
            application.tracer = flightRecorder
        }

        // The application keeps its visible windows, and each window its application, as in UIKit: the
        // scene is freed only once its window is hidden (the lab checks that every scene it builds is freed).
        isolated deinit {
            window.isHidden = true
        }
    }

    private func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    private func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("captured-\(UUID().uuidString)-\(name)").path
    }

    @Test func anApplicationsFlightRecorderIsExplainedInTheProcess() throws {
        let app = App()
        app.simulator.tap(at: CGPoint(x: 60, y: 40))     // the button
        app.simulator.advance(by: 1)
        app.simulator.tap(at: CGPoint(x: 140, y: 60))    // the badge, outside the button's bounds
        #expect(app.bought == 1)
        let trace = CapturedTrace(records: app.flightRecorder.records, application: app.application)
        let control = try trace.explain(.control("buy")).joined(separator: "\n")
        #expect(control.contains("'buy' sent touchUpInside"), "\(control)")
        let recognizer = try trace.explain(.recognizer("panelTap")).joined(separator: "\n")
        #expect(recognizer.contains("refused by UIButton 'buy' in gestureRecognizerShouldBegin (R9, R10"), "\(recognizer)")
        let badge = try trace.explain(.view("badge")).joined(separator: "\n")
        #expect(badge.contains("the point is in 'badge' but outside its ancestor 'buy'"), "\(badge)")
        let picture = try trace.picture(at: 1)
        #expect(picture.contains(#"class="outside-ancestor" data-ancestor="buy" data-view="badge""#))
    }

    @Test func explainSaysARowsHighlightEndedWhenTheTouchsEndNeverCameUpToTheTable() throws {
        final class Rows: UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            }
        }
        let app = App()
        let rows = Rows()
        let list = UITableView(frame: CGRect(x: 0, y: 200, width: 320, height: 280))
        list.accessibilityIdentifier = "list"
        list.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        list.dataSource = rows
        list.delaysContentTouches = false
        app.window.addSubview(list)
        list.layoutIfNeeded()
        let row = list.rectForRow(at: IndexPath(row: 2, section: 0))
        app.simulator.touchDown(1, at: list.convert(CGPoint(x: row.midX, y: row.midY), to: nil))
        // The row's content moves out of the table mid-touch: the lift goes up the panel's chain.
        app.panel.addSubview(list.cellForRow(at: IndexPath(row: 2, section: 0))!.contentView)
        app.simulator.touchUp(1)
        let trace = CapturedTrace(records: app.flightRecorder.records, application: app.application)
        let text = try trace.explain(.row("list.2")).joined(separator: "\n")
        #expect(text.contains("unhighlighted: the touch ended, but its end never came up the responder chain to the table"), "\(text)")
        #expect(text.contains("not selected: the touch ended, but its end never came up the responder chain to the table"), "\(text)")
    }

    @Test func aTraceWithoutASceneSaysWhatItNeeds() {
        let trace = CapturedTrace(records: [], scenes: [])
        #expect(throws: CapturedTrace.Problem.self) { try trace.explain(.view("buy")) }
        do {
            _ = try trace.picture()
        } catch {
            #expect(error.message.contains("the trace has no scene"))
        }
    }

    @Test func namesSharedByViewsAreAskedForWithTheirIdentity() throws {
        let app = App()
        let twin = UIView(frame: CGRect(x: 0, y: 300, width: 50, height: 50))
        twin.accessibilityIdentifier = "panel"
        app.window.addSubview(twin)
        app.simulator.tap(at: CGPoint(x: 10, y: 310))
        let trace = CapturedTrace(records: app.flightRecorder.records, application: app.application)
        do {
            _ = try trace.explain(.view("panel"))
            Issue.record("an ambiguous name was explained")
        } catch {
            #expect(error.message.contains("2 views are named 'panel'"))
            #expect(error.message.contains("'panel#\(twin.traceSubject.id)'"))
        }
        let answer = try trace.explain(.view("panel#\(twin.traceSubject.id)")).joined(separator: "\n")
        #expect(answer.contains("'panel' was its hit-test view"))
    }

    @Test func theFileReadsBackToTheSameRecordsAndScene() throws {
        let app = App()
        app.simulator.tap(at: CGPoint(x: 60, y: 40))
        app.simulator.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 150), duration: 0.2, steps: 4)
        let trace = CapturedTrace(records: app.flightRecorder.records, application: app.application)
        let read = try CapturedTrace(json: trace.json())
        #expect(read.records == trace.records.map { TraceRecord(time: ($0.time * 1000).rounded() / 1000, kind: $0.kind) })
        #expect(read.scenes.map(\.windows) == trace.scenes.map(\.windows))
        // A snapshot's view has the live view's frame, bounds and recognizers.
        let panel = try #require(read.scenes.first?.windows.first?.subviews.first)
        #expect(panel.frame == app.panel.frame && panel.bounds == app.panel.bounds)
        #expect(panel.recognizers.map(\.subject) == [app.panelTap.traceSubject])
        #expect(panel.recognizers.first?.taps == .init(taps: 1, touches: 1))
        #expect(panel.subviews.first?.control == .init(isEnabled: true, touchInsideMargin: 70))
        #expect(read.scenes.first?.windows.first?.nextResponders.map(\.name) == ["UIApplication"])
        #expect(try read.explain(.control("buy")) == trace.explain(.control("buy")))
    }

    @Test(arguments: bundledScenarioPaths)
    func everyBundledRunIsExplainedAndDrawnTheSameFromItsFile(_ path: String) throws {
        let run = ScenarioRun(try Lab.load(path))
        run.play()
        let read = try CapturedTrace(json: run.capturedTrace.json())
        #expect(read.skippedObjects == 0)
        let written = run.recorder.records.map { TraceRecord(time: ($0.time * 1000).rounded() / 1000, kind: $0.kind) }
        let differing = zip(read.records, written).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(read.records.count == written.count && differing == nil,
                "record \(differing ?? -1) reads back as \(differing.map { dumped(read.records[$0]) } ?? "-"), written as \(differing.map { dumped(written[$0]) } ?? "-")")
        let history = try read.history()
        let fromFile = Explainer(records: read.records, history: history)
        // The file keeps times to the millisecond: the run's answers are made from its records so kept.
        let fromRun = Explainer(records: written, history: run.sceneHistory)
        for (name, ids) in history.names.recognizers {
            #expect(fromFile.explainRecognizer(id: ids[0]) == fromRun.explainRecognizer(id: ids[0]), "\(name)")
        }
        for (name, ids) in history.names.views.prefix(8) {
            #expect(fromFile.explainView(id: ids[0]) == fromRun.explainView(id: ids[0]), "\(name)")
        }
        // Rows are named from the scene's tables and collections, which the file's snapshots keep.
        #expect(fromFile.rowNameExamples() == fromRun.rowNameExamples())
        for name in fromRun.rowNameExamples() {
            #expect(try fromFile.explain(.row(name)) == fromRun.explain(.row(name)), "\(name)")
        }
    }

    @Test func theToolExplainsAndDrawsATraceFileAnApplicationWrote() throws {
        let app = App()
        app.simulator.tap(at: CGPoint(x: 60, y: 40))
        let file = temporaryFile("buy.json")
        try CapturedTrace(records: app.flightRecorder.records, application: app.application).write(to: file)

        let explained = try runTool(["explain", "--trace", file, "--recognizer", "panelTap"])
        #expect(explained.status == 0, "\(explained.output)")
        #expect(explained.output.contains("'panelTap' failed: refused by UIButton 'buy'"), "\(explained.output)")

        let picture = temporaryFile("buy.svg")
        let drawn = try runTool(["draw", "--trace", file, "--at", "0", "-o", picture])
        #expect(drawn.status == 0, "\(drawn.output)")
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains("hit-test path: window ▸ panel ▸ buy"))

        let timeline = temporaryFile("timeline.svg")
        #expect(try runTool(["draw", "--timeline", "--trace", file, "-o", timeline]).status == 0)
        #expect(try String(contentsOfFile: timeline, encoding: .utf8).contains(#"data-name="panelTap""#))

        let unknown = try runTool(["explain", "--trace", file, "--view", "bye"])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains("no view named 'bye'; did you mean 'buy'?"), "\(unknown.output)")
        // The records `responder run --format json` writes are a trace file without a scene: its timeline
        // draws; its explanations say what they need.
        let records = temporaryFile("records.json")
        let run = try runTool(["run", "--format", "json", Lab.bundledScenarios.appendingPathComponent("controls.yaml").path])
        try run.output.write(toFile: records, atomically: true, encoding: .utf8)
        #expect(try runTool(["draw", "--timeline", "--trace", records, "-o", timeline]).status == 0)
        let sceneless = try runTool(["explain", "--trace", records, "--control", "ok"])
        #expect(sceneless.status == 2)
        #expect(sceneless.output.contains("the trace has no scene"), "\(sceneless.output)")
        let both = try runTool(["explain", "Scenarios/controls.yaml", "--trace", file, "--view", "buy"])
        #expect(both.status == 2)
        #expect(both.output.contains("give a scenario file or --trace FILE, not both"))
    }

    @Test func aDamagedFileIsReportedWithItsLineAndField() throws {
        let app = App()
        app.simulator.tap(at: CGPoint(x: 60, y: 40))
        let text = CapturedTrace(records: app.flightRecorder.records, application: app.application).json()
        var lines = text.split(separator: "\n").map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: #""view":{"#, with: #""view":{"idd":1,"#).replacingOccurrences(of: #""id":"#, with: #""iid":"#)
        do {
            _ = try CapturedTrace(json: lines.joined(separator: "\n"))
            Issue.record("a damaged record was read")
        } catch {
            #expect(error.line == 4)
            #expect(error.message.hasSuffix("is missing"), "\(error.message)")
        }
        do {
            _ = try CapturedTrace(json: #"{"version":1,"kind":"input","time":0}"#)
            Issue.record("a version 1 record was read")
        } catch {
            #expect(error.description.hasPrefix("1: written in version 1 of the trace format"))
        }
        // A kind this version does not know (a newer writer's) is left out and counted.
        let newer = try CapturedTrace(json: text + #"{"version":2,"kind":"somethingNew","time":9}"# + "\n")
        #expect(newer.skippedObjects == 1)
    }

    @Test func aNestDeeperThanAnyStackIsCapturedWholeAndUnchangedWhenNothingMoved() throws {
        // Snapshots walk with a stack of their own: a live application's views may nest as deep as they like
        // (a recursion of a few thousand levels ran out of a thread's stack).
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let depth = 1_000
        var views: [UIView] = []
        for index in 0..<depth {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.accessibilityIdentifier = "v\(index)"
            // Each view joins the window at the bottom of the chain: moving a deep subtree into a window
            // would tell every view of it, recursively.
            (views.last ?? window).addSubview(view)
            views.append(view)
        }
        var budget = SnapshotBudget.unlimited
        let (first, _, complete) = SceneCapture.snapshot(of: app, reusing: nil, budget: &budget)
        #expect(complete)
        var level = try #require(first.windows.first?.subviews.first)
        var levels = 1
        while let next = level.subviews.first {
            level = next
            levels += 1
        }
        #expect(levels == depth)
        let (_, unchanged, _) = SceneCapture.snapshot(of: app, reusing: first, budget: &budget)
        #expect(unchanged)
        // Let the chain go from its leaf up: taking it out from the top would recurse as deep.
        while let last = views.popLast() { last.removeFromSuperview() }
        // A visible window is kept by its application: hidden, both go.
        window.isHidden = true
    }
}
