import Foundation

/// The layout pass of the loop. UIKit lays out the views that need it before its main run loop waits
/// (its display frame's commit), so a touch always finds views where their last change put them.
/// ResponderKit has no frames: a view that must not wait for ``UIView/layoutIfNeeded()`` (a table or a
/// collection view that reloaded, changed size or came into a window, whose cells appear in its layout)
/// asks to be laid out, and the application does so before its loop waits (at the end of an
/// ``EventLoop`` turn, and of ``EventSimulator/turnLoop()``, which follows every input the simulator
/// posts) and before it hit-tests a new touch. The data source may run then, and change anything, as in UIKit: never in the
/// middle of delivering an event.
///
/// The list holds each view once, through its link, so it is bounded by the tables and collections of
/// the windows; its storage and the pass's are kept, so a scroll frame that brings rows in and out (and
/// asks again) allocates nothing.
extension UIApplication {

    /// Lays `view` out before the loop waits, or before the next touch is hit-tested if that comes first.
    func scheduleLayout(_ view: UIView) {
        for link in viewsAwaitingLayout where link.object === view { return }
        viewsAwaitingLayout.append(view.link)
    }

    /// Lays out the views waiting, if any: where the loop is about to wait, and before a hit-test.
    @inline(__always)
    func layOutPendingViews() {
        if !viewsAwaitingLayout.isEmpty { layOutViewsAwaitingLayout() }
    }

    /// Lays out the views waiting, in the order they asked. A view that asks again during the pass (its
    /// data source reloaded it, a cell came in) waits for the next pass. Out of line: the loop only checks
    /// the list. A pass asked for during a pass (a data source that turns the loop) is left to the outer one.
    @inline(never)
    private func layOutViewsAwaitingLayout() {
        guard layoutPassViews.isEmpty else { return }
        swapLayoutLists()
        for link in layoutPassViews {
            link.object(as: UIView.self)?.layOutSubtreeIfNeeded()
        }
        layoutPassViews.removeAll(keepingCapacity: true)
    }
}
