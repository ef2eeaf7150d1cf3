// The seven built-in recognizers (spec E1–E7, R19, R21): documented defaults, the thresholds table,
// and each recognizer's behaviour on virtual time.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct BuiltInRecognizerTests {

    // MARK: Fixtures

    /// Records, on every action, the state and whatever the test wants to read from the recognizer.
    @MainActor final class Actions {
        var states: [UIGestureRecognizer.State] = []
        var values: [CGPoint] = []
        var numbers: [CGFloat] = []
        var count: Int { states.count }
        var read: ((UIGestureRecognizer) -> Void)?
        func handle(_ recognizer: UIGestureRecognizer) {
            states.append(recognizer.state)
            read?(recognizer)
        }
    }

    @MainActor final class Scene {
        let app = UIApplication()
        let window: UIWindow
        let sim: EventSimulator
        let trace = TraceRecorder()
        /// A full-window view.
        let pad: UIView

        init() {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            sim = EventSimulator(application: app)
            app.tracer = trace
            pad = UIView(frame: window.bounds)
            window.addSubview(pad)
        }

        /// Attaches `recognizer` to the pad and returns its action recorder.
        @discardableResult
        func attach(_ recognizer: UIGestureRecognizer, to view: UIView? = nil) -> Actions {
            let actions = Actions()
            recognizer.addTarget(actions, action: Actions.handle)
            (view ?? pad).addGestureRecognizer(recognizer)
            return actions
        }

        func failures(of recognizer: String) -> [String] {
            trace.records.compactMap { record in
                if case .recognizerState(let subject, .possible, .failed, let cause) = record.kind, subject.name == recognizer {
                    return cause?.description ?? ""
                }
                return nil
            }
        }

        /// Two fingers moving together from `start` to `end` positions in `steps` events, `interval` apart.
        func twoFingers(from start: (CGPoint, CGPoint), to end: (CGPoint, CGPoint), steps: Int, interval: TimeInterval = 0.02) {
            sim.touch(.down(1, at: start.0), .down(2, at: start.1))
            for step in 1...steps {
                sim.advance(by: interval)
                let f = CGFloat(step) / CGFloat(steps)
                sim.touch(.move(1, to: CGPoint(x: start.0.x + (end.0.x - start.0.x) * f, y: start.0.y + (end.0.y - start.0.y) * f)),
                          .move(2, to: CGPoint(x: start.1.x + (end.1.x - start.1.x) * f, y: start.1.y + (end.1.y - start.1.y) * f)))
            }
            sim.touch(.up(1), .up(2))
        }
    }

    let center = CGPoint(x: 160, y: 240)

    // MARK: Defaults (E1–E7, D10–D12, R19)

    @Test func everyBuiltInHasItsDocumentedDefaults() {
        let tap = UITapGestureRecognizer()
        #expect(tap.numberOfTapsRequired == 1)
        #expect(tap.numberOfTouchesRequired == 1)

        let press = UILongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5)
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0)
        #expect(press.numberOfTouchesRequired == 1)

        let pan = UIPanGestureRecognizer()
        #expect(pan.minimumNumberOfTouches == 1)
        #expect(pan.maximumNumberOfTouches == Int.max)
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.velocity(in: nil) == .zero)

        let swipe = UISwipeGestureRecognizer()
        #expect(swipe.direction == .right)
        #expect(swipe.numberOfTouchesRequired == 1)

        let edge = UIScreenEdgePanGestureRecognizer()
        #expect(edge.edges.isEmpty)

        let pinch = UIPinchGestureRecognizer()
        #expect(pinch.scale == 1)
        #expect(pinch.velocity == 0)

        let rotation = UIRotationGestureRecognizer()
        #expect(rotation.rotation == 0)
        #expect(rotation.velocity == 0)
    }

    static func make(_ kind: String) -> UIGestureRecognizer {
        switch kind {
        case "tap": return UITapGestureRecognizer()
        case "longPress": return UILongPressGestureRecognizer()
        case "pan": return UIPanGestureRecognizer()
        case "swipe": return UISwipeGestureRecognizer()
        case "edge": return UIScreenEdgePanGestureRecognizer()
        case "pinch": return UIPinchGestureRecognizer()
        default: return UIRotationGestureRecognizer()
        }
    }

    @Test(arguments: ["tap", "longPress", "pan", "swipe", "edge", "pinch", "rotation"])
    func everyRecognizerStartsPossibleEnabledCancellingAndDelayingOnlyEnds(kind: String) {
        let recognizer = Self.make(kind)
        #expect(recognizer.state == .possible)
        #expect(recognizer.isEnabled)
        #expect(recognizer.cancelsTouchesInView)
        #expect(!recognizer.delaysTouchesBegan)
        #expect(recognizer.delaysTouchesEnded)
        #expect(recognizer.view == nil && recognizer.delegate == nil)
        #expect(recognizer.thresholds == Thresholds.standard)
    }

    @Test func theThresholdsTableHoldsTheValuesItDocuments() {
        let t = Thresholds.standard
        #expect(t.multiTapInterval == 0.35)
        #expect(t.multiTapSlop == 45)
        #expect(t.tapSlop == 45)
        #expect(t.tapMaximumDuration == 1.5)
        #expect(t.panHysteresis == 10)
        #expect(t.pinchHysteresis == 8)
        #expect(t.rotationHysteresis == 0.1)
        #expect(t.swipeMinimumDistance == 50)
        #expect(t.swipeMaximumDuration == 0.5)
        #expect(t.swipeMaximumAngle == .pi / 6)
        #expect(t.screenEdgeMargin == 20)
    }

    // MARK: Tap (E1)

    @Test(arguments: [-5, 5] as [CGFloat])
    func aTapFailsWhenTheFingerMovesBeyondTheTapSlop(beyondSlop: CGFloat) {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        let taps = scene.attach(tap)

        scene.sim.touchDown(1, at: center)
        scene.sim.touchMove(1, to: CGPoint(x: center.x + tap.thresholds.tapSlop + beyondSlop, y: center.y))
        scene.sim.touchUp(1)
        #expect(taps.count == (beyondSlop < 0 ? 1 : 0))
        #expect(scene.failures(of: "tap").count == (beyondSlop < 0 ? 0 : 1))
    }

    @Test func aTapFailsWhenTheFingerStaysDownTooLong() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        let taps = scene.attach(tap)
        scene.sim.touchDown(1, at: center)
        scene.sim.advance(by: tap.thresholds.tapMaximumDuration + 0.1)
        #expect(tap.state == .failed)
        scene.sim.touchUp(1)
        #expect(taps.count == 0)
    }

    @Test func theLimitOnHoldingHoldsForEveryTapNotOnlyTheFirst() {
        // The limit's timer is made on the first tap and armed again on each later one.
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        let taps = scene.attach(tap)
        for _ in 1...3 {
            scene.sim.touchDown(1, at: center)
            scene.sim.advance(by: tap.thresholds.tapMaximumDuration + 0.1)
            #expect(tap.state == .failed)
            scene.sim.touchUp(1)
            scene.sim.advance(by: 1)
            scene.sim.touchDown(1, at: center)
            scene.sim.advance(by: tap.thresholds.tapMaximumDuration / 2)
            scene.sim.touchUp(1)
            scene.sim.advance(by: tap.thresholds.tapMaximumDuration)
        }
        #expect(taps.count == 3)
    }

    @Test(arguments: [false, true])
    func aMultiFingerTapsLocationIsTheCentroidOfItsFingers(liftSeparately: Bool) {
        let scene = Scene()
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        scene.pad.addSubview(box)
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let taps = scene.attach(tap, to: box)
        taps.read = { taps.values = [$0.location(in: box), $0.location(in: nil)] }

        scene.sim.touch(.down(1, at: CGPoint(x: 110, y: 120)), .down(2, at: CGPoint(x: 190, y: 260)))
        if liftSeparately {
            scene.sim.touchUp(1)
            scene.sim.touchUp(2)
        } else {
            scene.sim.touch(.up(1), .up(2))
        }
        #expect(taps.states == [.recognized])
        #expect(taps.values == [CGPoint(x: 50, y: 90), CGPoint(x: 150, y: 190)])
    }

    @Test(arguments: [1, 3])
    func aTwoFingerTapFailsWithAnyOtherNumberOfFingers(fingers: Int) {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let taps = scene.attach(tap)
        if fingers == 1 {
            scene.sim.tap(at: center)
        } else {
            scene.sim.touch(.down(1, at: CGPoint(x: 100, y: 100)), .down(2, at: CGPoint(x: 150, y: 100)),
                            .down(3, at: CGPoint(x: 200, y: 100)))
            scene.sim.touch(.up(1), .up(2), .up(3))
        }
        scene.sim.advance(by: 1)
        #expect(taps.count == 0)
    }

    // MARK: Long press (E2)

    @Test func aLongPressBeginsAfterHalfASecondChangesOnMovesAndEndsOnLift() {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        let presses = scene.attach(press)

        scene.sim.touchDown(1, at: center)
        scene.sim.advance(by: 0.49)
        #expect(presses.count == 0)
        #expect(press.state == .possible)
        scene.sim.advance(by: 0.01)
        #expect(presses.states == [.began])
        scene.sim.touchMove(1, to: CGPoint(x: 163, y: 240))
        scene.sim.touchMove(1, to: CGPoint(x: 260, y: 240)) // far beyond 10 pt: allowed once it began
        #expect(presses.states == [.began, .changed, .changed])
        scene.sim.touchUp(1)
        #expect(presses.states == [.began, .changed, .changed, .ended])
        #expect(press.state == .possible)
    }

    @Test(arguments: [9, 11] as [CGFloat])
    func aLongPressFailsWhenTheFingerMovesMoreThanTenPointsBeforeItBegins(distance: CGFloat) {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        let presses = scene.attach(press)

        scene.sim.touchDown(1, at: center)
        scene.sim.advance(by: 0.2)
        scene.sim.touchMove(1, to: CGPoint(x: center.x, y: center.y + distance))
        scene.sim.advance(by: 0.5)
        #expect(presses.states == (distance > 10 ? [] : [.began]))
        scene.sim.touchUp(1)
    }

    @Test func aLongPressFailsWhenLiftedEarly() {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        press.name = "press"
        let presses = scene.attach(press)

        scene.sim.touchDown(1, at: center)
        scene.sim.advance(by: 0.3)
        scene.sim.touchUp(1)
        scene.sim.advance(by: 1)
        #expect(presses.count == 0)
        #expect(scene.failures(of: "press").count == 1)
    }

    @Test func aLongPressHonoursItsMinimumPressDuration() {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = 1
        let presses = scene.attach(press)

        scene.sim.touchDown(1, at: center)
        scene.sim.advance(by: 0.9)
        #expect(presses.count == 0)
        scene.sim.advance(by: 0.1)
        #expect(presses.states == [.began])
        scene.sim.touchUp(1)
    }

    @Test func aLongPressRequiringATapBeginsOnlyOnTheTouchAfterTheTap() {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        let presses = scene.attach(press)

        scene.sim.touchDown(1, at: center) // held without a tap first: nothing
        scene.sim.advance(by: 0.6)
        #expect(presses.count == 0)
        scene.sim.touchUp(1)
        scene.sim.advance(by: 1)

        scene.sim.tap(at: center)
        scene.sim.advance(by: 0.1)
        scene.sim.touchDown(2, at: center)
        scene.sim.advance(by: 0.5)
        #expect(presses.states == [.began])
        scene.sim.touchUp(2)
        #expect(presses.states == [.began, .ended])
    }

    // MARK: Pan (E3, R21)

    @Test func aPanBeginsWhenItsFingersHaveTravelledItsHysteresisAlongAnAxis() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        let hysteresis = pan.thresholds.panHysteresis

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        // 11.3 pt along the diagonal, but less than the hysteresis along each axis: no begin.
        scene.sim.touchMove(1, to: CGPoint(x: 108, y: 108))
        scene.sim.touchMove(1, to: CGPoint(x: 100 + hysteresis - 0.5, y: 100))
        #expect(pans.count == 0)
        // Exactly the hysteresis along one axis: it begins.
        scene.sim.touchMove(1, to: CGPoint(x: 100 + hysteresis, y: 100))
        #expect(pans.states == [.began])
    }

    @Test func panTranslationLeavesTheHysteresisOutOfEachAxis() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        pans.read = { pans.values.append(($0 as! UIPanGestureRecognizer).translation(in: scene.pad)) }

        // It begins after (4, 10): the hysteresis comes off each axis, and the x axis, which travelled
        // less than it, reads 0. A drag of (80, 200) then reads (76, 190), as UIKit's does.
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 104, y: 110))
        scene.sim.touchMove(1, to: CGPoint(x: 180, y: 300))
        scene.sim.touchUp(1)
        #expect(pans.states == [.began, .changed, .ended])
        #expect(pans.values == [CGPoint(x: 0, y: 0), CGPoint(x: 76, y: 190), CGPoint(x: 76, y: 190)])
    }

    @Test func aPanThatBeginsPastItsHysteresisKeepsWhatItTravelledBeyondIt() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        pans.read = { pans.values.append(($0 as! UIPanGestureRecognizer).translation(in: scene.pad)) }

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 40, y: 115)) // (-60, 15): both axes past the hysteresis
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 95))
        scene.sim.touchUp(1)
        #expect(pans.states == [.began, .changed, .ended])
        #expect(pans.values == [CGPoint(x: -50, y: 5), CGPoint(x: -70, y: -15), CGPoint(x: -70, y: -15)])
    }

    @Test func panTranslationIsGivenInTheRequestedViewsCoordinates() {
        let scene = Scene()
        let zoomed = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 240))
        zoomed.transform = CGAffineTransform(scaleX: 2, y: 2)
        scene.pad.addSubview(zoomed)
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        pans.read = { pans.values.append(($0 as! UIPanGestureRecognizer).translation(in: zoomed)) }

        // Steps of (30, 10): the pan begins on the first and loses (10, 10) of hysteresis (R21), so the
        // window translation is (110, 30) at the end, (55, 15) in the view scaled by 2.
        scene.sim.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 170, y: 140), duration: 0.1, steps: 4)
        #expect(pans.values.last == CGPoint(x: 55, y: 15))
    }

    @Test func setTranslationRebasesTheTranslation() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        pans.read = { pans.values.append(($0 as! UIPanGestureRecognizer).translation(in: nil)) }

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 160, y: 100))
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        scene.sim.touchMove(1, to: CGPoint(x: 180, y: 110))
        #expect(pans.values.last == CGPoint(x: 20, y: 10))
        pan.setTranslation(CGPoint(x: 5, y: 5), in: nil)
        scene.sim.touchMove(1, to: CGPoint(x: 190, y: 110))
        #expect(pans.values.last == CGPoint(x: 15, y: 5))
        scene.sim.touchUp(1)
    }

    @Test func panVelocityIsInPointsPerSecondOnVirtualTime() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        pans.read = { pans.values.append(($0 as! UIPanGestureRecognizer).velocity(in: nil)) }

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.advance(by: 0.1)
        scene.sim.touchMove(1, to: CGPoint(x: 120, y: 100))
        scene.sim.advance(by: 0.1)
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 100))
        scene.sim.advance(by: 0.05)
        scene.sim.touchMove(1, to: CGPoint(x: 160, y: 110))
        let v = pans.values
        #expect(v.count == 3)
        #expect(abs(v[0].x - 200) < 1e-6 && abs(v[0].y) < 1e-6)
        #expect(abs(v[1].x - 300) < 1e-6 && abs(v[1].y) < 1e-6)
        #expect(abs(v[2].x - 200) < 1e-6 && abs(v[2].y - 200) < 1e-6)
        scene.sim.touchUp(1)
    }

    @Test func aPanWhoseFingersRestBeforeLiftingEndsWithNoVelocity() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = scene.attach(pan)
        pans.read = { pans.values.append(($0 as! UIPanGestureRecognizer).velocity(in: nil)) }

        // A flick: the finger lifts right after its last step and keeps that step's velocity.
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.advance(by: 0.05)
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 100))
        scene.sim.advance(by: 0.05)
        scene.sim.touchUp(1)
        #expect(pans.states.last == .ended)
        #expect(abs((pans.values.last?.x ?? 0) - 1000) < 1e-6)

        // The same drag, but the finger rests longer than panVelocityLifetime before it lifts.
        scene.sim.advance(by: 1)
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.advance(by: 0.05)
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 100))
        scene.sim.advance(by: pan.thresholds.panVelocityLifetime + 0.05)
        scene.sim.touchUp(1)
        #expect(pans.states.last == .ended)
        #expect(pans.values.last == .zero)
    }

    @Test func aPanNeedingTwoFingersIgnoresAOneFingerDrag() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let pans = scene.attach(pan)

        scene.sim.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 250, y: 100))
        #expect(pans.count == 0)
        scene.sim.advance(by: 1)
        scene.twoFingers(from: (CGPoint(x: 50, y: 100), CGPoint(x: 50, y: 200)),
                         to: (CGPoint(x: 250, y: 100), CGPoint(x: 250, y: 200)), steps: 5)
        #expect(pans.states.first == .began && pans.states.last == .ended)
    }

    @Test func aPanBeginsOnlyBeyondItsOwnHysteresis() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        pan.thresholds.panHysteresis = 30
        let pans = scene.attach(pan)

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 125, y: 100))
        #expect(pans.count == 0)
        scene.sim.touchMove(1, to: CGPoint(x: 131, y: 100))
        #expect(pans.states == [.began])
        scene.sim.touchUp(1)
    }

    // MARK: Pinch and rotation (E4, E5, R21)

    /// R21: the first step (20 pt) passes the 8 pt hysteresis, so the pinch begins at a span of 120 pt
    /// (or 180 pt) and its scale is measured from there, not from the span at touch-down.
    @Test(arguments: [(100, 200, 200.0 / 120), (200, 100, 100.0 / 180)] as [(CGFloat, CGFloat, CGFloat)])
    func pinchScaleIsMeasuredFromTheSpanWhenThePinchBegan(from: CGFloat, to: CGFloat, expected: CGFloat) {
        let scene = Scene()
        let pinch = UIPinchGestureRecognizer()
        let pinches = scene.attach(pinch)
        pinches.read = { pinches.numbers.append(($0 as! UIPinchGestureRecognizer).scale) }

        scene.twoFingers(from: (CGPoint(x: center.x - from / 2, y: 240), CGPoint(x: center.x + from / 2, y: 240)),
                         to: (CGPoint(x: center.x - to / 2, y: 240), CGPoint(x: center.x + to / 2, y: 240)), steps: 5)
        #expect(pinches.states.first == .began && pinches.states.last == .ended)
        #expect(pinches.numbers.first == 1) // the began action: nothing measured yet
        #expect(abs((pinches.numbers.last ?? 0) - expected) < 1e-9)
        #expect(pinch.scale == 1) // reset after the gesture
    }

    /// R21 as observed on UIKit: fingers spreading from 20 to 200 pt apart end near a scale of 7, not 10.
    @Test func aPinchFrom20To200PointsEndsNearSevenNotTen() {
        let scene = Scene()
        let pinch = UIPinchGestureRecognizer()
        let pinches = scene.attach(pinch)
        pinches.read = { pinches.numbers.append(($0 as! UIPinchGestureRecognizer).scale) }

        scene.sim.pinch(at: center, from: 20, to: 200, duration: 1, steps: 60)
        #expect(pinches.states.last == .ended)
        // Steps of 3 pt: the pinch begins at a span of 29 pt (more than 8 pt from 20), 200 / 29 ≈ 6.9.
        #expect(abs((pinches.numbers.last ?? 0) - 200.0 / 29) < 1e-9)
    }

    @Test func pinchVelocityIsInScaleFactorPerSecond() {
        let scene = Scene()
        let pinch = UIPinchGestureRecognizer()
        let pinches = scene.attach(pinch)
        pinches.read = { pinches.numbers.append(($0 as! UIPinchGestureRecognizer).velocity) }

        // The span grows by 20 pt every 0.1 s. The pinch begins at 120 pt (R21), so each step adds 1/6 to
        // the scale: 5/3 per second.
        scene.twoFingers(from: (CGPoint(x: 110, y: 240), CGPoint(x: 210, y: 240)),
                         to: (CGPoint(x: 60, y: 240), CGPoint(x: 260, y: 240)), steps: 5, interval: 0.1)
        #expect(pinches.numbers.count >= 2)
        #expect(abs(pinches.numbers[1] - 5.0 / 3) < 1e-9)
    }

    @Test(arguments: [1, -1] as [CGFloat])
    func rotationIsMeasuredFromTheAngleWhenTheRotationBegan(direction: CGFloat) {
        let scene = Scene()
        let rotation = UIRotationGestureRecognizer()
        let rotations = scene.attach(rotation)
        rotations.read = { rotations.numbers.append(($0 as! UIRotationGestureRecognizer).rotation) }

        func fingers(at angle: CGFloat) -> (CGPoint, CGPoint) {
            let dx = 50 * cos(angle), dy = 50 * sin(angle)
            return (CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy))
        }
        let start = fingers(at: 0)
        scene.sim.touch(.down(1, at: start.0), .down(2, at: start.1))
        for step in 1...9 {
            scene.sim.advance(by: 0.02)
            let now = fingers(at: direction * CGFloat(step) * .pi / 18)
            scene.sim.touch(.move(1, to: now.0), .move(2, to: now.1))
        }
        scene.sim.touch(.up(1), .up(2))
        #expect(rotations.states.first == .began && rotations.states.last == .ended)
        // R21: the first step (π/18) passes the 0.1 rad hysteresis, so the rotation begins there at 0 and
        // measures the 8 steps after it. y points down: clockwise on screen is positive.
        #expect(rotations.numbers.first == 0)
        #expect(abs((rotations.numbers.last ?? 0) - direction * 4 * .pi / 9) < 1e-9)
        #expect(rotation.rotation == 0)
    }

    // MARK: Swipe (E6)

    @Test(arguments: [(UISwipeGestureRecognizer.Direction.right, CGPoint(x: 150, y: 0)),
                      (.left, CGPoint(x: -150, y: 0)), (.up, CGPoint(x: 0, y: -150)), (.down, CGPoint(x: 0, y: 150))])
    func aSwipeInAnAllowedDirectionRecognizesOnce(direction: UISwipeGestureRecognizer.Direction, travel: CGPoint) {
        let scene = Scene()
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = direction
        let swipes = scene.attach(swipe)

        scene.sim.drag(from: center, to: CGPoint(x: center.x + travel.x, y: center.y + travel.y), duration: 0.2, steps: 10)
        #expect(swipes.states == [.recognized])
    }

    @Test func aSwipeInTheWrongDirectionFails() {
        let scene = Scene()
        let swipe = UISwipeGestureRecognizer()
        swipe.name = "swipe"
        let swipes = scene.attach(swipe) // .right by default

        scene.sim.drag(from: center, to: CGPoint(x: 10, y: 240), duration: 0.2, steps: 10)
        #expect(swipes.count == 0)
        #expect(scene.failures(of: "swipe").count == 1)
    }

    @Test func aSwipeTooSlowFails() {
        let scene = Scene()
        let swipe = UISwipeGestureRecognizer()
        swipe.name = "swipe"
        let swipes = scene.attach(swipe)

        // 80 pt in 1 s: 40 pt after the 0.5 s a swipe may take to travel 50 pt.
        scene.sim.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 120, y: 240), duration: 1, steps: 10)
        #expect(swipes.count == 0)
        #expect(scene.failures(of: "swipe").count == 1)
    }

    @Test func aTwoFingerSwipeIgnoresAOneFingerStroke() {
        let scene = Scene()
        let swipe = UISwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        let swipes = scene.attach(swipe)

        scene.sim.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 240, y: 240), duration: 0.2, steps: 10)
        #expect(swipes.count == 0)
        scene.sim.advance(by: 1)
        scene.twoFingers(from: (CGPoint(x: 40, y: 200), CGPoint(x: 40, y: 280)),
                         to: (CGPoint(x: 240, y: 200), CGPoint(x: 240, y: 280)), steps: 10)
        #expect(swipes.states == [.recognized])
    }

    // MARK: Screen edge pan (E7)

    @Test func aScreenEdgePanWithNoEdgesNeverFires() {
        let scene = Scene()
        let edge = UIScreenEdgePanGestureRecognizer()
        let edges = scene.attach(edge)

        scene.sim.drag(from: CGPoint(x: 2, y: 240), to: CGPoint(x: 200, y: 240))
        #expect(edges.count == 0)
        scene.sim.advance(by: 1)
        edge.edges = .left
        scene.sim.drag(from: CGPoint(x: 2, y: 240), to: CGPoint(x: 200, y: 240))
        #expect(edges.states.first == .began && edges.states.last == .ended)
    }

    @Test(arguments: [(CGFloat(5), true), (160, false), (315, false)])
    func aLeftEdgePanBeginsOnlyFromTheLeftEdge(startX: CGFloat, fires: Bool) {
        let scene = Scene()
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let edges = scene.attach(edge)

        scene.sim.drag(from: CGPoint(x: startX, y: 240), to: CGPoint(x: startX + 100, y: 240))
        #expect((edges.count > 0) == fires)
    }

    @Test func aRightEdgePanBeginsFromTheRightEdge() {
        let scene = Scene()
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .right
        let edges = scene.attach(edge)

        scene.sim.drag(from: CGPoint(x: 315, y: 240), to: CGPoint(x: 150, y: 240))
        #expect(edges.states.first == .began)
    }

    // MARK: Presses and touch types

    @Test func aTapRecognizesASelectPressOfAnAllowedType() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.allowedPressTypes = [.select]
        let taps = scene.attach(tap, to: scene.window) // presses start at the key window here (R15)

        scene.sim.pressDown(.menu)
        scene.sim.pressUp(.menu)
        #expect(taps.count == 0)
        scene.sim.pressDown(.select)
        scene.sim.pressUp(.select)
        #expect(taps.states == [.recognized])
    }

    @Test func aTapWithNoAllowedPressTypesIgnoresPresses() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.allowedPressTypes = []
        let taps = scene.attach(tap, to: scene.window)

        scene.sim.pressDown(.select)
        scene.sim.pressUp(.select)
        #expect(taps.count == 0)
    }

    @Test func onlyAllowedTouchTypesReachARecognizer() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        tap.allowedTouchTypes = [.pencil]
        let taps = scene.attach(tap)

        scene.sim.tap(at: center) // a finger: .direct
        #expect(taps.count == 0)
        #expect(scene.trace.records.contains { record in
            if case .recognizerNotFed(let tap, _, .touchTypeNotAllowed) = record.kind { return tap.name == "tap" }
            return false
        })
        scene.sim.advance(by: 1)
        for phase in [UITouch.Phase.began, .ended] {
            scene.app.enqueue(HIDEvent(timestamp: scene.sim.now, payload: .touches([
                HIDEvent.Touch(finger: 7, phase: phase, location: center, type: .pencil),
            ])))
        }
        #expect(taps.states == [.recognized])
    }

    // MARK: Per-instance thresholds (R19)

    @Test(arguments: [false, true])
    func aRecognizersOwnMultiTapIntervalDecidesItsDoubleTap(lengthened: Bool) {
        let scene = Scene()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        if lengthened { double.thresholds.multiTapInterval = 1 }
        let doubles = scene.attach(double)

        scene.sim.tap(at: center)
        scene.sim.advance(by: 0.6) // beyond the standard 0.35 s, within 1 s
        scene.sim.tap(at: center)
        scene.sim.advance(by: 2)
        #expect(doubles.count == (lengthened ? 1 : 0))
        #expect(Thresholds.standard.multiTapInterval == 0.35) // the table itself is untouched
    }

    @Test func aRecognizersOwnTapSlopDecidesHowFarATapMayMove() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.thresholds.tapSlop = 100
        let other = UITapGestureRecognizer()
        let delegate = Simultaneous()
        other.delegate = delegate
        let taps = scene.attach(tap)
        let others = scene.attach(other)

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 240))
        scene.sim.touchMove(1, to: CGPoint(x: 180, y: 240))
        scene.sim.touchUp(1)
        #expect(taps.count == 1)
        #expect(others.count == 0) // the same 80 pt move fails a tap with the standard slop
    }

    final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    }
}
