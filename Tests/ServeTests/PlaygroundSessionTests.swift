import Foundation
import ResponderKit
import ResponderLab
import Testing

/// The live session and its recorder: input played in real time, and the recording replayed by
/// `responder run` to the same trace.
@MainActor
@Suite struct PlaygroundSessionTests: SessionTesting {
    private func touch(_ finger: Int, _ phase: UITouch.Phase, _ x: Double, _ y: Double) -> PlaygroundSession.Touch {
        PlaygroundSession.Touch(finger: finger, phase: phase, x: x, y: y)
    }

    @Test func aSingleTapPlayedLiveFiresAfterTheDoubleTapWindowAndItsRecordingReplaysTheSameTrace() throws {
        let session = try session("single-double-triple-tap.yaml")
        #expect(session.enqueue(.touches([touch(1, .began, 100, 100)]), sourceTime: 10) == nil)
        #expect(session.enqueue(.touches([touch(1, .ended, 104, 100)]), sourceTime: 10.03) == nil)
        run(session, for: 0.6)
        let live = session.lines
        #expect(columns(live).contains("gesture singleTap possible → ended ('doubleTap' failed)"), "\(columns(live).joined(separator: "\n"))")
        // It fired in real time: 0.35 s after the lift.
        let fired = try #require(live.first { $0.detail.hasPrefix("possible → ended") })
        let lifted = try #require(live.last { $0.category == "input" })
        #expect(abs((fired.time - lifted.time) - (0.35)) < 0.05)

        let recorded = try session.recordedScenario().get()
        #expect(recorded.contains("device: true"))
        #expect(recorded.contains("touches: [{down: 1, at: [100, 100]}]"), "\(recorded)")
        #expect(recorded.contains("touches: [{up: 1}]"), "a finger lifts where it was: \(recorded)")
        let (code, replayed) = try responderRun(recorded)
        #expect(code == 0, "responder run matches the recording's expect: block")
        #expect(replayed == columns(live), "the replay traces what the live scene did")
    }

    @Test func aPinchKeysShakeAndRemoteAreRecordedAndReplayToTheSameTrace() throws {
        let session = try session("pinch-and-rotate.yaml")
        var t = 0.0
        #expect(session.enqueue(.touches([touch(1, .began, 120, 200), touch(2, .began, 200, 200)]), sourceTime: t) == nil)
        for step in 1...6 {
            t += 0.016
            #expect(session.enqueue(.touches([touch(1, .moved, 120 - Double(step) * 6, 200), touch(2, .moved, 200 + Double(step) * 6, 200)]), sourceTime: t) == nil)
        }
        t += 0.016
        #expect(session.enqueue(.touches([touch(1, .ended, 0, 0), touch(2, .ended, 0, 0)]), sourceTime: t) == nil)
        #expect(session.enqueue(.press("up-arrow", down: true, up: false), sourceTime: t + 0.05) == nil)
        #expect(session.enqueue(.press("up-arrow", down: false, up: true), sourceTime: t + 0.08) == nil)
        #expect(session.enqueue(.shake, sourceTime: t + 0.1) == nil)
        #expect(session.enqueue(.remote("play"), sourceTime: t + 0.12) == nil)
        run(session, for: 0.5)
        let live = columns(session.lines)
        #expect(live.contains { $0.hasPrefix("gesture pinch possible → began") }, "\(live.joined(separator: "\n"))")

        let recorded = try session.recordedScenario().get()
        #expect(recorded.contains("press: {type: up-arrow, phase: down}"), "\(recorded)")
        let (code, replayed) = try responderRun(recorded)
        #expect(code == 0)
        #expect(replayed == live)
        #expect(try PlaygroundSession.timelineLanes(ofScenario: recorded, file: "recorded.yaml").get() == session.timelineLanes)
    }

    @Test func inputThatCouldNotHappenIsRefusedAndNothingIsPlayed() throws {
        let session = try session("single-double-triple-tap.yaml")
        #expect(session.enqueue(.touches([touch(1, .began, 10, 10)]), sourceTime: 1) == nil)
        #expect(session.enqueue(.touches([touch(1, .moved, 10, 10)]), sourceTime: 0.5) == "'t' went back from 1.0 to 0.5: input must come in time order")
        #expect(session.enqueue(.touches([touch(1, .began, 10, 10)]), sourceTime: 2) == "finger 1 is already down: lift it first")
        #expect(session.enqueue(.touches([touch(3, .ended, 10, 10)]), sourceTime: 2) == "finger 3 is not down: it must begin first")
        #expect(session.enqueue(.touches([touch(21, .began, 10, 10)]), sourceTime: 2) == "finger 21: fingers are numbered 1 to 20")
        #expect(session.enqueue(.touches([touch(2, .began, .nan, 10)]), sourceTime: 2) == "finger 2: x and y must be numbers (screen points)")
        #expect(session.enqueue(.press("up-arrow", down: false, up: true), sourceTime: 2) == "'up-arrow' is not pressed")
        #expect(session.enqueue(.press("jump", down: true, up: true), sourceTime: 2)?.hasPrefix("unknown press type 'jump'") ?? false)
        #expect(session.enqueue(.remote("dance"), sourceTime: 2)?.hasPrefix("unknown remote command 'dance'") ?? false)
        #expect(session.enqueue(.button("eject"), sourceTime: 2)?.hasPrefix("unknown button 'eject'") ?? false)
    }

    @Test func aSceneThatDoesNotBuildIsReportedWithLineAndColumn() {
        let text = "name: broken\nwindows:\n  - name: window\n    frame: [0, 0, 320]\nscript: []\n"
        guard case .failure(let problems) = PlaygroundSession.make(yaml: text, file: "broken.yaml") else { Issue.record("it built"); return }
        #expect(problems.errors.first?.location.line == 4)
        #expect(problems.errors.first?.location.column == 12)
    }

    @Test func theLayoutDrawsEveryViewToScaleWithItsRecognizers() throws {
        let layout = try session("single-double-triple-tap.yaml").layout
        #expect(layout.width == 320)
        #expect(layout.height == 480)
        let photo = try #require(layout.views.first { $0.name == "photo" })
        #expect(photo.corners == [[0, 0], [320, 0], [320, 480], [0, 480]])
        #expect(photo.recognizers.map(\.name) == ["singleTap", "doubleTap", "tripleTap"])
        #expect(photo.recognizers.map(\.kind) == ["tap", "tap", "tap"], "each recognizer's kind, as the pictures say it")
        #expect(photo.recognizers.allSatisfy { $0.isEnabled })
    }

    /// A card with a badge sticking out of its top right corner, and a veil that takes no touches.
    nonisolated static let cardScene = """
        name: A badge outside its card
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            subviews:
              - name: card
                frame: [20, 100, 200, 100]
                subviews:
                  - { name: badge, kind: button, frame: [180, -20, 60, 40] }
              - { name: veil, frame: [0, 300, 320, 100], interaction: false }
        script: []
        """

    @Test func eachTouchIsReportedWithItsHitTestTheAncestorWhoseBoundsKeptItOutAndWhy() throws {
        let session = try #require(try? PlaygroundSession.make(yaml: Self.cardScene, file: "card.yaml").get())
        // On the badge where it sticks out of the card; then on the card; then on the veil.
        #expect(session.enqueue(.touches([touch(1, .began, 230, 90)]), sourceTime: 0) == nil)
        #expect(session.enqueue(.touches([touch(1, .ended, 230, 90)]), sourceTime: 0.02) == nil)
        #expect(session.enqueue(.touches([touch(1, .began, 60, 150)]), sourceTime: 0.04) == nil)
        #expect(session.enqueue(.touches([touch(1, .ended, 60, 150)]), sourceTime: 0.06) == nil)
        #expect(session.enqueue(.touches([touch(2, .began, 100, 350)]), sourceTime: 0.08) == nil)
        run(session, for: 0.2)
        let reports = session.takeNewTouches()
        #expect(reports.map(\.number) == [1, 2, 3])
        #expect(reports.map(\.finger) == [1, 1, 2])
        #expect(session.takeNewTouches().isEmpty, "each report is taken once")
        #expect(session.touches == reports, "and kept")

        let outside = reports[0]
        #expect(outside.hitView == "window" && outside.path == ["window"])
        #expect(outside.point == [230, 90])
        #expect(outside.visits.map { "\($0.view.name) \($0.verdict)" } == ["window inside", "veil skipped", "card outside"])
        let miss = try #require(outside.outsideAncestors.first)
        #expect(miss.view.name == "badge" && miss.ancestor.name == "card")
        #expect(miss.view.corners == [[200, 80], [260, 80], [260, 120], [200, 120]], "the badge where it was, on the screen")
        #expect(miss.ancestor.corners == [[20, 100], [220, 100], [220, 200], [20, 200]])
        let because = outside.explanation.joined(separator: "\n")
        #expect(because.contains("'badge' did not get it: the point is in 'badge' but outside its ancestor 'card'"), "\(because)")
        #expect(because.contains("'veil' was skipped: user interaction disabled (A1)"), "\(because)")

        #expect(reports[1].hitView == "card" && reports[1].path == ["window", "card"] && reports[1].outsideAncestors.isEmpty)
        #expect(reports[1].explanation.contains { $0.hasPrefix("Hit-testing went 'window' ▸ 'card'") }, "\(reports[1].explanation)")
        #expect(reports[2].hitView == "window")
        #expect(reports[2].explanation.contains { $0.hasPrefix("'veil' was skipped") }, "\(reports[2].explanation)")
        // The times are the trace's: each report's is its input line's.
        let inputs = session.lines.filter { $0.category == "input" && $0.detail.contains("down") }.map(\.time)
        #expect(zip(reports.map(\.time), inputs).allSatisfy { abs($0 - $1) < 0.001 }, "\(reports.map(\.time)) \(inputs)")
    }

    @Test func theTimelineIsGivenAsValuesWithTheLanesResponderDrawDraws() throws {
        let session = try session("single-double-triple-tap.yaml")
        #expect(session.enqueue(.touches([touch(1, .began, 100, 100)]), sourceTime: 0) == nil)
        #expect(session.enqueue(.touches([touch(1, .ended, 100, 100)]), sourceTime: 0.03) == nil)
        run(session, for: 0.5)
        let timeline = session.timeline
        #expect(timeline.lanes.map(\.lane) == session.timelineLanes)
        let touchLane = try #require(timeline.lanes.first { $0.lane.kind == "touch" })
        #expect(touchLane.lane.name == "#1")
        #expect(touchLane.marks.map(\.style) == ["down", "up"])
        let down = try #require(session.lines.first { $0.category == "input" })
        #expect(abs(touchLane.marks[0].time - down.time) < 0.001, "the timeline's times are the trace's")
        let single = try #require(timeline.lanes.first { $0.lane.name == "singleTap" })
        #expect(single.bands.map(\.state).contains("ended"))
        #expect(timeline.end >= touchLane.marks[1].time + 0.35, "the timeline runs to the present")
    }

    @Test func explainReadsWhatWasPlayedLive() throws {
        let session = try session("single-double-triple-tap.yaml")
        #expect(session.enqueue(.touches([touch(1, .began, 100, 100)]), sourceTime: 0) == nil)
        #expect(session.enqueue(.touches([touch(1, .ended, 100, 100)]), sourceTime: 0.02) == nil)
        run(session, for: 0.5)
        let lines = session.explain(.recognizer("singleTap"))
        #expect(!(lines.isEmpty))
        #expect(lines.joined().contains("doubleTap"), "\(lines.joined(separator: "\n"))")
        #expect(session.explain(.view("nowhere")) == ["No view or view controller named 'nowhere'."])
    }

    @Test func aLongSessionKeepsItsTraceBoundedAndStillSavesItsRecording() throws {
        let session = try session("single-double-triple-tap.yaml")
        // 900 taps at once: about 22,000 records, more than a session keeps.
        for tap in 0..<900 {
            let t = Double(tap) * 0.0001
            #expect(session.enqueue(.touches([touch(1, .began, 100, 100)]), sourceTime: t) == nil)
            #expect(session.enqueue(.touches([touch(1, .ended, 100, 100)]), sourceTime: t) == nil)
        }
        run(session, for: 0.2)
        let count = session.lines.count
        #expect(count <= PlaygroundSession.keptRecords)
        #expect(count > PlaygroundSession.keptRecords / 2)
        #expect(!session.recordingTruncated)
        let recorded = try session.recordedScenario().get()
        #expect(recorded.components(separatedBy: "{down: 1").count - 1 == 900)
    }

    @Test func aScrollViewsOffsetIsReportedAsItChangesDuringADragAndItsDeceleration() throws {
        let session = try session("scroll-button-in-list.yaml")
        #expect(session.takeScrollChanges().isEmpty, "nothing moved yet")
        let list = try #require(session.layout.views.first { $0.name == "list" })
        #expect(list.scroll?.name == "list" && list.scroll?.contentOffset == [0, 0] && list.scroll?.zoomScale == 1)
        // A flick upward: six moves 1/60 s apart, 30 pt each, then the finger lifts. Each input is queued
        // once the one before it has played, so each move is played (and reported) in a tick of its own.
        var dragging: [Double] = []
        #expect(session.enqueue(.touches([touch(1, .began, 100, 400)]), sourceTime: 0) == nil)
        for step in 1...6 {
            run(session, for: 0.03)
            dragging += session.takeScrollChanges().filter { $0.name == "list" }.map { $0.contentOffset[1] }
            #expect(session.enqueue(.touches([touch(1, .moved, 100, 400 - 30 * Double(step))]), sourceTime: Double(step) / 60) == nil)
        }
        run(session, for: 0.03)
        dragging += session.takeScrollChanges().filter { $0.name == "list" }.map { $0.contentOffset[1] }
        #expect(!session.lines.contains { $0.detail.hasPrefix("scrollViewDidEndDragging") }, "still dragging")
        #expect(session.enqueue(.touches([touch(1, .ended, 100, 220)]), sourceTime: 7.0 / 60) == nil)
        var end = Date(timeIntervalSinceNow: 1.5)
        while Date() < end, !session.lines.contains(where: { $0.detail.hasPrefix("scrollViewDidEndDragging") }) {
            session.tick()
            usleep(2_000)
        }
        let lifted = try #require(session.scrollStates.first { $0.name == "list" }).contentOffset[1]
        _ = session.takeScrollChanges()
        var decelerating: [Double] = []
        end = Date(timeIntervalSinceNow: 1.5)
        while Date() < end, decelerating.count < 3 {
            session.tick()
            decelerating += session.takeScrollChanges().filter { $0.name == "list" }.map { $0.contentOffset[1] }
            usleep(2_000)
        }
        #expect(dragging.count >= 4, "offsets while the finger drags: \(dragging)")
        #expect(dragging == dragging.sorted() && dragging.last ?? 0 > 0)
        #expect(decelerating.count >= 3, "offsets while the list decelerates: \(decelerating)")
        #expect(decelerating == decelerating.sorted() && decelerating.first ?? 0 > lifted)

        // The layout draws the content where the offset puts it, clipped to the list.
        let offset = try #require(decelerating.last)
        let layout = session.layout
        let buy = try #require(layout.views.first { $0.name == "buy" })
        #expect(abs(buy.corners[0][1] - (100 - offset)) < 0.001)
        #expect(buy.clips.map { $0.map { $0.map { ($0 * 1000).rounded() / 1000 } } } == [[[0, 0], [320, 0], [320, 480], [0, 480]]])
        #expect(layout.views.first { $0.name == "list" }?.clips == [])
    }

    @Test func aRowsHighlightAndSelectionAreInTheLayoutAndReportedAsTheyChange() throws {
        let session = try session("table-button-highlights-late.yaml")
        #expect(session.takeRowChanges().isEmpty, "nothing changed yet")
        // A row's state as "name [section, row] highlighted selected".
        let said = { (row: PlaygroundSession.RowState) in
            "\(row.name) \(row.indexPath)" + (row.isHighlighted ? " highlighted" : "") + (row.isSelected ? " selected" : "")
        }
        let shown = try #require(session.layout.views.first { $0.name == "list.3" }?.row)
        #expect(said(shown) == "list.3 [0, 3]")
        // Held on row 3 of 'list', away from its button: highlighted once the table lets the touch through.
        #expect(session.enqueue(.touches([touch(1, .began, 40, 154)]), sourceTime: 0) == nil)
        run(session, for: 0.05)
        #expect(session.takeRowChanges().isEmpty, "within the content delay, nothing is highlighted (T1)")
        run(session, for: 0.25)
        #expect(session.takeRowChanges().map(said) == ["list.3 [0, 3] highlighted"])
        #expect(session.layout.views.first { $0.name == "list.3" }?.row?.isHighlighted == true)
        #expect(session.enqueue(.touches([touch(1, .ended, 40, 154)]), sourceTime: 0.3) == nil)
        run(session, for: 0.05)
        #expect(session.takeRowChanges().map(said) == ["list.3 [0, 3] selected"])
        #expect(session.layout.views.first { $0.name == "buy.3" }?.row == nil, "only cells show rows")
    }
}
