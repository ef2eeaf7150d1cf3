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
        #expect(onDevice.contains { $0.contains("system bottom edge") && $0.contains("fed touchesBegan #") })
        #expect(onDevice.first?.contains("background → active") == true)
        let plain = try trace(minimalScenario)
        #expect(!plain.contains { $0.contains("system bottom edge") }, "without the key, no device")
    }

    @Test func aDeviceKeyThatIsNotABooleanIsReportedWithItsPlace() {
        let path = temporaryScenario(minimalScenario.replacingOccurrences(of: "name: minimal\n", with: "name: minimal\ndevice: phone\n"))
        let result = Captured.run([path])
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):2:9: device must be true or false, not 'phone'"))
    }
}
