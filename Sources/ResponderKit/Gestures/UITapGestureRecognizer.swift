import Foundation

/// Recognizes taps: ``numberOfTapsRequired`` taps of ``numberOfTouchesRequired`` fingers each (E1).
///
/// Discrete. It fails when a finger moves more than ``Thresholds/tapSlop`` (a click more than
/// ``Thresholds/clickSlop``), when a click presses other buttons than ``buttonMaskRequired``, stays down longer than
/// ``Thresholds/tapMaximumDuration``, when too many fingers touch, when the next tap does not come within
/// ``Thresholds/multiTapInterval`` or lands farther than ``Thresholds/multiTapSlop`` from the last one.
/// Between the taps of a multi-tap it stays `.possible`, across touch sequences (R22). A tap never
/// prevents a tap recognizer that requires more taps (R6). Presses of the allowed types count as taps.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UITapGestureRecognizer.self }

    /// How many taps make the gesture. 1 by default.
    open var numberOfTapsRequired: Int {
        get { fenced.numberOfTapsRequired }
        set { fenced.numberOfTapsRequired = newValue }
    }
    /// How many fingers each tap needs. 1 by default.
    open var numberOfTouchesRequired: Int {
        get { fenced.numberOfTouchesRequired }
        set { fenced.numberOfTouchesRequired = newValue }
    }
    /// The pointer's buttons a click must press to tap (U2): `.primary` by default; `.secondary` for a
    /// right click. A finger's touch presses no button and is not concerned.
    open var buttonMaskRequired: UIEvent.ButtonMask {
        get { fenced.buttonMaskRequired }
        set { fenced.buttonMaskRequired = newValue }
    }

    // The tap's counts and state, read and written on every touch it is fed: fenced storage (see
    // ``FencedStorage``).
    #if DEBUG
    private final var fenced = Fenced()
    #else
    @exclusivity(unchecked) private final var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var numberOfTapsRequired = 1
        var numberOfTouchesRequired = 1
        var buttonMaskRequired = UIEvent.ButtonMask.primary
        var tapsCompleted = 0
        var fingersThisTap = 0
        /// Where each touch of the gesture began, in window coordinates. A short list searched in place:
        /// a tap has a few fingers, and hashing each into a dictionary cost more than the search.
        var startLocations: [(touch: ObjectIdentifier, location: CGPoint)] = []
        var lastTapLocation: CGPoint?
        var firstTapTouches: [UITouch] = []
        /// The limit on holding a finger down, armed on every tap (made on the first).
        var holdLimit: ReusableTimer?
    }

    /// The location of the gesture: the centroid of the first tap's fingers (E1).
    open override func location(in view: UIView?) -> CGPoint {
        guard !fenced.firstTapTouches.isEmpty else { return super.location(in: view) }
        return centroid(of: fenced.firstTapTouches, in: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        // U2: a click taps only with the required buttons.
        let buttons = event.buttonMask
        if !buttons.isEmpty, buttons != buttonMaskRequired {
            return setState(.failed, because: .buttonsNotRequired(pressed: buttons, required: buttonMaskRequired))
        }
        invalidateTimers()
        let live = liveTouches
        if fenced.fingersThisTap == 0 {
            // A new tap starts: it must land near the previous one.
            let center = centroid(of: live)
            if let last = fenced.lastTapLocation, distance(center, last) > thresholds.multiTapSlop {
                return setState(.failed, because: .tapTooFarFromLast(tap: fenced.tapsCompleted + 1, distance: distance(center, last), allowed: thresholds.multiTapSlop))
            }
            if fenced.holdLimit == nil {
                fenced.holdLimit = ReusableTimer { [link] in
                    link.object(as: UITapGestureRecognizer.self)?.holdLimitReached()
                }
            }
            arm(&fenced.holdLimit!, after: thresholds.tapMaximumDuration)
        }
        for touch in touches { setStartLocation(of: touch) }
        // One by one: appending a set's contents goes through generic code, several times the cost.
        if fenced.tapsCompleted == 0 { for touch in touches { fenced.firstTapTouches.append(touch) } }
        fenced.fingersThisTap = max(fenced.fingersThisTap, live.count)
        if live.count > numberOfTouchesRequired {
            setState(.failed, because: .wrongNumberOfTouches(count: live.count, required: numberOfTouchesRequired))
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        // A click (a pointer's buttons are down) may move less than a finger (U2).
        let slop = event.buttonMask.isEmpty ? thresholds.tapSlop : thresholds.clickSlop
        for touch in touches {
            guard let start = startLocation(of: touch) else { continue }
            let moved = distance(start, touch.locationInWindow)
            if moved > slop {
                return setState(.failed, because: .movedTooFar(distance: moved, allowed: slop))
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // Asked without building the list of live touches.
        guard !hasLiveTouches else { return }
        // Every finger of this tap is up.
        invalidateTimers()
        if fenced.fingersThisTap != numberOfTouchesRequired {
            return setState(.failed, because: .wrongNumberOfTapFingers(count: fenced.fingersThisTap, required: numberOfTouchesRequired))
        }
        completeTap(at: centroid(of: trackedTouches))
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        setState(.failed, because: .touchesCancelled)
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) {
        invalidateTimers()
    }

    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent) {
        fenced.fingersThisTap = numberOfTouchesRequired
        completeTap(at: fenced.lastTapLocation ?? .zero)
    }

    open override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent) {
        setState(.failed, because: .pressesCancelled)
    }

    private func completeTap(at location: CGPoint) {
        fenced.tapsCompleted += 1
        fenced.fingersThisTap = 0
        fenced.lastTapLocation = location
        if fenced.tapsCompleted >= numberOfTapsRequired {
            state = .recognized
            return
        }
        let interval = thresholds.multiTapInterval
        let next = fenced.tapsCompleted + 1
        scheduleTimer(after: interval) { (recognizer: UITapGestureRecognizer) in
            guard recognizer.state == .possible else { return }
            recognizer.setState(.failed, because: .nextTapTimedOut(tap: next, interval: interval))
        }
    }

    /// A tap never prevents a tap recognizer that needs more taps (R6, D9).
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventedGestureRecognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    open override func reset() {
        super.reset()
        fenced.tapsCompleted = 0
        fenced.fingersThisTap = 0
        // Emptied, not replaced: the next tap fills them again, and their storage is kept for it.
        fenced.startLocations.removeAllKeepingStorage()
        fenced.lastTapLocation = nil
        fenced.firstTapTouches.removeAllKeepingStorage()
    }

    private func startLocation(of touch: UITouch) -> CGPoint? {
        let id = ObjectIdentifier(touch)
        for entry in fenced.startLocations where entry.touch == id { return entry.location }
        return nil
    }

    private func setStartLocation(of touch: UITouch) {
        let id = ObjectIdentifier(touch)
        for index in fenced.startLocations.indices where fenced.startLocations[index].touch == id {
            fenced.startLocations[index].location = touch.locationInWindow
            return
        }
        fenced.startLocations.append((id, touch.locationInWindow))
    }

    /// A finger was held down longer than a tap allows.
    private func holdLimitReached() {
        guard state == .possible, fenced.fingersThisTap > 0 else { return }
        setState(.failed, because: .heldTooLong(maximum: thresholds.tapMaximumDuration))
    }
}
