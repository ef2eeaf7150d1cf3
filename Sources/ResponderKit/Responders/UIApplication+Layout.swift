import Foundation

/// The layout pass before input. UIKit lays out the views that need it at the end of each turn of the
/// main run loop (its display frame), so a touch always finds views where their last change put them.
/// ResponderKit has no frames: a view that must not wait for ``UIView/layoutIfNeeded()`` (a table or a
/// collection view that reloaded, changed size or came into a window, whose cells appear in its layout)
/// asks to be laid out before the next input, and the application does so as it takes that input from
/// its queue, before hit-testing it. The data source may run then, and change anything, as in UIKit:
/// never in the middle of delivering an event.
extension UIApplication {

    /// Lays `view` out before the next input. A view is listed once until then; the list holds links.
    func layOutBeforeNextInput(_ view: UIView) {
        for link in viewsAwaitingLayout where link.object === view { return }
        viewsAwaitingLayout.append(view.link)
    }

    /// Lays out the views waiting for the next input, in the order they asked. A view that asks again
    /// during the pass (its data source reloaded it) waits for the input after.
    func layOutViewsAwaitingLayout() {
        let waiting = viewsAwaitingLayout
        viewsAwaitingLayout = []
        for link in waiting {
            guard let view = link.object(as: UIView.self) else { continue }
            view.layOutSubtreeIfNeeded()
        }
    }
}
