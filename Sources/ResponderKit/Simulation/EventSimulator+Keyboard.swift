import Foundation

/// A hardware keyboard: keys with modifiers, matched against key commands (U5).
extension EventSimulator {

    /// Presses the key that types `input` (a character, or a special input such as
    /// ``UIKeyCommand/inputUpArrow``) with `modifierFlags` held: down, then up.
    public func keyPress(_ input: String, modifierFlags: UIKeyModifierFlags = []) {
        keyDown(input, modifierFlags: modifierFlags)
        keyUp(input, modifierFlags: modifierFlags)
    }

    /// Presses the key that types `input` down, with `modifierFlags` held.
    public func keyDown(_ input: String, modifierFlags: UIKeyModifierFlags = []) {
        keyDown(HIDEvent.KeyDescription(input: input, modifierFlags: modifierFlags))
    }

    /// Releases the key that types `input`.
    public func keyUp(_ input: String, modifierFlags: UIKeyModifierFlags = []) {
        keyUp(HIDEvent.KeyDescription(input: input, modifierFlags: modifierFlags))
    }
}
