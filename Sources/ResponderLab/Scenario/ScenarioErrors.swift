/// Every problem found in one scenario file.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order they appear in the file.
    public var errors: [ScenarioError]

    /// Wraps a list of problems.
    public init(_ errors: [ScenarioError]) {
        self.errors = errors.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
