import Foundation

/// A key on a keyboard, as carried by a ``UIPress``.
///
/// It wraps the input source's ``HIDEvent/KeyDescription``, which holds the same fields as a `Sendable`
/// value (input sources build it on their own threads); `UIKey` is the main-actor object UIKit's API
/// hands out, so the two types stay, and the fields are written once, in the description.
@MainActor
public final class UIKey {
    /// The key as the input source described it.
    let key: HIDEvent.KeyDescription

    /// The characters the key produces, modifiers included.
    public var characters: String { key.characters }
    /// The characters the key produces without modifiers.
    public var charactersIgnoringModifiers: String { key.charactersIgnoringModifiers }
    /// The modifier keys held down with it.
    public var modifierFlags: UIKeyModifierFlags { key.modifierFlags }
    /// The key's HID usage code.
    public var keyCode: UIKeyboardHIDUsage { key.keyCode }

    /// Creates a key, for input sources and simulation.
    public convenience init(characters: String, charactersIgnoringModifiers: String? = nil,
                            modifierFlags: UIKeyModifierFlags = [], keyCode: UIKeyboardHIDUsage) {
        self.init(HIDEvent.KeyDescription(characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers,
                                          modifierFlags: modifierFlags, keyCode: keyCode))
    }

    /// Creates a key from an input source's description of it.
    init(_ key: HIDEvent.KeyDescription) {
        self.key = key
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

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object, so `view == self`, `Set<UIView>` and dictionary keys work as
// they do there. Not isolated (like `UITouch`'s): they read nothing but the reference. The engine itself
// compares with `===`, so nothing on the dispatch path goes through them.
extension UIKey: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: UIKey, rhs: UIKey) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
