/// What an object implements to hear of double taps on an Apple Pencil (U4).
///
/// Both methods have defaults, as UIKit's are optional. Implement
/// ``pencilInteraction(_:didReceiveTap:)``; the default of that method calls the older
/// ``pencilInteractionDidTap(_:)``, so a delegate written for it still hears the tap, and one that
/// implements the newer method is not called through the older one (U4: the newer replaces the older
/// when implemented).
@MainActor
public protocol UIPencilInteractionDelegate: AnyObject {
    /// The user double-tapped the pencil while the interaction's view was in a visible window.
    func pencilInteraction(_ interaction: UIPencilInteraction, didReceiveTap tap: UIPencilInteraction.Tap)
    /// The user double-tapped the pencil (the method before iOS 17.5).
    func pencilInteractionDidTap(_ interaction: UIPencilInteraction)
}

extension UIPencilInteractionDelegate {
    /// Calls ``pencilInteractionDidTap(_:)``, as UIKit does for a delegate without this method.
    public func pencilInteraction(_ interaction: UIPencilInteraction, didReceiveTap tap: UIPencilInteraction.Tap) {
        pencilInteractionDidTap(interaction)
    }

    /// Does nothing.
    public func pencilInteractionDidTap(_ interaction: UIPencilInteraction) {}
}
