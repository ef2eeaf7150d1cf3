import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ResponderLab

@MainActor
@Suite struct ExplainAndDrawTests {
    private func scenario(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    @Test func singleTapWaitingForDoubleTapIsExplainedWithR7() {
        let result = Captured.explain(scenario("single-double-triple-tap.yaml"), .recognizer("singleTap"))
        #expect(result.code == 0)
        #expect(result.outText.contains("waits in .possible for 'doubleTap' to fail (R7)"))
        #expect(result.outText.contains("it was waiting for 'doubleTap' to fail, and 'doubleTap' recognized (R7)"))
        #expect(result.outText.contains("prevented by 'tripleTap'"))
    }

    @Test func aViewsKeyCommandsAreExplainedByWhoPerformedThemWithU5() {
        let offered = Captured.explain(scenario("key-command-chain.yaml"), .view("field"))
        #expect(offered.outText.contains("'field' offered the key command ⌘B underline:, which no responder in the chain performs: the search went on up the chain (U5)."),
                "\(offered.outText)")
        let path = temporaryScenario("""
            windows:
              - name: window
                frame: [0, 0, 320, 480]
                subviews:
                  - name: page
                    frame: [0, 0, 320, 480]
                    performs: ["save:"]
                    subviews:
                      - name: field
                        frame: [20, 20, 200, 40]
                        can-become-first-responder: true
                        key-commands:
                          - { input: s, modifiers: [command], send: "save:" }
            first-responder: field
            script:
              - key: {input: s, modifiers: [command]}
            """)
        let field = Captured.explain(path, .view("field"))
        #expect(field.outText.contains("'field' offered the key command ⌘S save:; 'page', the first in the chain from the first responder that performs save:, performed it, and the press went no further (U5)."),
                "\(field.outText)")
        let page = Captured.explain(path, .view("page"))
        #expect(page.outText.contains("'page' performed save: for ⌘S, the key command 'field' offered; the press went no further (U5)."),
                "\(page.outText)")
    }

    @Test func theFirstResponderIsToldThatAKeyCommandUpTheChainTookItsPress() {
        let field = Captured.explain(scenario("key-command-chain.yaml"), .view("field"))
        #expect(field.outText.contains("the press of ⌘S started at 'field' (the first responder, or where a press starts without one, R15), but the key command ⌘S save:, offered by 'editor' and performed by 'editor', took it first: 'field' got no pressesBegan for it, nor did any recognizer (U5)."),
                "\(field.outText)")
        #expect(field.outText.contains("the press of ⌘B started at 'field'"), "\(field.outText)")
        // A view the press never started at or passed through is told nothing of it.
        let page = Captured.explain(scenario("key-command-chain.yaml"), .view("page"))
        #expect(!page.outText.contains("⌘S"), "\(page.outText)")
    }

    @Test func aViewControllerIsExplainedByWhatReachedItUpTheResponderChain() {
        let path = temporaryScenario("""
            windows:
              - name: window
                frame: [0, 0, 320, 480]
                root:
                  name: editor
                  performs: ["save:"]
                  handles: [touches, presses]
                  key-commands:
                    - { input: s, modifiers: [command], send: "save:" }
                  view:
                    name: page
                    frame: [0, 0, 320, 480]
            script:
              - tap: [100, 100]
              - key: {input: s, modifiers: [command]}
            """)
        let editor = Captured.explain(path, .view("editor"))
        #expect(editor.code == 0)
        #expect(editor.outText.contains("'editor' got touchesBegan forwarded from 'page'"), "\(editor.outText)")
        #expect(editor.outText.contains("'editor' offered the key command ⌘S save: and performed it"), "\(editor.outText)")
        // Hit-testing never looks at a controller: no touch is said to have gone elsewhere.
        #expect(!editor.outText.contains("Touch #"), "\(editor.outText)")
        let unknown = Captured.explain(path, .view("editr"))
        #expect(unknown.err.joined(separator: "\n").contains("no view named 'editr'; did you mean 'editor'? (views and controllers: editor, page, window)"),
                "\(unknown.err)")
    }

    @Test func superviewTapRefusedByAButtonIsExplainedWithR10() {
        let result = Captured.explain(scenario("button-in-tappable-view.yaml"), .recognizer("panelTap"))
        #expect(result.outText.contains("refused by UIButton 'buy'"))
        #expect(result.outText.contains("R10"))
    }

    @Test func recognizerOnASiblingThatNeverGotTheTouchIsExplainedWithR5() {
        let result = Captured.explain(scenario("sibling-with-recognizer.yaml"), .recognizer("subview1Tap"))
        #expect(result.outText.hasPrefix("'subview1Tap' never received a touch"))
        #expect(result.outText.contains("(R5)"))
    }

    @Test func viewBehindAFrontSiblingIsExplainedWithA1() {
        let result = Captured.explain(scenario("hit-test-overlapping.yaml"), .view("viewA.2"))
        #expect(result.outText.contains("the point is in 'viewA.2', but 'viewB' is in front of it and holds the point too"))
        #expect(result.outText.contains("(A1)"))
    }

    @Test func childsCancelledTouchIsExplainedByTheParentsTap() {
        let result = Captured.explain(scenario("parent-tap-cancels-child.yaml"), .view("child"))
        #expect(result.outText.contains("'child' was its hit-test view"))
        #expect(result.outText.contains("got touchesCancelled directly, because 'parentTap' recognized"))
    }

    @Test func controlDraggedOutIsExplainedWithR12() {
        let result = Captured.explain(scenario("controls.yaml"), .control("ok"))
        #expect(result.outText.hasPrefix("'ok' never sent touchUpInside"))
        #expect(result.outText.contains("more than 70 pt outside its bounds (R12)"))
    }

    @Test func svgParsesAsXMLAndHighlightsTheHitPath() throws {
        let svg = try #require(Lab.svg(scenario("hit-test-overlapping.yaml"), at: nil, err: { _ in }))
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = HitPathCollector()
        parser.delegate = collector
        #expect(parser.parse(), "the SVG is not well-formed XML")
        #expect(collector.hitPath == ["window", "mainView", "viewB", "viewB.1"])
        #expect(captionText(svg).contains("hit-test path: window ▸ mainView ▸ viewB ▸ viewB.1"))
    }

    @Test func svgGreysSkippedViewsWithTheReason() throws {
        let path = temporaryScenario("""
            windows:
              - name: window
                subviews:
                  - { name: back, frame: [0, 0, 200, 200] }
                  - { name: ghost, frame: [0, 0, 200, 200], alpha: 0 }
            script:
              - tap: [50, 50]
            """)
        let svg = try #require(Lab.svg(path, at: 0, err: { _ in }))
        #expect(svg.contains(">ghost (skipped: alpha &lt;= 0.01)</text>"))
        #expect(captionText(svg).contains("skipped by hit-testing: ghost (alpha <= 0.01)"))
        #expect(svg.contains(#"class="view skipped" data-name="ghost""#))
    }

    @Test func drawWritesTheFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString).svg").path
        #expect(Lab.draw(scenario("responder-chain.yaml"), at: 4.0, to: output, err: { _ in }) == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(captionText(text).contains("responder chain: black → blue → orange → ZXView → ViewController → window → UIApplication → AppDelegate"))
    }
}

/// Collects the names of the polygons drawn as the hit-test path.
final class HitPathCollector: NSObject, XMLParserDelegate {
    nonisolated(unsafe) var hitPath: [String] = []
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        if elementName == "polygon", attributeDict["class"] == "view hit-path", let name = attributeDict["data-name"] {
            hitPath.append(name)
        }
    }
}
