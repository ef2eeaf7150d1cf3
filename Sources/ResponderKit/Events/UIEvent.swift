import Foundation

/// An event: a set of touches changing together, a shake, a remote-control command, presses, or a
/// pointer's hover, scroll or trackpad pinch (U1–U3).
///
/// For touches the application keeps one `UIEvent` object and updates it for every change of the
/// fingers on the screen, as UIKit does (C1): keep a reference only for the length of a call.
///
/// See <doc:PathOfAnEvent>, and <doc:LivePath> for coalesced and predicted touches.
@MainActor
open class UIEvent {
    /// The broad kinds of event.
    public enum EventType: Int, Sendable {
        /// Touches on the screen (clicks of a pointer among them).
        case touches = 0
        /// A motion of the device (a shake).
        case motion = 1
        /// A remote-control command.
        case remoteControl = 2
        /// Physical button presses.
        case presses = 3
        /// Scrolling from a trackpad or a mouse's wheel (U3).
        case scroll = 10
        /// A pointer moving over the interface without touching it (U1).
        case hover = 11
        /// A pinch or rotation on a trackpad (U2).
        case transform = 14

        /// Compares the raw values. (The same answer as the synthesized `==`, which this compiler builds from
        /// enum-tag reads through memory that stop the optimizer from removing the retains and releases
        /// around every comparison on the dispatch path.)
        public static func == (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue == rhs.rawValue }
    }

    /// The detailed kind of a motion or remote-control event.
    public enum EventSubtype: Int, Sendable {
        /// No detail: touches and presses.
        case none = 0
        /// The device was shaken.
        case motionShake = 1
        /// Play.
        case remoteControlPlay = 100
        /// Pause.
        case remoteControlPause = 101
        /// Stop.
        case remoteControlStop = 102
        /// Toggle between play and pause.
        case remoteControlTogglePlayPause = 103
        /// Skip to the next track.
        case remoteControlNextTrack = 104
        /// Go back to the previous track.
        case remoteControlPreviousTrack = 105
        /// Start seeking backward.
        case remoteControlBeginSeekingBackward = 106
        /// Stop seeking backward.
        case remoteControlEndSeekingBackward = 107
        /// Start seeking forward.
        case remoteControlBeginSeekingForward = 108
        /// Stop seeking forward.
        case remoteControlEndSeekingForward = 109
    }

    /// The event's state, which dispatch reads on every event: fenced storage (see ``FencedStorage``),
    /// which every property below reads or writes in one access.
    #if DEBUG
    private final var fenced: Fenced
    #else
    @exclusivity(unchecked) private final var fenced: Fenced
    #endif

    private struct Fenced: FencedStorage {
        var type: EventType
        var subtype: EventSubtype
        var timestamp: TimeInterval
        var touchList: [UITouch] = []
        var applicationLink: WeakLink<UIResponder>?
        var buttonMask: ButtonMask = []
        var modifierFlags: UIKeyModifierFlags = []
    }

    /// The event's kind.
    open internal(set) var type: EventType {
        get { fenced.type }
        set { fenced.type = newValue }
    }
    /// The event's detailed kind; `.none` for touches and presses.
    open internal(set) var subtype: EventSubtype {
        get { fenced.subtype }
        set { fenced.subtype = newValue }
    }
    /// When the event happened, in seconds on the application's clock.
    open internal(set) var timestamp: TimeInterval {
        get { fenced.timestamp }
        set { fenced.timestamp = newValue }
    }

    /// The buttons of the pointer that are down in a click (U2): for a touch event, those of the touches
    /// of type ``UITouch/TouchType/indirectPointer``, or on the sample that lifts them, the buttons that
    /// lift; empty for fingers and pencils and for other events.
    open internal(set) var buttonMask: ButtonMask {
        get {
            // A touch event's are its touches', kept by each touch from its last sample: a move pays
            // nothing for them.
            guard fenced.type == .touches else { return fenced.buttonMask }
            var buttons = ButtonMask()
            for touch in fenced.touchList { buttons.formUnion(touch.buttonMask) }
            return buttons
        }
        set { fenced.buttonMask = newValue }
    }
    /// The modifier keys held down during the event (U2).
    open internal(set) var modifierFlags: UIKeyModifierFlags {
        get {
            guard fenced.type == .touches else { return fenced.modifierFlags }
            var modifiers = UIKeyModifierFlags()
            for touch in fenced.touchList { modifiers.formUnion(touch.modifierFlags) }
            return modifiers
        }
        set { fenced.modifierFlags = newValue }
    }

    /// The touches of the event, in the order their fingers went down (edited in place).
    final var touchList: [UITouch] {
        _read { yield fenced.touchList }
        _modify { yield &fenced.touchList }
    }
    /// For motion events: whether the motion began, ended or was cancelled.
    var motionPhase: HIDEvent.MotionPhase = .began
    /// The application that dispatches the event. Responders' default implementations report their
    /// forwards to its tracer: the event is the one thing every responder call carries.
    final var application: UIApplication? { applicationLink?.object(as: UIApplication.self) }
    /// The application's link (events do not keep their application alive).
    final var applicationLink: WeakLink<UIResponder>? {
        get { fenced.applicationLink }
        set { fenced.applicationLink = newValue }
    }

    /// Creates an empty touch event.
    public convenience init() {
        self.init(type: .touches, subtype: .none, timestamp: 0)
    }

    init(type: EventType, subtype: EventSubtype, timestamp: TimeInterval) {
        fenced = Fenced(type: type, subtype: subtype, timestamp: timestamp)
    }

    /// Every touch of the event, including stationary ones, across views and windows (C8); nil for
    /// events that are not touch events.
    open var allTouches: Set<UITouch>? {
        type == .touches ? Set(touchList) : nil
    }

    /// The touches that began in `view` (C8).
    open func touches(for view: UIView) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchList.lazy.filter { $0.view === view })
    }

    /// The touches delivered to `gestureRecognizer` (C8).
    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchList.lazy.filter { touch in touch.arbitration.receivers.contains { $0 === gestureRecognizer } })
    }

    /// The touches that began in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchList.lazy.filter { $0.window === window })
    }
}

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object, so `view == self`, `Set<UIView>` and dictionary keys work as
// they do there. Not isolated (like `UITouch`'s): they read nothing but the reference. The engine itself
// compares with `===`, so nothing on the dispatch path goes through them.
extension UIEvent: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: UIEvent, rhs: UIEvent) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
