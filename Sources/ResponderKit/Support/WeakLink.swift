/// A reference that does not keep its object alive and reads nil once the object is gone, as `weak`
/// does, but without making every retain and release of the object slower.
///
/// Why not `weak`: the first weak reference to an object gives it a side table, and from then on every
/// retain and release of that object goes through the runtime's slow path, about four times the fast
/// one. The application, windows, views and recognizers are retained and released many times per
/// event, so one weak reference to any of them made every event slower. Their back references
/// (an event's application, a view's superview, a recognizer's view, a timer's recognizer) go through
/// a link instead: the object owns its one link, every holder keeps the link, and the object's
/// `deinit` clears the link before anything else.
///
/// Only for the engine's main-actor objects, which are read and released on the main actor: the link
/// is cleared by the object's `deinit`, not atomically by the runtime as a weak reference is. It is
/// `@unchecked Sendable` only so that a `deinit`, which Swift does not isolate to the main actor, may
/// clear it; nothing else touches a link off the main actor.
final class WeakLink<Object: AnyObject>: @unchecked Sendable {
    /// The object, or nil once it has begun to go away.
    private(set) unowned(unsafe) var object: Object?

    /// A link to nothing yet: the object attaches itself once it is initialized.
    init() {}

    /// Called by the object at the end of its initializer.
    func attach(_ object: Object) {
        self.object = object
    }

    /// Called by the object's `deinit`, before anything else there can read the link.
    func clear() {
        object = nil
    }

    /// The link kept in `slot`, made for `object` the first time it is asked for (most objects are
    /// never referred to through a link, and make none).
    static func link(of object: Object, keptIn slot: inout WeakLink<Object>?) -> WeakLink<Object> {
        if let slot { return slot }
        let link = WeakLink<Object>()
        link.attach(object)
        slot = link
        return link
    }
}

extension WeakLink where Object == UIResponder {
    /// The responder, as the class it was linked as (every holder links one class of responder).
    @inline(__always)
    func object<T: UIResponder>(as type: T.Type) -> T? {
        object.map { unsafeDowncast($0, to: T.self) }
    }
}
