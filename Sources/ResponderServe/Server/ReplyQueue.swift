import Foundation

/// Frames waiting to be written to one page, bounded in bytes. A reply that would pass ``capacity``
/// makes room by dropping the oldest replies waiting (never a close frame, never the reply itself: a
/// reply larger than the capacity waits alone), and every reply dropped is counted for the page's next
/// report.
struct ReplyQueue {
    let capacity: Int
    private var frames: [(data: Data, droppable: Bool)] = []
    private var head = 0
    /// Bytes waiting.
    private(set) var bytes = 0
    /// Replies dropped and not yet reported.
    private(set) var unreported = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    var isEmpty: Bool { head == frames.count }

    /// Queues a frame; a droppable one (a reply, a pong) may later be dropped for a newer one.
    mutating func push(_ data: Data, droppable: Bool = true) {
        var index = head
        while bytes + data.count > capacity, index < frames.count {
            if frames[index].droppable {
                bytes -= frames[index].data.count
                unreported += 1
                // The oldest is dropped by moving past it; one behind a close frame (rare) is removed.
                if index == head {
                    frames[head].data = Data()
                    head += 1
                    index = head
                } else {
                    frames.remove(at: index)
                }
            } else {
                index += 1
            }
        }
        frames.append((data, droppable))
        bytes += data.count
    }

    /// The oldest frame, taken off the queue.
    mutating func pop() -> Data? {
        guard head < frames.count else { return nil }
        let data = frames[head].data
        frames[head].data = Data()
        head += 1
        bytes -= data.count
        if head > 64, head * 2 > frames.count {
            frames.removeFirst(head)
            head = 0
        }
        return data
    }

    /// The count of drops to report, now reported.
    mutating func takeUnreported() -> Int {
        defer { unreported = 0 }
        return unreported
    }
}
