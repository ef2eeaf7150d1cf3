// Scenario files on a device: `device: true` puts the scene's application on a DeviceSystem even when
// no step uses the system side, so the system's edge recognizers are at its windows (I3).

import Foundation
import Testing
@testable import ResponderLab

@MainActor
@Suite struct DeviceScenarioTests {
    private func trace(_ text: String) throws -> [String] {
        let run = ScenarioRun(try Lab.load(temporaryScenario(text)))
        run.play()
        return run.lines
    }

    @Test func deviceTruePutsTheSystemEdgeRecognizerInTheApplicationsArbitration() throws {
        let onDevice = try trace(minimalScenario.replacingOccurrences(of: "name: minimal\n", with: "name: minimal\ndevice: true\n"))
        #expect(onDevice.contains { $0.contains("system edges") && $0.contains("fed touchesBegan #") })
        #expect(onDevice.first?.contains("background → active") == true)
        let plain = try trace(minimalScenario)
        #expect(!plain.contains { $0.contains("system edges") }, "without the key, no device")
    }

    @Test func aDeviceKeyThatIsNotABooleanIsReportedWithItsPlace() {
        let path = temporaryScenario(minimalScenario.replacingOccurrences(of: "name: minimal\n", with: "name: minimal\ndevice: phone\n"))
        let result = Captured.run([path])
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):2:9: device must be true or false, not 'phone'"))
    }

    private static let edgeScene = """
        name: edge
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            root:
              name: Reader
              DEFERS
              view:
                name: page
                frame: [0, 0, 320, 480]
                recognizers:
                  - { kind: screen-edge-pan, name: pageEdgePan, edges: bottom }
        script:
          - edge-swipe: bottom
          - wait: 0.5
          - edge-swipe: bottom
        """

    private func actions(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("action ") && $0.contains(" began → ") }.map { String($0.split(separator: " ", omittingEmptySubsequences: true)[2]) }
    }

    @Test func aRootControllerThatDefersTheBottomEdgeGetsTheFirstSwipeAndTheSystemTheSecond() throws {
        let deferred = try trace(Self.edgeScene.replacingOccurrences(of: "DEFERS", with: "defers-system-gestures: [bottom]"))
        #expect(actions(deferred) == ["pageEdgePan", "system"], "first swipe the page's, second the system's")
        #expect(deferred.last { $0.contains("inactive → background") } != nil)
        let notDeferred = try trace(Self.edgeScene.replacingOccurrences(of: "DEFERS", with: "defers-system-gestures: []"))
        #expect(actions(notDeferred) == ["system"], "without deferral the first swipe is the system's, and the application is gone")
    }

    @Test func deferringOnAControllerThatIsNotAWindowsRootIsReported() {
        let text = Self.edgeScene.replacingOccurrences(of: "DEFERS", with: """
            children:
                    - { name: Child, defers-system-gestures: [top] }
            """)
        let path = temporaryScenario(text)
        let result = Captured.run([path])
        #expect(result.code == 2)
        #expect(result.errorText.contains("defers-system-gestures applies to a window's root controller only"))
    }

    @Test func anUnknownDeferredEdgeIsReported() {
        let path = temporaryScenario(Self.edgeScene.replacingOccurrences(of: "DEFERS", with: "defers-system-gestures: [bottm]"))
        let result = Captured.run([path])
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):7:32:"))
        #expect(result.errorText.contains("bottm"))
    }
}
