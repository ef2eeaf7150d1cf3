import Foundation
import ResponderKit

/// The target of every logged action in a scenario: recognizers' actions and controls' logged events.
/// The trace records each call with its sender; the log itself only counts them.
@MainActor
final class ActionLog {
    private(set) var count = 0
    func recognizerFired(_ recognizer: UIGestureRecognizer) { count += 1 }
    func controlSent(_ control: UIControl) { count += 1 }
}
