import Foundation

/// The thresholds UIKit does not document (R19), each with where its value comes from.
///
/// | threshold | default | provenance |
/// | --- | --- | --- |
/// | ``multiTapInterval`` | 0.35 s | observed: the usual double-tap window on devices |
/// | ``multiTapSlop`` | 45 pt | chosen: how far a repeated tap may land from the previous one |
/// | ``tapSlop`` | 45 pt | chosen: how far a finger may move during a tap |
/// | ``clickSlop`` | 5 pt | chosen: how far a pointer may move during a click for it to tap; a pointer is precise, and a click that moves farther is a drag (as on the Mac, which begins a drag after a few points) |
/// | ``tapMaximumDuration`` | 1.5 s | chosen: a finger held longer is not a tap |
/// | ``panHysteresis`` | 10 pt | observed: how far fingers move along an axis before a pan begins; the translation leaves it out |
/// | ``pinchHysteresis`` | 8 pt | chosen: how much the span between two fingers changes before a pinch begins |
/// | ``rotationHysteresis`` | 0.1 rad | chosen: how far two fingers turn before a rotation begins |
/// | ``swipeMinimumDistance`` | 50 pt | chosen: how far a swipe travels along its direction |
/// | ``swipeMaximumDuration`` | 0.5 s | chosen: how long a swipe may take to travel that far |
/// | ``swipeMaximumAngle`` | 30° | chosen: how far a swipe may stray from its direction |
/// | ``screenEdgeMargin`` | 20 pt | observed: how close to a window edge an edge pan (the back swipe among them) must start |
/// | ``contentTouchDelay`` | 0.15 s | observed: how long a scroll view holds a new touch back from its content (S1) |
/// | ``panVelocityLifetime`` | 0.1 s | chosen: how long a pan's last step still counts as its velocity; fingers still for longer lift with none |
/// | ``popCompletionFraction`` | 0.5 | observed: a back swipe let go without a flick pops past half the width (T7) |
/// | ``popFlickVelocity`` | 1 width/s | observed: a back swipe let go at least this fast pops (to the right) or cancels (to the left) whatever its distance (T7) |
/// | ``sheetDismissFraction`` | 0.48 | observed: a sheet let go without a flick is dismissed past this fraction of its height |
/// | ``sheetFlickVelocity`` | 2 heights/s | observed: a sheet flicked down at least this fast (in window heights a second) is dismissed whatever its distance |
/// | ``swipeActionButtonWidth`` | 74 pt | chosen: the width of each button of a row's open swipe actions (UIKit sizes them to their titles, which are not drawn here) |
/// | ``swipeActionOpenFraction`` | 0.5 | chosen: the part of the actions' width that must show when the finger lifts for them to stay open (T6) |
/// | ``swipeActionFullSwipeFraction`` | 0.6 | chosen: the part of the row's width a swipe must cover when the finger lifts to perform the first action (T6) |
/// | ``hoverEndsOnClick`` | true | chosen: a click ends a hover (U1); hovering begins again with the first hover sample after the button lifts |
/// | ``wheelTickDistance`` | 10 pt | chosen: how far one notch of a mouse's wheel scrolls (a line of text; UIKit does not say) |
/// | ``scrollEndDelay`` | 0.1 s | chosen: a scroll or trackpad transform that its source began without a `.began` sample (a wheel, a source without phases) ends this long after its last sample |
/// | ``simulatedTransformSpan`` | 100 pt | chosen: how far apart the two touches are that play a trackpad pinch without indirect input events (U2; Apple: "a fixed distance") |
///
/// The back swipe's and the sheet's values are those of Flutter's Cupertino back gesture and sheet,
/// which reproduce UIKit's and were measured against it (the sheet's on an iOS 18 simulator); the back
/// swipe starts within ``screenEdgeMargin`` of the edge, 20 pt there too.
///
/// Pan translation leaves the hysteresis out (R21): as the pan begins, the hysteresis is taken off each
/// axis of the fingers' travel, so content that follows the translation does not jump. Both the value
/// and this are UIKit's (observed: its pan's default hysteresis is 10 pt and it takes it off each axis
/// as the pan begins; on a device a drag of (80, 200) pt moved a scroll view's content by about
/// (75, 190), in a public UI-test suite that drives real UIKit).
/// Pointer input (U1–U3) follows choices of its own where Apple is silent. A trackpad's scroll ends
/// with the velocity of its last steps, and a scroll view decelerates from it by itself, as after a
/// finger's flick (observed: iPadOS scroll views coast after a trackpad fling as they do after a
/// finger's); the momentum samples some sources send after the fingers lift
/// (``HIDEvent/Scroll/isMomentum``) are therefore dropped (chosen). A wheel's scroll ends with no
/// velocity: a wheel does not fling (chosen). A scroll begins a pan with its first step, and a
/// trackpad pinch or rotation begins with its first change: neither has a hysteresis (chosen: the
/// trackpad has already decided it is a scroll or a pinch).
///
/// Values Apple documents are the recognizers' own defaults instead: a long press waits 0.5 s and
/// allows 10 pt of movement. Every recognizer has its own copy, ``UIGestureRecognizer/thresholds``,
/// and the application's copy, ``UIApplication/thresholds``, drives ``UITouch/tapCount`` (R23).
public struct Thresholds: Sendable, Equatable {
    /// The longest time from a lift-off to the next touch-down for the two to be repeated taps (R23).
    public var multiTapInterval: TimeInterval = 0.35
    /// The farthest a touch may land from the previous tap and still repeat it (R23).
    public var multiTapSlop: CGFloat = 45
    /// The farthest a finger may move during a tap.
    public var tapSlop: CGFloat = 45
    /// The farthest a pointer may move during a click for it to tap (U2).
    public var clickSlop: CGFloat = 5
    /// The longest a finger may stay down during a tap.
    public var tapMaximumDuration: TimeInterval = 1.5
    /// How far the fingers' centroid moves along an axis of the window before a pan begins; the pan's
    /// translation leaves it out (R21).
    public var panHysteresis: CGFloat = 10
    /// How much the distance between two fingers changes before a pinch begins.
    public var pinchHysteresis: CGFloat = 8
    /// How far, in radians, two fingers turn before a rotation begins.
    public var rotationHysteresis: CGFloat = 0.1
    /// How far a swipe travels along its direction.
    public var swipeMinimumDistance: CGFloat = 50
    /// How long a swipe may take to travel ``swipeMinimumDistance``.
    public var swipeMaximumDuration: TimeInterval = 0.5
    /// How far, in radians, a swipe may stray from its direction.
    public var swipeMaximumAngle: CGFloat = .pi / 6
    /// How close to a window edge a screen-edge pan must start.
    public var screenEdgeMargin: CGFloat = 20
    /// How long a scroll view with `delaysContentTouches` holds a still touch back from its content (S1).
    public var contentTouchDelay: TimeInterval = 0.15
    /// How long after the fingers' last step a pan still reports that step's velocity when they lift.
    /// Longer still, and they lift with a velocity of zero (a scroll view does not decelerate).
    public var panVelocityLifetime: TimeInterval = 0.1
    /// The fraction of the width past which a back swipe let go without a flick pops (T7).
    public var popCompletionFraction: CGFloat = 0.5
    /// The speed, in widths a second, from which a back swipe let go is a flick: it pops if it goes right
    /// and cancels if it goes left, whatever its distance (T7).
    public var popFlickVelocity: CGFloat = 1
    /// The fraction of its height past which a sheet dragged down and let go without a flick is dismissed.
    public var sheetDismissFraction: CGFloat = 0.48
    /// The speed, in window heights a second, from which a sheet let go is a flick: dismissed if it goes
    /// down, kept if it goes up, whatever its distance.
    public var sheetFlickVelocity: CGFloat = 2
    /// The width of each button of a row's swipe actions when they are open (T6).
    public var swipeActionButtonWidth: CGFloat = 74
    /// The part of the swipe actions' width that must show when the finger lifts for them to stay open.
    /// A swipe that shows less closes them again (T6).
    public var swipeActionOpenFraction: CGFloat = 0.5
    /// The part of a row's width a swipe must cover when the finger lifts to perform its first action,
    /// when its configuration's `performsFirstActionWithFullSwipe` is on (T6).
    public var swipeActionFullSwipeFraction: CGFloat = 0.6

    /// Whether a click ends a hover over the recognizer's view (U1): the pointer is a touch while a
    /// button is down, and hovering begins again with the first hover sample after it lifts.
    public var hoverEndsOnClick = true
    /// How far one notch of a mouse's wheel scrolls, in points (``HIDEvent/Scroll/ticks``); read from
    /// the application's copy.
    public var wheelTickDistance: CGFloat = 10
    /// How long after its last sample a scroll or trackpad transform that its source began without a
    /// `.began` sample (and so never ends) is ended; read from the application's copy.
    public var scrollEndDelay: TimeInterval = 0.1
    /// How far apart the two touches are that play a trackpad pinch or rotation when the application
    /// does not take indirect input events (U2); read from the application's copy.
    public var simulatedTransformSpan: CGFloat = 100

    /// The defaults described in the table.
    public static let standard = Thresholds()

    /// The defaults described in the table; change any property afterwards.
    public init() {}
}
