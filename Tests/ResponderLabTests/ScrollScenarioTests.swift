import Foundation
import Testing
@testable import ResponderLab

/// The lab's `scroll` view kind: its keys, its named recognizers, and what `explain` says of content touches.
@MainActor
@Suite struct ScrollScenarioTests {
    private func scenario(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    @Test func explainSaysAButtonsTouchesBeganWaitedForTheDelay() {
        let result = Captured.explain(scenario("scroll-button-in-list.yaml"), .view("buy"))
        #expect(result.code == 0)
        #expect(result.outText.contains("touchesBegan of touch #1 waited 0.15 s: delaysContentTouches"))
        #expect(result.outText.contains("touchesShouldCancel(in:) of 'list' returned false (the default for a control)"))
        #expect(result.outText.contains("'list' began dragging within the delay"))
    }

    @Test func explainSaysTheCellWasCancelledByScrolling() {
        let result = Captured.explain(scenario("scroll-drag-cancels-content.yaml"), .view("cell"))
        #expect(result.outText.contains("was cancelled: 'list' began dragging and touchesShouldCancel(in:) returned true (S3, S4)"))
    }

    @Test func aScrollViewsRecognizersCanBeNamedByOthers() {
        let path = temporaryScenario("""
            name: tap waits for the list's pan
            windows:
              - name: window
                subviews:
                  - name: list
                    kind: scroll
                    frame: [0, 0, 320, 480]
                    content-size: [320, 1000]
                    zoom-range: [1, 2]
                    subviews:
                      - name: cell
                        frame: [0, 0, 320, 100]
                        recognizers:
                          - { kind: tap, name: cellTap, requires-failure-of: [list.pan] }
            script:
              - tap: [100, 50]
            """)
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        #expect(result.outText.contains("wants ended, waiting for 'list.pan' to fail"))
        #expect(result.outText.contains("list.pinch"))
    }

    @Test func scrollKeysOnAnotherKindAreReportedWithTheirLine() {
        let path = temporaryScenario("""
            name: bad
            windows:
              - name: window
                subviews:
                  - name: panel
                    content-size: [320, 1000]
                  - name: list
                    kind: scroll
                    zoom-range: [2, 1]
                    deceleration-rate: slow
            script:
              - tap: [1, 1]
            """)
        let result = Captured.run([path])
        #expect(result.code == 2)
        #expect(result.errorText.contains(":6:"))
        #expect(result.errorText.contains("'content-size' is for scroll views; 'panel' is a view (set kind: scroll)"))
        #expect(result.errorText.contains("zoom-range must be [minimum, maximum]"))
        #expect(result.errorText.contains("unknown deceleration-rate 'slow'"))
    }
}
