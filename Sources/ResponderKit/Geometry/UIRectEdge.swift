/// The edges of a rectangle.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// Creates a value from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top value.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left value.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom value.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right value.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// The all value.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
