import Foundation
import ResponderKit

/// Writes a scenario file (see `Scenarios/README.md`) for a dumped hierarchy.
///
/// - A root whose class is a window (`UIWindow`, or a name ending in `Window`) becomes a window; other
///   roots go into one window named `window` that is as large as they need.
/// - UIKit's control and content classes become their kinds (``kinds``); every other class becomes a
///   plain view. Names are the class without its module and a number counting that class in dump order
///   (`UILabel1`, `CardView2`): stable for the same dump and readable in traces. The full class and
///   the address stay in a comment on the name's line, since the format has no key for them.
/// - Views with `gestureRecognizers` get a comment: the dump does not say which recognizers they are.
/// - The script taps the centre of the deepest view that can take a touch (visible, opaque enough,
///   interaction enabled all the way up; the front-most of the deepest), so `responder run` shows the
///   hit-test path at once. With no such view the script only waits.
struct ImportedScenario {
    /// UIKit classes and the kind a scenario gives them. Subclasses are not recognised: a dump prints
    /// only the class, not its ancestry.
    static let kinds: [String: ViewSpec.Kind] = [
        "UIButton": .button, "UISwitch": .switch, "UISlider": .slider, "UITextField": .textField,
        "UILabel": .label, "UIImageView": .image,
    ]

    /// The file's text.
    private(set) var text = ""
    /// What could not be carried over exactly, by line of the dump.
    private(set) var notes: [HierarchyDump.Problem] = []

    private var counters: [String: Int] = [:]
    /// The deepest touchable view so far: its depth, name and centre on the screen.
    private var tapTarget: (depth: Int, name: String, point: CGPoint)?

    init(_ dump: HierarchyDump, source: String) {
        let windows = dump.roots.filter { Self.isWindow($0.view.className) }
        let others = dump.roots.filter { !Self.isWindow($0.view.className) }
        text += "# Imported by `responder import` from \(Self.comment(source)): \(dump.viewCount) views.\n"
        text += "# Frames are in the superview's coordinates, as the dump printed them (a transformed view's\n"
        text += "# frame is its frame before the transform). Recognizers are not in a dump: add them where noted.\n"
        text += "name: \(Self.quoted("Imported from \((source as NSString).lastPathComponent)"))\n"
        text += "windows:\n"
        if !others.isEmpty {
            let extent = others.reduce(CGRect.zero) { $0.union(ImportedGeometry($1.view).frame) }
            let frame = CGRect(x: 0, y: 0, width: max(1, extent.maxX), height: max(1, extent.maxY))
            text += "  - name: window  # not in the dump: holds the views it starts with\n"
            text += "    frame: \(Self.rect(frame))\n"
            text += "    subviews:\n"
            for node in others { write(node, indent: 6, depth: 1, touchable: true, toScreen: { $0 }) }
        }
        for node in windows { writeWindow(node) }
        text += "script:\n"
        if let target = tapTarget {
            text += "  - tap: [\(Self.number(target.point.x)), \(Self.number(target.point.y))]  # the centre of \(target.name), the deepest view that can be touched\n"
        } else {
            text += "  - wait: 0.1  # no view in the dump can be touched (all hidden, transparent or not interactive)\n"
        }
    }

    private mutating func writeWindow(_ node: Node) {
        let view = node.view
        let name = nextName(view.className)
        text += "  - name: \(name)  # \(Self.comment(view.className))\(view.address.map { " " + Self.comment($0) } ?? "")\n"
        text += "    frame: \(Self.rect(view.frame))\n"
        if view.isHidden { text += "    hidden: true\n" }
        if view.transform.map({ !$0.isIdentity }) == true || (view.bounds?.origin ?? .zero) != .zero {
            notes.append(.init(line: view.line, message: "a window's transform and bounds origin are not in the scenario format: ignored"))
        }
        if view.gestureRecognizers != nil { text += "    # has gestureRecognizers \(Self.comment(view.gestureRecognizers ?? "")): not imported\n" }
        guard !node.subviews.isEmpty else { return }
        text += "    subviews:\n"
        let origin = view.frame.origin
        let touchable = !view.isHidden && !view.isUserInteractionDisabled
        for subview in node.subviews {
            write(subview, indent: 6, depth: 1, touchable: touchable, toScreen: { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) })
        }
    }

    typealias Node = HierarchyDump.Node

    /// Writes a view and its subviews. `toScreen` takes a point of the superview to the screen.
    private mutating func write(_ node: Node, indent: Int, depth: Int, touchable: Bool, toScreen: (CGPoint) -> CGPoint) {
        let view = node.view
        let pad = String(repeating: " ", count: indent)
        let kind = Self.kinds[view.className] ?? .view
        let name = nextName(view.className)
        let geometry = ImportedGeometry(view)
        for note in geometry.notes { notes.append(.init(line: view.line, message: note)) }

        text += "\(pad)- name: \(name)  # \(Self.comment(view.className))\(view.address.map { " " + Self.comment($0) } ?? ""), line \(view.line)\n"
        let body = pad + "  "
        if kind != .view { text += "\(body)kind: \(kind.rawValue)\n" }
        text += "\(body)frame: \(Self.rect(geometry.frame))\n"
        if geometry.boundsOrigin != .zero {
            text += "\(body)bounds-origin: [\(Self.number(geometry.boundsOrigin.x)), \(Self.number(geometry.boundsOrigin.y))]\n"
        }
        if !geometry.transform.isIdentity { text += "\(body)transform: \(Self.transform(geometry))\n" }
        if view.isHidden { text += "\(body)hidden: true\n" }
        if view.alpha != 1 { text += "\(body)alpha: \(Self.number(view.alpha))\n" }
        // UIKit prints userInteractionEnabled only when it is NO; labels and image views default to NO
        // in a scenario, so they say so when the dump did not.
        let interactive = !view.isUserInteractionDisabled
        let kindDefault = kind != .label && kind != .image
        if interactive != kindDefault { text += "\(body)interaction: \(interactive)\n" }
        if kind == .textField, let value = view.text { text += "\(body)text: \(Self.quoted(value))\n" }
        if view.clipsToBounds { text += "\(body)# clipsToBounds = YES: hit-testing does not clip (a point outside the bounds fails point(inside:) anyway)\n" }
        if let recognizers = view.gestureRecognizers {
            text += "\(body)# has gestureRecognizers \(Self.comment(recognizers)): add them under 'recognizers:'\n"
        }

        let canTouch = touchable && interactive && !view.isHidden && view.alpha > 0.01
        let center = toScreen(geometry.pointInSuperview(geometry.boundsCenter))
        if canTouch, depth >= (tapTarget?.depth ?? 0) { tapTarget = (depth, name, center) }

        guard !node.subviews.isEmpty else { return }
        text += "\(body)subviews:\n"
        for subview in node.subviews {
            write(subview, indent: indent + 4, depth: depth + 1, touchable: canTouch,
                  toScreen: { toScreen(geometry.pointInSuperview($0)) })
        }
    }

    private static func isWindow(_ className: String) -> Bool {
        className == "UIWindow" || className.hasSuffix("Window")
    }

    /// `MyApp.CardView` → `CardView3`: the class without its module, letters, digits and `_` only, and a
    /// number counting that class.
    private mutating func nextName(_ className: String) -> String {
        let base = className.split(separator: "<").first.map(String.init) ?? className
        let lastPart = base.split(separator: ".").last.map(String.init) ?? base
        var cleaned = String(lastPart.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }.map(Character.init))
        if cleaned.isEmpty { cleaned = "View" }
        let count = (counters[cleaned] ?? 0) + 1
        counters[cleaned] = count
        return "\(cleaned)\(count)"
    }

    private static func transform(_ g: ImportedGeometry) -> String {
        var parts: [String] = []
        if g.scale != CGSize(width: 1, height: 1) {
            parts.append(g.scale.width == g.scale.height ? "scale: \(number(g.scale.width))"
                                                         : "scale: [\(number(g.scale.width)), \(number(g.scale.height))]")
        }
        if number(g.rotationDegrees) != "0" { parts.append("rotate: \(number(g.rotationDegrees))") }
        if g.translation != .zero { parts.append("translate: [\(number(g.translation.x)), \(number(g.translation.y))]") }
        return "{\(parts.joined(separator: ", "))}"
    }

    static func number(_ value: CGFloat) -> String { ImportedGeometry.number(value) }

    private static func rect(_ r: CGRect) -> String {
        "[\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height))]"
    }

    /// A YAML double-quoted string.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += String(format: "\\x%02X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Text safe in a YAML comment: one line, no control characters.
    private static func comment(_ value: String) -> String {
        String(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}
