import Foundation

/// Hears a collection view's highlight, selection and display events.
///
/// It refines ``UIScrollViewDelegate``: a collection view's ``UIScrollView/delegate`` is set to an object
/// that adopts it, and the collection view finds these methods by a cast. Every method is a requirement
/// with a default that does what UIKit does when it is missing.
///
/// The order is the one Apple documents (T2): touch down, `shouldHighlightItemAt`, `didHighlightItemAt`
/// (after the content-touch delay); touch up, `didUnhighlightItemAt`, `shouldSelectItemAt`, then the
/// deselection of the item selected before (unless several may be), then `didSelectItemAt`. With
/// `shouldHighlightItemAt` false the whole selection is bypassed. Selection changed by code calls none
/// of them (T4).
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Whether the touched item highlights. True by default; false also bypasses selection (documented).
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The touched item was highlighted.
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The item's highlight was removed.
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether the user's tap selects the item. True by default.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The user selected the item; the selection already includes it.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether the user's tap on a selected item deselects it (with multiple selection). True by default.
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// The user's action deselected the item.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// A cell is about to show the item at `indexPath`.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// A cell stopped showing the item at `indexPath`.
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}
