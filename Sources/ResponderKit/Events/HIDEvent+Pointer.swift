import Foundation

extension HIDEvent {
    /// The phases of a pointer's gesture that is not a touch: a hover, a scroll, a trackpad pinch or
    /// rotation (U1–U3).
    public enum Phase: Int, Sendable {
        /// The pointer came over the screen, or the fingers began scrolling or pinching.
        case began
        /// It moved, scrolled or pinched further.
        case changed
        /// It left, or the fingers lifted.
        case ended
        /// The system took it away.
        case cancelled

        /// Compares the raw values, as ``UITouch/Phase`` does.
        public static func == (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue == rhs.rawValue }

        /// Whether the gesture is over: ended or cancelled.
        var isFinished: Bool { self == .ended || self == .cancelled }
    }

    /// A pointer (or an Apple Pencil) over the screen without touching it (U1): it becomes a
    /// `.hover` event, hit-tested like a touch, for ``UIHoverGestureRecognizer``s.
    ///
    /// A source sends `.began` when the pointer comes over the screen (or the pencil comes within
    /// reach), `.changed` as it moves and `.ended` when it leaves; a sample out of a hover is taken as
    /// its beginning. A click is not a hover: it is a touch of type
    /// ``UITouch/TouchType/indirectPointer`` (see ``HIDEvent/Touch/buttonMask``).
    public struct Hover: Sendable {
        /// Where the hover is.
        public var phase: Phase
        /// Where the pointer is, in screen coordinates.
        public var location: CGPoint
        /// What hovers: ``UITouch/TouchType/indirectPointer`` (a mouse or trackpad) or
        /// ``UITouch/TouchType/pencil``.
        public var type: UITouch.TouchType
        /// How far above the screen a pencil is, from 0 (touching) to 1 (the farthest it is sensed);
        /// 0 for devices that do not sense it (U1).
        public var zOffset: CGFloat
        /// A pencil's altitude, in radians: 0 parallel to the screen, π/2 perpendicular (U4).
        public var altitudeAngle: CGFloat
        /// A pencil's azimuth, in radians in the screen's coordinates: 0 when its cap points along +x,
        /// growing clockwise (U4).
        public var azimuthAngle: CGFloat
        /// The modifier keys held down.
        public var modifierFlags: UIKeyModifierFlags

        /// Creates a hover sample. The defaults describe a mouse's pointer.
        public init(phase: Phase, location: CGPoint, type: UITouch.TouchType = .indirectPointer, zOffset: CGFloat = 0,
                    altitudeAngle: CGFloat = .pi / 2, azimuthAngle: CGFloat = 0, modifierFlags: UIKeyModifierFlags = []) {
            self.phase = phase
            self.location = location
            self.type = type
            self.zOffset = zOffset
            self.altitudeAngle = altitudeAngle
            self.azimuthAngle = azimuthAngle
            self.modifierFlags = modifierFlags
        }
    }

    /// Scrolling from a trackpad or a mouse's wheel (U3): it becomes a `.scroll` event for the pan
    /// gesture recognizers whose ``UIPanGestureRecognizer/allowedScrollTypesMask`` takes its type.
    ///
    /// A trackpad (``UIScrollType/continuous``) sends `.began` when two fingers start to scroll,
    /// `.changed` for each step and `.ended` when they lift; a wheel (``UIScrollType/discrete``) sends
    /// a `.changed` sample per notch and no end. A scroll that did not begin with a `.began` sample is
    /// ended ``Thresholds/scrollEndDelay`` after its last sample, so a source without phases (a wheel,
    /// a browser) still gives gestures that end.
    public struct Scroll: Sendable {
        /// Where the scroll is.
        public var phase: Phase
        /// Where the pointer is, in screen coordinates. The scroll goes to the view under it.
        public var location: CGPoint
        /// How far this sample moves the content under the pointer, in points, as a finger dragging it
        /// would: a negative `y` moves the content up, towards its end. It is a pan's translation step.
        public var delta: CGPoint
        /// Notches of a wheel this sample adds to ``delta``: each moves the content by the application's
        /// ``Thresholds/wheelTickDistance`` (a negative `y` turns the wheel towards the user, moving
        /// the content up).
        public var ticks: CGPoint
        /// The kind of device.
        public var type: UIScrollType
        /// Whether this sample is the trackpad driver's own coasting after the fingers lifted. A scroll
        /// view decelerates by itself after a trackpad scroll ends, so such samples are not delivered
        /// (see ``Thresholds/scrollEndDelay``).
        public var isMomentum: Bool
        /// The modifier keys held down.
        public var modifierFlags: UIKeyModifierFlags

        /// Creates a scroll sample. The defaults describe a trackpad.
        public init(phase: Phase, location: CGPoint, delta: CGPoint, ticks: CGPoint = .zero,
                    type: UIScrollType = .continuous, isMomentum: Bool = false, modifierFlags: UIKeyModifierFlags = []) {
            self.phase = phase
            self.location = location
            self.delta = delta
            self.ticks = ticks
            self.type = type
            self.isMomentum = isMomentum
            self.modifierFlags = modifierFlags
        }

        /// A notch (or several) of a mouse's wheel at `location`: a discrete `.changed` sample.
        public static func wheel(ticks: CGPoint, at location: CGPoint, modifierFlags: UIKeyModifierFlags = []) -> Scroll {
            Scroll(phase: .changed, location: location, delta: .zero, ticks: ticks, type: .discrete, modifierFlags: modifierFlags)
        }
    }

    /// A pinch or rotation on a trackpad (U2): with ``UIApplication/applicationSupportsIndirectInputEvents``
    /// it becomes a `.transform` event for pinch and rotation recognizers; without it, two touches a
    /// fixed distance apart (``Thresholds/simulatedTransformSpan``) that spread and turn as the fingers do.
    public struct Transform: Sendable {
        /// Where the gesture is.
        public var phase: Phase
        /// Where the pointer is, in screen coordinates. The gesture goes to the view under it.
        public var location: CGPoint
        /// The scale since the gesture began: 1 at its start, 2 when the fingers are twice as far apart.
        public var scale: CGFloat
        /// The rotation since the gesture began, in radians, clockwise on screen.
        public var rotation: CGFloat
        /// The modifier keys held down.
        public var modifierFlags: UIKeyModifierFlags

        /// Creates a transform sample.
        public init(phase: Phase, location: CGPoint, scale: CGFloat = 1, rotation: CGFloat = 0,
                    modifierFlags: UIKeyModifierFlags = []) {
            self.phase = phase
            self.location = location
            self.scale = scale
            self.rotation = rotation
            self.modifierFlags = modifierFlags
        }
    }
}
