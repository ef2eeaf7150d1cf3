import Foundation

/// Checks what a scenario's parts say about each other: names are unique, every name used exists, and
/// failure requirements do not form a cycle.
struct ScenarioValidator {
    let reader: YAMLReader

    func validate(_ scenario: Scenario) {
        var views: [String: SourceLocation] = [:]
        var controllers: [String: SourceLocation] = [:]
        var recognizers: [String: (SourceLocation, RecognizerSpec)] = [:]

        func claim(_ name: String, _ location: SourceLocation, in table: inout [String: SourceLocation], _ what: String) {
            if let first = table[name] {
                reader.fail(at: location, "duplicate \(what) name '\(name)' (first at line \(first.line)): names must be unique")
            } else {
                table[name] = location
            }
        }
        func visit(_ view: ViewSpec) {
            claim(view.name, view.location, in: &views, "view")
            for recognizer in view.recognizers {
                if let first = recognizers[recognizer.name] {
                    reader.fail(at: recognizer.location, "duplicate recognizer name '\(recognizer.name)' (first at line \(first.0.line)): names must be unique")
                } else {
                    recognizers[recognizer.name] = (recognizer.location, recognizer)
                }
            }
            view.subviews.forEach(visit)
        }
        func visit(_ controller: ControllerSpec) {
            claim(controller.name, controller.location, in: &controllers, "view controller")
            visit(controller.view)
            controller.children.forEach(visit)
            controller.presented.forEach(visit)
        }
        for window in scenario.windows {
            claim(window.name, window.location, in: &views, "view")
            window.root.map(visit)
            window.subviews.forEach(visit)
        }

        func check(_ named: Scenario.Named, in names: [String], _ what: String) {
            guard !names.contains(named.name) else { return }
            var message = "unknown \(what) '\(named.name)'"
            if let nearest = YAMLReader.nearest(to: named.name, in: names) { message += "; did you mean '\(nearest)'?" }
            reader.fail(at: named.location, message)
        }
        let recognizerNames = Array(recognizers.keys).sorted()
        if let first = scenario.firstResponder {
            check(first, in: Array(views.keys) + Array(controllers.keys), "view or view controller")
        }
        func visitNames(_ view: ViewSpec) {
            view.vetoes.forEach { check($0, in: recognizerNames, "recognizer") }
            for recognizer in view.recognizers {
                recognizer.simultaneousWith.forEach { check($0, in: recognizerNames, "recognizer") }
                recognizer.requiresFailureOf.forEach { check($0, in: recognizerNames, "recognizer") }
                recognizer.delegateView.map { check($0, in: Array(views.keys), "view") }
                for named in recognizer.requiresFailureOf where named.name == recognizer.name {
                    reader.fail(at: named.location, "'\(recognizer.name)' cannot require its own failure")
                }
            }
            view.subviews.forEach(visitNames)
        }
        func visitNames(_ controller: ControllerSpec) {
            visitNames(controller.view)
            controller.children.forEach(visitNames)
            controller.presented.forEach(visitNames)
        }
        for window in scenario.windows {
            window.root.map(visitNames)
            window.subviews.forEach(visitNames)
        }

        // Failure requirements must not form a cycle (the engine would break it at run time; a file that
        // asks for one is almost certainly a mistake).
        var reported: Set<String> = []
        for name in recognizerNames {
            guard let cycle = findCycle(from: name, recognizers: recognizers.mapValues(\.1)), !reported.contains(name) else { continue }
            cycle.forEach { reported.insert($0) }
            let location = recognizers[name]!.0
            reader.fail(at: location, "requires-failure-of forms a cycle: \(cycle.joined(separator: " → ")) → \(cycle[0]); remove one of these requirements")
        }
    }

    private func findCycle(from start: String, recognizers: [String: RecognizerSpec]) -> [String]? {
        var path: [String] = []
        func walk(_ name: String) -> [String]? {
            if let index = path.firstIndex(of: name) { return index == 0 ? path : nil }
            guard path.count < recognizers.count, let spec = recognizers[name] else { return nil }
            path.append(name)
            defer { path.removeLast() }
            for next in spec.requiresFailureOf.map(\.name) {
                if let cycle = walk(next) { return cycle }
            }
            return nil
        }
        return walk(start)
    }
}
