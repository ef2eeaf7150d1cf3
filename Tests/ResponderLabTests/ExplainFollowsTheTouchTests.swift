import Foundation
import Testing
@testable import ResponderLab
import ResponderKit

/// `explain` follows each touch from where it landed: when it could have reached the subject and did
/// not, the answer names the view and rule that turned it away, whatever the subject; and every cause is
/// computed from the geometry and the trace, on scenes built for each.
@MainActor
@Suite struct ExplainFollowsTheTouchTests {
    /// One window of 320 × 480 holding `views` (indented for the window's subviews), and `script`.
    private func scene(_ views: String, script: String) -> String {
        "windows:\n  - name: window\n    frame: [0, 0, 320, 480]\n    subviews:\n" + views + "\nscript:\n" + script + "\n"
    }

    private func explain(_ text: String, _ subject: ExplainSubject) -> String {
        let result = Captured.explain(temporaryScenario(text), subject)
        #expect(result.code == 0, "\(result.errorText)")
        return result.outText
    }

    // MARK: Hit-testing turned the touch away

    @Test(arguments: [
        ("interaction: false", "hit-testing skipped its ancestor 'shelf' (its isUserInteractionEnabled is false), and a skipped view's subviews are never searched (A1)"),
        ("hidden: true", "hit-testing skipped its ancestor 'shelf' (it is hidden), and a skipped view's subviews are never searched (A1)"),
        ("alpha: 0.01", "hit-testing skipped its ancestor 'shelf' (its alpha, 0.01, is 0.01 or less), and a skipped view's subviews are never searched (A1, R1)"),
    ])
    func aRecognizerWhoseAncestorHitTestingSkippedNamesTheAncestorAndTheRule(_ flag: String, _ expected: String) {
        let text = scene("""
                  - name: shelf
                    frame: [0, 0, 320, 200]
                    \(flag)
                    subviews:
                      - name: photo
                        frame: [10, 10, 100, 100]
                        recognizers: [{ kind: tap, name: photoTap }]
            """, script: "  - tap: [50, 50]")
        let answer = explain(text, .recognizer("photoTap"))
        #expect(answer.hasPrefix("'photoTap' never received a touch: a touch landed in its view 'photo' but did not reach it"), "\(answer)")
        #expect(answer.contains("touch #1000 (#1000 down (50, 50)) landed in 'photo' but went to 'window', so 'photoTap' was never offered it (R5)"), "\(answer)")
        #expect(answer.contains(expected), "\(answer)")
        #expect(!answer.contains("no touch began in its view"))
    }

    @Test func aRecognizerOnADisabledControlIsExplainedWithR11() {
        let text = scene("""
                  - name: send
                    kind: button
                    frame: [10, 10, 100, 44]
                    enabled: false
                    recognizers: [{ kind: long-press, name: hold }]
            """, script: "  - tap: [50, 30]")
        let answer = explain(text, .recognizer("hold"))
        #expect(answer.contains("the point is in 'send', but hit-testing skipped it without looking inside: it is a disabled control (R11)"), "\(answer)")
    }

    @Test func aTouchInASubviewStickingOutOfItsSuperviewIsExplainedByTheSuperviewsBounds() {
        // 'badge' sticks out of 'avatar' to the right; the tap lands on the part outside.
        let text = scene("""
                  - name: avatar
                    frame: [0, 0, 100, 100]
                    subviews:
                      - name: badge
                        frame: [80, 10, 60, 30]
                        recognizers: [{ kind: tap, name: badgeTap }]
                      - { name: clear, kind: button, frame: [90, 50, 40, 40] }
            """, script: "  - tap: [120, 20]\n  - tap: [120, 70]")
        let recognizer = explain(text, .recognizer("badgeTap"))
        #expect(recognizer.contains("the point is in 'badge' but outside its ancestor 'avatar' ((120, 20) in its coordinates, outside its bounds (0, 0, 100, 100)), and a view's subviews are only searched where it contains the point, even where they stick out of it (A1, A5"),
                "\(recognizer)")
        let control = explain(text, .control("clear"))
        #expect(control.hasPrefix("'clear' sent no event: no touch was bound to it."), "\(control)")
        #expect(control.contains("Touch #1000 at 0.00 s (#1000 down (120, 70)): went to 'window', not 'clear': the point is in 'clear' but outside its ancestor 'avatar'"), "\(control)")
    }

    @Test func aRecognizerOnAViewWhoseSubviewStickingOutTookTheTouchIsExplainedThroughTheSubview() {
        let text = scene("""
                  - name: card
                    frame: [0, 0, 100, 100]
                    recognizers: [{ kind: tap, name: cardTap }]
                    subviews:
                      - { name: tab, frame: [90, 0, 40, 40] }
            """, script: "  - tap: [120, 20]")
        let answer = explain(text, .recognizer("cardTap"))
        #expect(answer.contains("landed in 'card' (in its subview 'tab') but went to 'window'"), "\(answer)")
        #expect(answer.contains("the point is in 'tab', inside 'card', but outside its ancestor 'card'"), "\(answer)")
    }

    @Test func aWindowInFrontIsNamedWithR3() {
        let text = """
            windows:
              - name: main
                frame: [0, 0, 320, 480]
                subviews:
                  - name: map
                    frame: [0, 0, 320, 480]
                    recognizers: [{ kind: pan, name: mapPan }]
              - name: overlay
                frame: [0, 0, 320, 100]
                level: alert
            script:
              - tap: [50, 50]
            """
        let answer = explain(text, .recognizer("mapPan"))
        #expect(answer.contains("the point is in 'map', but window 'overlay' took the touch first: windows are tried from the highest level down, the one shown last first (R3)"),
                "\(answer)")
    }

    @Test func aViewThatInterceptsHitTestingIsNamed() {
        let text = scene("""
                  - name: sheet
                    frame: [0, 0, 320, 300]
                    intercepts-hit-test: true
                    subviews:
                      - name: handle
                        frame: [140, 0, 40, 20]
                        recognizers: [{ kind: pan, name: drag }]
            """, script: "  - tap: [160, 10]")
        let answer = explain(text, .recognizer("drag"))
        #expect(answer.contains("the point is in 'handle', but the hitTest(_:with:) of 'sheet' answered 'sheet' in its place"), "\(answer)")
    }

    @Test func aRecognizerNoTouchCouldReachSaysWhereTheTouchesLanded() {
        let text = scene("      - { name: corner, frame: [0, 0, 40, 40], recognizers: [{ kind: tap, name: cornerTap }] }",
                         script: "  - tap: [200, 200]")
        let answer = explain(text, .recognizer("cornerTap"))
        #expect(answer == "'cornerTap' never received a touch: no touch began in its view 'corner' or its subviews, so it was never collected (R5). (touch #1000 at 0.00 s landed at (200, 200) in the coordinates of 'corner', outside its bounds (0, 0, 40, 40).)")
    }

    // MARK: Attributions computed from the geometry and the trace

    @Test func aViewBesideTheTouchIsNotSaidToBeBehindTheViewInFront() {
        // 'likeButton' is in front of 'card' and overlaps its right edge; the first tap lands in the
        // button beyond the card, the second where both are.
        let text = scene("""
                  - { name: card, frame: [0, 0, 200, 100] }
                  - { name: likeButton, kind: button, frame: [150, 40, 100, 40] }
            """, script: "  - tap: [230, 60]\n  - wait: 1\n  - tap: [180, 60]")
        let answer = explain(text, .view("card")).split(separator: "\n").map(String.init)
        #expect(answer.count == 2)
        #expect(answer[0] == "Touch #1000 at 0.00 s (#1000 down (230, 60)): went to 'likeButton', not 'card': it landed at (230, 60) in the coordinates of 'card', outside its bounds (0, 0, 200, 100) (A4; clipsToBounds does not matter, A5).")
        #expect(answer[1].hasPrefix("Touch #1000 at 1.00 s (#1000 down (180, 60)): went to 'likeButton', not 'card': the point is in 'card', but 'likeButton' is in front of it and holds the point too"),
                "\(answer[1])")
    }

    /// A button in a panel, and `recognizer` on `owner` (the panel or the button); a drag from the button.
    private func cancelled(by recognizer: String, on owner: String) -> String {
        let onPanel = owner == "panel" ? "\n        recognizers: [\(recognizer)]" : ""
        let onButton = owner == "buy" ? ", recognizers: [\(recognizer)]" : ""
        let text = scene("""
                  - name: panel
                    frame: [0, 0, 320, 200]\(onPanel)
                    subviews:
                      - { name: buy, kind: button, frame: [20, 20, 100, 44]\(onButton) }
            """, script: "  - drag: { from: [40, 40], to: [200, 40] }\n  - long-press: [40, 40]")
        return explain(text, .control("buy"))
    }

    @Test func aControlsTouchCancelledByItsSuperviewsPanIsNotSaidToBeTheControlsOwn() {
        let answer = cancelled(by: "{ kind: pan, name: scrollPan }", on: "panel")
        #expect(answer.contains("'buy' sent touchCancel: 'scrollPan', a UIPanGestureRecognizer on its superview 'panel', began and cancelled the touches in its view and the view's subviews (cancelsTouchesInView, R8, D10): UIButton refuses only a one-finger single-tap UITapGestureRecognizer of another view, not a UIPanGestureRecognizer (R10)."),
                "\(answer)")
        #expect(!answer.contains("on the control itself"))
    }

    @Test func aControlsTouchCancelledByItsOwnRecognizerSaysSo() {
        let answer = cancelled(by: "{ kind: long-press, name: hold }", on: "buy")
        #expect(answer.contains("'hold', a UILongPressGestureRecognizer on the control itself, began and cancelled its touch (R8, D10): a control does not refuse its own recognizers (R10)."),
                "\(answer)")
    }

    // MARK: Wording

    @Test func runsOfChangedAreCollapsedWithTheirCountAndTimes() {
        let text = scene("      - { name: list, frame: [0, 0, 320, 480], recognizers: [{ kind: pan, name: pan }] }",
                         script: "  - drag: { from: [100, 100], to: [100, 300], duration: 0.5, steps: 20 }")
        let answer = explain(text, .recognizer("pan"))
        let first = answer.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("'pan' fired "), "\(first)")
        #expect(first.contains(", changed ×"), "\(first)")
        #expect(first.components(separatedBy: "changed").count == 2, "\(first)")
        #expect(first.hasSuffix("ended at 0.50 s."), "\(first)")
    }

    @Test func aRecognizerThatFiredAThousandTimesIsSummedUpInOneShortLine() {
        let taps = (0..<1_000).map { "  - { time: \($0), tap: [50, 50] }" }.joined(separator: "\n")
        let text = scene("      - { name: box, frame: [0, 0, 100, 100], recognizers: [{ kind: tap, name: tap }] }", script: taps)
        let first = explain(text, .recognizer("tap")).split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "'tap' fired 1000 times: ended ×1000 from 0.00 s to 999.00 s.")
    }

    @Test func aComparisonShowsTheDigitsThatMakeItTrue() {
        #expect(TraceCause.turned(radians: 0.104, hysteresis: 0.1).description == "turned 0.104 rad > 0.100 rad")
        #expect(TraceCause.movedPastHysteresis(distance: 10.04, hysteresis: 10).description == "moved 10.04 pt ≥ 10.00 pt")
        #expect(TraceCause.movedTooFar(distance: 10.0004, allowed: 10).description == "moved 10.0004 pt > 10.0000 pt allowed")
        // Numbers that differ as usually written keep their usual form.
        #expect(TraceCause.turned(radians: 0.4, hysteresis: 0.1).description == "turned 0.40 rad > 0.10 rad")
        #expect(TraceCause.movedPastHysteresis(distance: 16, hysteresis: 10).description == "moved 16 pt ≥ 10 pt")
    }
}
