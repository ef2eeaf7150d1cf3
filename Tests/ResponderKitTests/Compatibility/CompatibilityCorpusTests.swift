// The compatibility corpus (Corpus/): components written as they are for UIKit, in the shapes real
// apps use, that compile against ResponderKit with only their import changed. Each test checks what the
// component's doc comment promises, on virtual time; the first checks that the import is the only
// change.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct CompatibilityCorpusTests {

    // MARK: Fixtures

    /// Records every action of a recognizer: its state, and whatever the test reads from it then.
    @MainActor final class Actions {
        var states: [UIGestureRecognizer.State] = []
        var values: [CGFloat] = []
        var points: [CGPoint] = []
        var read: ((UIGestureRecognizer) -> Void)?
        func handle(_ recognizer: UIGestureRecognizer) {
            states.append(recognizer.state)
            read?(recognizer)
        }
    }

    /// Counts a control's actions.
    @MainActor final class ControlTarget {
        var valueChanges = 0
        var touchUps = 0
        func valueChanged() { valueChanges += 1 }
        func touchedUpInside() { touchUps += 1 }
    }

    /// An application with a 320 × 480 key window, a full-window pad, a simulator and a tracer.
    @MainActor final class Stage {
        let app = UIApplication()
        let window: UIWindow
        let sim: EventSimulator
        let trace = TraceRecorder()
        let pad: UIView

        init() {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            sim = EventSimulator(application: app)
            app.tracer = trace
            pad = UIView(frame: window.bounds)
            window.addSubview(pad)
        }

        /// Attaches `recognizer` to `view` (the pad by default) and returns its action recorder.
        @discardableResult
        func attach(_ recognizer: UIGestureRecognizer, to view: UIView? = nil) -> Actions {
            let actions = Actions()
            recognizer.addTarget(actions, action: Actions.handle)
            (view ?? pad).addGestureRecognizer(recognizer)
            return actions
        }

        /// One finger from `start` to `end` in `steps` moves, 1/60 s apart, then up.
        func drag(_ start: CGPoint, _ end: CGPoint, steps: Int = 10) {
            sim.touchDown(1, at: start)
            for step in 1 ... steps {
                sim.advance(by: 1.0 / 60)
                let f = CGFloat(step) / CGFloat(steps)
                sim.touchMove(1, to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
            }
            sim.touchUp(1)
        }

        /// The state changes of the recognizer named `name`, as the trace has them.
        func stateChanges(of name: String) -> [String] {
            trace.records.compactMap { record in
                if case .recognizerState(let subject, let from, let to, _) = record.kind, subject.name == name {
                    return "\(from)→\(to)"
                }
                return nil
            }
        }
    }

    // MARK: Only the import changes

    /// The corpus's files, read from the source tree next to this file.
    static var corpusFiles: [URL] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func everyCorpusFileImportsResponderKitAloneAndUsesNoObjectiveCRuntime() throws {
        let files = Self.corpusFiles
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let imports = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") || $0.contains("@testable") }
            #expect(imports == ["import ResponderKit"], "\(file.lastPathComponent): its only import must be ResponderKit")
            // What UIKit code has and ResponderKit cannot take: the one change users make is elsewhere
            // (target-action call sites), so none of it belongs in a component's own file.
            for banned in ["#selector", "@objc", "import UIKit"] {
                #expect(!text.contains(banned), "\(file.lastPathComponent) contains \(banned)")
            }
            // Each component says what it does.
            #expect(lines.contains { $0.hasPrefix("/// ") }, "\(file.lastPathComponent) has no doc comment")
        }
    }

    // MARK: One-finger rotation

    @Test func aFingerCirclingTheCenterRotatesByTheAngleItTurned() {
        let stage = Stage()
        let wheel = UIView(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
        stage.window.addSubview(wheel)
        let rotation = OneFingerRotationGestureRecognizer(target: nil, action: nil)
        let actions = stage.attach(rotation, to: wheel)
        actions.read = { actions.values.append(($0 as! OneFingerRotationGestureRecognizer).rotation) }

        // A quarter turn clockwise, 80 pt from the center (160, 240), from straight up to the right.
        stage.sim.touchDown(1, at: CGPoint(x: 160, y: 160))
        for step in 1 ... 9 {
            stage.sim.advance(by: 1.0 / 60)
            let angle = -CGFloat.pi / 2 + CGFloat(step) * .pi / 18
            stage.sim.touchMove(1, to: CGPoint(x: 160 + 80 * cos(angle), y: 240 + 80 * sin(angle)))
        }
        stage.sim.touchUp(1)

        #expect(actions.states.first == .began)
        #expect(actions.states.last == .ended)
        #expect(abs((actions.values.last ?? 0) - .pi / 2) < 1e-9)
        #expect(rotation.rotation == 0) // reset after the gesture
    }

    @Test func aFingerThatComesDownInTheMiddleFailsTheRotation() {
        let stage = Stage()
        let wheel = UIView(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
        stage.window.addSubview(wheel)
        let actions = stage.attach(OneFingerRotationGestureRecognizer(target: nil, action: nil), to: wheel)

        stage.drag(CGPoint(x: 162, y: 242), CGPoint(x: 240, y: 240))
        #expect(actions.states.isEmpty)
    }

    // MARK: Directional pan (B2: failing in the event it began)

    @Test func aVerticalPanDragsAlongItsAxisOnly() {
        let stage = Stage()
        let pan = DirectionalPanGestureRecognizer(axis: .vertical, target: nil, action: nil)
        let actions = stage.attach(pan)
        actions.read = { actions.points.append(($0 as! UIPanGestureRecognizer).translation(in: nil)) }

        stage.drag(CGPoint(x: 160, y: 100), CGPoint(x: 170, y: 300))
        #expect(actions.states.first == .began)
        #expect(actions.states.last == .ended)
        #expect(actions.points.allSatisfy { $0.x == 0 })
        // 200 pt down, less the 10 pt of hysteresis the translation leaves out (R21).
        #expect(actions.points.last?.y == 190)
    }

    @Test func aPanAcrossItsAxisFailsAsItBeginsAndLeavesTheGestureToTheOthers() {
        let stage = Stage()
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        stage.pad.addSubview(sheet)
        let vertical = DirectionalPanGestureRecognizer(axis: .vertical, target: nil, action: nil)
        vertical.name = "vertical"
        let verticalActions = stage.attach(vertical, to: sheet)
        // A plain pan on the superview, as a pager's would be: R5 feeds it after the sheet's.
        let pager = UIPanGestureRecognizer()
        let pagerActions = stage.attach(pager)

        stage.drag(CGPoint(x: 60, y: 200), CGPoint(x: 260, y: 210))
        // It began and failed in one event: it never began (no action), and prevented nothing.
        #expect(verticalActions.states.isEmpty)
        #expect(stage.stateChanges(of: "vertical") == ["possible→failed", "failed→possible"])
        #expect(pagerActions.states.first == .began)
        #expect(pagerActions.states.last == .ended)
    }

    // MARK: Force press

    /// Posts one sample of finger 1 with a force, on a screen that reports up to 20/3 (as iPhones do).
    func press(_ stage: Stage, _ phase: UITouch.Phase, force: CGFloat, maximum: CGFloat = 20.0 / 3,
               at location: CGPoint = CGPoint(x: 160, y: 240)) {
        stage.sim.advance(by: 1.0 / 60)
        stage.app.enqueue(HIDEvent(timestamp: stage.sim.now, payload: .touches([
            HIDEvent.Touch(finger: 1, phase: phase, location: location, force: force, maximumPossibleForce: maximum),
        ])))
    }

    @Test func aDeepPressIsRecognizedTheMomentItPassesTheThreshold() {
        let stage = Stage()
        let deep = ForcePressGestureRecognizer(target: nil, action: nil)
        let actions = stage.attach(deep)
        actions.read = { actions.values.append(($0 as! ForcePressGestureRecognizer).peakForce) }

        press(stage, .began, force: 1)
        press(stage, .moved, force: 3)
        #expect(actions.states.isEmpty)
        press(stage, .moved, force: 5.5)   // 0.825 of the maximum
        #expect(actions.states == [.recognized])
        #expect(abs((actions.values.first ?? 0) - 5.5 * 3 / 20) < 1e-9)
        press(stage, .moved, force: 6)
        press(stage, .ended, force: 0)
        #expect(actions.states == [.recognized])
    }

    @Test func aLightPressOrAScreenWithoutForceIsNotADeepPress() {
        let stage = Stage()
        let deep = ForcePressGestureRecognizer(target: nil, action: nil)
        deep.name = "deep"
        let actions = stage.attach(deep)

        press(stage, .began, force: 1)
        press(stage, .moved, force: 2)
        press(stage, .ended, force: 0)
        press(stage, .began, force: 6, maximum: 0)
        press(stage, .ended, force: 0, maximum: 0)
        #expect(actions.states.isEmpty)
        #expect(stage.stateChanges(of: "deep").filter { $0 == "possible→failed" }.count == 2)
    }

    // MARK: Checkmark

    @Test func aCheckmarkIsRecognizedWhenTheFingerLiftsAfterTheUpStroke() {
        let stage = Stage()
        let actions = stage.attach(CheckmarkGestureRecognizer(target: nil, action: nil))

        stage.sim.touchDown(1, at: CGPoint(x: 100, y: 200))
        for point in [CGPoint(x: 110, y: 215), CGPoint(x: 120, y: 230), CGPoint(x: 130, y: 245),   // down
                      CGPoint(x: 150, y: 220), CGPoint(x: 170, y: 190), CGPoint(x: 190, y: 160)] {  // up
            stage.sim.advance(by: 1.0 / 60)
            stage.sim.touchMove(1, to: point)
        }
        #expect(actions.states.isEmpty)
        stage.sim.touchUp(1)
        #expect(actions.states == [.recognized])
    }

    @Test func aStrokeThatTurnsBackOrStartsUpwardsIsNoCheckmark() {
        let stage = Stage()
        let actions = stage.attach(CheckmarkGestureRecognizer(target: nil, action: nil))

        stage.drag(CGPoint(x: 100, y: 200), CGPoint(x: 160, y: 120))           // up first
        stage.sim.advance(by: 1)
        stage.sim.touchDown(1, at: CGPoint(x: 100, y: 200))
        for point in [CGPoint(x: 110, y: 230), CGPoint(x: 90, y: 200)] {        // down, then back left
            stage.sim.advance(by: 1.0 / 60)
            stage.sim.touchMove(1, to: point)
        }
        stage.sim.touchUp(1)
        #expect(actions.states.isEmpty)
    }

    // MARK: Quick tap (a subclass of a built-in discrete recognizer)

    @Test func aQuickTapIsATapButAPressHeldTooLongIsNot() {
        let stage = Stage()
        let quick = QuickTapGestureRecognizer(target: nil, action: nil)
        let actions = stage.attach(quick)
        #expect(quick.delaysTouchesEnded == false) // set by its `init(target:action:)` override

        stage.sim.tap(at: CGPoint(x: 160, y: 240))
        #expect(actions.states == [.recognized])

        stage.sim.advance(by: 1)
        stage.sim.touchDown(1, at: CGPoint(x: 160, y: 240))
        stage.sim.advance(by: 0.5)
        stage.sim.touchUp(1)
        #expect(actions.states == [.recognized])
    }

    // MARK: Checkbox press (B2: failing in a later event)

    @Test func aCheckboxPressEndsWhenTheFingerLiftsInside() {
        let stage = Stage()
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 44, height: 44))
        stage.window.addSubview(box)
        let press = CheckboxTapGestureRecognizer(target: nil, action: nil)
        let actions = stage.attach(press, to: box)

        stage.sim.touchDown(1, at: CGPoint(x: 120, y: 120))
        #expect(actions.states == [.began])
        stage.sim.touchMove(1, to: CGPoint(x: 125, y: 122))
        stage.sim.touchUp(1)
        #expect(actions.states == [.began, .changed, .ended])
    }

    @Test func aCheckboxPressFailsWhenTheFingerLiftsOutsideAndItsTargetHearsNoMore() {
        let stage = Stage()
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 44, height: 44))
        stage.window.addSubview(box)
        let press = CheckboxTapGestureRecognizer(target: nil, action: nil)
        press.name = "checkbox"
        let actions = stage.attach(press, to: box)

        stage.sim.touchDown(1, at: CGPoint(x: 120, y: 120))
        stage.sim.touchMove(1, to: CGPoint(x: 220, y: 220))
        stage.sim.touchUp(1)
        // Began, changed, then failed: the failure is accepted (not turned into `.ended`) and, as for any
        // failure, sends no action.
        #expect(actions.states == [.began, .changed])
        #expect(stage.stateChanges(of: "checkbox") == ["possible→began", "began→changed", "changed→failed", "failed→possible"])
        #expect(press.state == .possible)
    }

    // MARK: Knob (UIControl tracking)

    @Test func turningTheKnobFromTheTopToTheRightSendsValueChangesUpToThreeQuarters() {
        let stage = Stage()
        let knob = KnobControl(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
        stage.window.addSubview(knob)
        let target = ControlTarget()
        knob.addTarget(target, action: ControlTarget.valueChanged, for: .valueChanged)

        // From straight up (value 0.5) a quarter turn clockwise to the right: 0.5 + 90/270 = 5/6.
        stage.sim.touchDown(1, at: CGPoint(x: 160, y: 160))
        #expect(knob.isTracking)
        for step in 1 ... 9 {
            stage.sim.advance(by: 1.0 / 60)
            let angle = -CGFloat.pi / 2 + CGFloat(step) * .pi / 18
            stage.sim.touchMove(1, to: CGPoint(x: 160 + 80 * cos(angle), y: 240 + 80 * sin(angle)))
        }
        stage.sim.touchUp(1)
        #expect(abs(knob.value - 5.0 / 6) < 1e-5)
        #expect(target.valueChanges == 10) // the touch-down set 0.5, then each step
        #expect(!knob.isTracking)
    }

    @Test func aKnobThatIsNotContinuousSendsOneValueChangeWhenTheFingerLifts() {
        let stage = Stage()
        let knob = KnobControl(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
        knob.isContinuous = false
        stage.window.addSubview(knob)
        let target = ControlTarget()
        knob.addTarget(target, action: ControlTarget.valueChanged, for: .valueChanged)

        stage.drag(CGPoint(x: 160, y: 160), CGPoint(x: 240, y: 240))
        #expect(target.valueChanges == 1)
        // A touch in the dead zone is not tracked.
        stage.sim.advance(by: 1)
        stage.sim.touchDown(1, at: CGPoint(x: 162, y: 242))
        #expect(!knob.isTracking)
        stage.sim.touchUp(1)
    }

    // MARK: Range slider (B1: the frame set by init(frame:) lays out the thumbs)

    @Test func aRangeSliderMadeWithInitFrameLaysOutItsThumbsThroughItsFrameObserver() {
        let slider = RangeSlider(frame: CGRect(x: 10, y: 100, width: 300, height: 30))
        // Thumbs are 30 pt squares over 270 pt of travel: 0.2 → 54, 0.8 → 216.
        #expect(slider.lowerThumb.frame == CGRect(x: 54, y: 0, width: 30, height: 30))
        #expect(slider.upperThumb.frame == CGRect(x: 216, y: 0, width: 30, height: 30))
    }

    @Test func draggingEachThumbMovesItsValueAndTheLowerNeverPassesTheUpper() {
        let stage = Stage()
        let slider = RangeSlider(frame: CGRect(x: 10, y: 100, width: 300, height: 30))
        stage.window.addSubview(slider)
        let target = ControlTarget()
        slider.addTarget(target, action: ControlTarget.valueChanged, for: .valueChanged)

        // The upper thumb (centre x 10 + 231 = 241) dragged 27 pt right: +0.1.
        stage.drag(CGPoint(x: 241, y: 115), CGPoint(x: 268, y: 115), steps: 3)
        #expect(abs(slider.upperValue - 0.9) < 1e-9)
        #expect(target.valueChanges == 3)
        // The lower thumb (centre x 79) dragged far right stops at the upper value.
        stage.sim.advance(by: 1)
        stage.drag(CGPoint(x: 79, y: 115), CGPoint(x: 300, y: 115), steps: 5)
        #expect(slider.lowerValue == slider.upperValue)
        #expect(slider.lowerThumb.frame.minX == slider.upperThumb.frame.minX)
        // Between the thumbs, nothing is tracked.
        let changes = target.valueChanges
        stage.sim.advance(by: 1)
        stage.drag(CGPoint(x: 150, y: 115), CGPoint(x: 120, y: 115), steps: 3)
        #expect(target.valueChanges == changes)
    }

    // MARK: Pass-through overlay

    @Test func anOverlayLetsTouchesThroughButItsSubviewsStillTakeThem() {
        let stage = Stage()
        let behind = UIControl(frame: stage.window.bounds)
        stage.window.addSubview(behind)
        let overlay = PassThroughView(frame: stage.window.bounds)
        stage.window.addSubview(overlay)
        let floating = UIButton(frame: CGRect(x: 240, y: 400, width: 60, height: 60))
        overlay.addSubview(floating)

        #expect(stage.window.hitTest(CGPoint(x: 100, y: 100), with: nil) == behind)
        #expect(stage.window.hitTest(CGPoint(x: 260, y: 420), with: nil) == floating)

        let behindTaps = ControlTarget(), floatingTaps = ControlTarget()
        behind.addTarget(behindTaps, action: ControlTarget.touchedUpInside, for: .touchUpInside)
        floating.addTarget(floatingTaps, action: ControlTarget.touchedUpInside, for: .touchUpInside)
        stage.sim.tap(at: CGPoint(x: 100, y: 100))
        stage.sim.advance(by: 1)
        stage.sim.tap(at: CGPoint(x: 260, y: 420))
        #expect(behindTaps.touchUps == 1)
        #expect(floatingTaps.touchUps == 1)
    }

    // MARK: Enlarged hit area

    @Test func aSmallButtonTakesTapsUpTo20PointsOutsideItsBounds() {
        let stage = Stage()
        let button = EnlargedHitAreaButton(frame: CGRect(x: 140, y: 220, width: 40, height: 40))
        stage.window.addSubview(button)
        let target = ControlTarget()
        button.addTarget(target, action: ControlTarget.touchedUpInside, for: .touchUpInside)

        stage.sim.tap(at: CGPoint(x: 125, y: 240))     // 15 pt left of its frame
        #expect(target.touchUps == 1)
        stage.sim.advance(by: 1)
        stage.sim.tap(at: CGPoint(x: 115, y: 240))     // 25 pt left: outside the touch area
        #expect(target.touchUps == 1)
        #expect(stage.window.hitTest(CGPoint(x: 115, y: 240), with: nil) != button)

        button.isEnabled = false
        #expect(stage.window.hitTest(CGPoint(x: 125, y: 240), with: nil) != button)
    }

    // MARK: A view that drags itself

    @Test func aDraggableViewFollowsTheFingerAndStaysWithinItsSuperview() {
        let stage = Stage()
        let card = DraggableView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        stage.window.addSubview(card)

        stage.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        #expect(card.isBeingDragged)
        stage.sim.touchMove(1, to: CGPoint(x: 150, y: 120))
        #expect(card.center == CGPoint(x: 150, y: 120))
        stage.sim.touchMove(1, to: CGPoint(x: 500, y: 120))
        #expect(card.center == CGPoint(x: 290, y: 120)) // the window is 320 wide, the card 60
        stage.sim.touchUp(1)
        #expect(!card.isBeingDragged)
    }

    // MARK: A view controller that installs its recognizers in viewDidLoad

    @Test func aPhotoScreenLoadsItsViewOnceZoomsOnADoubleTapAndTogglesItsControlsOnASingleTap() {
        let stage = Stage()
        let controller = PhotoViewController()   // UIKit's init(), through its init(nibName:bundle:)
        #expect(controller.title == "Photo")
        #expect(controller.nibName == nil && controller.nibBundle == nil)
        #expect(!controller.isViewLoaded && controller.viewLoads == 0)
        stage.window.rootViewController = controller
        #expect(controller.viewLoads == 1)

        // A double tap on the photo (centre 160, 240) zooms it; the single tap waited for it, and fails.
        let photo = CGPoint(x: 160, y: 240)
        stage.sim.tap(at: photo)
        stage.sim.advance(by: 0.1)
        stage.sim.tap(at: photo)
        #expect(controller.isZoomed)
        #expect(controller.photoView?.transform == CGAffineTransform(scaleX: 2, y: 2))
        stage.sim.advance(by: 1)
        #expect(!controller.controlsHidden)

        // One tap on the photo: the controls go once no second tap has come.
        stage.sim.tap(at: photo)
        #expect(!controller.controlsHidden)
        stage.sim.advance(by: 1)
        #expect(controller.controlsHidden && controller.isZoomed)
        // One tap away from the photo: nothing to wait for there.
        stage.sim.tap(at: CGPoint(x: 20, y: 20))
        #expect(!controller.controlsHidden)
        #expect(controller.viewLoads == 1)
    }

    @Test func aPhotoScreenFromAnArchiveFailsForThereAreNoArchives() {
        #expect(PhotoViewController(coder: NSKeyedArchiver(requiringSecureCoding: false)) == nil)
    }
}
