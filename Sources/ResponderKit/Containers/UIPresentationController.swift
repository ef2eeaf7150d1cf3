import Foundation

/// Manages how a presented view controller is shown: its container view, where its view goes, and, for
/// a sheet, the drag that dismisses it.
///
/// Every controller has one, made the first time ``UIViewController/presentationController`` is read
/// (so a delegate can be set before presenting, as apps do), for the controller's
/// ``UIViewController/modalPresentationStyle``.
///
/// The views of a presentation, as on a device: a `UITransitionView` fills the window in front of
/// everything; full screen, it holds the presented controller's view; a sheet is a `UIDropShadowView`
/// in it (``presentedView``) holding the presented controller's view, below a strip at the top of the
/// window where the presenting view still shows. A sheet's own pan, on the `UIDropShadowView`, drags it
/// down: see <doc:NavigationAndSheets>.
@MainActor
open class UIPresentationController {

    /// Creates a presentation controller for `presentedViewController`, presented by
    /// `presentingViewController` (nil until it is presented).
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedController = presentedViewController
        self.presentingController = presentingViewController
    }

    /// The controller presented.
    public var presentedViewController: UIViewController { presentedController! }

    /// The controller that presents it; nil until the presentation (as in UIKit, where the property is
    /// not optional but reads nil before).
    public var presentingViewController: UIViewController! { presentingController }

    /// Hears and steers the user's attempts to dismiss the presentation. Held weakly.
    open weak var delegate: UIAdaptivePresentationControllerDelegate?

    /// The style the presentation uses: the presented controller's ``UIViewController/modalPresentationStyle``,
    /// with `.automatic` made a page sheet, and a form sheet made a page sheet in a window too small for it.
    open var presentationStyle: UIModalPresentationStyle {
        resolvedStyle ?? UIPresentationController.resolve(presentedController?.modalPresentationStyle ?? .automatic, in: nil)
    }

    /// The view that holds the presentation (a `UITransitionView`), while it is on screen.
    open var containerView: UIView? { transitionView }

    /// The view that moves in the presentation: the sheet (a `UIDropShadowView`), or the presented
    /// controller's view when full screen.
    open var presentedView: UIView? {
        guard transitionView != nil else { return nil }
        return dropShadowView ?? presentedController?.viewIfLoaded
    }

    /// Where the presented view sits in the container view when the presentation is complete.
    open var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = transitionView?.bounds else { return .zero }
        return UIPresentationController.frame(for: presentationStyle, in: bounds)
    }

    // MARK: Geometry

    /// The height of the strip at the top of the window that a sheet leaves uncovered: 8 % of the window's
    /// height (observed: the gap Flutter's Cupertino sheet measured on an iOS 18 simulator).
    static let sheetTopGapFraction: CGFloat = 0.08

    /// A form sheet's size, in a window large enough for it: 540 × 620 pt (UIKit's default size for a
    /// form sheet, observed on iPad).
    static let formSheetSize = CGSize(width: 540, height: 620)

    /// How long an animated presentation or dismissal runs: 0.5 s (chosen; UIKit does not document it).
    static let transitionDuration: TimeInterval = 0.5

    /// `style` made concrete for a window of `bounds` (nil: no window yet): `.automatic` is a page sheet,
    /// as UIKit maps it for most controllers; a form sheet that does not fit with room around it (a
    /// window under 700 pt either way: chosen, where UIKit goes by size class) is a page sheet.
    static func resolve(_ style: UIModalPresentationStyle, in bounds: CGRect?) -> UIModalPresentationStyle {
        switch style {
        case .automatic: return .pageSheet
        case .formSheet:
            guard let bounds, bounds.width >= 700, bounds.height >= 700 else { return .pageSheet }
            return .formSheet
        default: return style
        }
    }

    /// Where the presented view goes for `style` in a container of `bounds`.
    static func frame(for style: UIModalPresentationStyle, in bounds: CGRect) -> CGRect {
        switch style {
        case .pageSheet:
            let gap = (bounds.height * sheetTopGapFraction).rounded()
            return CGRect(x: bounds.minX, y: bounds.minY + gap, width: bounds.width, height: bounds.height - gap)
        case .formSheet:
            let size = formSheetSize
            return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        default:
            return bounds
        }
    }

    // MARK: Machinery

    @Linked var presentedController: UIViewController?
    @Linked var presentingController: UIViewController?
    /// The style resolved when the presentation began.
    var resolvedStyle: UIModalPresentationStyle?
    /// The presentation's views while it is on screen.
    var transitionView: UITransitionView?
    var dropShadowView: UIDropShadowView?
    /// The sheet's drag, while a sheet is on screen.
    var sheetInteraction: SheetInteraction?
    /// Where the presenting controller's view was, when a full-screen presentation took it out of the
    /// window, to put it back on dismissal.
    @Linked var presentingViewHome: UIView?
    /// The transition running, if any.
    var runningTransition: PresentationTransition?
}
