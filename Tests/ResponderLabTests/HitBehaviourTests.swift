import Foundation
import Testing
@testable import ResponderLab

// Every kind of scenario view has the same hit behaviours: its point(inside:) with insets, hit-testing
// intercepted, first-responder status and vetoed recognizers, whatever its UIKit class.
@MainActor
@Suite struct HitBehaviourTests {

    /// A view of `kind` with every hit behaviour, a subview filling it, and a tap recognizer it vetoes;
    /// it is made first responder. A tap 10 pt outside it, a tap on its subview, then a press.
    static func scene(_ kind: String) -> String {
        """
        first-responder: subject
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            subviews:
              - name: subject
                kind: \(kind)
                frame: [100, 100, 60, 40]
                point-inside-insets: -20
                intercepts-hit-test: true
                can-become-first-responder: true
                vetoes: [vetoed]
                recognizers: [{ kind: tap, name: vetoed }]
                subviews:
                  - { name: inner, frame: [0, 0, 60, 40] }
        script:
          - tap: [90, 90]
          - wait: 1
          - tap: [120, 110]
          - press: { type: select }
        """
    }

    @Test(arguments: [("view", "UIView"), ("button", "UIButton"), ("switch", "UISwitch"), ("slider", "UISlider"),
                      ("text-field", "UITextField"), ("scroll", "UIScrollView"), ("table", "UITableView"),
                      ("collection", "UICollectionView")])
    func everyKindOfViewHasEveryHitBehaviour(_ kind: String, _ className: String) {
        let result = Captured.run([temporaryScenario(Self.scene(kind))])
        // Columns are padded to the longest name: compare lines with single spaces.
        let lines = result.out.joined(separator: "\n").split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        // The insets: a point 10 pt outside the frame is inside.
        #expect(lines.contains("0.000 hit-test subject (-10, -10) inside"), "\(kind): \(lines)")
        #expect(lines.contains("0.000 hit-test window → subject"), "\(kind)")
        // Interception: the subview takes the point, the view answers itself.
        #expect(lines.contains("1.000 hit-test inner (20, 10) inside"), "\(kind)")
        #expect(lines.filter { $0 == "1.000 hit-test window → subject" }.count == 1, "\(kind)")
        // The veto: the view's gestureRecognizerShouldBegin refuses the recognizer.
        #expect(lines.contains("1.000 gesture vetoed possible → failed (refused by \(className) 'subject')"), "\(kind)")
        // First responder: presses start at it.
        #expect(lines.contains("1.000 deliver subject pressesBegan"), "\(kind)")
    }
}
