/// The set of touches last handed to a `touchesMoved` call, kept to be handed over again.
///
/// A drag moves the same touches event after event, and each `touchesMoved` takes them as a
/// `Set<UITouch>`: built afresh, every move hashed every touch into a new set (about 300 instructions
/// a touch, a quarter of a move). The arbiter keeps one of these for each recognizer and one for views.
/// Before a call it checks whether the touches to hand over are, in order, the ones the set was built
/// from; if so the same set goes out again, and otherwise it is rebuilt.
///
/// Handing over the same set changes nothing a callee can see: a set is a value, and one that a callee
/// kept is copied before this one is rebuilt. The set holds its touches strongly, as every list of touches
/// in the engine does; the arbiter clears it when the touches it holds may have ended.
struct MovedTouchSet {
    /// The set as last built.
    private(set) var set: Set<UITouch> = []
    /// Its touches in the order they were added, to compare without hashing.
    private var members: [ObjectIdentifier] = []

    /// The number of touches in the set.
    var count: Int { members.count }

    /// Whether `touch` is the set's touch number `index`, in the order they were added.
    func holds(_ touch: UITouch, at index: Int) -> Bool {
        index < members.count && members[index] == ObjectIdentifier(touch)
    }

    /// Empties the set to rebuild it, keeping its storage if no callee kept it.
    mutating func removeAll() {
        members.removeAllKeepingStorage()
        if !set.isEmpty { set.removeAll(keepingCapacity: true) }
    }

    /// Adds a touch, after the others.
    mutating func append(_ touch: UITouch) {
        members.append(ObjectIdentifier(touch))
        set.insert(touch)
    }

    /// Lets go of the touches and the storage.
    mutating func clear() {
        if !members.isEmpty { members = [] }
        if !set.isEmpty { set = [] }
    }
}
