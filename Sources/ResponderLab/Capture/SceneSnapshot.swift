import Foundation
import ResponderKit

/// The geometry of an application's windows at one moment: every view with its bounds, center,
/// transform, the flags hit-testing reads, its name and gesture recognizers, and the responders that
/// follow it. With a trace's records, it is what explanations and pictures need (``CapturedTrace``).
///
/// Taking one walks the windows once; nothing is kept or observed between snapshots, so an
/// application that keeps a `FlightRecorder` pays nothing per event for its geometry: it takes a
/// snapshot when it writes its records, and whenever it wants the geometry of a moment kept (after
/// a screen appears, say). Between snapshots, scroll views are drawn at the content offsets the trace
/// reports (`scrollViewDidScroll`).
///
/// See <doc:ReadingTraces> (Traces from an application).
public struct SceneSnapshot: Sendable, Equatable {
    /// When it was taken, on the application's clock, as trace records give time
    /// (`UIApplication.traceTime`).
    public var time: TimeInterval
    /// The windows, back to front, each with its views.
    public var windows: [View]

    /// Creates a snapshot from its parts.
    public init(time: TimeInterval, windows: [View]) {
        self.time = time
        self.windows = windows
    }

    /// Takes a snapshot of `application`'s windows now, hidden ones included.
    @MainActor
    public init(application: UIApplication) {
        var budget = SnapshotBudget.unlimited
        self = SceneCapture.snapshot(of: application, reusing: nil, budget: &budget).snapshot
    }

    /// A view (or window) as it was: what hit-testing, the responder chain and pictures read.
    public struct View: Sendable, Equatable {
        /// Its identity, UIKit class and name, as trace records name it.
        public var subject: TraceSubject
        /// Its center, in its superview's coordinates (for a window, the screen's).
        public var center: CGPoint
        /// Its bounds: the origin is what it shows at its top-left corner (a scroll view's content
        /// offset), the size its untransformed size.
        public var bounds: CGRect
        /// The transform applied around its center.
        public var transform: CGAffineTransform
        /// Whether it is hidden.
        public var isHidden: Bool
        /// Its opacity.
        public var alpha: CGFloat
        /// Whether touches reach it.
        public var isUserInteractionEnabled: Bool
        /// Whether it takes more than one touch at a time.
        public var isMultipleTouchEnabled: Bool
        /// Whether it is exclusive-touch.
        public var isExclusiveTouch: Bool
        /// Whether it clips its subviews when drawn (hit-testing does not clip).
        public var clipsToBounds: Bool
        /// A window's level; nil for other views.
        public var windowLevel: CGFloat?
        /// A control's state; nil for other views.
        public var control: Control?
        /// A scroll view's content; nil for other views.
        public var scroll: Scroll?
        /// A table's or collection view's rows; nil for other views.
        public var container: Container?
        /// The insets `point(inside:with:)` applies to the bounds, when the view is known to apply some
        /// (a scenario view's `point-inside-insets`); nil when it tests its bounds, or is not known to.
        public var pointInsideInsets: UIEdgeInsets?
        /// Its gesture recognizers, in the order they were added.
        public var recognizers: [Recognizer]
        /// The responders that follow it in the responder chain before the next view, when it is not
        /// simply its superview: a controller whose root view it is, a window's application and the
        /// application's delegate.
        public var nextResponders: [TraceSubject]
        /// The view that follows ``nextResponders`` in the chain, when that is not its superview.
        public var nextView: Int?
        /// Its subviews, back to front.
        public var subviews: [View]

        /// Creates a view from its parts.
        public init(subject: TraceSubject, center: CGPoint, bounds: CGRect, transform: CGAffineTransform = .identity,
                    isHidden: Bool = false, alpha: CGFloat = 1, isUserInteractionEnabled: Bool = true,
                    isMultipleTouchEnabled: Bool = false, isExclusiveTouch: Bool = false, clipsToBounds: Bool = false,
                    windowLevel: CGFloat? = nil, control: Control? = nil, scroll: Scroll? = nil, container: Container? = nil,
                    pointInsideInsets: UIEdgeInsets? = nil, recognizers: [Recognizer] = [], nextResponders: [TraceSubject] = [],
                    nextView: Int? = nil, subviews: [View] = []) {
            self.subject = subject
            self.center = center
            self.bounds = bounds
            self.transform = transform
            self.isHidden = isHidden
            self.alpha = alpha
            self.isUserInteractionEnabled = isUserInteractionEnabled
            self.isMultipleTouchEnabled = isMultipleTouchEnabled
            self.isExclusiveTouch = isExclusiveTouch
            self.clipsToBounds = clipsToBounds
            self.windowLevel = windowLevel
            self.control = control
            self.scroll = scroll
            self.container = container
            self.pointInsideInsets = pointInsideInsets
            self.recognizers = recognizers
            self.nextResponders = nextResponders
            self.nextView = nextView
            self.subviews = subviews
        }
    }

    /// A control's state.
    public struct Control: Sendable, Equatable {
        /// Whether it is enabled.
        public var isEnabled: Bool
        /// How far outside its bounds a touch still counts as inside (R12).
        public var touchInsideMargin: CGFloat

        /// Creates a control's state.
        public init(isEnabled: Bool, touchInsideMargin: CGFloat) {
            self.isEnabled = isEnabled
            self.touchInsideMargin = touchInsideMargin
        }
    }

    /// A scroll view's content.
    public struct Scroll: Sendable, Equatable {
        /// The size of the content.
        public var contentSize: CGSize
        /// The zoom scale.
        public var zoomScale: CGFloat

        /// Creates a scroll view's content.
        public init(contentSize: CGSize, zoomScale: CGFloat = 1) {
            self.contentSize = contentSize
            self.zoomScale = zoomScale
        }
    }

    /// A table's or collection view's rows, which name its cells' rows in explanations (`list.3`).
    /// Its own recognizers are its first ones: a scroll view's touch-delay recognizer and pan, then a
    /// table's swipe-action recognizers.
    public struct Container: Sendable, Equatable {
        /// A table or a collection view.
        public enum Kind: String, Sendable, Equatable {
            /// A `UITableView`: its rows.
            case table
            /// A `UICollectionView`: its items.
            case collection
        }

        /// A table or a collection view.
        public var kind: Kind
        /// The number of rows (items) in each section.
        public var counts: [Int]

        /// Creates a container's rows.
        public init(kind: Kind, counts: [Int]) {
            self.kind = kind
            self.counts = counts
        }

        /// Whether it has the row (item) at `indexPath`.
        public func contains(_ indexPath: IndexPath) -> Bool {
            indexPath.count == 2 && indexPath[0] >= 0 && indexPath[0] < counts.count && indexPath[1] >= 0 && indexPath[1] < counts[indexPath[0]]
        }
    }

    /// A gesture recognizer as it was.
    public struct Recognizer: Sendable, Equatable {
        /// Its identity, UIKit class and name, as trace records name it.
        public var subject: TraceSubject
        /// Whether it is enabled.
        public var isEnabled: Bool
        /// A tap recognizer's taps and fingers; nil for other recognizers.
        public var taps: Taps?

        /// Creates a recognizer.
        public init(subject: TraceSubject, isEnabled: Bool = true, taps: Taps? = nil) {
            self.subject = subject
            self.isEnabled = isEnabled
            self.taps = taps
        }

        /// What a tap recognizer requires.
        public struct Taps: Sendable, Equatable {
            /// `numberOfTapsRequired`.
            public var taps: Int
            /// `numberOfTouchesRequired`.
            public var touches: Int

            /// Creates a tap recognizer's requirements.
            public init(taps: Int, touches: Int) {
                self.taps = taps
                self.touches = touches
            }
        }
    }
}

extension SceneSnapshot.View {
    /// The frame: the smallest rectangle around the transformed bounds, in the superview's coordinates.
    public var frame: CGRect {
        let box = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
        return (transform.isIdentity ? box : box.applying(transform)).offsetBy(dx: center.x, dy: center.y)
    }
}

/// How many views snapshots may still visit. A scenario run captures its scene at each new touch, and
/// a hostile file of many views and many touches must stay cheap: past the budget, capturing stops.
struct SnapshotBudget {
    var remaining: Int
    static let unlimited = SnapshotBudget(remaining: .max)
}

/// Takes snapshots of an application's windows, reusing the parts of a previous snapshot that did not
/// change: snapshots taken one after another share the storage of what stayed the same.
@MainActor
enum SceneCapture {
    /// A snapshot of `application`'s windows; `unchanged` when it equals `previous` (whose parts it
    /// then shares). Past the budget, the snapshot is cut short and `complete` is false.
    static func snapshot(of application: UIApplication, reusing previous: SceneSnapshot?, budget: inout SnapshotBudget)
        -> (snapshot: SceneSnapshot, unchanged: Bool, complete: Bool) {
        var unchanged = previous != nil
        var complete = true
        var windows: [SceneSnapshot.View] = []
        let old = previous?.windows ?? []
        for (index, window) in application.windows.enumerated() {
            let before = index < old.count && old[index].subject.id == window.traceSubject.id ? old[index]
                : old.first { $0.subject.id == window.traceSubject.id }
            let (view, same) = capture(window, previous: before, budget: &budget, complete: &complete)
            unchanged = unchanged && same
            windows.append(view)
        }
        // The same windows in another order (one shown again comes to the front) are a change too.
        if windows.map(\.subject.id) != old.map(\.subject.id) { unchanged = false }
        return (SceneSnapshot(time: application.traceTime, windows: unchanged ? old : windows), unchanged, complete)
    }

    /// The longest run of responders that are not views followed between two views (a chain of
    /// presented controllers, an application and its delegate): more is a cycle, and stops there.
    static let longestResponderRun = 64

    /// One view being captured, while its subviews are: the walk keeps these on a stack of its own, not
    /// the thread's, so a nest of any depth is captured (a test runner's threads may have 512 KB of stack,
    /// which a recursion of a few hundred levels used up under the address sanitizer).
    private struct Pending {
        let view: UIView
        let previous: SceneSnapshot.View?
        let children: [UIView]
        var captured: [SceneSnapshot.View] = []
        var same: Bool
        var index = 0
    }

    /// Captures `view` and its subviews, depth first; a view is made once its subviews are.
    private static func capture(_ view: UIView, previous: SceneSnapshot.View?, budget: inout SnapshotBudget,
                                complete: inout Bool) -> (SceneSnapshot.View, Bool) {
        func visit(_ view: UIView, _ previous: SceneSnapshot.View?) -> Pending {
            budget.remaining -= 1
            let children = view.subviews
            return Pending(view: view, previous: previous, children: children,
                           same: previous != nil && previous!.subviews.count == children.count)
        }
        var stack = [visit(view, previous)]
        while true {
            let top = stack.count - 1
            if stack[top].index < stack[top].children.count {
                guard budget.remaining > 0 else {
                    complete = false
                    stack[top].same = false
                    stack[top].index = stack[top].children.count
                    continue
                }
                let index = stack[top].index
                stack[top].index += 1
                let subview = stack[top].children[index]
                let oldSubviews = stack[top].previous?.subviews ?? []
                let id = subview.traceSubject.id
                let before = index < oldSubviews.count && oldSubviews[index].subject.id == id ? oldSubviews[index] : nil
                stack.append(visit(subview, before))
                continue
            }
            let done = stack.removeLast()
            let (made, unchanged) = make(done.view, previous: done.previous, subviews: done.captured, same: done.same)
            guard !stack.isEmpty else { return (made, unchanged) }
            stack[stack.count - 1].same = stack[stack.count - 1].same && unchanged
            stack[stack.count - 1].captured.append(made)
        }
    }

    /// `view` as a snapshot, with its subviews already captured (`same`: they and their number are as in
    /// `previous`).
    private static func make(_ view: UIView, previous: SceneSnapshot.View?, subviews: [SceneSnapshot.View], same: Bool)
        -> (SceneSnapshot.View, Bool) {
        var next: [TraceSubject] = []
        var responder = view.next
        while let current = responder, !(current is UIView), next.count < longestResponderRun {
            next.append(current.traceSubject)
            responder = current.next
        }
        let nextView = responder as? UIView
        var captured = SceneSnapshot.View(
            subject: view.traceSubject, center: view.center, bounds: view.bounds, transform: view.transform, isHidden: view.isHidden,
            alpha: view.alpha, isUserInteractionEnabled: view.isUserInteractionEnabled,
            isMultipleTouchEnabled: view.isMultipleTouchEnabled, isExclusiveTouch: view.isExclusiveTouch,
            clipsToBounds: view.clipsToBounds, windowLevel: (view as? UIWindow)?.windowLevel.rawValue,
            control: (view as? UIControl).map { SceneSnapshot.Control(isEnabled: $0.isEnabled, touchInsideMargin: $0.touchInsideMargin) },
            scroll: (view as? UIScrollView).map { SceneSnapshot.Scroll(contentSize: $0.contentSize, zoomScale: $0.zoomScale) },
            container: container(view),
            pointInsideInsets: (view as? HasHitBehaviour)?.behaviour.pointInsideInsets,
            recognizers: (view.gestureRecognizers ?? []).map(recognizer),
            nextResponders: next,
            nextView: next.isEmpty && nextView === view.superview ? nil : nextView?.traceSubject.id,
            subviews: [])
        if let previous, same {
            captured.subviews = previous.subviews
            if captured == previous { return (previous, true) }
        } else {
            captured.subviews = subviews
        }
        return (captured, false)
    }

    /// A table's or collection view's counts of rows, as it last read them from its data source.
    private static func container(_ view: UIView) -> SceneSnapshot.Container? {
        if let table = view as? UITableView {
            return SceneSnapshot.Container(kind: .table, counts: (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) })
        }
        if let collection = view as? UICollectionView {
            return SceneSnapshot.Container(kind: .collection,
                                           counts: (0..<collection.numberOfSections).map { collection.numberOfItems(inSection: $0) })
        }
        return nil
    }

    private static func recognizer(_ recognizer: UIGestureRecognizer) -> SceneSnapshot.Recognizer {
        let tap = recognizer as? UITapGestureRecognizer
        return SceneSnapshot.Recognizer(subject: recognizer.traceSubject, isEnabled: recognizer.isEnabled,
                                        taps: tap.map { .init(taps: $0.numberOfTapsRequired, touches: $0.numberOfTouchesRequired) })
    }
}
