import Foundation
import ResponderKit

/// Draws a played scenario to scale as SVG: windows and nested views with their names, the touches and
/// their paths, the hit-test path of one touch highlighted, views that hit-testing skipped greyed with
/// the reason, and the responder chain from the hit view as arrows.
@MainActor
struct SVGRenderer {
    let run: ScenarioRun

    private struct Decision {
        var skipped: [String: String] = [:]
        var outside: Set<String> = []
    }

    func render(at time: TimeInterval?) -> String {
        let application = run.scene.application
        let windows = run.scene.windows
        let screen = windows.map(\.frame).reduce(CGRect.null) { $0.union($1) }
        let margin: CGFloat = 20, legendHeight: CGFloat = 90
        let width = max(screen.width, 320) + margin * 2
        let height = screen.height + margin * 2 + legendHeight
        let origin = CGPoint(x: margin - screen.minX, y: margin - screen.minY)

        // The touch shown: the last one that began at or before `time`, or the first one.
        let paths = application.paths
        let chosen = time.flatMap { t in paths.lastIndex { ($0.points.first?.time ?? .infinity) <= t + 1e-9 } } ?? (paths.isEmpty ? nil : 0)
        let touch = chosen.map { paths[$0] }
        let decision = touch.map { decisions(for: $0) } ?? Decision()
        let hitPath: [UIView] = {
            var result: [UIView] = []
            var view = touch?.view
            while let v = view { result.append(v); view = v.superview }
            return result
        }()

        var svg: [String] = []
        svg.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(n(width))" height="\##(n(height))" viewBox="0 0 \##(n(width)) \##(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##)
        svg.append(##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#2a6fdb"/></marker></defs>"##)
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        for window in windows.sorted(by: { $0.windowLevel < $1.windowLevel }) where !window.isHidden {
            draw(window, in: window, origin: origin, hitPath: hitPath, decision: decision, into: &svg)
        }
        // Touches: every path, the chosen one bold.
        for (index, path) in paths.enumerated() {
            guard let window = path.window, let first = path.points.first else { continue }
            let points = path.points.map { screenPoint($0.point, window: window, origin: origin) }
            let bold = index == chosen
            if points.count > 1 {
                svg.append(##"<polyline class="touch-path" points="\##(points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " "))" fill="none" stroke="#e08a00" stroke-width="\##(bold ? 2.5 : 1.2)" stroke-dasharray="\##(bold ? "" : "4 3")"/>"##)
            }
            let start = points[0]
            svg.append(##"<circle class="touch" cx="\##(n(start.x))" cy="\##(n(start.y))" r="\##(bold ? 7 : 4)" fill="#e08a00" fill-opacity="0.8"><title>touch at \##(String(format: "%.3f", first.time)) s</title></circle>"##)
        }
        // Responder chain arrows between the views on it.
        var chainNames: [String] = []
        if let hit = touch?.view, let window = hit.window {
            var responder: UIResponder? = hit
            var previousCenter: CGPoint?
            while let current = responder {
                if let view = current as? UIView {
                    chainNames.append(view.accessibilityIdentifier ?? String(describing: type(of: view)))
                    let center = screenPoint(view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window), window: window, origin: origin)
                    if let from = previousCenter, from != center {
                        svg.append(##"<line class="chain" x1="\##(n(from.x))" y1="\##(n(from.y))" x2="\##(n(center.x))" y2="\##(n(center.y))" stroke="#2a6fdb" stroke-width="1.5" marker-end="url(#arrow)"/>"##)
                    }
                    previousCenter = center
                } else if let controller = current as? UIViewController {
                    chainNames.append(controller.title ?? String(describing: type(of: controller)))
                } else if current is UIApplication {
                    chainNames.append("UIApplication")
                } else {
                    chainNames.append(String(describing: type(of: current)))
                }
                responder = current.next
            }
        }
        // Legend.
        var y = screen.height + margin * 2 + 14
        func legend(_ text: String, _ color: String) {
            svg.append(##"<text x="\##(n(margin))" y="\##(n(y))" fill="\##(color)">\##(escape(text))</text>"##)
            y += 16
        }
        if let touch, let first = touch.points.first {
            legend("touch at \(String(format: "%.3f", first.time)) s → hit-test path: \(hitPath.reversed().map { $0.accessibilityIdentifier ?? "?" }.joined(separator: " ▸ "))", "#c62828")
            legend("responder chain: \(chainNames.joined(separator: " → "))", "#2a6fdb")
            if !decision.skipped.isEmpty {
                legend("skipped by hit-testing: " + decision.skipped.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "), "#777777")
            }
        } else {
            legend("no touch in this scenario", "#777777")
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private func draw(_ view: UIView, in window: UIWindow, origin: CGPoint, hitPath: [UIView], decision: Decision, into svg: inout [String]) {
        let name = view.accessibilityIdentifier ?? String(describing: type(of: view))
        let b = view.bounds
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
            .map { screenPoint(view.convert($0, to: window), window: window, origin: origin) }
        let onPath = hitPath.contains { $0 === view }
        let skipReason = decision.skipped[name]
        let stroke = onPath ? "#c62828" : (skipReason != nil ? "#9e9e9e" : "#555555")
        let fill = skipReason != nil ? "#e0e0e0" : (view is UIWindow ? "#fafafa" : "#ffffff")
        let className = onPath ? "view hit-path" : (skipReason != nil ? "view skipped" : "view")
        let dash = decision.outside.contains(name) ? ##" stroke-dasharray="5 3""## : ""
        svg.append(##"<polygon class="\##(className)" data-name="\##(escape(name))" points="\##(corners.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " "))" fill="\##(fill)" fill-opacity="\##(view.isHidden ? 0.3 : 0.85)" stroke="\##(stroke)" stroke-width="\##(onPath ? 3 : 1)"\##(dash)/>"##)
        let label = skipReason.map { "\(name) — skipped: \($0)" } ?? name
        // A window's name goes above it, so that its root view's name inside does not cover it.
        let labelY = view is UIWindow ? corners[0].y - 5 : corners[0].y + 13
        svg.append(##"<text x="\##(n(corners[0].x + 4))" y="\##(n(labelY))" fill="\##(stroke)">\##(escape(label))</text>"##)
        for subview in view.subviews {
            draw(subview, in: window, origin: origin, hitPath: hitPath, decision: decision, into: &svg)
        }
    }

    /// The hit-testing decisions made for the chosen touch.
    private func decisions(for path: RecordingApplication.TouchPath) -> Decision {
        var result = Decision()
        guard let start = path.points.first?.time, let boundName = path.view?.accessibilityIdentifier else { return result }
        var inGroup = false
        for record in run.recorder.records {
            if case .input = record.kind {
                if inGroup { break }
                inGroup = abs(record.time - start) < 1e-9
                continue
            }
            guard inGroup else { continue }
            switch record.kind {
            case .hitTestSkipped(let view, _, let reason): result.skipped[view.name] = reason.rawValue
            case .hitTestOutside(let view, _): result.outside.insert(view.name)
            case .touchBound(_, let view, _, _) where view.name == boundName: return result
            default: break
            }
        }
        return result
    }

    private func screenPoint(_ point: CGPoint, window: UIWindow, origin: CGPoint) -> CGPoint {
        CGPoint(x: point.x + window.frame.minX + origin.x, y: point.y + window.frame.minY + origin.y)
    }

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
