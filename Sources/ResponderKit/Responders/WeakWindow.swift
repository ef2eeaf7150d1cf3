/// A reference to a window that does not keep it alive, for the application's list of windows. It holds
/// the window's link rather than a weak reference (see ``WeakLink``).
@MainActor
struct WeakWindow {
    private let link: WeakLink<UIResponder>

    init(window: UIWindow) {
        link = window.link
    }

    var window: UIWindow? { link.object(as: UIWindow.self) }
}
