import Foundation
import ResponderKit

/// A presented controller's presentation delegate, when a scenario says `should-dismiss: false`: it
/// refuses the user's dismissal, so a sheet dragged down springs back (the trace records the refusal).
@MainActor
final class ScenarioPresentationDelegate: UIAdaptivePresentationControllerDelegate {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { false }
}
