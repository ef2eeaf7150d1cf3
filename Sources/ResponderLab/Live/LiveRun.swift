import Foundation
import ResponderKit

/// `responder live`: a scenario's scene on a device, played in real time from JSON lines.
///
/// It is a host-driven loop, as a toolkit embedding the engine would write one: a reader thread reads
/// lines; the main thread parses them, maps each frame's source timestamp onto the application's clock
/// (the first frame is "now"), hands each frame to the device when its time comes (the device routes it
/// to the foreground application's port), and calls ``EventLoop/processEvents()``, sleeping until the
/// next frame, the next timer, or a new line. The trace is printed as it happens.
@MainActor
final class LiveRun {
    let scene: Scene
    let system: DeviceSystem
    let loop: EventLoop
    private let printer: LivePrinter
    private let err: (String) -> Void
    /// Frames parsed and waiting for their time on the application's clock.
    private var pending: [(time: TimeInterval, line: LiveLine)] = []
    /// The first frame's source time and the clock time it was played at.
    private var origin: (source: TimeInterval, clock: TimeInterval)?
    private var lastSourceTime: TimeInterval?
    private var lineNumber = 0
    /// The fingers and presses the source holds down, as its frames say.
    private var ledger = LiveInputLedger()
    /// How long timers may still run once the input has ended and nothing is left to play.
    static let drainLimit: TimeInterval = 2
    private(set) var badLines = 0

    init(_ scenario: Scenario, out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        scene = Scene(scenario)
        printer = LivePrinter(out: out)
        self.err = err
        let application = scene.application
        application.tracer = printer
        system = DeviceSystem()
        system.tracer = printer
        loop = EventLoop(application: application)
        system.install(application, name: "UIApplication")
        system.bringToForeground(application)
    }

    /// Every record printed so far.
    var records: [TraceRecord] { printer.records }

    /// Plays lines from `readLine` (called on a reader thread until it returns nil) until the input
    /// ends and nothing is left to play.
    func play(readLine: @escaping @Sendable () -> String?) {
        let queue = LineQueue()
        Thread.detachNewThread {
            while let line = readLine() { queue.append(line) }
            queue.finish()
        }
        let clock = { [application = scene.application] in application.inputPort.now }
        var endedAt: TimeInterval?
        while true {
            let (lines, ended) = queue.take()
            for line in lines { accept(line, now: clock()) }
            playDue(now: clock())
            let timerWait = loop.processEvents()
            if ended && pending.isEmpty {
                let end = endedAt ?? clock()
                endedAt = end
                guard let timerWait, clock() + timerWait - end <= Self.drainLimit else { break }
            }
            var wait = timerWait ?? 0.25
            if let next = pending.first { wait = min(wait, max(0, next.time - clock())) }
            queue.wait(until: Date(timeIntervalSinceNow: min(wait, 0.25)))
        }
    }

    /// Parses a line; a bad one is reported with its number and skipped.
    private func accept(_ text: String, now: TimeInterval) {
        lineNumber += 1
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        switch LiveLine.parse(trimmed) {
        case .failure(let error):
            report(error.message)
        case .success(let line):
            if let last = lastSourceTime, line.time < last {
                return report("'t' went back from \(line.time) to \(last)... frames must come in time order; skipped")
            }
            if let problem = ledger.problem(with: line.input) { return report("\(problem); frame skipped") }
            ledger.commit(line.input, line: lineNumber)
            lastSourceTime = line.time
            let start = origin ?? (line.time, now)
            origin = start
            pending.append((start.clock + line.time - start.source, line))
        }
    }

    private func report(_ message: String) {
        badLines += 1
        err("line \(lineNumber): \(message)")
    }

    /// Hands the device every frame whose time has come, in order.
    private func playDue(now: TimeInterval) {
        var index = 0
        while index < pending.count, pending[index].time <= now {
            play(pending[index].line, at: pending[index].time)
            index += 1
        }
        pending.removeFirst(index)
    }

    private func play(_ line: LiveLine, at time: TimeInterval) {
        switch line.input {
        case .touches(let samples): system.send(HIDEvent(timestamp: time, payload: .touches(samples)))
        case .button(let button): system.press(button)
        case .motion(let phase): system.send(HIDEvent(timestamp: time, payload: .motion(.motionShake, phase)))
        case .remote(let subtype): system.send(HIDEvent(timestamp: time, payload: .remoteControl(subtype)))
        case .press(_, let type, let down, let up):
            if down { system.send(HIDEvent(timestamp: time, payload: .press(.init(identifier: type.rawValue, phase: .began, type: type)))) }
            // Pressed and released in one frame: the press is handled before its release is sent.
            if down && up { loop.processEvents() }
            if up { system.send(HIDEvent(timestamp: time, payload: .press(.init(identifier: type.rawValue, phase: .ended, type: type)))) }
        case .call(let incoming):
            if incoming { system.beginInterruption(.incomingCall) } else { system.endInterruption() }
        case .hover(let hover): system.send(HIDEvent(timestamp: time, payload: .hover(hover)))
        case .scroll(let scroll): system.send(HIDEvent(timestamp: time, payload: .scroll(scroll)))
        case .transform(let transform): system.send(HIDEvent(timestamp: time, payload: .transform(transform)))
        case .pencilTap: system.send(HIDEvent(timestamp: time, payload: .pencilTap))
        case .key(_, let key, let down, let up): LiveKeys.play(key, down: down, up: up, at: time, system: system, loop: loop)
        }
    }
}

/// Prints each trace record the moment it is made, and keeps them.
@MainActor
final class LivePrinter: EventTracer {
    private let out: (String) -> Void
    private(set) var records: [TraceRecord] = []

    init(out: @escaping (String) -> Void) { self.out = out }

    func record(_ record: TraceRecord) {
        records.append(record)
        let stamp = String(format: "%7.3f", record.time)
        let columns = record.columns
        if case .input = record.kind {
            out("\(stamp)  ▶ \(columns.detail)")
        } else {
            out("\(stamp)    \(columns.category.padding(toLength: 9, withPad: " ", startingAt: 0))  \(columns.subject.padding(toLength: max(18, columns.subject.count), withPad: " ", startingAt: 0))  \(columns.detail)")
        }
    }
}
