// R27: every run, explanation and drawing frees the scene it built. Weak references to the objects a run
// made (the application, its windows, views, recognizers, controllers and the trace recorder) must all be
// empty once the command returns.

import Foundation
import Testing
import ResponderKit
@testable import ResponderLab

@MainActor
@Suite struct SceneLifetimeTests {
    /// Weak references to everything a run built, by what it was.
    @MainActor final class Watch {
        private var refs: [(what: String, ref: () -> AnyObject?)] = []

        func note(_ object: AnyObject, _ what: String) {
            weak let weakObject = object
            refs.append((what, { weakObject }))
        }

        /// Watches everything a run holds: the scene's objects, the recorder and the run itself.
        func note(_ run: ScenarioRun) {
            note(run, "the run")
            note(run.recorder, "the trace recorder")
            note(run.simulator, "the simulator")
            note(run.scene, "the scene")
            note(run.scene.application, "the application")
            for window in run.scene.windows { note(window, "window \(window.accessibilityIdentifier ?? "?")") }
            for (name, view) in run.scene.views { note(view, "view \(name)") }
            for (name, controller) in run.scene.controllers { note(controller, "controller \(name)") }
            for (name, recognizer) in run.scene.recognizers {
                note(recognizer, "recognizer \(name)")
                if let delegate = recognizer.delegate { note(delegate, "delegate of \(name)") }
            }
        }

        var survivors: [String] { refs.filter { $0.ref() != nil }.map(\.what) }
    }

    nonisolated static let scenarios = bundledScenarioPaths.map { URL(fileURLWithPath: $0).lastPathComponent }

    private func path(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    @Test(arguments: scenarios)
    func aPlayedRunFreesItsWholeScene(_ name: String) throws {
        let watch = Watch()
        do {
            let scenario = try Lab.load(path(name))
            let run = ScenarioRun(scenario)
            run.play()
            #expect(run.problems.isEmpty)
            watch.note(run)
        }
        let left = watch.survivors
        #expect(left.isEmpty, "\(name): \(left.count) objects outlived the run: \(left.prefix(12).joined(separator: ", "))")
    }

    @Test(arguments: scenarios)
    func runExplainAndDrawFreeTheirScenes(_ name: String) throws {
        let watch = Watch()
        Lab.onPlayed = { watch.note($0) }
        defer { Lab.onPlayed = nil }
        let file = path(name)
        _ = Lab.run([file], out: { _ in }, err: { _ in })
        _ = Lab.explain(file, subject: .view("window"), out: { _ in }, err: { _ in })
        _ = Lab.svg(file, at: nil, err: { _ in })
        let left = watch.survivors
        #expect(left.isEmpty, "\(name): \(left.count) objects outlived run, explain and draw: \(left.prefix(12).joined(separator: ", "))")
    }
}

extension SceneLifetimeTests {
    @Test func aRunEndingWithFingersDownAndTimersPendingFreesItsScene() throws {
        let text = minimalScenario.replacingOccurrences(of: "  - tap: [20, 20]", with: """
              - down: { finger: 1, at: [20, 20] }
              - down: { finger: 2, at: [30, 30] }
            """) + "\n"
        let watch = Watch()
        do {
            let run = ScenarioRun(try ScenarioParser.parse(text, file: "fingers-down.yaml"))
            run.play()
            // Read outside #expect: with this Swift toolchain, #expect's capture of a long member chain
            // crashed the test process (a bad pointer in the macro's expansion). Reading the value first
            // sidesteps it.
            let fingersDown = TouchPath.paths(in: run.recorder.records).filter { !$0.ended }.count
            #expect(fingersDown == 2)
            watch.note(run)
        }
        #expect(watch.survivors.isEmpty, "outlived the run: \(watch.survivors.joined(separator: ", "))")
    }
}
