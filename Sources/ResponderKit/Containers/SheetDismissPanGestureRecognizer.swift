import Foundation

/// A sheet's own pan, on its `UIDropShadowView`: it drags the sheet down to dismiss it. Named
/// `_UISheetInteractionBackgroundDismissRecognizer`, as UIKit names it (apps that must tell it apart
/// compare that name). Its delegate and target are the sheet's ``SheetInteraction``.
final class SheetDismissPanGestureRecognizer: UIPanGestureRecognizer {
    /// The name UIKit gives the sheet's pan.
    static let uikitName = "_UISheetInteractionBackgroundDismissRecognizer"

    init(interaction: SheetInteraction) {
        super.init(target: nil, action: nil)
        name = SheetDismissPanGestureRecognizer.uikitName
        delegate = interaction
        // A direct call: an unbound method reference would make a closure on every move of the drag.
        addAction(of: interaction) { interaction, recognizer in interaction.handle(recognizer) }
    }
}
