// Random input: fingers (1 to 10 at once), gestures built from them, time, shakes, remote commands,
// button presses and typing; and the driver that plays one step at a time.

import Foundation
@testable import ResponderKit

/// One step of the driver: a single raw input, a stretch of time, or a change to the scene.
enum Primitive {
    case touches([EventSimulator.TouchChange])
    /// Touches sent as they are, even if no digitizer would send them.
    case rawTouches([EventSimulator.TouchChange])
    case advance(TimeInterval)
    case motion(HIDEvent.MotionPhase)
    case remote(UIEvent.EventSubtype)
    case press(UIPress.PressType, UIPress.Phase)
    case key(HIDEvent.KeyDescription, down: Bool)
    case cancelAllTouches
    /// What the system side does to the application on a lock, home, call or switch: cancels every
    /// touch (through the input port), then moves the application out of active and back.
    case system(SystemDecision.Reason)
    case mutation
    /// A pointer's, trackpad's, pencil's or keyboard's input (FuzzWorld+ModernInput.swift).
    case modern(ModernPrimitive)

    var isInput: Bool {
        if case .mutation = self { return false }
        return true
    }
}

extension FuzzWorld {
    static let remoteSubtypes: [UIEvent.EventSubtype] = [
        .remoteControlPlay, .remoteControlPause, .remoteControlStop, .remoteControlTogglePlayPause,
        .remoteControlNextTrack, .remoteControlPreviousTrack, .remoteControlBeginSeekingBackward,
        .remoteControlEndSeekingBackward, .remoteControlBeginSeekingForward, .remoteControlEndSeekingForward,
    ]
    static let pressTypes: [UIPress.PressType] = [.select, .select, .menu, .playPause, .upArrow, .downArrow, .leftArrow,
                                                  .rightArrow, .pageUp, .pageDown]
    static let typedCharacters: [Character] = ["a", "q", "Z", "1", "0", " ", "\n", "\u{8}", "\t", "é", "?"]
    /// Fingers the random input uses; handlers post with 19 and 20.
    static let maxFingers = 10

    // MARK: The driver

    /// Plays one step and checks the invariants. Returns false once a violation was found.
    @discardableResult
    func step() -> Bool {
        steps += 1
        ledger.step = steps
        let primitive: Primitive
        if !queue.isEmpty, !rng.chance(config.mutationRate / 3) {
            primitive = queue.removeFirst()
        } else if queue.isEmpty, !rng.chance(config.mutationRate) {
            primitive = randomInput()
        } else {
            primitive = .mutation
        }
        play(primitive)
        checkInvariants()
        // Modern input comes on top, from its own generator: the rest of the run draws as before.
        if config.modernInputRate > 0, ledger.isClean, modernRng.chance(config.modernInputRate) {
            play(.modern(randomModernInput()))
            checkInvariants()
        }
        return ledger.isClean
    }

    func play(_ primitive: Primitive) {
        if primitive.isInput { countInput() }
        switch primitive {
        case .touches(let changes):
            // Changes for fingers that are no longer down (a system cancel came in between) are dropped,
            // as a real digitizer would not send them.
            let valid = changes.filter(isPlausible)
            guard !valid.isEmpty else { return describe("touches: nothing left to send") }
            describe("touches " + valid.map(Self.describe).joined(separator: ", "))
            sendTouches(valid)
        case .rawTouches(let changes):
            describe("odd touches " + changes.map(Self.describe).joined(separator: ", "))
            for change in changes {
                switch change {
                case .down(let f, let p): if fingers[f] == nil { fingers[f] = p }
                case .up(let f), .cancel(let f): fingers[f] = nil
                case .move: break
                }
            }
            sim.touch(changes)
        case .advance(let interval):
            describe("advance \(interval) s")
            sim.advance(by: interval)
        case .motion(let phase):
            describe("motion \(phase)")
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .motion(.motionShake, phase)))
        case .remote(let subtype):
            describe("remote \(subtype)")
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .remoteControl(subtype)))
        case .press(let type, let phase):
            describe("press \(type.rawValue) \(phase)")
            switch phase {
            case .began: pressedButtons.insert(type.rawValue)
            case .ended, .cancelled: pressedButtons.remove(type.rawValue)
            default: break
            }
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .press(.init(identifier: type.rawValue, phase: phase, type: type))))
        case .key(let key, let down):
            describe("key \(key.characters.debugDescription) \(down ? "down" : "up")")
            let identifier = (1 << 20) + key.keyCode.rawValue
            if down {
                pressedKeys[identifier] = key
                sim.keyDown(key)
            } else {
                pressedKeys[identifier] = nil
                sim.keyUp(key)
            }
        case .cancelAllTouches:
            describe("system cancels every touch")
            fingers.removeAll()
            sim.cancelAllTouches()
        case .system(let reason):
            describe("system: \(reason.rawValue)")
            fingers.removeAll()
            app.cancelTouchesForSystem(reason: reason, name: "UIApplication")
            app.moveToState(reason == .home || reason == .applicationSwitch ? .background : .inactive, name: "UIApplication")
            app.moveToState(.active, name: "UIApplication")
        case .mutation:
            mutate()
        case .modern(let primitive):
            playModern(primitive)
        }
    }

    private func countInput() { inputEvents += 1 }

    func describe(_ text: String) {
        ledger.stepDescription = text
        tracer.note("step \(steps): \(text)")
    }

    private func isPlausible(_ change: EventSimulator.TouchChange) -> Bool {
        switch change {
        case .down(let finger, _): return fingers[finger] == nil
        case .move(let finger, _), .up(let finger), .cancel(let finger): return fingers[finger] != nil
        }
    }

    /// Sends one touch event, keeping the model of the fingers down.
    func sendTouches(_ changes: [EventSimulator.TouchChange]) {
        for change in changes {
            switch change {
            case .down(let finger, let point), .move(let finger, let point): fingers[finger] = point
            case .up(let finger), .cancel(let finger): fingers[finger] = nil
            }
        }
        sim.touch(changes)
    }

    static func describe(_ change: EventSimulator.TouchChange) -> String {
        func p(_ point: CGPoint) -> String { "(\(Int(point.x.rounded())), \(Int(point.y.rounded())))" }
        switch change {
        case .down(let finger, let point): return "#\(finger) down \(p(point))"
        case .move(let finger, let point): return "#\(finger) move \(p(point))"
        case .up(let finger): return "#\(finger) up"
        case .cancel(let finger): return "#\(finger) cancel"
        }
    }

    // MARK: Random input

    private func freeFinger() -> Int? {
        let free = (1...Self.maxFingers).filter { fingers[$0] == nil && !queuedFingers.contains($0) }
        return rng.maybePick(free)
    }

    /// Fingers already promised to queued gestures.
    private var queuedFingers: Set<Int> {
        var result: Set<Int> = []
        for primitive in queue {
            if case .touches(let changes) = primitive {
                for change in changes {
                    switch change {
                    case .down(let f, _), .move(let f, _), .up(let f), .cancel(let f): result.insert(f)
                    }
                }
            }
        }
        return result
    }

    /// A point on the screen: usually inside some view of a window, sometimes anywhere.
    func targetPoint() -> CGPoint {
        let attached = attachedViews().filter { $0.window?.isHidden == false }
        let candidates = rng.chance(0.5) ? attached.filter { $0.attachedRecognizers.contains(where: \.isEnabled) } : attached
        if rng.chance(0.85), let view = rng.maybePick(candidates), let window = view.window {
            let local = rng.point(in: view.bounds)
            let screen = window.pointToParent(view.convert(local, to: nil))
            if screen.x.isFinite, screen.y.isFinite, abs(screen.x) < 1e5, abs(screen.y) < 1e5 { return screen }
        }
        return CGPoint(x: rng.double(-20...440), y: rng.double(-20...780))
    }

    private func near(_ point: CGPoint, _ radius: Double) -> CGPoint {
        CGPoint(x: point.x + rng.double(-radius...radius), y: point.y + rng.double(-radius...radius))
    }

    private func randomInput() -> Primitive {
        switch rng.double(0...1) {
        case ..<0.30: return randomTouchEvent()
        case ..<0.62:
            queueGesture()
            return queue.isEmpty ? .advance(0.01) : queue.removeFirst()
        case ..<0.78: return .advance(rng.pick([0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.36, 0.5, 0.6, 1.0, 1.6, 3.0]))
        case ..<0.81:
            if motionActive {
                motionActive = false
                return .motion(rng.chance(0.85) ? .ended : .cancelled)
            }
            motionActive = true
            return .motion(.began)
        case ..<0.84: return .remote(rng.pick(Self.remoteSubtypes))
        case ..<0.90:
            let type = rng.pick(Self.pressTypes)
            if pressedButtons.contains(type.rawValue) {
                return .press(type, rng.pick([.ended, .ended, .ended, .changed, .cancelled]))
            }
            return .press(type, rng.chance(0.95) ? .began : .ended)
        case ..<0.96:
            if let (identifier, key) = pressedKeys.first, rng.chance(0.7) {
                _ = identifier
                return .key(key, down: false)
            }
            let key = EventSimulator.key(for: rng.pick(Self.typedCharacters))
            return .key(key, down: true)
        case ..<0.9625: return .cancelAllTouches
        case ..<0.965: return .system(rng.pick([.lock, .home, .interruption, .applicationSwitch]))
        default: return randomOddTouchEvent()
        }
    }

    /// One touch event changing 1 to 3 fingers.
    private func randomTouchEvent() -> Primitive {
        var changes: [EventSimulator.TouchChange] = []
        var used: Set<Int> = []
        for _ in 0..<rng.pick([1, 1, 1, 1, 2, 3]) {
            let down = fingers.keys.filter { !used.contains($0) && !queuedFingers.contains($0) }
            if down.isEmpty || (fingers.count < Self.maxFingers && rng.chance(0.35)) {
                guard let finger = freeFinger(), !used.contains(finger) else { continue }
                used.insert(finger)
                changes.append(.down(finger, at: targetPoint()))
            } else {
                let finger = rng.pick(down.sorted())
                used.insert(finger)
                switch rng.double(0...1) {
                case ..<0.6:
                    let to = rng.chance(0.7) ? near(fingers[finger]!, rng.pick([2, 8, 30, 80])) : targetPoint()
                    changes.append(.move(finger, to: to))
                case ..<0.94: changes.append(.up(finger))
                default: changes.append(.cancel(finger))
                }
            }
        }
        return changes.isEmpty ? .advance(0.01) : .touches(changes)
    }

    /// Input a digitizer should not send, which the engine must still survive: a finger that goes down
    /// twice, lifts without going down, or changes twice in one event.
    private func randomOddTouchEvent() -> Primitive {
        let finger = rng.int(1...Self.maxFingers)
        let point = targetPoint()
        switch rng.int(0...3) {
        case 0: return .rawTouches([.up(finger)])
        case 1: return .rawTouches([.down(finger, at: point), .move(finger, to: near(point, 20))])
        case 2: return .rawTouches([.down(finger, at: point), .up(finger)])
        default: return .rawTouches([.cancel(finger)])
        }
    }

    /// Queues a whole gesture: taps, multi-finger taps, long presses, drags, swipes, pinches.
    private func queueGesture() {
        if rng.chance(0.5), queueSuitedGesture() { return }
        guard let first = freeFinger() else { return }
        let start = targetPoint()
        switch rng.int(0...7) {
        case 0:
            queue += [.touches([.down(first, at: start)]), .touches([.up(first)])]
        case 1:
            queue += [.touches([.down(first, at: start)]), .touches([.up(first)]), .advance(rng.pick([0.05, 0.1, 0.2])),
                      .touches([.down(first, at: near(start, 5))]), .touches([.up(first)])]
        case 2:
            var chosen = [first]
            for _ in 0..<rng.int(1...2) {
                if let f = (1...Self.maxFingers).filter({ fingers[$0] == nil && !chosen.contains($0) && !queuedFingers.contains($0) }).first {
                    chosen.append(f)
                }
            }
            queue += [.touches(chosen.map { .down($0, at: near(start, 30)) }), .advance(0.05), .touches(chosen.map { .up($0) })]
        case 3:
            queue += [.touches([.down(first, at: start)]), .advance(rng.pick([0.2, 0.55, 0.6, 1.2])), .touches([.up(first)])]
        case 4, 5:
            let angle = rng.double(0...(2 * .pi))
            let distance = rng.pick([15.0, 60, 120, 250])
            let count = rng.int(2...8)
            let dt = rng.pick([0.01, 0.03, 0.1])
            queue.append(.touches([.down(first, at: start)]))
            for i in 1...count {
                let f = Double(i) / Double(count)
                queue += [.advance(dt), .touches([.move(first, to: CGPoint(x: start.x + cos(angle) * distance * f,
                                                                            y: start.y + sin(angle) * distance * f))])]
            }
            queue.append(.touches([.up(first)]))
        default:
            guard let second = (1...Self.maxFingers).filter({ fingers[$0] == nil && $0 != first && !queuedFingers.contains($0) }).first else { return }
            let radius = rng.double(20...80)
            let spread = rng.double(0.4...2.5)
            let turn = rng.double(-1.5...1.5)
            let count = rng.int(2...6)
            func points(_ f: Double) -> (CGPoint, CGPoint) {
                let r = radius * (1 + (spread - 1) * f), a = turn * f
                return (CGPoint(x: start.x - cos(a) * r, y: start.y - sin(a) * r), CGPoint(x: start.x + cos(a) * r, y: start.y + sin(a) * r))
            }
            let p0 = points(0)
            queue.append(.touches([.down(first, at: p0.0), .down(second, at: p0.1)]))
            for i in 1...count {
                let p = points(Double(i) / Double(count))
                queue += [.advance(0.03), .touches([.move(first, to: p.0), .move(second, to: p.1)])]
            }
            queue.append(.touches([.up(first), .up(second)]))
        }
    }

    /// Queues the gesture one recognizer in a visible window is waiting for: the taps and fingers it
    /// requires, a hold past its duration, a drag, a swipe along one of its directions, two fingers
    /// pinching and turning, an edge pan. Returns false when there is no such recognizer or fingers.
    private func queueSuitedGesture() -> Bool {
        let candidates = attachedViews().filter { $0.window?.isHidden == false && $0.attachedRecognizers.contains(where: \.isEnabled) }
        guard let view = rng.maybePick(candidates), let window = view.window,
              let recognizer = rng.maybePick(view.attachedRecognizers.filter(\.isEnabled)) else { return false }
        let local = rng.point(in: view.bounds.insetBy(dx: view.bounds.width * 0.3, dy: view.bounds.height * 0.3))
        let start = window.pointToParent(view.convert(local, to: nil))
        guard start.x.isFinite, start.y.isFinite, abs(start.x) < 1e5, abs(start.y) < 1e5 else { return false }
        func fingersFor(_ count: Int) -> [Int]? {
            let free = (1...Self.maxFingers).filter { fingers[$0] == nil && !queuedFingers.contains($0) }
            return free.count >= count ? Array(free.prefix(count)) : nil
        }
        func downs(_ list: [Int], _ at: CGPoint) -> Primitive {
            .touches(list.enumerated().map { .down($1, at: CGPoint(x: at.x + CGFloat($0) * 12, y: at.y)) })
        }
        func moves(_ list: [Int], _ at: CGPoint) -> Primitive {
            .touches(list.enumerated().map { .move($1, to: CGPoint(x: at.x + CGFloat($0) * 12, y: at.y)) })
        }
        func ups(_ list: [Int]) -> Primitive { .touches(list.map { .up($0) }) }
        switch recognizer {
        case let tap as UITapGestureRecognizer:
            guard let list = fingersFor(tap.numberOfTouchesRequired) else { return false }
            for index in 0..<tap.numberOfTapsRequired {
                if index > 0 { queue.append(.advance(0.1)) }
                queue += [downs(list, start), ups(list)]
            }
        case let press as UILongPressGestureRecognizer:
            guard let list = fingersFor(press.numberOfTouchesRequired) else { return false }
            for _ in 0..<press.numberOfTapsRequired { queue += [downs(list, start), ups(list), .advance(0.1)] }
            queue += [downs(list, start), .advance(press.minimumPressDuration + 0.05)]
            if rng.chance(0.5) { queue += [moves(list, near(start, 30)), .advance(0.05), moves(list, near(start, 30))] }
            queue.append(ups(list))
        case let swipe as UISwipeGestureRecognizer:
            guard let list = fingersFor(swipe.numberOfTouchesRequired) else { return false }
            let options: [(UISwipeGestureRecognizer.Direction, CGFloat, CGFloat)] = [(.right, 1, 0), (.left, -1, 0), (.down, 0, 1), (.up, 0, -1)]
            let (_, dx, dy) = rng.pick(options.filter { swipe.direction.contains($0.0) })
            queue.append(downs(list, start))
            for i in 1...4 {
                queue += [.advance(0.02), moves(list, CGPoint(x: start.x + dx * 30 * CGFloat(i), y: start.y + dy * 30 * CGFloat(i)))]
            }
            queue.append(ups(list))
        case let edge as UIScreenEdgePanGestureRecognizer:
            guard let finger = fingersFor(1)?.first else { return false }
            let frame = window.frame
            var at = start
            if edge.edges.contains(.left) { at.x = frame.minX + 5 } else if edge.edges.contains(.right) { at.x = frame.maxX - 5 }
            else if edge.edges.contains(.top) { at.y = frame.minY + 5 } else if edge.edges.contains(.bottom) { at.y = frame.maxY - 5 }
            queue.append(.touches([.down(finger, at: at)]))
            for i in 1...5 { queue += [.advance(0.03), .touches([.move(finger, to: CGPoint(x: at.x + 15 * CGFloat(i), y: at.y + 4 * CGFloat(i)))])] }
            queue.append(.touches([.up(finger)]))
        case let pan as UIPanGestureRecognizer:
            guard let list = fingersFor(max(1, min(pan.minimumNumberOfTouches, 3))) else { return false }
            let angle = rng.double(0...(2 * .pi))
            queue.append(downs(list, start))
            for i in 1...rng.int(3...8) {
                queue += [.advance(0.03), moves(list, CGPoint(x: start.x + cos(angle) * 12 * CGFloat(i), y: start.y + sin(angle) * 12 * CGFloat(i)))]
            }
            queue.append(ups(list))
        default:
            // Pinch and rotation: two fingers spreading and turning.
            guard let list = fingersFor(2) else { return false }
            let spread = rng.double(0.5...2), turn = rng.double(-1...1)
            func points(_ f: Double) -> [EventSimulator.TouchChange] {
                let r = 40 * (1 + (spread - 1) * f), a = turn * f
                return [.move(list[0], to: CGPoint(x: start.x - cos(a) * r, y: start.y - sin(a) * r)),
                        .move(list[1], to: CGPoint(x: start.x + cos(a) * r, y: start.y + sin(a) * r))]
            }
            let begin = points(0).map { change -> EventSimulator.TouchChange in
                if case .move(let f, let p) = change { return .down(f, at: p) }
                return change
            }
            queue.append(.touches(begin))
            for i in 1...5 { queue += [.advance(0.03), .touches(points(Double(i) / 5))] }
            queue.append(ups(list))
        }
        return true
    }

    // MARK: Ending

    /// Lifts every finger, releases every button and key, ends the shake and lets every timer run out.
    func quiesce() {
        queue.removeAll()
        while ignoringDepth > 0 {
            app.endIgnoringInteractionEvents()
            ignoringDepth -= 1
        }
        if motionActive {
            motionActive = false
            play(.motion(.ended))
        }
        for finger in fingers.keys.sorted() { play(.touches([rng.chance(0.8) ? .up(finger) : .cancel(finger)])) }
        for identifier in pressedButtons.sorted() {
            play(.press(UIPress.PressType(rawValue: identifier), .ended))
        }
        for (_, key) in pressedKeys.sorted(by: { $0.key < $1.key }) { play(.key(key, down: false)) }
        endModernInput()
        play(.advance(10))
        play(.advance(10))
    }
}
