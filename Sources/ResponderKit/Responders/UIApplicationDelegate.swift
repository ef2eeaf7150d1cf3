/// The application's delegate. When it is a ``UIResponder`` (and not a view, a view controller or the
/// application), it ends the responder chain, after the application (B5).
///
/// The life-cycle methods are called when the system side (``DeviceSystem``) changes the
/// application's ``UIApplication/applicationState``; each has an empty default.
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The application became active (it is in front and receives events).
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The application is about to stop being active: locking, an interruption, going to the background.
    func applicationWillResignActive(_ application: UIApplication)
    /// The application went to the background.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The application is about to come back from the background.
    func applicationWillEnterForeground(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}
}
