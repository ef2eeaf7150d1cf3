/// The fingers a record is about, in the order the engine lists them.
///
/// Up to four fingers are kept inline, so a record about one touch (every record of a drag) costs no
/// allocation; more go to an array.
public struct TraceFingers: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    private var inline: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var more: [Int] = []
    /// How many fingers.
    public private(set) var count = 0

    /// No fingers.
    public init() {}

    /// The fingers of `fingers`, in that order.
    public init<S: Sequence>(_ fingers: S) where S.Element == Int {
        for finger in fingers { append(finger) }
    }

    /// Creates the list from a literal.
    public init(arrayLiteral fingers: Int...) { self.init(fingers) }

    /// The fingers of `fingers`, in increasing order. Sorts inline for up to four.
    init<S: Sequence>(sorting fingers: S) where S.Element == Int {
        for finger in fingers { append(finger) }
        if count > 4 {
            let sorted = Array(self).sorted()
            self = TraceFingers(sorted)
            return
        }
        // The inline slots in use, sorted by a sorting network (compare-and-swap pairs).
        var (a, b, c, d) = inline
        func order(_ x: inout Int, _ y: inout Int) { if y < x { (x, y) = (y, x) } }
        switch count {
        case 2: order(&a, &b)
        case 3: order(&a, &b); order(&b, &c); order(&a, &b)
        case 4: order(&a, &b); order(&c, &d); order(&a, &c); order(&b, &d); order(&b, &c)
        default: break
        }
        inline = (a, b, c, d)
    }

    /// Adds a finger at the end.
    public mutating func append(_ finger: Int) {
        switch count {
        case 0: inline.0 = finger
        case 1: inline.1 = finger
        case 2: inline.2 = finger
        case 3: inline.3 = finger
        default: more.append(finger)
        }
        count += 1
    }

    /// Whether there are none.
    public var isEmpty: Bool { count == 0 }

    /// The finger at `index`.
    public subscript(index: Int) -> Int {
        precondition(index >= 0 && index < count, "finger index out of range")
        switch index {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        case 3: return inline.3
        default: return more[index - 4]
        }
    }

    /// Iterates the fingers in order.
    public struct Iterator: IteratorProtocol {
        fileprivate let fingers: TraceFingers
        fileprivate var index = 0
        /// The next finger.
        public mutating func next() -> Int? {
            guard index < fingers.count else { return nil }
            defer { index += 1 }
            return fingers[index]
        }
    }

    /// An iterator over the fingers.
    public func makeIterator() -> Iterator { Iterator(fingers: self) }

    /// Compares the fingers, in order.
    public static func == (lhs: TraceFingers, rhs: TraceFingers) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes the fingers, in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for finger in self { hasher.combine(finger) }
    }

    /// `#1 #2`, as traces print fingers.
    public var description: String { map { "#\($0)" }.joined(separator: " ") }
}
