import Foundation

/// The object a trace record is about, by value: a stable identity, the UIKit class the object is or
/// descends from, and the name traces call it by.
///
/// A record keeps no reference to the object, so a trace outlives the scene it describes, and a
/// subject costs no allocation to build (its strings are the object's own, shared).
public struct TraceSubject: Sendable, Hashable, CustomStringConvertible {
    /// Unique among the objects a process creates: responders and recognizers are numbered from 1 in
    /// the order they are created; other objects (a gesture's plain target) by their address.
    public var id: Int
    /// The UIKit class the object is or descends from (`UIButton` for a button subclass, `UIView` for a
    /// plain view's subclass, `UITapGestureRecognizer`…); for an object outside UIKit, its own type.
    public var className: String
    /// The name traces print: a view's `accessibilityIdentifier`, a controller's `title`, a recognizer's
    /// `name`, or else the type's name.
    public var name: String

    /// Creates a subject.
    public init(id: Int, className: String, name: String) {
        self.id = id
        self.className = className
        self.name = name
    }

    /// The name, as traces print it.
    public var description: String { name }

    /// Whether the object is a control whose `gestureRecognizerShouldBegin(_:)` refuses its superviews'
    /// gestures (R10): a button, a switch, a slider.
    public var refusesSuperviewGestures: Bool {
        switch className {
        case "UIButton", "UISwitch", "UISlider": return true
        default: return false
        }
    }
}

/// The engine's side of ``TraceSubject``: identities, and type names computed once per type.
@MainActor
enum TraceIdentity {
    private static var lastID = 0
    private static var typeNames: [ObjectIdentifier: String] = [:]

    /// The next identity for a responder or a recognizer.
    static func next() -> Int {
        lastID += 1
        return lastID
    }

    /// The name of `object`'s type. Building it allocates (`String(describing:)`), so it is built once
    /// per type: a record names an unnamed object without allocating.
    static func typeName(of object: AnyObject) -> String {
        let key = ObjectIdentifier(type(of: object))
        if let name = typeNames[key] { return name }
        let name = String(describing: type(of: object))
        typeNames[key] = name
        return name
    }

    /// The name of `type`, kept in `slot` after the first time.
    static func name(of type: AnyClass, keptIn slot: inout String?) -> String {
        if let slot { return slot }
        let key = ObjectIdentifier(type)
        let name = typeNames[key] ?? String(describing: type)
        typeNames[key] = name
        slot = name
        return name
    }

    /// The name of `object`'s type, kept in `slot` after the first time: a traced event names the same
    /// objects many times, and each lookup in the shared table hashes.
    static func typeName(of object: AnyObject, keptIn slot: inout String?) -> String {
        if let slot { return slot }
        let name = typeName(of: object)
        slot = name
        return name
    }

    /// The subject for an object that is neither a responder nor a recognizer (a gesture's plain
    /// target): named by its type, numbered by its address.
    static func subject(ofObject object: AnyObject) -> TraceSubject {
        let name = typeName(of: object)
        return TraceSubject(id: Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object).hashValue)), className: name, name: name)
    }
}
