import Foundation

/// A sheet's drag to dismiss: the delegate and target of its pan (UIKit's sheet interaction).
///
/// As the delegate:
/// - the pan begins only on a drag that goes down more than sideways;
/// - a scroll view in the sheet that is scrolled to its top waits for the pan to fail
///   (`shouldBeRequiredToFailBy`), so a drag down there moves the sheet and a drag up scrolls the
///   content; a scroll view scrolled away from its top goes first, as the deeper recognizer, and
///   scrolls (Apple documents that scrolling in a sheet hands over to the sheet at the top edge). The
///   answer is given when the touch comes down (R25): a drag that scrolls the content back to its top
///   keeps scrolling (rubber-banding), with no hand-over in the middle of the drag.
///
/// As the target: when the pan begins, a sheet that may not be dismissed (``UIViewController/isModalInPresentation``,
/// or a delegate that answers false to `presentationControllerShouldDismiss`) tells the delegate
/// `presentationControllerDidAttemptToDismiss` and only gives a third of the finger's travel, springing
/// back on lift. Otherwise the delegate hears `presentationControllerWillDismiss`, and an interactive
/// dismissal follows the finger; on lift the sheet goes on a flick down
/// (``Thresholds/sheetFlickVelocity``) or, slower, past ``Thresholds/sheetDismissFraction`` of its
/// height (then `presentationControllerDidDismiss`), and comes back otherwise.
@MainActor
final class SheetInteraction: UIGestureRecognizerDelegate {
    private weak var presentation: UIPresentationController?
    @Linked private var sheet: UIView?
    /// The sheet's pan, which holds this interaction (the sheet's view holds the pan).
    private(set) weak var pan: SheetDismissPanGestureRecognizer?
    /// The dismissal the drag drives, or nil while the sheet refuses (it then only gives a little). Weak:
    /// the presentation holds it while it runs, and it holds the sheet's views, which hold the pan that
    /// holds this interaction.
    private weak var dismissal: PresentationTransition?
    /// Whether the drag under way is one the sheet refused.
    private var resisting = false
    /// How much of the finger's travel a sheet that refuses follows (chosen; UIKit's resistance is not
    /// documented).
    static let refusedDragFraction: CGFloat = 1.0 / 3

    init(presentation: UIPresentationController, sheet: UIDropShadowView) {
        self.presentation = presentation
        self.sheet = sheet
        let pan = SheetDismissPanGestureRecognizer(interaction: self)
        sheet.addGestureRecognizer(pan)
        self.pan = pan
    }

    /// The sheet is gone: its pan goes with it.
    func uninstall() {
        if let pan { sheet?.removeGestureRecognizer(pan) }
    }

    // MARK: The delegate

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        // A sheet whose presentation is gone (its presenter freed while it was on screen) has nothing to
        // dismiss: the drag does not begin.
        guard presentation?.presentedController != nil else { return false }
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return false }
        let travel = pan.travel(in: nil)
        return travel.y > 0 && travel.y >= abs(travel.x)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = otherGestureRecognizer.view as? UIScrollView,
              scrollView.panGestureRecognizer === otherGestureRecognizer,
              let sheet, scrollView.isDescendant(of: sheet) else { return false }
        return scrollView.contentOffset.y <= scrollView.minimumContentOffset.y
    }

    // MARK: The target

    func handle(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began: begin()
        case .changed: follow(recognizer)
        case .ended: letGo(recognizer, cancelled: false)
        case .cancelled: letGo(recognizer, cancelled: true)
        default: break
        }
    }

    private func begin() {
        guard let presentation, let presented = presentation.presentedController, presentation.runningTransition == nil else { return }
        if let modal = presented.modalInPresentationController {
            refuse(.modalInPresentation(modal.traceSubject))
        } else if let delegate = presentation.delegate, !delegate.presentationControllerShouldDismiss(presentation) {
            refuse(.delegateDeclined)
        } else {
            // The presentation is captured here, not reached through this interaction: a completed
            // dismissal lets the interaction go before it tells the delegate. (Weak: the presentation holds
            // the transition, which holds this closure, until it ends; its controller keeps it.)
            guard let transition = presented.makeDismissal(of: presentation, animated: true, interactive: true,
                                                           completion: { [weak self, weak presentation] completed in
                self?.dismissal = nil
                if completed, let presentation { presentation.delegate?.presentationControllerDidDismiss(presentation) }
            }) else { return }
            dismissal = transition
            transition.attach()
            presentation.delegate?.presentationControllerWillDismiss(presentation)
            transition.prepare()
            transition.start()
        }
    }

    private func refuse(_ reason: TraceRecord.SheetRefusal) {
        guard let presentation else { return }
        resisting = true
        presentation.presentedController?.reportPresentation(.dismissalRefused(reason))
        presentation.delegate?.presentationControllerDidAttemptToDismiss(presentation)
    }

    /// The sheet's height, and the window's (velocities are in window heights a second).
    private var heights: (sheet: CGFloat, window: CGFloat) {
        (max(sheet?.bounds.height ?? 1, 1), max(sheet?.window?.bounds.height ?? 1, 1))
    }

    private func follow(_ recognizer: UIPanGestureRecognizer) {
        let translation = recognizer.translation(in: nil).y
        if resisting {
            guard let sheet, let container = presentation?.transitionView, let presentation else { return }
            var frame = UIPresentationController.frame(for: presentation.presentationStyle, in: container.bounds)
            frame.origin.y += max(translation, 0) * SheetInteraction.refusedDragFraction
            sheet.frame = frame
        } else if let dismissal, dismissal.isInteractive {
            dismissal.timeline.update(translation / heights.sheet)
        }
    }

    private func letGo(_ recognizer: UIPanGestureRecognizer, cancelled: Bool) {
        guard let presentation else { return }
        if resisting {
            resisting = false
            if let sheet, let container = presentation.transitionView {
                sheet.frame = UIPresentationController.frame(for: presentation.presentationStyle, in: container.bounds)
            }
            return
        }
        guard let dismissal, dismissal.isInteractive else { return }
        let (sheetHeight, windowHeight) = heights
        let progress = recognizer.translation(in: nil).y / sheetHeight
        let velocity = recognizer.velocity(in: nil).y / windowHeight
        let thresholds = recognizer.thresholds
        let dismisses: Bool
        let reason: TraceRecord.SheetDecision
        if cancelled {
            dismisses = false
            reason = .recognizerCancelled
        } else if abs(velocity) >= thresholds.sheetFlickVelocity {
            dismisses = velocity > 0
            reason = .flick(threshold: thresholds.sheetFlickVelocity)
        } else {
            dismisses = progress > thresholds.sheetDismissFraction
            reason = .distance(threshold: thresholds.sheetDismissFraction)
        }
        presentation.presentedController?.reportPresentation(
            .sheetDecided(dismisses: dismisses, progress: progress, velocity: velocity, reason: reason))
        if dismisses { dismissal.timeline.finishInteractive() } else { dismissal.timeline.cancelInteractive() }
    }
}

extension UIViewController {
    /// The controller that keeps this presented controller on screen: itself or a child of it (at any
    /// depth) whose ``isModalInPresentation`` is true.
    var modalInPresentationController: UIViewController? {
        if isModalInPresentation { return self }
        for child in children {
            if let modal = child.modalInPresentationController { return modal }
        }
        return nil
    }
}
