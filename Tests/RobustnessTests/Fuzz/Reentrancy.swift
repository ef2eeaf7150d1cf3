// The re-entrant handler behaviours a generated scene may switch on, each by name.

import Foundation

/// Handler code that changes the world while the engine is delivering to it. A generated scene turns a
/// random subset on; `RESPONDERKIT_REENTRANCY=name,name` (or `all`, `none`) fixes the subset.
enum Reentrancy: String, CaseIterable, Sendable {
    /// A view removes itself (or an ancestor) from its superview in `touchesBegan`.
    case removeViewInTouchesBegan
    /// A recognizer's action removes the recognizer's view from the window.
    case removeRecognizerViewInAction
    /// A recognizer's action adds a new recognizer somewhere and removes another.
    case addRemoveRecognizersInAction
    /// A recognizer's action disables the recognizer itself.
    case disableRecognizerInAction
    /// `motionBegan` hands first-responder status to another responder (or resigns it).
    case changeFirstResponderInMotionBegan
    /// Handlers post new input; it must be queued behind the event being handled (H1, FIFO).
    case postInputFromHandler
    /// A button's touch-up-inside action presents a controller, or dismisses one.
    case presentDismissFromButtonAction
    /// A continuous recognizer's action, or a view's `touchesMoved`, hides a window mid-gesture.
    case hideWindowMidGesture
    /// A table's or collection's `didSelect`, or a swipe action's handler, reloads it, selects by code,
    /// changes its editing, completes an action kept for later, or takes it out of its window.
    case changeContainerInHandler

    /// The subset the environment asks for, if any.
    static var fromEnvironment: Set<Reentrancy>? {
        guard let text = ProcessInfo.processInfo.environment["RESPONDERKIT_REENTRANCY"] else { return nil }
        if text == "all" { return Set(allCases) }
        if text == "none" || text.isEmpty { return [] }
        return Set(text.split(separator: ",").compactMap { Reentrancy(rawValue: $0.trimmingCharacters(in: .whitespaces)) })
    }

    static func describe(_ set: Set<Reentrancy>) -> String {
        set.isEmpty ? "none" : set.map(\.rawValue).sorted().joined(separator: ",")
    }
}
