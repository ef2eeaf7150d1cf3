/// A problem with a scenario file, at a place in it, with what to do about it.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, and the fix when there is an obvious one.
    public var message: String

    /// Creates an error.
    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form editors and terminals link to.
    public var description: String { "\(file):\(location.line):\(location.column): \(message)" }
}
