/// The set of touches last handed to a touch method, kept to be handed over again.
///
/// Touch methods take a `Set<UITouch>`, and the same touches come back event after event: every move
/// of a drag hands over the same ones, and a tap's touch begins, then ends (or is cancelled) alone.
/// Built afresh, each call hashed every touch into a new set (about 300 instructions a touch, a
/// quarter of a move). The arbiter keeps one of these for each recognizer and one for views: the touches
/// to hand over are offered in order, and as long as they are the ones the set was built from, in the
/// same order, the same set goes out again; at the first difference it is rebuilt.
///
/// Handing over the same set changes nothing a callee can see: a set is a value, and one a callee kept
/// is copied before this one changes. The cache holds its touches strongly, as every list of touches in
/// the engine does; the arbiter clears it when the touches it holds may have ended for good.
struct TouchSetCache {
    /// The set as last built.
    private var set: Set<UITouch> = []
    /// Its touches in the order they were offered, to compare without hashing.
    private var members: [UITouch] = []
    /// How many of the touches offered since ``begin()`` matched the members, in order.
    private var matched = 0
    /// Whether an offered touch differed, so the set is being rebuilt.
    private var rebuilding = false

    /// Starts offering the touches of one call.
    mutating func begin() {
        matched = 0
        rebuilding = false
    }

    /// Offers the next touch to hand over.
    mutating func offer(_ touch: UITouch) {
        if !rebuilding {
            if matched < members.count, members[matched] === touch {
                matched += 1
                return
            }
            // The first difference: keep the matching beginning, rebuild the rest.
            rebuild(keepingFirst: matched)
        }
        members.append(touch)
        set.insert(touch)
    }

    /// The set of the touches offered since ``begin()``, or nil if none was.
    mutating func finish() -> Set<UITouch>? {
        // Fewer touches than last time: the set loses the others.
        if !rebuilding, matched != members.count { rebuild(keepingFirst: matched) }
        return members.isEmpty ? nil : set
    }

    /// Lets go of the touches, keeping the storage for the next ones.
    mutating func clear() {
        members.removeAllKeepingStorage()
        if !set.isEmpty { set.removeAll(keepingCapacity: true) }
        matched = 0
        rebuilding = false
    }

    private mutating func rebuild(keepingFirst count: Int) {
        rebuilding = true
        members.truncate(to: count)
        if !set.isEmpty { set.removeAll(keepingCapacity: true) }
        for member in members { set.insert(member) }
    }
}
