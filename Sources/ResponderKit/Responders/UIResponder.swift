import Foundation

/// An object that can respond to and handle events: the base class of views, view controllers,
/// windows and the application.
///
/// Responders form a chain through ``next``. Touches start at the view that was hit; motion, presses,
/// remote-control events and nil-targeted actions start at the first responder (spec R15). Every
/// default `touches…`, `presses…`, `motion…` and `remoteControlReceived` implementation passes the
/// call on to ``next``, so an unhandled event climbs the chain until someone handles it or the chain
/// ends.
///
/// See <doc:ResponderChain> for the links of the chain and first responders.
@MainActor
open class UIResponder {
    /// Creates a responder.
    public init() {}

    deinit {
        fenced.link?.clear()
    }

    /// What the engine holds instead of a weak reference to this responder (see ``WeakLink``), made
    /// the first time it is asked for.
    final var link: WeakLink<UIResponder> { WeakLink.link(of: self, keptIn: &fenced.link) }

    /// The responder's link and type name, read on every event: fenced storage (see ``FencedStorage``).
    #if DEBUG
    private final var fenced = Fenced()
    #else
    @exclusivity(unchecked) private final var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var link: WeakLink<UIResponder>?
        var typeName: String?
    }

    // MARK: The responder chain

    /// The next responder in the chain, or nil at its end. Nil unless a subclass says otherwise (B1).
    open var next: UIResponder? { nil }

    // MARK: First responder

    /// Whether this responder is its window's first responder.
    open var isFirstResponder: Bool {
        guard let window = firstResponderWindow else { return false }
        return window.storedFirstResponder === self
    }

    /// Whether this responder accepts first-responder status. False by default (B6).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder is willing to give up first-responder status. True by default (B6).
    open var canResignFirstResponder: Bool { true }

    /// Asks to become the first responder of the window it is in (B7).
    ///
    /// Returns false, and changes nothing, when the responder is in no window, cannot become first
    /// responder, or the current first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard let window = firstResponderWindow else {
            // No window, no application to report to: nothing is traced.
            return false
        }
        // Reported to the window's application directly: these calls mostly come from outside any dispatch.
        // B7, in the documented order: the current first responder is asked to resign first, then this
        // responder's canBecomeFirstResponder decides.
        if let current = window.storedFirstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else {
                window.application.report(.firstResponderRefused(responder: traceSubject,
                                                                 cause: .refusedToResign(current.traceSubject)))
                return false
            }
        }
        guard canBecomeFirstResponder else {
            window.application.report(.firstResponderRefused(responder: traceSubject, cause: .cannotBecomeFirstResponder))
            return false
        }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first-responder status. Returns false, keeping it, when ``UIResponder/canResignFirstResponder`` is false.
    /// A subclass may override it to refuse (B6); call super to actually resign.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderWindow, window.storedFirstResponder === self {
            window.setFirstResponder(nil)
        }
        return true
    }

    /// The window whose first responder this responder can be. Views use their window, controllers their
    /// view's window, windows themselves.
    var firstResponderWindow: UIWindow? { nil }

    // MARK: Touches

    /// One or more fingers touched down in a view. The default passes the call to ``UIResponder/next``.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesBegan, event) { $0.touchesBegan(touches, with: event) }
    }

    /// One or more touches moved. The default passes the call to ``UIResponder/next``.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesMoved, event) { $0.touchesMoved(touches, with: event) }
    }

    /// One or more fingers lifted. The default passes the call to ``UIResponder/next``.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesEnded, event) { $0.touchesEnded(touches, with: event) }
    }

    /// The system, a gesture recognizer or a change in the view tree cancelled the touches.
    /// The default passes the call to ``UIResponder/next``.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesCancelled, event) { $0.touchesCancelled(touches, with: event) }
    }

    /// An input source refined estimated properties (force, location…) of earlier touch samples.
    /// The default passes the call to ``UIResponder/next``.
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {
        forward(.touchesEstimatedPropertiesUpdated, touches.first?.window?.application) { $0.touchesEstimatedPropertiesUpdated(touches) }
    }

    // MARK: Presses

    /// A physical button was pressed. The default passes the call to ``UIResponder/next``.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        forward(.pressesBegan, event) { $0.pressesBegan(presses, with: event) }
    }

    /// A press changed (its force, for example). The default passes the call to ``UIResponder/next``.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        forward(.pressesChanged, event) { $0.pressesChanged(presses, with: event) }
    }

    /// A button was released. The default passes the call to ``UIResponder/next``.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        forward(.pressesEnded, event) { $0.pressesEnded(presses, with: event) }
    }

    /// A press was cancelled. The default passes the call to ``UIResponder/next``.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        forward(.pressesCancelled, event) { $0.pressesCancelled(presses, with: event) }
    }

    // MARK: Motion and remote control

    /// A motion (a shake) began. The default passes the call to ``UIResponder/next``.
    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionBegan, event) { $0.motionBegan(motion, with: event) }
    }

    /// A motion ended. The default passes the call to ``UIResponder/next``.
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionEnded, event) { $0.motionEnded(motion, with: event) }
    }

    /// A motion was cancelled. The default passes the call to ``UIResponder/next``.
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionCancelled, event) { $0.motionCancelled(motion, with: event) }
    }

    /// A remote-control command arrived (play, pause, next track…). The default passes the call to ``UIResponder/next``.
    open func remoteControlReceived(with event: UIEvent?) {
        forward(.remoteControlReceived, event) { $0.remoteControlReceived(with: event) }
    }

    // MARK: Actions

    /// Whether this responder performs `action`. False by default: override it, together with
    /// ``perform(_:with:)``, to handle nil-targeted actions (R17).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { false }

    /// Performs `action`. Called only after ``canPerformAction(_:withSender:)`` answered true.
    ///
    /// Override it together with ``canPerformAction(_:withSender:)``. The default traps, as UIKit does
    /// for a selector a target does not implement.
    open func perform(_ action: Selector, with sender: Any?) {
        preconditionFailure("\(type(of: self)) was asked to perform '\(action)' but does not override perform(_:with:)")
    }

    /// The responder, starting from this one and climbing ``UIResponder/next``, that performs `action`, or nil (B11).
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        var responder: UIResponder? = self
        var steps = 0
        while let current = responder, steps < UIResponder.chainLengthLimit {
            if current.canPerformAction(action, withSender: sender) { return current }
            responder = current.next
            steps += 1
        }
        return nil
    }

    // MARK: Key commands

    /// The key commands this responder offers (U5). Nil by default. The application collects them along
    /// the responder chain from the first responder as a key goes down; see ``UIKeyCommand``.
    open var keyCommands: [UIKeyCommand]? { nil }

    // MARK: Interface Builder

    /// Called on each object loaded from an Interface Builder archive, once all of them are loaded.
    /// ResponderKit loads no archives, so it is never called: it is here so that code written for UIKit,
    /// which overrides it (calling super), compiles. The default does nothing.
    open func awakeFromNib() {}

    /// Called by Interface Builder before it draws a designable object on its canvas; never called
    /// outside it, so never here. It is here so that code written for UIKit compiles. The default does
    /// nothing.
    open func prepareForInterfaceBuilder() {}

    // MARK: Machinery

    /// Numbers this responder in traces (``TraceSubject/id``).
    final let traceID = TraceIdentity.next()

    /// The name this responder goes by in traces.
    var traceName: String { typeName }

    /// The name of this responder's type, looked up once.
    final var typeName: String { TraceIdentity.typeName(of: self, keptIn: &fenced.typeName) }

    /// The UIKit class this responder is or descends from, for traces.
    var traceClassName: String { "UIResponder" }

    /// This responder as traces name it: the identity records carry.
    public final var traceSubject: TraceSubject { TraceSubject(id: traceID, className: traceClassName, name: traceName) }

    /// The application whose tracer hears of this responder's decisions: a view's window's, a
    /// controller's view's window's, the application itself. Nil for a responder in no window.
    var reportingApplication: UIApplication? { nil }

    /// Passes a call to `next`, reporting the forward (or the end of the chain) to the tracer of the
    /// application the event belongs to.
    @inline(__always)
    final func forward(_ method: TraceRecord.ResponderMethod, _ event: UIEvent?, _ call: (UIResponder) -> Void) {
        forward(method, event?.application, call)
    }

    @inline(__always)
    final func forward(_ method: TraceRecord.ResponderMethod, _ application: UIApplication?, _ call: (UIResponder) -> Void) {
        // A chain that loops (an app that moved a presenting controller's view inside the presented one's
        // view) would recurse until the stack overflows: past a length no real chain reaches, it ends here.
        if let next, UIResponder.forwardingDepth < UIResponder.chainLengthLimit {
            if let application, application.tracer != nil {
                application.report(.forwarded(from: traceSubject, to: next.traceSubject, method: method))
            }
            UIResponder.fencedForwardingDepth += 1
            call(next)
            UIResponder.fencedForwardingDepth -= 1
        } else if let application, application.tracer != nil {
            application.report(.unhandled(last: traceSubject, method: method))
        }
    }

    /// How many forwards are under way, nested (``forward(_:_:)``): incremented and decremented around
    /// each forward. Fenced storage (see ``FencedStorage``).
    static var forwardingDepth: Int { fencedForwardingDepth }
    #if DEBUG
    private static var fencedForwardingDepth = 0
    #else
    @exclusivity(unchecked) private static var fencedForwardingDepth = 0
    #endif
    /// The most responders a call climbs: far beyond any real chain, well within the stack.
    static let chainLengthLimit = 1024

    /// Reports a decision to the tracer of this responder's application, if it has one.
    @inline(__always)
    final func trace(_ kind: @autoclosure () -> TraceRecord.Kind) {
        reportingApplication?.report(kind())
    }
}

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object, so `view == self`, `Set<UIView>` and dictionary keys work as
// they do there. Not isolated (like `UITouch`'s): they read nothing but the reference. The engine itself
// compares with `===`, so nothing on the dispatch path goes through them.
extension UIResponder: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension TraceIdentity {
    /// The subject for an action's target, which may be any object: a responder as it names itself,
    /// anything else by its type.
    static func subject(of target: AnyObject) -> TraceSubject {
        if let responder = target as? UIResponder { return responder.traceSubject }
        return subject(ofObject: target)
    }
}
