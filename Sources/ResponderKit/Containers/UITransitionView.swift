import Foundation

/// The view that holds a presentation: UIKit's private class of the same name. It fills the window,
/// in front of what was there, and holds the presented controller's view (full screen) or the sheet
/// (a ``UIDropShadowView``). Touches that land on it outside the sheet reach nothing, as on a device.
final class UITransitionView: UIView {}
