import Foundation

/// A closure-based action for a control, identified by its ``identifier``.
@MainActor
public final class UIAction {
    /// What identifies an action: adding an action with the identifier of one already added for the same
    /// events replaces it.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The raw value.
        public let rawValue: String
        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a value from its raw value.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (a button created with ``UIButton/init(primaryAction:)`` shows it).
    public let title: String
    /// The action's identifier; a unique one is made when none is given.
    public let identifier: Identifier
    /// The control that sent the action, while its handler runs.
    public private(set) var sender: Any?
    private let handler: @MainActor (UIAction) -> Void

    /// Creates an action.
    public init(title: String = "", identifier: Identifier? = nil, handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }

    /// Runs the handler with `sender` set.
    func perform(from sender: Any?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object, so `view == self`, `Set<UIView>` and dictionary keys work as
// they do there. Not isolated (like `UITouch`'s): they read nothing but the reference. The engine itself
// compares with `===`, so nothing on the dispatch path goes through them.
extension UIAction: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: UIAction, rhs: UIAction) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
