import Foundation

/// A whole `recursiveDescription` dump read into a tree of views, with every line that could not be
/// read. Reading is one pass over the lines with a stack of open ancestors: linear in the size of the
/// dump, and bounded by the limits below.
struct HierarchyDump {
    /// A view of the tree: the dumped line and its subviews, back to front as UIKit prints them.
    struct Node {
        var view: DumpedView
        var subviews: [Node] = []
    }

    /// A problem with a line: it was skipped, or part of it was ignored.
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    // Limits: a dump larger than these is not a view hierarchy anyone pasted by hand. They keep the
    // import and the scenario it writes (and the run of that scenario) small.
    /// Lines read; the rest are reported once and ignored.
    static let maximumLines = 20_000
    /// Characters in one line (long label texts fit easily).
    static let maximumLineLength = 16_384
    /// Views imported.
    static let maximumViews = 5_000
    /// Nesting depth below the first view (UIKit's own hierarchies stay well under 40).
    static let maximumDepth = 64
    /// Problems listed one by one; the rest are counted.
    static let maximumListedProblems = 100

    private(set) var roots: [Node] = []
    private(set) var problems: [Problem] = []
    /// Problems beyond ``maximumListedProblems``, counted only.
    private(set) var unlistedProblems = 0
    private(set) var viewCount = 0
    private(set) var lineCount = 0

    init(_ text: String) {
        // Open ancestors, outermost first: each one's depth, and whether it was skipped (its subtree is then skipped too).
        var stack: [(depth: Int, node: Node?, line: Int)] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber > Self.maximumLines {
                report(lineNumber, "the dump has more than \(Self.maximumLines) lines: the rest is ignored (import a smaller subtree: `po someView.recursiveDescription()`)")
                break
            }
            guard raw.utf8.count <= Self.maximumLineLength else {
                report(lineNumber, "the line is longer than \(Self.maximumLineLength) characters: skipped")
                continue
            }
            let view: DumpedView
            switch DumpLine.read(raw, line: lineNumber) {
            case .nothing: continue
            case .unreadable(let message, let depth):
                report(lineNumber, "\(message); skipped")
                if let depth {
                    // Its subviews follow, one level deeper: they are skipped with it.
                    close(deeperThan: depth - 1, &stack)
                    stack.append((depth, nil, lineNumber))
                }
                continue
            case .view(let read): view = read
            }
            close(deeperThan: view.depth - 1, &stack)
            if let parent = stack.last {
                if parent.node == nil {
                    report(lineNumber, "inside line \(parent.line), which was skipped: skipped too")
                    stack.append((view.depth, nil, lineNumber))
                    continue
                }
                if view.depth > parent.depth + 1 {
                    // A level is missing: the line above it in the tree could not be read.
                    report(lineNumber, "indented \(view.depth - parent.depth) levels below line \(parent.line): its superview's line is missing or unreadable; skipped")
                    stack.append((view.depth, nil, lineNumber))
                    continue
                }
                if stack.count > Self.maximumDepth {
                    report(lineNumber, "nested deeper than \(Self.maximumDepth) views: skipped")
                    stack.append((view.depth, nil, lineNumber))
                    continue
                }
            }
            if viewCount >= Self.maximumViews {
                report(lineNumber, "more than \(Self.maximumViews) views: the rest is ignored (import a smaller subtree)")
                break
            }
            viewCount += 1
            if view.isCutOff {
                report(lineNumber, "the line is cut off: imported from its fields up to the last complete one")
            }
            for ignored in view.ignoredFields { report(lineNumber, "\(ignored): ignored") }
            stack.append((view.depth, Node(view: view), lineNumber))
        }
        lineCount = lineNumber
        close(deeperThan: -1, &stack)
    }

    /// Pops the open views deeper than `depth`, adding each to its parent (or to the roots).
    private mutating func close(deeperThan depth: Int, _ stack: inout [(depth: Int, node: Node?, line: Int)]) {
        while let top = stack.last, top.depth > depth {
            stack.removeLast()
            guard let node = top.node else { continue }
            if let index = stack.indices.last {
                // A skipped parent never has readable children (they are skipped with it).
                stack[index].node?.subviews.append(node)
            } else {
                roots.append(node)
            }
        }
    }

    private mutating func report(_ line: Int, _ message: String) {
        if problems.count < Self.maximumListedProblems {
            problems.append(Problem(line: line, message: message))
        } else {
            unlistedProblems += 1
        }
    }
}
