import Foundation

/// The door through which input reaches an application: any thread may post to it (I1, R20).
///
/// It stands for the mach port on which UIKit's main run loop wakes (the seeds' source1,
/// `__IOHIDEventSystemClientQueueCallback`). Input sources — a device bridge, a toolkit's event
/// thread, a socket reader — post raw records here from wherever they run; the application's
/// ``EventLoop`` drains everything posted at its next turn, in posting order, into its FIFO queue (H1,
/// I4). Posting never blocks on the application's work: it appends under a lock and wakes the loop.
///
/// This is the one part of the engine that is not `@MainActor`: it is `Sendable` and tested under
/// the thread sanitizer.
///
/// See <doc:LivePath>.
public final class InputPort: @unchecked Sendable {
    // Every stored property below is guarded by `condition`, which is also what a sleeping
    // self-driven loop waits on. The lock already makes every access exclusive, so the runtime's own
    // exclusivity check (a thread-local lookup on each access, twice per event) is left out.
    private let condition = NSCondition()
    @exclusivity(unchecked) private var buffer: [HIDEvent] = []
    @exclusivity(unchecked) private var wakeHandler: (@Sendable () -> Void)?
    @exclusivity(unchecked) private var posted = false
    @exclusivity(unchecked) private var timeSource: @Sendable () -> TimeInterval

    init(timeSource: @escaping @Sendable () -> TimeInterval) {
        self.timeSource = timeSource
    }

    /// The real time of the application's clock, for stamping input: what posting a bare
    /// payload uses. Safe from any thread.
    public var now: TimeInterval {
        condition.lock()
        let source = timeSource
        condition.unlock()
        return source()
    }

    /// Reads real time from `source` from now on (the application's clock changed its source).
    func setTimeSource(_ source: @escaping @Sendable () -> TimeInterval) {
        condition.lock()
        timeSource = source
        condition.unlock()
    }

    /// Posts a record; its timestamp must be on the application's clock (see ``now``).
    public func post(_ event: consuming HIDEvent) {
        condition.lock()
        buffer.append(event)
        posted = true
        let wake = wakeHandler
        condition.signal()
        condition.unlock()
        wake?()
    }

    /// Posts a record stamped with the application's real time now.
    public func post(_ payload: HIDEvent.Payload) {
        post(HIDEvent(timestamp: now, payload: payload))
    }

    /// Sets what to call after each post, on the posting thread: a host-driven loop wakes its own
    /// loop there (post an SDL user event, write to an eventfd, signal a GLib context). Nil removes it.
    public func setWakeHandler(_ handler: (@Sendable () -> Void)?) {
        condition.lock()
        wakeHandler = handler
        condition.unlock()
    }

    /// Moves everything posted so far, oldest first, into `records`, which must be empty. The two
    /// buffers are swapped, not copied: once both have grown, taking input allocates nothing.
    func drain(into records: inout [HIDEvent]) {
        condition.lock()
        defer { condition.unlock() }
        posted = false
        guard !buffer.isEmpty else { return }
        swap(&buffer, &records)
    }

    /// Whether nothing waits in the port.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return buffer.isEmpty
    }

    /// Blocks the calling thread until something is posted or `limit` (a real date) passes. Returns
    /// at once if something was posted since the last ``drain()``.
    func waitForInput(until limit: Date) {
        condition.lock()
        defer { condition.unlock() }
        while !posted {
            // Foundation on Linux turns the date into nanoseconds in an `Int`, which traps for dates past
            // 2262, `Date.distantFuture` (run()'s default) among them: wait at most an hour at a time.
            let step = min(limit, Date(timeIntervalSinceNow: 3600))
            if !condition.wait(until: step), step >= limit { return }
        }
    }
}
