import Foundation

/// Plays input into an application on virtual time.
///
/// Creating a simulator switches the application's clock to virtual time, starting at 0: time moves only
/// through ``advance(by:)`` (and the gestures that take time, such as ``longPress(at:duration:)``), so
/// every run is deterministic. Input goes the live way: each record is posted to the application's
/// ``UIApplication/inputPort`` and a turn of the application's loop handles it, so every call is fully
/// processed, every consequence included, before it returns. With a ``loopRate``, input waits in the
/// port and the loop turns only at its frames, as a live loop slower than its input does.
///
/// ```swift
/// let sim = EventSimulator(application: app)
/// sim.touchDown(1, at: CGPoint(x: 10, y: 10))
/// sim.advance(by: 0.1)
/// sim.touchMove(1, to: CGPoint(x: 40, y: 10))
/// sim.touchUp(1)
/// ```
///
/// Input can also aim at a view, given itself or found by its `accessibilityIdentifier`:
/// ``tap(on:)-(UIView)``, ``doubleTap(on:)-(UIView)``, ``longPress(on:duration:)-(UIView,_)`` and
/// ``drag(on:by:duration:steps:)-(UIView,_,_,_)`` touch its centre, or throw a ``TargetError`` that says
/// which view would take the touch and why. ``advance(until:timeout:)`` moves time on until a condition
/// holds.
///
/// See <doc:TestingWithEventSimulator>.
@MainActor
public final class EventSimulator {
    /// One finger's change in a multi-finger event; see ``touch(_:)-(EventSimulator.TouchChange...)``.
    public enum TouchChange: Sendable {
        /// A finger goes down at a screen location.
        case down(Int, at: CGPoint)
        /// A finger moves to a screen location.
        case move(Int, to: CGPoint)
        /// A finger lifts where it is.
        case up(Int)
        /// A finger's touch is cancelled.
        case cancel(Int)
    }

    /// The application the simulator drives.
    public let application: UIApplication
    var fingerLocations: [Int: CGPoint] = [:]
    /// Where the pointer and the pencil are, and what is down (see EventSimulator+Pointer).
    var devices = SimulatedDevices()
    var nextEstimationIndex = 1
    var latestEstimationIndex: [Int: Int] = [:]

    /// Creates a simulator for `application` and puts it on virtual time.
    public init(application: UIApplication = .shared) {
        self.application = application
        application.clock.useVirtualTime(startingAt: 0)
    }

    // MARK: Time

    /// The application's current time.
    public var now: TimeInterval { application.clock.now }

    /// How many times a second the application's loop turns, or nil (the default) for a loop that turns
    /// as soon as input is posted. With a rate, posted input waits in the port until the next frame
    /// (a multiple of `1 / loopRate` seconds) and the moves that waited together are coalesced (I5).
    public var loopRate: Double? {
        get { fenced.loopRate }
        set {
            precondition(newValue.map { $0 > 0 && $0.isFinite } ?? true, "loopRate must be a positive number of turns a second, or nil")
            fenced.loopRate = newValue
            guard let loopRate = newValue else { return application.drainInputQueue() }
            nextFrame = (now * loopRate).rounded(.down) + 1
        }
    }
    /// The number of the loop's next frame: it turns at `nextFrame / loopRate` seconds.
    var nextFrame: Double {
        get { fenced.nextFrame }
        set { fenced.nextFrame = newValue }
    }

    /// The loop's rate and next frame, read on every `advance(by:)`: fenced storage (see
    /// ``FencedStorage``).
    #if DEBUG
    private var fenced = Fenced()
    #else
    @exclusivity(unchecked) private var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var loopRate: Double?
        var nextFrame: Double = 0
    }

    /// Moves time forward, firing every timer that falls due on the way (long press, multi-tap…): the
    /// loop's sleep between turns. With a ``loopRate``, the loop also turns at each frame on the way.
    public func advance(by interval: TimeInterval) {
        guard let rate = loopRate else { return application.clock.advance(by: interval) }
        let end = now + interval
        // Frames are counted, not accumulated, so rounding never skips or repeats one.
        while nextFrame / rate <= end + 1e-12 {
            application.clock.advance(by: max(0, nextFrame / rate - now))
            nextFrame += 1
            turnLoop()
        }
        application.clock.advance(by: max(0, end - now))
    }

    /// Turns the application's loop once now, handling everything waiting in the port (and the loops
    /// of the ``system``'s other applications, which share the main thread).
    public func turnLoop() {
        application.drainInputQueue()
        for other in system?.applications ?? [] where other !== application { other.drainInputQueue() }
        // The turn ends, and the loop would wait: the views that asked for layout are laid out, as UIKit
        // does before its loop sleeps (a table that reloaded shows its cells without waiting for a touch).
        application.layOutPendingViews()
        for other in system?.applications ?? [] where other !== application { other.layOutPendingViews() }
    }

    /// The device the input comes through, if any: with one, every record goes to
    /// ``DeviceSystem/send(_:)``, which keeps what is the system's and forwards the rest to the
    /// foreground application, as the hardware's input does. Nil (the default) posts straight to the
    /// application's port.
    public var system: DeviceSystem?

    // MARK: Touches

    /// Puts finger `finger` down at `location` (screen coordinates), with an optional force.
    public func touchDown(_ finger: Int, at location: CGPoint, force: CGFloat = 0) {
        send([sample(finger, .began, location, force: force)])
    }

    /// Moves finger `finger` to `location`.
    public func touchMove(_ finger: Int, to location: CGPoint, force: CGFloat = 0) {
        send([sample(finger, .moved, location, force: force)])
    }

    /// Lifts finger `finger` where it is.
    public func touchUp(_ finger: Int) {
        send([sample(finger, .ended, fingerLocations[finger] ?? .zero)])
    }

    /// Cancels finger `finger`'s touch, as the system does (an incoming call, for instance).
    public func touchCancel(_ finger: Int) {
        send([sample(finger, .cancelled, fingerLocations[finger] ?? .zero)])
    }

    /// Several fingers changing at once: one touch event.
    public func touch(_ changes: TouchChange...) {
        touch(changes)
    }

    /// Several fingers changing at once, as a list: one touch event.
    public func touch(_ changes: [TouchChange]) {
        send(changes.map { change in
            switch change {
            case .down(let finger, let location): return sample(finger, .began, location)
            case .move(let finger, let location): return sample(finger, .moved, location)
            case .up(let finger): return sample(finger, .ended, fingerLocations[finger] ?? .zero)
            case .cancel(let finger): return sample(finger, .cancelled, fingerLocations[finger] ?? .zero)
            }
        })
    }

    /// Several fingers, pens or clicks changing at once: one touch event, each change's sample shaped by
    /// `shape` (given the change's index) before it is sent: a type, a force, a pencil's pose, buttons.
    public func touch(_ changes: [TouchChange], shaping shape: (Int, inout HIDEvent.Touch) -> Void) {
        send(changes.enumerated().map { index, change in
            var touch: HIDEvent.Touch
            switch change {
            case .down(let finger, let location): touch = sample(finger, .began, location)
            case .move(let finger, let location): touch = sample(finger, .moved, location)
            case .up(let finger): touch = sample(finger, .ended, fingerLocations[finger] ?? .zero)
            case .cancel(let finger): touch = sample(finger, .cancelled, fingerLocations[finger] ?? .zero)
            }
            shape(index, &touch)
            // A click ends the hover, as pointerDown's does (Thresholds.hoverEndsOnClick).
            if touch.type == .indirectPointer, touch.phase == .began { devices.isHovering = false }
            return touch
        })
    }

    /// Cancels every touch that is down, as the system does.
    public func cancelAllTouches() {
        let fingers = fingerLocations.keys.sorted()
        guard !fingers.isEmpty else { return }
        send(fingers.map { sample($0, .cancelled, fingerLocations[$0]!) })
    }

    /// A tap: one finger down and up at `location`, with no time passing in between. Two taps in a row
    /// make a double tap (``UITouch/tapCount`` 2).
    public func tap(at location: CGPoint) {
        let finger = freeFinger()
        touchDown(finger, at: location)
        touchUp(finger)
    }

    /// A drag: down at `start`, `steps` evenly spaced moves reaching `end` over `duration`, then up.
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.25, steps: Int = 10) {
        let finger = freeFinger()
        let count = max(1, steps)
        touchDown(finger, at: start)
        for step in 1...count {
            advance(by: duration / Double(count))
            let fraction = CGFloat(step) / CGFloat(count)
            touchMove(finger, to: CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
        }
        touchUp(finger)
    }

    /// A swipe: a quick one-finger drag of `distance` points in `direction`, by default over 0.1 s.
    public func swipe(from start: CGPoint, direction: UISwipeGestureRecognizer.Direction, distance: CGFloat = 100,
                      duration: TimeInterval = 0.1, steps: Int = 5) {
        var dx: CGFloat = 0, dy: CGFloat = 0
        if direction.contains(.right) { dx += distance }
        if direction.contains(.left) { dx -= distance }
        if direction.contains(.down) { dy += distance }
        if direction.contains(.up) { dy -= distance }
        drag(from: start, to: CGPoint(x: start.x + dx, y: start.y + dy), duration: duration, steps: steps)
    }

    /// A pinch: two fingers on a horizontal line through `center`, `startSpan` points apart, moving to
    /// `endSpan` apart over `duration` in `steps` moves, then lifting together. Spreading gives a scale
    /// of `endSpan / startSpan` (R21).
    public func pinch(at center: CGPoint, from startSpan: CGFloat, to endSpan: CGFloat,
                      duration: TimeInterval = 0.3, steps: Int = 10) {
        twoFingerGesture(steps: steps, duration: duration) { fraction in
            let half = (startSpan + (endSpan - startSpan) * fraction) / 2
            return (CGPoint(x: center.x - half, y: center.y), CGPoint(x: center.x + half, y: center.y))
        }
    }

    /// A rotation: two fingers `radius` points either side of `center`, starting on a horizontal line and
    /// turning by `angle` radians (positive is clockwise on screen, y pointing down) over `duration`.
    public func rotate(at center: CGPoint, radius: CGFloat = 50, by angle: CGFloat,
                       duration: TimeInterval = 0.3, steps: Int = 10) {
        twoFingerGesture(steps: steps, duration: duration) { fraction in
            let theta = angle * fraction
            let offset = CGPoint(x: cos(theta) * radius, y: sin(theta) * radius)
            return (CGPoint(x: center.x - offset.x, y: center.y - offset.y), CGPoint(x: center.x + offset.x, y: center.y + offset.y))
        }
    }

    private func twoFingerGesture(steps: Int, duration: TimeInterval, positions: (CGFloat) -> (CGPoint, CGPoint)) {
        let first = freeFinger()
        fingerLocations[first] = .zero // reserve it so the second finger differs
        let second = freeFinger()
        fingerLocations[first] = nil
        let count = max(1, steps)
        let start = positions(0)
        touch(.down(first, at: start.0), .down(second, at: start.1))
        for step in 1...count {
            advance(by: duration / Double(count))
            let next = positions(CGFloat(step) / CGFloat(count))
            touch(.move(first, to: next.0), .move(second, to: next.1))
        }
        touch(.up(first), .up(second))
    }

    /// A long press: down at `location`, held still for `duration`, then up.
    public func longPress(at location: CGPoint, duration: TimeInterval = 0.6) {
        let finger = freeFinger()
        touchDown(finger, at: location)
        advance(by: duration)
        touchUp(finger)
    }

    /// Sends refined values for finger `finger`'s last sample whose properties were estimated
    /// (see ``touchDown(_:at:expectingUpdates:)``); the touch's view gets `touchesEstimatedPropertiesUpdated`.
    public func updateEstimatedProperties(ofFinger finger: Int, location: CGPoint? = nil, force: CGFloat? = nil) {
        guard let index = latestEstimationIndex[finger] else { return }
        latestEstimationIndex[finger] = nil
        let update = HIDEvent.TouchUpdate(estimationUpdateIndex: index, location: location, force: force)
        post(HIDEvent(timestamp: now, payload: .touchUpdate(update)))
    }

    /// Puts a finger down whose `properties` are estimates that will be refined later, through
    /// ``updateEstimatedProperties(ofFinger:location:force:)``.
    public func touchDown(_ finger: Int, at location: CGPoint, expectingUpdates properties: UITouch.Properties) {
        var touch = sample(finger, .began, location)
        touch.estimatedProperties = properties
        touch.estimatedPropertiesExpectingUpdates = properties
        touch.estimationUpdateIndex = nextEstimationIndex
        latestEstimationIndex[finger] = nextEstimationIndex
        nextEstimationIndex += 1
        send([touch])
    }

    // MARK: Motion, remote control, presses

    /// A shake: `motionBegan` then `motionEnded`, both `.motionShake`.
    public func shake() {
        post(HIDEvent(timestamp: now, payload: .motion(.motionShake, .began)))
        post(HIDEvent(timestamp: now, payload: .motion(.motionShake, .ended)))
    }

    /// A remote-control command, such as `.remoteControlPlay`.
    public func remoteControl(_ subtype: UIEvent.EventSubtype) {
        post(HIDEvent(timestamp: now, payload: .remoteControl(subtype)))
    }

    /// Presses a button down.
    public func pressDown(_ type: UIPress.PressType) {
        post(HIDEvent(timestamp: now, payload: .press(.init(identifier: type.rawValue, phase: .began, type: type))))
    }

    /// Releases a button.
    public func pressUp(_ type: UIPress.PressType) {
        post(HIDEvent(timestamp: now, payload: .press(.init(identifier: type.rawValue, phase: .ended, type: type))))
    }

    /// Presses a keyboard key down.
    public func keyDown(_ key: HIDEvent.KeyDescription) {
        post(HIDEvent(timestamp: now, payload: .press(keyPress(key, .began))))
    }

    /// Releases a keyboard key.
    public func keyUp(_ key: HIDEvent.KeyDescription) {
        post(HIDEvent(timestamp: now, payload: .press(keyPress(key, .ended))))
    }

    /// Types `text` as key presses, one key down and up per character: letters, digits and space with
    /// their HID usages (capitals with shift), `"\n"` as Return, `"\u{8}"` as Delete; other characters
    /// as keys with no usage code.
    public func typeText(_ text: String) {
        for character in text {
            let key = EventSimulator.key(for: character)
            keyDown(key)
            keyUp(key)
        }
    }

    static func key(for character: Character) -> HIDEvent.KeyDescription {
        HIDEvent.KeyDescription.typed(String(character))
    }

    // MARK: Machinery

    private func keyPress(_ key: HIDEvent.KeyDescription, _ phase: UIPress.Phase) -> HIDEvent.Press {
        HIDEvent.Press(key: key, phase: phase)
    }

    private func sample(_ finger: Int, _ phase: UITouch.Phase, _ location: CGPoint, force: CGFloat = 0) -> HIDEvent.Touch {
        HIDEvent.Touch(finger: finger, phase: phase, location: location, force: force)
    }

    func send(_ samples: [HIDEvent.Touch]) {
        for sample in samples {
            switch sample.phase {
            case .began, .moved, .stationary: fingerLocations[sample.finger] = sample.location
            case .ended, .cancelled: fingerLocations[sample.finger] = nil
            }
        }
        post(HIDEvent(timestamp: now, payload: .touches(samples)))
    }

    /// Posts `event` to the application's port, or hands it to the ``system`` to route; without a
    /// ``loopRate``, turns the loop to handle it.
    func post(_ event: HIDEvent) {
        if let system { system.send(event) } else { application.inputPort.post(event) }
        guard loopRate == nil, application.inputDeferringDepth == 0 else { return }
        turnLoop()
    }

    /// A finger number no touch uses, for the one-finger gestures.
    func freeFinger() -> Int {
        var finger = 1000
        while fingerLocations[finger] != nil { finger += 1 }
        return finger
    }
}
