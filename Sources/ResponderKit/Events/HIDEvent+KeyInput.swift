import Foundation

extension HIDEvent.Press {
    /// A keyboard key's press (or release): its identifier and its type made from the key. Keys live
    /// above `1 << 20`, apart from other buttons' identifiers; a key's type is its arrow's press type, or
    /// its HID usage past ``UIPress/PressType/keyboardKeyBase``. A key without a usage code (a character
    /// of another layout) is told apart by its character, above `1 << 21`: two such keys held together
    /// are two presses.
    public init(key: HIDEvent.KeyDescription, phase: UIPress.Phase) {
        self.init(identifier: HIDEvent.Press.identifier(of: key), phase: phase, type: UIKey.pressType(for: key.keyCode), key: key)
    }

    static func identifier(of key: HIDEvent.KeyDescription) -> Int {
        if key.keyCode.rawValue == 0, let scalar = key.charactersIgnoringModifiers.unicodeScalars.first {
            return (1 << 21) + Int(scalar.value)
        }
        return (1 << 20) + key.keyCode.rawValue
    }
}

extension HIDEvent.KeyDescription {
    /// The key that types `input` with `modifierFlags` held: a character (`"s"`; a capital letter holds
    /// shift) or one of ``UIKeyCommand``'s special inputs (``UIKeyCommand/inputUpArrow``…), with its HID
    /// usage. A special key's characters are its input, as UIKit reports them (observed), so key commands
    /// match it. Shift makes a letter's characters a capital, whatever else is held.
    public init(input: String, modifierFlags: UIKeyModifierFlags = []) {
        if let usage = HIDEvent.KeyDescription.specialKeys[input] {
            self.init(characters: input, charactersIgnoringModifiers: input, modifierFlags: modifierFlags, keyCode: usage)
            return
        }
        var key = HIDEvent.KeyDescription.typed(input)
        key.modifierFlags.formUnion(modifierFlags)
        if key.modifierFlags.contains(.shift), key.charactersIgnoringModifiers.count == 1,
           key.charactersIgnoringModifiers.first?.isLetter == true {
            key.characters = key.charactersIgnoringModifiers.uppercased()
        }
        self = key
    }

    /// The special inputs and their keys.
    static let specialKeys: [String: UIKeyboardHIDUsage] = {
        var keys: [String: UIKeyboardHIDUsage] = [
            UIKeyCommand.inputUpArrow: .keyboardUpArrow, UIKeyCommand.inputDownArrow: .keyboardDownArrow,
            UIKeyCommand.inputLeftArrow: .keyboardLeftArrow, UIKeyCommand.inputRightArrow: .keyboardRightArrow,
            UIKeyCommand.inputEscape: .keyboardEscape, UIKeyCommand.inputHome: .keyboardHome, UIKeyCommand.inputEnd: .keyboardEnd,
            UIKeyCommand.inputPageUp: .keyboardPageUp, UIKeyCommand.inputPageDown: .keyboardPageDown,
            UIKeyCommand.inputDelete: .keyboardDeleteForward,
        ]
        let functionKeys = [UIKeyCommand.f1, UIKeyCommand.f2, UIKeyCommand.f3, UIKeyCommand.f4, UIKeyCommand.f5, UIKeyCommand.f6,
                            UIKeyCommand.f7, UIKeyCommand.f8, UIKeyCommand.f9, UIKeyCommand.f10, UIKeyCommand.f11, UIKeyCommand.f12]
        for (offset, input) in functionKeys.enumerated() {
            keys[input] = UIKeyboardHIDUsage(rawValue: UIKeyboardHIDUsage.keyboardF1.rawValue + offset)
        }
        return keys
    }()

    /// The key that types `text` (one character): letters, digits, the signs of a US keyboard and space
    /// with their HID usages (capitals with shift), `"\n"` as Return, `"\u{8}"` as Delete, `"\t"` as
    /// Tab; anything else (a character of another layout) as a key with no usage code.
    static func typed(_ text: String) -> HIDEvent.KeyDescription {
        guard text.count == 1, let character = text.first else {
            return .init(characters: text, keyCode: UIKeyboardHIDUsage(rawValue: 0))
        }
        switch character {
        case "\n", "\r": return .init(characters: "\r", keyCode: .keyboardReturnOrEnter)
        case "\u{8}": return .init(characters: "\u{8}", keyCode: .keyboardDeleteOrBackspace)
        case " ": return .init(characters: " ", keyCode: .keyboardSpacebar)
        case "\t": return .init(characters: "\t", keyCode: .keyboardTab)
        default: break
        }
        if let ascii = character.asciiValue {
            switch ascii {
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                return .init(characters: text, keyCode: UIKeyboardHIDUsage(rawValue: 0x04 + Int(ascii - UInt8(ascii: "a"))))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return .init(characters: text, charactersIgnoringModifiers: text.lowercased(), modifierFlags: .shift,
                             keyCode: UIKeyboardHIDUsage(rawValue: 0x04 + Int(ascii - UInt8(ascii: "A"))))
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                return .init(characters: text, keyCode: UIKeyboardHIDUsage(rawValue: 0x1E + Int(ascii - UInt8(ascii: "1"))))
            case UInt8(ascii: "0"):
                return .init(characters: text, keyCode: .keyboard0)
            default: break
            }
        }
        if let usage = signKeys[character] {
            return .init(characters: text, keyCode: usage)
        }
        return .init(characters: text, keyCode: UIKeyboardHIDUsage(rawValue: 0))
    }

    /// The keys of the signs on a US keyboard, the layout HID usages are named after: `!` is on the key of
    /// `1`, so the two are one key to the device. A sign's characters are the sign, with or without
    /// shift (chosen: a key command written with the sign, as `?`, matches it as it did before signs had
    /// their keys; UIKit does not document how it reports a shifted sign).
    static let signKeys: [Character: UIKeyboardHIDUsage] = {
        var keys: [Character: UIKeyboardHIDUsage] = [:]
        let pairs: [(UIKeyboardHIDUsage, Character, Character)] = [
            (.keyboardHyphen, "-", "_"), (.keyboardEqualSign, "=", "+"), (.keyboardOpenBracket, "[", "{"),
            (.keyboardCloseBracket, "]", "}"), (.keyboardBackslash, "\\", "|"), (.keyboardSemicolon, ";", ":"),
            (.keyboardQuote, "'", "\""), (.keyboardGraveAccentAndTilde, "`", "~"), (.keyboardComma, ",", "<"),
            (.keyboardPeriod, ".", ">"), (.keyboardSlash, "/", "?"),
        ]
        for (usage, plain, shifted) in pairs {
            keys[plain] = usage
            keys[shifted] = usage
        }
        // The signs over the digits, 1 to 0.
        for (offset, sign) in "!@#$%^&*()".enumerated() {
            keys[sign] = UIKeyboardHIDUsage(rawValue: UIKeyboardHIDUsage.keyboard1.rawValue + offset)
        }
        return keys
    }()
}
