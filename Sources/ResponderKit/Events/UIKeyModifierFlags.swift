/// Modifier keys held down with a key.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: Int
    /// Creates a value from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The alpha shift value.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// The shift value.
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// The control value.
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// The alternate value.
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// The command value.
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// The numeric pad value.
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}
