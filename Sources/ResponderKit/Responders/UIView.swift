import Foundation

/// A rectangular area of the screen that takes touches and shows content.
///
/// Geometry follows UIKit exactly (R24): ``center``, ``bounds`` and ``transform`` are stored and
/// ``frame`` is derived from them. Hit-testing (section A) and coordinate conversion go through every
/// ancestor's bounds origin and transform; neither needs a window.
///
/// See <doc:HitTesting> and <doc:ResponderChain>.
@MainActor
open class UIView: UIResponder {

    // MARK: Creating views

    /// Creates a view with the given frame (in its future superview's coordinates).
    ///
    /// The frame is set through the ``frame`` property, so a subclass that overrides it (with a `didSet`
    /// that lays out its subviews, say) sees it set during initialization, as in UIKit (R24).
    public init(frame: CGRect) {
        // Provenance (observed): UIKit's `initWithFrame:` sets the frame through the overridable
        // `setFrame:`. WebKit's own test `WKWebView.SubclassedSetFrameDuringInitDoesNotCrash` (pull
        // request 65741) exists because a subclass's `setFrame:` runs inside `[super initWithFrame:]`;
        // UIKit reimplementations (Chameleon among them) write `self.frame = theFrame` in `initWithFrame:`;
        // Apple documents that the initializer "uses the frame rectangle to set the center and bounds".
        // The other properties (hidden, alpha, transform) start at their defaults without their setters
        // (chosen: nothing shows UIKit calling them).
        let type = ObjectIdentifier(Self.self)
        usesDefaultHitTesting = type == ObjectIdentifier(UIView.self) || type == ObjectIdentifier(UILabel.self)
            || type == ObjectIdentifier(UIImageView.self)
        super.init()
        self.frame = frame
    }

    /// Creates a view with an empty frame, through ``init(frame:)`` (as UIKit's `init` calls
    /// `initWithFrame:` with `CGRectZero`), so a subclass that overrides `init(frame:)` runs it.
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Would create a view from an Interface Builder archive. ResponderKit reads no archives (there are
    /// no nibs or storyboards here), so it fails: it returns nil and decodes nothing.
    ///
    /// It is `required`, as in UIKit, where views adopt `NSCoding`: a subclass that declares its own
    /// initializer writes `required init?(coder:)`, and the one UIKit code already has compiles as it
    /// is, `super.init(coder: coder)` included.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Geometry

    // The view's geometry, hit-testing flags and hierarchy, which dispatch reads on every event: fenced
    // storage (see ``FencedStorage``), which every property below reads or writes in one access (or
    // edits in place, for the engine's own lists).
    #if DEBUG
    private final var fenced = Fenced()
    #else
    @exclusivity(unchecked) private final var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var center = CGPoint.zero
        var bounds = CGRect.zero
        var transform = CGAffineTransform.identity
        var hasTransform = false
        var isUserInteractionEnabled = true
        var isHidden = false
        var alpha: CGFloat = 1
        var isMultipleTouchEnabled = false
        var isExclusiveTouch = false
        var accessibilityIdentifier: String?
        var superviewLink: WeakLink<UIResponder>?
        var subviews: [UIView] = []
        var owningViewControllerLink: WeakLink<UIResponder>?
        var attachedRecognizers: [UIGestureRecognizer] = []
        var hasRecognizersThatComeLast = false
        var needsLayout = true
        var subviewsNeedLayout = false
    }

    final var storedCenter: CGPoint {
        get { fenced.center }
        set { fenced.center = newValue }
    }
    final var storedBounds: CGRect {
        get { fenced.bounds }
        set { fenced.bounds = newValue }
    }
    final var storedTransform: CGAffineTransform {
        get { fenced.transform }
        set { fenced.transform = newValue }
    }
    /// Cached `!transform.isIdentity`, read on every coordinate conversion.
    final var hasTransform: Bool {
        get { fenced.hasTransform }
        set { fenced.hasTransform = newValue }
    }

    /// The view's center in its superview's coordinates (its superview's bounds space).
    open var center: CGPoint {
        get { storedCenter }
        set { storedCenter = newValue }
    }

    /// The view's own coordinate space: its origin is the point shown at the top-left corner (scrolling
    /// moves it), its size the view's untransformed size. Changing the size keeps ``center`` (R24).
    open var bounds: CGRect {
        get { storedBounds }
        set {
            let oldSize = storedBounds.size
            storedBounds = newValue
            if newValue.size != oldSize { setNeedsLayout() }
        }
    }

    /// The transform applied around the view's center.
    open var transform: CGAffineTransform {
        get { storedTransform }
        set {
            storedTransform = newValue
            hasTransform = !newValue.isIdentity
        }
    }

    /// The smallest rectangle, in the superview's coordinates, around the transformed bounds.
    ///
    /// Setting it under a scale or translation transform sets ``center`` and ``bounds`` size so that it
    /// reads back as set (R24); under a rotation, where UIKit leaves it undefined, only the center moves.
    open var frame: CGRect {
        get { frameFromGeometry() }
        set { setGeometry(forFrame: newValue) }
    }

    // MARK: Appearance and interaction

    /// Whether touches, presses and focus reach the view. When false, hit-testing skips it and its
    /// subtree (A1).
    open var isUserInteractionEnabled: Bool {
        get { storedIsUserInteractionEnabled }
        set { storedIsUserInteractionEnabled = newValue }
    }

    /// Whether the view is hidden. Hidden views take no touches (A1), and hiding a view cancels the
    /// touches it is tracking (R14).
    open var isHidden: Bool {
        get { storedIsHidden }
        set {
            let oldValue = storedIsHidden
            storedIsHidden = newValue
            if isHidden && !oldValue { viewDidBecomeHidden() }
        }
    }

    /// The view's opacity. Views at 0.01 or below are skipped by hit-testing (R1).
    open var alpha: CGFloat {
        get { storedAlpha }
        set { storedAlpha = newValue }
    }

    // The flags hit-testing reads. They are stored apart from the `open` properties so that hit-testing
    // can read them directly for the views that use the defaults (see `usesDefaultHitTesting`).
    final var storedIsUserInteractionEnabled: Bool {
        get { fenced.isUserInteractionEnabled }
        set { fenced.isUserInteractionEnabled = newValue }
    }
    final var storedIsHidden: Bool {
        get { fenced.isHidden }
        set { fenced.isHidden = newValue }
    }
    final var storedAlpha: CGFloat {
        get { fenced.alpha }
        set { fenced.alpha = newValue }
    }

    /// Whether the view takes more than one touch at a time (C6). False by default.
    open var isMultipleTouchEnabled: Bool {
        get { fenced.isMultipleTouchEnabled }
        set { fenced.isMultipleTouchEnabled = newValue }
    }

    /// Whether the view, while tracking a touch, keeps other views of its window from getting new ones,
    /// and gets none while others track one (C7). False by default.
    open var isExclusiveTouch: Bool {
        get { fenced.isExclusiveTouch }
        set { fenced.isExclusiveTouch = newValue }
    }

    /// Whether subviews are clipped to the bounds when drawn. It does not change hit-testing (A5).
    open var clipsToBounds = false

    /// An integer that identifies the view; see ``viewWithTag(_:)``.
    open var tag = 0

    /// The interactions attached to the view (see ``addInteraction(_:)``).
    final var storedInteractions: [UIInteraction] = []

    /// A string that identifies the view. Traces name a view by it.
    open var accessibilityIdentifier: String? {
        get { fenced.accessibilityIdentifier }
        set { fenced.accessibilityIdentifier = newValue }
    }

    // MARK: Hierarchy

    /// The view's superview, or nil.
    // Through the superview's link: a view does not keep its superview alive (see `WeakLink`).
    public internal(set) var superview: UIView? {
        get { fenced.superviewLink?.object(as: UIView.self) }
        set { fenced.superviewLink = newValue?.link }
    }
    /// The subviews, back to front: the last one is drawn on top and hit-tested first.
    public internal(set) var subviews: [UIView] {
        get { fenced.subviews }
        _modify { yield &fenced.subviews }
    }
    /// The view controller whose root view this is.
    final var owningViewController: UIViewController? {
        get { fenced.owningViewControllerLink?.object(as: UIViewController.self) }
        set { fenced.owningViewControllerLink = newValue?.link }
    }
    /// The recognizers attached to the view, in the order they were added.
    final var attachedRecognizers: [UIGestureRecognizer] {
        _read { yield fenced.attachedRecognizers }
        _modify { yield &fenced.attachedRecognizers }
    }
    /// Whether some of them come after the others when a touch is offered to them (a scroll view's own
    /// pan and pinch, ``UIGestureRecognizer/comesAfterAppRecognizers``).
    final var hasRecognizersThatComeLast: Bool {
        get { fenced.hasRecognizersThatComeLast }
        set { fenced.hasRecognizersThatComeLast = newValue }
    }

    /// The window the view is in, or nil.
    open var window: UIWindow? {
        var view = self
        while let parent = view.superview { view = parent }
        return view as? UIWindow
    }

    /// Called before the view moves to a new superview (nil when it is removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview, or was removed.
    open func didMoveToSuperview() {}
    /// Called before the view moves into a different window (nil when it leaves its window).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view moved into a different window, or left its window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Laying out subviews

    /// Lays out the subviews: override it to set their frames. The default does nothing (ResponderKit has
    /// no constraints or autoresizing to apply).
    ///
    /// It runs when ``layoutIfNeeded()`` is called on the view or an ancestor while the view needs layout:
    /// a new view does, and ``setNeedsLayout()``, a change of the view's size and adding a subview to it
    /// mark it (as in UIKit). UIKit also lays out pending views once per display frame; ResponderKit has no
    /// frames, so a view waits for ``layoutIfNeeded()``; table and collection views lay themselves out
    /// whenever their content moves, and ask their application to lay them out when the loop's turn
    /// ends once they need it (see <doc:TablesAndCollections>).
    open func layoutSubviews() {}

    /// Marks the view as needing layout: the next ``layoutIfNeeded()`` on it or an ancestor calls its
    /// ``layoutSubviews()``.
    open func setNeedsLayout() {
        needsLayout = true
        markAncestorsForLayout()
    }

    /// Lays out the view and its subtree now, if layout is pending: ``layoutSubviews()`` of each view that
    /// needs layout, the view first and then its subviews, back to front. Views that do not need it, and
    /// subtrees with none that does, are skipped.
    open func layoutIfNeeded() {
        layOutSubtreeIfNeeded()
    }

    /// Whether the view's own layout is pending; true at first: it is laid out on the first pass, as a new
    /// view is in UIKit.
    final var needsLayout: Bool {
        get { fenced.needsLayout }
        set { fenced.needsLayout = newValue }
    }
    /// Whether a view below this one needs layout. Every ancestor of a view that needs layout has it set,
    /// so a pass visits only the branches that lead to one.
    final var subviewsNeedLayout: Bool {
        get { fenced.subviewsNeedLayout }
        set { fenced.subviewsNeedLayout = newValue }
    }

    /// Marks the ancestors up to the first one already marked: above a marked view, all are.
    final func markAncestorsForLayout() {
        var current = superview
        while let view = current, !view.subviewsNeedLayout {
            view.subviewsNeedLayout = true
            current = view.superview
        }
    }

    /// The pass: the view's own `layoutSubviews()` if it needs it, then the marked subviews'. Flags are
    /// cleared before the calls, so a view marked again during its own layout is laid out on the next pass.
    final func layOutSubtreeIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        guard subviewsNeedLayout else { return }
        subviewsNeedLayout = false
        for subview in subviews where subview.needsLayout || subview.subviewsNeedLayout {
            subview.layOutSubtreeIfNeeded()
        }
    }

    // MARK: Hit-testing

    /// The farthest descendant of the view (or the view itself) that contains `point`, in the view's own
    /// coordinates, or nil (A1).
    ///
    /// Hidden views, views with interaction disabled, views at alpha 0.01 or below and disabled controls
    /// answer nil without looking at the point. Otherwise, if ``point(inside:with:)`` says no, nil;
    /// otherwise the subviews are asked from the frontmost back, each with the point converted into its
    /// coordinates, and the first answer wins; with no answer, the view itself. It has no side effects
    /// and may be called at any time.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point`, in the view's coordinates, is inside it: by default, whether ``bounds`` contains
    /// it, max edges excluded (A4). Override it to grow or shrink the touch area.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Whether the view is exactly a `UIView`, `UILabel` or `UIImageView`: classes of the engine whose
    /// hit-testing is the default one (``hitTest(_:with:)``, ``point(inside:with:)``, the flags and
    /// ``bounds`` are not overridden). Hit-testing a superview tests such a subview inline, from its
    /// stored state, instead of making the dynamic calls a subclass might have overridden; the answer
    /// is the same. Any other class, a subclass of these included, is asked through `hitTest`.
    let usesDefaultHitTesting: Bool

    /// Why hit-testing skips this view without looking inside, or nil when it looks.
    var hitTestSkipReason: TraceRecord.HitTestSkip? {
        if isHidden { return .hidden }
        if !isUserInteractionEnabled { return .interactionDisabled }
        if alpha <= 0.01 { return .transparent }
        return nil
    }

    // MARK: Gesture recognizers

    /// Asked when `gestureRecognizer` tries to leave `.possible`, of every view from the touch's hit-test
    /// view up to the recognizer's view (R9); false makes the recognizer fail. True by default; controls
    /// refuse a superview's taps and swipes here (R10).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Responder chain

    /// The view's controller if it is a controller's root view, otherwise its superview (B2).
    open override var next: UIResponder? {
        owningViewController ?? superview
    }

    override var firstResponderWindow: UIWindow? { window }

    override var traceName: String { accessibilityIdentifier ?? typeName }
    /// The UIKit class this view is or descends from, for traces: each UIKit view class says its own.
    override var traceClassName: String { "UIView" }
    override var reportingApplication: UIApplication? { window?.application }
}
