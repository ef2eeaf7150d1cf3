import Foundation

/// Checks what a scenario's parts say about each other: names are unique, every name used exists, and
/// failure requirements do not form a cycle. Linear in the file: names are looked up in sets, and the
/// cycle check visits each recognizer and requirement once (R27).
struct ScenarioValidator {
    let reader: YAMLReader

    func validate(_ scenario: Scenario) {
        var views: [String: SourceLocation] = [:]
        var controllers: [String: SourceLocation] = [:]
        var recognizers: [String: (SourceLocation, RecognizerSpec)] = [:]
        /// A scroll view's own recognizers, which other recognizers may name.
        var scrollRecognizers: Set<String> = []

        func claim(_ name: String, _ location: SourceLocation, in table: inout [String: SourceLocation], _ what: String) {
            if let first = table[name] {
                reader.fail(at: location, "duplicate \(what) name '\(name)' (first at line \(first.line)): names must be unique")
            } else {
                table[name] = location
            }
        }
        // A touch is offered to the recognizers of its view and of every superview (R5), and those that
        // share it are paired (R25): their number on one path is limited, once reported.
        var pathLimitReported = false
        /// Returns the count on the path through `view`.
        @discardableResult
        func visit(_ view: ViewSpec, onPath above: Int) -> Int {
            claim(view.name, view.location, in: &views, "view")
            var onPath = above
            if let scroll = view.scroll {
                let own = ScrollSpec.recognizerNames(of: view.name, zooms: scroll.zoomRange.map { $0.0 < $0.1 } ?? false)
                scrollRecognizers.formUnion(own)
                onPath += own.count
            }
            if view.kind == .table {
                let own = ContainerSpec.tableRecognizerNames(of: view.name)
                scrollRecognizers.formUnion(own)
                onPath += own.count
            }
            for recognizer in view.recognizers + (view.container?.cell?.recognizers ?? []) {
                if let first = recognizers[recognizer.name] {
                    reader.fail(at: recognizer.location, "duplicate recognizer name '\(recognizer.name)' (first at line \(first.0.line)): names must be unique")
                } else {
                    recognizers[recognizer.name] = (recognizer.location, recognizer)
                }
                onPath += 1
                if onPath > reader.limits.recognizersOnAPath, !pathLimitReported {
                    pathLimitReported = true
                    reader.fail(at: recognizer.location, ScenarioLimits.message(
                        reader.limits.recognizersOnAPath, "gesture recognizers on a view and its superviews (every one is offered a touch that begins there)",
                        stopped: "'\(recognizer.name)' is one too many"))
                }
            }
            view.subviews.forEach { visit($0, onPath: onPath) }
            // What a table or collection puts in every cell: its names are the file's, each cell adds its row.
            view.container?.cell?.subviews.forEach { visit($0, onPath: onPath) }
            return onPath
        }
        /// The system's recognizers the file may name: back swipes and sheets' pans.
        var systemRecognizers: Set<String> = []
        var navigationNames: Set<String> = []
        var laterPushes: Set<String> = []
        var presentedNames: Set<String> = []
        func visit(_ controller: ControllerSpec, onPath: Int) {
            claim(controller.name, controller.location, in: &controllers, "view controller")
            if controller.isNavigation {
                // Its views are UIKit's; the back swipe is on them, and so on the path of every touch in its stack.
                navigationNames.insert(controller.name)
                systemRecognizers.insert(ControllerSpec.backSwipeName(of: controller.name, in: scenario))
                laterPushes.formUnion(controller.pushes.map(\.name))
                (controller.stack + controller.pushes).forEach { visit($0, onPath: onPath + 1) }
            } else {
                // A child's view goes in its parent's root view; a presented controller's view, in the window.
                let root = visit(controller.view, onPath: onPath)
                controller.children.forEach { visit($0, onPath: root) }
            }
            for presented in controller.presented {
                presentedNames.insert(presented.name)
                if presented.presentsAsSheet { systemRecognizers.insert(ControllerSpec.sheetPanName) }
                visit(presented, onPath: presented.presentsAsSheet ? 1 : 0)
            }
        }
        for window in scenario.windows {
            claim(window.name, window.location, in: &views, "view")
            window.root.map { visit($0, onPath: 0) }
            window.subviews.forEach { visit($0, onPath: 0) }
        }

        func check(_ named: Scenario.Named, in names: Set<String>, _ what: String) {
            // Once the reader has stopped (too many problems), nothing more is reported or searched.
            guard !names.contains(named.name), !reader.isStopped else { return }
            var message = "unknown \(what) '\(named.name)'"
            if let nearest = YAMLReader.nearest(to: named.name, in: names.sorted()) { message += "; did you mean '\(nearest)'?" }
            reader.fail(at: named.location, message)
        }
        let recognizerNames = Set(recognizers.keys).union(scrollRecognizers).union(systemRecognizers)
        let viewNames = Set(views.keys)
        if let first = scenario.firstResponder {
            check(first, in: viewNames.union(controllers.keys), "view or view controller")
        }
        func visitNames(_ view: ViewSpec) {
            view.vetoes.forEach { check($0, in: recognizerNames, "recognizer") }
            view.scroll?.panRequiresFailureOf.forEach { check($0, in: recognizerNames, "recognizer") }
            for recognizer in view.recognizers + (view.container?.cell?.recognizers ?? []) {
                recognizer.simultaneousWith.forEach { check($0, in: recognizerNames, "recognizer") }
                recognizer.requiresFailureOf.forEach { check($0, in: recognizerNames, "recognizer") }
                recognizer.delegateView.map { check($0, in: viewNames, "view") }
                for named in recognizer.requiresFailureOf where named.name == recognizer.name {
                    reader.fail(at: named.location, "'\(recognizer.name)' cannot require its own failure")
                }
            }
            view.subviews.forEach(visitNames)
            view.container?.cell?.subviews.forEach(visitNames)
        }
        func visitNames(_ controller: ControllerSpec) {
            if !controller.isNavigation { visitNames(controller.view) }
            controller.contained.forEach(visitNames)
        }
        for window in scenario.windows {
            window.root.map(visitNames)
            window.subviews.forEach(visitNames)
        }

        // Steps on controllers name controllers of the right kind.
        for step in scenario.script {
            switch step.action {
            case .push(let name): check(Scenario.Named(name: name, location: step.location), in: laterPushes, "controller listed under a navigation controller's pushes")
            case .pop(let name): check(Scenario.Named(name: name, location: step.location), in: navigationNames, "navigation controller")
            case .dismiss(let name): check(Scenario.Named(name: name, location: step.location), in: presentedNames, "presented controller")
            default: break
            }
        }

        // Failure requirements must not form a cycle (the engine would break it at run time; a file that
        // asks for one is almost certainly a mistake).
        for cycle in Self.cycles(in: recognizers.mapValues { $0.1.requiresFailureOf.map(\.name) }) {
            reader.fail(at: recognizers[cycle[0]]!.0,
                        "requires-failure-of forms a cycle: \(cycle.joined(separator: " → ")) → \(cycle[0]); remove one of these requirements")
        }
    }

    /// Cycles of a graph given as each node's successors, one per back edge of a depth-first search that
    /// starts from the nodes in sorted order; each starts at its first node in that order. Iterative (a
    /// chain of ten thousand requirements is as deep), and linear: every node and edge is visited once.
    /// A name that is not a node (an unknown recognizer, reported elsewhere) is skipped.
    static func cycles(in graph: [String: [String]]) -> [[String]] {
        enum Mark { case onPath, done }
        var marks: [String: Mark] = [:]
        var cycles: [[String]] = []
        var path: [String] = []
        var positions: [String: Int] = [:]
        for start in graph.keys.sorted() where marks[start] == nil {
            // Each frame is a node on the path and the index of its next successor to visit.
            var stack: [(node: String, next: Int)] = [(start, 0)]
            marks[start] = .onPath
            positions[start] = 0
            path = [start]
            while let top = stack.last {
                let successors = graph[top.node] ?? []
                guard top.next < successors.count else {
                    stack.removeLast()
                    path.removeLast()
                    positions[top.node] = nil
                    marks[top.node] = .done
                    continue
                }
                stack[stack.count - 1].next += 1
                let next = successors[top.next]
                // A recognizer requiring its own failure is reported on its own.
                guard next != top.node, graph[next] != nil else { continue }
                switch marks[next] {
                case .onPath?:
                    cycles.append(Array(path[positions[next]!...]))
                case .done?:
                    break
                case nil:
                    marks[next] = .onPath
                    positions[next] = path.count
                    path.append(next)
                    stack.append((next, 0))
                }
            }
        }
        return cycles
    }
}
