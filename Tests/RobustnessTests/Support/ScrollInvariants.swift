import Foundation
import ResponderKit

/// The scroll-view invariants read from the trace:
/// - the delegate's will-begin and did-end calls alternate (dragging, decelerating, zooming), per scroll view;
/// - a content touch held back is either delivered or dropped, never both; one its scroll view let
///   through is never discarded unseen by a recognizer in a later event (D11: once the scroll view lets
///   it through and nothing else holds it, the view gets it in that event; only a recognizer that
///   recognizes in that same event can still discard it, D10).
/// (That the content offset is finite, and within range at rest, is checked on the scene: FuzzWorld+Invariants.)
@MainActor
final class ScrollInvariants {
    private var dragging: Set<String> = []
    private var decelerating: Set<String> = []
    private var zooming: Set<String> = []
    /// Per finger, since it went down: "delivered" or "dropped" by a scroll view.
    private var heldOutcome: [Int: String] = [:]
    /// Per finger let through, the input event (its number in the trace) during which it was.
    private var letThroughDuring: [Int: Int] = [:]
    /// The number of the input event the trace is in (timers fire between events: they keep the last one's).
    var inputEvent = 0

    func touchBound(_ finger: Int) {
        heldOutcome[finger] = nil
        letThroughDuring[finger] = nil
    }

    func delegateCall(_ scrollView: String, _ call: TraceRecord.ScrollViewCall, _ record: TraceRecord, _ ledger: Ledger) {
        switch call {
        case .willBeginDragging:
            if !dragging.insert(scrollView).inserted { ledger.fail("'\(scrollView)' began dragging twice without ending: \(record)") }
        case .didEndDragging:
            if dragging.remove(scrollView) == nil { ledger.fail("'\(scrollView)' ended dragging it never began: \(record)") }
        case .willBeginDecelerating:
            if !decelerating.insert(scrollView).inserted { ledger.fail("'\(scrollView)' began decelerating twice without ending: \(record)") }
        case .didEndDecelerating:
            if decelerating.remove(scrollView) == nil { ledger.fail("'\(scrollView)' ended a deceleration it never began: \(record)") }
        case .willBeginZooming:
            if !zooming.insert(scrollView).inserted { ledger.fail("'\(scrollView)' began zooming twice without ending: \(record)") }
        case .didEndZooming:
            if zooming.remove(scrollView) == nil { ledger.fail("'\(scrollView)' ended a zoom it never began: \(record)") }
        default:
            break
        }
    }

    func contentTouch(_ finger: Int, _ fate: TraceRecord.ContentTouchFate, _ record: TraceRecord, _ ledger: Ledger) {
        let outcome: String
        switch fate {
        case .released, .releasedOnLift: outcome = "delivered"
        case .discardedByScrolling, .refusedByTouchesShouldBegin, .stoppedScrolling: outcome = "dropped"
        default: return
        }
        if let earlier = heldOutcome[finger], earlier != outcome {
            ledger.fail("held content touch #\(finger) was both \(earlier) and \(outcome): \(record)")
        }
        heldOutcome[finger] = outcome
        if outcome == "delivered" { letThroughDuring[finger] = inputEvent }
    }

    /// A recognizer discarded a touch whose began was held back: its view never hears of it (D11).
    func touchDiscarded(_ finger: Int, _ record: TraceRecord, _ ledger: Ledger) {
        if heldOutcome[finger] == "delivered", letThroughDuring[finger] != inputEvent {
            ledger.fail("held content touch #\(finger) was let through by its scroll view, then discarded unseen: \(record)")
        }
    }

    /// Scroll views the trace has dragging, decelerating or zooming (the run checks this is empty at rest).
    var moving: [String] { (dragging.union(decelerating).union(zooming)).sorted() }
}
