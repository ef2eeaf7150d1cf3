import Foundation

extension RunLoop.Mode {
    /// The mode the application's loop runs in while a scroll view tracks a finger or decelerates (I4).
    ///
    /// UIKit declares it (`RunLoop.Mode.tracking`, `UITrackingRunLoopMode`); Foundation on Linux does
    /// not, so ResponderKit does, with UIKit's raw value. Timers scheduled for `.default` wait while the
    /// loop is in this mode; those scheduled for `.common` fire in it.
    public static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}

extension RunLoop.Mode {
    /// The loop modes a timer scheduled for this mode runs in. ResponderKit's loop runs in `.default`
    /// or `.tracking` only, so a timer may be scheduled for those two or for `.common` (both); another
    /// mode would never fire, and is refused with a message.
    var loopModes: LoopModes {
        switch self {
        case .default: return .default
        case .tracking: return .tracking
        case .common: return .common
        default:
            preconditionFailure("the application's loop runs only in .default and .tracking: schedule the timer for "
                                + ".default, .tracking or .common (both), not '\(rawValue)'")
        }
    }

    /// The short name traces print: `default`, `tracking`, `common`.
    var traceName: String {
        switch self {
        case .default: return "default"
        case .tracking: return "tracking"
        case .common: return "common"
        default: return rawValue
        }
    }
}

extension LoopModes {
    /// The `RunLoop.Mode` a set of loop modes stands for: `.common` for both.
    var runLoopMode: RunLoop.Mode {
        switch self {
        case .common: return .common
        case .tracking: return .tracking
        default: return .default
        }
    }
}
