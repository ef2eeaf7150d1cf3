// The clock reschedules a timer it made: a timer that fires every frame (a scroll view's deceleration)
// reuses one object, and rescheduling never makes a timer fire twice.

import Foundation
import Testing
@testable import ResponderKit // the clock and its timers are internal

@MainActor
@Suite struct EventClockRescheduleTests {

    private func virtualClock() -> EventClock {
        let clock = EventClock()
        clock.useVirtualTime(startingAt: 0)
        return clock
    }

    @Test func aFiredTimerRescheduledFiresAgainAtItsNewTime() {
        let clock = virtualClock()
        var fired: [TimeInterval] = []
        let timer = clock.schedule(after: 0.1) { fired.append(clock.now) }
        clock.advance(by: 0.1)
        clock.reschedule(timer, after: 0.2) { fired.append(clock.now) }
        #expect(timer.isValid)
        clock.advance(by: 1)
        #expect(fired.count == 2)
        #expect(abs(fired[1] - 0.3) < 1e-9)
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func aWaitingTimerRescheduledMovesAndFiresOnce() {
        let clock = virtualClock()
        var fired: [String] = []
        let timer = clock.schedule(after: 0.1) { fired.append("first") }
        clock.schedule(after: 0.2) { fired.append("other") }
        clock.reschedule(timer, after: 0.3) { fired.append("moved") }
        #expect(clock.pendingTimerCount == 2)
        clock.advance(by: 1)
        #expect(fired == ["other", "moved"])
    }

    @Test func anInvalidatedTimerStillListedRescheduledFiresOnce() {
        let clock = virtualClock()
        var count = 0
        let timer = clock.schedule(after: 0.1) { count += 1 }
        timer.invalidate()   // still in the list until the clock drops it
        clock.reschedule(timer, after: 0.1) { count += 1 }
        clock.reschedule(timer, after: 0.2) { count += 1 }
        clock.advance(by: 1)
        #expect(count == 1)
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func aParkedTimerRescheduledIntoTheCommonModesFiresWhileTracking() {
        let clock = virtualClock()
        var fired: [String] = []
        clock.switchMode(to: .tracking)
        let timer = clock.schedule(after: 0.1, modes: .default) { fired.append("default") }
        clock.advance(by: 0.2)
        #expect(clock.parkedTimerCount == 1)
        clock.reschedule(timer, after: 0.1, modes: .common) { fired.append("common") }
        #expect(clock.parkedTimerCount == 0)
        clock.advance(by: 0.2)
        clock.switchMode(to: .default)
        clock.advance(by: 0.2)
        #expect(fired == ["common"])
    }

    @Test func aDecelerationReusesOneFrameTimer() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -200))
        let first = s.list.frameTimer
        #expect(first != nil)
        let clock = s.scene.app.clock
        let waiting = clock.pendingTimerCount
        for _ in 0..<10 {
            s.sim.advance(by: 1.0 / 60)
            #expect(s.list.frameTimer === first)
            #expect(clock.pendingTimerCount == waiting)
        }
        // A later motion reuses it too.
        s.list.setContentOffset(CGPoint(x: 0, y: 10), animated: true)
        #expect(s.list.frameTimer === first)
        s.sim.advance(by: 1)
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 10))
    }
}
