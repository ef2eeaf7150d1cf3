import Foundation

/// Short lists reused from event to event: the arbiter's and view delivery's working lists.
///
/// Every touch event needs a few short lists (its changed touches, its recognizers, the touches one
/// recognizer or view is handed). Building them afresh costs allocations on every event; instead each is
/// borrowed here for the length of a call and given back empty, keeping its capacity. Its invariants:
/// - a list given back is emptied first, so no list here holds an object alive;
/// - a re-entrant call (an action that dispatches again) finds no spare left and gets a new list, so
///   borrowing never changes behaviour;
/// - a set handed to a recognizer or a view is a value: if the callee keeps it, emptying the spare
///   copies it first, and the callee's copy stays intact;
/// - no method calls out: its storage is fenced (see ``FencedStorage``).
///
/// The event's two main lists (its changed touches, and its recognizers in R5 order) each have a slot
/// of their own: swapping a list out of a slot and back costs a fraction of borrowing it from the spares.
/// A re-entrant delivery finds the slots empty and builds its own.
@MainActor
final class ScratchLists {
    /// The spares and the slots: fenced storage (see ``FencedStorage``).
    #if DEBUG
    private var fenced = Fields()
    #else
    @exclusivity(unchecked) private var fenced = Fields()
    #endif

    private struct Fields: FencedStorage {
        var touchLists: [[UITouch]] = []
        var recognizerLists: [[UIGestureRecognizer]] = []
        var touchSets: [Set<UITouch>] = []
        var viewLists: [[UIView]] = []
        var eventTouches: [UITouch] = []
        var eventRecognizers: [UIGestureRecognizer] = []
    }

    nonisolated init() {}

    func borrowTouchList() -> [UITouch] { fenced.touchLists.popLast() ?? [] }

    func giveBack(_ list: inout [UITouch]) {
        list.removeAllKeepingStorage()
        fenced.touchLists.append(list)
        list = []
    }

    func borrowRecognizerList() -> [UIGestureRecognizer] { fenced.recognizerLists.popLast() ?? [] }

    func giveBack(_ list: inout [UIGestureRecognizer]) {
        list.removeAllKeepingStorage()
        fenced.recognizerLists.append(list)
        list = []
    }

    func borrowViewList() -> [UIView] { fenced.viewLists.popLast() ?? [] }

    func giveBack(_ list: inout [UIView]) {
        list.removeAllKeepingStorage()
        fenced.viewLists.append(list)
        list = []
    }

    func borrowTouchSet() -> Set<UITouch> { fenced.touchSets.popLast() ?? [] }

    func giveBack(_ set: inout Set<UITouch>) {
        if !set.isEmpty { set.removeAll(keepingCapacity: true) }
        fenced.touchSets.append(set)
        set = []
    }

    /// Swaps the event's two lists with the slots': takes them (empty, or empty new ones if a delivery
    /// is under way) and, emptied, puts them back.
    func swapEventLists(_ touches: inout [UITouch], _ recognizers: inout [UIGestureRecognizer]) {
        swap(&touches, &fenced.eventTouches)
        swap(&recognizers, &fenced.eventRecognizers)
    }
}
