import Foundation

/// The door through which input reaches an application: any thread may post to it (I1, R20).
///
/// It stands for the mach port on which UIKit's main run loop wakes (the seeds' source1,
/// `__IOHIDEventSystemClientQueueCallback`). Input sources — a device bridge, a toolkit's event
/// thread, a socket reader — post raw records here from wherever they run; the application's
/// ``EventLoop`` takes what was posted at its next turn, in posting order, into its FIFO queue (H1,
/// I4). Posting never blocks on the application's work: it appends under a lock and wakes the loop.
///
/// The port is bounded: at most ``capacity`` records wait in it. A source that posts faster than the
/// application handles input fills it, and then each record posted is coalesced, dropped or let in by
/// a fixed policy that keeps every touch whole (see <doc:LivePath>): moves merge into the moves waiting
/// last, as iOS coalesces them (I5); a finger that goes down while the port is full is dropped for its
/// whole life; the end of a touch whose beginning got in always gets in. What is dropped is counted
/// (``droppedCount``) and reported to the application's tracer at the loop's next turn.
///
/// This is the one part of the engine that is not `@MainActor`: it is `Sendable` and tested under
/// the thread sanitizer.
///
/// See <doc:LivePath>.
public final class InputPort: @unchecked Sendable {
    /// The capacity a port has unless told otherwise: 1,024 records, a second of input from a 1 kHz
    /// digitizer (chosen: iOS does not document the size of its event queue).
    public static let defaultCapacity = 1_024

    // The port's state is guarded by `condition`, which is also what a sleeping self-driven loop waits
    // on. The lock already makes every access exclusive, so the runtime's own exclusivity check (a
    // thread-local lookup on each access, twice per event) is left out: fenced storage (see
    // ``FencedStorage``), read and written through the properties below, only with the lock held.
    private let condition = NSCondition()
    #if DEBUG
    private var fenced: Fields
    #else
    @exclusivity(unchecked) private var fenced: Fields
    #endif

    private struct Fields: FencedStorage {
        var buffer: [HIDEvent] = []
        var wakeHandler: (@Sendable () -> Void)?
        var posted = false
        var timeSource: @Sendable () -> TimeInterval
        var storedCapacity = InputPort.defaultCapacity
        var admission = Admission()

        /// Lets `event` in through the overload policy, in one access (the policy edits the buffer).
        mutating func admit(_ event: consuming HIDEvent) {
            admission.admit(event, into: &buffer, capacity: storedCapacity)
        }
    }

    private var buffer: [HIDEvent] {
        _read { yield fenced.buffer }
        _modify { yield &fenced.buffer }
    }
    private var wakeHandler: (@Sendable () -> Void)? {
        get { fenced.wakeHandler }
        set { fenced.wakeHandler = newValue }
    }
    private var posted: Bool {
        get { fenced.posted }
        set { fenced.posted = newValue }
    }
    private var timeSource: @Sendable () -> TimeInterval {
        get { fenced.timeSource }
        set { fenced.timeSource = newValue }
    }
    private var storedCapacity: Int {
        get { fenced.storedCapacity }
        set { fenced.storedCapacity = newValue }
    }
    /// What the port let in, coalesced and dropped: the overload policy's state (InputPort+Overload.swift).
    var admission: Admission {
        _read { yield fenced.admission }
        _modify { yield &fenced.admission }
    }

    init(timeSource: @escaping @Sendable () -> TimeInterval) {
        fenced = Fields(timeSource: timeSource)
    }

    /// The most records that wait in the port; ``defaultCapacity`` unless set. Past it, records are
    /// coalesced or dropped (see the type's description), except the ends of touches, presses and shakes
    /// whose beginning got in, and moves that have nothing to merge into: so that nothing that began is
    /// left without its end, and no move is lost, those are let in beyond it. They are bounded too (the
    /// port follows at most `capacity` fingers and as many buttons down at once): the port never holds
    /// more than about five times its capacity, and under a flood of moves alone, its capacity and one
    /// record. Must be at least 1.
    public var capacity: Int {
        get {
            condition.lock()
            defer { condition.unlock() }
            return storedCapacity
        }
        set {
            precondition(newValue >= 1, "InputPort.capacity must be at least 1 record, not \(newValue)")
            condition.lock()
            storedCapacity = newValue
            condition.unlock()
        }
    }

    /// How many records wait in the port now (what the loop's next turn takes).
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return buffer.count
    }

    /// How many samples the port has dropped since it was created because it was full: every sample of
    /// a touch that began while it was full, the oldest samples of a run of coalesced moves past
    /// 1,024 per finger, presses and shakes that began while it was full,
    /// remote-control commands and touch refinements. Moves are coalesced, never dropped. Each drop is
    /// also reported to the application's tracer at the loop's next turn.
    public var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return admission.droppedTotal
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

    /// Posts a record; its timestamp must be on the application's clock (see ``now``). When the port is
    /// full, the record is coalesced, dropped or let in as the type's description says.
    public func post(_ event: consuming HIDEvent) {
        condition.lock()
        fenced.admit(event)
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

    /// Moves everything posted so far, oldest first, into `records`, which must be empty, and returns
    /// whether the port dropped anything since the last drain (``takeDrops()`` says what). The two
    /// buffers are swapped, not copied: once both have grown, taking input allocates nothing.
    func drain(into records: inout [HIDEvent]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        posted = false
        if !buffer.isEmpty { swap(&buffer, &records) }
        return admission.hasDrops
    }

    /// What the port dropped since the last call, by kind; nil when nothing was.
    func takeDrops() -> Admission.Drops? {
        condition.lock()
        defer { condition.unlock() }
        return admission.takeDrops()
    }

    /// Whether nothing waits in the port.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return buffer.isEmpty
    }

    /// Blocks the calling thread until something is posted or `limit` (a real date) passes. Returns
    /// at once if something was posted since the last ``drain(into:)``, or if records still wait (a
    /// turn that ran out of its budget left them for the next).
    func waitForInput(until limit: Date) {
        condition.lock()
        defer { condition.unlock() }
        while !posted && buffer.isEmpty {
            // Foundation on Linux turns the date into nanoseconds in an `Int`, which traps for dates past
            // 2262, `Date.distantFuture` (run()'s default) among them: wait at most an hour at a time.
            let step = min(limit, Date(timeIntervalSinceNow: 3600))
            if !condition.wait(until: step), step >= limit { return }
        }
    }
}
