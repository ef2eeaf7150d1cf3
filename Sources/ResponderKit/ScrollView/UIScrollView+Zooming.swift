import Foundation

/// Zooming: a pinch scales the delegate's ``UIScrollViewDelegate/viewForZooming(in:)`` within the zoom
/// range, around the fingers; the content size follows the zoomed view's frame.
extension UIScrollView {

    /// The scale of the zoomed view, within ``minimumZoomScale``…``maximumZoomScale``. 1 by default.
    public var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// The smallest zoom scale. 1 by default.
    public var minimumZoomScale: CGFloat {
        get { storedMinimumZoomScale }
        set {
            storedMinimumZoomScale = newValue
            updatePinchRecognizer()
        }
    }

    /// The largest zoom scale. 1 by default; above the minimum, the scroll view gets its pinch recognizer.
    public var maximumZoomScale: CGFloat {
        get { storedMaximumZoomScale }
        set {
            storedMaximumZoomScale = newValue
            updatePinchRecognizer()
        }
    }

    /// Sets the zoom scale, kept within the range; the content offset stays where it is.
    ///
    /// Animated, the scale moves there over 0.3 s on the application's clock, as
    /// `setContentOffset(_:animated:)` does: the delegate hears `scrollViewWillBeginZooming(_:with:)`
    /// first, `scrollViewDidZoom(_:)` every frame, and `scrollViewDidEndZooming(_:with:atScale:)` at the
    /// end, as UIKit documents for animated changes of the zoom level. ``isZooming`` stays false: it
    /// means a pinch. Without a view for zooming, or outside a window, it changes at once.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite else { return }
        let target = Swift.min(Swift.max(scale, minimumZoomScale), maximumZoomScale)
        if animated || isAnimatingZoom { stopMotion(because: .zoomSet) }
        if animated, target != storedZoomScale, delegate?.viewForZooming(in: self) != nil,
           startZoomAnimation(to: target, offset: contentOffset) { return }
        applyZoom(target, around: nil)
    }

    /// Zooms so that `rect`, in the coordinates of the delegate's ``UIScrollViewDelegate/viewForZooming(in:)``,
    /// fills the bounds as far as the zoom range allows, centred, with the content offset kept in its
    /// range. Animated, it moves there as ``setZoomScale(_:animated:)`` does, offset and scale together.
    /// Without a view for zooming it does nothing.
    public func zoom(to rect: CGRect, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self),
              rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let fitX = rect.width > 0 ? bounds.width / rect.width : .infinity
        let fitY = rect.height > 0 ? bounds.height / rect.height : .infinity
        var scale = Swift.min(fitX, fitY)
        if !scale.isFinite { scale = storedZoomScale }
        scale = Swift.min(Swift.max(scale, minimumZoomScale), maximumZoomScale)
        // The rect's centre in the content at that scale (the zoomed view sits at the content's origin),
        // put in the middle of the bounds, within the range the content size at that scale allows.
        let size = view.bounds.size
        let center = CGPoint(x: (rect.midX - view.bounds.minX) * scale, y: (rect.midY - view.bounds.minY) * scale)
        let low = minimumContentOffset
        let high = CGPoint(x: Swift.max(low.x, size.width * scale + contentInset.right - bounds.width),
                           y: Swift.max(low.y, size.height * scale + contentInset.bottom - bounds.height))
        let offset = CGPoint(x: Swift.min(Swift.max(center.x - bounds.width / 2, low.x), high.x),
                             y: Swift.min(Swift.max(center.y - bounds.height / 2, low.y), high.y))
        stopMotion(because: .zoomSet)
        if animated, scale != storedZoomScale || offset != contentOffset,
           startZoomAnimation(to: scale, offset: offset) { return }
        applyZoom(scale, around: nil)
        contentOffset = offset
    }

    /// Whether an animated zoom is under way.
    var isAnimatingZoom: Bool {
        if case .zoom = motion?.kind { return true }
        return false
    }

    /// The pinch recognizer exists while zooming is possible: the range is more than a point.
    private func updatePinchRecognizer() {
        let possible = maximumZoomScale > minimumZoomScale
        if possible, pinchGestureRecognizer == nil {
            let pinch = UIScrollViewPinchGestureRecognizer()
            pinch.scrollView = self
            pinch.comesAfterAppRecognizers = true // R5, as the pan
            // A direct call, as for the pan (see init(frame:)).
            pinch.addAction(of: self) { scrollView, pinch in scrollView.handlePinch(pinch) }
            addGestureRecognizer(pinch)
            pinchGestureRecognizer = pinch
        } else if !possible, let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
    }

    /// Scales the zoomed view to `scale`, keeping the content point under `anchor` (in this view's
    /// bounds) under it, and tells the delegate.
    func applyZoom(_ scale: CGFloat, around anchor: CGPoint?) {
        guard scale != storedZoomScale, let view = delegate?.viewForZooming(in: self) else { return }
        let old = storedZoomScale
        storedZoomScale = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        if let anchor {
            // The content point under the anchor stays under it.
            let ratio = scale / old
            let offset = contentOffset
            let visible = CGPoint(x: anchor.x - offset.x, y: anchor.y - offset.y)
            contentOffset = CGPoint(x: anchor.x * ratio - visible.x, y: anchor.y * ratio - visible.y)
        }
        if tracesDidScroll { traceDelegateCall(.didZoom(scale: scale)) }
        delegate?.scrollViewDidZoom(self)
    }

    /// The pinch was reset. A zoom it abandoned without a last action (the pinch was removed from the
    /// scroll view mid-gesture, or the scroll view left its window) still ends, so ``isZooming`` does not
    /// stay on and the delegate hears did-end for its will-begin.
    func pinchWasReset() {
        if isZooming { endZooming() }
    }

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            guard let view = delegate?.viewForZooming(in: self) else { return }
            stopMotion(because: .drag)
            isZooming = true
            zoomStartScale = storedZoomScale
            traceDelegateCall(.willBeginZooming)
            delegate?.scrollViewWillBeginZooming(self, with: view)
            fallthrough
        case .changed:
            guard isZooming else { return }
            let wanted = zoomStartScale * pinch.scale
            guard wanted.isFinite else { return }
            applyZoom(Swift.min(Swift.max(wanted, minimumZoomScale), maximumZoomScale), around: pinch.location(in: self))
        case .ended, .cancelled:
            endZooming()
        default:
            break
        }
    }

    private func endZooming() {
        guard isZooming else { return }
        isZooming = false
        let view = delegate?.viewForZooming(in: self)
        if !isDragging, !isDecelerating { contentOffset = clampedOffset(contentOffset) }
        traceDelegateCall(.didEndZooming(scale: storedZoomScale))
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: storedZoomScale)
    }
}

/// The scroll view's pinch. It knows its scroll view without going through ``UIGestureRecognizer/view``,
/// which is already nil when a recognizer removed mid-gesture is reset.
@MainActor
final class UIScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    @Linked var scrollView: UIScrollView?

    override func reset() {
        super.reset()
        scrollView?.pinchWasReset()
    }
}
