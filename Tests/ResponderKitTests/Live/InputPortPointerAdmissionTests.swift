// The input port's policy for a pointer's hover, scroll and trackpad transform, and a pencil's tap: at
// capacity a change merges into the change of the same kind waiting last (a scroll's steps add up, a
// hover's and a transform's latest values win), a beginning is dropped with its end, an end whose
// beginning got in always gets in, a pencil's tap is dropped.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct InputPortPointerAdmissionTests {

    @MainActor final class Scene {
        let app = UIApplication()
        let window: UIWindow
        let loop: EventLoop
        let card: UIView
        let log: GestureLog
        let pan: UIPanGestureRecognizer
        var translations: [CGPoint] = []

        init(capacity: Int) {
            app.useRealTimeSource(ManualTime(0).source)
            app.applicationSupportsIndirectInputEvents = true
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            card = UIView(frame: window.bounds)
            window.addSubview(card)
            log = GestureLog(in: card)
            pan = UIPanGestureRecognizer().logged("pan", by: log, on: card)
            pan.allowedScrollTypesMask = .all
            loop = EventLoop(application: app)
            app.inputPort.capacity = capacity
            pan.addTarget(self, action: Scene.noteTranslation)
        }

        func noteTranslation(_ pan: UIPanGestureRecognizer) { translations.append(pan.translation(in: nil)) }

        func scroll(_ phase: HIDEvent.Phase, dy: CGFloat = 0) {
            app.inputPort.post(.scroll(HIDEvent.Scroll(phase: phase, location: CGPoint(x: 100, y: 100), delta: CGPoint(x: 0, y: dy))))
        }
    }

    @Test func aFloodOfScrollStepsAddsUpInThePortAndKeepsItsCapacity() {
        let scene = Scene(capacity: 4)
        scene.scroll(.began)
        for _ in 1...1_000 { scene.scroll(.changed, dy: -1) }
        #expect(scene.app.inputPort.count <= 4)
        scene.scroll(.ended)
        #expect(scene.app.inputPort.droppedCount == 0, "steps are merged, never dropped")
        scene.loop.processEvents()
        #expect(scene.log.states.first == .began && scene.log.states.last == .ended)
        #expect(scene.translations.last == CGPoint(x: 0, y: -1_000), "every step reached the pan")
    }

    @Test func hoverAndTransformChangesKeepTheLatestValue() {
        let scene = Scene(capacity: 2)
        let values = GestureLog(in: scene.card)
        let pinch = UIPinchGestureRecognizer().logged("pinch", by: values, on: scene.card)
        scene.app.inputPort.post(.transform(HIDEvent.Transform(phase: .began, location: CGPoint(x: 50, y: 50))))
        for step in 1...100 {
            scene.app.inputPort.post(.transform(HIDEvent.Transform(phase: .changed, location: CGPoint(x: 50, y: 50),
                                                                   scale: 1 + CGFloat(step) / 100)))
        }
        scene.app.inputPort.post(.transform(HIDEvent.Transform(phase: .ended, location: CGPoint(x: 50, y: 50), scale: 2)))
        #expect(scene.app.inputPort.count <= 3)
        scene.loop.processEvents()
        #expect(pinch.state == .possible)
        #expect(values.states.first == .began && values.states.last == .ended)
        #expect(scene.app.inputPort.droppedCount == 0)

        let hoverLog = GestureLog(in: scene.card)
        UIHoverGestureRecognizer().logged("hover", by: hoverLog, on: scene.card)
        scene.app.inputPort.post(.hover(HIDEvent.Hover(phase: .began, location: CGPoint(x: 10, y: 10))))
        for step in 1...100 { scene.app.inputPort.post(.hover(HIDEvent.Hover(phase: .changed, location: CGPoint(x: 10 + CGFloat(step), y: 10)))) }
        #expect(scene.app.inputPort.count <= 2)
        scene.loop.processEvents()
        #expect(hoverLog.states.count <= 3)
        #expect(hoverLog.locations.last == CGPoint(x: 110, y: 10), "the latest position won")
    }

    @Test func aBeginningDroppedAtCapacityTakesItsEndWithItAndAPencilsTapIsDropped() {
        let scene = Scene(capacity: 1)
        scene.app.inputPort.post(.pencilTap)                                 // fills the port
        scene.scroll(.began)                                                 // dropped: the port is full
        scene.app.inputPort.post(.pencilTap)                                 // dropped
        scene.loop.processEvents()
        scene.scroll(.ended)                                                 // the end of a dropped scroll: dropped
        scene.loop.processEvents()
        #expect(scene.app.inputPort.droppedCount == 3)
        #expect(scene.log.states.isEmpty)
    }

    @Test func anEndWhoseBeginningGotInGetsInBeyondTheCapacity() {
        let scene = Scene(capacity: 2)
        scene.scroll(.began)
        scene.scroll(.changed, dy: -10)                                      // full
        scene.scroll(.ended)
        #expect(scene.app.inputPort.count == 3)
        scene.loop.processEvents()
        #expect(scene.log.states == [.began, .ended])
    }
}
