import Foundation
import Testing
@testable import ResponderKit

/// Hands every record to two tracers, so a test can compare a flight recorder with a full trace.
@MainActor
private final class Tee: EventTracer {
    let first: EventTracer, second: EventTracer
    init(_ first: EventTracer, _ second: EventTracer) { (self.first, self.second) = (first, second) }
    func record(_ record: TraceRecord) {
        first.record(record)
        second.record(record)
    }
}

@MainActor
@Suite struct FlightRecorderTests {
    private func input(_ finger: Int) -> TraceRecord {
        TraceRecord(time: Double(finger), kind: .input(.touches(.init(finger: finger, phase: .began, location: .zero, samples: 1), more: [])))
    }

    @Test func keepsTheLatestRecordsOldestFirstAcrossTheWrapAround() {
        let recorder = FlightRecorder(capacity: 3)
        #expect(recorder.records.isEmpty)
        for finger in 1 ... 2 { recorder.record(input(finger)) }
        #expect(recorder.records.map(\.time) == [1, 2])
        for finger in 3 ... 7 { recorder.record(input(finger)) }
        #expect(recorder.count == 3)
        #expect(recorder.records.map(\.time) == [5, 6, 7])
        recorder.record(input(8))
        #expect(recorder.records.map(\.time) == [6, 7, 8])
    }

    @Test func removeAllEmptiesTheRingWhichThenFillsFromTheStart() {
        let recorder = FlightRecorder(capacity: 2)
        for finger in 1 ... 5 { recorder.record(input(finger)) }
        recorder.removeAll()
        #expect(recorder.records.isEmpty)
        #expect(recorder.count == 0)
        #expect(recorder.render().isEmpty)
        recorder.record(input(9))
        #expect(recorder.records.map(\.time) == [9])
        #expect(recorder.capacity == 2)
    }

    @Test func rendersTheKeptRecordsAsTheFullTraceDoes() {
        let scene = Scene()
        scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let full = TraceRecorder()
        let flight = FlightRecorder(capacity: 5)
        scene.app.tracer = Tee(full, flight)
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        scene.sim.tap(at: CGPoint(x: 20, y: 20))
        #expect(full.records.count > 5)
        #expect(flight.records == Array(full.records.suffix(5)))
        #expect(flight.render() == TraceRecord.render(full.records.suffix(5)))
        #expect(flight.render().split(separator: "\n").count == 5)
    }
}

/// Every decision reaches the application's tracer from the object that makes it: no entry point has
/// to publish the tracer first, so work done outside a dispatch is traced too.
@MainActor
@Suite struct TracingWithoutContextTests {
    @Test func aHitTestCalledDirectlyIsTracedToTheWindowsApplication() {
        let scene = Scene()
        scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = scene.record()
        _ = scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil)
        #expect(recorder.records.contains { $0.kind.matches(.hitTestInside(view: "view", point: CGPoint(x: 10, y: 10))) })
    }

    @Test func actionsOfARecognizerSetFromOutsideAGestureAreTraced() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        final class Target { var calls = 0; func fire() { calls += 1 } }
        let target = Target()
        let tap = UITapGestureRecognizer(target: target, action: Target.fire)
        tap.name = "tap"
        view.addGestureRecognizer(tap)
        let recorder = scene.record()
        tap.state = .ended
        #expect(target.calls == 1)
        #expect(recorder.records.contains {
            if case .recognizerAction(let recognizer, .ended, let to) = $0.kind { return recognizer == tap.traceSubject && to.name == "Target" }
            return false
        })
    }

    @Test func disablingARecognizerOutsideADispatchIsTracedWithItsCause() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let tap = UITapGestureRecognizer()
        view.addGestureRecognizer(tap)
        let recorder = scene.record()
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        tap.isEnabled = false
        #expect(recorder.records.contains {
            if case .recognizerState(let recognizer, .possible, .failed, .disabled) = $0.kind { return recognizer == tap.traceSubject }
            return false
        })
        scene.sim.touchUp(1)
    }

    @Test func aControlsActionsSentByTheAppAreTraced() {
        let scene = Scene()
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        button.accessibilityIdentifier = "button"
        scene.window.addSubview(button)
        let recorder = scene.record()
        button.sendActions(for: .touchUpInside)
        #expect(recorder.records.contains {
            if case .controlEvents(let control, let events) = $0.kind { return control == button.traceSubject && events == .touchUpInside }
            return false
        })
    }

    @Test func subjectsAreIdentitiesWithTheirUIKitClass() {
        let scene = Scene()
        final class BuyButton: UIButton {}
        let first = BuyButton(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let second = UIView(frame: CGRect(x: 60, y: 0, width: 50, height: 50))
        first.accessibilityIdentifier = "same"
        second.accessibilityIdentifier = "same"
        scene.window.addSubview(first)
        scene.window.addSubview(second)
        #expect(first.traceSubject.name == second.traceSubject.name)
        #expect(first.traceSubject != second.traceSubject)
        #expect(first.traceSubject.className == "UIButton")
        #expect(second.traceSubject.className == "UIView")
        #expect(UIPanGestureRecognizer().traceSubject.className == "UIPanGestureRecognizer")
        #expect(TraceCause.refusedByView(first.traceSubject).rule == "R10")
        #expect(TraceCause.refusedByView(second.traceSubject).rule == "R9")
    }

    @Test func fingersUpToFourStayInlineAndKeepTheirOrder() {
        let sorted = TraceFingers(sorting: [7, 3, 5])
        #expect(Array(sorted) == [3, 5, 7])
        let many = TraceFingers(sorting: [9, 1, 8, 2, 7, 3])
        #expect(Array(many) == [1, 2, 3, 7, 8, 9])
        #expect(TraceFingers([4, 2]) == [4, 2])
        #expect(TraceFingers([4, 2]) != [2, 4])
        #expect(many.description == "#1 #2 #3 #7 #8 #9")
    }
}
