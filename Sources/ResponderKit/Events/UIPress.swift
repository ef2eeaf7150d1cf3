import Foundation

/// One physical button press: a remote's select button, an arrow, or a keyboard key.
@MainActor
public final class UIPress: Hashable {
    /// The phase of a press.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// Which button was pressed.
    ///
    /// Keyboard keys other than the arrows carry their HID usage code as raw value (a choice of this
    /// library: UIKit does not document the type of such presses); read ``UIPress/key`` for them.
    public struct PressType: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let upArrow = PressType(rawValue: 0)
        public static let downArrow = PressType(rawValue: 1)
        public static let leftArrow = PressType(rawValue: 2)
        public static let rightArrow = PressType(rawValue: 3)
        public static let select = PressType(rawValue: 4)
        public static let menu = PressType(rawValue: 5)
        public static let playPause = PressType(rawValue: 6)
        public static let pageUp = PressType(rawValue: 30)
        public static let pageDown = PressType(rawValue: 31)
        public static let tvRemoteOneTwoThree = PressType(rawValue: 32)
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
    /// The window of the responder the press was delivered to.
    public internal(set) var window: UIWindow?
    /// The responder the press was delivered to, chosen when the press began (R15).
    public internal(set) var responder: UIResponder?

    /// The gesture recognizers receiving the press.
    public var gestureRecognizers: [UIGestureRecognizer]? { receivingRecognizers }

    /// The press's identity as the input source reported it.
    let identifier: Int
    /// Recognizers that accepted the press.
    var receivingRecognizers: [UIGestureRecognizer] = []
    /// Whether the responder got `pressesBegan` and still expects an end, or already got its end.
    var responderDelivery: UITouch.ViewDelivery = .pending

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
