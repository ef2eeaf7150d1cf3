/// An object that adds behaviour to a view it is attached to with ``UIView/addInteraction(_:)``, such
/// as ``UIPencilInteraction``.
@MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is attached to.
    var view: UIView? { get }
    /// The interaction is about to be attached to `view`, or detached (nil).
    func willMove(to view: UIView?)
    /// The interaction was attached to `view`, or detached (nil).
    func didMove(to view: UIView?)
}
