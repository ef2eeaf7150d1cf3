import Foundation

/// A single-line text field: the seeds' first-responder example.
///
/// A tap (touch up inside) makes it first responder and starts editing (`.editingDidBegin`); resigning
/// ends editing (`.editingDidEnd`). While it is first responder, key presses reach it through the
/// responder chain (R15) and edit ``text`` (`.editingChanged`); Delete removes the last character.
/// Return asks the delegate, then sends `.editingDidEndOnExit` and `.primaryActionTriggered` (F6), and
/// resigns when a target listens for `.editingDidEndOnExit`, as UIKit does.
@MainActor
open class UITextField: UIControl {
    /// Traces name this class and its subclasses "UITextField".
    override var traceClassName: String { "UITextField" }

    /// The text. Setting it in code sends no event.
    open var text: String? = ""
    /// The text shown when ``text`` is empty.
    open var placeholder: String?
    /// The delegate. Held weakly.
    open weak var delegate: UITextFieldDelegate?
    /// Whether the field is editing (it is first responder).
    public private(set) var isEditing = false
    /// Key presses whose began the field handled: their ends stop here too, even after Return resigned it.
    private var handledPresses: Set<ObjectIdentifier> = []

    open override var canBecomeFirstResponder: Bool { isEnabled }

    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard delegate?.textFieldShouldBeginEditing(self) ?? true else {
            trace(.firstResponderRefused(responder: traceSubject, cause: .textFieldShouldBeginEditingDeclined))
            return false
        }
        guard super.becomeFirstResponder() else { return false }
        isEditing = true
        sendActions(for: .editingDidBegin, with: nil)
        delegate?.textFieldDidBeginEditing(self)
        return true
    }

    open override func resignFirstResponder() -> Bool {
        if isEditing, !(delegate?.textFieldShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        if isEditing {
            isEditing = false
            sendActions(for: .editingDidEnd, with: nil)
            delegate?.textFieldDidEndEditing(self)
        }
        return true
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let inside = touches.contains { isInsideTouchZone($0) }
        super.touchesEnded(touches, with: event)
        if inside, !isFirstResponder { _ = becomeFirstResponder() }
    }

    // MARK: Keys

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled: Set<UIPress> = []
        for press in presses {
            guard let key = press.key, takesKey(key.key) else {
                unhandled.insert(press)
                continue
            }
            handledPresses.insert(ObjectIdentifier(press))
            // The caret keys are the field's, and type nothing (the caret is not modelled).
            if UITextField.caretInputs.contains(key.charactersIgnoringModifiers) { continue }
            switch key.keyCode {
            case .keyboardReturnOrEnter:
                pressedReturn()
            case .keyboardDeleteOrBackspace:
                if var current = text, !current.isEmpty {
                    current.removeLast()
                    text = current
                    sendActions(for: .editingChanged, with: event)
                }
            default:
                guard !key.characters.isEmpty else { continue }
                text = (text ?? "") + key.characters
                sendActions(for: .editingChanged, with: event)
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    /// Whether the field, editing, takes `key` as text input: any key without ⌘ but the special keys
    /// other than the caret's (U5: text input comes before key commands that do not want priority).
    func takesKey(_ key: HIDEvent.KeyDescription) -> Bool {
        guard isEditing, !key.modifierFlags.contains(.command) else { return false }
        let input = key.charactersIgnoringModifiers
        return !input.hasPrefix("UIKeyInput") || UITextField.caretInputs.contains(input)
    }

    /// The keys that move the caret.
    private static let caretInputs: Set<String> = [
        UIKeyCommand.inputUpArrow, UIKeyCommand.inputDownArrow, UIKeyCommand.inputLeftArrow, UIKeyCommand.inputRightArrow,
        UIKeyCommand.inputHome, UIKeyCommand.inputEnd, UIKeyCommand.inputPageUp, UIKeyCommand.inputPageDown,
    ]

    /// Key presses the field handled end here too; other presses climb the chain.
    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let others = presses.filter { handledPresses.remove(ObjectIdentifier($0)) == nil }
        if !others.isEmpty { super.pressesEnded(others, with: event) }
    }

    /// Key presses the field handled are cancelled here too; other presses climb the chain.
    open override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let others = presses.filter { handledPresses.remove(ObjectIdentifier($0)) == nil }
        if !others.isEmpty { super.pressesCancelled(others, with: event) }
    }

    private func pressedReturn() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered], with: nil)
        let listensForExit = entries.contains { $0.events.contains(.editingDidEndOnExit) }
        if listensForExit { _ = resignFirstResponder() }
    }
}
