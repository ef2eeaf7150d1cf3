// Presentations: page sheets by default in UIKit's views, full screen, form sheets; their transitions
// on the clock with the appearance callbacks; a sheet's drag to dismiss with the presentation
// controller's delegate, isModalInPresentation, and a scroll view in the sheet.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct SheetPresentationTests {

    /// A presentation delegate that logs what it hears, and may refuse.
    final class PresentationLog: UIAdaptivePresentationControllerDelegate {
        let log: CallLog
        var allows = true
        init(log: CallLog) { self.log = log }
        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            log.add("delegate.shouldDismiss")
            return allows
        }
        func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
            let coordinated = presentationController.presentedViewController.transitionCoordinator?.isInteractive == true
            log.add("delegate.willDismiss" + (coordinated ? " (interactive coordinator)" : ""))
        }
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log.add("delegate.didDismiss") }
        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
            log.add("delegate.didAttemptToDismiss")
        }
    }

    /// A scene whose window shows `presenter`, which presents `sheet` without animation.
    @MainActor
    struct SheetScene {
        let scene: Scene
        let presenter: AppearanceLoggingController
        let sheet: AppearanceLoggingController
        let delegate: PresentationLog
        var log: CallLog { scene.log }
        var sim: EventSimulator { scene.sim }

        init(style: UIModalPresentationStyle = .automatic, animated: Bool = false) {
            scene = Scene()
            presenter = AppearanceLoggingController("presenter", log: scene.log)
            sheet = AppearanceLoggingController("sheet", log: scene.log)
            delegate = PresentationLog(log: scene.log)
            scene.window.rootViewController = presenter
            sheet.modalPresentationStyle = style
            sheet.presentationController?.delegate = delegate
            presenter.present(sheet, animated: animated)
            if !animated { scene.log.clear() }
        }
    }

    @Test func presentationsArePageSheetsByDefaultInUIKitsViews() {
        let s = SheetScene()
        #expect(s.sheet.modalPresentationStyle == .automatic)
        #expect(s.sheet.presentationController?.presentationStyle == .pageSheet)
        let sheetView = s.sheet.view.superview
        #expect(sheetView?.traceSubject.name == "UIDropShadowView")
        #expect(sheetView?.superview?.traceSubject.name == "UITransitionView")
        #expect(sheetView?.superview?.superview === s.scene.window)
        #expect(s.sheet.presentationController?.presentedView === sheetView)
        // 8 % of 480 pt is left at the top; the presenting view stays in the window under the sheet.
        #expect(sheetView?.frame == CGRect(x: 0, y: 38, width: 320, height: 442))
        #expect(s.presenter.view.window === s.scene.window)
        #expect(sheetView?.gestureRecognizers?.first?.name == "_UISheetInteractionBackgroundDismissRecognizer")
        // The responder chain goes from the presented controller to the presenting one (B3).
        #expect(s.sheet.next === s.presenter)
        // A touch above the sheet lands on the transition view and reaches nothing.
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 320, height: 30))
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        s.presenter.view.addSubview(button)
        s.sim.tap(at: CGPoint(x: 160, y: 15))
        #expect(taps == 0)
    }

    @Test func anAnimatedSheetRunsOnTheClockAndLeavesThePresentingControllerOnScreen() {
        var completed = false
        let scene = Scene()
        let presenter = AppearanceLoggingController("presenter", log: scene.log)
        let sheet = AppearanceLoggingController("sheet", log: scene.log)
        scene.window.rootViewController = presenter
        scene.log.clear()
        presenter.present(sheet, animated: true) { completed = true }
        #expect(scene.log.lines == ["sheet.viewDidLoad", "sheet.viewWillAppear"])
        #expect(!completed && !sheet.view.isUserInteractionEnabled)
        scene.sim.advance(by: 0.6)
        #expect(completed && sheet.view.isUserInteractionEnabled)
        // A sheet leaves the presenting controller on screen: it hears nothing, as in UIKit since iOS 13.
        #expect(scene.log.lines == ["sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewDidAppear"])
    }

    @Test func fullScreenTakesThePresentingViewsOutOfTheWindowAndPutsThemBackOnDismissal() {
        let scene = Scene()
        let presenter = AppearanceLoggingController("presenter", log: scene.log)
        let cover = AppearanceLoggingController("cover", log: scene.log)
        cover.modalPresentationStyle = .fullScreen
        scene.window.rootViewController = presenter
        scene.log.clear()
        presenter.present(cover, animated: false)
        #expect(scene.log.lines == ["cover.viewDidLoad", "presenter.viewWillDisappear", "cover.viewWillAppear",
                                    "cover.viewDidAppear", "presenter.viewDidDisappear"])
        #expect(presenter.view.window == nil)
        #expect(cover.view.frame == scene.window.bounds && cover.view.superview?.traceSubject.name == "UITransitionView")
        scene.log.clear()
        cover.dismiss(animated: true)
        #expect(scene.log.lines == ["cover.viewWillDisappear beingDismissed", "presenter.viewWillAppear"])
        #expect(presenter.view.window === scene.window)
        scene.sim.advance(by: 1)
        #expect(scene.log.lines.suffix(2) == ["cover.viewDidDisappear", "presenter.viewDidAppear"])
        #expect(cover.view.window == nil && presenter.presentedViewController == nil)
    }

    @Test func aFormSheetIsCenteredInALargeWindowAndAPageSheetInASmallOne() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768), application: app)
        window.makeKeyAndVisible()
        let root = UIViewController()
        window.rootViewController = root
        let form = UIViewController()
        form.modalPresentationStyle = .formSheet
        root.present(form, animated: false)
        #expect(form.presentationController?.presentationStyle == .formSheet)
        #expect(form.view.superview?.frame == CGRect(x: 242, y: 74, width: 540, height: 620))
        let small = SheetScene(style: .formSheet)
        #expect(small.sheet.presentationController?.presentationStyle == .pageSheet)
    }

    // MARK: The drag to dismiss

    @Test func draggingASheetDownPastHalfItsHeightDismissesItAndTellsTheDelegate() {
        let s = SheetScene()
        s.sheet.logsCoordinator = true
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 340), duration: 1, hold: 0.2, lift: false)
        #expect(s.log.lines.prefix(3) == ["delegate.shouldDismiss", "delegate.willDismiss (interactive coordinator)",
                                          "sheet.viewWillDisappear beingDismissed"])
        // The sheet follows the finger: 240 pt less the pan's 10 pt hysteresis.
        #expect(abs((s.sheet.view.superview?.frame.minY ?? 0) - (38 + 230)) < 0.001)
        s.sim.touchUp(1)
        s.sim.advance(by: 1)
        #expect(s.log.lines.suffix(4) == ["sheet.coordinator interaction ended, cancelled false",
                                          "sheet.coordinator completion, cancelled false", "sheet.viewDidDisappear",
                                          "delegate.didDismiss"])
        #expect(s.sheet.view.window == nil && s.presenter.presentedViewController == nil)
    }

    @Test func aSheetLetGoEarlyComesBackWithoutDidDismiss() {
        let s = SheetScene()
        s.sheet.logsCoordinator = true
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 200), duration: 1, hold: 0.2)
        s.sim.advance(by: 1)
        #expect(s.log.lines.contains("sheet.coordinator completion, cancelled true"))
        #expect(s.log.lines.suffix(2) == ["sheet.viewWillAppear", "sheet.viewDidAppear"])
        #expect(!s.log.lines.contains("delegate.didDismiss"))
        #expect(s.sheet.view.superview?.frame.minY == 38 && s.presenter.presentedViewController === s.sheet)
        #expect(s.sheet.view.isUserInteractionEnabled)
    }

    @Test func aFlickDownDismissesFromAShortDistance() {
        let s = SheetScene()
        // 100 pt in 0.05 s: 2,000 pt/s, more than two window heights (960 pt) a second.
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 200), duration: 0.05, steps: 5, hold: 0)
        s.sim.advance(by: 1)
        #expect(s.presenter.presentedViewController == nil)
    }

    @Test func aSheetThatIsModalInPresentationGivesALittleSpringsBackAndTellsTheDelegateOfTheAttempt() {
        let s = SheetScene()
        s.sheet.isModalInPresentation = true
        let recorder = s.scene.record()
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 1, hold: 0.2, lift: false)
        #expect(s.log.lines == ["delegate.didAttemptToDismiss"])
        #expect(abs((s.sheet.view.superview?.frame.minY ?? 0) - (38 + 290.0 / 3)) < 0.001)
        s.sim.touchUp(1)
        s.sim.advance(by: 1)
        #expect(s.sheet.view.superview?.frame.minY == 38 && s.presenter.presentedViewController === s.sheet)
        #expect(recorder.records.contains { $0.description.contains("dismissal refused: 'sheet' is modal in presentation") })
    }

    @Test func aDelegateThatRefusesAlsoKeepsTheSheet() {
        let s = SheetScene()
        s.delegate.allows = false
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 1, hold: 0.2)
        s.sim.advance(by: 1)
        #expect(s.log.lines == ["delegate.shouldDismiss", "delegate.didAttemptToDismiss"])
        #expect(s.presenter.presentedViewController === s.sheet)
    }

    @Test func dismissingInCodeCallsNoDelegateMethod() {
        let s = SheetScene()
        var done = false
        s.sheet.dismiss(animated: true) { done = true }
        s.sim.advance(by: 1)
        #expect(done && s.presenter.presentedViewController == nil)
        #expect(!s.log.lines.contains { $0.hasPrefix("delegate") })
        #expect(s.log.lines == ["sheet.viewWillDisappear beingDismissed", "sheet.viewDidDisappear"])
    }

    // MARK: A scroll view in the sheet

    /// Puts a full-size vertical scroll view with twice the sheet's height of content in the sheet.
    private func addList(to s: SheetScene) -> UIScrollView {
        let list = UIScrollView(frame: s.sheet.view.bounds)
        list.contentSize = CGSize(width: s.sheet.view.bounds.width, height: s.sheet.view.bounds.height * 2)
        s.sheet.view.addSubview(list)
        return list
    }

    @Test func aScrollViewAtItsTopHandsADownwardDragToTheSheet() {
        let s = SheetScene()
        let list = addList(to: s)
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 1, hold: 0.2)
        s.sim.advance(by: 1)
        #expect(list.contentOffset.y == 0)
        #expect(s.presenter.presentedViewController == nil)
    }

    @Test func aScrollViewAtItsTopScrollsOnAnUpwardDrag() {
        let s = SheetScene()
        let list = addList(to: s)
        s.sim.dragHolding(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 1, hold: 0.2)
        #expect(list.contentOffset.y == 190)
        #expect(s.presenter.presentedViewController === s.sheet && s.log.lines.isEmpty)
    }

    @Test func aScrollViewScrolledDownScrollsOnADownwardDragAndTheSheetStays() {
        let s = SheetScene()
        let list = addList(to: s)
        list.contentOffset = CGPoint(x: 0, y: 300)
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 1, hold: 0.2)
        #expect(list.contentOffset.y == 110)
        s.sim.advance(by: 1)
        #expect(s.presenter.presentedViewController === s.sheet && !s.log.lines.contains("delegate.shouldDismiss"))
    }

    @Test func theSheetsThresholdsAreItsPansOwn() {
        let s = SheetScene()
        let pan = s.sheet.presentationController?.presentedView?.gestureRecognizers?.first
        pan?.thresholds.sheetDismissFraction = 0.1
        s.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 180), duration: 1, hold: 0.2)
        s.sim.advance(by: 1)
        #expect(s.presenter.presentedViewController == nil)
    }

    // MARK: A sheet that outlives its presentation

    @Test func aSheetLeftOnScreenByAReplacedRootDoesNotBeginADragWithNobodyToHearIt() {
        // Replacing the window's root under a presentation leaves the presentation's views in the window, as
        // on a device. Once the presenting and presented controllers are gone, the sheet's pan must not
        // begin: its interaction (held by the pan) turns the drag down, so no state change goes unheard.
        let scene = Scene()
        var presenter: UIViewController? = UIViewController()
        var sheet: UIViewController? = UIViewController()
        weak let weakPresenter = presenter, weakSheet = sheet
        scene.window.rootViewController = presenter
        presenter?.present(sheet!, animated: false)
        let sheetView = sheet?.view.superview
        let pan = sheetView?.gestureRecognizers?.first as? UIPanGestureRecognizer
        let newRoot = UIViewController()
        scene.window.rootViewController = newRoot
        // The new root's view goes in front of the old presentation's; let touches through it to the sheet.
        newRoot.view.isUserInteractionEnabled = false
        presenter = nil
        sheet = nil
        #expect(weakPresenter == nil && weakSheet == nil)
        #expect(sheetView?.window === scene.window && pan?.view === sheetView)
        let recorder = scene.record()
        scene.sim.dragHolding(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 340), duration: 1, hold: 0.2, lift: false)
        #expect(pan?.state == .failed)
        #expect(!recorder.records.contains { if case .recognizerState(_, _, .began, _) = $0.kind { true } else { false } })
        scene.sim.touchUp(1)
        scene.sim.advance(by: 1)
        #expect(pan?.state == .possible)
    }
}
