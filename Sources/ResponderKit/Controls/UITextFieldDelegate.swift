import Foundation

/// Answers a text field's questions about editing. Every method is optional: the defaults in the
/// extension allow everything and do nothing.
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether the field may start editing (become first responder). Default true.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// The field started editing.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether the field may stop editing (resign first responder). Default true.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// The field stopped editing.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Whether the field should process Return (send `.editingDidEndOnExit`). Default true.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

/// UIKit's default answers, used for every method a delegate does not implement.
extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
