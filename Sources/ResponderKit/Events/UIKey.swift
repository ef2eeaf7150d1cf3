import Foundation

/// A key on a keyboard, as carried by a ``UIPress``.
@MainActor
public final class UIKey {
    /// The characters the key produces, modifiers included.
    public let characters: String
    /// The characters the key produces without modifiers.
    public let charactersIgnoringModifiers: String
    /// The modifier keys held down with it.
    public let modifierFlags: UIKeyModifierFlags
    /// The key's HID usage code.
    public let keyCode: UIKeyboardHIDUsage

    /// Creates a key, for input sources and simulation.
    public init(characters: String, charactersIgnoringModifiers: String? = nil,
                modifierFlags: UIKeyModifierFlags = [], keyCode: UIKeyboardHIDUsage) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters.lowercased()
        self.modifierFlags = modifierFlags
        self.keyCode = keyCode
    }

    /// The press type a press of this key has: the arrow types for arrow keys, otherwise the HID usage
    /// offset by ``UIPress/PressType/keyboardKeyBase`` so that no key reads as a remote's button.
    nonisolated static func pressType(for keyCode: UIKeyboardHIDUsage) -> UIPress.PressType {
        switch keyCode {
        case .keyboardUpArrow: return .upArrow
        case .keyboardDownArrow: return .downArrow
        case .keyboardLeftArrow: return .leftArrow
        case .keyboardRightArrow: return .rightArrow
        default: return UIPress.PressType(rawValue: UIPress.PressType.keyboardKeyBase + keyCode.rawValue)
        }
    }
}
