/// A weak reference to a window, for the application's list of windows.
@MainActor
struct WeakWindow {
    weak var window: UIWindow?
}
