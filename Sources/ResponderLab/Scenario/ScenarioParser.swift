import Foundation
import ResponderKit
import Yams

/// Reads a scenario file: YAML syntax, then every key and value against the format (see
/// `Scenarios/README.md`), then the names the file uses. Every problem found is reported, each with its
/// line and column; nothing is built from a file with problems.
struct ScenarioParser {
    static let topKeys = ["name", "description", "app-delegate", "windows", "first-responder", "remote-control", "device",
                          "indirect-input", "script", "expect"]
    static let windowKeys = ["name", "frame", "level", "key", "hidden", "root", "subviews"]
    static let controllerKeys = ["name", "performs", "handles", "defers-system-gestures", "view", "children", "presented",
                                 "stack", "pushes", "back-swipe", "presentation", "modal-in-presentation", "should-dismiss",
                                 "key-commands"]
    /// The keys of a presented controller's presentation.
    static let presentationKeys = ["presentation", "modal-in-presentation", "should-dismiss"]
    static let presentationStyles: [(String, UIModalPresentationStyle)] = [
        ("automatic", .automatic), ("page-sheet", .pageSheet), ("form-sheet", .formSheet), ("full-screen", .fullScreen),
        ("over-full-screen", .overFullScreen),
    ]
    static let viewKeys = ["name", "kind", "frame", "bounds-origin", "transform", "hidden", "alpha", "interaction",
                           "multiple-touch", "exclusive-touch", "enabled", "touches", "handles",
                           "can-become-first-responder", "point-inside-insets", "intercepts-hit-test", "vetoes",
                           "value", "on", "text", "actions", "recognizers", "subviews", "performs", "key-commands",
                           "pencil-interaction"] + scrollKeys + containerKeys
    static let scrollKeys = ["content-size", "content-offset", "content-inset", "paging", "bounces", "always-bounce-vertical",
                             "always-bounce-horizontal", "delays-content-touches", "can-cancel-content-touches",
                             "scroll-enabled", "directional-lock", "deceleration-rate", "zoom-range", "pan-requires-failure-of"]
    static let transformKeys = ["scale", "rotate", "translate"]
    static let actionKeys = ["event", "log", "send"]
    static let recognizerKeys = ["kind", "name", "taps", "touches", "minimum-duration", "allowable-movement",
                                 "minimum-touches", "maximum-touches", "direction", "edges", "enabled",
                                 "cancels-touches-in-view", "delays-touches-began", "delays-touches-ended",
                                 "requires-exclusive-touch-type", "allowed-press-types", "touch-types", "scroll-types",
                                 "buttons", "thresholds",
                                 "simultaneous-with", "requires-failure-of", "should-begin", "should-receive",
                                 "delegate-view"]
    static let thresholdKeys = ["multi-tap-interval", "multi-tap-slop", "tap-slop", "tap-maximum-duration",
                                "pan-hysteresis", "pinch-hysteresis", "rotation-hysteresis", "swipe-minimum-distance",
                                "swipe-maximum-duration", "swipe-maximum-angle", "screen-edge-margin", "click-slop"]
    static let stepKeys = ["time", "down", "move", "up", "cancel", "touches", "tap", "double-tap", "drag", "long-press",
                           "pinch", "rotate", "swipe", "shake", "remote", "press", "type", "wait",
                           "button", "call", "edge-swipe", "loop-rate", "timer", "push", "pop", "dismiss",
                           "hover", "click", "pointer-down", "scroll", "trackpad-pinch", "trackpad-rotate",
                           "pencil-down", "pencil-move", "pencil-hover", "key"]
    /// Steps written as a bare word.
    static let wordSteps: [(String, Step.Action)] = [
        ("shake", .shake), ("lock", .button(.lock)), ("home", .button(.home)), ("switch-app", .switchApplication),
        ("pointer-exit", .pointerExit), ("pointer-up", .click(at: nil, buttons: [], modifiers: [], down: false, up: true)),
        ("pencil-up", .pencilUp), ("pencil-hover-end", .pencilHoverEnd), ("pencil-tap", .pencilTap),
    ]
    static let systemButtons: [(String, SystemButton)] = SystemButton.allCases.map { ($0.rawValue, $0) }

    static let controlEvents: [(String, UIControl.Event)] = [
        ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat), ("touchDragInside", .touchDragInside),
        ("touchDragOutside", .touchDragOutside), ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
        ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside), ("touchCancel", .touchCancel),
        ("valueChanged", .valueChanged), ("primaryActionTriggered", .primaryActionTriggered),
        ("editingDidBegin", .editingDidBegin), ("editingChanged", .editingChanged), ("editingDidEnd", .editingDidEnd),
        ("editingDidEndOnExit", .editingDidEndOnExit), ("allTouchEvents", .allTouchEvents),
        ("allEditingEvents", .allEditingEvents), ("allEvents", .allEvents),
    ]
    static let pressTypes: [(String, UIPress.PressType)] = [
        ("up-arrow", .upArrow), ("down-arrow", .downArrow), ("left-arrow", .leftArrow), ("right-arrow", .rightArrow),
        ("select", .select), ("menu", .menu), ("play-pause", .playPause), ("page-up", .pageUp), ("page-down", .pageDown),
    ]
    static let remoteCommands: [(String, UIEvent.EventSubtype)] = [
        ("play", .remoteControlPlay), ("pause", .remoteControlPause), ("stop", .remoteControlStop),
        ("toggle-play-pause", .remoteControlTogglePlayPause), ("next-track", .remoteControlNextTrack),
        ("previous-track", .remoteControlPreviousTrack), ("begin-seeking-backward", .remoteControlBeginSeekingBackward),
        ("end-seeking-backward", .remoteControlEndSeekingBackward), ("begin-seeking-forward", .remoteControlBeginSeekingForward),
        ("end-seeking-forward", .remoteControlEndSeekingForward),
    ]
    static let directions: [(String, UISwipeGestureRecognizer.Direction)] = [("right", .right), ("left", .left), ("up", .up), ("down", .down)]
    static let edges: [(String, UIRectEdge)] = [("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right), ("all", .all)]

    let reader: YAMLReader

    /// Reads `text` (the contents of `file`); throws every problem found.
    static func parse(_ text: String, file: String, limits: ScenarioLimits = .standard) throws(ScenarioErrors) -> Scenario {
        let reader = YAMLReader(file: file, limits: limits)
        if let key = KeyScreen.firstComplexKey(in: text) {
            throw ScenarioErrors([ScenarioError(file: file, location: key.location,
                                                message: "a key must be a plain word, not \(key.what): scenario files have no other keys")])
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioErrors([ScenarioError(file: file, location: SourceLocation(line: 1, column: 1),
                                                    message: "the file is empty: a scenario needs at least 'windows:' and 'script:'")])
            }
            root = node
        } catch let errors as ScenarioErrors {
            throw errors
        } catch let error as YamlError {
            throw ScenarioErrors([syntaxError(error, text: text, file: file)])
        } catch {
            throw ScenarioErrors([ScenarioError(file: file, location: SourceLocation(line: 1, column: 1), message: "\(error)")])
        }
        let parser = ScenarioParser(reader: reader)
        let scenario = parser.scenario(root, file: file)
        if reader.errors.isEmpty, let scenario {
            ScenarioValidator(reader: reader).validate(scenario)
        }
        guard reader.errors.isEmpty, let scenario else {
            throw ScenarioErrors(reader.errors.isEmpty
                ? [ScenarioError(file: file, location: SourceLocation(line: 1, column: 1), message: "not a scenario")]
                : reader.errors)
        }
        return scenario
    }

    private static func syntaxError(_ error: YamlError, text: String, file: String) -> ScenarioError {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            // The error's own description holds the whole file; Yams marks the key's first use.
            let key = duplicates.first ?? ""
            let first = SourceLocation(line: context.mark.line, column: context.mark.column)
            let location = secondUse(of: key, in: text, after: first) ?? first
            let also = location == first ? "" : " (first at line \(first.line))"
            return ScenarioError(file: file, location: location, message: "'\(key)' appears twice in the same mapping\(also): keep one")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let where_ = context.map { " (\($0.text))" } ?? ""
            return ScenarioError(file: file, location: SourceLocation(line: mark.line, column: mark.column),
                                 message: "YAML syntax: \(problem)\(where_)")
        case .reader(let problem, let offset, _, _):
            return ScenarioError(file: file, location: SourceLocation(line: 1, column: (offset ?? 0) + 1),
                                 message: "YAML: \(problem); the file must be UTF-8 text")
        default:
            return ScenarioError(file: file, location: SourceLocation(line: 1, column: 1), message: "YAML: \(error)")
        }
    }

    /// Where `key` is written again after its first use at `first`: in the same flow mapping on that line,
    /// or at the same column on a later line (a block mapping); nil when it cannot be found that way.
    static func secondUse(of key: String, in text: String, after first: SourceLocation) -> SourceLocation? {
        let word = Array(key.unicodeScalars)
        guard !word.isEmpty else { return nil }
        /// Whether `key` followed by a colon starts at `index` of `line`, as a whole word.
        func isKey(_ line: [Unicode.Scalar], at index: Int) -> Bool {
            guard index + word.count <= line.count, Array(line[index..<(index + word.count)]) == word else { return false }
            if index > 0, !" \t{,".unicodeScalars.contains(line[index - 1]) { return false }
            var after = index + word.count
            while after < line.count, line[after] == " " { after += 1 }
            return after < line.count && line[after] == ":"
        }
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(first.line - 1).enumerated() {
            let scalars = Array(line.unicodeScalars)
            if offset == 0 {
                for index in stride(from: first.column - 1 + word.count, to: scalars.count, by: 1) where isKey(scalars, at: index) {
                    return SourceLocation(line: first.line, column: index + 1)
                }
            } else if isKey(scalars, at: first.column - 1) {
                return SourceLocation(line: first.line + offset, column: first.column)
            }
        }
        return nil
    }

    // MARK: Scenario

    func scenario(_ node: Node, file: String) -> Scenario? {
        guard let fields = reader.mapping(node, "the scenario", allowed: Self.topKeys) else { return nil }
        var scenario = Scenario(file: file)
        scenario.name = fields["name"].flatMap { reader.string($0, "name") }
        scenario.description = fields["description"].flatMap { reader.string($0, "description") }
        if let windows = fields.require("windows", "the scenario").flatMap({ reader.sequence($0, "windows") }) {
            scenario.windows = windows.compactMap(window)
            if windows.isEmpty { reader.fail(fields["windows"]!, "windows needs at least one window") }
        }
        if let node = fields["first-responder"], let name = reader.name(node, "first-responder") {
            scenario.firstResponder = Scenario.Named(name: name, location: reader.location(of: node))
        }
        scenario.hasAppDelegate = fields["app-delegate"].flatMap { reader.bool($0, "app-delegate") } ?? false
        scenario.receivesRemoteControl = fields["remote-control"].flatMap { reader.bool($0, "remote-control") } ?? false
        scenario.runsOnDevice = fields["device"].flatMap { reader.bool($0, "device") } ?? false
        scenario.supportsIndirectInput = fields["indirect-input"].flatMap { reader.bool($0, "indirect-input") } ?? false
        if let steps = fields.require("script", "the scenario").flatMap({ reader.sequence($0, "script") }) {
            scenario.script = script(steps)
        }
        if let node = fields["expect"] {
            scenario.expect = reader.string(node, "expect")
            scenario.expectLocation = reader.location(of: node)
        }
        return scenario
    }

    // MARK: Windows, controllers, views

    private func window(_ node: Node) -> WindowSpec? {
        guard let fields = reader.mapping(node, "a window", allowed: Self.windowKeys),
              let name = fields.require("name", "a window").flatMap({ reader.name($0, "name") }),
              reader.countView(at: node) else { return nil }
        let level: CGFloat
        if let levelNode = fields["level"] {
            if case .scalar(let scalar) = levelNode, let value = Double(scalar.string) {
                // NaN and infinities are refused as every other number is: a level must order windows.
                if !value.isFinite {
                    reader.fail(levelNode, "window level must be a finite number or one of normal, status-bar, alert, not \(scalar.string)")
                }
                level = value.isFinite ? CGFloat(value) : 0
            } else {
                level = reader.choice(levelNode, "window level", [("normal", UIWindow.Level.normal.rawValue),
                                                                   ("status-bar", UIWindow.Level.statusBar.rawValue),
                                                                   ("alert", UIWindow.Level.alert.rawValue)]) ?? 0
            }
        } else {
            level = 0
        }
        return WindowSpec(
            name: name,
            frame: fields["frame"].flatMap { reader.rect($0, "frame") } ?? CGRect(x: 0, y: 0, width: 320, height: 480),
            level: level,
            isKey: fields["key"].flatMap { reader.bool($0, "key") } ?? false,
            isHidden: fields["hidden"].flatMap { reader.bool($0, "hidden") } ?? false,
            root: fields["root"].flatMap { controller($0, role: .root) },
            subviews: fields["subviews"].flatMap { reader.sequence($0, "subviews") }?.compactMap(view) ?? [],
            location: reader.location(of: node))
    }

    /// Where a controller is: a window's root (the one controller the system asks which screen edges
    /// it defers, I3), a child, in a navigation controller's stack (or pushed later), or presented.
    enum ControllerRole { case root, child, stacked, presented }

    private func controller(_ node: Node, role: ControllerRole) -> ControllerSpec? {
        guard let fields = reader.mapping(node, "a view controller", allowed: Self.controllerKeys),
              let name = fields.require("name", "a view controller").flatMap({ reader.name($0, "name") }),
              fields["view"] != nil || reader.countView(at: node) else { return nil }
        var deferred = UIRectEdge()
        if let node = fields["defers-system-gestures"] {
            if role != .root {
                reader.fail(node, "defers-system-gestures applies to a window's root controller only (the system asks that one); move it to the root")
            } else if let edges = reader.sequence(node, "defers-system-gestures") {
                for edge in edges {
                    if let value = reader.choice(edge, "a deferred edge", Self.edges) { deferred.formUnion(value) }
                }
            }
        }
        let stack = fields["stack"].flatMap { reader.sequence($0, "stack") }?.compactMap { controller($0, role: .stacked) } ?? []
        if let node = fields["stack"], stack.isEmpty, reader.errors.isEmpty {
            reader.fail(node, "stack needs at least one controller: its first is the navigation controller's root")
        }
        let isNavigation = fields["stack"] != nil
        for key in ["view", "children"] where isNavigation && fields[key] != nil {
            reader.fail(at: fields.keyLocations[key]!, "'\(name)' has a stack: it is a navigation controller, whose view is UIKit's navigation views; give '\(key)' to the controllers of its stack")
        }
        for key in ["pushes", "back-swipe"] where !isNavigation && fields[key] != nil {
            reader.fail(at: fields.keyLocations[key]!, "'\(key)' is for a navigation controller; give '\(name)' a stack")
        }
        if role != .presented {
            for key in Self.presentationKeys where fields[key] != nil {
                reader.fail(at: fields.keyLocations[key]!, "'\(key)' is for a presented controller; '\(name)' is not presented (put it under a controller's 'presented')")
            }
        }
        let view = fields["view"].flatMap(self.view)
            ?? ViewSpec.plain(name: "\(name).view", location: reader.location(of: node))
        var spec = ControllerSpec(
            name: name,
            handles: fields["performs"].flatMap { reader.names($0, "performs") }?.map(\.name) ?? [],
            handlesEvents: handledEvents(fields["handles"]),
            defersSystemGestures: deferred,
            view: view,
            children: fields["children"].flatMap { reader.sequence($0, "children") }?.compactMap { controller($0, role: .child) } ?? [],
            presented: fields["presented"].flatMap { controller($0, role: .presented) }.map { [$0] } ?? [],
            location: reader.location(of: node))
        spec.stack = stack
        spec.pushes = fields["pushes"].flatMap { reader.sequence($0, "pushes") }?.compactMap { controller($0, role: .stacked) } ?? []
        spec.backSwipe = fields["back-swipe"].flatMap {
            reader.choice($0, "back-swipe", ControllerSpec.BackSwipe.allCases.map { ($0.rawValue, $0) })
        } ?? .system
        spec.presentation = fields["presentation"].flatMap { reader.choice($0, "presentation", Self.presentationStyles) } ?? .automatic
        spec.isModalInPresentation = fields["modal-in-presentation"].flatMap { reader.bool($0, "modal-in-presentation") } ?? false
        spec.keyCommands = fields["key-commands"].flatMap { reader.sequence($0, "key-commands") }?.compactMap(keyCommand) ?? []
        spec.refusesDismissal = !(fields["should-dismiss"].flatMap { reader.bool($0, "should-dismiss") } ?? true)
        return spec
    }

    private func handledEvents(_ node: Node?) -> Set<ViewSpec.HandledEvent> {
        guard let node, let names = reader.names(node, "handles") else { return [] }
        var result: Set<ViewSpec.HandledEvent> = []
        for named in names {
            if let event = ViewSpec.HandledEvent(rawValue: named.name) {
                result.insert(event)
            } else {
                let choices = ViewSpec.HandledEvent.allCases.map(\.rawValue)
                var message = "unknown event kind '\(named.name)' in handles"
                if let nearest = YAMLReader.nearest(to: named.name, in: choices) { message += "; did you mean '\(nearest)'?" }
                reader.fail(at: named.location, message + " (one of: \(choices.joined(separator: ", ")))")
            }
        }
        return result
    }

    func view(_ node: Node) -> ViewSpec? {
        // It recurses once per level of nesting (bounded: `ScenarioLimits.viewNesting`), so it keeps little
        // on the stack: its fields are read by a function that has returned before the subviews are read.
        guard reader.enterView(at: node) else { return nil }
        defer { reader.leaveView() }
        guard let (spec, subviews) = viewFields(node) else { return nil }
        guard let subviews else { return spec }
        var result = spec
        result.subviews = reader.sequence(subviews, "subviews")?.compactMap(view) ?? []
        return result
    }

    /// A view's fields, and the node of its subviews.
    @inline(never)
    private func viewFields(_ node: Node) -> (ViewSpec, Node?)? {
        guard let fields = reader.mapping(node, "a view", allowed: Self.viewKeys),
              let name = fields.require("name", "a view").flatMap({ reader.name($0, "name") }),
              reader.countView(at: node) else { return nil }
        let chosen = fields["kind"].flatMap { reader.choice($0, "view kind", ViewSpec.Kind.allCases.map { ($0.rawValue, $0) }) }
        // A misspelt kind is reported once: the keys that belong to a kind are not checked against a guess.
        let kindIsKnown = fields["kind"] == nil || chosen != nil
        let kind = chosen ?? .view
        var spec = ViewSpec.plain(name: name, location: reader.location(of: node))
        spec.kind = kind
        spec.frame = fields["frame"].flatMap { reader.rect($0, "frame") } ?? .zero
        spec.boundsOrigin = fields["bounds-origin"].flatMap { reader.point($0, "bounds-origin") } ?? .zero
        spec.transform = fields["transform"].flatMap(transform) ?? .identity
        spec.isHidden = fields["hidden"].flatMap { reader.bool($0, "hidden") } ?? false
        spec.alpha = fields["alpha"].flatMap { reader.number($0, "alpha", range: 0...1) }.map { CGFloat($0) } ?? 1
        spec.isUserInteractionEnabled = fields["interaction"].flatMap { reader.bool($0, "interaction") }
        spec.isMultipleTouchEnabled = fields["multiple-touch"].flatMap { reader.bool($0, "multiple-touch") } ?? false
        spec.isExclusiveTouch = fields["exclusive-touch"].flatMap { reader.bool($0, "exclusive-touch") } ?? false
        spec.isEnabled = fields["enabled"].flatMap { reader.bool($0, "enabled") } ?? true
        spec.forwardsTouches = fields["touches"].flatMap { reader.choice($0, "touches behaviour", [("forward", true), ("stop", false)]) } ?? true
        spec.handles = handledEvents(fields["handles"])
        spec.canBecomeFirstResponder = fields["can-become-first-responder"].flatMap { reader.bool($0, "can-become-first-responder") } ?? false
        if let insets = fields["point-inside-insets"] {
            if case .sequence = insets, let values = reader.numbers(insets, "point-inside-insets", count: 4, form: "[top, left, bottom, right]") {
                spec.pointInsideInsets = UIEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
            } else if case .scalar = insets, let value = reader.number(insets, "point-inside-insets") {
                spec.pointInsideInsets = UIEdgeInsets(top: value, left: value, bottom: value, right: value)
            }
        }
        spec.interceptsHitTesting = fields["intercepts-hit-test"].flatMap { reader.bool($0, "intercepts-hit-test") } ?? false
        spec.vetoes = fields["vetoes"].flatMap { reader.names($0, "vetoes") } ?? []
        spec.value = fields["value"].flatMap { reader.number($0, "value") }.map { Float($0) }
        spec.isOn = fields["on"].flatMap { reader.bool($0, "on") }
        spec.text = fields["text"].flatMap { reader.string($0, "text") }
        spec.actions = fields["actions"].flatMap { reader.sequence($0, "actions") }?.compactMap(action) ?? []
        spec.recognizers = fields["recognizers"].flatMap { reader.sequence($0, "recognizers") }?.compactMap(recognizer) ?? []
        modernInputKeys(fields, into: &spec, kindIsKnown: kindIsKnown)
        if kind == .scroll {
            spec.scroll = scroll(fields)
        } else if kind == .table || kind == .collection {
            // Tables and collections are scroll views: the scroll keys apply, but their content size and
            // zoom are their own.
            for key in ["content-size", "zoom-range"] where fields[key] != nil {
                reader.fail(at: fields.keyLocations[key]!, "'\(key)' is not for a \(kind.rawValue): its content size comes from its rows, and it does not zoom")
            }
            spec.scroll = scroll(fields)
            spec.container = container(fields, kind: kind, name: name)
        } else if kindIsKnown {
            for key in Self.scrollKeys where fields[key] != nil {
                reader.fail(at: fields.keyLocations[key]!, "'\(key)' is for scroll views; '\(name)' is a \(kind.rawValue) (set kind: scroll)")
            }
        }
        if kindIsKnown, kind != .table, kind != .collection {
            for key in Self.containerKeys where fields[key] != nil && !Self.scrollKeys.contains(key) {
                reader.fail(at: fields.keyLocations[key]!, "'\(key)' is for tables and collections; '\(name)' is a \(kind.rawValue) (set kind: table or collection)")
            }
        }
        let controlOnly = ["enabled", "actions", "value", "on", "text"]
        if kindIsKnown, kind == .view || kind == .label || kind == .image || kind == .scroll || kind == .table || kind == .collection {
            for key in controlOnly where fields[key] != nil {
                reader.fail(at: fields.keyLocations[key]!, "'\(key)' is for controls; '\(name)' is a \(kind.rawValue) (set kind: button, switch, slider or text-field)")
            }
        }
        return (spec, fields["subviews"])
    }

    /// A view's keys of modern input (U4, U5). A function of its own, not inlined: `view(_:)` recurses
    /// once per level of nesting, and what it keeps on the stack is kept at every level.
    @inline(never)
    private func modernInputKeys(_ fields: YAMLReader.Fields, into spec: inout ViewSpec, kindIsKnown: Bool) {
        spec.keyCommands = fields["key-commands"].flatMap { reader.sequence($0, "key-commands") }?.compactMap(keyCommand) ?? []
        spec.hasPencilInteraction = fields["pencil-interaction"].flatMap { reader.bool($0, "pencil-interaction") } ?? false
        if let node = fields["performs"] {
            if kindIsKnown, spec.kind != .view {
                reader.fail(at: fields.keyLocations["performs"]!, "'performs' is for plain views and controllers; '\(spec.name)' is a \(spec.kind.rawValue)")
            }
            spec.performs = reader.names(node, "performs")?.map(\.name) ?? []
        }
    }

    private func scroll(_ fields: YAMLReader.Fields) -> ScrollSpec {
        var spec = ScrollSpec()
        func flag(_ key: String) -> Bool? { fields[key].flatMap { reader.bool($0, key) } }
        if let size = fields["content-size"].flatMap({ reader.numbers($0, "content-size", count: 2, form: "[width, height]") }) {
            if size.allSatisfy({ $0 >= 0 }) {
                spec.contentSize = CGSize(width: size[0], height: size[1])
            } else {
                reader.fail(at: fields.keyLocations["content-size"]!, "content-size must not be negative")
            }
        }
        spec.contentOffset = fields["content-offset"].flatMap { reader.point($0, "content-offset") } ?? .zero
        if let inset = fields["content-inset"].flatMap({ reader.numbers($0, "content-inset", count: 4, form: "[top, left, bottom, right]") }) {
            spec.contentInset = UIEdgeInsets(top: CGFloat(inset[0]), left: CGFloat(inset[1]), bottom: CGFloat(inset[2]), right: CGFloat(inset[3]))
        }
        spec.isPagingEnabled = flag("paging") ?? false
        spec.bounces = flag("bounces") ?? true
        spec.alwaysBounceVertical = flag("always-bounce-vertical") ?? false
        spec.alwaysBounceHorizontal = flag("always-bounce-horizontal") ?? false
        spec.delaysContentTouches = flag("delays-content-touches") ?? true
        spec.canCancelContentTouches = flag("can-cancel-content-touches") ?? true
        spec.isScrollEnabled = flag("scroll-enabled") ?? true
        spec.isDirectionalLockEnabled = flag("directional-lock") ?? false
        spec.fastDeceleration = fields["deceleration-rate"].flatMap {
            reader.choice($0, "deceleration-rate", [("normal", false), ("fast", true)])
        } ?? false
        if let node = fields["zoom-range"], let range = reader.numbers(node, "zoom-range", count: 2, form: "[minimum, maximum]") {
            if range[0] > 0, range[0] <= range[1], range[1] <= 100 {
                spec.zoomRange = (CGFloat(range[0]), CGFloat(range[1]))
            } else {
                reader.fail(at: fields.keyLocations["zoom-range"]!, "zoom-range must be [minimum, maximum] with 0 < minimum <= maximum <= 100")
            }
        }
        spec.panRequiresFailureOf = fields["pan-requires-failure-of"].flatMap { reader.names($0, "pan-requires-failure-of") } ?? []
        return spec
    }

    private func transform(_ node: Node) -> CGAffineTransform? {
        guard let fields = reader.mapping(node, "a transform", allowed: Self.transformKeys) else { return nil }
        var result = CGAffineTransform.identity
        if let scale = fields["scale"] {
            if case .sequence = scale, let values = reader.numbers(scale, "scale", count: 2, form: "[sx, sy]") {
                result = result.concatenating(CGAffineTransform(scaleX: values[0], y: values[1]))
            } else if case .scalar = scale, let value = reader.number(scale, "scale") {
                result = result.concatenating(CGAffineTransform(scaleX: value, y: value))
            }
        }
        if let degrees = fields["rotate"].flatMap({ reader.number($0, "rotate (degrees)") }) {
            result = result.concatenating(CGAffineTransform(rotationAngle: degrees * .pi / 180))
        }
        if let translation = fields["translate"].flatMap({ reader.point($0, "translate") }) {
            result = result.concatenating(CGAffineTransform(translationX: translation.x, y: translation.y))
        }
        return result
    }

    private func action(_ node: Node) -> ActionSpec? {
        guard let fields = reader.mapping(node, "an action", allowed: Self.actionKeys),
              let eventNode = fields.require("event", "an action") else { return nil }
        var events: UIControl.Event = []
        for named in reader.names(eventNode, "event") ?? [] {
            if let match = Self.controlEvents.first(where: { $0.0 == named.name }) {
                events.formUnion(match.1)
            } else {
                let names = Self.controlEvents.map(\.0)
                var message = "unknown control event '\(named.name)'"
                if let nearest = YAMLReader.nearest(to: named.name, in: names) { message += "; did you mean '\(nearest)'?" }
                reader.fail(at: named.location, message)
            }
        }
        if let send = fields["send"] {
            guard fields["log"] == nil else {
                reader.fail(node, "an action either logs ('log: true') or sends a selector ('send: \"save:\"'), not both")
                return nil
            }
            return reader.string(send, "send").map { ActionSpec(events: events, kind: .send($0), location: reader.location(of: node)) }
        }
        if let log = fields["log"], reader.bool(log, "log") == false {
            reader.fail(log, "an action that does not log must send a selector: use 'send: \"name:\"'")
        }
        return ActionSpec(events: events, kind: .log, location: reader.location(of: node))
    }

    func recognizer(_ node: Node) -> RecognizerSpec? {
        guard let fields = reader.mapping(node, "a gesture recognizer", allowed: Self.recognizerKeys) else { return nil }
        let kind = fields.require("kind", "a gesture recognizer").flatMap {
            reader.choice($0, "recognizer kind", RecognizerSpec.Kind.allCases.map { ($0.rawValue, $0) })
        }
        guard let name = fields.require("name", "a gesture recognizer").flatMap({ reader.name($0, "name") }),
              reader.countRecognizer(at: node) else { return nil }
        // A missing or misspelt kind is reported once. The recognizer keeps its name (as a tap, never played:
        // the file does not load), so that the lists naming it do not report it unknown as well.
        var spec = RecognizerSpec(kind: kind ?? .tap, name: name, location: reader.location(of: node))
        spec.taps = fields["taps"].flatMap { reader.integer($0, "taps", range: 0...10) }
        spec.touches = fields["touches"].flatMap { reader.integer($0, "touches", range: 1...10) }
        spec.minimumDuration = fields["minimum-duration"].flatMap { reader.number($0, "minimum-duration", range: 0...60) }
        spec.allowableMovement = fields["allowable-movement"].flatMap { reader.number($0, "allowable-movement", range: 0...10_000) }.map { CGFloat($0) }
        spec.minimumTouches = fields["minimum-touches"].flatMap { reader.integer($0, "minimum-touches", range: 1...10) }
        spec.maximumTouches = fields["maximum-touches"].flatMap { reader.integer($0, "maximum-touches", range: 1...10) }
        if let node = fields["direction"], let names = reader.names(node, "direction") {
            spec.direction = names.reduce(into: UISwipeGestureRecognizer.Direction()) { result, named in
                if let value = reader.choice(Node(named.name, Tag(.str), .plain), "swipe direction", Self.directions) { result.formUnion(value) }
            }
        }
        if let node = fields["edges"], let names = reader.names(node, "edges") {
            spec.edges = names.reduce(into: UIRectEdge()) { result, named in
                if let value = reader.choice(Node(named.name, Tag(.str), .plain), "edge", Self.edges) { result.formUnion(value) }
            }
        }
        spec.isEnabled = fields["enabled"].flatMap { reader.bool($0, "enabled") } ?? true
        spec.cancelsTouchesInView = fields["cancels-touches-in-view"].flatMap { reader.bool($0, "cancels-touches-in-view") }
        spec.delaysTouchesBegan = fields["delays-touches-began"].flatMap { reader.bool($0, "delays-touches-began") }
        spec.delaysTouchesEnded = fields["delays-touches-ended"].flatMap { reader.bool($0, "delays-touches-ended") }
        spec.requiresExclusiveTouchType = fields["requires-exclusive-touch-type"].flatMap { reader.bool($0, "requires-exclusive-touch-type") }
        if let node = fields["allowed-press-types"], let names = reader.names(node, "allowed-press-types") {
            spec.allowedPressTypes = names.compactMap { reader.choice(Node($0.name, Tag(.str), .plain), "press type", Self.pressTypes) }
        }
        if let node = fields["touch-types"], let names = reader.names(node, "touch-types") {
            spec.allowedTouchTypes = names.compactMap { reader.choice($0, "touch type", Self.touchTypes) }
        }
        if let node = fields["scroll-types"] {
            if spec.kind != .pan { reader.fail(at: fields.keyLocations["scroll-types"]!, "'scroll-types' is for pans (allowedScrollTypesMask)") }
            if let names = reader.names(node, "scroll-types") {
                spec.scrollTypes = names.reduce(into: UIScrollTypeMask()) { mask, named in
                    if let value = reader.choice(named, "scroll type", Self.scrollTypes) { mask.formUnion(value) }
                }
            }
        }
        if let node = fields["buttons"] {
            if spec.kind != .tap { reader.fail(at: fields.keyLocations["buttons"]!, "'buttons' is for taps (buttonMaskRequired)") }
            if let names = reader.names(node, "buttons") {
                spec.buttons = names.reduce(into: UIEvent.ButtonMask()) { mask, named in
                    if let value = reader.choice(named, "button", Self.buttons) { mask.formUnion(value) }
                }
            }
        }
        if let node = fields["thresholds"] { spec.thresholds = thresholds(node) }
        spec.simultaneousWith = fields["simultaneous-with"].flatMap { reader.names($0, "simultaneous-with") } ?? []
        spec.requiresFailureOf = fields["requires-failure-of"].flatMap { reader.names($0, "requires-failure-of") } ?? []
        spec.shouldBegin = fields["should-begin"].flatMap { reader.bool($0, "should-begin") } ?? true
        spec.shouldReceive = fields["should-receive"].flatMap { reader.bool($0, "should-receive") } ?? true
        spec.hasDelegate = ["simultaneous-with", "requires-failure-of", "should-begin", "should-receive"].contains { fields[$0] != nil }
        if let node = fields["delegate-view"], let name = reader.string(node, "delegate-view") {
            if spec.hasDelegate {
                reader.fail(at: reader.location(of: node), "delegate-view cannot be combined with the delegate's answers (simultaneous-with, requires-failure-of, should-begin, should-receive): the view is the delegate")
            }
            spec.delegateView = Scenario.Named(name: name, location: reader.location(of: node))
        }
        return spec
    }

    /// A key command: `{input: s, modifiers: [command], send: "save:", priority: true}` (U5).
    private func keyCommand(_ node: Node) -> KeyCommandSpec? {
        guard let fields = reader.mapping(node, "a key command", allowed: ["input", "modifiers", "send", "priority"]),
              let input = fields.require("input", "a key command").flatMap({ keyInput($0) }),
              let action = fields.require("send", "a key command").flatMap({ reader.string($0, "send") }) else { return nil }
        return KeyCommandSpec(input: input, modifiers: fields["modifiers"].flatMap { modifiers($0) } ?? [], action: action,
                              wantsPriority: fields["priority"].flatMap { reader.bool($0, "priority") } ?? false,
                              location: reader.location(of: node))
    }

    /// A key: one character, or the name of a special key (`up-arrow`, `escape`, `f1`…).
    func keyInput(_ node: Node) -> String? {
        guard let text = reader.string(node, "key") else { return nil }
        if let special = Self.specialKeys.first(where: { $0.0 == text }) { return special.1 }
        guard text.count == 1 else {
            var message = "'\(text)' is not a key: give one character or a special key's name"
            if text.count > 2, let nearest = YAMLReader.nearest(to: text, in: Self.specialKeys.map(\.0)) { message += "; did you mean '\(nearest)'?" }
            reader.fail(node, message + " (" + Self.specialKeys.map(\.0).joined(separator: ", ") + ")")
            return nil
        }
        return text
    }

    /// Modifier keys: `[command, shift]` or one name.
    func modifiers(_ node: Node) -> UIKeyModifierFlags? {
        guard let names = reader.names(node, "modifiers") else { return nil }
        return names.reduce(into: UIKeyModifierFlags()) { flags, named in
            if let value = reader.choice(named, "modifier", Self.modifierNames) { flags.formUnion(value) }
        }
    }

    static let specialKeys: [(String, String)] = [
        ("up-arrow", UIKeyCommand.inputUpArrow), ("down-arrow", UIKeyCommand.inputDownArrow),
        ("left-arrow", UIKeyCommand.inputLeftArrow), ("right-arrow", UIKeyCommand.inputRightArrow),
        ("escape", UIKeyCommand.inputEscape), ("page-up", UIKeyCommand.inputPageUp), ("page-down", UIKeyCommand.inputPageDown),
        ("home", UIKeyCommand.inputHome), ("end", UIKeyCommand.inputEnd), ("delete", UIKeyCommand.inputDelete),
        ("f1", UIKeyCommand.f1), ("f2", UIKeyCommand.f2), ("f3", UIKeyCommand.f3), ("f4", UIKeyCommand.f4),
        ("f5", UIKeyCommand.f5), ("f6", UIKeyCommand.f6), ("f7", UIKeyCommand.f7), ("f8", UIKeyCommand.f8),
        ("f9", UIKeyCommand.f9), ("f10", UIKeyCommand.f10), ("f11", UIKeyCommand.f11), ("f12", UIKeyCommand.f12),
    ]
    static let modifierNames: [(String, UIKeyModifierFlags)] = [
        ("shift", .shift), ("control", .control), ("alternate", .alternate), ("option", .alternate), ("command", .command),
        ("caps-lock", .alphaShift), ("numeric-pad", .numericPad),
    ]
    static let pointerPhases: [(String, HIDEvent.Phase)] = [("began", .began), ("changed", .changed), ("ended", .ended),
                                                            ("cancelled", .cancelled)]
    static let touchTypes: [(String, UITouch.TouchType)] = [
        ("direct", .direct), ("indirect", .indirect), ("pencil", .pencil), ("indirect-pointer", .indirectPointer),
    ]
    static let scrollTypes: [(String, UIScrollTypeMask)] = [
        ("none", []), ("continuous", .continuous), ("discrete", .discrete), ("all", .all),
    ]
    static let buttons: [(String, UIEvent.ButtonMask)] = [("primary", .primary), ("secondary", .secondary)]

    private func thresholds(_ node: Node) -> Thresholds? {
        guard let fields = reader.mapping(node, "thresholds", allowed: Self.thresholdKeys) else { return nil }
        var table = Thresholds.standard
        func value(_ key: String) -> Double? { fields[key].flatMap { reader.number($0, key, range: 0...10_000) } }
        if let v = value("multi-tap-interval") { table.multiTapInterval = v }
        if let v = value("multi-tap-slop") { table.multiTapSlop = v }
        if let v = value("tap-slop") { table.tapSlop = v }
        if let v = value("tap-maximum-duration") { table.tapMaximumDuration = v }
        if let v = value("pan-hysteresis") { table.panHysteresis = v }
        if let v = value("pinch-hysteresis") { table.pinchHysteresis = v }
        if let v = value("rotation-hysteresis") { table.rotationHysteresis = v }
        if let v = value("swipe-minimum-distance") { table.swipeMinimumDistance = v }
        if let v = value("swipe-maximum-duration") { table.swipeMaximumDuration = v }
        if let v = value("swipe-maximum-angle") { table.swipeMaximumAngle = v * .pi / 180 }
        if let v = value("screen-edge-margin") { table.screenEdgeMargin = v }
        if let v = value("click-slop") { table.clickSlop = v }
        return table
    }
}

extension ViewSpec {
    /// A plain view with every default, as a starting point.
    static func plain(name: String, location: SourceLocation) -> ViewSpec {
        ViewSpec(name: name, kind: .view, frame: .zero, boundsOrigin: .zero, transform: .identity, isHidden: false,
                 alpha: 1, isUserInteractionEnabled: nil, isMultipleTouchEnabled: false, isExclusiveTouch: false,
                 isEnabled: true, forwardsTouches: true, handles: [], canBecomeFirstResponder: false,
                 pointInsideInsets: nil, interceptsHitTesting: false, vetoes: [], value: nil, isOn: nil, text: nil,
                 actions: [], recognizers: [], subviews: [], location: location)
    }
}
