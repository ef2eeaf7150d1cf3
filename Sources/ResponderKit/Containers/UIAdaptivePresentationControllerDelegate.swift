import Foundation

/// Hears and steers the user's attempts to dismiss a presentation: a sheet dragged down.
///
/// Every method is optional: the defaults in the extension allow the dismissal and do nothing else.
/// Implement a method with exactly this signature, or the default is used. None of them is called when
/// the presentation is dismissed in code (`dismiss(animated:completion:)`), as UIKit documents.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// Asked as the user begins to drag a sheet down: false refuses the dismissal (the sheet then only
    /// gives a little under the finger and springs back), as does
    /// ``UIViewController/isModalInPresentation``. Default true.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// Called as the user begins to drag a sheet away, once its transition exists: read
    /// ``UIViewController/transitionCoordinator`` of the presented controller to learn how it ends.
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// Called once a sheet the user dragged away is gone. Not called if the user let go early and the
    /// sheet came back.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// Called when the user tried to dismiss a sheet that refuses: ``UIViewController/isModalInPresentation``
    /// is true, or ``presentationControllerShouldDismiss(_:)`` answered false. Called as the drag begins.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}
