import Foundation

/// An ``EventTracer`` cheap enough to leave on in an application: it keeps the latest `capacity`
/// records and renders them on demand, for instance when the application reports a problem or from a
/// debug gesture.
///
/// ```swift
/// let flightRecorder = FlightRecorder(capacity: 2_000)
/// application.tracer = flightRecorder
/// // … later, when a user reports that a button did not fire:
/// log(flightRecorder.render())
/// ```
///
/// The records live in a ring allocated once, when the recorder is created. A record is stored by
/// writing its slot, the oldest being overwritten once the ring is full; records hold values, not
/// text, so recording allocates nothing (`dispatch.dragWithGestures.flightRecorder` in BENCHMARKS.md).
/// Text is made only by ``render()``.
@MainActor
public final class FlightRecorder: EventTracer {
    /// How many records the recorder keeps: the latest ones.
    public let capacity: Int
    /// The ring, written on every record: fenced storage (see ``FencedStorage``). Slots up to `count`
    /// hold records; `next` is where the next record goes.
    #if DEBUG
    private var ring: Ring
    #else
    @exclusivity(unchecked) private var ring: Ring
    #endif

    private struct Ring: FencedStorage {
        var slots: ContiguousArray<TraceRecord?>
        var next = 0
        var count = 0
    }

    /// How many records the ring holds (at most `capacity`).
    public var count: Int { ring.count }

    private var slots: ContiguousArray<TraceRecord?> { ring.slots }
    private var next: Int { ring.next }

    /// Creates a recorder that keeps the latest `capacity` records (at least 1).
    public init(capacity: Int) {
        precondition(capacity > 0, "FlightRecorder(capacity: \(capacity)): the capacity must be at least 1")
        self.capacity = capacity
        ring = Ring(slots: ContiguousArray(repeating: nil, count: capacity))
    }

    /// Keeps `record`, overwriting the oldest when the ring is full.
    public func record(_ record: consuming TraceRecord) {
        ring.slots[ring.next] = record
        ring.next += 1
        if ring.next == capacity { ring.next = 0 }
        if ring.count < capacity { ring.count += 1 }
    }

    /// The records kept, oldest first.
    public var records: [TraceRecord] {
        var result: [TraceRecord] = []
        result.reserveCapacity(count)
        let start = count < capacity ? 0 : next
        for offset in 0 ..< count {
            if let record = slots[(start + offset) % capacity] { result.append(record) }
        }
        return result
    }

    /// The records kept as text, oldest first: one line per record, as ``TraceRecorder/render()`` shows them.
    public func render() -> String { TraceRecord.render(records) }

    /// Forgets every record; the ring keeps its memory.
    public func removeAll() {
        for index in ring.slots.indices { ring.slots[index] = nil }
        ring.next = 0
        ring.count = 0
    }
}
