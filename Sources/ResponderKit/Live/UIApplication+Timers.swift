import Foundation

/// Timers the application schedules on its own loop and clock (see ``ApplicationTimer``, I4).
extension UIApplication {

    /// Creates a timer and schedules it on the application's loop for `mode`: it first fires
    /// `interval` seconds from now, on the application's clock (virtual or real).
    ///
    /// Foundation's `Timer.scheduledTimer(withTimeInterval:repeats:block:)` schedules for the default
    /// mode; the `forMode:` parameter folds in the `RunLoop.main.add(_:forMode:)` that UIKit code writes
    /// for a timer that must keep firing while a list scrolls (`.common`).
    @discardableResult
    public func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                               forMode mode: RunLoop.Mode = .default,
                               block: @escaping @MainActor (ApplicationTimer) -> Void) -> ApplicationTimer {
        let timer = ApplicationTimer(timeInterval: interval, repeats: repeats, block: block)
        add(timer, forMode: mode)
        return timer
    }

    /// Adds `timer` to the application's loop for `mode`, as `RunLoop.main.add(_:forMode:)` does: a timer
    /// not yet scheduled first fires one interval from now; one already scheduled keeps its fire date and
    /// fires in `mode` too. An invalidated timer is not added (as in Foundation). Modes other than
    /// `.default`, `.tracking` and `.common` stop with a message: the application's loop runs no other.
    public func add(_ timer: ApplicationTimer, forMode mode: RunLoop.Mode) {
        timer.add(to: self, mode: mode)
    }
}
