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

    // Dispatch reads the touch's state on every event. It is marked
    // `@exclusivity(unchecked)`: the runtime's exclusivity check on each access costs more than the
    // access itself, and no access to these properties ever overlaps a mutation of the same property
    // (they are read, assigned, or edited in place by code that does not read them back).

    /// The touch's current phase.
    @exclusivity(unchecked) public internal(set) var phase: Phase = .began
    /// How many times in a row the finger tapped near this place (R23).
    @exclusivity(unchecked) public internal(set) var tapCount: Int = 1
    /// When the touch began or last changed, on the application's clock.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
    /// What produced the touch.
    @exclusivity(unchecked) public internal(set) var type: TouchType
    /// The view that was hit when the touch began; it never changes.
    @exclusivity(unchecked) public internal(set) var view: UIView?
    /// The window in which the touch began.
    @exclusivity(unchecked) public internal(set) var window: UIWindow?
    /// The radius of the touch, in points.
    @exclusivity(unchecked) public internal(set) var majorRadius: CGFloat
    /// The accuracy of ``majorRadius``, in points.
    @exclusivity(unchecked) public internal(set) var majorRadiusTolerance: CGFloat
    /// The force of the touch; 1 is an average touch.
    @exclusivity(unchecked) public internal(set) var force: CGFloat
    /// The largest force the input source reports.
    public internal(set) var maximumPossibleForce: CGFloat
    /// The properties whose current values are estimates.
    @exclusivity(unchecked) public internal(set) var estimatedProperties: Properties
    /// The estimated properties whose refined values will arrive later, through
    /// ``UIResponder/touchesEstimatedPropertiesUpdated(_:)``.
    @exclusivity(unchecked) public internal(set) var estimatedPropertiesExpectingUpdates: Properties
    /// The number that pairs this sample with its later refinements; nil when no update is expected.
    @exclusivity(unchecked) public internal(set) var estimationUpdateIndex: NSNumber?

    /// The gesture recognizers receiving the touch: those of its view and the view's ancestors that
    /// accepted it (R5), in the order they are fed.
    public var gestureRecognizers: [UIGestureRecognizer]? { arbitration.receivers }

    /// The finger's identity as the input source reported it.
    let finger: Int
    /// The arbiter's record of the touch: the recognizers it is offered and fed to, whether its view
    /// delivery is held back, how far it went with its view. Written only through the record's steps.
    @exclusivity(unchecked) final var arbitration = TouchRecord()
    /// How far the touch went with its view (see ``TouchRecord/viewDelivery``).
    var viewDelivery: ResponderDelivery { arbitration.viewDelivery }
    @exclusivity(unchecked) var locationInWindow: CGPoint
    @exclusivity(unchecked) var previousLocationInWindow: CGPoint
    /// Where the finger went down, in screen coordinates (for tap counting).
    @exclusivity(unchecked) var screenLocationAtBegin: CGPoint?
    /// The serial of the last touch event that changed this touch; the others leave it stationary.
    @exclusivity(unchecked) var lastChange = 0
    /// When the touch's sample before the current one was taken (for predictions).
    @exclusivity(unchecked) var previousTimestamp: TimeInterval
    /// The moves merged into the current change (I5), oldest first, in screen coordinates; empty when the
    /// current event carries only the touch's own sample.
    @exclusivity(unchecked) var coalescedEarlier: [HIDEvent.Sample] = []

    deinit {
        storedLink?.clear()
    }

    /// What a control tracking this touch holds instead of a weak reference to it (see ``WeakLink``),
    /// made the first time it is asked for.
    var link: WeakLink<UITouch> { WeakLink.link(of: self, keptIn: &storedLink) }
    @exclusivity(unchecked) private var storedLink: WeakLink<UITouch>?

    init(finger: Int, sample: HIDEvent.Touch, locationInWindow: CGPoint, timestamp: TimeInterval) {
        self.finger = finger
        self.timestamp = timestamp
        self.type = sample.type
        self.majorRadius = sample.majorRadius
        self.majorRadiusTolerance = sample.majorRadiusTolerance
        self.force = sample.force
        self.maximumPossibleForce = sample.maximumPossibleForce
        self.estimatedProperties = sample.estimatedProperties
        self.estimatedPropertiesExpectingUpdates = sample.estimatedPropertiesExpectingUpdates
        self.estimationUpdateIndex = sample.estimationUpdateIndex.map { NSNumber(value: $0) }
        self.locationInWindow = locationInWindow
        self.previousLocationInWindow = locationInWindow
        self.previousTimestamp = timestamp
    }

    /// A copy of `touch` as one sample: at `location` (window coordinates) at `timestamp`. Coalesced
    /// and predicted touches are such copies; no recognizer or view ever receives them.
    init(sampleOf touch: UITouch, phase: Phase, location: CGPoint, previousLocation: CGPoint,
         timestamp: TimeInterval, force: CGFloat) {
        finger = touch.finger
        self.timestamp = timestamp
        previousTimestamp = timestamp
        type = touch.type
        majorRadius = touch.majorRadius
        majorRadiusTolerance = touch.majorRadiusTolerance
        self.force = force
        maximumPossibleForce = touch.maximumPossibleForce
        estimatedProperties = touch.estimatedProperties
        estimatedPropertiesExpectingUpdates = []
        self.phase = phase
        tapCount = touch.tapCount
        view = touch.view
        window = touch.window
        locationInWindow = location
        previousLocationInWindow = previousLocation
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
        if let index = sample.estimationUpdateIndex {
            estimationUpdateIndex = NSNumber(value: index)
        } else {
            estimationUpdateIndex = nil
        }
    }

    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
