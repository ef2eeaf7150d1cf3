import Foundation
import ResponderKit

/// The delegate of a scenario's pencil interactions (`pencil-interaction: true`): the trace records
/// each tap it is told of (U4); it counts them.
@MainActor
final class PencilDelegate: UIPencilInteractionDelegate {
    private(set) var taps = 0
    func pencilInteraction(_ interaction: UIPencilInteraction, didReceiveTap tap: UIPencilInteraction.Tap) { taps += 1 }
}
