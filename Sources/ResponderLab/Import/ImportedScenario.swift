import Foundation
import ResponderKit

/// Writes a scenario file (see `Scenarios/README.md`) for a dumped hierarchy.
///
/// - A root whose class is a window (`UIWindow`, or a name ending in `Window`) becomes a window; other
///   roots go into one window named `window` that is as large as they need.
/// - UIKit's control and content classes become their kinds (``kinds``), and so do their subclasses,
///   which UIKit prints with `baseClass = UIButton`. A `UITableView` or `UICollectionView` becomes a
///   `table` or `collection`, its rows estimated from the cells in view and its first cell's content
///   what every cell holds (``ImportedContainer``). Any other view UIKit prints a `contentOffset` and a
///   `contentSize` for is a `UIScrollView` or a subclass (`UITextView`): it becomes a scroll view with
///   its content size, offset and inset. Every other class becomes a plain view.
/// - A control's own subviews, of UIKit's classes (`UISwitchModernVisualElement`, `UIButtonLabel`,
///   `_UISlideriOSVisualElement`…), are not imported: the engine's control stands for the whole of
///   it, as UIKit's does. On a device those subviews take the touch and the control's private
///   recognizers on them work it; imported as plain views, they would take the touch and the control
///   would never see it. Subviews of the application's classes are kept.
/// - Names are the class without its module and a number counting that class in dump order
///   (`UILabel1`, `CardView2`): stable for the same dump and readable in traces. The full class and
///   the address stay in a comment on the name's line, since the format has no key for them.
/// - Views with `gestureRecognizers` get a comment: the dump does not say which recognizers they are.
/// - The script taps the centre of the deepest view that can take a touch (visible, opaque enough,
///   interaction enabled all the way up; the front-most of the deepest), so `responder run` shows the
///   hit-test path at once. With no such view the script only waits.
struct ImportedScenario {
    /// UIKit classes and the kind a scenario gives them (a subclass is known by its `baseClass`).
    static let kinds: [String: ViewSpec.Kind] = [
        "UIButton": .button, "UISwitch": .switch, "UISlider": .slider, "UITextField": .textField,
        "UILabel": .label, "UIImageView": .image, "UITableView": .table, "UICollectionView": .collection,
        "UIScrollView": .scroll, "UITextView": .scroll,
    ]

    /// The kind a dumped view becomes: its class's, its base class's, a scroll view's when UIKit printed
    /// its content, or a plain view.
    static func kind(of view: DumpedView) -> ViewSpec.Kind {
        if let kind = kinds[view.className] ?? view.baseClass.flatMap({ kinds[$0] }) { return kind }
        if view.contentOffset != nil && view.contentSize != nil { return .scroll }
        return .view
    }

    /// Whether a class is UIKit's own (`UIButtonLabel`, `_UISystemBackgroundView`,
    /// `UIKit._UISliderGlassVisualElement`), not the application's (`MyApp.Badge`, `_TtC5MyApp5Badge`).
    static func isUIKitClass(_ className: String) -> Bool {
        let name = className.hasPrefix("UIKit.") ? String(className.dropFirst("UIKit.".count)) : className
        if name.hasPrefix("_Tt") || name.contains(".") { return false }
        return name.hasPrefix("UI") || name.hasPrefix("_")
    }

    /// Kinds that stand for their UIKit subviews.
    private static let controlKinds: Set<ViewSpec.Kind> = [.button, .switch, .slider, .textField]

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
        let origin = view.frame.origin
        let touchable = !view.isHidden && !view.isUserInteractionDisabled
        let toScreen: (CGPoint) -> CGPoint = { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) }
        var subviews = node.subviews
        // UIKit's containers: a navigation controller's views and a sheet's become controllers. (A transition
        // view without a sheet stays views: the dump cannot tell a full-screen presentation from it.)
        let presentations = subviews.filter(Self.isSheetPresentation)
        if !presentations.isEmpty || subviews.contains(where: Self.isNavigationContainer) {
            subviews.removeAll(where: Self.isSheetPresentation)
            let rootView = subviews.isEmpty ? nil : subviews.removeFirst()
            text += "    root:\n"
            writeController(rootView, indent: 6, depth: 1, touchable: touchable, presenting: presentations.first, toScreen: toScreen)
            for extra in presentations.dropFirst() {
                notes.append(.init(line: extra.view.line, message: "a second presentation in one window: only the first is imported"))
            }
        }
        guard !subviews.isEmpty else { return }
        text += "    subviews:\n"
        for subview in subviews {
            write(subview, indent: 6, depth: 1, touchable: touchable, toScreen: toScreen)
        }
    }

    // MARK: UIKit's containers

    static let transitionView = "UITransitionView"

    /// A presented sheet's views: a `UITransitionView` holding a `UIDropShadowView`.
    static func isSheetPresentation(_ node: Node) -> Bool {
        node.view.className == transitionView && node.subviews.contains { $0.view.className == "UIDropShadowView" }
    }

    /// A navigation controller's view: a `UILayoutContainerView` holding a `UINavigationTransitionView`.
    static func isNavigationContainer(_ node: Node) -> Bool {
        node.view.className == "UILayoutContainerView"
            && node.subviews.contains { $0.view.className == "UINavigationTransitionView" }
    }

    /// Writes a view controller as the mapping of a key (`root:`, `presented:`): a navigation controller
    /// for a navigation container, otherwise a controller whose view is `node` (none: a controller not
    /// in the dump, with a plain view). `presenting`, a `UITransitionView`, becomes its presented controller.
    private mutating func writeController(_ node: Node?, indent: Int, depth: Int, touchable: Bool, presenting: Node? = nil,
                                          style: String? = nil, toScreen: @escaping (CGPoint) -> CGPoint) {
        let pad = String(repeating: " ", count: indent)
        if let node, Self.isNavigationContainer(node) {
            let container = node.view
            let name = nextName("NavigationController")
            text += "\(pad)name: \(name)  # a UINavigationController: its \(Self.comment(container.className)), line \(container.line)\n"
            if let style { text += "\(pad)presentation: \(style)\n" }
            // Through the container, the transition view and the wrapper view to the top controller's view.
            let containerGeometry = ImportedGeometry(container)
            let transition = node.subviews.first { $0.view.className == "UINavigationTransitionView" }!
            let transitionGeometry = ImportedGeometry(transition.view)
            let wrapper = transition.subviews.first { $0.view.className == "UIViewControllerWrapperView" }
            let wrapperGeometry = wrapper.map { ImportedGeometry($0.view) }
            let toContent: (CGPoint) -> CGPoint = { point in
                let inTransition = wrapperGeometry.map { $0.pointInSuperview(point) } ?? point
                return toScreen(containerGeometry.pointInSuperview(transitionGeometry.pointInSuperview(inTransition)))
            }
            for bar in node.subviews where bar.view.className == "UINavigationBar" {
                notes.append(.init(line: bar.view.line, message: "UINavigationBar: the navigation controller here has no bar; not imported"))
                text += "\(pad)# its UINavigationBar (line \(bar.view.line)) is not imported: ResponderKit's navigation controller has no bar\n"
            }
            text += "\(pad)stack:\n"
            text += "\(pad)  - name: \(nextName("ViewController"))  # not in the dump: a controller under the top one, so the back swipe can pop; remove it if the dump shows the root controller\n"
            let top = wrapper?.subviews.last
            text += "\(pad)  - name: \(nextName("ViewController"))\(top == nil ? "  # its view is not in the dump" : "")\n"
            if let top {
                text += "\(pad)    view:\n"
                write(top, indent: indent + 6, depth: depth + 1, touchable: touchable && !container.isHidden && !container.isUserInteractionDisabled,
                      listItem: false, toScreen: toContent)
            }
        } else {
            text += "\(pad)name: \(nextName("ViewController"))\(node == nil ? "  # not in the dump: the presenting controller" : "")\n"
            if let style { text += "\(pad)presentation: \(style)\n" }
            if let node {
                text += "\(pad)view:\n"
                write(node, indent: indent + 2, depth: depth, touchable: touchable, listItem: false, toScreen: toScreen)
            }
        }
        guard let presenting else { return }
        // A sheet: the transition view holds a drop-shadow view holding the presented controller's view.
        let transitionGeometry = ImportedGeometry(presenting.view)
        let sheet = presenting.subviews.first { $0.view.className == "UIDropShadowView" }!
        let sheetGeometry = ImportedGeometry(sheet.view)
        let content = sheet.subviews.last
        let presentedStyle = sheet.view.frame.width < presenting.view.frame.width ? "form-sheet" : "page-sheet"
        let toPresented: (CGPoint) -> CGPoint = { toScreen(transitionGeometry.pointInSuperview(sheetGeometry.pointInSuperview($0))) }
        for other in presenting.subviews where other.view.line != sheet.view.line && other.view.className != "UIDimmingView" {
            notes.append(.init(line: other.view.line, message: "\(other.view.className) beside the sheet in its transition view: not imported"))
        }
        text += "\(pad)presented:  # its \(Self.transitionView), line \(presenting.view.line)\n"
        writeController(content, indent: indent + 2, depth: depth + 1, touchable: touchable && !presenting.view.isHidden,
                        style: presentedStyle, toScreen: toPresented)
    }

    typealias Node = HierarchyDump.Node

    /// Writes a view and its subviews. `toScreen` takes a point of the superview to the screen. As a
    /// list item (`- name:`), or, `listItem` false, as the mapping of a key such as `view:`.
    private mutating func write(_ node: Node, indent: Int, depth: Int, touchable: Bool, listItem: Bool = true,
                                toScreen: (CGPoint) -> CGPoint) {
        let view = node.view
        let pad = String(repeating: " ", count: indent)
        let kind = Self.kind(of: view)
        let name = nextName(view.className)
        let geometry = ImportedGeometry(view)
        for note in geometry.notes { notes.append(.init(line: view.line, message: note)) }

        text += "\(pad)\(listItem ? "- " : "")name: \(name)  # \(Self.comment(view.className))\(view.address.map { " " + Self.comment($0) } ?? ""), line \(view.line)\n"
        let body = listItem ? pad + "  " : pad
        if kind != .view { text += "\(body)kind: \(kind.rawValue)\n" }
        text += "\(body)frame: \(Self.rect(geometry.frame))\n"
        let isContainer = kind == .table || kind == .collection
        if kind == .scroll {
            if view.className != "UIScrollView", view.baseClass != "UIScrollView" {
                text += "\(body)# a \(Self.comment(view.baseClass ?? view.className)): imported as a scroll view, with its subviews as dumped\n"
            }
            let size = view.contentSize ?? Self.extent(of: node.subviews)
            let estimated = view.contentSize == nil ? "  # not in the dump (older iOS versions print only contentOffset): the extent of its subviews" : ""
            text += "\(body)content-size: [\(Self.number(size.width)), \(Self.number(size.height))]\(estimated)\n"
            if geometry.boundsOrigin != .zero {
                text += "\(body)content-offset: [\(Self.number(geometry.boundsOrigin.x)), \(Self.number(geometry.boundsOrigin.y))]\n"
            }
            if let i = view.contentInset, i != .zero {
                text += "\(body)content-inset: [\(Self.number(i.top)), \(Self.number(i.left)), \(Self.number(i.bottom)), \(Self.number(i.right))]\n"
            }
        } else if geometry.boundsOrigin != .zero, !isContainer {
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
            // A table's or collection's own recognizers (its pan, its swipe) are made by it.
            text += isContainer ? "\(body)# has gestureRecognizers \(Self.comment(recognizers)): its own are made by the \(kind.rawValue); add any of the app's under 'recognizers:'\n"
                                : "\(body)# has gestureRecognizers \(Self.comment(recognizers)): add them under 'recognizers:'\n"
        }

        let canTouch = touchable && interactive && !view.isHidden && view.alpha > 0.01
        let center = toScreen(geometry.pointInSuperview(geometry.boundsCenter))
        if canTouch, depth >= (tapTarget?.depth ?? 0) { tapTarget = (depth, name, center) }
        if isContainer {
            writeContainer(node, kind: kind, name: name, body: body, depth: depth, touchable: canTouch,
                           toScreen: { toScreen(geometry.pointInSuperview($0)) })
            return
        }

        var subviews = node.subviews
        if Self.controlKinds.contains(kind) {
            let parts = subviews.filter { Self.isUIKitClass($0.view.className) }
            subviews.removeAll { Self.isUIKitClass($0.view.className) }
            if !parts.isEmpty {
                let classes = Array(Set(parts.map { Self.comment($0.view.className) })).sorted().joined(separator: ", ")
                text += "\(body)# its \(parts.count) UIKit subview\(parts.count == 1 ? "" : "s") (\(classes)) not imported: the \(kind.rawValue) stands for them\n"
            }
        }
        guard !subviews.isEmpty else { return }
        text += "\(body)subviews:\n"
        for subview in subviews {
            write(subview, indent: listItem ? indent + 4 : indent + 2, depth: depth + 1, touchable: canTouch,
                  toScreen: { toScreen(geometry.pointInSuperview($0)) })
        }
    }

    /// The box from the origin to the far edges of `nodes`' frames: a scroll view's content when the dump
    /// does not give its size.
    private static func extent(of nodes: [Node]) -> CGSize {
        let box = nodes.reduce(CGRect.zero) { $0.union(ImportedGeometry($1.view).frame) }
        return CGSize(width: max(0, box.maxX), height: max(0, box.maxY))
    }

    /// A table's or collection's keys, and what its first cell holds as every cell's content (see
    /// ``ImportedContainer``); the tap goes to the first cell's content, or the first cell.
    private mutating func writeContainer(_ node: Node, kind: ViewSpec.Kind, name: String, body: String, depth: Int,
                                         touchable: Bool, toScreen: (CGPoint) -> CGPoint) {
        let container = ImportedContainer(node, kind: kind)
        for note in container.notes { notes.append(.init(line: node.view.line, message: note)) }
        for key in container.keys { text += "\(body)\(key)\n" }
        if let centre = container.firstCellCentre, touchable, depth + 1 >= (tapTarget?.depth ?? 0) {
            tapTarget = (depth + 1, "the first cell of \(name)", toScreen(centre))
        }
        guard !container.template.isEmpty else { return }
        text += "\(body)cell:\n\(body)  subviews:\n"
        let origin = container.templateOrigin
        for subview in container.template {
            write(subview, indent: body.count + 4, depth: depth + 2, touchable: touchable,
                  toScreen: { toScreen(CGPoint(x: $0.x + origin.x, y: $0.y + origin.y)) })
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
