import Foundation
import ResponderKit

/// A scenario's `scroll` view: a UIScrollView with the hit behaviours, its own recognizers named
/// `<name>.delay`, `<name>.pan` and `<name>.pinch`, and, with a zoom range, its first subview zooming.
@MainActor
final class ScenarioScrollView: UIScrollView, UIScrollViewDelegate, HasHitBehaviour {
    var behaviour = HitBehaviour()

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behavedPoint(inside: point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behavedHitTest { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behavedCanBecomeFirstResponder(inherited: super.canBecomeFirstResponder) }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behavedShouldBegin(recognizer) { super.gestureRecognizerShouldBegin(recognizer) }
    }

    /// Applies the file's properties (after the subviews are in place, so the offset is the file's).
    func configure(_ spec: ScrollSpec, name: String) {
        contentSize = spec.contentSize
        if let (minimum, maximum) = spec.zoomRange {
            minimumZoomScale = minimum
            maximumZoomScale = maximum
            delegate = self
        }
        applyScrollProperties(spec, name: name)
    }

    func viewForZooming(in scrollView: UIScrollView) -> UIView? { subviews.first }
}

extension UIScrollView {
    /// Applies what a file says of any scroll view (a table and a collection view included), then sets the
    /// content offset and names the scroll view's own recognizers `<name>.delay`, `<name>.pan` and
    /// `<name>.pinch`, so files and traces can tell them apart.
    func applyScrollProperties(_ spec: ScrollSpec, name: String) {
        contentInset = spec.contentInset
        isPagingEnabled = spec.isPagingEnabled
        bounces = spec.bounces
        alwaysBounceVertical = spec.alwaysBounceVertical
        alwaysBounceHorizontal = spec.alwaysBounceHorizontal
        delaysContentTouches = spec.delaysContentTouches
        canCancelContentTouches = spec.canCancelContentTouches
        isScrollEnabled = spec.isScrollEnabled
        isDirectionalLockEnabled = spec.isDirectionalLockEnabled
        decelerationRate = spec.fastDeceleration ? .fast : .normal
        contentOffset = spec.contentOffset
        let names = ScrollSpec.recognizerNames(of: name, zooms: pinchGestureRecognizer != nil)
        // A scroll view's first recognizer is its touch-delay recognizer; the file's own come after its pan.
        gestureRecognizers?.first?.name = names[0]
        panGestureRecognizer.name = names[1]
        if names.count > 2 { pinchGestureRecognizer?.name = names[2] }
    }
}
