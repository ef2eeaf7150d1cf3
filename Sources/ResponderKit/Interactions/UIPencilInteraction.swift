import Foundation

/// Tells a delegate when the user double-taps the side of an Apple Pencil (U4).
///
/// Attach it to a view with ``UIView/addInteraction(_:)``. A pencil's tap (``HIDEvent/Payload/pencilTap``,
/// ``EventSimulator/pencilDoubleTap()``) reaches every enabled interaction whose view is in a visible
/// window and not hidden, as UIKit's does "if the interaction's view is in a visible view hierarchy":
/// windows from the frontmost, views in the order of the tree.
@MainActor
public final class UIPencilInteraction: UIInteraction {
    /// The object that hears the taps. Held weakly.
    public weak var delegate: UIPencilInteractionDelegate?
    /// Whether the interaction tells its delegate of taps. True by default.
    public var isEnabled = true
    /// The view the interaction is attached to.
    public private(set) weak var view: UIView?

    /// Creates an interaction without a delegate.
    public init() {}

    /// Creates an interaction that tells `delegate` of taps.
    public convenience init(delegate: UIPencilInteractionDelegate) {
        self.init()
        self.delegate = delegate
    }

    /// Called as the interaction is attached or detached.
    public func willMove(to view: UIView?) {}

    /// Called once the interaction is attached (to `view`) or detached (nil).
    public func didMove(to view: UIView?) {
        self.view = view
    }

    /// A double tap on the pencil.
    @MainActor
    public final class Tap {
        /// When the tap happened, on the application's clock.
        public let timestamp: TimeInterval

        init(timestamp: TimeInterval) {
            self.timestamp = timestamp
        }
    }

    // MARK: The user's preferences

    /// What the user chose, in the system's settings, for a double tap to do. `.switchEraser` unless the
    /// system (here: the embedder or a test, which play the system's part) sets another value.
    public static var preferredTapAction: UIPencilPreferredAction = .switchEraser

    /// Whether the user chose to draw only with the pencil (fingers then scroll and select). False unless
    /// the system (the embedder or a test) sets it.
    public static var prefersPencilOnlyDrawing = false
}

/// What the user chose for a double tap on the pencil to do (``UIPencilInteraction/preferredTapAction``).
public enum UIPencilPreferredAction: Int, Sendable {
    /// Nothing.
    case ignore = 0
    /// Switch between the current tool and the eraser.
    case switchEraser = 1
    /// Switch between the current tool and the one used before.
    case switchPrevious = 2
    /// Show the color palette.
    case showColorPalette = 3
    /// Show the ink's attributes.
    case showInkAttributes = 4
    /// Show a palette for the context.
    case showContextualPalette = 5
    /// Run a shortcut the user chose.
    case runSystemShortcut = 6
}
