import ResponderKit

/// A scenario application's delegate: a plain responder, so it ends the responder chain (B5).
@MainActor
final class AppDelegate: UIResponder, UIApplicationDelegate {}
