import Foundation

/// Recognizes a pointer moving over a view: continuous (U1).
///
/// It begins when the pointer (a mouse's or a trackpad's, or an Apple Pencil held above the screen)
/// comes over its view, changes as it moves within it and ends when it leaves the view, leaves the
/// screen, or a click begins (``Thresholds/hoverEndsOnClick``). Hover samples are hit-tested like
/// touches: a view covering the recognizer's view takes the pointer from it, and the recognizers of the
/// view under the pointer and of every ancestor follow it together (none prevents another). It takes no
/// touches. ``UIGestureRecognizer/allowedTouchTypes`` tells a mouse's hover
/// (``UITouch/TouchType/indirectPointer``) from a pencil's (``UITouch/TouchType/pencil``).
///
/// ```swift
/// let hover = UIHoverGestureRecognizer(target: self, action: Controller.hovering)
/// button.addGestureRecognizer(hover)
/// ```
@MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UIHoverGestureRecognizer.self }
    override class var takesTouches: Bool { false }
    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    /// The last sample the recognizer was given, kept after the hover ends for the action of `.ended`:
    /// fenced storage (see ``FencedStorage``), written at every move.
    #if DEBUG
    private final var pose = Pose()
    #else
    @exclusivity(unchecked) private final var pose = Pose()
    #endif

    private struct Pose: FencedStorage {
        var locationInWindow = CGPoint.zero
        var windowLink: WeakLink<UIResponder>?
        var zOffset: CGFloat = 0
        var altitudeAngle: CGFloat = .pi / 2
        var azimuthAngle: CGFloat = 0
    }

    /// How far above the screen a hovering pencil is, from 0 to 1; 0 for a pointer and for devices that
    /// do not sense it (U1).
    open var zOffset: CGFloat { pose.zOffset }

    /// A hovering pencil's altitude, in radians: 0 parallel to the screen, π/2 perpendicular (U4).
    open var altitudeAngle: CGFloat { pose.altitudeAngle }

    /// A hovering pencil's azimuth in `view`'s coordinates (nil: the window's), in radians: 0 along +x,
    /// growing clockwise (U4).
    open func azimuthAngle(in view: UIView?) -> CGFloat {
        azimuth(pose.azimuthAngle, in: view, window: pose.windowLink?.object(as: UIWindow.self)).angle
    }

    /// The direction a hovering pencil's cap points to, as a unit vector in `view`'s coordinates.
    open func azimuthUnitVector(in view: UIView?) -> CGVector {
        azimuth(pose.azimuthAngle, in: view, window: pose.windowLink?.object(as: UIWindow.self)).vector
    }

    /// Where the pointer is, in `view`'s coordinates (nil: the window's).
    open override func location(in view: UIView?) -> CGPoint {
        let point = pose.locationInWindow
        guard let view, let window = pose.windowLink?.object(as: UIWindow.self), view !== window else { return point }
        return view.convert(point, from: window)
    }

    override func admission(of input: PointerInput) -> PointerAdmission {
        guard input.kind == .hover else { return .notForThisKind }
        guard allowedTouchTypes.contains(input.touchType) else { return .refused(.touchTypeNotAllowed(input.touchType)) }
        return .accepted
    }

    override func pointerBegan(_ input: PointerInput, with event: UIEvent) {
        take(input)
        if state == .possible { setState(.began, because: .hoverEntered) }
    }

    override func pointerChanged(_ input: PointerInput, with event: UIEvent) {
        take(input)
        if state == .began || state == .changed { state = .changed }
    }

    override func pointerEnded(_ input: PointerInput, with event: UIEvent) {
        take(input)
        switch state {
        case .began, .changed: setState(.ended, because: .hoverExited)
        case .possible: setState(.failed, because: .hoverExited)
        default: break
        }
    }

    override func pointerCancelled(_ input: PointerInput, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: setState(.failed, because: .hoverExited)
        default: break
        }
    }

    private func take(_ input: PointerInput) {
        // The window changes only with the view under the pointer.
        if input.hasEntered || pose.windowLink == nil, let window = input.window { pose.windowLink = window.link }
        pose.locationInWindow = input.locationInWindow
        pose.zOffset = input.zOffset
        pose.altitudeAngle = input.altitudeAngle
        pose.azimuthAngle = input.azimuthAngle
    }
}
