import Foundation
import ResponderKit

/// Plays a scenario's script on virtual time and keeps its trace.
@MainActor
final class ScenarioRun {
    let scene: Scene
    /// The trace, kept up to `limits.traceRecords` records.
    let recorder: RunRecorder
    let simulator: EventSimulator
    /// Problems found while playing (a `time` already in the past, a trace past its limit).
    private(set) var problems: [ScenarioError] = []

    /// The device the scene's application runs on, when the scenario asks for one (`device: true`), the
    /// script uses the system side, or `withSystem` asks for one; otherwise input goes straight to the
    /// application, as before.
    let system: DeviceSystem?
    /// The other application `switch-app` brings to the foreground, made on first use.
    private var otherApplication: UIApplication?
    /// The limits the run keeps to; only tests use others than the standard ones.
    let limits: ScenarioLimits
    /// Whether a repeating timer was stopped because the trace was full (and said so).
    private var timerStoppedByLimit = false
    /// The scene's snapshots: when the run starts, at each new touch, and when it ends.
    let scenes: SceneRecorder

    init(_ scenario: Scenario, withSystem: Bool = false, tracesStages: Bool = false, limits: ScenarioLimits = .standard) {
        self.limits = limits
        recorder = RunRecorder(limit: limits.traceRecords)
        scene = Scene(scenario)
        simulator = EventSimulator(application: scene.application)
        scene.application.tracer = recorder
        scene.application.tracesRunLoopStages = tracesStages
        scenes = SceneRecorder(application: scene.application)
        scenes.capture(recordIndex: 0)
        recorder.scenes = scenes
        if withSystem || scenario.runsOnDevice || scenario.script.contains(where: { $0.action.needsSystem }) {
            let system = DeviceSystem()
            system.tracer = recorder
            system.install(scene.application, name: "UIApplication")
            system.bringToForeground(scene.application)
            simulator.system = system
            self.system = system
        } else {
            system = nil
        }
        // Past the limit the rest of the step runs untraced: nothing is kept, and records are not even made.
        recorder.onFull = { [weak self] in
            guard let self else { return }
            scene.application.tracer = nil
            system?.tracer = nil
        }
    }

    var scenario: Scenario { scene.scenario }

    /// Plays every step, in order. Stops after the step during which the trace reached
    /// `ScenarioLimits.traceRecords`: the recorder keeps no more, and the rest of that step runs untraced.
    func play() {
        defer { scenes.capture(recordIndex: recorder.records.count) }
        for step in scenario.script {
            if let time = step.time {
                let now = simulator.now
                if time + 1e-9 < now {
                    problems.append(ScenarioError(file: scenario.file, location: step.location,
                                                  message: "time \(TraceRecord.formatTime(time)) is before the current time \(TraceRecord.formatTime(now)): steps run in order; use a later time or 'wait'"))
                } else if time > now {
                    simulator.advance(by: time - now)
                }
            }
            perform(step.action, at: step.location)
            guard !recorder.isFull else {
                // A repeating timer that filled the trace has reported it already, at its own step.
                if !timerStoppedByLimit {
                    problems.append(ScenarioError(file: scenario.file, location: step.location,
                                                  message: ScenarioLimits.message(limits.traceRecords, "records in the trace of a run",
                                                                                  stopped: "the trace filled up during this step, and the run stopped after it")))
                }
                return
            }
        }
    }

    private func perform(_ action: Step.Action, at location: SourceLocation) {
        let sim = simulator
        switch action {
        case .down(let finger, let point): sim.touchDown(finger, at: point)
        case .move(let finger, let point): sim.touchMove(finger, to: point)
        case .up(let finger): sim.touchUp(finger)
        case .cancel(let finger): sim.touchCancel(finger)
        case .touches(let changes, let kinds) where kinds.allSatisfy({ $0 == nil }): sim.touch(changes)
        case .touches(let changes, let kinds):
            sim.touch(changes) { index, sample in
                guard let kind = kinds[index] else { return }
                sample.type = kind.type
                sample.buttonMask = kind.buttons
                if kind.type == .pencil { sample.maximumPossibleForce = EventSimulator.pencilMaximumForce }
                if let force = kind.force { sample.force = force }
                if let altitude = kind.altitude { sample.altitudeAngle = altitude * .pi / 180 }
                if let azimuth = kind.azimuth { sample.azimuthAngle = azimuth * .pi / 180 }
            }
        case .tap(let point): sim.tap(at: point)
        case .doubleTap(let point):
            sim.tap(at: point)
            sim.advance(by: 0.1)
            sim.tap(at: point)
        case .drag(let from, let to, let duration, let steps): sim.drag(from: from, to: to, duration: duration, steps: steps)
        case .longPress(let point, let duration): sim.longPress(at: point, duration: duration)
        case .pinch(let at, let from, let to, let duration, let steps): sim.pinch(at: at, from: from, to: to, duration: duration, steps: steps)
        case .rotate(let at, let radius, let degrees, let duration, let steps):
            sim.rotate(at: at, radius: radius, by: degrees * .pi / 180, duration: duration, steps: steps)
        case .swipe(let from, let direction, let distance, let duration):
            sim.swipe(from: from, direction: direction, distance: distance, duration: duration)
        case .shake: sim.shake()
        case .remote(let subtype): sim.remoteControl(subtype)
        case .press(let type, let down, let up):
            if down { sim.pressDown(type) }
            if up { sim.pressUp(type) }
        case .type(let text): sim.typeText(text)
        case .wait(let seconds): sim.advance(by: seconds)
        case .button(let button): system?.press(button); sim.turnLoop()
        case .call(let incoming):
            if incoming { system?.beginInterruption(.incomingCall) } else { system?.endInterruption() }
        case .edgeSwipe(let edge): swipe(fromSystemEdge: edge)
        case .switchApplication: switchApplication()
        case .loopRate(let rate): sim.loopRate = rate
        case .timer(let name, let interval, let repeats, let mode): schedule(name, interval: interval, repeats: repeats, mode: mode, at: location)
        case .push(let name): scene.push(name)
        case .pop(let name): scene.pop(name)
        case .dismiss(let name): scene.dismiss(name)
        default: performModern(action)
        }
    }

    /// The steps of a pointer, a trackpad, a pencil and a keyboard (U1–U5); angles are in degrees.
    private func performModern(_ action: Step.Action) {
        let sim = simulator
        let radians = CGFloat.pi / 180
        switch action {
        case .hover(let point, let modifiers): sim.pointerMove(to: point, modifierFlags: modifiers)
        case .pointerExit: sim.pointerExit()
        case .click(let point, let buttons, let modifiers, let down, let up):
            if down, let point { sim.pointerDown(at: point, buttons: buttons, modifierFlags: modifiers) }
            if up { sim.pointerUp() }
        case .scroll(let at, let by, let type, let duration, let steps):
            sim.scroll(by: by, at: at, type: type, duration: duration, steps: steps)
        case .trackpadTransform(let at, let scale, let degrees, let duration, let steps):
            if degrees != 0 {
                sim.trackpadRotate(at: at, by: degrees * radians, duration: duration, steps: steps)
            } else {
                sim.trackpadPinch(at: at, scale: scale, duration: duration, steps: steps)
            }
        case .scrollSample(let at, let by, let type, let phase): sim.scrollSample(phase, by: by, at: at, type: type)
        case .transformSample(let at, let scale, let degrees, let phase):
            sim.trackpadTransformSample(phase, at: at, scale: scale, rotation: degrees * radians)
        case .pencilDown(let at, let force, let altitude, let azimuth):
            sim.pencilDown(at: at, force: force, altitudeAngle: altitude * radians, azimuthAngle: azimuth * radians)
        case .pencilMove(let to, let force, let altitude, let azimuth):
            sim.pencilMove(to: to, force: force, altitudeAngle: altitude.map { $0 * radians }, azimuthAngle: azimuth.map { $0 * radians })
        case .pencilUp: sim.pencilUp()
        case .pencilHover(let at, let z, let altitude, let azimuth):
            sim.pencilHover(to: at, zOffset: z, altitudeAngle: altitude * radians, azimuthAngle: azimuth * radians)
        case .pencilHoverEnd: sim.pencilHoverEnd()
        case .pencilTap: sim.pencilDoubleTap()
        case .key(let input, let modifiers, let down, let up):
            if down { sim.keyDown(input, modifierFlags: modifiers) }
            if up { sim.keyUp(input, modifierFlags: modifiers) }
        default: break
        }
    }

    /// Schedules an application timer; its firings show in the trace (`timer  NAME  fired …`). A repeating
    /// timer stops once the trace is full, so that a single long `wait` cannot grow the trace
    /// without bound (R27).
    private func schedule(_ name: String, interval: TimeInterval, repeats: Bool, mode: RunLoop.Mode, at location: SourceLocation) {
        let application = scene.application
        let timer = application.scheduledTimer(withTimeInterval: interval, repeats: repeats, forMode: mode) { [weak self] timer in
            guard let self, recorder.isFull else { return }
            timer.invalidate()
            timerStoppedByLimit = true
            problems.append(ScenarioError(file: scenario.file, location: location,
                                          message: ScenarioLimits.message(limits.traceRecords, "records in the trace of a run",
                                                                          stopped: "timer '\(name)' was stopped")))
        }
        timer.name = name
    }

    /// A swipe in from a system edge of the first window (the screen): from 4 pt inside the edge, 160 pt
    /// inwards in 8 moves over 0.1 s — up from the bottom (the home indicator), down from the top
    /// (Notification Center).
    private func swipe(fromSystemEdge edge: UIRectEdge) {
        guard let screen = scene.windows.first?.frame else { return }
        let fromTop = edge == .top
        let start = CGPoint(x: screen.midX, y: fromTop ? screen.minY + 4 : screen.maxY - 4)
        simulator.swipe(from: start, direction: fromTop ? .down : .up, distance: 160, duration: 0.1, steps: 8)
    }

    /// Brings another, empty application to the foreground, or the scene's back.
    private func switchApplication() {
        guard let system else { return }
        if system.foregroundApplication === scene.application {
            let other = otherApplication ?? UIApplication()
            if otherApplication == nil {
                otherApplication = other
                system.install(other, name: "Other")
            }
            system.bringToForeground(other)
        } else {
            system.bringToForeground(scene.application)
        }
    }

    /// The scene over the run's time, from its snapshots and the records.
    var sceneHistory: SceneHistory {
        // The run's first snapshot is taken when it is made: there is always one.
        SceneHistory(keyframes: scenes.keyframes, records: recorder.records, capturedUntil: scenes.stoppedAt)!
    }

    /// The run as an application's trace would be: its records and the snapshots of its scene.
    var capturedTrace: CapturedTrace {
        CapturedTrace(records: recorder.records, scenes: scenes.keyframes.map(\.snapshot))
    }

    /// The trace as aligned text lines.
    var lines: [String] { recorder.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}

extension TraceRecord {
    /// A time as traces print it.
    static func formatTime(_ time: TimeInterval) -> String { String(format: "%.3f s", time) }
}
