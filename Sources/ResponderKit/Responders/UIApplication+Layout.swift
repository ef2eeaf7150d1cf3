import Foundation

/// The layout pass of the loop. UIKit lays out the views that need it at the end of each turn of the
/// main run loop (its display frame), so a touch always finds views where their last change put them.
/// ResponderKit has no frames: a view that must not wait for ``UIView/layoutIfNeeded()`` (a table or a
/// collection view that reloaded, changed size or came into a window, whose cells appear in its layout)
/// asks to be laid out, and the application does so at the end of the loop's turn and as it takes the
/// next input from its queue, before hit-testing it. The data source may run then, and change
/// anything, as in UIKit: never in the middle of delivering an event.
extension UIApplication {

    /// Lays `view` out at the end of the loop's turn, or before the next input if that comes first. A view
    /// is listed once until then; the list holds links.
    func scheduleLayout(_ view: UIView) {
        for link in viewsAwaitingLayout where link.object === view { return }
        viewsAwaitingLayout.append(view.link)
    }

    /// Lays out the views waiting, in the order they asked. A view that asks again during the pass (its
    /// data source reloaded it) waits for the next turn or input.
    func layOutViewsAwaitingLayout() {
        let waiting = viewsAwaitingLayout
        viewsAwaitingLayout = []
        for link in waiting {
            guard let view = link.object(as: UIView.self) else { continue }
            view.layOutSubtreeIfNeeded()
        }
    }
}
