import Foundation
import ResponderLab
import XCTest

/// The page's own behaviours in headless Chromium: the scene's labels, picking any past touch, the
/// timeline following, zooming and panning, the saved pane. Each measures the page itself (element
/// boxes, the view the timeline shows) after real input sent as DevTools events.
extension BrowserTests {
    /// A crowded scene: five views sharing their top-left corner, each with recognizers, a long name at
    /// the right edge, and a list whose content sticks out of it.
    static let crowdedScene = """
        name: Crowded labels
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            subviews:
              - name: outer
                frame: [0, 0, 320, 300]
                recognizers: [{ kind: tap, name: outerTap }, { kind: long-press, name: outerHold }]
                subviews:
                  - name: middle
                    frame: [0, 0, 300, 250]
                    recognizers: [{ kind: pan, name: middlePan }, { kind: pinch, name: middlePinch }, { kind: rotation, name: middleTurn }]
                    subviews:
                      - name: inner
                        frame: [0, 0, 200, 200]
                        recognizers: [{ kind: tap, name: innerDoubleTap, taps: 2 }]
                        subviews:
                          - { name: core, kind: button, frame: [0, 0, 120, 60] }
                          - { name: anExtraordinarilyLongViewNameThatCannotFitOnOneLineAtAll, frame: [150, 150, 50, 40] }
              - name: list
                kind: scroll
                frame: [0, 320, 320, 160]
                content-size: [320, 600]
                subviews:
                  - { name: row1, frame: [0, 0, 320, 44], recognizers: [{ kind: tap, name: rowTap }] }
                  - { name: row9, frame: [0, 400, 320, 44] }
        script: []
        """

    /// Every label's box on the page, its texts' boxes, whether it lies in a clipping group, and the
    /// picture's box.
    private func labelBoxes(_ driver: WebDriver) throws -> (labels: [(name: String, box: [Double], texts: [[Double]], clipped: Bool, text: String)], picture: [Double]) {
        let result = try XCTUnwrap(driver.script("""
            const box = (e) => { const r = e.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; };
            return { picture: box(document.getElementById('scene')),
                     labels: [...document.querySelectorAll('#scene .view-label')].map(g => ({
                       name: g.dataset.name, box: box(g.querySelector('rect')), texts: [...g.querySelectorAll('text')].map(box),
                       clipped: !!g.closest('[clip-path]'), text: [...g.querySelectorAll('text')].map(t => t.textContent).join('\\n') })) };
            """) as? [String: Any])
        let picture = try XCTUnwrap(result["picture"] as? [Double])
        let labels = try XCTUnwrap(result["labels"] as? [[String: Any]]).map { label in
            (name: label["name"] as? String ?? "", box: label["box"] as? [Double] ?? [], texts: label["texts"] as? [[Double]] ?? [],
             clipped: label["clipped"] as? Bool ?? true, text: label["text"] as? String ?? "")
        }
        return (labels, picture)
    }

    /// No two labels overlap, each lies inside the picture and outside any clipping, and each text lies
    /// inside its label's box; the picture lies inside the page's width and left of the panes.
    @discardableResult
    private func checkLabels(_ driver: WebDriver, _ scene: String) throws -> [(name: String, box: [Double], texts: [[Double]], clipped: Bool, text: String)] {
        let (labels, picture) = try labelBoxes(driver)
        XCTAssertFalse(labels.isEmpty, "\(scene): labels")
        let page = try XCTUnwrap(driver.script("return [document.documentElement.clientWidth, document.getElementById('panes').getBoundingClientRect().left + scrollX]") as? [Double])
        XCTAssertTrue(picture[0] >= 0 && picture[2] <= page[0], "\(scene): the picture \(picture) leaves the window, \(page[0]) wide")
        XCTAssertLessThanOrEqual(picture[2], page[1], "\(scene): the picture runs under the panes")
        let slack = 0.5
        for (index, label) in labels.enumerated() {
            let b = label.box
            XCTAssertTrue(b[0] >= picture[0] - slack && b[1] >= picture[1] - slack && b[2] <= picture[2] + slack && b[3] <= picture[3] + slack,
                          "\(scene): '\(label.name)' leaves the picture: \(b) in \(picture)")
            XCTAssertFalse(label.clipped, "\(scene): '\(label.name)' is drawn inside a clipping group")
            for text in label.texts {
                XCTAssertTrue(text[0] >= b[0] - slack && text[2] <= b[2] + slack && text[1] >= b[1] - 2 && text[3] <= b[3] + 2,
                              "\(scene): a line of '\(label.name)' runs out of its box: \(text) in \(b)")
            }
            for other in labels[(index + 1)...] {
                let o = other.box
                let w = min(b[2], o[2]) - max(b[0], o[0]), h = min(b[3], o[3]) - max(b[1], o[1])
                XCTAssertFalse(w > slack && h > slack, "\(scene): '\(label.name)' \(b) and '\(other.name)' \(o) overlap")
            }
        }
        return labels
    }

    func testNoLabelCoversAnotherOrIsCutInACrowdedSceneOrInAnyBundledScenario() throws {
        let playground = try Playground(scenario: "seed-003-navigation-hit-test.yaml")
        defer { playground.close() }
        let driver = playground.driver
        _ = try driver.asyncScript("window.playground.loadText(arguments[0], 'crowded.yaml').then(() => done(true))", Self.crowdedScene)
        let labels = try checkLabels(driver, "crowded.yaml")
        let text = labels.map(\.text).joined(separator: "\n")
        // Every recognizer is named, with its kind when its name does not say it; the long name is whole.
        for name in ["outerTap", "outerHold (long press)", "middlePan", "middlePinch", "middleTurn (rotation)", "innerDoubleTap", "rowTap"] {
            XCTAssertTrue(text.contains(name), "'\(name)' is in a label: \(text)")
        }
        XCTAssertEqual(labels.first { $0.name.hasPrefix("anExtraordinarily") }?.text.replacingOccurrences(of: "\n", with: ""),
                       "anExtraordinarilyLongViewNameThatCannotFitOnOneLineAtAll", "the long name is wrapped, not cut")
        XCTAssertFalse(labels.contains { $0.name == "row9" }, "a row scrolled out of the list's bounds is not labelled")
        XCTAssertTrue(labels.contains { $0.name == "row1" })
        // Its lane in the timeline is named whole, inside the names' column.
        let long = "anExtraordinarilyLongViewNameThatCannotFitOnOneLineAtAll"
        try playground.tap(175, 170)
        try driver.waitUntil("draws the long name's lane") { try driver.script("return !!document.querySelector(`g.lane[data-name='${arguments[0]}']`)", long) as? Bool == true }
        try driver.script("window.playground.timelineView.draw()")
        let lane = try XCTUnwrap(driver.script("""
            const text = document.querySelector(`g.lane[data-name='${arguments[0]}'] text.lane-name`);
            const lanes = document.getElementById('timeline-lanes').getBoundingClientRect();
            return [[...text.querySelectorAll('tspan')].map(t => t.textContent).join(''), String(text.getBoundingClientRect().right - lanes.left), String(window.playground.timelineView.nameWidth)];
            """, long) as? [String])
        XCTAssertEqual(lane[0], "view " + long, "the lane's name is not shortened")
        XCTAssertLessThanOrEqual(Double(lane[1]) ?? .infinity, Double(lane[2]) ?? 0, "and stays in the names' column")

        let names = MainActor.assumeIsolated { (try? FileManager.default.contentsOfDirectory(atPath: Lab.bundledScenarios.path)) ?? [] }
        for name in names.sorted() where name.hasSuffix(".yaml") {
            _ = try driver.asyncScript("window.playground.load(arguments[0]).then(() => done(true))", name)
            XCTAssertEqual(try driver.script("return window.playground.scene.file") as? String, name)
            _ = try checkLabels(driver, name)
        }
    }

    /// A grid of views, each with two recognizers: in small cells, no label fits in its view.
    static func gridScene(columns: Int, rows: Int, width: Int, height: Int) -> String {
        let cellWidth = width / columns, cellHeight = height / rows
        var cells: [String] = []
        for row in 0..<rows {
            for column in 0..<columns {
                cells.append("""
                          - { name: cell\(row)x\(column), frame: [\(column * cellWidth), \(row * cellHeight), \(cellWidth - 2), \(cellHeight - 2)], recognizers: [{ kind: tap, name: tapOnCell\(row)x\(column) }, { kind: long-press, name: holdOnCell\(row)x\(column) }] }
                    """)
            }
        }
        return """
            name: A grid too small for its labels
            windows:
              - name: window
                frame: [0, 0, \(width), \(height)]
                subviews:
            \(cells.joined(separator: "\n"))
            script: []
            """
    }

    func testLabelsWithNoRoomGoOnAShelfBelowTheScreenJoinedToTheirViewsAndAWideScreenWidensTheStage() throws {
        let playground = try Playground(scenario: "enlarged-touch-area.yaml")
        defer { playground.close() }
        let driver = playground.driver
        let grid = Self.gridScene(columns: 6, rows: 8, width: 320, height: 480)
        _ = try driver.asyncScript("window.playground.loadText(arguments[0], 'grid.yaml').then(() => done(true))", grid)
        XCTAssertEqual(try driver.script("return window.playground.scene.name") as? String, "A grid too small for its labels")
        let labels = try checkLabels(driver, "grid.yaml")
        XCTAssertEqual(labels.count, 49, "every view is labelled, the window too")
        let text = labels.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("holdOnCell7x5 (long press)"), text)
        let shelved = try XCTUnwrap(driver.script("return [...document.querySelectorAll('#scene .view-label.shelved')].map(g => g.dataset.name)") as? [String])
        XCTAssertGreaterThan(shelved.count, 20, "most labels found no room in their cells")
        let leaders = try XCTUnwrap(driver.script("return [...document.querySelectorAll('#scene line.leader')].map(l => l.dataset.name)") as? [String])
        XCTAssertEqual(leaders, shelved, "each shelved label has a leader line to its view")
        // The shelf is below the screen: a touch there begins nothing.
        let screenBottom = try playground.client(0, 480).y
        for name in shelved {
            let top = try XCTUnwrap(driver.script("return document.querySelector(`#scene .view-label[data-name='${arguments[0]}'] rect`).getBoundingClientRect().top", name) as? Double)
            XCTAssertGreaterThan(top, screenBottom, "'\(name)' is on the shelf, below the screen")
        }
        try playground.tap(160, 500)
        try playground.tap(20, 20)
        try driver.waitUntil("reports the touch in the first cell") { try driver.script("return window.playground.touches.length") as? Int == 1 }
        XCTAssertEqual(try driver.script("return window.playground.touches[0].hitView") as? String, "cell0x0")

        // An iPad's screen in landscape: the stage widens, the panes move right.
        let wide = Self.gridScene(columns: 4, rows: 3, width: 1024, height: 768)
        _ = try driver.asyncScript("window.playground.loadText(arguments[0], 'wide.yaml').then(() => done(true))", wide)
        XCTAssertEqual(try checkLabels(driver, "wide.yaml").count, 13)
        XCTAssertEqual(try driver.script("return document.querySelectorAll('#scene .view-label.shelved').length") as? Int, 0, "big cells hold their labels")
        XCTAssertEqual(try driver.script("return window.playground.errors") as? [String] ?? [], [])
    }

    func testAnyPastTouchCanBePickedToSeeItsHitTestOnTheSceneAndWhyTheAncestorKeptItOut() throws {
        let playground = try Playground(scenario: "enlarged-touch-area.yaml")
        defer { playground.close() }
        let driver = playground.driver
        _ = try driver.asyncScript("window.playground.loadText(arguments[0], 'card.yaml').then(() => done(true))", PlaygroundSessionTests.cardScene)
        // On the badge where it sticks out of its card, then on the card (held for half a second), then on
        // the veil.
        try playground.tap(230, 90)
        usleep(120_000)
        let card = try playground.client(60, 150)
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": card.x, "y": card.y, "button": "left", "buttons": 1, "clickCount": 1])
        usleep(500_000)
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": card.x, "y": card.y, "button": "left", "buttons": 0, "clickCount": 1])
        usleep(120_000)
        try playground.tap(100, 350)
        try driver.waitUntil("reports three touches") { try driver.script("return window.playground.touches.length") as? Int == 3 }
        XCTAssertEqual(try driver.script("return window.playground.selectedTouch") as? Int, 3, "the latest touch is shown as it begins")
        XCTAssertEqual(try driver.script("return document.querySelector('#touch-marks .mark-hit').dataset.name") as? String, "window")

        // The first touch, picked in the list.
        try playground.click(atClient: try playground.center(of: "#touch-list li[data-number='1']"))
        XCTAssertEqual(try driver.script("return window.playground.selectedTouch") as? Int, 1)
        let miss = try XCTUnwrap(driver.script("const g = document.querySelector('#touch-marks g.outside-ancestor'); return g && [g.dataset.view, g.dataset.ancestor, g.querySelector('.ancestor').getAttribute('points'), g.querySelector('.held-out').getAttribute('points')]") as? [String],
                                 "the ancestor that kept the touch out is marked")
        XCTAssertEqual(miss, ["badge", "card", "20,100 220,100 220,200 20,200", "200,80 260,80 260,120 200,120"])
        let why = try XCTUnwrap(driver.script("return document.getElementById('touch-why').textContent") as? String)
        XCTAssertTrue(why.contains("'badge' did not get it: the point is in 'badge' but outside its ancestor 'card'"), why)
        let hitTest = try XCTUnwrap(driver.script("return [...document.querySelectorAll('#hittest li')].map(l => l.textContent)") as? [String])
        XCTAssertEqual(hitTest, ["window: (230, 90) inside", "veil: (230, -210) skipped, user interaction disabled", "card: (210, -10) outside", "→ window"])
        XCTAssertEqual(try driver.script("return [...document.querySelectorAll('#touch-marks .mark-skipped')].map(p => p.dataset.name)") as? [String], ["veil"])
        XCTAssertEqual(try driver.script("return document.querySelector('.touch-point').getAttribute('cx')") as? String, "230")

        // The second, picked on its lane of the timeline: the card is the hit view, nothing kept it out.
        let time = try XCTUnwrap(driver.script("return window.playground.touches[1].time") as? Double)
        try driver.script("window.playground.timelineView.draw()")
        let band = try timelineItemCenter(driver, "d.kind === 'band' && d.laneName === '#1' && Math.abs(d.start - arguments[0]) < 1e-6", time)
        let painted = try XCTUnwrap(driver.script("""
            const view = window.playground.timelineView, item = view.drawn.find((d) => d.kind === 'band' && d.laneName === '#1' && Math.abs(d.start - arguments[0]) < 1e-6);
            const ratio = window.devicePixelRatio || 1, top = document.getElementById('timeline-lanes').scrollTop;
            return [...view.canvas.getContext('2d').getImageData(Math.round((item.x + item.width / 2 - view.nameWidth) * ratio), Math.round((item.y + item.height / 2 - top) * ratio), 1, 1).data];
            """, time) as? [Int])
        XCTAssertEqual(painted, [0xb0, 0xbe, 0xc5, 255], "the band is painted on the canvas where the timeline says it is")
        // Over it, its tooltip says when it was down; a click picks it.
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": band.x, "y": band.y, "button": "none", "buttons": 0])
        let tip = try XCTUnwrap(driver.script("return document.getElementById('timeline-canvas').title") as? String)
        XCTAssertTrue(tip.hasPrefix("down \(String(format: "%.3f", time))–"), tip)
        try playground.click(atClient: band)
        XCTAssertEqual(try driver.script("return window.playground.selectedTouch") as? Int, 2)
        XCTAssertEqual(try driver.script("return document.querySelector('#touch-marks .mark-hit').dataset.name") as? String, "card")
        XCTAssertEqual(try driver.script("return document.querySelectorAll('#touch-marks g.outside-ancestor').length") as? Int, 0)
        XCTAssertEqual(try driver.script("return [...document.querySelectorAll('#touch-marks .mark-path')].map(p => p.dataset.name)") as? [String], ["window"])

        // A new touch does not move the pick away from a past one until "Latest" is pressed.
        try playground.tap(60, 150)
        try driver.waitUntil("reports a fourth touch") { try driver.script("return window.playground.touches.length") as? Int == 4 }
        XCTAssertEqual(try driver.script("return window.playground.selectedTouch") as? Int, 2)
        try playground.click(atClient: try playground.center(of: "#latest-touch"))
        XCTAssertEqual(try driver.script("return window.playground.selectedTouch") as? Int, 4)
        let errors = try driver.script("return window.playground.errors") as? [String] ?? []
        XCTAssertEqual(errors, [])
    }

    /// The middle, in the window, of the first item the timeline drew (a band, wait, mark or label of its
    /// `drawn`) for which `condition` (JavaScript over `d`, with `arguments[0]`) holds.
    private func timelineItemCenter(_ driver: WebDriver, _ condition: String, _ argument: Any) throws -> (x: Double, y: Double) {
        let point = try XCTUnwrap(driver.script("""
            const view = window.playground.timelineView, item = view.drawn.find((d) => \(condition));
            if (!item) return null;
            const box = view.clientBox(item);
            return [box.left + box.width / 2, box.top + box.height / 2];
            """, argument) as? [Double], "no drawn item where \(condition)")
        return (point[0], point[1])
    }

    /// The view the timeline shows: its start, its span, whether it follows, and the newest input.
    private func timelineView(_ driver: WebDriver) throws -> (t0: Double, span: Double, following: Bool, latest: Double) {
        let values = try XCTUnwrap(driver.script("const v = window.playground.timelineView; return [v.t0, v.span, v.following ? 1 : 0, v.latest]") as? [Double])
        return (values[0], values[1], values[2] == 1, values[3])
    }

    func testTheTimelineCountsFromTheScenesStartFollowsNewInputAndZoomsAroundThePointerAndPansWithADrag() throws {
        let playground = try Playground(scenario: "enlarged-touch-area.yaml")
        defer { playground.close() }
        let driver = playground.driver
        // Time 0 is the scene's start, not the page's: a scene loaded 1.5 s after the page, touched at once,
        // has its touch near 0.
        usleep(1_500_000)
        let loaded = try XCTUnwrap(driver.asyncScript("window.playground.load('enlarged-touch-area.yaml').then(() => done(performance.now()))") as? Double)
        let tapped = try XCTUnwrap(driver.script("return performance.now()") as? Double)
        try playground.tap(160, 160)
        try driver.waitUntil("reports the touch") { try driver.script("return window.playground.touches.length") as? Int == 1 }
        let reported = try XCTUnwrap(driver.script("return performance.now()") as? Double)
        let first = try XCTUnwrap(driver.script("return window.playground.touches[0].time") as? Double)
        XCTAssertGreaterThanOrEqual(first, (tapped - loaded) / 1000 - 0.02, "the touch's time is the scene's age when it began")
        XCTAssertLessThan(first, (reported - loaded) / 1000 + 0.3, "the touch's time counts from the scene's start, not the page's (\(tapped / 1000) s old)")
        // A second touch a second later, so the first lies inside the session.
        usleep(1_000_000)
        try playground.tap(160, 160)
        try driver.waitUntil("reports the second touch and draws its lane") {
            try driver.script("return window.playground.touches.length === 2 && !!document.querySelector('g.lane[data-kind=\"touch\"]')") as? Bool == true
        }
        let lanes = try XCTUnwrap(driver.script("const r = document.getElementById('timeline-lanes').getBoundingClientRect(); return [r.left, r.top, r.right]") as? [Double])
        let nameWidth = try XCTUnwrap(driver.script("return window.playground.timelineView.nameWidth") as? Double)
        let plotWidth = try XCTUnwrap(driver.script("return window.playground.timelineView.plotWidth") as? Double)
        let before = try timelineView(driver)
        XCTAssertTrue(before.following)
        XCTAssertEqual(before.t0, 0, "a session shorter than the view starts at the left edge")
        XCTAssertEqual(try driver.script("return Number(document.querySelector('#timeline-axis .tick-label').textContent)") as? Int, 0, "the axis starts at 0")

        // The wheel over the lanes zooms in around the pointer: the time under it (the first touch's) stays there.
        let pointer = (x: lanes[0] + nameWidth + (first - before.t0) / before.span * plotWidth, y: lanes[1] + 10)
        let under = { (view: (t0: Double, span: Double, following: Bool, latest: Double)) in
            view.t0 + (pointer.x - lanes[0] - nameWidth) / plotWidth * view.span
        }
        XCTAssertEqual(under(before), first, accuracy: 0.001)
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseWheel", "x": pointer.x, "y": pointer.y, "deltaX": 0, "deltaY": -1000])
        var zoomed = try timelineView(driver)
        try driver.waitUntil("zooms in") { zoomed = try timelineView(driver); return zoomed.span < before.span / 4 }
        XCTAssertEqual(under(zoomed), first, accuracy: zoomed.span * 0.01, "the time under the pointer stays under it")
        XCTAssertFalse(zoomed.following, "zooming stops following")

        // Follow again, at the new span: each new input comes into view at the right, even a span later.
        try playground.click(atClient: try playground.center(of: "#follow"))
        let span = try timelineView(driver).span
        XCTAssertTrue(try timelineView(driver).following)
        usleep(useconds_t(min(span * 1.3, 3) * 1_000_000))
        try playground.tap(160, 160)
        try driver.waitUntil("reports the third touch") { try driver.script("return window.playground.touches.length") as? Int == 3 }
        let newest = try XCTUnwrap(driver.script("return window.playground.touches[2].time") as? Double)
        var followed = try timelineView(driver)
        try driver.waitUntil("follows the new touch") {
            followed = try timelineView(driver)
            return followed.latest >= newest
        }
        XCTAssertTrue(newest > followed.t0 && followed.latest < followed.t0 + followed.span, "the new touch is in view: \(newest) in \(followed)")
        XCTAssertTrue(first < followed.t0, "the first touch has gone off the left: \(first) before \(followed.t0)")
        try driver.script("window.playground.timelineView.draw()")
        let drawn = try XCTUnwrap(driver.script("""
            const view = window.playground.timelineView, box = document.getElementById('timeline-lanes').getBoundingClientRect();
            const marks = view.drawn.filter((d) => d.kind === 'mark' && d.laneKind === 'touch' && d.style === 'down');
            return marks.map((m) => { const r = view.clientBox(m); return [m.time, r.left >= box.left + arguments[0] && r.left + r.width <= box.right ? 1 : 0]; });
            """, nameWidth) as? [[Double]])
        XCTAssertTrue(drawn.contains { abs($0[0] - newest) < 0.001 && $0[1] == 1 }, "the new touch's mark is drawn inside the pane: \(drawn)")

        // A drag pans and stops following; F follows again.
        // The view follows the clock until the drag's first move stops it: what the rest of the drag moves
        // is measured from there (measured from before the press, the clock's own advance would count).
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": pointer.x, "y": pointer.y, "button": "left", "buttons": 1, "clickCount": 1])
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": pointer.x + 20, "y": pointer.y, "button": "left", "buttons": 1])
        let panned0 = try timelineView(driver)
        XCTAssertFalse(panned0.following, "panning stops following")
        for step in 2...6 {
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": pointer.x + Double(step) * 20, "y": pointer.y, "button": "left", "buttons": 1])
        }
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": pointer.x + 120, "y": pointer.y, "button": "left", "buttons": 0, "clickCount": 1])
        let panned = try timelineView(driver)
        XCTAssertFalse(panned.following, "panning stops following")
        XCTAssertEqual(panned.t0, panned0.t0 - 100 / plotWidth * panned0.span, accuracy: panned0.span * 0.02, "a drag of 100 px moves the view back by 100 px of time")
        try driver.cdp("Input.dispatchKeyEvent", ["type": "keyDown", "key": "f", "code": "KeyF", "text": "f", "windowsVirtualKeyCode": 70])
        try driver.cdp("Input.dispatchKeyEvent", ["type": "keyUp", "key": "f", "code": "KeyF", "windowsVirtualKeyCode": 70])
        let again = try timelineView(driver)
        XCTAssertTrue(again.following, "F follows again")
        XCTAssertEqual(again.t0 + again.span * 0.95, again.latest, accuracy: again.span * 0.01, "the newest input is back at the right")

        // Whole session shows 0 to the present.
        try playground.click(atClient: try playground.center(of: "#show-all"))
        let whole = try timelineView(driver)
        XCTAssertEqual(whole.t0, 0)
        XCTAssertGreaterThanOrEqual(whole.t0 + whole.span, whole.latest)
        let errors = try driver.script("return window.playground.errors") as? [String] ?? []
        XCTAssertEqual(errors, [])
    }

    func testTheTimelineDrawsABoundedNumberOfElementsHoweverLongTheSession() throws {
        let playground = try Playground(scenario: "enlarged-touch-area.yaml")
        defer { playground.close() }
        let driver = playground.driver
        // A session's worth of content far past what is drawn: 300 lanes of 2,000 marks and bands each.
        let counts = try XCTUnwrap(driver.script("""
            const lanes = [];
            for (let l = 0; l < 300; l++) {
              const marks = [], bands = [];
              for (let i = 0; i < 2000; i++) { marks.push({ time: i * 0.05, style: i % 2 ? 'moved' : 'began', label: 'm' + i }); bands.push({ state: i % 2 ? 'possible' : 'changed', start: i * 0.05, end: i * 0.05 + 0.04 }); }
              lanes.push({ kind: l % 2 ? 'view' : 'recognizer', name: 'lane' + l, bands, waits: [], marks });
            }
            const view = window.playground.timelineView;
            view.setContent({ end: 100, omitted: 0, lanes });
            // What the page holds: the names' elements and the plot's items.
            const count = () => document.querySelectorAll('#timeline-svg *').length + view.drawn.length;
            view.showAll(); view.draw(); const whole = count(), leftOut = view.leftOut, status = document.getElementById('timeline-status').textContent;
            view.zoom(0.01); view.draw(); const close = count();
            view.draw(); const again = count();
            return [whole, close, again, document.querySelectorAll('#timeline-svg g.lane').length, leftOut, status.includes('not drawn') ? 1 : 0];
            """) as? [Int])
        let limit = try XCTUnwrap(driver.script("return TimelineView.MAX_SHAPES") as? Int)
        XCTAssertLessThanOrEqual(counts[0], limit * 2 + 400, "the whole session: \(counts)")
        XCTAssertLessThanOrEqual(counts[1], limit * 2 + 400, "zoomed in: \(counts)")
        XCTAssertEqual(counts[1], counts[2], "drawing again does not grow the page")
        XCTAssertLessThanOrEqual(counts[3], 20, "only the lanes scrolled into view are drawn")
        XCTAssertGreaterThan(counts[4], 0, "what is left out is counted")
        XCTAssertEqual(counts[5], 1, "and said")
    }

    func testTheSavedScenarioPaneIsClearedWhenAnotherSceneLoads() throws {
        let playground = try Playground(scenario: "enlarged-touch-area.yaml")
        defer { playground.close() }
        let driver = playground.driver
        try playground.tap(160, 160)
        try playground.waitForTheTraceToSettle()
        try playground.click(atClient: try playground.center(of: "#save"))
        try driver.waitUntil("shows the saved file") { try driver.script("return !document.getElementById('saved-pane').hidden") as? Bool == true }
        let saved = try XCTUnwrap(driver.script("return document.getElementById('saved').value") as? String)
        XCTAssertTrue(saved.hasPrefix("name: An enlarged touch area"), saved)
        XCTAssertEqual(try driver.script("return document.getElementById('download').download") as? String, "enlarged-touch-area-recorded.yaml")

        // Another scene, asked for in the same task as a tap's lift: the lift goes to the scene it was made
        // on, before the load.
        _ = try driver.asyncScript("""
            const [x, y] = window.playground.clientPoint(160, 160), scene = document.getElementById('scene');
            const options = { clientX: x, clientY: y, pointerId: 7, pointerType: 'mouse', bubbles: true, button: 0, buttons: 1 };
            scene.dispatchEvent(new PointerEvent('pointerdown', options));
            scene.dispatchEvent(new PointerEvent('pointerup', Object.assign({}, options, { buttons: 0 })));
            window.playground.load('single-double-triple-tap.yaml').then(() => done(true));
            """)
        XCTAssertEqual(try driver.asyncScript("window.playground.ping().then(() => done(true))") as? Bool, true)
        XCTAssertEqual(try driver.script("return window.playground.errors") as? [String] ?? [], [], "the lift reached the scene it was made on")
        XCTAssertEqual(try driver.script("return document.getElementById('scenarios').value") as? String, "single-double-triple-tap.yaml", "the menu names the scene")
        XCTAssertEqual(try driver.script("return document.getElementById('saved-pane').hidden") as? Bool, true, "the other scene's file is gone")
        XCTAssertEqual(try driver.script("return document.getElementById('saved').value") as? String, "")
        XCTAssertEqual(try driver.script("return document.getElementById('download').getAttribute('href')") as? String, "#")
        XCTAssertEqual(try driver.script("return window.playground.touches.length") as? Int, 0, "and so are its touches")

        // Saving now saves this scene.
        try playground.click(atClient: try playground.center(of: "#save"))
        try driver.waitUntil("shows the new saved file") { try driver.script("return !document.getElementById('saved-pane').hidden") as? Bool == true }
        XCTAssertTrue((try driver.script("return document.getElementById('saved').value") as? String ?? "").hasPrefix("name: Single, double and triple tap"))

        // A scene loaded from text: the menu names no scenario, and Reload builds that text again.
        _ = try driver.asyncScript("window.playground.loadText(arguments[0], 'card.yaml').then(() => done(true))", PlaygroundSessionTests.cardScene)
        XCTAssertEqual(try driver.script("return document.getElementById('scenarios').value") as? String, "")
        XCTAssertEqual(try driver.script("return document.getElementById('saved-pane').hidden") as? Bool, true)
        try driver.script("window.playground.reloaded = window.playground.generation")
        try playground.click(atClient: try playground.center(of: "#reload"))
        try driver.waitUntil("builds the text again") { try driver.script("return window.playground.generation > window.playground.reloaded") as? Bool == true }
        XCTAssertEqual(try driver.script("return window.playground.scene.name") as? String, "A badge outside its card")
        XCTAssertEqual(try driver.script("return window.playground.errors") as? [String] ?? [], [])
    }

    /// The scene of the docs' screenshot: a panel with single and double taps and a button, a card whose
    /// badge sticks out of it, and a list.
    static let screenshotScene = """
        name: A panel, a card and a list
        description: >
          A button in a panel with its own single and double taps, a card whose badge sticks out of its
          top right corner (a touch there misses the badge: the card's bounds do not hold it), and a list.
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            subviews:
              - name: panel
                frame: [0, 0, 320, 190]
                recognizers:
                  - { kind: tap, name: panelTap, requires-failure-of: panelDoubleTap }
                  - { kind: tap, name: panelDoubleTap, taps: 2 }
                subviews:
                  - name: buy
                    kind: button
                    frame: [20, 40, 100, 44]
                    actions:
                      - { event: touchUpInside, log: true }
                  - name: card
                    frame: [150, 90, 140, 80]
                    subviews:
                      - { name: badge, kind: button, frame: [110, -24, 50, 36] }
              - name: list
                kind: scroll
                frame: [0, 210, 320, 270]
                content-size: [320, 900]
                subviews:
                  - { name: row1, frame: [0, 0, 320, 60], recognizers: [{ kind: long-press, name: rowHold }] }
                  - { name: row2, frame: [0, 70, 320, 60] }
                  - { name: row3, frame: [0, 140, 320, 60] }
                  - { name: row4, frame: [0, 210, 320, 60] }
        script: []
        """

    /// The screenshot in the docs (docs/playground.png): taken only when RESPONDERKIT_SCREENSHOT names the
    /// file to write (docs/playground-screenshot.sh does), after a tap on the button, a double tap on the
    /// panel, a drag on the list and a tap where the badge sticks out of its card, that touch picked.
    func testTheDocsScreenshotShowsAPickedTouchItsHitTestAndTheTimeline() throws {
        guard let target = ProcessInfo.processInfo.environment["RESPONDERKIT_SCREENSHOT"] else {
            throw XCTSkip("RESPONDERKIT_SCREENSHOT=PATH takes the docs' screenshot (docs/playground-screenshot.sh)")
        }
        let playground = try Playground(scenario: "button-in-tappable-view.yaml")
        defer { playground.close() }
        let driver = playground.driver
        _ = try driver.asyncScript("window.playground.loadText(arguments[0], 'panel-card-list.yaml').then(() => done(true))", Self.screenshotScene)
        try playground.tap(70, 62)
        usleep(400_000)
        try playground.tap(60, 150)
        usleep(120_000)
        try playground.tap(60, 150)
        usleep(400_000)
        // A drag up the list, held still before it lifts, so the list does not fling.
        let from = try playground.client(160, 440)
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": from.x, "y": from.y, "button": "left", "buttons": 1, "clickCount": 1])
        for step in 1...8 {
            usleep(16_000)
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": from.x, "y": from.y - Double(step) * 10, "button": "left", "buttons": 1])
        }
        usleep(300_000)
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": from.x, "y": from.y - 80, "button": "left", "buttons": 0, "clickCount": 1])
        usleep(400_000)
        // Where the badge sticks out of the card.
        try playground.tap(290, 80)
        try playground.waitForTheTraceToSettle()
        let touches = try XCTUnwrap(driver.script("return window.playground.touches.length") as? Int)
        try playground.click(atClient: try playground.center(of: "#touch-list li[data-number='\(touches)']"))
        let misses = try XCTUnwrap(driver.script("return [...document.querySelectorAll('#touch-marks g.outside-ancestor')].map(g => g.dataset.view + ' ' + g.dataset.ancestor)") as? [String])
        XCTAssertEqual(misses, ["badge card"])
        // The badge explained, the whole session in the timeline.
        _ = try driver.asyncScript("window.playground.explain('control', 'badge').then(() => done(true))")
        try playground.click(atClient: try playground.center(of: "#show-all"))
        try driver.script("document.getElementById('timeline-lanes').scrollTop = 0; window.playground.timelineView.draw(); window.scrollTo(0, 0); document.activeElement.blur()")
        usleep(300_000)
        try driver.screenshot().write(to: URL(fileURLWithPath: target))
        print("playground screenshot: \(target)")
    }
}
