import Foundation

/// One physical button press: a remote's select button, an arrow, or a keyboard key.
@MainActor
public final class UIPress: Hashable {
    /// The phase of a press.
    public enum Phase: Int, Sendable {
        /// The button went down.
        case began
        /// The press changed, for example its force.
        case changed
        /// The button is down and did not change in this event.
        case stationary
        /// The button was released.
        case ended
        /// The press was cancelled.
        case cancelled

        /// Compares the raw values, as ``UITouch/Phase`` does.
        public static func == (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue == rhs.rawValue }
    }

    /// Which button was pressed.
    ///
    /// Keyboard keys other than the arrows carry ``keyboardKeyBase`` plus their HID usage code as raw value
    /// (a choice of this library: UIKit does not document the type of such presses, and the offset keeps
    /// a letter from reading as a remote's button); read ``UIPress/key`` for them.
    public struct PressType: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: Int
        /// Where keyboard keys' press types start: `keyboardKeyBase + keyCode.rawValue`.
        public static let keyboardKeyBase = 0x1_0000
        /// Creates a value from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The up arrow value.
        public static let upArrow = PressType(rawValue: 0)
        /// The down arrow value.
        public static let downArrow = PressType(rawValue: 1)
        /// The left arrow value.
        public static let leftArrow = PressType(rawValue: 2)
        /// The right arrow value.
        public static let rightArrow = PressType(rawValue: 3)
        /// The select value.
        public static let select = PressType(rawValue: 4)
        /// The menu value.
        public static let menu = PressType(rawValue: 5)
        /// The play pause value.
        public static let playPause = PressType(rawValue: 6)
        /// The page up value.
        public static let pageUp = PressType(rawValue: 30)
        /// The page down value.
        public static let pageDown = PressType(rawValue: 31)
        /// The tv remote one two three value.
        public static let tvRemoteOneTwoThree = PressType(rawValue: 32)
        /// The tv remote four colors value.
        public static let tvRemoteFourColors = PressType(rawValue: 33)
    }

    /// The press's current phase.
    public internal(set) var phase: Phase = .began
    /// Which button.
    public internal(set) var type: PressType
    /// When the press began or last changed, on the application's clock.
    public internal(set) var timestamp: TimeInterval
    /// How hard the button is pressed, from 0 to 1 (1 for buttons without force sensing).
    public internal(set) var force: CGFloat
    /// The keyboard key, when the press comes from a keyboard.
    public internal(set) var key: UIKey?
    /// The window of the responder the press was delivered to. Held weakly, like ``responder``: a press
    /// still down must not keep a torn-down window (and, through it, its application) alive.
    public internal(set) var window: UIWindow? {
        get { windowLink?.object(as: UIWindow.self) }
        set { windowLink = newValue?.link }
    }
    /// The responder the press was delivered to, chosen when the press began (R15). Held weakly.
    public internal(set) var responder: UIResponder? {
        get { responderLink?.object }
        set { responderLink = newValue?.link }
    }
    // Held through links rather than weak references (see ``WeakLink``).
    private var windowLink: WeakLink<UIResponder>?
    private var responderLink: WeakLink<UIResponder>?

    /// The gesture recognizers receiving the press.
    public var gestureRecognizers: [UIGestureRecognizer]? { arbitration.receivers }

    /// The press's identity as the input source reported it.
    let identifier: Int
    /// The arbiter's record of the press: the recognizers it is fed to, and how far it went with its
    /// responder. Written only through the record's steps, each an edit in place.
    var arbitration: PressRecord {
        _read { yield fenced.arbitration }
        _modify { yield &fenced.arbitration }
    }
    /// A key command took the press as its key went down (U5): no recognizer or responder hears of it.
    var isTakenByKeyCommand: Bool {
        get { fenced.isTakenByKeyCommand }
        set { fenced.isTakenByKeyCommand = newValue }
    }
    /// Fenced storage (see ``FencedStorage``).
    #if DEBUG
    private var fenced = Fenced()
    #else
    @exclusivity(unchecked) private var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var arbitration = PressRecord()
        var isTakenByKeyCommand = false
    }

    init(identifier: Int, type: PressType, key: UIKey?, force: CGFloat, timestamp: TimeInterval) {
        self.identifier = identifier
        self.type = type
        self.key = key
        self.force = force
        self.timestamp = timestamp
    }

    nonisolated public static func == (lhs: UIPress, rhs: UIPress) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
