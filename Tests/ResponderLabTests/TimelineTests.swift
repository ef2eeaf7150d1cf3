import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ResponderKit
@testable import ResponderLab

/// `responder draw --timeline`: the run's lanes, read back from the SVG as XML.
@MainActor
@Suite struct TimelineTests {
    private func scenario(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    /// The SVG of a scenario's timeline, parsed as XML.
    private func document(_ path: String) throws -> SVGElement {
        var errors: [String] = []
        let svg = try #require(Lab.timelineSVG(path, err: { errors.append($0) }), "\(errors)")
        return try #require(SVGElement.parse(svg), "the timeline is not well-formed XML")
    }

    private func lanes(_ document: SVGElement) -> [SVGElement] {
        document.descendants { $0.name == "g" && $0.attributes["class"] == "lane" }
    }

    private func lane(_ document: SVGElement, _ kind: String, _ name: String) throws -> SVGElement {
        try #require(lanes(document).first { $0.attributes["data-kind"] == kind && $0.attributes["data-name"] == name })
    }

    /// The children of `lane` of an SVG element type and class, as their attributes.
    private func items(_ lane: SVGElement, _ element: String, _ className: String) -> [[String: String]] {
        lane.children.filter { $0.name == element && $0.attributes["class"] == className }.map(\.attributes)
    }

    /// The texts of the `<title>` tooltips inside `element`.
    private func titles(_ element: SVGElement) -> [String] {
        element.descendants { $0.name == "title" }.map(\.text)
    }

    @Test func singleDoubleTripleTapHasOneLanePerTouchRecognizerViewAndTheActions() throws {
        let document = try document(scenario("single-double-triple-tap.yaml"))
        let names = lanes(document).map { "\($0.attributes["data-kind"] ?? "?") \($0.attributes["data-name"] ?? "?")" }
        #expect(names == ["touch #1000", "recognizer singleTap", "recognizer doubleTap", "recognizer tripleTap", "view photo", "actions actions"])
    }

    @Test func recognizerLanesShowEachStateWhenItHappened() throws {
        let document = try document(scenario("single-double-triple-tap.yaml"))
        func bands(_ name: String) throws -> [String] {
            items(try lane(document, "recognizer", name), "rect", "band").map { "\($0["data-state"]!) \($0["data-start"]!)–\($0["data-end"]!)" }
        }
        // Single fires at 0.35 s, when the double tap times out; a double tap fires the double at 1.45 s;
        // a triple tap fires only the triple, at once.
        #expect(try bands("singleTap") == ["possible 0.000–0.350", "ended 0.350–0.350", "possible 1.000–1.450",
                                           "failed 1.450–1.450", "possible 2.100–2.300", "failed 2.300–2.300"])
        #expect(try bands("doubleTap").contains("ended 1.450–1.450"))
        #expect(try bands("tripleTap").contains("ended 2.300–2.300"))
        #expect(try bands("tripleTap").filter { $0.hasPrefix("ended") }.count == 1)
    }

    @Test func waitingForAnotherRecognizerToFailIsABandNamingIt() throws {
        let document = try document(scenario("single-double-triple-tap.yaml"))
        let waits = items(try lane(document, "recognizer", "singleTap"), "rect", "wait")
        #expect(waits.first?["data-for"] == "doubleTap")
        #expect(waits.first?["data-wants"] == "ended")
        #expect(waits.first?["data-start"] == "0.000")
        #expect(waits.first?["data-end"] == "0.350")
        let doubleWaits = items(try lane(document, "recognizer", "doubleTap"), "rect", "wait")
        #expect(doubleWaits.map { $0["data-for"] } == ["tripleTap", "tripleTap"])
    }

    @Test func viewLaneShowsWithheldAndCancelledTouches() throws {
        let document = try document(scenario("single-double-triple-tap.yaml"))
        let marks = items(try lane(document, "view", "photo"), "g", "mark")
        func count(_ style: String) -> Int { marks.filter { $0["data-style"] == style }.reduce(0) { $0 + Int($1["data-count"]!)! } }
        #expect(count("began") == 6)
        #expect(count("withheld") == 5)
        #expect(count("cancelled") == 6)
        #expect(count("ended") == 0)
    }

    @Test func actionsLaneHasEachRecognizersActionAtItsTime() throws {
        let document = try document(scenario("single-double-triple-tap.yaml"))
        let marks = items(try lane(document, "actions", "actions"), "g", "mark")
        #expect(marks.map { $0["data-time"]! } == ["0.350", "1.450", "2.300"])
    }

    @Test func controlLaneShowsItsEventsAndTheActionsLaneItsAction() throws {
        let document = try document(scenario("button-in-tappable-view.yaml"))
        let events = items(try lane(document, "control", "buy"), "g", "mark")
        #expect(events.count == 1)
        #expect(events.first?["data-count"] == "2")
        let text = try #require(titles(try lane(document, "control", "buy")).first)
        #expect(text.contains("touchDown") && text.contains("touchUpInside + primaryActionTriggered"))
        let actions = titles(try lane(document, "actions", "actions"))
        #expect(actions.contains { $0.contains("buy touchUpInside") })
        #expect(actions.contains { $0.contains("panelTap ended") })
    }

    @Test func timeIsToScale() throws {
        let document = try document(scenario("single-double-triple-tap.yaml"))
        var x: [String: Double] = [:]
        for band in items(try lane(document, "recognizer", "singleTap"), "rect", "band") {
            x[band["data-start"]!] = Double(band["x"]!)!
        }
        let perSecond = (x["1.000"]! - x["0.000"]!) / 1.0
        #expect(perSecond > 0)
        #expect(abs((x["2.100"]! - x["1.000"]!) - 1.1 * perSecond) < 0.2)
        #expect(abs((x["0.350"]! - x["0.000"]!) - 0.35 * perSecond) < 0.2)
    }

    @Test func namesWithMarkupCharactersAreEscaped() throws {
        let path = temporaryScenario("""
            name: "<Tags> & \\"quotes\\""
            windows:
              - name: window
                frame: [0, 0, 320, 480]
                subviews:
                  - name: "box<&>'\\""
                    frame: [10, 10, 100, 100]
                    recognizers:
                      - { kind: tap, name: "tap&<>" }
            script:
              - tap: [20, 20]
            """)
        let document = try document(path)
        #expect(lanes(document).contains { $0.attributes["data-name"] == "box<&>'\"" })
        #expect(lanes(document).contains { $0.attributes["data-name"] == "tap&<>" })
    }

    @Test func multiTouchInputGivesEachFingerItsMark() {
        func sample(_ finger: Int, _ phase: UITouch.Phase) -> TraceInput.TouchSample {
            TraceInput.TouchSample(finger: finger, phase: phase, location: .zero, samples: 1)
        }
        let input = TraceInput.touches(sample(1, .began), more: [sample(2, .moved), sample(3, .ended), sample(4, .cancelled)])
        let changes = Timeline.touchChanges(input)
        #expect(changes.map(\.0) == [1, 2, 3, 4])
        #expect(changes.map(\.1) == [Timeline.Mark.Style.down, .move, .up, .cancel])
        #expect(Timeline.touchChanges(.press(characters: "a", type: .select, phase: .began)).isEmpty)
    }

    @Test func marksBeyondTheLimitAreCountedAndLeftOut() {
        let records = (0..<(Timeline.maximumItems + 7)).map {
            TraceRecord(time: Double($0) / 1000, kind: .controlEvents(control: TraceSubject(id: 1, className: "UIButton", name: "button"), events: .touchDown))
        }
        let timeline = Timeline(records)
        #expect(timeline.lanes.map { $0.marks.count } == [Timeline.maximumItems])
        #expect(timeline.omitted == 7)
        #expect(TimelineRenderer(timeline: timeline, title: "t").render().contains("… 7 more marks and bands left out"))
    }

    @Test func tickStepsAreRound() {
        #expect(TimelineRenderer.tickStep(for: 3.3) == 0.5)
        #expect(TimelineRenderer.tickStep(for: 0.15) == 0.02)
        #expect(TimelineRenderer.tickStep(for: 12) == 2)
    }

    @Test func badScenarioIsBadInputAndWritesNothing() {
        var errors: [String] = []
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString).svg").path
        let code = Lab.drawTimeline(temporaryScenario("windows: []\n"), to: output, err: { errors.append($0) })
        #expect(code == 2)
        #expect(!errors.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func readmePictureIsTheCurrentTimeline() throws {
        let picture = Lab.bundledScenarios.deletingLastPathComponent().appendingPathComponent("docs/single-double-triple-tap-timeline.svg")
        let committed = try String(contentsOf: picture, encoding: .utf8)
        let current = try #require(Lab.timelineSVG(scenario("single-double-triple-tap.yaml"), err: { _ in }))
        // The title names the scenario, not its path, so the picture does not depend on where it was made.
        #expect(committed == current, "regenerate: swift run responder draw --timeline Scenarios/single-double-triple-tap.yaml -o docs/single-double-triple-tap-timeline.svg")
    }
}

/// An element of a parsed SVG file: enough of a DOM for the tests to read lanes back.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    var children: [SVGElement] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element below this one, in document order, that `matches`.
    func descendants(_ matches: (SVGElement) -> Bool) -> [SVGElement] {
        children.flatMap { (matches($0) ? [$0] : []) + $0.descendants(matches) }
    }

    /// The root element of `text`, or nil when it is not well-formed XML.
    static func parse(_ text: String) -> SVGElement? {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        return parser.parse() ? builder.root : nil
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGElement?
        var stack: [SVGElement] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let element = SVGElement(name: elementName, attributes: attributes)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
