import Foundation

extension TraceRecord {
    /// A decision about a pointer's hover, scroll or trackpad transform, or a pencil's tap (U1–U4).
    public enum PointerDecision: Sendable, Equatable, CustomStringConvertible {
        /// A scroll or transform was bound to the view under the pointer as it began (like a touch,
        /// R4); a hover came over a view (it is hit-tested at every move, U1).
        case bound(input: UIEvent.EventType, view: TraceSubject, window: TraceSubject)
        /// A hover left every view: it is over no window.
        case overNoView
        /// A recognizer was handed the gesture through the built-ins' own steps (began, changed, ended,
        /// cancelled).
        case fed(recognizer: TraceSubject, input: UIEvent.EventType, phase: HIDEvent.Phase)
        /// A recognizer that could take this kind of input was not given this one, and why (U3: a pan's
        /// ``UIPanGestureRecognizer/allowedScrollTypesMask``; D2: its touch types or its delegate).
        case notFed(recognizer: TraceSubject, input: UIEvent.EventType, cause: TraceCause)
        /// The source sent no end: the gesture was ended this long after its last sample
        /// (``Thresholds/scrollEndDelay``).
        case endedAfterPause(input: UIEvent.EventType, delay: TimeInterval)
        /// A click ended the hover: the pointer is a touch while its button is down (U1, chosen).
        case hoverEndedByClick(finger: Int)
        /// Without ``UIApplication/applicationSupportsIndirectInputEvents``, a trackpad pinch or rotation
        /// is played as two touches `span` points apart (U2).
        case transformAsTouches(fingers: [Int], span: CGFloat)
        /// A pencil's double tap was handed to the delegate of the interaction on `view` (U4).
        case pencilTap(view: TraceSubject, delegate: TraceSubject?)

        /// The subject and the detail of the record.
        var columns: (subject: String, detail: String) {
            switch self {
            case .bound(let input, let view, let window):
                return (input.traceName, "over '\(view.name)' in '\(window.name)'")
            case .overNoView: return ("hover", "over no view")
            case .fed(let recognizer, let input, let phase): return (recognizer.name, "fed \(input.traceName) \(phase.traceName)")
            case .notFed(let recognizer, let input, let cause): return (recognizer.name, "not fed \(input.traceName): \(cause)")
            case .endedAfterPause(let input, let delay):
                return (input.traceName, "ended: no sample for \(TraceRecord.number(CGFloat(delay))) s")
            case .hoverEndedByClick(let finger): return ("hover", "ended by click #\(finger)")
            case .transformAsTouches(let fingers, let span):
                let names = fingers.map { "#\($0)" }.joined(separator: ", ")
                return ("transform", "played as touches \(names), \(TraceRecord.number(span)) pt apart (no indirect input events)")
            case .pencilTap(let view, let delegate):
                return ("pencil", "double tap → '\(view.name)'s interaction" + (delegate.map { ", delegate '\($0.name)'" } ?? ", no delegate"))
            }
        }

        /// A textual form for debugging.
        public var description: String { let c = columns; return "\(c.subject) \(c.detail)" }
    }

    /// A decision about a key command (U5).
    public enum KeyCommandOutcome: Sendable, Equatable, CustomStringConvertible {
        /// The command's action was performed by `target`; the press goes no further.
        case performed(by: TraceSubject)
        /// No responder in the chain performs the command's action: the search goes on.
        case noResponderPerforms
        /// The editing text field types the key first (U5: the command does not want priority).
        case textInputFirst(TraceSubject)

        /// A textual form for debugging and traces.
        public var description: String {
            switch self {
            case .performed(let target): return "performed by '\(target.name)'"
            case .noResponderPerforms: return "no responder performs it"
            case .textInputFirst(let field): return "'\(field.name)' types the key first"
            }
        }
    }
}

extension UIEvent.EventType {
    /// The event type as traces name it.
    public var traceName: String {
        switch self {
        case .touches: return "touches"
        case .motion: return "motion"
        case .remoteControl: return "remoteControl"
        case .presses: return "presses"
        case .scroll: return "scroll"
        case .hover: return "hover"
        case .transform: return "transform"
        }
    }
}

extension HIDEvent.Phase {
    /// The phase as traces name it.
    public var traceName: String {
        switch self {
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
