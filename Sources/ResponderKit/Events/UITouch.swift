import Foundation

/// One finger (or stylus) on the screen, for its whole life.
///
/// The same object is updated from touch-down to lift-off (C1). It stays bound to the view that was
/// hit when it began, wherever it moves (A11, R4).
///
/// See <doc:HitTesting> for how a touch finds its view, and <doc:PathOfAnEvent>.
@MainActor
public final class UITouch: Hashable {
    /// The phase of a touch.
    public enum Phase: Int, Sendable {
        /// The finger touched down.
        case began
        /// The finger moved.
        case moved
        /// The finger is down and did not move in this event.
        case stationary
        /// The finger lifted.
        case ended
        /// The system, a recognizer or the view tree cancelled the touch.
        case cancelled

        /// Whether the touch is over: ended or cancelled.
        var isFinished: Bool {
            switch self {
            case .ended, .cancelled: return true
            case .began, .moved, .stationary: return false
            }
        }

        /// Compares the raw values. (The same answer as the synthesized `==`, which this compiler builds from
        /// enum-tag reads through memory that stop the optimizer from removing the retains and releases
        /// around every comparison on the dispatch path.)
        public static func == (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue == rhs.rawValue }
    }

    /// What produced the touch.
    public enum TouchType: Int, Sendable {
        /// A finger on the screen.
        case direct
        /// A touch not on the screen, such as a remote's touch surface.
        case indirect
        /// A stylus.
        case pencil
        /// A pointer, such as a trackpad or mouse.
        case indirectPointer

        /// Compares the raw values, as ``Phase`` does.
        public static func == (lhs: TouchType, rhs: TouchType) -> Bool { lhs.rawValue == rhs.rawValue }
    }

    /// Touch properties that an input source may estimate first and refine later.
    public struct Properties: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: Int
        /// Creates a value from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The force value.
        public static let force = Properties(rawValue: 1 << 0)
        /// The azimuth value.
        public static let azimuth = Properties(rawValue: 1 << 1)
        /// The altitude value.
        public static let altitude = Properties(rawValue: 1 << 2)
        /// The location value.
        public static let location = Properties(rawValue: 1 << 3)
        /// The roll value.
        public static let roll = Properties(rawValue: 1 << 4)
    }

    // MARK: State

    /// The touch's state, which dispatch reads and writes on every event: fenced storage (see
    /// ``FencedStorage``), which every property below reads or writes in one access.
    #if DEBUG
    private final var fenced: Fenced
    #else
    @exclusivity(unchecked) private final var fenced: Fenced
    #endif

    private struct Fenced: FencedStorage {
        var phase: Phase = .began
        var tapCount = 1
        var timestamp: TimeInterval
        var type: TouchType
        var view: UIView?
        var window: UIWindow?
        var majorRadius: CGFloat
        var majorRadiusTolerance: CGFloat
        var force: CGFloat
        var estimatedProperties: Properties
        var estimatedPropertiesExpectingUpdates: Properties
        var estimationUpdateIndex: NSNumber?
        var altitudeAngle: CGFloat = .pi / 2
        var azimuthAngle: CGFloat = 0
        var buttonMask: UIEvent.ButtonMask = []
        var modifierFlags: UIKeyModifierFlags = []
        var arbitration = TouchRecord()
        var locationInWindow: CGPoint
        var previousLocationInWindow: CGPoint
        var screenLocationAtBegin: CGPoint?
        var lastChange = 0
        var previousTimestamp: TimeInterval
        var coalescedEarlier: [HIDEvent.Sample] = []
        var storedLink: WeakLink<UITouch>?
        var itemFollower: (any ItemTouchFollowing)?
    }

    /// The touch's current phase.
    public internal(set) var phase: Phase {
        get { fenced.phase }
        set { fenced.phase = newValue }
    }
    /// How many times in a row the finger tapped near this place (R23).
    public internal(set) var tapCount: Int {
        get { fenced.tapCount }
        set { fenced.tapCount = newValue }
    }
    /// When the touch began or last changed, on the application's clock.
    public internal(set) var timestamp: TimeInterval {
        get { fenced.timestamp }
        set { fenced.timestamp = newValue }
    }
    /// What produced the touch.
    public internal(set) var type: TouchType {
        get { fenced.type }
        set { fenced.type = newValue }
    }
    /// The view that was hit when the touch began; it never changes.
    public internal(set) var view: UIView? {
        get { fenced.view }
        set { fenced.view = newValue }
    }
    /// The window in which the touch began.
    public internal(set) var window: UIWindow? {
        get { fenced.window }
        set { fenced.window = newValue }
    }
    /// The radius of the touch, in points.
    public internal(set) var majorRadius: CGFloat {
        get { fenced.majorRadius }
        set { fenced.majorRadius = newValue }
    }
    /// The accuracy of ``majorRadius``, in points.
    public internal(set) var majorRadiusTolerance: CGFloat {
        get { fenced.majorRadiusTolerance }
        set { fenced.majorRadiusTolerance = newValue }
    }
    /// The force of the touch; 1 is an average touch.
    public internal(set) var force: CGFloat {
        get { fenced.force }
        set { fenced.force = newValue }
    }
    /// The largest force the input source reports.
    public internal(set) var maximumPossibleForce: CGFloat
    /// The properties whose current values are estimates.
    public internal(set) var estimatedProperties: Properties {
        get { fenced.estimatedProperties }
        set { fenced.estimatedProperties = newValue }
    }
    /// The estimated properties whose refined values will arrive later, through
    /// ``UIResponder/touchesEstimatedPropertiesUpdated(_:)``.
    public internal(set) var estimatedPropertiesExpectingUpdates: Properties {
        get { fenced.estimatedPropertiesExpectingUpdates }
        set { fenced.estimatedPropertiesExpectingUpdates = newValue }
    }
    /// The number that pairs this sample with its later refinements; nil when no update is expected.
    public internal(set) var estimationUpdateIndex: NSNumber? {
        get { fenced.estimationUpdateIndex }
        set { fenced.estimationUpdateIndex = newValue }
    }

    /// A pencil's altitude, in radians: 0 when it lies parallel to the screen, π/2 when it stands
    /// perpendicular (U4). π/2 for a finger.
    public internal(set) var altitudeAngle: CGFloat {
        get { fenced.altitudeAngle }
        set { fenced.altitudeAngle = newValue }
    }
    /// A pencil's azimuth in the window's coordinates (see ``azimuthAngle(in:)``).
    var azimuthAngleInWindow: CGFloat {
        get { fenced.azimuthAngle }
        set { fenced.azimuthAngle = newValue }
    }
    /// The buttons and modifier keys of its last sample: a touch event's are those of its touches (U2).
    var buttonMask: UIEvent.ButtonMask { fenced.buttonMask }
    var modifierFlags: UIKeyModifierFlags { fenced.modifierFlags }

    /// The gesture recognizers receiving the touch: those of its view and the view's ancestors that
    /// accepted it (R5), in the order they are fed.
    public var gestureRecognizers: [UIGestureRecognizer]? { arbitration.receivers }

    /// The finger's identity as the input source reported it.
    let finger: Int
    /// The arbiter's record of the touch: the recognizers it is offered and fed to, whether its view
    /// delivery is held back, how far it went with its view. Written only through the record's steps,
    /// each an edit in place.
    var arbitration: TouchRecord {
        _read { yield fenced.arbitration }
        _modify { yield &fenced.arbitration }
    }
    /// How far the touch went with its view (see ``TouchRecord/viewDelivery``).
    var viewDelivery: ResponderDelivery { fenced.arbitration.viewDelivery }
    var locationInWindow: CGPoint {
        get { fenced.locationInWindow }
        set { fenced.locationInWindow = newValue }
    }
    var previousLocationInWindow: CGPoint {
        get { fenced.previousLocationInWindow }
        set { fenced.previousLocationInWindow = newValue }
    }
    /// Where the finger went down, in screen coordinates (for tap counting).
    var screenLocationAtBegin: CGPoint? {
        get { fenced.screenLocationAtBegin }
        set { fenced.screenLocationAtBegin = newValue }
    }
    /// The serial of the last touch event that changed this touch; the others leave it stationary.
    var lastChange: Int {
        get { fenced.lastChange }
        set { fenced.lastChange = newValue }
    }
    /// When the touch's sample before the current one was taken (for predictions).
    var previousTimestamp: TimeInterval {
        get { fenced.previousTimestamp }
        set { fenced.previousTimestamp = newValue }
    }
    /// The moves merged into the current change (I5), oldest first, in screen coordinates; empty when the
    /// current event carries only the touch's own sample.
    var coalescedEarlier: [HIDEvent.Sample] {
        get { fenced.coalescedEarlier }
        set { fenced.coalescedEarlier = newValue }
    }

    /// The table or collection view following this touch on one of its rows or items, told when the touch
    /// leaves the event if its end never reached it (see ``ItemTouchFollowing``). Strong, and cleared as
    /// the touch leaves the event: the container holds the touch only by identity, so there is no cycle,
    /// and a weak reference would cost every touch its setup and teardown.
    var itemFollower: (any ItemTouchFollowing)? {
        get { fenced.itemFollower }
        set { fenced.itemFollower = newValue }
    }

    deinit {
        fenced.storedLink?.clear()
    }

    /// What a control tracking this touch holds instead of a weak reference to it (see ``WeakLink``),
    /// made the first time it is asked for.
    var link: WeakLink<UITouch> { WeakLink.link(of: self, keptIn: &fenced.storedLink) }

    init(finger: Int, sample: HIDEvent.Touch, locationInWindow: CGPoint, timestamp: TimeInterval) {
        self.finger = finger
        maximumPossibleForce = sample.maximumPossibleForce
        fenced = Fenced(timestamp: timestamp, type: sample.type, majorRadius: sample.majorRadius,
                        majorRadiusTolerance: sample.majorRadiusTolerance, force: sample.force,
                        estimatedProperties: sample.estimatedProperties,
                        estimatedPropertiesExpectingUpdates: sample.estimatedPropertiesExpectingUpdates,
                        estimationUpdateIndex: sample.estimationUpdateIndex.map { NSNumber(value: $0) },
                        altitudeAngle: sample.altitudeAngle, azimuthAngle: sample.azimuthAngle,
                        buttonMask: sample.buttonMask, modifierFlags: sample.modifierFlags,
                        locationInWindow: locationInWindow, previousLocationInWindow: locationInWindow,
                        previousTimestamp: timestamp)
    }

    /// A copy of `touch` as one sample: at `location` (window coordinates) at `timestamp`. Coalesced
    /// and predicted touches are such copies; no recognizer or view ever receives them.
    init(sampleOf touch: UITouch, phase: Phase, location: CGPoint, previousLocation: CGPoint,
         timestamp: TimeInterval, force: CGFloat) {
        finger = touch.finger
        maximumPossibleForce = touch.maximumPossibleForce
        fenced = Fenced(phase: phase, tapCount: touch.tapCount, timestamp: timestamp, type: touch.type,
                        view: touch.view, window: touch.window, majorRadius: touch.majorRadius,
                        majorRadiusTolerance: touch.majorRadiusTolerance, force: force,
                        estimatedProperties: touch.estimatedProperties, estimatedPropertiesExpectingUpdates: [],
                        estimationUpdateIndex: nil, altitudeAngle: touch.altitudeAngle, azimuthAngle: touch.azimuthAngleInWindow,
                        buttonMask: touch.buttonMask, modifierFlags: touch.modifierFlags,
                        locationInWindow: location, previousLocationInWindow: previousLocation,
                        previousTimestamp: timestamp)
    }

    /// Where the touch is now, in `view`'s coordinates; nil means the touch's window's coordinates (C5).
    public func location(in view: UIView?) -> CGPoint {
        convert(locationInWindow, to: view)
    }

    /// Where the touch was before its last move, in `view`'s coordinates; nil means window coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousLocationInWindow, to: view)
    }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, view !== window else { return point }
        guard let window else { return point }
        return view.convert(point, from: window)
    }

    /// Applies one sample of the input source to the touch.
    func apply(_ sample: HIDEvent.Touch, locationInWindow location: CGPoint, phase: Phase, timestamp: TimeInterval) {
        self.phase = phase
        previousTimestamp = self.timestamp
        self.timestamp = timestamp
        previousLocationInWindow = locationInWindow
        locationInWindow = location
        force = sample.force
        majorRadius = sample.majorRadius
        majorRadiusTolerance = sample.majorRadiusTolerance
        estimatedProperties = sample.estimatedProperties
        estimatedPropertiesExpectingUpdates = sample.estimatedPropertiesExpectingUpdates
        // Only a pencil has a pose; a finger's stays perpendicular (and costs nothing to keep).
        fenced.buttonMask = sample.buttonMask
        fenced.modifierFlags = sample.modifierFlags
        if sample.type == .pencil {
            altitudeAngle = sample.altitudeAngle
            azimuthAngleInWindow = sample.azimuthAngle
        }
        if let index = sample.estimationUpdateIndex {
            estimationUpdateIndex = NSNumber(value: index)
        } else {
            estimationUpdateIndex = nil
        }
    }

    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
