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

    /// Sets the zoom scale, kept within the range. There is no drawing to animate, so `animated` ends at
    /// the new scale at once (a departure: UIKit animates it).
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite else { return }
        applyZoom(Swift.min(Swift.max(scale, minimumZoomScale), maximumZoomScale), around: nil)
    }

    /// The pinch recognizer exists while zooming is possible: the range is more than a point.
    private func updatePinchRecognizer() {
        let possible = maximumZoomScale > minimumZoomScale
        if possible, pinchGestureRecognizer == nil {
            let pinch = UIPinchGestureRecognizer()
            pinch.addTarget(self, action: UIScrollView.handlePinch)
            addGestureRecognizer(pinch)
            pinchGestureRecognizer = pinch
        } else if !possible, let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
    }

    /// Scales the zoomed view to `scale`, keeping the content point under `anchor` (in this view's
    /// bounds) under it, and tells the delegate.
    private func applyZoom(_ scale: CGFloat, around anchor: CGPoint?) {
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
        traceDelegateCall(.didZoom(scale: scale))
        delegate?.scrollViewDidZoom(self)
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
            guard isZooming else { return }
            isZooming = false
            let view = delegate?.viewForZooming(in: self)
            if !isDragging, !isDecelerating { contentOffset = clampedOffset(contentOffset) }
            traceDelegateCall(.didEndZooming(scale: storedZoomScale))
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: storedZoomScale)
        default:
            break
        }
    }
}
