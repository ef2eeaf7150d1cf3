import Foundation
import BenchmarkScenes
import ResponderKit

// Runs one scene's operation a given number of times, for counting instructions under valgrind.
//
//     InstructionCounts <scene> <operations>
//
// It prints the wall time per operation of the measured operations, in nanoseconds.
// Each scene is built and warmed up by a fixed number of operations before it runs the K operations
// asked for, so two runs with K and 2K operations differ by exactly K operations: `instructions.sh` divides the
// difference of their instruction counts by K, which cancels building, warming up and process start.
// Every scene checks its result at the end and exits with an error if the engine did not do what the
// operation means (same hit view, pan recognized with its translation, one action per tap).
//
// Input goes the engine's real way: `UIApplication.enqueue(_:)` posts each record to the application's
// input port and a turn of its loop handles it, on virtual time that moves one 120 Hz frame per move.

@MainActor
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("InstructionCounts: \(message)\n".utf8))
    exit(1)
}

/// Counts the actions a scene's recognizers send.
@MainActor
final class Counter {
    var count = 0
    func fire() { count += 1 }
}

/// Sends one finger's touch records into an application, reusing one sample buffer.
@MainActor
final class Finger {
    let application: UIApplication
    let simulator: EventSimulator
    // The harness's own state is not what is measured: `@exclusivity(unchecked)` keeps the runtime's
    // access checks on it out of the counts.
    @exclusivity(unchecked) private var samples = [HIDEvent.Touch(finger: 0, phase: .began, location: .zero)]

    init(_ application: UIApplication) {
        self.application = application
        simulator = EventSimulator(application: application)
    }

    func send(_ phase: UITouch.Phase, at location: CGPoint) {
        samples[0].phase = phase
        samples[0].location = location
        application.enqueue(HIDEvent(timestamp: simulator.now, payload: .touches(samples)))
    }
}

/// A scene: what one operation is, and the check that the operations did what they mean.
@MainActor
protocol Scene {
    func operate(_ count: Int)
    func check(operations: Int)
}

/// `hitTest.deep32`: 32 views nested in the window, each 4 pt inside its parent; one hit test at the
/// innermost view's center.
@MainActor
final class DeepHitTest: Scene {
    let scene = DeepScene()
    @exclusivity(unchecked) var wrong = 0

    func operate(_ count: Int) {
        for _ in 0 ..< count where scene.window.hitTest(scene.point, with: nil) !== scene.innermost { wrong += 1 }
    }

    func check(operations: Int) {
        if wrong > 0 { fail("\(wrong) hit tests missed the innermost view") }
    }
}

/// `hitTest.wide10k.bottomMost`: 10,000 sibling views in a 100 × 100 grid; the touch hits the
/// bottom-most one, so the other 9,999 are tested first.
@MainActor
final class WideHitTest: Scene {
    let scene = WideScene()
    @exclusivity(unchecked) var wrong = 0

    func operate(_ count: Int) {
        for _ in 0 ..< count where scene.window.hitTest(scene.bottomMostPoint, with: nil) !== scene.bottomMost { wrong += 1 }
    }

    func check(operations: Int) {
        if wrong > 0 { fail("\(wrong) hit tests missed the bottom-most view") }
    }
}

/// `move.pan` and `move.panAndTap`: a finger drags over a full-window view with a pan recognizer; with
/// `tap`, the finger is on a subview with a tap recognizer, which fails once the pan begins. The finger
/// goes down and moves past the pan's hysteresis before the operations; one operation is one move of
/// 1 pt, a 120 Hz frame after the last. `move.pan.flightRecorder` traces the pan's moves into a
/// `FlightRecorder` of 256 records, every record overwriting the oldest (the budget: at most twice an
/// untraced move).
@MainActor
final class PanMove: Scene {
    let window = makeWindow()
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let pan = UIPanGestureRecognizer()
    let target = UIView(frame: CGRect(x: 20, y: 20, width: 350, height: 800))
    let tap = UITapGestureRecognizer()
    let pans = Counter(), taps = Counter()
    let finger: Finger
    let start = CGPoint(x: 40, y: 40)
    @exclusivity(unchecked) var x: CGFloat = 40

    init(tap withTap: Bool, tracer: EventTracer? = nil) {
        window.application.tracer = tracer
        window.addSubview(container)
        pan.addTarget(pans, action: Counter.fire)
        container.addGestureRecognizer(pan)
        if withTap {
            container.addSubview(target)
            tap.addTarget(taps, action: Counter.fire)
            target.addGestureRecognizer(tap)
        }
        finger = Finger(window.application)
        finger.send(.began, at: start)
        // Past the hysteresis: the pan begins.
        for _ in 0 ..< 20 { move() }
        if pan.state != .changed { fail("the pan did not begin (\(pan.state))") }
        if withTap, tap.state != .failed { fail("the tap did not fail when the pan began (\(tap.state))") }
    }

    func move() {
        finger.simulator.advance(by: 1.0 / 120)
        x += 1
        finger.send(.moved, at: CGPoint(x: x, y: 40))
    }

    func operate(_ count: Int) {
        for _ in 0 ..< count { move() }
    }

    func check(operations: Int) {
        if pan.state != .changed { fail("the pan is \(pan.state), not changed") }
        if taps.count != 0 { fail("a drag fired \(taps.count) taps") }
        // One action when the pan began, then one per move after that.
        if pans.count < operations { fail("\(pans.count) pan actions for \(operations) moves") }
        // The finger's travel less the hysteresis the translation leaves out (R21).
        let expected = x - start.x - pan.thresholds.panHysteresis
        let translation = pan.translation(in: container)
        if translation != CGPoint(x: expected, y: 0) { fail("translation \(translation), expected \(expected)") }
        finger.send(.ended, at: CGPoint(x: x, y: 40))
        if pan.state != .possible { fail("the pan did not end and reset (\(pan.state))") }
    }
}

/// `tap`: a view with one tap recognizer; one operation is a whole tap (down, then up), followed by
/// half a second so that the next tap is not a repeat.
@MainActor
final class Tap: Scene {
    let window = makeWindow()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let tap = UITapGestureRecognizer()
    let taps = Counter()
    let finger: Finger
    @exclusivity(unchecked) var performed = 0

    init() {
        window.addSubview(view)
        tap.addTarget(taps, action: Counter.fire)
        view.addGestureRecognizer(tap)
        finger = Finger(window.application)
    }

    func operate(_ count: Int) {
        let location = CGPoint(x: 200, y: 400)
        for _ in 0 ..< count {
            finger.send(.began, at: location)
            finger.send(.ended, at: location)
            finger.simulator.advance(by: 0.5)
            performed += 1
        }
    }

    func check(operations: Int) {
        if taps.count != performed { fail("\(taps.count) tap actions for \(performed) taps") }
    }
}

/// `pointer.hoverMove`: a pointer hovers over a full-window view with a hover recognizer; one operation is
/// one hover sample 1 pt further (back to the left edge every 300 pt), a 120 Hz frame after the last:
/// hit-tested, the recognizer changed and its action sent. The budget: no more than `move.pan`.
@MainActor
final class HoverMove: Scene {
    let window = makeWindow()
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let hover = UIHoverGestureRecognizer()
    let hovers = Counter()
    let simulator: EventSimulator
    @exclusivity(unchecked) var x: CGFloat = 40

    init() {
        window.addSubview(container)
        hover.addTarget(hovers, action: Counter.fire)
        container.addGestureRecognizer(hover)
        simulator = EventSimulator(application: window.application)
        send(.began)
        if hover.state != .began { fail("the hover did not begin (\(hover.state))") }
    }

    func send(_ phase: HIDEvent.Phase) {
        window.application.enqueue(HIDEvent(timestamp: simulator.now, payload: .hover(HIDEvent.Hover(phase: phase, location: CGPoint(x: x, y: 40)))))
    }

    func operate(_ count: Int) {
        for _ in 0 ..< count {
            simulator.advance(by: 1.0 / 120)
            x = x >= 340 ? 40 : x + 1
            send(.changed)
        }
    }

    func check(operations: Int) {
        if hover.state != .changed { fail("the hover is \(hover.state), not changed") }
        if hovers.count != operations + 1 { fail("\(hovers.count) hover actions for \(operations) moves") }
        if hover.location(in: container) != CGPoint(x: x, y: 40) { fail("hover at \(hover.location(in: container))") }
        send(.ended)
        if hover.state != .possible { fail("the hover did not end and reset (\(hover.state))") }
    }
}

/// `pointer.scrollStep`: a trackpad scrolls a full-window view whose pan takes continuous scrolling; one
/// operation is one step of 1 pt, a 120 Hz frame after the last: the pan changed and its action sent.
/// The budget: no more than `move.pan`.
@MainActor
final class ScrollStep: Scene {
    let window = makeWindow()
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let pan = UIPanGestureRecognizer()
    let pans = Counter()
    let simulator: EventSimulator
    @exclusivity(unchecked) var steps = 0

    init() {
        window.addSubview(container)
        pan.allowedScrollTypesMask = .continuous
        pan.addTarget(pans, action: Counter.fire)
        container.addGestureRecognizer(pan)
        simulator = EventSimulator(application: window.application)
        send(.began, 0)
        send(.changed, -1)
        if pan.state != .began { fail("the pan did not begin (\(pan.state))") }
    }

    func send(_ phase: HIDEvent.Phase, _ dy: CGFloat) {
        window.application.enqueue(HIDEvent(timestamp: simulator.now, payload: .scroll(HIDEvent.Scroll(
            phase: phase, location: CGPoint(x: 200, y: 400), delta: CGPoint(x: 0, y: dy)))))
    }

    func operate(_ count: Int) {
        for _ in 0 ..< count {
            simulator.advance(by: 1.0 / 120)
            steps += 1
            send(.changed, -1)
        }
    }

    func check(operations: Int) {
        if pan.state != .changed { fail("the pan is \(pan.state), not changed") }
        if pans.count != operations + 1 { fail("\(pans.count) pan actions for \(operations) steps") }
        let translation = pan.translation(in: container)
        if translation != CGPoint(x: 0, y: -CGFloat(steps + 1)) { fail("translation \(translation)") }
        send(.ended, 0)
        if pan.state != .possible { fail("the pan did not end and reset (\(pan.state))") }
    }
}

@MainActor
func makeScene(_ name: String) -> Scene? {
    switch name {
    case "hitTest.deep32": return DeepHitTest()
    case "hitTest.wide10k.bottomMost": return WideHitTest()
    case "move.pan": return PanMove(tap: false)
    case "move.panAndTap": return PanMove(tap: true)
    case "move.pan.flightRecorder": return PanMove(tap: false, tracer: FlightRecorder(capacity: 256))
    case "tap": return Tap()
    case "table.scrollMove": return TableScrollMove()
    case "scroll.move": return TableScrollMove(plainScrollView: true)
    case "table.tap.rows10": return TableTap(rows: 10)
    case "table.tap.rows10k": return TableTap(rows: 10_000)
    case "pointer.hoverMove": return HoverMove()
    case "pointer.scrollStep": return ScrollStep()
    default: return nil
    }
}

/// Operations run before the counted ones, whatever their number: allocations of spare storage, first
/// uses of type metadata and the like happen there, in both runs alike.
let warmUp = 50

let sceneNames = ["hitTest.deep32", "hitTest.wide10k.bottomMost", "move.pan", "move.panAndTap", "tap",
                  "move.pan.flightRecorder", "table.scrollMove", "scroll.move", "table.tap.rows10",
                  "table.tap.rows10k", "pointer.hoverMove", "pointer.scrollStep"]

@MainActor
func main() {
    let arguments = CommandLine.arguments
    if arguments.count == 2, arguments[1] == "--list" {
        print(sceneNames.joined(separator: "\n"))
        return
    }
    guard arguments.count == 3, let count = Int(arguments[2]), count > 0, let scene = makeScene(arguments[1]) else {
        fail("usage: InstructionCounts <scene> <operations>, scenes: \(sceneNames.joined(separator: ", "))")
    }
    scene.operate(warmUp)
    let clock = ContinuousClock()
    let start = clock.now
    scene.operate(count)
    let elapsed = (clock.now - start).components
    scene.check(operations: warmUp + count)
    // Wall time per operation, for runs outside valgrind (instructions.sh reads it).
    let nanoseconds = Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
    print(String(format: "%.1f", nanoseconds / Double(count)))
}

MainActor.assumeIsolated { main() }
