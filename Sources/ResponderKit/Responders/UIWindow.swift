import Foundation

/// The backdrop of an application's views, and the dispatcher of their events.
///
/// A window belongs to one ``UIApplication``. Windows start hidden; ``makeKeyAndVisible()`` shows one
/// and makes it the key window, which receives the events that have no location (R15). Touches go to
/// the visible window that takes them: higher ``windowLevel`` first, then the window shown last (R3).
///
/// See <doc:HitTesting> for how windows are chosen for a touch, and <doc:PathOfAnEvent>.
@MainActor
open class UIWindow: UIView {
    /// Traces name this class and its subclasses "UIWindow".
    override var traceClassName: String { "UIWindow" }


    /// A window's position along the z axis. Higher levels are in front.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The raw value.
        public let rawValue: CGFloat
        /// Creates a value from its raw value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Creates a value from its raw value.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// The level of ordinary app windows (0).
        public static let normal = Level(rawValue: 0)
        /// The level of the status bar (1000).
        public static let statusBar = Level(rawValue: 1000)
        /// The level of alerts (2000).
        public static let alert = Level(rawValue: 2000)
        /// Orders values by their raw values.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The application the window belongs to.
    public let application: UIApplication

    /// The window's level. Windows of a higher level take touches first.
    open var windowLevel: Level = .normal {
        didSet { if windowLevel != oldValue { application.windowOrderChanged() } }
    }

    /// The responder that receives this window's non-touch events; see ``UIResponder/becomeFirstResponder()``.
    /// (Held through its link: the window does not keep its first responder alive.)
    @Linked var storedFirstResponder: UIResponder?

    /// When the window was last made visible, for ordering windows of one level (R3).
    var visibleSince = 0

    /// Creates a window in `application`. It starts hidden.
    public init(frame: CGRect, application: UIApplication) {
        self.application = application
        super.init(frame: frame)
        super.isHidden = true
        application.register(self)
    }

    /// Creates a window in ``UIApplication/shared``. It starts hidden.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, application: .shared)
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Visibility and key status

    /// Whether the window is hidden. Windows start hidden. Hiding a window cancels its touches (R14) and
    /// stops it from taking new ones; a hidden key window stops being key.
    open override var isHidden: Bool {
        didSet {
            guard isHidden != oldValue else { return }
            application.windowVisibilityChanged(self)
            UIViewController.windowVisibilityChanged(self)
        }
    }

    /// Whether this is the application's key window.
    open var isKeyWindow: Bool { application.keyWindow === self }

    /// Makes this window the key window.
    open func makeKey() {
        application.setKeyWindow(self)
    }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Called after the window became the key window.
    open func becomeKey() {}

    /// Called after the window stopped being the key window.
    open func resignKey() {}

    // MARK: Root view controller

    /// The controller whose view fills the window. Setting it removes the previous controller's view and
    /// adds the new one's, sized to the window's bounds.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue, old.viewIfLoaded?.superview === self { old.view.removeFromSuperview() }
            if let controller = rootViewController {
                let view = controller.view!
                view.frame = bounds
                addSubview(view)
            }
        }
    }

    // MARK: Events

    /// Delivers an event: touches to their views through the gesture recognizers, other events to the
    /// first responder (R15). Overrides must call super.
    open func sendEvent(_ event: UIEvent) {
        application.deliver(event, in: self)
    }

    // MARK: Responder chain

    /// The window's application (R2).
    open override var next: UIResponder? { application }

    open override var window: UIWindow? { self }

    override var firstResponderWindow: UIWindow? { self }

    /// Makes `responder` the first responder, reporting the change.
    func setFirstResponder(_ responder: UIResponder?) {
        let old = storedFirstResponder
        guard old !== responder else { return }
        storedFirstResponder = responder
        application.report(.firstResponderChanged(window: traceSubject, from: old?.traceSubject, to: responder?.traceSubject))
    }
}
