import Foundation
import ResponderKit

/// A ``SceneSnapshot`` as a JSON object, as a trace file holds it (docs/trace-json.md, Scenes): its
/// `kind` is `scene`, and each view gives its identity, geometry and flags by the names of UIKit's
/// properties, leaving out those at their defaults.
@MainActor
extension SceneSnapshot {
    /// The snapshot's object.
    var jsonObject: [String: Any] {
        ["version": TraceJSON.version, "kind": "scene", "time": Self.rounded(time), "windows": windows.map(Self.object)]
    }

    /// Times as the records give them: to the millisecond.
    static func rounded(_ time: TimeInterval) -> Double { (time * 1000).rounded() / 1000 }

    private static func object(_ view: View) -> [String: Any] {
        var object: [String: Any] = subject(view.subject)
        object["center"] = [Double(view.center.x), Double(view.center.y)]
        object["bounds"] = [Double(view.bounds.minX), Double(view.bounds.minY), Double(view.bounds.width), Double(view.bounds.height)]
        let t = view.transform
        if !t.isIdentity { object["transform"] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init) }
        if view.isHidden { object["isHidden"] = true }
        if view.alpha != 1 { object["alpha"] = Double(view.alpha) }
        if !view.isUserInteractionEnabled { object["isUserInteractionEnabled"] = false }
        if view.isMultipleTouchEnabled { object["isMultipleTouchEnabled"] = true }
        if view.isExclusiveTouch { object["isExclusiveTouch"] = true }
        if view.clipsToBounds { object["clipsToBounds"] = true }
        if let level = view.windowLevel { object["windowLevel"] = Double(level) }
        if let control = view.control {
            object["control"] = ["isEnabled": control.isEnabled, "touchInsideMargin": Double(control.touchInsideMargin)]
        }
        if let scroll = view.scroll {
            object["scroll"] = ["contentSize": [Double(scroll.contentSize.width), Double(scroll.contentSize.height)],
                                "zoomScale": Double(scroll.zoomScale)]
        }
        if let container = view.container { object["container"] = ["kind": container.kind.rawValue, "counts": container.counts] }
        if let i = view.pointInsideInsets { object["pointInsideInsets"] = [i.top, i.left, i.bottom, i.right].map(Double.init) }
        if !view.recognizers.isEmpty {
            object["recognizers"] = view.recognizers.map { recognizer -> [String: Any] in
                var object = subject(recognizer.subject)
                if !recognizer.isEnabled { object["isEnabled"] = false }
                if let taps = recognizer.taps {
                    object["numberOfTapsRequired"] = taps.taps
                    object["numberOfTouchesRequired"] = taps.touches
                }
                return object
            }
        }
        if !view.nextResponders.isEmpty { object["nextResponders"] = view.nextResponders.map(subject) }
        if let next = view.nextView { object["nextView"] = next }
        if !view.subviews.isEmpty { object["subviews"] = view.subviews.map(Self.object) }
        return object
    }

    private static func subject(_ subject: TraceSubject) -> [String: Any] {
        ["id": subject.id, "class": subject.className, "name": subject.name]
    }

    /// The snapshot an object holds.
    static func read(_ fields: Fields) throws(TraceJSON.ReadError) -> SceneSnapshot {
        var budget = 0
        return SceneSnapshot(time: try fields.double("time"), windows: try fields.objects("windows").map { window throws(TraceJSON.ReadError) in
            try view(window, depth: 0, budget: &budget)
        })
    }

    /// The deepest a file's views may nest below their window, and the most views a scene may hold: a
    /// damaged or hostile file cannot make reading it recurse without end, nor fill memory.
    nonisolated static let maximumDepth = 200
    static let maximumViews = 100_000

    private static func view(_ f: Fields, depth: Int, budget: inout Int) throws(TraceJSON.ReadError) -> View {
        budget += 1
        guard depth <= maximumDepth else { throw TraceJSON.ReadError(message: "'\(f.path)' nests views more than \(maximumDepth) deep") }
        guard budget <= maximumViews else { throw TraceJSON.ReadError(message: "the scene holds more than \(maximumViews) views") }
        let bounds = try f.numbers("bounds", count: 4)
        var view = View(subject: try subject(f), center: try f.point("center"),
                        bounds: CGRect(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3]))
        if !f.isNull("transform") {
            let t = try f.numbers("transform", count: 6)
            view.transform = CGAffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
        }
        if !f.isNull("isHidden") { view.isHidden = try f.bool("isHidden") }
        if !f.isNull("alpha") { view.alpha = try f.number("alpha") }
        if !f.isNull("isUserInteractionEnabled") { view.isUserInteractionEnabled = try f.bool("isUserInteractionEnabled") }
        if !f.isNull("isMultipleTouchEnabled") { view.isMultipleTouchEnabled = try f.bool("isMultipleTouchEnabled") }
        if !f.isNull("isExclusiveTouch") { view.isExclusiveTouch = try f.bool("isExclusiveTouch") }
        if !f.isNull("clipsToBounds") { view.clipsToBounds = try f.bool("clipsToBounds") }
        if !f.isNull("windowLevel") { view.windowLevel = try f.number("windowLevel") }
        if !f.isNull("control") {
            let control = try f.object("control")
            view.control = Control(isEnabled: try control.bool("isEnabled"), touchInsideMargin: try control.number("touchInsideMargin"))
        }
        if !f.isNull("scroll") {
            let scroll = try f.object("scroll")
            let size = try scroll.numbers("contentSize", count: 2)
            view.scroll = Scroll(contentSize: CGSize(width: size[0], height: size[1]), zoomScale: try scroll.number("zoomScale"))
        }
        if !f.isNull("container") {
            let container = try f.object("container")
            let kind = try container.string("kind")
            guard let known = Container.Kind(rawValue: kind) else { throw container.error("kind", "table or collection, not '\(kind)'") }
            let counts = try container.ints("counts")
            guard counts.allSatisfy({ $0 >= 0 }) else { throw container.error("counts", "a list of counts of 0 or more") }
            view.container = Container(kind: known, counts: counts)
        }
        if !f.isNull("pointInsideInsets") {
            let i = try f.numbers("pointInsideInsets", count: 4)
            view.pointInsideInsets = UIEdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3])
        }
        if !f.isNull("recognizers") {
            view.recognizers = try f.objects("recognizers").map { r throws(TraceJSON.ReadError) in
                var recognizer = Recognizer(subject: try subject(r))
                if !r.isNull("isEnabled") { recognizer.isEnabled = try r.bool("isEnabled") }
                if !r.isNull("numberOfTapsRequired") {
                    recognizer.taps = .init(taps: try r.int("numberOfTapsRequired"), touches: try r.int("numberOfTouchesRequired"))
                }
                return recognizer
            }
        }
        if !f.isNull("nextResponders") { view.nextResponders = try f.objects("nextResponders").map { r throws(TraceJSON.ReadError) in try subject(r) } }
        if !f.isNull("nextView") { view.nextView = try f.int("nextView") }
        if !f.isNull("subviews") {
            view.subviews = try f.objects("subviews").map { s throws(TraceJSON.ReadError) in try Self.view(s, depth: depth + 1, budget: &budget) }
        }
        return view
    }

    private static func subject(_ f: Fields) throws(TraceJSON.ReadError) -> TraceSubject {
        TraceSubject(id: try f.int("id"), className: try f.string("class"), name: try f.string("name"))
    }
}

extension Fields {
    /// A list of `count` finite numbers.
    func numbers(_ key: String, count: Int) throws(TraceJSON.ReadError) -> [CGFloat] {
        guard let list = object[key] as? [Any], list.count == count else { throw error(key, "a list of \(count) numbers") }
        var result: [CGFloat] = []
        for item in list {
            guard let value = Self.double(item) else { throw error(key, "a list of \(count) numbers") }
            result.append(CGFloat(value))
        }
        return result
    }
}
