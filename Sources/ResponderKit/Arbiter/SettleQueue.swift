import Foundation

/// The recognizers with state changes not yet settled: a binary min-heap on their R5 order. Each one's
/// changes wait in its record, in the order it made them; the heap holds each recognizer once.
///
/// It holds its recognizers as `Unmanaged` references, the one place the engine does, and its storage
/// is fenced (see ``FencedStorage``). Its invariants:
/// - every entry owns exactly one retain of its recognizer, taken in ``enqueue(_:)`` and given back when
///   the entry leaves (``dequeueFirst()``, ``remove(_:)``, or the queue's `deinit`), so moving an entry is
///   a plain copy and a queued recognizer stays alive, as it would in an array of references;
/// - a recognizer is in the heap exactly when its record says ``RecognizerRecord/isQueued``;
/// - each entry carries its recognizer's R5 order as of its queueing or the last ``rebuild()``, so that
///   sifting compares integers in the array and never reaches into the recognizers;
/// - no method calls out of the queue: no access to its storage can overlap another.
///
/// (The heap used to read the order from each recognizer's record and write every moved recognizer's
/// place back into it, and each move retained and released two recognizers. A recognizer that another
/// holds weakly keeps its reference count in a side table, so each of those counts went through the
/// runtime's slow path to memory outside the array: in a chain of 1,000, a fifth of the event's
/// instructions, and a share growing with log N.)
///
/// The R5 orders of the recognizers in play are distinct (each comes from one counter), so the order in
/// which the heap hands them out does not depend on its layout.
@MainActor
final class SettleQueue {
    private struct Entry {
        var order: Int
        let recognizer: Unmanaged<UIGestureRecognizer>
    }

    /// The heap: fenced storage (see ``FencedStorage``).
    #if DEBUG
    private var heap: [Entry] = []
    #else
    @exclusivity(unchecked) private var heap: [Entry] = []
    #endif

    nonisolated init() {}

    isolated deinit {
        for entry in heap { entry.recognizer.release() }
    }

    var isEmpty: Bool { heap.isEmpty }

    /// The recognizer whose change comes first (the one met first in R5 order), if any.
    var first: UIGestureRecognizer? { heap.first?.recognizer.takeUnretainedValue() }

    func enqueue(_ recognizer: UIGestureRecognizer) {
        recognizer.arbitration.setQueued(true)
        heap.append(Entry(order: recognizer.arbitration.order, recognizer: .passRetained(recognizer)))
        siftUp(heap.count - 1)
    }

    /// Takes out the first recognizer, whose changes are all settled.
    func dequeueFirst() {
        let first = heap[0].recognizer
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        first.takeUnretainedValue().arbitration.setQueued(false)
        first.release()
    }

    /// Takes a recognizer out with its changes (it is reset or removed from its view, which is rare): a
    /// search, then the heap is rebuilt.
    func remove(_ recognizer: UIGestureRecognizer) {
        let record = recognizer.arbitration
        guard record.isQueued else { return }
        record.dropQueuedTransitions()
        guard let index = heap.firstIndex(where: { $0.recognizer.takeUnretainedValue() === recognizer }) else { return }
        heap.swapAt(index, heap.count - 1)
        heap.removeLast().recognizer.release()
        rebuild()
    }

    /// Restores the heap after the R5 orders changed: each entry takes its recognizer's order again.
    func rebuild() {
        for index in heap.indices { heap[index].order = heap[index].recognizer.takeUnretainedValue().arbitration.order }
        guard heap.count > 1 else { return }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private func siftUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard heap[index].order < heap[parent].order else { break }
            heap.swapAt(index, parent)
            index = parent
        }
    }

    private func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1, right = left + 1
            var smallest = index
            if left < heap.count, heap[left].order < heap[smallest].order { smallest = left }
            if right < heap.count, heap[right].order < heap[smallest].order { smallest = right }
            guard smallest != index else { return }
            heap.swapAt(index, smallest)
            index = smallest
        }
    }
}
