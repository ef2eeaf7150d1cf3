/// A reference that does not keep its object alive and reads nil once the object is gone, almost as
/// `weak` does (the one difference is below), without making every retain and release of the object
/// slower.
///
/// Why not `weak`: the first weak reference to an object gives it a side table, and from then on every
/// retain and release of that object goes through the runtime's slow path, about four times the fast
/// one. The application, windows, views and recognizers are retained and released many times per
/// event, so one weak reference to any of them made every event slower. Their back references
/// (an event's application, a view's superview, a recognizer's view, a timer's recognizer) go through
/// a link instead: the object owns its one link, every holder keeps the link, and the object's
/// `deinit` clears the link.
///
/// A fenced type: it holds its object `unowned(unsafe)`, and its invariants are these.
/// - The object makes its link (``link(of:keptIn:)``) and keeps it; the link is cleared by the `deinit`
///   of the class that keeps it (`UIResponder`, `UIGestureRecognizer`, `UITouch`), which the runtime
///   runs before the object's memory is freed. So a link never reads a freed object.
/// - **What it promises, exactly:** the link reads the object until that base class's `deinit` runs,
///   and nil from then on. A subclass's `deinit` body runs first: while it runs, a link to the object
///   still reads the object (being deinitialized, but whole), where a weak reference would already
///   read nil. Code in such a body sees the same object as `self` there, under the same rule: it may
///   use it while the body runs, but must not keep it (a reference kept past the `deinit` points to
///   freed memory, as one to `self` would). `WeakLinkTests` pins both halves.
/// - Only the engine's main-actor objects have links, and links are read and cleared on the main actor:
///   the link is cleared by the object's `deinit`, not atomically by the runtime as a weak reference is.
///   It is `@unchecked Sendable` only so that a `deinit`, which Swift does not isolate to the main
///   actor, may clear it; nothing else touches a link off the main actor.
final class WeakLink<Object: AnyObject>: @unchecked Sendable {
    /// The object, or nil once its base class's `deinit` ran.
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

    /// The object, as the class it was linked as: every holder of a link links one class of object (a
    /// view's superview is a view, an event's application an application), so the cast cannot fail.
    @inline(__always)
    func object<T: AnyObject>(as type: T.Type) -> T? {
        object.map { unsafeDowncast($0, to: T.self) }
    }
}
