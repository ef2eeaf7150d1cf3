import Foundation
import ResponderKit
import ResponderLab
import Testing

/// The page's pointer in the live session: a mouse's and a pen's hover, a wheel's notches, a trackpad's
/// scroll and pinch, a pen's touches with their pose and a mouse's clicks, played as a device reports
/// them (U1–U4), and the recording of each replayed by `responder run` to the same trace.
@MainActor
@Suite struct PlaygroundModernInputTests: SessionTesting {
    private func hover(_ x: Double, _ y: Double, _ phase: HIDEvent.Phase = .changed) -> PlaygroundSession.Input {
        .hover(PlaygroundSession.Hover(phase: phase, x: x, y: y))
    }

    private func click(_ phase: UITouch.Phase, _ x: Double, _ y: Double) -> PlaygroundSession.Input {
        var touch = PlaygroundSession.Touch(finger: 1, phase: phase, x: x, y: y)
        (touch.type, touch.buttons) = (.indirectPointer, .primary)
        return .touches([touch])
    }

    @Test func theMouseHoversAndClicksAsAPointerAndItsRecordingReplaysTheSameTrace() throws {
        let session = try session("pointer-hover.yaml")
        // The page says only that the pointer moved; the session says when a hover begins, as a device does.
        #expect(session.enqueue(hover(300, 300), sourceTime: 0) == nil)
        #expect(session.enqueue(hover(60, 60), sourceTime: 0.02) == nil)
        #expect(session.enqueue(hover(180, 50), sourceTime: 0.04) == nil)
        #expect(session.enqueue(hover(100, 100), sourceTime: 0.06) == nil)
        #expect(session.enqueue(click(.began, 100, 100), sourceTime: 0.08) == nil)
        #expect(session.enqueue(click(.ended, 100, 100), sourceTime: 0.1) == nil)
        #expect(session.enqueue(hover(110, 100), sourceTime: 0.12) == nil)
        // It leaves where it last was, wherever the page saw it go.
        #expect(session.enqueue(hover(400, 100, .ended), sourceTime: 0.14) == nil)
        run(session, for: 0.3)
        let live = columns(session.lines)
        for line in ["input  hover began (300, 300)", "gesture cardHover possible → began (the pointer entered its view)",
                     "gesture badgeHover possible → began (the pointer entered its view)", "input  #1 click primary down (100, 100)",
                     "pointer hover ended by click #1", "gesture cardTap possible → ended", "input  hover began (110, 100)",
                     "input  hover ended (110, 100)"] {
            #expect(live.contains(line), "\(line) in:\n\(live.joined(separator: "\n"))")
        }
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains("hover: [60, 60]") && recorded.contains("- pointer-exit"), "\(recorded)")
        #expect(recorded.contains("{down: 1, at: [100, 100], type: indirect-pointer, buttons: [primary]}"), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func aMouseIsAFingerInASceneWithoutIndirectInputAndAHoverOverNoHoverRecognizerIsNotPlayed() throws {
        let session = try session("single-double-triple-tap.yaml")
        #expect(session.enqueue(hover(100, 100), sourceTime: 0) == nil)
        #expect(session.enqueue(click(.began, 100, 100), sourceTime: 0.01) == nil)
        #expect(session.enqueue(click(.ended, 100, 100), sourceTime: 0.03) == nil)
        run(session, for: 0.1)
        let inputs = session.lines.filter { $0.category == "input" }.map(\.detail)
        #expect(inputs == ["#1 down (100, 100)", "#1 up (100, 100)"])
        let (_, _, recorded) = try replay(session)
        #expect(!recorded.contains("hover") && recorded.contains("{down: 1, at: [100, 100]}"), "\(recorded)")
    }

    @Test func aWheelsNotchesPanTheViewThatTakesThemAndEndAfterAPauseAndTheRecordingReplaysTheSameTrace() throws {
        let session = try session("pointer-wheel-on-pan.yaml")
        var wheel = PlaygroundSession.Wheel(x: 80, y: 200, dx: 0, dy: -30)
        wheel.notches = -1
        #expect(session.enqueue(.wheel(wheel), sourceTime: 0) == nil)
        (wheel.x, wheel.y) = (240, 200)
        #expect(session.enqueue(.wheel(wheel), sourceTime: 0.2) == nil)
        #expect(session.enqueue(.wheel(wheel), sourceTime: 0.24) == nil)
        // A trackpad's smooth scroll: the right pan takes only a wheel's.
        #expect(session.enqueue(.wheel(PlaygroundSession.Wheel(x: 240, y: 200, dx: 0, dy: -12)), sourceTime: 0.5) == nil)
        run(session, for: 0.8)
        let live = columns(session.lines)
        for line in ["input  wheel changed (80, 200) by (0, -10)",
                     "pointer plainPan not fed scroll: a discrete (wheel) scroll; its allowedScrollTypesMask is [] (no scrolls)",
                     "gesture wheelPan possible → began (wheel scrolled 10 pt)", "pointer scroll ended: no sample for 0.10 s",
                     "gesture wheelPan changed → ended", "input  scroll changed (240, 200) by (0, -12)",
                     "pointer wheelPan not fed scroll: a continuous (trackpad) scroll; its allowedScrollTypesMask is .discrete"] {
            #expect(live.contains(line), "\(line) in:\n\(live.joined(separator: "\n"))")
        }
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains("scroll: {at: [240, 200], by: [0, -10], device: wheel, phase: changed}"), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func aPinchMadeWithTheWheelIsATrackpadTransformWhoseScaleGrowsUntilAPause() throws {
        let session = try session("pointer-trackpad-pinch.yaml")
        var wheel = PlaygroundSession.Wheel(x: 160, y: 160, dx: 0, dy: 20)
        wheel.pinch = true
        #expect(session.enqueue(.wheel(wheel), sourceTime: 0) == nil)
        #expect(session.enqueue(.wheel(wheel), sourceTime: 0.02) == nil)
        run(session, for: 0.3)
        // Its scale is since the pinch began: e^0.2, then e^0.4.
        let live = columns(session.lines)
        for line in ["input  transform changed (160, 160) scale 1.22 rotation 0", "input  transform changed (160, 160) scale 1.49 rotation 0",
                     "gesture pinch possible → began"] {
            #expect(live.contains { $0.hasPrefix(line) }, "\(line) in:\n\(live.joined(separator: "\n"))")
        }
        #expect(live.contains { $0.hasPrefix("gesture pinch changed → ended") }, "the pause ends it: \(live.joined(separator: "\n"))")
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains("trackpad-pinch: {at: [160, 160], scale: 1.4918, phase: changed}"), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func aPensStrokeIsThePencilsWithItsPoseAndItsHoverIsThePencilsAndBothReplay() throws {
        let session = try session("pencil-only-drawing.yaml")
        func pen(_ phase: UITouch.Phase, _ x: Double, _ y: Double) -> PlaygroundSession.Input {
            var touch = PlaygroundSession.Touch(finger: 2, phase: phase, x: x, y: y, force: 0.5)
            (touch.type, touch.altitude, touch.azimuth) = (.pencil, .pi / 3, .pi / 4)
            return .touches([touch])
        }
        #expect(session.enqueue(pen(.began, 50, 50), sourceTime: 0) == nil)
        #expect(session.enqueue(pen(.moved, 80, 60), sourceTime: 0.02) == nil)
        #expect(session.enqueue(pen(.ended, 80, 60), sourceTime: 0.04) == nil)
        run(session, for: 0.15)
        let live = columns(session.lines)
        for line in ["input  #2 pencil down (50, 50)", "gesture scroll not fed touch #2: touch type pencil is not allowed",
                     "gesture draw possible → began"] {
            #expect(live.contains { $0.hasPrefix(line) }, "\(line) in:\n\(live.joined(separator: "\n"))")
        }
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains("{down: 2, at: [50, 50], type: pencil, force: 2.0833, altitude: 60, azimuth: 45}"), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func aPensHoverIsThePencilsAndEndsWhereItWas() throws {
        let session = try session("pointer-hover.yaml")
        var pen = PlaygroundSession.Hover(phase: .changed, x: 60, y: 60, type: .pencil)
        #expect(session.enqueue(.hover(pen), sourceTime: 0) == nil)
        pen.phase = .ended
        #expect(session.enqueue(.hover(pen), sourceTime: 0.02) == nil)
        run(session, for: 0.1)
        let inputs = session.lines.filter { $0.category == "input" }.map(\.detail)
        #expect(inputs == ["pencil hover began (60, 60)", "pencil hover ended (60, 60)"])
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains("pencil-hover: {at: [60, 60], z: 0.5, altitude: 90, azimuth: 0}") && recorded.contains("- pencil-hover-end"),
                "\(recorded)")
        #expect(code == 0)
        #expect(replayed == columns(session.lines))
    }

    @Test func pointerInputThatCouldNotHappenIsRefused() throws {
        let session = try session("pointer-hover.yaml")
        #expect(session.enqueue(.hover(PlaygroundSession.Hover(phase: .changed, x: 1, y: 1, type: .direct)), sourceTime: 0)
                == "hover: the mouse (indirect-pointer) or a pen (pencil) hovers, not a finger")
        #expect(session.enqueue(hover(.nan, 1), sourceTime: 0) == "hover: x and y must be numbers (screen points)")
        #expect(session.enqueue(.wheel(PlaygroundSession.Wheel(x: 1, y: 1, dx: .infinity, dy: 0)), sourceTime: 0) == "wheel: dx, dy and notches must be numbers")
        var pen = PlaygroundSession.Touch(finger: 1, phase: .began, x: 1, y: 1)
        (pen.type, pen.altitude) = (.pencil, 2)
        #expect(session.enqueue(.touches([pen]), sourceTime: 0) == "finger 1: altitude must be radians from 0 to π/2, azimuth radians")
    }
}
