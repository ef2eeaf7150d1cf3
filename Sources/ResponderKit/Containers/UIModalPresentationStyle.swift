/// How a presented view controller is shown (``UIViewController/modalPresentationStyle``).
///
/// The raw values are UIKit's.
public enum UIModalPresentationStyle: Int, Sendable, CustomStringConvertible {
    /// The system's choice: a page sheet, as UIKit chooses for most controllers.
    case automatic = -2
    /// The presented view covers the window; the presenting controller's views leave the window once
    /// the presentation completes (and come back when it is dismissed).
    case fullScreen = 0
    /// A sheet that covers the window but a strip at its top, the presenting view still showing above
    /// it. The user dismisses it by dragging it down.
    case pageSheet = 1
    /// A sheet centered in a wide window (540 × 620 pt); in a narrow one it is a page sheet. The user
    /// dismisses it by dragging it down.
    case formSheet = 2
    /// The presented view covers the window, and the presenting controller's views stay in it, under it.
    case overFullScreen = 5

    /// The style's name in Swift.
    public var description: String {
        switch self {
        case .automatic: return "automatic"
        case .fullScreen: return "fullScreen"
        case .pageSheet: return "pageSheet"
        case .formSheet: return "formSheet"
        case .overFullScreen: return "overFullScreen"
        }
    }

    /// Whether the style shows a sheet the user can drag away (after `.automatic` is resolved).
    var isSheet: Bool { self == .pageSheet || self == .formSheet }
}
