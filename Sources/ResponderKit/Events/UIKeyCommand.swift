import Foundation

/// A key combination on a hardware keyboard and the action it performs (U5).
///
/// A responder offers commands through ``UIResponder/keyCommands``. When a key goes down, the
/// application looks for a command matching it along the responder chain, from the first responder up:
/// each responder's commands in turn, in the order it lists them. A command matches when its
/// ``input`` is the key's `charactersIgnoringModifiers` (letters in either case) and its
/// ``modifierFlags`` are the modifiers held down (Caps Lock and the numeric pad's flag aside). The
/// application then walks the chain again, from the first responder, for the object that performs the
/// command's action, calls it with the command as the sender and stops: the press is spent, and no
/// recognizer or responder hears of it. When no command matches, or no object performs a matching
/// command's action, the press goes on as any other (`pressesBegan`).
///
/// An action is a ``Selector``, performed by the first responder whose
/// ``UIResponder/canPerformAction(_:withSender:)`` says yes, through ``UIResponder/perform(_:with:)``
/// (R17); or an unbound method, such as `Editor.save`, called on the first responder in the chain
/// that is an instance of its type.
///
/// While a text field edits, it takes the keys it types (U5, iOS 15): a command for such a key waits
/// for the field unless ``wantsPriorityOverSystemBehavior`` is true.
///
/// See <doc:ModernInput>.
@MainActor
public final class UIKeyCommand {
    /// The key: a character (`"s"`) or one of the special inputs (``inputUpArrow``, ``inputEscape``…).
    public let input: String?
    /// The modifier keys that must be held down.
    public let modifierFlags: UIKeyModifierFlags
    /// The action, when it is a selector; nil for a command made with a method reference.
    public let action: Selector?
    /// The command's short title, as a menu would show it.
    public var title: String
    /// A longer title for the command, as the keyboard-shortcuts overlay would show it.
    public var discoverabilityTitle: String?
    /// Whether the command comes before the text a text field types (iOS 15 and later: the text field
    /// first). False by default (U5).
    public var wantsPriorityOverSystemBehavior = false

    /// How the command's action is performed.
    let performer: Performer

    enum Performer {
        /// A selector, performed through `canPerformAction(_:withSender:)` and `perform(_:with:)`.
        case selector(Selector)
        /// An unbound method of a responder type: `accepts` says whether a responder is of that type,
        /// `call` calls the method on it. `typeName` names the type in traces.
        case method(typeName: String, accepts: @MainActor (UIResponder) -> Bool,
                    call: @MainActor (UIResponder, UIKeyCommand) -> Void)
    }

    private init(title: String, input: String, modifierFlags: UIKeyModifierFlags, action: Selector?,
                 performer: Performer, discoverabilityTitle: String?) {
        self.title = title
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        self.performer = performer
        self.discoverabilityTitle = discoverabilityTitle
    }

    // MARK: Selector actions

    /// A command performing `action` when `input` is pressed with `modifierFlags`.
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector) {
        self.init(title: "", input: input, modifierFlags: modifierFlags, action: action,
                  performer: .selector(action), discoverabilityTitle: nil)
    }

    /// A command performing `action`, with a title for the keyboard-shortcuts overlay.
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector, discoverabilityTitle: String) {
        self.init(title: "", input: input, modifierFlags: modifierFlags, action: action,
                  performer: .selector(action), discoverabilityTitle: discoverabilityTitle)
    }

    /// A command with a title performing `action`.
    public convenience init(title: String = "", action: Selector, input: String, modifierFlags: UIKeyModifierFlags = [],
                            discoverabilityTitle: String? = nil) {
        self.init(title: title, input: input, modifierFlags: modifierFlags, action: action,
                  performer: .selector(action), discoverabilityTitle: discoverabilityTitle)
    }

    // MARK: Method actions

    /// A command calling `action`, an unbound method taking the command (`Editor.moveUp`), on the first
    /// responder of the chain that is a `T`.
    public convenience init<T: UIResponder>(title: String = "", action: @escaping (T) -> (UIKeyCommand) -> Void, input: String,
                                            modifierFlags: UIKeyModifierFlags = [], discoverabilityTitle: String? = nil) {
        let performer = Performer.method(typeName: String(describing: T.self), accepts: { $0 is T }, call: { responder, command in
            guard let target = responder as? T else { return }
            action(target)(command)
        })
        self.init(title: title, input: input, modifierFlags: modifierFlags, action: nil, performer: performer,
                  discoverabilityTitle: discoverabilityTitle)
    }

    /// A command calling `action`, an unbound method without parameters (`Editor.dismiss`), on the first
    /// responder of the chain that is a `T`.
    public convenience init<T: UIResponder>(title: String = "", action: @escaping (T) -> () -> Void, input: String,
                                            modifierFlags: UIKeyModifierFlags = [], discoverabilityTitle: String? = nil) {
        let performer = Performer.method(typeName: String(describing: T.self), accepts: { $0 is T }, call: { responder, _ in
            guard let target = responder as? T else { return }
            action(target)()
        })
        self.init(title: title, input: input, modifierFlags: modifierFlags, action: nil, performer: performer,
                  discoverabilityTitle: discoverabilityTitle)
    }

    // MARK: Special inputs

    // The values are UIKit's own strings for these keys (observed: UIKit's constants hold these names, and
    // `UIKey.charactersIgnoringModifiers` reports them for the keys), so a key's characters match them.

    /// The up arrow key.
    nonisolated public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The down arrow key.
    nonisolated public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The left arrow key.
    nonisolated public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The right arrow key.
    nonisolated public static let inputRightArrow = "UIKeyInputRightArrow"
    /// The Escape key.
    nonisolated public static let inputEscape = "UIKeyInputEscape"
    /// The Page Up key.
    nonisolated public static let inputPageUp = "UIKeyInputPageUp"
    /// The Page Down key.
    nonisolated public static let inputPageDown = "UIKeyInputPageDown"
    /// The Home key.
    nonisolated public static let inputHome = "UIKeyInputHome"
    /// The End key.
    nonisolated public static let inputEnd = "UIKeyInputEnd"
    /// The forward Delete key (not Backspace, which types `"\u{8}"`).
    nonisolated public static let inputDelete = "UIKeyInputDelete"
    /// Function key 1.
    nonisolated public static let f1 = "UIKeyInputF1"
    /// Function key 2.
    nonisolated public static let f2 = "UIKeyInputF2"
    /// Function key 3.
    nonisolated public static let f3 = "UIKeyInputF3"
    /// Function key 4.
    nonisolated public static let f4 = "UIKeyInputF4"
    /// Function key 5.
    nonisolated public static let f5 = "UIKeyInputF5"
    /// Function key 6.
    nonisolated public static let f6 = "UIKeyInputF6"
    /// Function key 7.
    nonisolated public static let f7 = "UIKeyInputF7"
    /// Function key 8.
    nonisolated public static let f8 = "UIKeyInputF8"
    /// Function key 9.
    nonisolated public static let f9 = "UIKeyInputF9"
    /// Function key 10.
    nonisolated public static let f10 = "UIKeyInputF10"
    /// Function key 11.
    nonisolated public static let f11 = "UIKeyInputF11"
    /// Function key 12.
    nonisolated public static let f12 = "UIKeyInputF12"

    // MARK: Matching

    /// Whether the command is for `key` (U5): the same input (letters in either case) and the same
    /// modifiers, Caps Lock and the numeric pad's flag aside.
    func matches(_ key: HIDEvent.KeyDescription) -> Bool {
        guard let input else { return false }
        let ignored: UIKeyModifierFlags = [.alphaShift, .numericPad]
        guard modifierFlags.subtracting(ignored) == key.modifierFlags.subtracting(ignored) else { return false }
        let pressed = key.charactersIgnoringModifiers
        return pressed == input || pressed.lowercased() == input.lowercased()
    }

    /// The action as traces name it: the selector, or the title (else the type) of a method's target.
    var traceActionName: String {
        switch performer {
        case .selector(let selector): return selector.name
        case .method(let typeName, _, _):
            return title.isEmpty ? "a method of \(typeName)" : "\(typeName) '\(title)'"
        }
    }

    /// The key as traces name it: `⌘S`, `⇧⌘F`, `UpArrow`.
    var traceKeyName: String {
        var name = ""
        if modifierFlags.contains(.control) { name += "⌃" }
        if modifierFlags.contains(.alternate) { name += "⌥" }
        if modifierFlags.contains(.shift) { name += "⇧" }
        if modifierFlags.contains(.command) { name += "⌘" }
        let key = input ?? ""
        return name + (key.hasPrefix("UIKeyInput") ? String(key.dropFirst("UIKeyInput".count)) : key.uppercased())
    }
}

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object. Not isolated (like `UITouch`'s): they read nothing but the reference.
extension UIKeyCommand: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: UIKeyCommand, rhs: UIKeyCommand) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
