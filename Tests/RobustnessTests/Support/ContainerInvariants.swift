// What the trace must say of tables and collections: a row is unhighlighted only after it was
// highlighted, and every highlight ends (T1–T3).

import Foundation
@testable import ResponderKit

@MainActor
final class ContainerInvariants {
    /// Rows highlighted and not yet unhighlighted, as "container row".
    private(set) var highlighted: Set<String> = []

    func selection(_ container: String, _ item: IndexPath, _ decision: TraceRecord.SelectionDecision, _ record: TraceRecord, _ ledger: Ledger) {
        let key = "\(container) \(item)"
        switch decision {
        case .highlighted:
            if highlighted.contains(key) { ledger.fail("\(key) highlighted twice without an unhighlight: \(record)") }
            highlighted.insert(key)
        case .unhighlighted:
            if highlighted.remove(key) == nil { ledger.fail("\(key) unhighlighted without a highlight: \(record)") }
        default:
            break
        }
    }
}
