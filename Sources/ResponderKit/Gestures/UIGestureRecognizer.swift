import Foundation

/// The base class of gesture recognizers: a state machine fed with touches (and presses) before the
/// views get them, arbitrated against the other recognizers that see the same touches.
///
/// A recognizer attached to a view sees every touch that begins in that view or its subviews (R5). It
/// starts in `.possible`; a discrete recognizer moves to `.recognized` or `.failed`, a continuous one
/// through `.began`, `.changed`… to `.ended` or `.cancelled`, and may fail on the way (D4). Every
/// change of ``state`` is checked against that table, and an invalid one is refused and reported to the
/// tracer. Actions are sent on `.began`, `.changed`, `.ended`/`.recognized` and `.cancelled`, never on
/// `.failed` (D5).
///
/// Subclass it to write your own, as for UIKit: override `init(target:action:)` if it needs
/// initializing, override the `touches…` methods, set ``state``, and call super in ``reset()``.
///
/// See <doc:GestureArbitration> for how recognizers are fed, wait for each other and win, and <doc:RuleBook> for every rule.
@MainActor
open class UIGestureRecognizer {

    /// The states of a recognizer (D4).
    public enum State: Int, Sendable, CustomStringConvertible {
        /// Not yet recognized: the starting state.
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture ended, or a discrete one was recognized.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The gesture was not recognized.
        case failed

        /// A discrete recognizer's success: the same value as `.ended`.
        public static let recognized = State.ended

        /// A textual form for debugging and traces.
        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }

        /// Compares the raw values. (The same answer as the synthesized `==`, which this compiler builds from
        /// enum-tag reads through memory that stop the optimizer from removing the retains and releases
        /// around every comparison on the dispatch path.)
        public static func == (lhs: State, rhs: State) -> Bool { lhs.rawValue == rhs.rawValue }
    }

    // MARK: Creating recognizers

    /// Creates a recognizer that sends `action` to `target`: the designated initializer, as in UIKit.
    ///
    /// Subclasses override it (`override init(target: Any?, action: Selector?)`) or call it
    /// (`super.init(target: nil, action: nil)`); the other initializers are convenience initializers
    /// that every subclass inherits. As in UIKit, the pair is added only when both are given.
    ///
    /// Without the Objective-C runtime a ``Selector`` is performed by its target's
    /// ``UIResponder/perform(_:with:)``, so the target must be a ``UIResponder`` that overrides it; any
    /// other target traps with a message. Where code written for UIKit passes `#selector(handle(_:))`,
    /// pass the method itself to the method-reference initializer instead:
    /// `UITapGestureRecognizer(target: self, action: Controller.handle)`.
    public init(target: Any?, action: Selector?) {
        takesTouches = Self.takesTouches
        if let target, let action { addTarget(target, action: action) }
    }

    /// Creates a recognizer with no target.
    public convenience init() {
        self.init(target: nil, action: nil)
    }

    deinit {
        storedLink?.clear()
    }

    /// What timers and failure requirements hold instead of a weak reference to this recognizer (see
    /// ``WeakLink``), made the first time it is asked for (once per recognizer: it is not dispatch state).
    final var link: WeakLink<UIGestureRecognizer> { WeakLink.link(of: self, keptIn: &storedLink) }
    private final var storedLink: WeakLink<UIGestureRecognizer>?

    /// The recognizer's configuration, targets and timers, which dispatch reads each time it feeds the
    /// recognizer: fenced storage (see ``FencedStorage``), which every property below reads or writes in
    /// one access (or edits in place, for the engine's own lists).
    #if DEBUG
    private final var fenced = Fenced()
    #else
    @exclusivity(unchecked) private final var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var targetActions: [TargetAction] = []
        var isEnabled = true
        weak var delegate: UIGestureRecognizerDelegate?
        var cancelsTouchesInView = true
        var delaysTouchesBegan = false
        var delaysTouchesEnded = true
        var requiresExclusiveTouchType = true
        var allowedTouchTypes: [UITouch.TouchType] = [.direct, .indirect, .pencil, .indirectPointer]
        var thresholds = Thresholds.standard
        var name: String?
        var viewLink: WeakLink<UIResponder>?
        var requiredToFail: [WeakRecognizer] = []
        var reasonForNextChange: TraceCause?
        var timers: [EventTimer] = []
        var typeName: String?
        var className: String?
    }

    /// Creates a recognizer that calls `action` on `target` (held weakly). Pass an unbound method whose
    /// parameter is this recognizer's type, such as `Controller.handleTap` for a `UITapGestureRecognizer`.
    public convenience init<T: AnyObject>(target: T, action: @escaping (T) -> (Self) -> Void) {
        self.init(target: nil, action: nil)
        addTarget(target, action: action)
    }

    /// Creates a recognizer that calls a method without parameters on `target` (held weakly).
    public convenience init<T: AnyObject>(target: T, action: @escaping (T) -> () -> Void) {
        self.init(target: nil, action: nil)
        addTarget(target, action: action)
    }

    // MARK: Targets and actions

    // Kept apart from `UIControl`'s target-action storage on purpose: a control's pairs carry control
    // events, nil-targeted selectors and `UIAction`s, a recognizer's none of these; one shared type would
    // make each carry what only the other uses.
    // A class, not a struct: dispatch reads each pair on every event that sends actions, and copying a
    // struct that holds a weak reference goes through the runtime to copy and destroy that reference
    // (about 220 instructions a pair), where reading a class instance is one plain retain. Pairs are
    // never edited after they are made (only appended and removed), so sharing them changes nothing.
    final class TargetAction {
        weak var target: AnyObject?
        /// Set for actions added by selector, which is how they are found again for removal.
        let selector: Selector?
        let invoke: @MainActor (AnyObject, UIGestureRecognizer) -> Void

        private init(target: AnyObject, selector: Selector?, invoke: @escaping @MainActor (AnyObject, UIGestureRecognizer) -> Void) {
            self.target = target
            self.selector = selector
            self.invoke = invoke
        }

        // The pair is called with its own target and the recognizer it was added to: the first is the
        // `T` it was made with, the second the `R` whose `addTarget` made it (`Self` there), so neither
        // cast can fail. They are unchecked (a checked cast costs a trip through the runtime on every
        // action), here and nowhere else.

        /// A pair calling `action`, an unbound method of `target`'s type taking the recognizer.
        @MainActor static func method<T: AnyObject, R: UIGestureRecognizer>(_ target: T, _ action: @escaping (T) -> (R) -> Void) -> TargetAction {
            TargetAction(target: target, selector: nil) { target, recognizer in
                action(unsafeDowncast(target, to: T.self))(unsafeDowncast(recognizer, to: R.self))
            }
        }

        /// A pair calling `action`, an unbound method of `target`'s type without parameters.
        @MainActor static func method<T: AnyObject>(_ target: T, _ action: @escaping (T) -> () -> Void) -> TargetAction {
            TargetAction(target: target, selector: nil) { target, _ in action(unsafeDowncast(target, to: T.self))() }
        }

        /// A pair calling `body` directly with its target and the recognizer, typed (the engine's own
        /// targets; see ``UIGestureRecognizer/addAction(of:_:)``, whose `Self` is the `R` here).
        @MainActor static func calling<T: AnyObject, R: UIGestureRecognizer>(_ target: T, _ body: @escaping @MainActor (T, R) -> Void) -> TargetAction {
            TargetAction(target: target, selector: nil) { target, recognizer in
                body(unsafeDowncast(target, to: T.self), unsafeDowncast(recognizer, to: R.self))
            }
        }

        /// A pair performing `selector` on `responder`, with the recognizer as the sender.
        @MainActor static func selector(_ selector: Selector, of responder: UIResponder) -> TargetAction {
            TargetAction(target: responder, selector: selector) { target, recognizer in
                unsafeDowncast(target, to: UIResponder.self).perform(selector, with: recognizer)
            }
        }
    }

    /// The target-action pairs, in the order they were added (edited in place).
    final var targetActions: [TargetAction] {
        _read { yield fenced.targetActions }
        _modify { yield &fenced.targetActions }
    }

    /// Adds one of the engine's own actions (a scroll view's pan and pinch, the back swipe's driver, a
    /// sheet's interaction): `body` is called with `target` and this recognizer, directly. An unbound
    /// method reference would make a closure on every action, on every move of a drag. The target is
    /// held weakly.
    final func addAction<T: AnyObject>(of target: T, _ body: @escaping @MainActor (T, Self) -> Void) {
        targetActions.append(.calling(target, body))
    }

    /// Adds an action: an unbound method of `target`'s type taking this recognizer. Targets are held weakly.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> (Self) -> Void) {
        targetActions.append(.method(target, action))
    }

    /// Adds an action: an unbound method of `target`'s type without parameters.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> () -> Void) {
        targetActions.append(.method(target, action))
    }

    /// Adds an action by selector: `target` performs it through ``UIResponder/perform(_:with:)``, with this
    /// recognizer as the sender. The target is held weakly.
    ///
    /// Without the Objective-C runtime only a ``UIResponder`` can perform a selector (R17): any other
    /// target is a programming error, which traps here with a message saying so. A responder that does
    /// not override ``UIResponder/perform(_:with:)`` traps when the action is sent, as UIKit does for a
    /// target that does not implement the selector.
    public func addTarget(_ target: Any, action: Selector) {
        guard let responder = target as? UIResponder else {
            preconditionFailure("\(type(of: self)): the target of the action '\(action)' is a \(type(of: target)), which "
                + "cannot perform a Selector: only a UIResponder does, through perform(_:with:). "
                + "Pass a method reference instead, such as addTarget(target, action: \(type(of: target)).handle)")
        }
        targetActions.append(.selector(action, of: responder))
    }

    /// Removes actions. With a nil target, every target's; with a nil action, all of that target's.
    /// A selector removes the actions added with that selector. (Unbound method references cannot be
    /// compared in Swift, so those are removed with their target and a nil action.)
    public func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targetActions.removeAll { entry in
            if let object, entry.target !== object { return false }
            if let action { return entry.selector == action }
            return true
        }
    }

    // MARK: State

    /// The recognizer's state. Subclasses set it; each change is checked against the transition table
    /// (D4) and an invalid one is refused and reported to the tracer.
    open var state: State {
        get { arbitration.state }
        set {
            // Moved out, not copied: a cause is an enum with payloads, and each copy goes through the runtime.
            changeState(to: newValue, cause: fenced.reasonForNextChange.take())
        }
    }

    /// Whether the recognizer takes part. Turning it off mid-gesture cancels a gesture in progress and
    /// fails a possible one (D13); a disabled recognizer gets no touches.
    open var isEnabled: Bool {
        get { fenced.isEnabled }
        set {
            let oldValue = fenced.isEnabled
            fenced.isEnabled = newValue
            if !newValue && oldValue { arbiter?.recognizerWasDisabled(self) }
        }
    }

    // MARK: Configuration

    /// The recognizer's delegate. Held weakly.
    open var delegate: UIGestureRecognizerDelegate? {
        get { fenced.delegate }
        set { fenced.delegate = newValue }
    }

    /// Whether the view's touches are cancelled when the gesture is recognized or begins (D10). True by default.
    open var cancelsTouchesInView: Bool {
        get { fenced.cancelsTouchesInView }
        set { fenced.cancelsTouchesInView = newValue }
    }

    /// Whether began-phase touches are kept from the view until the recognizer fails (D11, R13). False by default.
    open var delaysTouchesBegan: Bool {
        get { fenced.delaysTouchesBegan }
        set { fenced.delaysTouchesBegan = newValue }
    }

    /// Whether ended-phase touches are kept from the view until the recognizer decides (D12). True by default.
    open var delaysTouchesEnded: Bool {
        get { fenced.delaysTouchesEnded }
        set { fenced.delaysTouchesEnded = newValue }
    }

    /// Whether a recognizer that has seen one type of touch ignores touches of other types. True by default.
    open var requiresExclusiveTouchType: Bool {
        get { fenced.requiresExclusiveTouchType }
        set { fenced.requiresExclusiveTouchType = newValue }
    }

    /// The touch types the recognizer takes (``UITouch/type``); all of them by default.
    open var allowedTouchTypes: [UITouch.TouchType] {
        get { fenced.allowedTouchTypes }
        set { fenced.allowedTouchTypes = newValue }
    }

    /// The press types the recognizer takes: `.select` by default, as UIKit documents, for recognizers
    /// that understand presses (tap, long press and subclasses of the base class); none for the others.
    open var allowedPressTypes: [UIPress.PressType] {
        get { storedAllowedPressTypes ?? Self.defaultAllowedPressTypes }
        set { storedAllowedPressTypes = newValue }
    }
    private var storedAllowedPressTypes: [UIPress.PressType]?
    /// The press types a recognizer of this class takes unless told otherwise.
    class var defaultAllowedPressTypes: [UIPress.PressType] { [.select] }

    /// The undocumented thresholds this recognizer uses (R19); change them per instance.
    open var thresholds: Thresholds {
        get { fenced.thresholds }
        set { fenced.thresholds = newValue }
    }

    /// A name for the recognizer; traces use it.
    open var name: String? {
        get { fenced.name }
        set { fenced.name = newValue }
    }

    /// The view the recognizer is attached to.
    // Through the view's link: a recognizer does not keep its view alive (see `WeakLink`).
    public internal(set) var view: UIView? {
        get { fenced.viewLink?.object(as: UIView.self) }
        set { fenced.viewLink = newValue?.link }
    }

    // MARK: Touches

    /// The touches the recognizer is tracking, in the order they began (the arbiter hands them over).
    final var trackedTouches: [UITouch] { arbitration.trackedTouches }
    /// The presses the recognizer is tracking (the arbiter hands them over).
    final var trackedPresses: [UIPress] { arbitration.trackedPresses }
    /// Every touch the recognizer received since its last reset (kept by the arbiter).
    final var sequenceTouches: [UITouch] { arbitration.sequenceTouches }

    /// The location of the gesture in `view`'s coordinates (nil: the window's): by default the centroid of
    /// the tracked touches, or where the pointer is for a hover, a scroll or a trackpad transform.
    open func location(in view: UIView?) -> CGPoint {
        if let input = arbitration.trackedPointer { return input.location(in: view) }
        let touches = trackedTouches.isEmpty ? Array(sequenceTouches.suffix(1)) : trackedTouches
        return centroid(of: touches, in: view)
    }

    /// The location of one of the tracked touches.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        precondition(trackedTouches.indices.contains(touchIndex),
                     "location(ofTouch:in:): index \(touchIndex) is beyond the \(trackedTouches.count) tracked touches")
        return trackedTouches[touchIndex].location(in: view)
    }

    /// The number of touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    // MARK: Failure requirements

    /// A recognizer this one requires to fail, held through its link (see ``WeakLink``).
    struct WeakRecognizer {
        let link: WeakLink<UIGestureRecognizer>
        var recognizer: UIGestureRecognizer? { link.object }
    }

    /// The recognizers this one requires to fail (`require(toFail:)`), read whenever it begins or
    /// recognizes.
    var requiredToFail: [WeakRecognizer] {
        _read { yield fenced.requiredToFail }
        _modify { yield &fenced.requiredToFail }
    }

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it may leave `.possible`; if
    /// the other recognizes or begins, this one fails (D7, R7).
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        precondition(otherGestureRecognizer !== self, "require(toFail:): a recognizer cannot wait for its own failure")
        requiredToFail.removeAll { $0.recognizer == nil }
        guard !requiredToFail.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        requiredToFail.append(WeakRecognizer(link: otherGestureRecognizer.link))
    }

    // MARK: Subclass surface

    /// New touches for the recognizer. The default does nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches moved. The default does nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches lifted. The default does nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches were cancelled. The default does nothing; if the recognizer is still `.possible`
    /// with no touches left afterwards, it fails.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// New presses for the recognizer. The default does nothing.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    /// Tracked presses changed. The default does nothing.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    /// Tracked presses ended. The default does nothing.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    /// Tracked presses were cancelled. The default does nothing.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent) {}

    /// Called once the recognizer is done with a gesture, before it returns to `.possible`. Subclasses
    /// clear their own state here and must call super.
    open func reset() {}

    // MARK: Pointer input

    /// The modifier keys held down in the event the recognizer is handling (U2): its hover's, scroll's
    /// or transform's, its presses', or else the touch event's.
    public var modifierFlags: UIKeyModifierFlags { currentEvent?.modifierFlags ?? [] }

    /// The pointer's buttons down in the touch event the recognizer is handling (U2); empty for fingers.
    public var buttonMask: UIEvent.ButtonMask { currentEvent?.buttonMask ?? [] }

    /// The event the recognizer is handling, as far as its modifier keys and buttons go.
    private var currentEvent: UIEvent? {
        if let input = arbitration.trackedPointer { return input.event }
        guard let application = arbiter?.application ?? view?.window?.application else { return nil }
        return arbitration.trackedPresses.isEmpty ? application.touchEvent : application.pressesEvent
    }

    // The built-ins' own steps for a hover, a scroll or a trackpad transform (U1–U3). UIKit has no
    // public methods for them: a subclass of a built-in inherits its handling, and the arbiter calls
    // these as it calls the touch methods.

    /// Whether the recognizer takes `input`, and if not, whether the trace says why. None by default.
    func admission(of input: PointerInput) -> PointerAdmission { .notForThisKind }
    /// A scroll or transform began and is handed over; a hover entered the recognizer's view.
    func pointerBegan(_ input: PointerInput, with event: UIEvent) {}
    /// It changed: a scroll's step, a transform's new values, a hover's move within the view.
    func pointerChanged(_ input: PointerInput, with event: UIEvent) {}
    /// It ended: the fingers lifted from the trackpad, the scroll stopped, the hover left the view.
    func pointerEnded(_ input: PointerInput, with event: UIEvent) {}
    /// The system took it away.
    func pointerCancelled(_ input: PointerInput, with event: UIEvent) {}

    /// Whether the arbiter offers touches to recognizers of this class (R5): a hover recognizer, which
    /// reads the pointer over its view and not its clicks, takes none.
    class var takesTouches: Bool { true }
    /// The class's answer, read once: the arbiter asks it of every recognizer a touch begins under.
    final let takesTouches: Bool

    /// How a recognizer answers the offer of a hover, a scroll or a transform.
    enum PointerAdmission {
        /// It takes it.
        case accepted
        /// It does not take this kind of input at all (a tap, a scroll offered to a pinch): not traced.
        case notForThisKind
        /// It could take this kind, but not this input, for this reason (a pan's scroll mask): traced.
        case refused(TraceCause)
    }

    /// Stops feeding `touch` to the recognizer; the view gets it without delay (D13).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        arbiter?.recognizer(self, ignores: touch)
    }

    /// Stops feeding `press` to the recognizer.
    open func ignore(_ button: UIPress, for event: UIPressesEvent) {
        arbiter?.recognizer(self, ignores: button)
    }

    /// Whether this recognizer, by recognizing, may prevent `preventedGestureRecognizer` (D9). True by default.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, by recognizing, may prevent this one (D9). True by default.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (D8, R7). False by default.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` must wait for this one to fail (D8, R7). False by default.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Machinery

    /// The arbiter's record of the recognizer: its state, its touches and everything arbitration knows
    /// of it. Written only through the record's steps.
    final let arbitration = RecognizerRecord()
    /// The arbiter of the application the recognizer is in play in; nil out of play.
    final var arbiter: GestureArbiter? { arbitration.arbiter }
    /// Numbers this recognizer in traces (``TraceSubject/id``).
    final let traceID = TraceIdentity.next()
    /// Whether the arbiter offers touches to this recognizer after the ones the app added to its view
    /// (R5): set for a scroll view's own pan and pinch, which yield a tie on their view.
    final var comesAfterAppRecognizers = false
    /// The reason the next change of ``state`` carries into the trace (the built-ins set it through
    /// ``setState(_:because:)``).

    /// Timers the recognizer runs (multi-tap, long press…); reset invalidates them.
    final var timers: [EventTimer] {
        _read { yield fenced.timers }
        _modify { yield &fenced.timers }
    }

    /// Changes the state, checking the transition table (D4), and tells the arbiter: the one call through
    /// which a recognizer asks for a transition.
    func changeState(to newState: State, cause: consuming TraceCause?) {
        let old = arbitration.state
        guard UIGestureRecognizer.isValidTransition(from: old, to: newState) else {
            reportingApplication?.report(.recognizerInvalidTransition(recognizer: traceSubject, from: old, to: newState))
            return
        }
        if let arbiter {
            arbiter.recognizer(self, wants: GestureArbiter.Transition(from: old, to: newState, cause: cause))
        } else {
            // Not arbitrated (set from outside any gesture): still honour the actions of the state machine,
            // through the arbiter's one action path.
            arbitration.setStateOutOfPlay(newState)
            GestureArbiter.sendActions(of: self, for: newState)
        }
    }

    /// Sets the state with a reason for the trace.
    ///
    /// A cause is a value, not text, so it is always kept: a recognizer that begins or recognizes may
    /// have to wait for others (R7) and report its reason in a later dispatch.
    func setState(_ newState: State, because cause: TraceCause) {
        fenced.reasonForNextChange = cause
        state = newState
    }

    /// The transition table (D4). `.changed → .changed` is valid and sends actions each time.
    ///
    /// A gesture in progress may also fail (`.began`/`.changed → .failed`), as UIKit accepts from
    /// subclasses of its continuous recognizers: a directional pan that notices the wrong direction,
    /// a press whose finger lifts outside. What that means for actions and for the other recognizers is
    /// the arbiter's (D4, ``GestureArbiter/recognizer(_:wants:)``).
    nonisolated static func isValidTransition(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled), (.began, .failed): return true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled), (.changed, .failed): return true
        default: return false
        }
    }

    nonisolated static func sendsActions(_ state: State) -> Bool {
        switch state {
        case .began, .changed, .ended, .cancelled: return true
        case .possible, .failed: return false
        }
    }

    /// Runs `action` on this recognizer after `delay` on the application's clock, unless the recognizer
    /// resets first or is gone. `Recognizer` is the caller's own class: the timer holds the recognizer's
    /// link, not the recognizer, and hands it back typed.
    func scheduleTimer<Recognizer: UIGestureRecognizer>(after delay: TimeInterval,
                                                        _ action: @escaping @MainActor (Recognizer) -> Void) {
        guard let clock = arbiter?.clock ?? view?.window?.application.clock else { return }
        precondition(self is Recognizer, "a recognizer schedules timers for itself")
        let link = self.link
        timers.append(clock.schedule(after: delay) {
            guard let recognizer = link.object(as: Recognizer.self) else { return }
            action(recognizer)
        })
    }

    /// A timer a recognizer arms again and again from one place (a tap's limit on holding, armed on
    /// every tap), kept with its action: arming it again reuses both, where ``scheduleTimer(after:_:)``
    /// makes a timer and a closure each time.
    struct ReusableTimer {
        /// The timer, once made, and the clock that made it: only that clock may arm it again.
        fileprivate var timer: EventTimer?
        fileprivate var clock: EventClock?
        /// What the timer runs. It holds the recognizer's link, not the recognizer.
        fileprivate let fire: @MainActor () -> Void

        init(fire: @escaping @MainActor () -> Void) {
            self.fire = fire
        }
    }

    /// Arms `reusable` to fire after `delay` on the application's clock, unless the recognizer resets
    /// first: like ``scheduleTimer(after:_:)``, its timer is among the recognizer's ``timers``.
    func arm(_ reusable: inout ReusableTimer, after delay: TimeInterval) {
        guard let clock = arbiter?.clock ?? view?.window?.application.clock else { return }
        if let timer = reusable.timer, reusable.clock === clock {
            clock.reschedule(timer, after: delay, reusable.fire)
            if !timers.containsObject(timer) { timers.append(timer) }
        } else {
            let timer = clock.schedule(after: delay, reusable.fire)
            reusable.timer = timer
            reusable.clock = clock
            timers.append(timer)
        }
    }

    /// The arbiter resets the recognizer at the end of its gesture: its timers stop, then its own
    /// ``reset()`` runs.
    func resetForNextGesture() {
        invalidateTimers()
        reset()
        fenced.reasonForNextChange = nil
    }

    /// Stops the recognizer's timers.
    func invalidateTimers() {
        for timer in timers { timer.invalidate() }
        timers.removeAllKeepingStorage()
    }

    /// The tracked touches whose fingers are still down. Usually that is all of them, and then it is
    /// ``trackedTouches`` itself, not a copy: the built-ins ask on every move.
    var liveTouches: [UITouch] {
        guard !hasFinishedTouches else {
            var live: [UITouch] = []
            for touch in trackedTouches where !touch.phase.isFinished { live.append(touch) }
            return live
        }
        return trackedTouches
    }

    /// Whether a tracked touch is still down.
    var hasLiveTouches: Bool {
        for touch in trackedTouches where !touch.phase.isFinished { return true }
        return false
    }

    /// Whether a tracked touch has lifted or been cancelled.
    var hasFinishedTouches: Bool {
        for touch in trackedTouches where touch.phase.isFinished { return true }
        return false
    }

    /// Lets go of the newest of `touches` until at most `limit` fingers are tracked (pinch, rotation).
    func keepAtMost(_ limit: Int, of touches: Set<UITouch>, event: UIEvent) {
        for touch in touches.sorted(by: { $0.finger > $1.finger }) where liveTouches.count > limit {
            ignore(touch, for: event)
        }
    }

    /// How a continuous two-finger gesture ends once its last finger lifts: `.ended` if it began,
    /// otherwise `.failed` with `failure` as the reason.
    func endContinuousGesture(failure: TraceCause) {
        guard liveTouches.isEmpty else { return }
        switch state {
        case .began, .changed: state = .ended
        case .possible: setState(.failed, because: failure)
        default: break
        }
    }

    /// How a continuous gesture takes cancelled touches: `.cancelled` if it began, `.failed` if it was
    /// still possible and has no finger left.
    func cancelContinuousGesture() {
        if state == .began || state == .changed {
            state = .cancelled
        } else if state == .possible, liveTouches.isEmpty {
            setState(.failed, because: .touchesCancelled)
        }
    }

    /// The centroid of `touches` in `view`'s coordinates (nil: the window's); `.zero` for none. The one
    /// centroid every recognizer uses.
    func centroid(of touches: [UITouch], in view: UIView? = nil) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touches {
            let point = view == nil ? touch.locationInWindow : touch.location(in: view)
            x += point.x
            y += point.y
        }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    /// One step of a continuous gesture (a pan, a pinch, a rotation) on a move: still possible, it
    /// begins when `beginning` gives a reason (it has passed its hysteresis); in progress, it changes
    /// once `changing` has taken the move (and said yes).
    func stepContinuousGesture(_ beginning: () -> TraceCause?, changing: () -> Bool = { true }) {
        switch state {
        case .possible:
            if let reason = beginning() { setState(.began, because: reason) }
        case .began, .changed:
            if changing() { state = .changed }
        default:
            break
        }
    }

    /// The application clock's time, for recognizers that measure durations.
    var now: TimeInterval { arbiter?.clock.now ?? view?.window?.application.clock.now ?? 0 }

    /// The name this recognizer goes by in traces.
    var traceName: String { name ?? typeName }

    /// The name of this recognizer's type, looked up once: ``traceTypeName``, or the type's own name.
    final var typeName: String {
        if let name = fenced.typeName { return name }
        let name = type(of: self).traceTypeName ?? TraceIdentity.typeName(of: self)
        fenced.typeName = name
        return name
    }

    /// The name traces call an unnamed recognizer of this type by, when it is not the type's own: a
    /// system recognizer that goes by its role says it (the back swipe, `interactivePopGestureRecognizer`).
    /// Read once per recognizer, by ``typeName``: an override of ``traceName`` would make every call to
    /// it dynamic, on the dispatch path too.
    class var traceTypeName: String? { nil }

    /// The UIKit class this recognizer is or descends from: each built-in kind says its own.
    class var kitClass: UIGestureRecognizer.Type { UIGestureRecognizer.self }

    /// The name of the UIKit class this recognizer is or descends from, for traces, looked up once.
    final var traceClassName: String { TraceIdentity.name(of: type(of: self).kitClass, keptIn: &fenced.className) }

    /// Whether the failure-requirement questions about this recognizer can answer anything but false
    /// (R25): it has a delegate, or it is not exactly one of the built-in kinds, whose hooks answer false
    /// (a subclass may override them). The arbiter does not ask the pairs of two that cannot.
    final var asksFailureQuestions: Bool {
        if delegate != nil { return true }
        let kind = type(of: self)
        return ObjectIdentifier(kind) != ObjectIdentifier(kind.kitClass) || kind == UIGestureRecognizer.self
    }

    /// This recognizer as traces name it: the identity records carry.
    public final var traceSubject: TraceSubject { TraceSubject(id: traceID, className: traceClassName, name: traceName) }

    /// The application whose tracer hears of this recognizer's decisions: the one it is in play in, or
    /// its view's window's.
    var reportingApplication: UIApplication? { arbiter?.application ?? view?.window?.application }
}

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object, so `view == self`, `Set<UIView>` and dictionary keys work as
// they do there. Not isolated (like `UITouch`'s): they read nothing but the reference. The engine itself
// compares with `===`, so nothing on the dispatch path goes through them.
extension UIGestureRecognizer: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
