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
        simultaneousWith.contains(other.name ?? "")
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        requiresFailureOf.contains(other.name ?? "")
    }
}
