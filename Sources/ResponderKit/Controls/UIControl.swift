import Foundation

/// The base class of controls: it tracks one touch, turns it into control events, and sends actions.
///
/// Tracking (section F): on touch-down the control asks ``beginTracking(_:with:)`` and sends
/// `.touchDown` (with `.touchDownRepeat` for a repeated tap); each move asks ``continueTracking(_:with:)``
/// and sends a drag event, inside or outside, with enter/exit when the touch crosses the touch zone —
/// the bounds grown by ``touchInsideMargin`` (R12); lifting sends `.touchUpInside` or `.touchUpOutside`;
/// a cancel sends `.touchCancel`. ``isHighlighted`` follows the touch while tracking. Controls handle
/// their touches themselves: nothing is forwarded up the responder chain.
///
/// Targets are held weakly; a pair whose target is gone is skipped. A disabled control is skipped by
/// hit-testing (R11), so the touch goes to whatever is behind it.
///
/// See <doc:ControlsAndTargetAction>.
@MainActor
open class UIControl: UIView {
    /// Traces name this class and its subclasses "UIControl".
    override var traceClassName: String { "UIControl" }


    // MARK: State

    /// Whether the control responds to touches. A disabled control is not hit (R11).
    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether the control is highlighted: true while a tracked touch is inside the touch zone.
    open var isHighlighted = false
    /// The control's state: highlighted, disabled, selected, combined.
    open var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether the control is tracking a touch.
    public internal(set) var isTracking = false
    /// Whether the tracked touch is inside the touch zone (R12).
    public internal(set) var isTouchInside = false
    /// How far beyond its bounds a tracked touch still counts as inside (R12). 70 pt by default, as
    /// UIKit does on devices.
    open var touchInsideMargin: CGFloat = 70

    // MARK: Tracking (override points)

    /// A touch began; return whether to track it. True by default.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return whether to go on tracking it. True by default.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted. Subclasses call super.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) { isTracking = false }
    /// The tracked touch was cancelled. Subclasses call super.
    open func cancelTracking(with event: UIEvent?) { isTracking = false }

    // MARK: Touches

    /// The touch being tracked. Held through its link, not weakly (see ``WeakLink``).
    private var trackedTouch: UITouch? {
        get { trackedTouchLink?.object }
        set { trackedTouchLink = newValue?.link }
    }
    private var trackedTouchLink: WeakLink<UITouch>?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // Only a touch bound to the control itself is tracked, not one a subview passes up the chain: as in
        // UIKit, a subview that takes touches keeps a button from firing. Tracked, such a touch could lose
        // its end on the way (the chain changed mid-touch) and leave the control tracking, highlighted, for ever.
        guard trackedTouch == nil,
              let touch = touches.filter({ $0.view === self }).min(by: { $0.finger < $1.finger }) else { return }
        trackedTouch = touch
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        if isTracking {
            isHighlighted = true
            sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideTouchZone(touch)
        guard isTracking else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        isHighlighted = isTouchInside
        var events: Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if wasInside != isTouchInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        isTouchInside = isInsideTouchZone(touch)
        // F3: only a tracked touch ends in touch-up: none after beginTracking or continueTracking said no
        // (F3 follows Chameleon here; so a slider touched off its thumb sends nothing at all).
        let wasTracking = isTracking
        if wasTracking { endTracking(touch, with: event) }
        let inside = isTouchInside
        finishTracking()
        if wasTracking { sendActions(for: inside ? touchUpInsideEvents : .touchUpOutside, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        // F4: cancelTracking and `.touchCancel` only for a touch still being tracked.
        let wasTracking = isTracking
        if wasTracking { cancelTracking(with: event) }
        finishTracking()
        if wasTracking { sendActions(for: .touchCancel, with: event) }
    }

    /// The events a touch lifting inside sends; buttons add their primary action (F6).
    var touchUpInsideEvents: Event { .touchUpInside }

    private func finishTracking() {
        trackedTouch = nil
        isTracking = false
        isTouchInside = false
        isHighlighted = false
    }

    /// Whether `touch` is within the bounds grown by ``touchInsideMargin`` (R12).
    func isInsideTouchZone(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -touchInsideMargin, dy: -touchInsideMargin).contains(touch.location(in: self))
    }

    // MARK: Targets and actions

    struct Entry {
        enum Kind {
            case method(weak: WeakTarget, invoke: @MainActor (AnyObject, UIControl, UIEvent?) -> Void)
            case selector(target: WeakTarget?, Selector)
            case action(UIAction)
        }
        var kind: Kind
        var events: Event
    }

    struct WeakTarget {
        weak var object: AnyObject?
    }

    var entries: [Entry] = []

    /// Adds an action: an unbound method of `target`'s type taking this control, sent for `controlEvents`.
    /// The target is held weakly.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> (Self) -> Void, for controlEvents: Event) {
        // The target is the `T` stored with the entry, and the control this one: neither cast can fail.
        entries.append(Entry(kind: .method(weak: WeakTarget(object: target), invoke: { target, control, _ in
            action(target as! T)(control as! Self)
        }), events: controlEvents))
    }

    /// Adds an action: an unbound method of `target`'s type without parameters. The target is held weakly.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> () -> Void, for controlEvents: Event) {
        entries.append(Entry(kind: .method(weak: WeakTarget(object: target), invoke: { target, _, _ in
            action(target as! T)()
        }), events: controlEvents))
    }

    /// Adds an action by selector. A nil target sends it up the responder chain, from the first
    /// responder (or, with none, from this control) to whoever can perform it (R15, R17). A target is
    /// held weakly.
    ///
    /// Without the Objective-C runtime only a ``UIResponder`` can perform a selector, through
    /// ``UIResponder/perform(_:with:)`` (R17): any other target is a programming error, which traps here
    /// with a message saying so, as a recognizer's `init(target:action:)` does. Where code written
    /// for UIKit passes `#selector(save)`, pass the method itself instead:
    /// `button.addTarget(self, action: Controller.save, for: .touchUpInside)`.
    public func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        var weak: WeakTarget?
        if let target {
            guard let responder = target as? UIResponder else {
                preconditionFailure("\(type(of: self)): the target of the action '\(action)' is a \(type(of: target)), "
                    + "which cannot perform a Selector: only a UIResponder does, through perform(_:with:). Pass a "
                    + "method reference instead, such as addTarget(target, action: \(type(of: target)).handle, for: …), "
                    + "or a nil target to send the action up the responder chain")
            }
            weak = WeakTarget(object: responder)
        }
        entries.append(Entry(kind: .selector(target: weak, action), events: controlEvents))
    }

    /// Removes `controlEvents` from matching pairs; a pair left with no events goes. A nil target matches
    /// every target; a nil action every action of the target. (Unbound method references cannot be
    /// compared in Swift: those pairs are removed with a nil action.)
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let target = target.map { $0 as AnyObject }
        entries = entries.compactMap { entry in
            var entry = entry
            let matches: Bool
            switch entry.kind {
            case .method(let weak, _):
                matches = (target == nil || weak.object === target) && action == nil
            case .selector(let weak, let selector):
                matches = (target == nil || weak?.object === target) && (action == nil || action == selector)
            case .action:
                matches = false
            }
            guard matches else { return entry }
            entry.events.subtract(controlEvents)
            return entry.events.isEmpty ? nil : entry
        }
    }

    /// Adds a `UIAction` for `controlEvents`; one with the same identifier is replaced.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
        entries.append(Entry(kind: .action(action), events: controlEvents))
    }

    /// Removes a `UIAction` from `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the `UIAction` with `actionIdentifier` from `controlEvents`.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        entries = entries.compactMap { entry in
            guard case .action(let existing) = entry.kind, existing.identifier == actionIdentifier else { return entry }
            var entry = entry
            entry.events.subtract(controlEvents)
            return entry.events.isEmpty ? nil : entry
        }
    }

    /// The live targets of the control's target-action pairs, each once (nil targets are not listed).
    public var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for entry in entries {
            let target: AnyObject?
            switch entry.kind {
            case .method(let weak, _): target = weak.object
            case .selector(let weak, _): target = weak?.object
            case .action: target = nil
            }
            if let target, !result.contains(where: { $0 === target }) { result.append(target) }
        }
        return result
    }

    /// Sends the actions registered for any of `controlEvents`, in the order they were added.
    public func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Sends a selector action through ``UIApplication/sendAction(_:to:from:for:)`` (F7).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        application.sendAction(action, to: target, from: self, for: event)
    }

    /// The application the control's actions go through: its window's, or the shared one.
    var application: UIApplication { window?.application ?? .shared }

    func sendActions(for controlEvents: Event, with event: UIEvent?) {
        let application = self.application
        application.report(.controlEvents(control: traceSubject, events: controlEvents))
        for entry in entries where !entry.events.isDisjoint(with: controlEvents) {
            let label = entry.events.intersection(controlEvents).names.joined(separator: "+")
            switch entry.kind {
            case .method(let weak, let invoke):
                guard let target = weak.object else {
                    application.report(.controlTargetGone(control: traceSubject, action: label))
                    continue
                }
                application.report(.controlAction(control: traceSubject, action: label, target: TraceIdentity.subject(of: target)))
                invoke(target, self, event)
            case .selector(let weak, let selector):
                if let weak, weak.object == nil {
                    application.report(.controlTargetGone(control: traceSubject, action: selector.name))
                    continue
                }
                sendAction(selector, to: weak?.object, for: event)
            case .action(let action):
                application.report(.controlAction(control: traceSubject, action: "UIAction '\(action.title)'", target: nil))
                action.perform(from: self)
            }
        }
    }

    // MARK: Hit-testing

    override var hitTestSkipReason: TraceRecord.HitTestSkip? {
        if let reason = super.hitTestSkipReason { return reason }
        return isEnabled ? nil : .disabled
    }
}
