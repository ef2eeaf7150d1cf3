import Foundation

/// What the simulator's pointer and pencil are doing, between calls.
struct SimulatedDevices {
    /// Where the pointer is, once it has come over the screen; nil after it left.
    var pointerLocation: CGPoint?
    /// Whether the pointer hovers (a hover is under way, no button down).
    var isHovering = false
    /// The finger of the click under way, and its buttons and modifier keys.
    var click: (finger: Int, buttons: UIEvent.ButtonMask, modifiers: UIKeyModifierFlags)?
    /// The pencil on the screen: its finger, where it is and its pose.
    var pencil: (finger: Int, location: CGPoint, force: CGFloat, altitude: CGFloat, azimuth: CGFloat)?
    /// The last pencil sample whose properties are to be refined, by its update index.
    var pencilEstimationIndex: Int?
    /// Whether the pencil hovers above the screen, and where.
    var isPencilHovering = false
    var pencilHoverLocation = CGPoint.zero
}

/// A mouse or trackpad: the pointer hovers, clicks (touches of type ``UITouch/TouchType/indirectPointer``
/// with buttons), scrolls and pinches (U1–U3).
extension EventSimulator {

    /// Where the pointer is, in screen coordinates; nil before it comes over the screen and after it leaves.
    public var pointerLocation: CGPoint? { devices.pointerLocation }

    /// Moves the pointer to `location`: a hover (its beginning, the first time), or, with a button down
    /// (``pointerDown(at:buttons:modifierFlags:)``), a drag of the click.
    public func pointerMove(to location: CGPoint, modifierFlags: UIKeyModifierFlags = []) {
        devices.pointerLocation = location
        if let click = devices.click {
            var sample = HIDEvent.Touch(finger: click.finger, phase: .moved, location: location, type: .indirectPointer)
            sample.buttonMask = click.buttons
            sample.modifierFlags = modifierFlags.union(click.modifiers)
            return send([sample])
        }
        let phase: HIDEvent.Phase = devices.isHovering ? .changed : .began
        devices.isHovering = true
        post(HIDEvent(timestamp: now, payload: .hover(HIDEvent.Hover(phase: phase, location: location, modifierFlags: modifierFlags))))
    }

    /// The pointer leaves the screen: the hover ends.
    public func pointerExit() {
        guard let location = devices.pointerLocation else { return }
        if devices.isHovering {
            post(HIDEvent(timestamp: now, payload: .hover(HIDEvent.Hover(phase: .ended, location: location))))
        }
        devices.isHovering = false
        devices.pointerLocation = nil
    }

    /// Presses `buttons` at `location` (moving the pointer there first): a touch of type
    /// ``UITouch/TouchType/indirectPointer`` (`.direct` without
    /// ``UIApplication/applicationSupportsIndirectInputEvents``) begins, and the hover ends (U1).
    public func pointerDown(at location: CGPoint, buttons: UIEvent.ButtonMask = .primary, modifierFlags: UIKeyModifierFlags = []) {
        if devices.click != nil { pointerUp() }
        if devices.pointerLocation != location { pointerMove(to: location, modifierFlags: modifierFlags) }
        let finger = freeFinger()
        devices.click = (finger, buttons, modifierFlags)
        // A click ends the hover (Thresholds.hoverEndsOnClick); the next move hovers again.
        devices.isHovering = false
        var sample = HIDEvent.Touch(finger: finger, phase: .began, location: location, type: .indirectPointer)
        sample.buttonMask = buttons
        sample.modifierFlags = modifierFlags
        send([sample])
    }

    /// Releases the buttons of the click under way, where the pointer is.
    public func pointerUp() {
        guard let click = devices.click, let location = devices.pointerLocation else { return }
        devices.click = nil
        var sample = HIDEvent.Touch(finger: click.finger, phase: .ended, location: location, type: .indirectPointer)
        sample.buttonMask = click.buttons
        sample.modifierFlags = click.modifiers
        send([sample])
    }

    /// A click: the pointer moves to `location`, presses `buttons` and releases them, with no time
    /// passing in between. Two clicks in a row are a double click (``UITouch/tapCount`` 2).
    public func click(at location: CGPoint, buttons: UIEvent.ButtonMask = .primary, modifierFlags: UIKeyModifierFlags = []) {
        pointerDown(at: location, buttons: buttons, modifierFlags: modifierFlags)
        pointerUp()
    }

    /// Scrolls the content under `location` by `translation` points (as a finger dragging it would: a
    /// negative `y` moves it up), in `steps` steps over `duration` (U3).
    ///
    /// A trackpad (`.continuous`) begins, steps and ends, as two fingers lifting after the last step; a
    /// wheel (`.discrete`) sends a notch per step and no end, and the simulator then waits
    /// ``Thresholds/scrollEndDelay`` for the application to end the scroll, so that it is over when the
    /// call returns.
    public func scroll(by translation: CGPoint, at location: CGPoint, type: UIScrollType = .continuous,
                       duration: TimeInterval = 0.2, steps: Int = 10, modifierFlags: UIKeyModifierFlags = []) {
        devices.pointerLocation = location
        let count = max(1, steps)
        let step = CGPoint(x: translation.x / CGFloat(count), y: translation.y / CGFloat(count))
        if type == .continuous {
            postScroll(.began, location, .zero, type, modifierFlags)
        }
        for index in 0 ..< count {
            if type == .continuous || index > 0 { advance(by: duration / Double(count)) }
            postScroll(.changed, location, step, type, modifierFlags)
        }
        if type == .continuous {
            postScroll(.ended, location, .zero, type, modifierFlags)
        } else {
            advance(by: application.thresholds.scrollEndDelay)
        }
    }

    /// One scroll sample, as a device reports it: `delta` is how far the content moves (a wheel's notches
    /// as points). Nothing waits: a scroll of samples without `.began` and `.ended`, as a browser's
    /// wheel events are, ends when the application sees no sample for ``Thresholds/scrollEndDelay``.
    public func scrollSample(_ phase: HIDEvent.Phase, by delta: CGPoint, at location: CGPoint, type: UIScrollType = .continuous,
                             modifierFlags: UIKeyModifierFlags = []) {
        devices.pointerLocation = location
        postScroll(phase, location, delta, type, modifierFlags)
    }

    /// One trackpad transform sample, as a device reports it: `scale` and `rotation` (radians) since the
    /// transform began (U2).
    public func trackpadTransformSample(_ phase: HIDEvent.Phase, at location: CGPoint, scale: CGFloat = 1, rotation: CGFloat = 0) {
        devices.pointerLocation = location
        post(HIDEvent(timestamp: now, payload: .transform(HIDEvent.Transform(phase: phase, location: location, scale: scale,
                                                                               rotation: rotation))))
    }

    private func postScroll(_ phase: HIDEvent.Phase, _ location: CGPoint, _ delta: CGPoint, _ type: UIScrollType,
                            _ modifiers: UIKeyModifierFlags) {
        post(HIDEvent(timestamp: now, payload: .scroll(HIDEvent.Scroll(phase: phase, location: location, delta: delta, type: type,
                                                                        modifierFlags: modifiers))))
    }

    /// A pinch on a trackpad at `location`, reaching `scale` in `steps` over `duration` (U2).
    public func trackpadPinch(at location: CGPoint, scale: CGFloat, duration: TimeInterval = 0.3, steps: Int = 10) {
        trackpadTransform(at: location, duration: duration, steps: steps) { fraction in (1 + (scale - 1) * fraction, 0) }
    }

    /// A rotation on a trackpad at `location`, turning by `angle` radians (clockwise positive) in `steps`
    /// over `duration` (U2).
    public func trackpadRotate(at location: CGPoint, by angle: CGFloat, duration: TimeInterval = 0.3, steps: Int = 10) {
        trackpadTransform(at: location, duration: duration, steps: steps) { fraction in (1, angle * fraction) }
    }

    private func trackpadTransform(at location: CGPoint, duration: TimeInterval, steps: Int,
                                   values: (CGFloat) -> (scale: CGFloat, rotation: CGFloat)) {
        devices.pointerLocation = location
        let count = max(1, steps)
        post(HIDEvent(timestamp: now, payload: .transform(HIDEvent.Transform(phase: .began, location: location))))
        var last = (scale: CGFloat(1), rotation: CGFloat(0))
        for index in 1 ... count {
            advance(by: duration / Double(count))
            last = values(CGFloat(index) / CGFloat(count))
            post(HIDEvent(timestamp: now, payload: .transform(HIDEvent.Transform(phase: .changed, location: location,
                                                                                   scale: last.scale, rotation: last.rotation))))
        }
        post(HIDEvent(timestamp: now, payload: .transform(HIDEvent.Transform(phase: .ended, location: location,
                                                                               scale: last.scale, rotation: last.rotation))))
    }
}
