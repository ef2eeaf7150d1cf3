// Modern input in the generated scenes (section U): a pointer that hovers and clicks, a trackpad and a
// wheel that scroll, a trackpad that pinches, a pencil, a keyboard with key commands. Drawn from a
// generator of its own (`modernRng`), so that a seed's other input and mutations are drawn as before.

import Foundation
@testable import ResponderKit

/// One modern input.
enum ModernPrimitive {
    case hover(HIDEvent.Hover)
    case scroll(HIDEvent.Scroll)
    case transform(HIDEvent.Transform)
    /// A click's or a pencil's sample: a touch of type indirectPointer or pencil, with buttons and a pose.
    case typedTouch(HIDEvent.Touch)
    case pencilTap
    case key(HIDEvent.KeyDescription, down: Bool)
    case indirectInput(Bool)
}

/// What the fake pointer, trackpad and pencil have under way.
struct ModernInputState {
    var hovering: UITouch.TouchType?
    var scrolling = false
    var transforming = false
    /// Keys down through key commands' tests, by identifier.
    var keys: [Int: HIDEvent.KeyDescription] = [:]
}

extension FuzzWorld {

    /// Gives the scene what modern input needs: hover recognizers on some views, pans that take
    /// scrolling, taps that want other buttons, recognizers limited to pencils or pointers, pencil
    /// interactions, key commands on the controllers, and the application's indirect input events.
    func prepareForModernInput() {
        app.applicationSupportsIndirectInputEvents = modernRng.chance(0.6)
        for view in views where modernRng.chance(0.15) {
            let hover = UIHoverGestureRecognizer()
            let name = nextName("h")
            hover.name = name
            hover.addTarget(target, action: FuzzActionTarget.fired)
            if modernRng.chance(0.2) { hover.allowedTouchTypes = [modernRng.pick([.indirectPointer, .pencil])] }
            if modernRng.chance(0.2) { hover.thresholds.hoverEndsOnClick = false }
            view.addGestureRecognizer(hover)
            adopt(recognizer: hover)
            tracer.register(hover, as: name)
            note(hover, "recognizer \(name)")
        }
        for recognizer in recognizers {
            if let pan = recognizer as? UIPanGestureRecognizer, modernRng.chance(0.5) {
                pan.allowedScrollTypesMask = modernRng.pick([.all, .continuous, .discrete, []])
            }
            if let tap = recognizer as? UITapGestureRecognizer, modernRng.chance(0.2) {
                tap.buttonMaskRequired = modernRng.pick([.secondary, [.primary, .secondary]])
            }
            if modernRng.chance(0.1) {
                recognizer.allowedTouchTypes = modernRng.pick([[.direct], [.pencil], [.indirectPointer], [.direct, .pencil], []])
            }
        }
        for view in views where modernRng.chance(0.05) {
            let interaction = UIPencilInteraction()
            interaction.isEnabled = !modernRng.chance(0.2)
            view.addInteraction(interaction)
        }
        for controller in controllers where modernRng.chance(0.5) {
            for input in ["s", "z", UIKeyCommand.inputUpArrow, UIKeyCommand.inputEscape] where modernRng.chance(0.5) {
                let command = modernRng.chance(0.5)
                    ? UIKeyCommand(action: ProbeController.performKeyCommand, input: input, modifierFlags: modernRng.pick([[], .command]))
                    : UIKeyCommand(input: input, modifierFlags: modernRng.pick([[], .command, [.command, .shift]]), action: "nobodyPerforms:")
                command.wantsPriorityOverSystemBehavior = modernRng.chance(0.3)
                controller.addKeyCommand(command)
            }
        }
    }

    /// A point on the screen for the pointer: usually inside some view of a window, sometimes anywhere.
    private func modernPoint() -> CGPoint {
        let attached = attachedViews().filter { $0.window?.isHidden == false }
        if modernRng.chance(0.85), let view = modernRng.maybePick(attached), let window = view.window {
            let screen = window.pointToParent(view.convert(modernRng.point(in: view.bounds), to: nil))
            if screen.x.isFinite, screen.y.isFinite, abs(screen.x) < 1e5, abs(screen.y) < 1e5 { return screen }
        }
        return CGPoint(x: modernRng.double(-20...440), y: modernRng.double(-20...780))
    }

    /// One random modern input, sometimes one a device would not send (a scroll's end with none begun,
    /// a transform that jumps, a momentum sample, a hover of the other type mid-hover).
    func randomModernInput() -> ModernPrimitive {
        let point = modernPoint()
        let modifiers: UIKeyModifierFlags = modernRng.pick([[], [], .shift, .command, [.command, .alternate]])
        switch modernRng.int(0...11) {
        case 0, 1:
            let type: UITouch.TouchType = modernRng.chance(0.8) ? .indirectPointer : .pencil
            let phase: HIDEvent.Phase = modern.hovering == nil ? .began : (modernRng.chance(0.15) ? .ended : .changed)
            return .hover(HIDEvent.Hover(phase: phase, location: point, type: type, zOffset: modernRng.double(0...1),
                                         altitudeAngle: modernRng.double(0...(.pi / 2)), azimuthAngle: modernRng.double(-4...4),
                                         modifierFlags: modifiers))
        case 2, 3:
            let type: UIScrollType = modernRng.chance(0.6) ? .continuous : .discrete
            let phase: HIDEvent.Phase = modernRng.pick(modern.scrolling ? [.changed, .changed, .changed, .ended, .cancelled] : [.began, .changed, .ended])
            return .scroll(HIDEvent.Scroll(phase: phase, location: point,
                                           delta: CGPoint(x: modernRng.double(-40...40), y: modernRng.double(-40...40)),
                                           ticks: type == .discrete && modernRng.chance(0.5) ? CGPoint(x: 0, y: modernRng.pick([-2, -1, 1])) : .zero,
                                           type: type, isMomentum: modernRng.chance(0.1), modifierFlags: modifiers))
        case 4, 5:
            let phase: HIDEvent.Phase = modernRng.pick(modern.transforming ? [.changed, .changed, .ended, .cancelled] : [.began, .changed])
            return .transform(HIDEvent.Transform(phase: phase, location: point, scale: modernRng.double(0.3...3),
                                                 rotation: modernRng.double(-3...3), modifierFlags: modifiers))
        case 6, 7, 8:
            // A click or a pencil's sample: a finger model of its own keeps it plausible, mostly.
            let down = fingers.keys.filter { $0 > Self.maxFingers && $0 <= Self.maxFingers + 4 }.sorted()
            var sample: HIDEvent.Touch
            if let finger = modernRng.maybePick(down), modernRng.chance(0.7) {
                sample = HIDEvent.Touch(finger: finger, phase: modernRng.pick([.moved, .ended, .ended, .cancelled]),
                                        location: modernRng.chance(0.5) ? fingers[finger]! : point)
            } else {
                let finger = Self.maxFingers + modernRng.int(1...4)
                sample = HIDEvent.Touch(finger: finger, phase: fingers[finger] == nil ? .began : .moved, location: point)
            }
            let pencil = sample.finger > Self.maxFingers + 2
            sample.type = pencil ? .pencil : .indirectPointer
            sample.buttonMask = pencil ? [] : modernRng.pick([.primary, .primary, .secondary, [.primary, .secondary]])
            sample.modifierFlags = modifiers
            if pencil {
                sample.force = modernRng.double(0...4)
                sample.maximumPossibleForce = EventSimulator.pencilMaximumForce
                sample.altitudeAngle = modernRng.double(0...(.pi / 2))
                sample.azimuthAngle = modernRng.double(-4...4)
            }
            return .typedTouch(sample)
        case 9:
            return .pencilTap
        case 10:
            if let (_, key) = modern.keys.first, modernRng.chance(0.6) { return .key(key, down: false) }
            let input = modernRng.pick(["s", "z", "q", UIKeyCommand.inputUpArrow, UIKeyCommand.inputEscape, UIKeyCommand.f1])
            return .key(HIDEvent.KeyDescription(input: input, modifierFlags: modifiers), down: true)
        default:
            return .indirectInput(!app.applicationSupportsIndirectInputEvents)
        }
    }

    func playModern(_ primitive: ModernPrimitive) {
        switch primitive {
        case .hover(let hover):
            describe("hover \(hover.phase.traceName) \(hover.type == .pencil ? "pencil " : "")(\(Int(hover.location.x)), \(Int(hover.location.y)))")
            modern.hovering = hover.phase.isFinished ? nil : hover.type
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .hover(hover)))
        case .scroll(let scroll):
            describe("scroll \(scroll.phase.traceName) \(scroll.type == .discrete ? "wheel" : "trackpad")\(scroll.isMomentum ? " momentum" : "")")
            if !scroll.isMomentum { modern.scrolling = !scroll.phase.isFinished }
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .scroll(scroll)))
        case .transform(let transform):
            describe("transform \(transform.phase.traceName) scale \(transform.scale)")
            modern.transforming = !transform.phase.isFinished
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .transform(transform)))
        case .typedTouch(let sample):
            describe("\(sample.type == .pencil ? "pencil" : "click") #\(sample.finger) \(sample.phase)")
            switch sample.phase {
            case .began, .moved, .stationary: fingers[sample.finger] = sample.location
            case .ended, .cancelled: fingers[sample.finger] = nil
            }
            // Through the simulator, which keeps its own model of the fingers down (its cancelAllTouches).
            sim.send([sample])
        case .pencilTap:
            describe("pencil double tap")
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .pencilTap))
        case .key(let key, let down):
            describe("key \(key.charactersIgnoringModifiers.debugDescription) \(down ? "down" : "up")")
            let press = HIDEvent.Press(key: key, phase: down ? .began : .ended)
            if down { modern.keys[press.identifier] = key } else { modern.keys[press.identifier] = nil }
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .press(press)))
        case .indirectInput(let on):
            describe("indirect input events \(on ? "on" : "off")")
            app.applicationSupportsIndirectInputEvents = on
        }
    }

    /// Ends what the pointer, trackpad, pencil and keyboard have under way, as `quiesce` does for fingers.
    func endModernInput() {
        if let type = modern.hovering { playModern(.hover(HIDEvent.Hover(phase: .ended, location: .zero, type: type))) }
        if modern.scrolling { playModern(.scroll(HIDEvent.Scroll(phase: .ended, location: .zero, delta: .zero))) }
        if modern.transforming { playModern(.transform(HIDEvent.Transform(phase: .ended, location: .zero))) }
        for (_, key) in modern.keys.sorted(by: { $0.key < $1.key }) { playModern(.key(key, down: false)) }
    }

    /// The pointer's gestures and their recognizers agree: a gesture not under way is fed to nobody; a
    /// recognizer tracking one is its receiver, in play, and the gesture is its application's.
    func checkModernInput() {
        for input in [app.hoverInput, app.scrollInput, app.transformInput] {
            if !input.isActive, !input.arbitration.receivers.isEmpty {
                ledger.fail("the \(input.kind.eventType.traceName) is over but still fed to \(input.arbitration.receivers.map(name).joined(separator: ", "))")
            }
            for recognizer in input.arbitration.receivers {
                if recognizer.arbitration.trackedPointer !== input {
                    ledger.fail("'\(name(recognizer))' receives the \(input.kind.eventType.traceName) but does not track it")
                }
                if !recognizer.arbitration.isActive {
                    ledger.fail("'\(name(recognizer))' receives the \(input.kind.eventType.traceName) but is out of play")
                }
            }
        }
        for recognizer in recognizers {
            guard let input = recognizer.arbitration.trackedPointer else { continue }
            if !input.arbitration.receivers.contains(where: { $0 === recognizer }) {
                ledger.fail("'\(name(recognizer))' tracks the \(input.kind.eventType.traceName), which does not list it")
            }
        }
    }
}
