/// The kind of device a scroll event comes from (U3).
public enum UIScrollType: Int, Sendable {
    /// A device that scrolls in steps, like a mouse's wheel: each notch moves the content by a fixed
    /// distance, and the device reports no beginning or end.
    case discrete = 0
    /// A device that scrolls smoothly, like a trackpad under two fingers: it reports when the fingers
    /// begin and end scrolling.
    case continuous = 1

    /// Compares the raw values, as ``UITouch/Phase`` does.
    public static func == (lhs: UIScrollType, rhs: UIScrollType) -> Bool { lhs.rawValue == rhs.rawValue }
}

/// The scroll types a pan gesture recognizer takes (``UIPanGestureRecognizer/allowedScrollTypesMask``).
public struct UIScrollTypeMask: OptionSet, Hashable, Sendable {
    /// The raw value: bit `type.rawValue` for each ``UIScrollType``.
    public let rawValue: Int
    /// Creates a mask from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Scrolling from a device that scrolls in steps, like a mouse's wheel.
    public static let discrete = UIScrollTypeMask(rawValue: 1 << UIScrollType.discrete.rawValue)
    /// Scrolling from a device that scrolls smoothly, like a trackpad.
    public static let continuous = UIScrollTypeMask(rawValue: 1 << UIScrollType.continuous.rawValue)
    /// Both.
    public static let all: UIScrollTypeMask = [.discrete, .continuous]

    /// The mask holding one type.
    init(_ type: UIScrollType) { self.init(rawValue: 1 << type.rawValue) }
}
