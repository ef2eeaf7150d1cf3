import Foundation

/// One stop of `responder demo`: a bundled scenario, what to look at in its trace and why it happens,
/// with the rules.
///
/// The narration stays true to the run: each thing to look at quotes the trace line it points at,
/// found in this run's trace (a stop whose line is missing fails the demo), and the reasons end with
/// what `responder explain` answers about the stop's subject.
struct TourStop {
    /// Something to look at, and the trace line that shows it: the first whose columns, spaces
    /// collapsed, contain `evidence`.
    struct Look {
        var text: String
        var evidence: String
    }

    /// A question to `explain`, and the answer line quoted: the first that contains `containing`.
    struct Answer {
        var subject: ExplainSubject
        var containing: String
    }

    var file: String
    var title: String
    var scene: String
    var look: [Look]
    var why: [String]
    var answers: [Answer]
}

extension TourStop {
    /// The tour, in order.
    static let stops: [TourStop] = [
        TourStop(
            file: "responder-chain.yaml",
            title: "Hit-testing and the responder chain",
            scene: "Coloured views nested four deep under a controller's root view, none handling touches; five taps and a drag.",
            look: [
                Look(text: "Each tap begins with hit-testing: every view visited, with the point in its own coordinates, inside or outside.",
                     evidence: "hit-test orange (40, -100) outside"),
                Look(text: "Then the touch climbs: each view passes touchesBegan to its next responder, past the controller and the window to the application and its delegate.",
                     evidence: "forward ZXView touchesBegan → ViewController"),
                Look(text: "The drag that starts in orange and moves out of it is still delivered to orange.",
                     evidence: "5.100 deliver orange touchesMoved #1000"),
            ],
            why: [
                "Hit-testing searches a view's subviews from the frontmost back and takes the deepest view that holds the point; a view that does not hold it is not searched inside (A1, A4).",
                "A view's default touchesBegan passes the touch to its next responder: its superview, or its controller for a controller's root view; a window's next is the application (B9, R2).",
                "A touch stays bound to the view it began in, wherever it moves (R4, A11).",
            ],
            answers: [Answer(subject: .view("black"), containing: "was its hit-test view")]),
        TourStop(
            file: "button-in-tappable-view.yaml",
            title: "A button beats its superview's tap",
            scene: "A panel with a tap recognizer, holding a buy button; a tap on the button, then one beside it.",
            look: [
                Look(text: "The panel's tap is fed the touch on the button, and fails at once: the button refuses it.",
                     evidence: "gesture panelTap possible → failed (refused by UIButton 'buy')"),
                Look(text: "So the button tracks the touch and sends its action.",
                     evidence: "control buy touchUpInside"),
                Look(text: "The tap beside the button is the panel's.",
                     evidence: "gesture panelTap possible → ended"),
            ],
            why: [
                "Before a recognizer begins, every view from the touched view up to the recognizer's asks gestureRecognizerShouldBegin, and any no fails it (R9).",
                "A button or a switch says no to a one-finger single tap of another view, so taps on controls inside tappable views work (R10).",
            ],
            answers: [Answer(subject: .recognizer("panelTap"), containing: "refused by UIButton"),
                      Answer(subject: .control("buy"), containing: "touchUpInside")]),
        TourStop(
            file: "single-double-triple-tap.yaml",
            title: "Single, double and triple taps",
            scene: "Three tap recognizers on one photo, chained: the single tap requires the double to fail, the double the triple.",
            look: [
                Look(text: "After the first tap the single tap wants to end, but waits.",
                     evidence: "gesture singleTap wants ended, waiting for 'doubleTap' to fail"),
                Look(text: "It ends only when the double tap gives up, 0.35 s later, on virtual time.",
                     evidence: "0.350 gesture singleTap possible → ended ('doubleTap' failed)"),
                Look(text: "Three quick taps make the triple tap recognize, and the others fail.",
                     evidence: "gesture tripleTap possible → ended"),
            ],
            why: [
                "A recognizer that must wait for another to fail stays in possible, remembering what it wanted, and does it the moment the other fails; if the other recognizes, it fails (R7).",
                "A multi-tap recognizer fails when the next tap does not come within its interval; the wait is virtual time, so the trace is the same on every run (R22, R18).",
            ],
            answers: [Answer(subject: .recognizer("singleTap"), containing: "waits in .possible")]),
        TourStop(
            file: "pan-over-swipe.yaml",
            title: "A pan and a swipe on one view",
            scene: "A list with a pan and a swipe; a fast swipe to the right.",
            look: [
                Look(text: "Both are fed the touch; after 40 pt of movement the pan begins.",
                     evidence: "gesture pan possible → began (moved 40 pt ≥ 10 pt)"),
                Look(text: "The swipe fails at that moment, prevented by the pan.",
                     evidence: "gesture swipe possible → failed (prevented by 'pan')"),
                Look(text: "And the list's own touch is cancelled, right after the pan's action.",
                     evidence: "deliver list touchesCancelled #1000"),
            ],
            why: [
                "When a recognizer begins, every other recognizer of the same touches that may not recognize with it fails (R6).",
                "A recognizer that begins sends its action, then cancels the touches in its view (cancelsTouchesInView, R8, D10).",
            ],
            answers: [Answer(subject: .recognizer("swipe"), containing: "prevented by 'pan'")]),
        TourStop(
            file: "shake-and-remote.yaml",
            title: "Shake and remote control climb from the first responder",
            scene: "secondView is the first responder; its superview thirdView handles motion, the controller handles remote control.",
            look: [
                Look(text: "A shake has no point to hit-test: it starts at the first responder.",
                     evidence: "deliver secondView motionBegan"),
                Look(text: "secondView does not handle motion and passes it on; thirdView does, and it goes no further.",
                     evidence: "forward secondView motionEnded → thirdView"),
                Look(text: "The play command climbs past thirdView, which handles motion only, to the controller.",
                     evidence: "forward root remoteControlReceived → ViewController"),
            ],
            why: [
                "Events without a point start at the key window's first responder and travel its next responders until one handles them (R15).",
                "Remote-control events reach the application only after it calls beginReceivingRemoteControlEvents, as this scene's application does (R16).",
            ],
            answers: [Answer(subject: .view("thirdView"), containing: "motionBegan")]),
    ]
}
