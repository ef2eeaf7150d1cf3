// Scroll views in the fuzzer's scenes: lists, pagers and zoomable views, nested as the tree grows.
// Their choices come from a generator of their own, so scenes of earlier seeds keep their other views.

import Foundation
@testable import ResponderKit

/// A scroll view of a fuzzed scene: zooms its first subview when it has a zoom range, and remembers
/// the geometry it was made with (the range of its content offset is judged only while it keeps it).
@MainActor
final class FuzzScrollView: UIScrollView, UIScrollViewDelegate {
    var madeWith: (size: CGSize, content: CGSize)?
    /// Whether the scene set its bounds origin (its content offset) from outside, as UIKit allows, unclamped.
    var offsetSetFromOutside = false

    override var bounds: CGRect {
        get { super.bounds }
        set {
            if !(isDragging || isDecelerating || isZooming || motion != nil) { offsetSetFromOutside = true }
            super.bounds = newValue
        }
    }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { subviews.first }
}

extension FuzzWorld {

    /// Turns some plain views into scroll views (about one in eight), configured at random.
    func maybeScrollView(name: String, frame: CGRect) -> FuzzScrollView? {
        guard scrollRng.chance(0.13) else { return nil }
        let scroll = FuzzScrollView(frame: frame)
        scroll.accessibilityIdentifier = name
        let size = frame.size
        func extent(_ side: CGFloat) -> CGFloat { max(0, side * CGFloat(scrollRng.pick([0.5, 1, 1.5, 3, 3]))) }
        scroll.contentSize = CGSize(width: extent(size.width), height: extent(size.height))
        scroll.isPagingEnabled = scrollRng.chance(0.25)
        scroll.bounces = !scrollRng.chance(0.2)
        scroll.alwaysBounceVertical = scrollRng.chance(0.2)
        scroll.alwaysBounceHorizontal = scrollRng.chance(0.1)
        scroll.delaysContentTouches = !scrollRng.chance(0.3)
        scroll.canCancelContentTouches = !scrollRng.chance(0.2)
        scroll.isDirectionalLockEnabled = scrollRng.chance(0.2)
        scroll.isScrollEnabled = !scrollRng.chance(0.1)
        scroll.decelerationRate = scrollRng.chance(0.3) ? .fast : .normal
        if scrollRng.chance(0.2) {
            scroll.minimumZoomScale = 0.5
            scroll.maximumZoomScale = 3
            scroll.delegate = scroll
        }
        let names = ["\(name).delay", "\(name).pan", "\(name).pinch"]
        for (recognizer, recognizerName) in zip((scroll.gestureRecognizers ?? []), names) {
            recognizer.name = recognizerName
            tracer.register(recognizer, as: recognizerName)
            note(recognizer, "recognizer \(recognizerName)")
        }
        // The touch-delay recognizer has no action to send.
        tracer.recognizersWithoutTracedActions.insert(names[0])
        scrollViews.append(scroll)
        return scroll
    }

    /// After the scroll view was configured like any view (which may move its bounds origin): its offset
    /// starts within its range, and its geometry is remembered.
    func settle(_ scroll: FuzzScrollView) {
        scroll.contentOffset = scroll.clampedOffset(scroll.contentOffset)
        scroll.madeWith = (scroll.bounds.size, scroll.contentSize)
        scroll.offsetSetFromOutside = false
    }

    /// After every step: every content offset is finite.
    func checkScrollViews() {
        for scroll in scrollViews {
            let offset = scroll.contentOffset
            if !offset.x.isFinite || !offset.y.isFinite { ledger.fail("'\(name(scroll))' has a content offset that is not finite: \(offset)") }
        }
    }

    /// At rest: no scroll view drags, tracks, decelerates or zooms; the trace's will-begin and did-end calls
    /// balance; and a scroll view that kept its geometry (and zoom) rests within its range.
    func checkScrollViewsAtRest() {
        for scroll in scrollViews {
            if scroll.isDragging || scroll.isDecelerating || scroll.isTracking || scroll.isZooming {
                ledger.fail("'\(name(scroll))' is still dragging, decelerating, tracking or zooming at rest")
            }
            guard let made = scroll.madeWith, made.size == scroll.bounds.size, made.content == scroll.contentSize,
                  scroll.zoomScale == 1, !scroll.offsetSetFromOutside else { continue }
            let offset = scroll.contentOffset
            if distance(offset, scroll.clampedOffset(offset)) > 0.001 {
                ledger.fail("'\(name(scroll))' came to rest at \(offset), outside its range")
            }
        }
        if !tracer.scroll.moving.isEmpty {
            ledger.fail("the trace has these scroll views begin dragging, decelerating or zooming and never end: \(tracer.scroll.moving)")
        }
    }
}
