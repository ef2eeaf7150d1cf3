/// A responder held through its link (see ``WeakLink``): reads nil once the responder is gone, and
/// neither keeps it alive nor gives it a side table, as a weak reference would.
///
/// For back references read now and then (a key window, a first responder, a scroll view's own
/// recognizers). The ones dispatch reads on every event (a superview, a recognizer's view) hold their
/// link in a property of their own, whose exclusivity is not checked at run time.
@MainActor
@propertyWrapper
struct Linked<Object: UIResponder> {
    private var link: WeakLink<UIResponder>?

    init(wrappedValue: Object?) {
        link = wrappedValue?.link
    }

    var wrappedValue: Object? {
        get { link?.object(as: Object.self) }
        set { link = newValue?.link }
    }
}
