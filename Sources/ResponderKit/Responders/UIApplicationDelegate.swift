/// The application's delegate. When it is a ``UIResponder`` (and not a view, a view controller or the
/// application), it ends the responder chain, after the application (B5).
@MainActor
public protocol UIApplicationDelegate: AnyObject {}
