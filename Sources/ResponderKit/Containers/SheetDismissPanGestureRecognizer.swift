import Foundation

/// A sheet's own pan, on its `UIDropShadowView`: it drags the sheet down to dismiss it. Named
/// `_UISheetInteractionBackgroundDismissRecognizer`, as UIKit names it (apps that must tell it apart
/// compare that name). Its delegate and target are the sheet's ``SheetInteraction``.
final class SheetDismissPanGestureRecognizer: UIPanGestureRecognizer {
    /// The name UIKit gives the sheet's pan.
    static let uikitName = "_UISheetInteractionBackgroundDismissRecognizer"

    /// The interaction, held here: a recognizer holds its delegate and targets weakly, and the sheet can
    /// outlive its presentation (a window whose root controller is replaced under a presentation keeps
    /// the presentation's views, as on a device). Its delegate then turns every drag down, so the pan
    /// never begins with nobody to hear it. (The interaction holds the pan weakly: no cycle.)
    let interaction: SheetInteraction

    init(interaction: SheetInteraction) {
        self.interaction = interaction
        super.init(target: nil, action: nil)
        name = SheetDismissPanGestureRecognizer.uikitName
        delegate = interaction
        // A direct call: an unbound method reference would make a closure on every move of the drag.
        addAction(of: interaction) { interaction, recognizer in interaction.handle(recognizer) }
    }
}
