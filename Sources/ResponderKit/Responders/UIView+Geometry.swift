import Foundation

extension UIView {

    // MARK: Converting coordinates

    /// Converts `point` from this view's coordinates to `view`'s; nil means this view's window (or, with no
    /// window, the root of its tree). Works between any two views, through every bounds origin and transform.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let (rootPoint, root) = pointInRoot(point)
        guard let view else { return rootPoint }
        return view.pointFromRoot(rootPoint, root: root)
    }

    /// Converts `point` from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else {
            let root = rootAncestor
            return pointFromRoot(point, root: root)
        }
        return view.convert(point, to: self)
    }

    /// Converts `rect` from this view's coordinates to `view`'s (nil: the window's): the box around its
    /// four converted corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        boundingBox(of: rect) { convert($0, to: view) }
    }

    /// Converts `rect` from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        boundingBox(of: rect) { convert($0, from: view) }
    }

    // MARK: Machinery

    /// The topmost ancestor (a window, or the root of a detached tree).
    var rootAncestor: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Maps a point from this view's bounds space into its superview's (for a window: the screen's).
    @inline(__always)
    func pointToParent(_ point: CGPoint) -> CGPoint {
        var x = point.x - storedBounds.midX, y = point.y - storedBounds.midY
        if hasTransform {
            let t = storedTransform
            (x, y) = (t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
        }
        return CGPoint(x: x + storedCenter.x, y: y + storedCenter.y)
    }

    /// Maps a point from the superview's bounds space (for a window: the screen's) into this view's.
    @inline(__always)
    func pointFromParent(_ point: CGPoint) -> CGPoint {
        var x = point.x - storedCenter.x, y = point.y - storedCenter.y
        if hasTransform {
            let p = CGPoint(x: x, y: y).applying(storedTransform.inverted())
            (x, y) = (p.x, p.y)
        }
        return CGPoint(x: x + storedBounds.midX, y: y + storedBounds.midY)
    }

    /// The point in the coordinates of this view's root, and that root.
    private func pointInRoot(_ point: CGPoint) -> (CGPoint, UIView) {
        var view = self, p = point
        while let parent = view.superview {
            p = view.pointToParent(p)
            view = parent
        }
        return (p, view)
    }

    /// Maps a point given in `root`'s coordinates into this view's. Two different windows meet in screen
    /// coordinates; two unrelated detached trees are taken to share their roots' coordinates.
    ///
    /// Recursive, from the root down, where a list of the ancestors would allocate on every conversion
    /// (every `location(in:)` of a touch); a view's depth bounds the recursion.
    private func pointFromRoot(_ point: CGPoint, root: UIView) -> CGPoint {
        guard let parent = superview else {
            if self !== root, root is UIWindow, self is UIWindow { return pointFromParent(root.pointToParent(point)) }
            return point
        }
        return pointFromParent(parent.pointFromRoot(point, root: root))
    }

    private func boundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// The frame implied by center, bounds size and transform (R24).
    func frameFromGeometry() -> CGRect {
        let size = storedBounds.size
        let box = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        let transformed = hasTransform ? box.applying(storedTransform) : box
        return transformed.offsetBy(dx: storedCenter.x, dy: storedCenter.y)
    }

    /// Sets center and bounds size so that ``frame`` reads back as `frame` (R24).
    ///
    /// It writes the stored center and bounds, not the overridable ``center`` and ``bounds`` properties:
    /// in UIKit, setting a view's frame does not call its `bounds` or `center` setters (observed: a
    /// subclass observing both sees only `frame` change when its controller resizes it, Apple Developer
    /// Forums thread 104489), nor does setting `bounds` or `center` call the `frame` setter.
    func setGeometry(forFrame frame: CGRect) {
        let oldSize = storedBounds.size
        defer { if storedBounds.size != oldSize { setNeedsLayout() } }
        let t = storedTransform
        if !hasTransform {
            storedBounds.size = frame.size
        } else if t.b == 0, t.c == 0, t.a != 0, t.d != 0 {
            // Scale and translation only: undo the scale on the size.
            storedBounds.size = CGSize(width: frame.width / abs(t.a), height: frame.height / abs(t.d))
        }
        // Under a rotation UIKit leaves frame undefined: only the position follows.
        storedCenter = CGPoint(x: frame.midX - (hasTransform ? t.tx : 0), y: frame.midY - (hasTransform ? t.ty : 0))
    }
}
