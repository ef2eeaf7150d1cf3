/// A key's USB HID usage code (page 7), as UIKit names them. Any code can be made from its raw value.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: Int
    /// Creates a value from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The keyboard a value.
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 0x04)
    /// The keyboard z value.
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 0x1D)
    /// The keyboard1 value.
    public static let keyboard1 = UIKeyboardHIDUsage(rawValue: 0x1E)
    /// The keyboard0 value.
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 0x27)
    /// The keyboard return or enter value.
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 0x28)
    /// The keyboard escape value.
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 0x29)
    /// The keyboard delete or backspace value.
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 0x2A)
    /// The keyboard tab value.
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 0x2B)
    /// The keyboard spacebar value.
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 0x2C)
    /// The keyboard's hyphen and underscore key.
    public static let keyboardHyphen = UIKeyboardHIDUsage(rawValue: 0x2D)
    /// The keyboard's equal sign and plus key.
    public static let keyboardEqualSign = UIKeyboardHIDUsage(rawValue: 0x2E)
    /// The keyboard's open bracket and open brace key.
    public static let keyboardOpenBracket = UIKeyboardHIDUsage(rawValue: 0x2F)
    /// The keyboard's close bracket and close brace key.
    public static let keyboardCloseBracket = UIKeyboardHIDUsage(rawValue: 0x30)
    /// The keyboard's backslash and vertical bar key.
    public static let keyboardBackslash = UIKeyboardHIDUsage(rawValue: 0x31)
    /// The keyboard's semicolon and colon key.
    public static let keyboardSemicolon = UIKeyboardHIDUsage(rawValue: 0x33)
    /// The keyboard's quote and double quote key.
    public static let keyboardQuote = UIKeyboardHIDUsage(rawValue: 0x34)
    /// The keyboard's grave accent and tilde key.
    public static let keyboardGraveAccentAndTilde = UIKeyboardHIDUsage(rawValue: 0x35)
    /// The keyboard's comma and less-than key.
    public static let keyboardComma = UIKeyboardHIDUsage(rawValue: 0x36)
    /// The keyboard's period and greater-than key.
    public static let keyboardPeriod = UIKeyboardHIDUsage(rawValue: 0x37)
    /// The keyboard's slash and question mark key.
    public static let keyboardSlash = UIKeyboardHIDUsage(rawValue: 0x38)
    /// The keyboard's first function key.
    public static let keyboardF1 = UIKeyboardHIDUsage(rawValue: 0x3A)
    /// The keyboard's twelfth function key (the second to the eleventh lie in between, in order).
    public static let keyboardF12 = UIKeyboardHIDUsage(rawValue: 0x45)
    /// The keyboard home value.
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 0x4A)
    /// The keyboard page up value.
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 0x4B)
    /// The keyboard delete forward value.
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 0x4C)
    /// The keyboard end value.
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 0x4D)
    /// The keyboard page down value.
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 0x4E)
    /// The keyboard right arrow value.
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 0x4F)
    /// The keyboard left arrow value.
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 0x50)
    /// The keyboard down arrow value.
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 0x51)
    /// The keyboard up arrow value.
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 0x52)
}
