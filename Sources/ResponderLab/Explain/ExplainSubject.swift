/// What `responder explain` is asked about.
///
/// See <doc:ReadingTraces>.
public enum ExplainSubject: Sendable, Equatable {
    /// A view, by name: did it get the touch, and why (not)?
    case view(String)
    /// A gesture recognizer, by name: was it fed, did it begin or fire, and why (not)?
    case recognizer(String)
    /// A control, by name: which events did it send, did its action go, and why (not)?
    case control(String)
}

extension ExplainSubject {
    /// The subject as `responder explain`'s option: `--view photo`.
    var option: String {
        switch self {
        case .view(let name): return "--view \(name)"
        case .recognizer(let name): return "--recognizer \(name)"
        case .control(let name): return "--control \(name)"
        }
    }
}
