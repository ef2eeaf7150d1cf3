import Foundation

// UIKit adds `row`, `item` and `section` to Foundation's `IndexPath` (and AppKit adds `item` and
// `section` on the Mac); Foundation on Linux has none of them. They are declared here only where UIKit
// is absent. On a Mac, a file that imports both AppKit and ResponderKit sees AppKit's `item` and
// `section` next to these and must not use them unqualified.
#if !canImport(UIKit)
extension IndexPath {
    /// An index path for a row of a table view: two indices, the section then the row.
    public init(row: Int, section: Int) {
        // Built by appending: Foundation keeps two indices inline, where an array literal would allocate.
        self.init(index: section)
        append(row)
    }

    /// An index path for an item of a collection view: two indices, the section then the item.
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The section: the first index. Traps, as UIKit's does, unless the path has exactly two indices.
    public var section: Int {
        get { self[Self.sectionPosition(count)] }
        set { self[Self.sectionPosition(count)] = newValue }
    }

    /// The row in the section: the second index. Traps unless the path has exactly two indices.
    public var row: Int {
        get { self[Self.rowPosition(count)] }
        set { self[Self.rowPosition(count)] = newValue }
    }

    /// The item in the section: the second index (the same as ``row``). Traps unless the path has
    /// exactly two indices.
    public var item: Int {
        get { self[Self.rowPosition(count)] }
        set { self[Self.rowPosition(count)] = newValue }
    }

    private static func sectionPosition(_ count: Int) -> Int {
        precondition(count == 2, "IndexPath.section: an index path of \(count) indices; a table or collection index path has 2")
        return 0
    }

    private static func rowPosition(_ count: Int) -> Int {
        precondition(count == 2, "IndexPath.row, .item: an index path of \(count) indices; a table or collection index path has 2")
        return 1
    }
}
#endif
