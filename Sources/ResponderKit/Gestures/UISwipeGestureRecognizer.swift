import Foundation

/// Recognizes a quick stroke in one of the allowed directions: discrete, one action per gesture (E6).
///
/// ``numberOfTouchesRequired`` fingers must travel ``Thresholds/swipeMinimumDistance`` within
/// ``Thresholds/swipeMaximumDuration``, straying no more than ``Thresholds/swipeMaximumAngle`` from a
/// direction in ``direction``. Its location is where the swipe began (R21).
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UISwipeGestureRecognizer.self }


    /// The directions of a swipe.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// Creates a value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The right value.
        public static let right = Direction(rawValue: 1 << 0)
        /// The left value.
        public static let left = Direction(rawValue: 1 << 1)
        /// The up value.
        public static let up = Direction(rawValue: 1 << 2)
        /// The down value.
        public static let down = Direction(rawValue: 1 << 3)
    }

    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    /// The directions that count. `.right` by default.
    open var direction: Direction = .right
    /// How many fingers swipe. 1 by default.
    open var numberOfTouchesRequired = 1

    /// Where the swipe started: the fingers' centroid, in window coordinates (a slider asks, R10).
    private(set) var start: CGPoint?
    private var startTime: TimeInterval = 0
    /// Where each tracked touch came down, in window coordinates, in the order of the tracked touches.
    private var touchStarts: [CGPoint] = []

    /// Where the swipe began: the centroid of the fingers when they came down, in `view`'s coordinates
    /// (nil: the window's). Apple documents it: "You may determine the location where a swipe began by
    /// calling the UIGestureRecognizer methods location(in:) and location(ofTouch:in:)" (R21).
    open override func location(in view: UIView?) -> CGPoint {
        guard let start else { return super.location(in: view) }
        return fromWindow(start, to: view)
    }

    /// Where one of the tracked touches came down, in `view`'s coordinates (nil: the window's) (R21).
    open override func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard touchStarts.indices.contains(touchIndex) else { return super.location(ofTouch: touchIndex, in: view) }
        return fromWindow(touchStarts[touchIndex], to: view)
    }

    private func fromWindow(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let live = liveTouches
        if live.count > numberOfTouchesRequired {
            return setState(.failed, because: .wrongNumberOfTouches(count: live.count, required: numberOfTouchesRequired))
        }
        start = centroid(of: live)
        startTime = now
        // The new touches' starts, in the order of the tracked touches (a set's order is not theirs).
        for touch in trackedTouches.dropFirst(touchStarts.count) { touchStarts.append(touch.locationInWindow) }
        if live.count == 1 {
            let limit = thresholds.swipeMaximumDuration
            scheduleTimer(after: limit) { (recognizer: UISwipeGestureRecognizer) in
                guard recognizer.state == .possible else { return }
                recognizer.setState(.failed, because: .swipeTooSlow(distance: recognizer.thresholds.swipeMinimumDistance, limit: limit))
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start else { return }
        let live = liveTouches
        let point = centroid(of: live)
        let dx = point.x - start.x, dy = point.y - start.y
        let travelled = (dx * dx + dy * dy).squareRoot()
        guard travelled >= thresholds.swipeMinimumDistance else { return }
        guard let matched = matchingDirection(dx: dx, dy: dy) else {
            return setState(.failed, because: .wrongDirection(distance: travelled))
        }
        guard live.count == numberOfTouchesRequired else {
            return setState(.failed, because: .wrongNumberOfTouches(count: live.count, required: numberOfTouchesRequired))
        }
        setState(.recognized, because: .swiped(direction: matched, distance: travelled, duration: now - startTime))
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, liveTouches.isEmpty {
            setState(.failed, because: .liftedBeforeTravelling(distance: thresholds.swipeMinimumDistance))
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { setState(.failed, because: .touchesCancelled) }
    }

    /// The allowed direction the movement follows closely enough, if any.
    private func matchingDirection(dx: CGFloat, dy: CGFloat) -> String? {
        let angle = atan2(dy, dx)
        let candidates: [(Direction, CGFloat, String)] = [(.right, 0, "right"), (.down, .pi / 2, "down"),
                                                           (.left, .pi, "left"), (.up, -.pi / 2, "up")]
        for (option, target, name) in candidates where direction.contains(option) {
            var delta = abs(angle - target)
            if delta > .pi { delta = 2 * .pi - delta }
            if delta <= thresholds.swipeMaximumAngle { return name }
        }
        return nil
    }

    open override func reset() {
        super.reset()
        start = nil
        startTime = 0
        touchStarts.removeAll(keepingCapacity: true)
    }
}
