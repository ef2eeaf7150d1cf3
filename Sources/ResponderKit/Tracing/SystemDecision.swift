import Foundation

/// A decision of the system side (I1–I3), as ``TraceRecord/Kind/system(_:)`` reports it.
public enum SystemDecision: Sendable, Equatable {
    /// The system kept input for itself: `what` never reaches an application.
    case consumed(what: String, reason: Reason)
    /// A system button was pressed.
    case button(SystemButton)
    /// An application changed state.
    case applicationState(application: String, from: UIApplication.State, to: UIApplication.State)
    /// The system cancelled an application's touches.
    case touchesCancelled(application: String, fingers: [Int], reason: Reason)
    /// A remote-control command was routed to an application.
    case remoteControlRouted(UIEvent.EventSubtype, to: String)
    /// The application defers the system gesture at this edge: this swipe is the application's.
    case edgeDeferred(edge: String)
    /// The system gesture at this edge was recognized.
    case systemGesture(edge: String)

    /// Why the system acted.
    public enum Reason: String, Sendable, Equatable {
        /// No application is in the foreground.
        case noForegroundApplication = "no application is in the foreground"
        /// The device is locked.
        case locked = "the device is locked"
        /// An interruption (a call, an alert) covers the application.
        case interruption = "an interruption covers the application"
        /// The finger's touch was cancelled by the system; its later samples stay with the system.
        case cancelledFinger = "its touch was cancelled by the system"
        /// The lock button.
        case lock = "lock"
        /// The home button or the home gesture.
        case home = "home"
        /// Another application came to the foreground.
        case applicationSwitch = "another application came to the foreground"
        /// A system button the system keeps.
        case systemButton = "a system button"
        /// No application receives remote-control events (R16).
        case noRemoteControlReceiver = "no application receives remote-control events"
    }

    var columns: (subject: String, detail: String) {
        switch self {
        case .consumed(let what, let reason): return (what, "consumed: \(reason.rawValue)")
        case .button(let button): return ("button", "\(button.rawValue)")
        case .applicationState(let application, let from, let to): return (application, "\(from) → \(to)")
        case .touchesCancelled(let application, let fingers, let reason):
            return (application, "cancels \(fingers.map { "#\($0)" }.joined(separator: " ")) (\(reason.rawValue))")
        case .remoteControlRouted(let subtype, let application): return ("remote", "\(subtype) → \(application)")
        case .edgeDeferred(let edge): return ("edge", "\(edge) deferred: this swipe goes to the application")
        case .systemGesture(let edge): return ("edge", "\(edge) system gesture recognized")
        }
    }
}
