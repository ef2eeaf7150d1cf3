import Foundation

extension GestureArbiter {

    // MARK: The queue of changes to settle

    // Each entry of the heap carries its recognizer's R5 order, so that sifting compares integers in the
    // array and never reaches into the recognizers; and it holds its recognizer as an `Unmanaged`
    // reference, retained once when queued and released once when it leaves, so that moving an entry is
    // a plain copy. The heap used to read the order from each recognizer's record and write every moved
    // recognizer's place back into it, and each move retained and released two recognizers. A
    // recognizer that another holds weakly (`require(toFail:)` does) keeps its reference count in a side
    // table, so each of those counts went through the runtime's slow path to memory outside the array:
    // in a chain of 1,000, a fifth of the event's instructions, and a share growing with log N.
    //
    // The R5 orders of the recognizers in play are distinct (each comes from one counter), so the order
    // in which the heap hands them out does not depend on its layout.

    /// A recognizer in the queue, with its R5 order at the time it was queued or the queue was rebuilt.
    /// The queue owns one retain of the recognizer (taken in ``enqueue(_:)``, given back when it leaves).
    struct QueueEntry {
        var order: Int
        let recognizer: Unmanaged<UIGestureRecognizer>
    }

    func enqueue(_ recognizer: UIGestureRecognizer) {
        recognizer.arbitration.isQueued = true
        queue.append(QueueEntry(order: recognizer.arbitration.order, recognizer: .passRetained(recognizer)))
        siftUp(queue.count - 1)
    }

    func dequeueFirst() {
        let first = queue[0].recognizer
        let last = queue.removeLast()
        if !queue.isEmpty {
            queue[0] = last
            siftDown(0)
        }
        first.takeUnretainedValue().arbitration.isQueued = false
        first.release()
    }

    /// Takes a recognizer out of the queue with its changes (it is reset or removed from its view, which
    /// is rare): a search, then the heap is rebuilt.
    func removeFromQueue(_ recognizer: UIGestureRecognizer) {
        let record = recognizer.arbitration
        guard record.isQueued else { return }
        record.isQueued = false
        record.queued.removeAll()
        guard let index = queue.firstIndex(where: { $0.recognizer.takeUnretainedValue() === recognizer }) else { return }
        queue.swapAt(index, queue.count - 1)
        queue.removeLast().recognizer.release()
        rebuildQueue()
    }

    /// Restores the heap after the R5 orders changed: each entry takes its recognizer's order again.
    func rebuildQueue() {
        for index in queue.indices { queue[index].order = queue[index].recognizer.takeUnretainedValue().arbitration.order }
        guard queue.count > 1 else { return }
        for index in stride(from: queue.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    func siftUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard queue[index].order < queue[parent].order else { break }
            queue.swapAt(index, parent)
            index = parent
        }
    }

    func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1, right = left + 1
            var smallest = index
            if left < queue.count, queue[left].order < queue[smallest].order { smallest = left }
            if right < queue.count, queue[right].order < queue[smallest].order { smallest = right }
            guard smallest != index else { return }
            queue.swapAt(index, smallest)
            index = smallest
        }
    }
}
