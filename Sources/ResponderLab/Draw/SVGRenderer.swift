import Foundation
import ResponderKit

/// Draws a trace's scene at one moment to scale as SVG: the windows and views as they were then, with
/// their names and gesture recognizers; the touches and their paths; the hit-test path of one touch;
/// the views hit-testing skipped, greyed with the reason; the ancestor whose bounds kept the touch
/// from a view that holds the point; the responder chain from the hit view as arrows; then captions
/// and a legend under the scene.
///
/// The scene is the one of the moment asked for (``SceneHistory``): scroll views at the content
/// offsets of that moment, views as the last snapshot before it had them. Labels are placed so that
/// none covers another, and every caption is wrapped to the picture's width.
@MainActor
struct SVGRenderer {
    let records: [TraceRecord]
    let history: SceneHistory

    // Layout, in points.
    private let margin: CGFloat = 20
    private let top: CGFloat = 30
    private let fontSize: CGFloat = 11
    private let lineHeight: CGFloat = 15
    private let minimumWidth: CGFloat = 480

    /// The most views labelled in one picture.
    static let labelledViews = 400

    // Colours.
    private let hitColour = "#c62828", touchColour = "#e08a00", chainColour = "#2a6fdb", skippedColour = "#9e9e9e"
    private let viewColour = "#555555", recognizerColour = "#6a1b9a", outsideColour = "#d81b60"

    /// The SVG text of the scene at `time` (the first touch's start without one).
    func render(at time: TimeInterval?) -> String {
        let paths = TouchPath.paths(in: records)
        // The touch shown: the last one that began at or before the moment, or the first one.
        let chosenIndex = time.flatMap { t in paths.lastIndex { $0.start <= t + 1e-9 } } ?? (paths.isEmpty ? nil : 0)
        let touch = chosenIndex.map { paths[$0] }
        let moment = time ?? touch?.start ?? records.last?.time ?? 0
        let scene = history.scene(before: history.recordCount(at: moment), at: moment)
        let graph = scene.graph
        let landing = touch.flatMap { touch in
            TouchLanding.landings(in: records).first { $0.inputIndex == touch.inputIndex && $0.finger == touch.finger }
        }
        let marks = Marks(landing: landing, touch: touch, history: history)

        // The screen: every visible window.
        let visible = graph.windows.filter { !$0.view.isHidden }
        let screen = visible.map { box(of: $0.screenCorners) }.reduce(CGRect.null) { $0.union($1) }
        let screenBox = screen.isNull ? CGRect(x: 0, y: 0, width: 320, height: 480) : screen
        let width = max(screenBox.width + margin * 2, minimumWidth)
        let origin = CGPoint(x: margin - screenBox.minX, y: top - screenBox.minY)
        func place(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + origin.x, y: p.y + origin.y) }
        let sceneBottom = top + screenBox.height

        var layout = LabelLayout(area: CGRect(x: 2, y: 2, width: width - 4, height: sceneBottom + margin - 4))
        var body: [String] = []
        var requests: [(node: SceneGraph.Node, corners: [CGPoint], colour: String, skipped: TraceRecord.HitTestSkip?)] = []

        // Views, back to front.
        let hitPath = touch?.view.flatMap { graph.node($0.id) }?.pathFromWindow ?? []
        // Each view's map to the screen, made from its superview's as the tree is walked down.
        func draw(_ node: SceneGraph.Node, parentToScreen: CGAffineTransform) {
            let toScreen = node.toParentTransform.concatenating(parentToScreen)
            let b = node.bounds
            let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
                           CGPoint(x: b.minX, y: b.maxY)].map { place($0.applying(toScreen)) }
            let onPath = hitPath.contains { $0 === node }
            let skipped = marks.skipped[node.id]
            let stroke = onPath ? hitColour : (skipped != nil ? skippedColour : viewColour)
            let fill = skipped != nil ? "#e0e0e0" : (node.isWindow ? "#fafafa" : "#ffffff")
            let className = onPath ? "view hit-path" : (skipped != nil ? "view skipped" : "view")
            let dash = marks.outside.contains(node.id) ? ##" stroke-dasharray="5 3""## : ""
            body.append(##"<polygon class="\##(className)" data-name="\##(escape(node.name))" points="\##(points(corners))" fill="\##(fill)" fill-opacity="\##(node.view.isHidden ? 0.3 : 0.85)" stroke="\##(stroke)" stroke-width="\##(onPath ? 3 : 1)"\##(dash)><title>\##(escape(node.name)) (\##(escape(node.className)))</title></polygon>"##)
            requests.append((node, corners, stroke, skipped))
            guard !node.view.isHidden else { return }
            for subview in node.subviews { draw(subview, parentToScreen: toScreen) }
        }
        for window in visible.sorted(by: { ($0.view.windowLevel ?? 0) < ($1.view.windowLevel ?? 0) }) {
            draw(window, parentToScreen: .identity)
        }
        // Windows label above themselves first; then views front to back, deepest first: a small view has
        // few places for its label, its superview many. Labels are drawn back to front, over every view.
        var placedLabels: [[String]] = Array(repeating: [], count: requests.count)
        let order = requests.indices.filter { requests[$0].node.isWindow } + requests.indices.reversed().filter { !requests[$0].node.isWindow }
        // Placing a label looks at every label placed before it: a scene of thousands of views labels the
        // first ones only (each view's name stays in its tooltip).
        for index in order.prefix(Self.labelledViews) {
            let request = requests[index]
            placedLabels[index] = label(for: request.node, corners: request.corners, colour: request.colour, skipped: request.skipped, layout: &layout)
        }
        let labels = placedLabels.flatMap { $0 }

        // The ancestor whose bounds kept the touch from a view that holds the point.
        for miss in marks.outsideAncestor {
            guard let ancestor = graph.node(miss.ancestor), let view = graph.node(miss.view) else { continue }
            body.append(##"<g class="outside-ancestor" data-ancestor="\##(escape(ancestor.name))" data-view="\##(escape(view.name))">"##)
            body.append(##"<polygon points="\##(points(ancestor.screenCorners.map(place)))" fill="none" stroke="\##(outsideColour)" stroke-width="2" stroke-dasharray="6 3"/>"##)
            body.append(##"<polygon points="\##(points(view.screenCorners.map(place)))" fill="\##(outsideColour)" fill-opacity="0.12" stroke="\##(outsideColour)" stroke-width="1.5"/>"##)
            body.append("</g>")
        }

        // Touches: every path, the one shown bold; its finger at the moment, when it was still down.
        for (index, path) in paths.enumerated() {
            let points = path.points.map { place($0.point) }
            let bold = index == chosenIndex
            if points.count > 1 {
                body.append(##"<polyline class="touch-path" points="\##(self.points(points))" fill="none" stroke="\##(touchColour)" stroke-width="\##(bold ? 2.5 : 1.2)" stroke-dasharray="\##(bold ? "" : "4 3")"/>"##)
            }
            body.append(##"<circle class="touch" cx="\##(n(points[0].x))" cy="\##(n(points[0].y))" r="\##(bold ? 7 : 4)" fill="\##(touchColour)" fill-opacity="0.8"><title>touch #\##(path.finger) at \##(seconds(path.start))</title></circle>"##)
        }
        if let touch, moment > touch.start + 1e-9, !touch.ended || touch.points.last!.time > moment {
            let now = place(touch.point(at: moment))
            body.append(##"<circle class="finger-now" cx="\##(n(now.x))" cy="\##(n(now.y))" r="9" fill="none" stroke="\##(touchColour)" stroke-width="2"><title>the finger at \##(seconds(moment))</title></circle>"##)
        }

        // The responder chain, as arrows between the views on it.
        var chainNames: [String] = []
        if let hit = touch?.view.flatMap({ graph.node($0.id) }) {
            var previous: CGPoint?
            for (name, view) in graph.responderChain(from: hit) {
                chainNames.append(name)
                guard let view else { continue }
                let center = place(view.toScreen(CGPoint(x: view.bounds.midX, y: view.bounds.midY)))
                if let from = previous, from != center {
                    body.append(##"<line class="chain" x1="\##(n(from.x))" y1="\##(n(from.y))" x2="\##(n(center.x))" y2="\##(n(center.y))" stroke="\##(chainColour)" stroke-width="1.5" marker-end="url(#arrow)"/>"##)
                }
                previous = center
            }
        }

        // Captions, wrapped to the picture's width.
        var y = sceneBottom + margin + 8
        var captions: [String] = []
        func caption(_ text: String, _ colour: String, _ kind: String) {
            for line in PictureText.wrap(text, width: width - margin * 2, size: fontSize) {
                captions.append(##"<text class="caption" data-kind="\##(kind)" x="\##(n(margin))" y="\##(n(y))" fill="\##(colour)">\##(escape(line))</text>"##)
                y += lineHeight
            }
        }
        caption("The scene at \(seconds(moment)).", "#263238", "moment")
        if let touch {
            let path = hitPath.map(\.name).joined(separator: " ▸ ")
            let began = "touch #\(touch.finger) began at \(seconds(touch.start))"
            caption(touch.view == nil ? "\(began): no window took it."
                    : hitPath.isEmpty ? "\(began): bound to '\(touch.view!.name)', which is not in the scene at this moment."
                    : "\(began) → hit-test path: \(path)", hitColour, "hit-path")
            if !chainNames.isEmpty { caption("responder chain: \(chainNames.joined(separator: " → "))", chainColour, "chain") }
            if !marks.skipped.isEmpty {
                let names = marks.skipped.compactMap { id, reason in graph.node(id).map { "\($0.name) (\(reason.rawValue))" } }.sorted()
                if !names.isEmpty { caption("skipped by hit-testing: " + names.joined(separator: ", "), "#616161", "skipped") }
            }
            for miss in marks.outsideAncestor {
                guard let ancestor = graph.node(miss.ancestor), let view = graph.node(miss.view) else { continue }
                caption("'\(view.name)' holds the point, but it is outside its ancestor '\(ancestor.name)', whose subviews are searched only where it holds the point (A1, A5: clipsToBounds does not matter)", outsideColour, "outside-ancestor")
            }
        } else {
            caption("no touch in this trace", "#757575", "none")
        }
        for note in scene.notes { caption("note: \(note)", "#757575", "note") }

        // The legend.
        y += 6
        let legendTop = y
        let legend = legendItems(top: legendTop, width: width)
        y = legend.bottom + margin
        let height = y

        var svg: [String] = []
        svg.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(n(width))" height="\##(n(height))" viewBox="0 0 \##(n(width)) \##(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="\##(n(fontSize))">"##)
        svg.append(##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="\##(chainColour)"/></marker></defs>"##)
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        svg += body
        svg += labels
        svg += captions
        svg += legend.lines
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    // MARK: Labels

    /// A view's label: its name (and why hit-testing skipped it), then its recognizers, in a box placed
    /// where it covers no other label.
    private func label(for node: SceneGraph.Node, corners: [CGPoint], colour: String, skipped: TraceRecord.HitTestSkip?,
                       layout: inout LabelLayout) -> [String] {
        var lines: [(text: String, colour: String, kind: String)] = [(node.name + (skipped.map { " (skipped: \($0.rawValue))" } ?? ""), colour, "name")]
        let recognizers = node.view.recognizers.map { r in
            let kind = [Self.shortKind(r.subject.className), r.isEnabled ? "" : "off"].filter { !$0.isEmpty }.joined(separator: ", ")
            return kind.isEmpty ? r.subject.name : "\(r.subject.name) (\(kind))"
        }
        if !recognizers.isEmpty {
            // One line per two or three recognizers, so a scroll view's own do not make one long line.
            var line = ""
            for text in recognizers {
                let candidate = line.isEmpty ? "⊕ " + text : line + ", " + text
                if !line.isEmpty, PictureText.width(candidate, size: fontSize - 1) > 220 {
                    lines.append((line, recognizerColour, "recognizers"))
                    line = "⊕ " + text
                } else {
                    line = candidate
                }
            }
            lines.append((line, recognizerColour, "recognizers"))
        }
        let textWidth = lines.map { PictureText.width($0.text, size: $0.kind == "name" ? fontSize : fontSize - 1) }.max() ?? 0
        let size = CGSize(width: textWidth + 6, height: CGFloat(lines.count) * 12 + 3)
        let b = box(of: corners)
        // Windows label above their top edge first, so that their root view's label inside stays free.
        let inside = [CGPoint(x: b.minX + 2, y: b.minY + 2), CGPoint(x: b.maxX - size.width - 2, y: b.minY + 2),
                      CGPoint(x: b.minX + 2, y: b.maxY - size.height - 2), CGPoint(x: b.maxX - size.width - 2, y: b.maxY - size.height - 2)]
        let outside = [CGPoint(x: b.minX, y: b.minY - size.height - 1), CGPoint(x: b.minX, y: b.maxY + 1)]
        // Views that share a corner stack their labels down from it, then up from the bottom, in the view.
        // (A hostile file's transforms can make a box huge or not finite: at most twelve rows are tried.)
        let room = (b.height - 4) / (size.height + 1)
        let rows = room.isFinite ? max(0, Int(max(0, min(room, 20))) - 1) : 0
        let stacked = (0..<min(rows, 12)).flatMap { row -> [CGPoint] in
            let down = b.minY + 2 + CGFloat(row + 1) * (size.height + 1), up = b.maxY - 2 - CGFloat(row + 2) * (size.height + 1)
            return [CGPoint(x: b.minX + 2, y: down), CGPoint(x: b.maxX - size.width - 2, y: down),
                    CGPoint(x: b.minX + 2, y: up), CGPoint(x: b.maxX - size.width - 2, y: up)]
        }
        let corner = layout.place(size: size, candidates: node.isWindow ? outside + inside : inside + stacked + outside)
        var svg = [##"<g class="view-label" data-name="\##(escape(node.name))">"##]
        svg.append(##"<rect x="\##(n(corner.x))" y="\##(n(corner.y))" width="\##(n(size.width))" height="\##(n(size.height))" fill="white" fill-opacity="0.7"/>"##)
        for (index, line) in lines.enumerated() {
            let size = line.kind == "name" ? "" : ##" font-size="\##(n(fontSize - 1))""##
            svg.append(##"<text class="\##(line.kind)" x="\##(n(corner.x + 3))" y="\##(n(corner.y + 11 + CGFloat(index) * 12))" fill="\##(line.colour)"\##(size)>\##(escape(line.text))</text>"##)
        }
        svg.append("</g>")
        return svg
    }

    /// `UITapGestureRecognizer` → `tap`, `UIScrollViewDelayedTouchesBeganGestureRecognizer` → `delayed touches began`.
    static func shortKind(_ className: String) -> String {
        var name = className
        if name.hasPrefix("UI") { name.removeFirst(2) }
        if name.hasSuffix("GestureRecognizer") { name.removeLast("GestureRecognizer".count) }
        if name.hasPrefix("ScrollView") { name.removeFirst("ScrollView".count) }
        // Words of the camel-cased rest, in lower case.
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append(String(character).lowercased()) } else { words[words.count - 1].append(character) }
        }
        return words.joined(separator: " ")
    }

    // MARK: Legend

    /// The legend: each mark the picture uses, with what it means, in rows as wide as the picture.
    private func legendItems(top: CGFloat, width: CGFloat) -> (lines: [String], bottom: CGFloat) {
        let items: [(symbol: (CGFloat, CGFloat) -> String, text: String)] = [
            ({ x, y in ##"<rect x="\##(n(x))" y="\##(n(y - 8))" width="16" height="10" fill="white" stroke="\##(hitColour)" stroke-width="3"/>"## }, "hit-test path"),
            ({ x, y in ##"<circle cx="\##(n(x + 8))" cy="\##(n(y - 3))" r="5" fill="\##(touchColour)" fill-opacity="0.8"/>"## }, "touch shown (others small)"),
            ({ x, y in ##"<line x1="\##(n(x))" y1="\##(n(y - 3))" x2="\##(n(x + 16))" y2="\##(n(y - 3))" stroke="\##(touchColour)" stroke-width="2.5"/>"## }, "finger's path"),
            ({ x, y in ##"<circle cx="\##(n(x + 8))" cy="\##(n(y - 3))" r="6" fill="none" stroke="\##(touchColour)" stroke-width="2"/>"## }, "finger at the moment"),
            ({ x, y in ##"<line x1="\##(n(x))" y1="\##(n(y - 3))" x2="\##(n(x + 16))" y2="\##(n(y - 3))" stroke="\##(chainColour)" stroke-width="1.5" marker-end="url(#arrow)"/>"## }, "responder chain"),
            ({ x, y in ##"<rect x="\##(n(x))" y="\##(n(y - 8))" width="16" height="10" fill="#e0e0e0" stroke="\##(skippedColour)"/>"## }, "skipped by hit-testing"),
            ({ x, y in ##"<rect x="\##(n(x))" y="\##(n(y - 8))" width="16" height="10" fill="white" stroke="\##(viewColour)" stroke-dasharray="5 3"/>"## }, "point outside the view"),
            ({ x, y in ##"<rect x="\##(n(x))" y="\##(n(y - 8))" width="16" height="10" fill="none" stroke="\##(outsideColour)" stroke-width="2" stroke-dasharray="6 3"/>"## }, "ancestor whose bounds kept the touch out"),
            ({ x, y in ##"<text x="\##(n(x + 2))" y="\##(n(y))" fill="\##(recognizerColour)">⊕</text>"## }, "gesture recognizers"),
        ]
        var lines = [##"<g class="legend">"##]
        var x = margin, y = top + 12
        for item in items {
            let itemWidth = 22 + PictureText.width(item.text, size: fontSize) + 16
            if x > margin, x + itemWidth > width - margin {
                x = margin
                y += lineHeight + 2
            }
            lines.append(item.symbol(x, y))
            lines.append(##"<text x="\##(n(x + 22))" y="\##(n(y))" fill="#37474f">\##(escape(item.text))</text>"##)
            x += itemWidth
        }
        lines.append("</g>")
        return (lines, y + 4)
    }

    // MARK: Geometry and text

    private func box(of corners: [CGPoint]) -> CGRect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private func points(_ list: [CGPoint]) -> String { list.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") }

    private func seconds(_ time: TimeInterval) -> String { String(format: "%.3f s", time) }

    private func n(_ value: CGFloat) -> String {
        // Only whole numbers that fit go through Int: a hostile file's transforms can make coordinates huge or
        // infinite, and converting those trapped.
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", Double(value))
    }

    /// Text as XML character data: markup characters escaped, and characters XML 1.0 cannot hold at all
    /// (NUL and the other C0 controls but tab, line feed and return; U+FFFE, U+FFFF) shown as U+FFFD.
    nonisolated static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private func escape(_ text: String) -> String { Self.escape(text) }
}

extension SVGRenderer {
    /// What hit-testing decided for the touch shown, from its records and the scene when it began.
    struct Marks {
        /// Views it skipped, with the reason.
        var skipped: [Int: TraceRecord.HitTestSkip] = [:]
        /// Views whose bounds did not hold the point.
        var outside: Set<Int> = []
        /// Views that hold the point but were not searched because an ancestor's bounds did not.
        var outsideAncestor: [(view: Int, ancestor: Int)] = []

        /// The most views examined for the views that hold the point (a hostile scene's).
        static let searchedViews = 20_000

        @MainActor
        init(landing: TouchLanding?, touch: TouchPath?, history: SceneHistory) {
            guard let landing else { return }
            for (id, visit) in landing.visits {
                switch visit.verdict {
                case .skipped(let reason): skipped[id] = reason
                case .outside: outside.insert(id)
                case .inside: break
                }
            }
            // Views that hold the point but sit outside an ancestor that does not: each with that ancestor.
            let graph = history.scene(before: max(0, landing.inputIndex), at: landing.time).graph
            let budget = SearchBudget(Self.searchedViews)
            var seen: Set<Int> = []
            for node in graph.nodes where !node.isWindow {
                guard budget.spend() else { break }
                guard let point = landing.point(in: node), node.contains(point) else { continue }
                if case .outsideAncestor(let ancestor, _, let target) = landing.reach(of: node, graph: graph, budget: budget),
                   target === node, !seen.contains(node.id) {
                    seen.insert(node.id)
                    outsideAncestor.append((node.id, ancestor.id))
                }
            }
            // Of the views one ancestor kept out, the deepest: the one the touch would have reached.
            outsideAncestor = outsideAncestor.filter { miss in
                !outsideAncestor.contains { other in
                    other.ancestor == miss.ancestor && other.view != miss.view
                        && graph.node(other.view).map { inner in graph.node(miss.view).map { inner.isDescendant(of: $0) } ?? false } ?? false
                }
            }
            outsideAncestor.sort { $0.view < $1.view }
        }
    }
}
