import Foundation

/// The modes the application's loop runs in, as the set a timer belongs to: `RunLoop.Mode.default`,
/// `.tracking`, and `.common` for both (see `RunLoop.Mode.loopModes`).
struct LoopModes: OptionSet, Sendable {
    let rawValue: UInt8
    static let `default` = LoopModes(rawValue: 1)
    static let tracking = LoopModes(rawValue: 2)
    /// The common modes: the timer fires in either mode the application's loop runs in.
    static let common: LoopModes = [.default, .tracking]
}
