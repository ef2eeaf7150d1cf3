import Foundation

/// A view whose bounds origin (the content offset) moves under the user's finger: the event-delivery
/// side of UIKit's scroll view (section S of the spec). Nothing is drawn.
///
/// It carries three recognizers of its own, on itself:
/// - a recognizer that holds new touches back from the content for ``Thresholds/contentTouchDelay``
///   while ``delaysContentTouches`` is on (S1), and keeps ``isTracking``;
/// - ``panGestureRecognizer``, which drags the content; when it begins it cancels the content's
///   touches (S3), unless ``touchesShouldCancel(in:)`` or ``canCancelContentTouches`` says no, and then
///   it does not begin (S4);
/// - ``pinchGestureRecognizer``, only while zooming is possible (``maximumZoomScale`` above
///   ``minimumZoomScale``).
///
/// On lift the content decelerates (S5) on the application's clock, virtual or real, in frames of
/// 1/60 s; with ``isPagingEnabled`` it comes to rest on a multiple of the bounds size.
///
/// See <doc:ScrollViews>.
@MainActor
open class UIScrollView: UIView {
    /// Traces name this class and its subclasses "UIScrollView".
    override var traceClassName: String { "UIScrollView" }


    /// How quickly the content slows down after a drag: the fraction of its speed kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond (observed, S5).
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond (observed, S5).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Deceleration and animation frames are 1/60 s apart (chosen: the frame rate of most devices;
    /// UIKit follows the display's refresh, which this library has none of).
    static let frameInterval: TimeInterval = 1.0 / 60

    // MARK: Creating

    /// Creates a scroll view with its touch-delay and pan recognizers attached to itself.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        delayRecognizer.delaysTouchesBegan = delaysContentTouches
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(scrollPan)
        // The scroll view is the pan's target, as in UIKit. Its action calls the method directly: an
        // unbound method reference (`addTarget(self, action: UIScrollView.handlePan)`) is applied to
        // its target on every action, which allocates a closure on every move of a drag.
        scrollPan.addAction(of: self) { scrollView, pan in scrollView.handlePan(pan) }
        scrollPan.scrollView = self
        // R5: the scroll view's pan yields a tie to the recognizers the app adds to the scroll view.
        scrollPan.comesAfterAppRecognizers = true
        hasRecognizersThatComeLast = true
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Content

    /// The size of the content, which ``contentOffset`` scrolls over.
    open var contentSize: CGSize = .zero
    /// Extra room around the content that scrolling can reach.
    open var contentInset: UIEdgeInsets = .zero

    /// The point of the content shown at the top-left corner: the bounds origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        // Read and written whole: `bounds.origin = newValue` goes through the overridden property's
        // modify accessor, whose frame is allocated on every call (every move of a drag, every frame).
        set {
            var bounds = self.bounds
            bounds.origin = newValue
            self.bounds = bounds
        }
    }

    /// The bounds; its origin is ``contentOffset``, and any change of it tells the delegate
    /// `scrollViewDidScroll(_:)`.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = storedBounds.origin
            super.bounds = newValue
            if newValue.origin != old { contentOffsetDidChange() }
        }
    }

    /// Sets the content offset; animated, it moves there over 0.3 s and then tells the
    /// delegate `scrollViewDidEndScrollingAnimation(_:)`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMotion(because: .replaced)
        if animated, contentOffset != self.contentOffset, startAnimation(to: contentOffset) { return }
        self.contentOffset = contentOffset
    }

    /// Scrolls as little as possible to show `rect` (in the content's coordinates), within the range of
    /// the content offset.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let size = bounds.size
        if rect.minX < offset.x { offset.x = rect.minX } else if rect.maxX > offset.x + size.width {
            offset.x = min(rect.minX, rect.maxX - size.width)
        }
        if rect.minY < offset.y { offset.y = rect.minY } else if rect.maxY > offset.y + size.height {
            offset.y = min(rect.minY, rect.maxY - size.height)
        }
        setContentOffset(clampedOffset(offset), animated: animated)
    }

    /// How long `setContentOffset(_:animated:)` takes: 0.3 s (chosen; UIKit does not document it).
    static let animationDuration: TimeInterval = 0.3

    // MARK: Behaviour

    /// Whether the user can scroll. When false, the pan recognizer is disabled.
    open var isScrollEnabled = true {
        didSet { scrollPan.isEnabled = isScrollEnabled }
    }
    /// Whether a drag that starts mostly along one axis scrolls along that axis only.
    open var isDirectionalLockEnabled = false
    /// Whether the content can be pulled past its edges (half as far as the finger moves, chosen) and
    /// springs back when let go.
    open var bounces = true
    /// Whether a vertical drag bounces even when the content is not taller than the bounds.
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content is not wider than the bounds.
    open var alwaysBounceHorizontal = false
    /// Whether the content comes to rest on multiples of the bounds size.
    open var isPagingEnabled = false
    /// How quickly the content slows down after a drag.
    open var decelerationRate: DecelerationRate = .normal

    /// Whether a new touch is held back from the content until the scroll view knows whether the user
    /// scrolls (S1). True by default.
    open var delaysContentTouches = true {
        didSet { delayRecognizer.delaysTouchesBegan = delaysContentTouches }
    }
    /// Whether scrolling may cancel touches the content already tracks (S3). True by default.
    open var canCancelContentTouches = true

    /// Whether the content view may have the touch (S2). The default returns true; override to keep a
    /// view from touches. Asked when the delay ends, or at once when ``delaysContentTouches`` is off.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// Whether scrolling may cancel `view`'s touches (S4): true, unless the view is a `UIControl`.
    /// When it returns false the scroll view does not scroll and the view keeps its touch.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    /// Asked for every recognizer that would begin on a touch in this view. For its own pan the scroll
    /// view answers (see UIScrollView+ContentTouches.swift); for others, the default (true).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === scrollPan else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        return panShouldBegin()
    }

    /// Receives the scroll view's news. Held weakly.
    open weak var delegate: UIScrollViewDelegate?

    // MARK: State

    /// Whether a finger is down on the scroll view (it may not have scrolled yet).
    public internal(set) var isTracking = false {
        didSet { if isTracking != oldValue { updateTrackingMode() } }
    }
    /// Whether the user is dragging the content.
    public internal(set) var isDragging = false {
        didSet { if isDragging != oldValue { updateTrackingMode() } }
    }
    /// Whether the content is moving on its own after a drag.
    public internal(set) var isDecelerating = false {
        didSet { if isDecelerating != oldValue { updateTrackingMode() } }
    }
    /// Whether the user is pinching to zoom.
    public internal(set) var isZooming = false

    // MARK: Recognizers

    /// The pan recognizer that drags the content. Require it to fail, or arbitrate against it, as any
    /// other recognizer.
    public var panGestureRecognizer: UIPanGestureRecognizer { scrollPan }

    /// The pinch recognizer that zooms, or nil when zooming is not possible (the zoom range is a point).
    public internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?

    let scrollPan = UIScrollViewPanGestureRecognizer()
    let delayRecognizer = UIScrollViewDelayedTouchesBeganGestureRecognizer()

    // MARK: Zoom storage (see UIScrollView+Zooming.swift)

    var storedZoomScale: CGFloat = 1
    var storedMinimumZoomScale: CGFloat = 1
    var storedMaximumZoomScale: CGFloat = 1
    /// The zoom scale when the pinch began.
    var zoomStartScale: CGFloat = 1

    /// When the latest touch went down on the scroll view (the content may hear of it later, S1).
    var contentTouchDownTime: TimeInterval = 0

    // MARK: Drag and motion storage

    /// The content offset when the drag began.
    var dragStartOffset = CGPoint.zero
    /// A window vector of (1, 0) and of (0, 1) in this view's coordinates, for the drag under way.
    var dragAxes = (CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1))
    /// The axis a directional lock keeps the drag on, if any.
    var lockedAxis: Axis?
    /// The deceleration or animation under way.
    var motion: Motion?
    /// The timer of motion frames (kept between motions, invalid when none is due), the clock it runs
    /// on, and the action every frame runs.
    var frameTimer: EventTimer?
    weak var motionClock: EventClock?
    var frameAction: (@MainActor () -> Void)?
    /// The application whose loop this scroll view put in tracking mode, while it does.
    /// (Both are held through the application's link: a scroll view does not keep it alive.)
    @Linked var trackingModeApplication: UIApplication?
    /// The application of the window the view was last in: a motion that goes on after the view left its
    /// window still reports to it.
    @Linked var lastApplication: UIApplication?

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if let application = window?.application { lastApplication = application }
    }

    /// Whether scrollViewDidScroll and scrollViewDidZoom calls are traced (not for every motion frame:
    /// their start and end are).
    var tracesDidScroll = true

    /// The two axes.
    enum Axis { case horizontal, vertical }

    // MARK: Range

    /// The smallest content offset: the inset's top-left.
    var minimumContentOffset: CGPoint { CGPoint(x: -contentInset.left, y: -contentInset.top) }

    /// The largest content offset: the content's far edge plus the inset, less the bounds, and never
    /// below the minimum.
    var maximumContentOffset: CGPoint {
        let low = minimumContentOffset
        return CGPoint(x: max(low.x, contentSize.width + contentInset.right - bounds.width),
                       y: max(low.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// `offset` moved into the range of the content offset.
    func clampedOffset(_ offset: CGPoint) -> CGPoint {
        let low = minimumContentOffset, high = maximumContentOffset
        return CGPoint(x: Swift.min(Swift.max(offset.x, low.x), high.x), y: Swift.min(Swift.max(offset.y, low.y), high.y))
    }

    /// Whether a drag along `axis` moves the content: the content overflows the bounds along it, or it
    /// always bounces along it.
    func canScroll(_ axis: Axis) -> Bool {
        let low = minimumContentOffset, high = maximumContentOffset
        switch axis {
        case .horizontal: return high.x > low.x || (bounces && alwaysBounceHorizontal)
        case .vertical: return high.y > low.y || (bounces && alwaysBounceVertical)
        }
    }

    // MARK: Reporting

    private func contentOffsetDidChange() {
        if tracesDidScroll { traceDelegateCall(.didScroll(offset: contentOffset)) }
        delegate?.scrollViewDidScroll(self)
    }

    /// Puts the application's loop in tracking mode while the scroll view tracks, drags or decelerates,
    /// and takes it out after (I4). The calls nest: each scroll view enters once and exits once.
    func updateTrackingMode() {
        let wants = isTracking || isDragging || isDecelerating
        if wants, trackingModeApplication == nil, let application = window?.application {
            trackingModeApplication = application
            application.enterTrackingRunLoopMode()
        } else if !wants, let application = trackingModeApplication {
            trackingModeApplication = nil
            application.exitTrackingRunLoopMode()
        }
    }
}
