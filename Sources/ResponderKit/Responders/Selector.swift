/// The name of an action, for actions sent up the responder chain (R17).
///
/// Without the Objective-C runtime a selector is just a name: a responder handles it by answering
/// ``UIResponder/canPerformAction(_:withSender:)`` with true and doing the work in
/// ``UIResponder/perform(_:with:)``. Write one as a string literal: `"save:"`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name.
    public let name: String

    /// Creates a selector from its name.
    public init(_ name: String) { self.name = name }

    /// Creates a value from a string literal.
    public init(stringLiteral value: String) { self.name = value }

    /// A textual form for debugging and traces.
    public var description: String { name }
}
