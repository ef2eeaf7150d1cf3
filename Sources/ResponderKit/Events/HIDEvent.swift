import Foundation

/// Raw input, as an input source hands it to the application: the fingers that changed, a press, a
/// shake, a remote-control command, a pointer's hover, a scroll, a trackpad pinch, a pencil's tap.
///
/// Post it to the application's ``UIApplication/inputPort`` from any thread (or with
/// ``UIApplication/enqueue(_:)`` on the main actor). The application's loop queues it (FIFO), turns it
/// into a ``UIEvent`` (hit-testing new touches, counting taps) and dispatches it. ``EventSimulator``
/// builds these for you; a live bridge from another toolkit builds them itself.
public struct HIDEvent: Sendable {
    /// When the input happened, in seconds on the application's clock.
    public var timestamp: TimeInterval
    /// What happened.
    public var payload: Payload

    /// Creates an input record.
    public init(timestamp: TimeInterval, payload: Payload) {
        self.timestamp = timestamp
        self.payload = payload
    }

    /// What an input record carries.
    public enum Payload: Sendable {
        /// Fingers that went down, moved, lifted or were cancelled together: they become one touch event.
        /// Fingers that are down and not listed are stationary.
        case touches([Touch])
        /// Refined values for estimated properties of an earlier touch sample. (Boxed: it is the largest
        /// payload and the rarest, and every record is as large as its largest payload.)
        indirect case touchUpdate(TouchUpdate)
        /// A physical button changed.
        case press(Press)
        /// A motion (shake) began, ended or was cancelled.
        case motion(UIEvent.EventSubtype, MotionPhase)
        /// A remote-control command (play, pause, next track…).
        case remoteControl(UIEvent.EventSubtype)
        /// A pointer or a pencil over the screen, not touching it (U1).
        case hover(Hover)
        /// Scrolling from a trackpad or a wheel (U3).
        case scroll(Scroll)
        /// A pinch or rotation on a trackpad (U2).
        case transform(Transform)
        /// A double tap on the side of an Apple Pencil (U4): the ``UIPencilInteraction``s whose views are
        /// in a visible window are told.
        case pencilTap
    }

    /// The phases of a motion.
    public enum MotionPhase: Sendable {
        /// The motion started.
        case began
        /// The motion ended.
        case ended
        /// The motion was cancelled.
        case cancelled
    }

    /// One finger's sample.
    public struct Touch: Sendable {
        // The fields are in an order that leaves no padding (the one-byte ones last): a sample that fits
        // in 128 bytes is copied without a call to memcpy, and every move copies its sample.
        /// The finger's identity, stable from down to lift-off.
        public var finger: Int
        /// Where the finger is, in screen coordinates.
        public var location: CGPoint
        /// The force of the touch or press; 1 is an average touch, 1 a full button press.
        public var force: CGFloat
        /// The largest force the input source reports.
        public var maximumPossibleForce: CGFloat
        /// The radius of the touch, in points.
        public var majorRadius: CGFloat
        /// The accuracy of the radius, in points.
        public var majorRadiusTolerance: CGFloat
        /// The properties whose values are estimates.
        public var estimatedProperties: UITouch.Properties
        /// The estimated properties that a later update will refine.
        public var estimatedPropertiesExpectingUpdates: UITouch.Properties
        /// For a click (type ``UITouch/TouchType/indirectPointer``): the buttons down, or, on the sample
        /// that lifts, the buttons that lift. Empty for fingers and pencils.
        public var buttonMask: UIEvent.ButtonMask = []
        /// The modifier keys held down.
        public var modifierFlags: UIKeyModifierFlags = []
        /// A pencil's altitude, in radians: 0 parallel to the screen, π/2 (the default) perpendicular (U4).
        public var altitudeAngle: CGFloat = .pi / 2
        /// A pencil's azimuth, in radians in the screen's coordinates: 0 when its cap points along +x,
        /// growing clockwise (U4).
        public var azimuthAngle: CGFloat = 0
        /// Earlier moves of the same finger that waited in the input port with this one and were merged
        /// into it (I5), oldest first: they become ``UIEvent/coalescedTouches(for:)``.
        var coalescedSamples: [Sample] = []
        /// Pairs this sample with a later ``TouchUpdate``; nil when no update will come.
        public var estimationUpdateIndex: Int?
        /// `.began`, `.moved`, `.ended` or `.cancelled`. (`.stationary` is implied for fingers not listed.)
        public var phase: UITouch.Phase
        /// What produced the input.
        public var type: UITouch.TouchType

        /// Creates a sample. The defaults describe an ordinary finger.
        public init(finger: Int, phase: UITouch.Phase, location: CGPoint, force: CGFloat = 0,
                    maximumPossibleForce: CGFloat = 0, majorRadius: CGFloat = 20, majorRadiusTolerance: CGFloat = 5,
                    type: UITouch.TouchType = .direct, estimatedProperties: UITouch.Properties = [],
                    estimatedPropertiesExpectingUpdates: UITouch.Properties = [], estimationUpdateIndex: Int? = nil) {
            self.finger = finger
            self.phase = phase
            self.location = location
            self.force = force
            self.maximumPossibleForce = maximumPossibleForce
            self.majorRadius = majorRadius
            self.majorRadiusTolerance = majorRadiusTolerance
            self.type = type
            self.estimatedProperties = estimatedProperties
            self.estimatedPropertiesExpectingUpdates = estimatedPropertiesExpectingUpdates
            self.estimationUpdateIndex = estimationUpdateIndex
        }
    }

    /// A touch sample with the time it was taken, kept when moves are coalesced.
    struct Sample: Sendable {
        var touch: Touch
        var timestamp: TimeInterval
    }

    /// Final values for the estimated properties of the sample numbered `estimationUpdateIndex`.
    public struct TouchUpdate: Sendable {
        // Every record is as large as its largest payload, and this is the largest: its fields are laid
        // out without padding between optionals, and a pencil's angles are NaN when not refined.
        /// The sample this update refines.
        public var estimationUpdateIndex: Int
        /// Properties that are still expected to be refined again.
        public var stillExpecting: UITouch.Properties
        /// The refined location, in screen coordinates, if location was estimated.
        public var location: CGPoint?
        /// The refined force, if force was estimated.
        public var force: CGFloat?
        private var refinedAltitude = CGFloat.nan
        private var refinedAzimuth = CGFloat.nan
        /// The refined altitude of a pencil, if it was estimated.
        public var altitudeAngle: CGFloat? {
            get { refinedAltitude.isNaN ? nil : refinedAltitude }
            set { refinedAltitude = newValue ?? .nan }
        }
        /// The refined azimuth of a pencil, if it was estimated.
        public var azimuthAngle: CGFloat? {
            get { refinedAzimuth.isNaN ? nil : refinedAzimuth }
            set { refinedAzimuth = newValue ?? .nan }
        }

        /// Creates an update for the sample numbered `estimationUpdateIndex`.
        public init(estimationUpdateIndex: Int, location: CGPoint? = nil, force: CGFloat? = nil,
                    altitudeAngle: CGFloat? = nil, azimuthAngle: CGFloat? = nil, stillExpecting: UITouch.Properties = []) {
            self.estimationUpdateIndex = estimationUpdateIndex
            self.stillExpecting = stillExpecting
            self.location = location
            self.force = force
            self.altitudeAngle = altitudeAngle
            self.azimuthAngle = azimuthAngle
        }
    }

    /// One button's sample.
    public struct Press: Sendable {
        /// The press's identity, stable from began to ended.
        public var identifier: Int
        /// `.began`, `.changed`, `.ended` or `.cancelled`.
        public var phase: UIPress.Phase
        /// What produced the input.
        public var type: UIPress.PressType
        /// The force of the touch or press; 1 is an average touch, 1 a full button press.
        public var force: CGFloat
        /// The key, for keyboard presses: characters and HID usage.
        public var key: KeyDescription?

        /// Creates a press sample; buttons without force sensing report 1.
        public init(identifier: Int, phase: UIPress.Phase, type: UIPress.PressType, force: CGFloat = 1,
                    key: KeyDescription? = nil) {
            self.identifier = identifier
            self.phase = phase
            self.type = type
            self.force = force
            self.key = key
        }
    }

    /// A keyboard key as plain values (``UIKey`` itself lives on the main actor).
    public struct KeyDescription: Sendable, Hashable {
        /// The characters the key produces, modifiers included.
        public var characters: String
        /// The characters the key produces without modifiers.
        public var charactersIgnoringModifiers: String
        /// The modifier keys held down.
        public var modifierFlags: UIKeyModifierFlags
        /// The key's HID usage code.
        public var keyCode: UIKeyboardHIDUsage

        /// Creates a key; without `charactersIgnoringModifiers`, the lowercased characters are used.
        public init(characters: String, charactersIgnoringModifiers: String? = nil,
                    modifierFlags: UIKeyModifierFlags = [], keyCode: UIKeyboardHIDUsage) {
            self.characters = characters
            self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters.lowercased()
            self.modifierFlags = modifierFlags
            self.keyCode = keyCode
        }
    }
}
