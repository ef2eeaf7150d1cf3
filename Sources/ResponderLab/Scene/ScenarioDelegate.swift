import Foundation
import ResponderKit

/// The delegate of a scenario's recognizer: it gives the answers the file lists.
@MainActor
final class ScenarioDelegate: UIGestureRecognizerDelegate {
    let simultaneousWith: Set<String>
    let requiresFailureOf: Set<String>
    let shouldBegin: Bool
    let shouldReceive: Bool

    init(_ spec: RecognizerSpec) {
        simultaneousWith = Set(spec.simultaneousWith.map(\.name))
        requiresFailureOf = Set(spec.requiresFailureOf.map(\.name))
        shouldBegin = spec.shouldBegin
        shouldReceive = spec.shouldReceive
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { shouldReceive }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool { shouldReceive }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        Self.names(simultaneousWith, include: other.name)
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        Self.names(requiresFailureOf, include: other.name)
    }

    /// Whether `names` holds `name`, or the name a cell's recognizer has in the file: a table's cells name
    /// theirs after their rows (`rowPan.3`, `rowPan.1.3`), and the file names them without the row.
    static func names(_ names: Set<String>, include name: String?) -> Bool {
        guard let name else { return false }
        if names.contains(name) { return true }
        var base = Substring(name)
        for _ in 0..<2 {
            guard let dot = base.lastIndex(of: "."), !base[base.index(after: dot)...].isEmpty,
                  base[base.index(after: dot)...].allSatisfy(\.isNumber) else { break }
            base = base[..<dot]
            if names.contains(String(base)) { return true }
        }
        return false
    }
}
