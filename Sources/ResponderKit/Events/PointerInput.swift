import Foundation

/// One kind of pointer input that is not a touch — a hover, a scroll or a trackpad transform — as the
/// application follows it from its beginning to its end (U1–U3).
///
/// The application keeps one of each kind and reuses it from gesture to gesture, with the event it is
/// delivered in, so that a hover move or a scroll step allocates nothing. A scroll and a transform are
/// bound, like a touch, to the view hit where they began (R4); a hover is hit-tested at every sample,
/// since it enters and leaves views as it moves (U1).
///
/// Locations are in the coordinates of ``window``; a scroll's steps (``delta``, ``translation``) are
/// window vectors too.
@MainActor
final class PointerInput {
    /// The kinds of pointer input.
    enum Kind: Int, Sendable {
        case hover, scroll, transform

        /// The event type it is delivered in.
        var eventType: UIEvent.EventType {
            switch self {
            case .hover: return .hover
            case .scroll: return .scroll
            case .transform: return .transform
            }
        }

        /// Compares the raw values, as ``UITouch/Phase`` does.
        static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue == rhs.rawValue }
    }

    /// Which kind it is.
    let kind: Kind
    /// The event it is delivered in (C1: one object, updated for every sample).
    let event: UIEvent

    init(kind: Kind) {
        self.kind = kind
        event = UIEvent(type: kind.eventType, subtype: .none, timestamp: 0)
    }

    /// The input's state, read on every sample: fenced storage (see ``FencedStorage``).
    #if DEBUG
    private var fenced = Fenced()
    #else
    @exclusivity(unchecked) private var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var isActive = false
        var phase = HIDEvent.Phase.ended
        var touchType = UITouch.TouchType.indirectPointer
        var scrollType = UIScrollType.continuous
        var windowLink: WeakLink<UIResponder>?
        var viewLink: WeakLink<UIResponder>?
        var locationInWindow = CGPoint.zero
        var screenLocation = CGPoint.zero
        var delta = CGPoint.zero
        var translation = CGPoint.zero
        var scale: CGFloat = 1
        var rotation: CGFloat = 0
        var zOffset: CGFloat = 0
        var altitudeAngle: CGFloat = .pi / 2
        var azimuthAngle: CGFloat = 0
        var modifierFlags: UIKeyModifierFlags = []
        var timestamp: TimeInterval = 0
        var beganAt: TimeInterval = 0
        var hasEntered = false
        var endsAfterPause = false
        var isPlayedAsTouches = false
        var arbitration = PointerRecord()
    }

    // MARK: The gesture

    /// Whether a gesture of this kind is under way: between its beginning and its end.
    var isActive: Bool { fenced.isActive }
    /// The phase of the sample being delivered.
    var phase: HIDEvent.Phase { fenced.phase }
    /// What moves: ``UITouch/TouchType/indirectPointer``, or ``UITouch/TouchType/pencil`` for a pencil's hover.
    var touchType: UITouch.TouchType { fenced.touchType }
    /// For a scroll: the kind of device.
    var scrollType: UIScrollType { fenced.scrollType }
    /// The window the gesture is in. Held through its link: pointer input does not keep a scene alive.
    var window: UIWindow? { fenced.windowLink?.object(as: UIWindow.self) }
    /// The view it is bound to (a scroll, a transform) or over (a hover); nil over no view.
    var view: UIView? { fenced.viewLink?.object(as: UIView.self) }
    /// Where the pointer is, in the window's coordinates.
    var locationInWindow: CGPoint { fenced.locationInWindow }
    /// Where the pointer is, in the screen's coordinates.
    var screenLocation: CGPoint { fenced.screenLocation }
    /// The modifier keys held down in the sample being delivered.
    var modifierFlags: UIKeyModifierFlags { fenced.modifierFlags }
    /// A scroll's step in this sample, as a window vector.
    var delta: CGPoint { fenced.delta }
    /// A scroll's steps since it began, as a window vector.
    var translation: CGPoint { fenced.translation }
    /// A transform's scale since it began.
    var scale: CGFloat { fenced.scale }
    /// A transform's rotation since it began, in radians, clockwise.
    var rotation: CGFloat { fenced.rotation }
    /// A pencil's height above the screen, 0 to 1; 0 for a pointer.
    var zOffset: CGFloat { fenced.zOffset }
    /// A pencil's altitude, in radians.
    var altitudeAngle: CGFloat { fenced.altitudeAngle }
    /// A pencil's azimuth, in radians, in the window's coordinates.
    var azimuthAngle: CGFloat { fenced.azimuthAngle }
    /// When the sample being delivered was taken.
    var timestamp: TimeInterval { fenced.timestamp }
    /// When the gesture began.
    var beganAt: TimeInterval { fenced.beganAt }
    /// For a scroll or a transform: whether its source began it without a `.began` sample (a wheel, a
    /// source without phases), so that the application ends it after a pause.
    var endsAfterPause: Bool {
        get { fenced.endsAfterPause }
        set { fenced.endsAfterPause = newValue }
    }
    /// For a transform: whether it is played as two touches (the application did not take indirect input
    /// events when it began); it is played so to its end, whatever the application says meanwhile.
    var isPlayedAsTouches: Bool {
        get { fenced.isPlayedAsTouches }
        set { fenced.isPlayedAsTouches = newValue }
    }
    /// For a hover: whether the view under it changed with this sample (refusals are then traced).
    var hasEntered: Bool {
        get { fenced.hasEntered }
        set { fenced.hasEntered = newValue }
    }
    /// The arbiter's record: the recognizers the gesture is fed to. Written only through its steps.
    var arbitration: PointerRecord {
        _read { yield fenced.arbitration }
        _modify { yield &fenced.arbitration }
    }

    // MARK: Samples

    /// A gesture begins: its running values start again.
    func begin(at timestamp: TimeInterval) {
        fenced.isActive = true
        fenced.isPlayedAsTouches = false
        fenced.beganAt = timestamp
        fenced.translation = .zero
        fenced.delta = .zero
        fenced.scale = 1
        fenced.rotation = 0
    }

    /// The gesture is in `window`, over `view` (nil: over no view; a hover over no window has neither).
    /// A scroll or a transform is bound as it begins; a hover at every sample.
    @discardableResult
    func bind(to window: UIWindow?, over view: UIView?) -> Bool {
        if window !== fenced.windowLink?.object { fenced.windowLink = window?.link }
        guard view !== fenced.viewLink?.object else { return false }
        fenced.viewLink = view?.link
        return true
    }

    /// The gesture is over (or was never delivered): it keeps its last values for readers, and lets go of
    /// its view and window.
    func finish() {
        fenced.isActive = false
        fenced.windowLink = nil
        fenced.viewLink = nil
    }

    /// Takes one sample's common values.
    func take(phase: HIDEvent.Phase, screenLocation: CGPoint, modifierFlags: UIKeyModifierFlags, timestamp: TimeInterval) {
        fenced.phase = phase
        fenced.screenLocation = screenLocation
        if let window { fenced.locationInWindow = window.pointFromParent(screenLocation) }
        fenced.modifierFlags = modifierFlags
        fenced.timestamp = timestamp
        event.timestamp = timestamp
        event.modifierFlags = modifierFlags
    }

    /// A hover's pose.
    func takeHover(_ sample: HIDEvent.Hover) {
        fenced.touchType = sample.type
        fenced.zOffset = sample.zOffset
        fenced.altitudeAngle = sample.altitudeAngle
        fenced.azimuthAngle = sample.azimuthAngle
    }

    /// A hover's whole sample, in `window` (the one it was just bound to; nil over none) at `location`
    /// in its coordinates: one edit, since a hover moves at the pointer's rate.
    func takeHover(_ sample: HIDEvent.Hover, phase: HIDEvent.Phase, in window: UIWindow?, timestamp: TimeInterval) {
        fenced.phase = phase
        fenced.screenLocation = sample.location
        if let window { fenced.locationInWindow = window.pointFromParent(sample.location) }
        fenced.modifierFlags = sample.modifierFlags
        fenced.timestamp = timestamp
        fenced.touchType = sample.type
        fenced.zOffset = sample.zOffset
        fenced.altitudeAngle = sample.altitudeAngle
        fenced.azimuthAngle = sample.azimuthAngle
        event.timestamp = timestamp
        event.modifierFlags = sample.modifierFlags
    }

    /// A scroll's step, `delta` in screen points (a window's points: windows are not scaled).
    func takeScroll(delta: CGPoint, type: UIScrollType) {
        fenced.scrollType = type
        fenced.delta = delta
        fenced.translation.x += delta.x
        fenced.translation.y += delta.y
    }

    /// A transform's values since it began.
    func takeTransform(scale: CGFloat, rotation: CGFloat) {
        fenced.scale = scale
        fenced.rotation = rotation
    }

    /// The recognizers whose record carries `stamp` (reset, or removed from their view) stop taking it.
    @inline(__always)
    func leaveMarked(_ stamp: Int) {
        // Usually nobody takes it: nothing to write.
        guard !fenced.arbitration.receivers.isEmpty else { return }
        fenced.arbitration.leaveMarked(stamp)
    }

    // MARK: Reading

    /// Where the pointer is, in `view`'s coordinates (nil: the window's).
    func location(in view: UIView?) -> CGPoint {
        let point = locationInWindow
        guard let view, let window, view !== window else { return point }
        return view.convert(point, from: window)
    }
}
