import Foundation

/// The mode the application's main loop runs in (I4).
///
/// UIKit's main run loop runs in `RunLoop.Mode.default`, and in `UITrackingRunLoopMode` while a scroll
/// view tracks a finger or decelerates: timers scheduled only for the default mode wait until it ends,
/// timers in the common modes keep firing. The engine's own timers (multi-tap windows, long press,
/// delayed touches, deceleration frames) are all common-mode, so gestures behave the same in either mode.
extension UIApplication {

    /// The mode the application's loop runs in: `.default`, or `.tracking` while a scroll view tracks
    /// or decelerates.
    ///
    /// Foundation exposes this as `RunLoop.main.currentMode`; ResponderKit's main loop belongs to the
    /// application (on virtual time there is no loop object at all), so the application says. Unlike
    /// `currentMode` it is never nil: the application's loop is always in one of its two modes.
    public var currentRunLoopMode: RunLoop.Mode { clock.mode.runLoopMode }

    /// Puts the loop in the tracking mode; a scroll view calls it as it starts tracking or
    /// decelerating. Calls nest (a scroll view inside a scroll view): the loop stays in the tracking mode
    /// until every enter has its ``exitTrackingRunLoopMode()``.
    func enterTrackingRunLoopMode() {
        clock.trackingDepth += 1
        guard clock.trackingDepth == 1 else { return }
        clock.switchMode(to: .tracking)
        if tracesRunLoopStages { report(.runLoopMode(.modeChanged(from: .default, to: .tracking, releasedTimers: 0))) }
    }

    /// Ends one ``enterTrackingRunLoopMode()``. The last one returns the loop to the default mode: the
    /// default-mode timers that fell due meanwhile fire at the loop's next turn, late, in fire-time order,
    /// each once (a repeating one then keeps its schedule, as Foundation's run loop does).
    func exitTrackingRunLoopMode() {
        precondition(clock.trackingDepth > 0,
                     "exitTrackingRunLoopMode() without a matching enterTrackingRunLoopMode(): every exit must follow an enter")
        clock.trackingDepth -= 1
        guard clock.trackingDepth == 0 else { return }
        let released = clock.switchMode(to: .default)
        if tracesRunLoopStages { report(.runLoopMode(.modeChanged(from: .tracking, to: .default, releasedTimers: released))) }
    }

    /// Fires the timers a turn of the loop fires once its queue is empty; returns how many. In real time,
    /// every timer due by now; on virtual time, where ``EventSimulator/advance(by:)`` fires timers as
    /// time passes, only after timers left the park (the loop left the tracking mode during the turn),
    /// so that they fire at this turn, as a real loop's would.
    func fireTimersAtEndOfTurn() -> Int {
        if clock.isVirtual {
            guard clock.takeReleasedTimers() else { return 0 }
        }
        return fireDueTimers(dueBy: clock.now)
    }
}
