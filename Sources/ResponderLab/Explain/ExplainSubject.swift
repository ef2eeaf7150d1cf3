/// What `responder explain` is asked about.
///
/// See <doc:ReadingTraces>.
public enum ExplainSubject: Sendable, Equatable {
    /// A view, by name: did it get the touch, and why (not)? A view controller, by name: what reached it
    /// up the responder chain.
    case view(String)
    /// A gesture recognizer, by name: was it fed, did it begin or fire, and why (not)?
    case recognizer(String)
    /// A control, by name: which events did it send, did its action go, and why (not)?
    case control(String)
    /// A row of a table or an item of a collection, named as its cell is (`list.3`, `list.1.3` in section
    /// 1): did it highlight, and when, did it select, what did its swipe actions do, and why (not)?
    case row(String)
}

extension ExplainSubject {
    /// The subject as `responder explain`'s option: `--view photo`.
    var option: String {
        switch self {
        case .view(let name): return "--view \(name)"
        case .recognizer(let name): return "--recognizer \(name)"
        case .control(let name): return "--control \(name)"
        case .row(let name): return "--row \(name)"
        }
    }
}
