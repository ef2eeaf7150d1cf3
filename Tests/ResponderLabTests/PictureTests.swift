import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ResponderKit
@testable import ResponderLab

/// `responder draw`: the scene as it was at the moment asked for, and pictures whose words stay inside
/// them and do not cover each other, with a legend, the recognizers, and the ancestor whose bounds
/// kept a touch out.
@MainActor
@Suite struct PictureTests {
    private func scenario(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    /// What a picture holds: its width, its texts and the boxes of its view labels.
    final class Parsed: NSObject, XMLParserDelegate {
        struct Text { var x: CGFloat; var size: CGFloat; var content: String; var className: String? }
        nonisolated(unsafe) var width: CGFloat = 0
        nonisolated(unsafe) var texts: [Text] = []
        nonisolated(unsafe) var labelBoxes: [(name: String, box: CGRect)] = []
        nonisolated(unsafe) var polygons: [String: [CGPoint]] = [:]
        nonisolated(unsafe) private var stack: [(name: String, attributes: [String: String])] = []
        nonisolated(unsafe) private var current: Text?
        nonisolated(unsafe) private var inTitle = false

        static func parse(_ svg: String) -> Parsed {
            let parsed = Parsed()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = parsed
            #expect(parser.parse(), "the SVG is well-formed XML")
            return parsed
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let number = { (key: String) in CGFloat(Double(attributes[key] ?? "") ?? 0) }
            switch name {
            case "svg": width = number("width")
            case "text": current = Text(x: number("x"), size: attributes["font-size"].flatMap(Double.init).map { CGFloat($0) } ?? 11,
                                        content: "", className: attributes["class"])
            case "title": inTitle = true
            case "rect" where stack.last?.attributes["class"] == "view-label":
                labelBoxes.append((stack.last?.attributes["data-name"] ?? "", CGRect(x: number("x"), y: number("y"), width: number("width"), height: number("height"))))
            case "polygon" where attributes["data-name"] != nil && (attributes["class"] ?? "").hasPrefix("view"):
                polygons[attributes["data-name"]!] = (attributes["points"] ?? "").split(separator: " ").map { pair in
                    let xy = pair.split(separator: ",").map { CGFloat(Double($0) ?? 0) }
                    return CGPoint(x: xy[0], y: xy[1])
                }
            default: break
            }
            stack.append((name, attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !inTitle { current?.content += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
            if name == "title" { inTitle = false }
            if name == "text", let text = current {
                texts.append(text)
                current = nil
            }
        }
    }

    // MARK: The scene at the moment asked for

    @Test func aScrolledListIsDrawnAsItWasAtTheMomentAsked() throws {
        // At 1.2 s the list has not scrolled: the button the touch is bound to is where the finger is. The
        // drag at 3.22 s scrolls it; at the end, the button is drawn higher by the list's offset.
        let early = Parsed.parse(try #require(Lab.svg(scenario("scroll-button-in-list.yaml"), at: 1.2, err: { _ in })))
        let late = Parsed.parse(try #require(Lab.svg(scenario("scroll-button-in-list.yaml"), at: 9, err: { _ in })))
        let top = { (parsed: Parsed) in parsed.polygons["buy"]?.map(\.y).min() ?? .nan }
        #expect(top(early) == top(Parsed.parse(try #require(Lab.svg(scenario("scroll-button-in-list.yaml"), at: 0, err: { _ in })))))
        #expect(top(early) - top(late) > 50, "the button moved up with the list: \(top(early)) then \(top(late))")
        // The caption says which moment is drawn.
        #expect(early.texts.contains { $0.content == "The scene at 1.200 s." })
        #expect(early.texts.contains { $0.content.contains("touch #1 began at 1.000 s → hit-test path: window ▸ list ▸ buy") })
    }

    @Test func aRunSnapshotsItsSceneAtEachNewTouchSoAZoomIsDrawnFromTheNextTouchOn() throws {
        // The pinch zooms the photo (a transform the scroll view sets); the run's snapshot at the next touch
        // has it. Before the pinch the photo is drawn at its size, after it larger.
        let path = temporaryScenario("""
            windows:
              - name: window
                frame: [0, 0, 320, 480]
                subviews:
                  - name: gallery
                    kind: scroll
                    frame: [0, 0, 320, 480]
                    content-size: [320, 480]
                    zoom-range: [1, 3]
                    subviews:
                      - { name: photo, frame: [10, 10, 300, 300] }
            script:
              - tap: [50, 50]
              - wait: 0.5
              - pinch: { at: [160, 160], from: 100, to: 200, duration: 0.3, steps: 6 }
              - wait: 1
              - tap: [50, 50]
            """)
        let width = { (time: Double) throws -> CGFloat in
            let svg = try #require(Lab.svg(path, at: time, err: { _ in }))
            let corners = try #require(Parsed.parse(svg).polygons["photo"])
            return (corners.map(\.x).max() ?? 0) - (corners.map(\.x).min() ?? 0)
        }
        #expect(try width(0) == 300)
        #expect(try width(3) > 450, "the zoomed photo is drawn zoomed")
    }

    @Test func viewsHiddenOrMovedByTheApplicationAreDrawnAsTheSnapshotsBeforeTheMomentHadThem() throws {
        let app = CapturedTraceTests.App()
        let before = SceneSnapshot(application: app.application)
        app.simulator.tap(at: CGPoint(x: 60, y: 40))
        app.simulator.advance(by: 1)
        // The application hides the panel and moves the badge, and keeps a snapshot.
        app.panel.isHidden = true
        app.badge.frame.origin.x = 0
        let after = SceneSnapshot(application: app.application)
        let trace = CapturedTrace(records: app.flightRecorder.records, scenes: [before, after])
        let atTap = try trace.picture(at: 0.5)
        let atEnd = try trace.picture(at: 1.5)
        #expect(atTap.contains(#"class="view hit-path" data-name="panel""#))
        #expect(atTap.contains(##"data-name="panel" points="20,30 340,30 340,230 20,230" fill="#ffffff" fill-opacity="0.85""##))
        #expect(atEnd.contains(#"fill-opacity="0.3""#), "the hidden panel is drawn faint")
        #expect(Parsed.parse(atTap).polygons["badge"] == nil || Parsed.parse(atTap).polygons["badge"]?.first?.x == 20 + 20 + 90)
    }

    // MARK: Words inside the picture and apart

    @Test(arguments: bundledScenarioPaths)
    func captionsAndLabelsStayInsideThePicture(_ path: String) throws {
        let parsed = Parsed.parse(try #require(Lab.svg(path, at: nil, err: { _ in })))
        for text in parsed.texts {
            let right = text.x + PictureText.width(text.content, size: text.size)
            #expect(right <= parsed.width + 0.5, "'\(text.content)' runs to \(right), past the picture's width \(parsed.width)")
        }
    }

    @Test(arguments: bundledScenarioPaths)
    func labelsDoNotCoverEachOther(_ path: String) throws {
        let parsed = Parsed.parse(try #require(Lab.svg(path, at: nil, err: { _ in })))
        #expect(overprinting(parsed.labelBoxes).isEmpty, "labels overprint: \(overprinting(parsed.labelBoxes))")
    }

    /// The pairs of labels whose boxes share more than a point.
    private func overprinting(_ boxes: [(name: String, box: CGRect)]) -> [String] {
        var pairs: [String] = []
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let overlap = a.box.intersection(b.box)
                if !overlap.isNull, overlap.width * overlap.height >= 1 { pairs.append("'\(a.name)' and '\(b.name)'") }
            }
        }
        return pairs
    }

    @Test func viewsSharingACornerGetLabelsApart() throws {
        let path = temporaryScenario("""
            windows:
              - name: window
                subviews:
                  - name: outer
                    frame: [0, 0, 300, 300]
                    subviews:
                      - name: middle
                        frame: [0, 0, 200, 200]
                        recognizers: [{ kind: tap, name: middleTap }, { kind: long-press, name: middlePress }]
                        subviews:
                          - { name: inner, frame: [0, 0, 100, 100] }
            script:
              - tap: [10, 10]
            """)
        let parsed = Parsed.parse(try #require(Lab.svg(path, at: nil, err: { _ in })))
        #expect(Set(parsed.labelBoxes.map(\.name)) == ["window", "outer", "middle", "inner"])
        #expect(overprinting(parsed.labelBoxes).isEmpty, "labels overprint: \(overprinting(parsed.labelBoxes))")
        // The recognizers are on the picture, with their kinds.
        #expect(parsed.texts.contains { $0.className == "recognizers" && $0.content == "⊕ middleTap (tap), middlePress (long press)" })
    }

    @Test func thePictureHasALegend() throws {
        let svg = try #require(Lab.svg(scenario("button-in-tappable-view.yaml"), at: 0, err: { _ in }))
        #expect(svg.contains(#"<g class="legend">"#))
        for entry in ["hit-test path", "responder chain", "skipped by hit-testing", "gesture recognizers", "ancestor whose bounds kept the touch out"] {
            #expect(svg.contains(">\(entry)</text>"), "the legend explains \(entry)")
        }
        #expect(svg.contains(">⊕ panelTap (tap)</text>"))
    }

    @Test func aTouchKeptOutByAnAncestorsBoundsIsMarked() throws {
        let path = temporaryScenario("""
            windows:
              - name: window
                subviews:
                  - name: card
                    frame: [20, 20, 200, 100]
                    subviews:
                      - { name: badge, frame: [180, 80, 60, 60] }
            script:
              - tap: [230, 140]
            """)
        let svg = try #require(Lab.svg(path, at: nil, err: { _ in }))
        #expect(svg.contains(#"<g class="outside-ancestor" data-ancestor="card" data-view="badge">"#))
        #expect(svg.contains("&apos;badge&apos; holds the point, but it is outside its ancestor &apos;card&apos;"))
    }

    // MARK: The timeline

    @Test func longLaneNamesAreShortenedToTheMarginWithTheWholeNameInTheirTooltip() throws {
        let long = String(repeating: "aVeryLongRecognizerName", count: 3)
        let path = temporaryScenario("""
            windows:
              - name: window
                subviews:
                  - name: box
                    frame: [0, 0, 200, 200]
                    recognizers: [{ kind: tap, name: \(long) }]
            script:
              - tap: [10, 10]
            """)
        let svg = try #require(Lab.timelineSVG(path, err: { _ in }))
        let parsed = Parsed.parse(svg)
        let lane = try #require(parsed.texts.first { $0.className == "lane-name" && $0.content.hasPrefix("gesture") })
        #expect(lane.content.hasSuffix("…"))
        #expect(lane.x + PictureText.width(lane.content, size: 11) <= 190)
        #expect(svg.contains("<title>gesture \(long)</title>"))
    }
}
