import ResponderKit

// snippet.hide
// The live path's examples, run for real: the host's side (SDL's calls, a digitizer's frames) is
// stubbed here, and the code the docs show drives a button on the real clock.

/// Counts the button's taps and runs `whenTapped` after each.
@MainActor final class Counter {
    var taps = 0
    var whenTapped: (() -> Void)?
    func tapped() {
        taps += 1
        whenTapped?()
    }
}

/// A count that any thread may bump.
final class SharedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// A tap on the button, as a digitizer reports it: one frame down, one frame up.
let tapFrames = [[HIDEvent.Touch(finger: 1, phase: .began, location: CGPoint(x: 60, y: 120))],
                 [HIDEvent.Touch(finger: 1, phase: .ended, location: CGPoint(x: 60, y: 120))]]

/// Stands for SDL: the host's wake-up call and its wait for events, which delivers a tap on its first
/// call and ends the host's loop after its third.
@MainActor enum SDLBridge {
    nonisolated static let wakes = SharedCount()
    static var turns = 0
    /// SDL_PushEvent, from the posting thread.
    nonisolated static func pushWakeEvent() { wakes.increment() }
    /// SDL_WaitEventTimeout, reading the host's input and posting it.
    static func waitForEvents(timeout: TimeInterval) {
        turns += 1
        if turns == 1 { for frame in tapFrames { app.inputPort.post(.touches(frame)) } }
        if turns == 3 { running = false }
        Thread.sleep(forTimeInterval: min(timeout, 0.005))
    }
}
var running = true

/// Stands for an input device read on its own thread: the frames of one tap, then the end.
final class FrameSource: @unchecked Sendable {
    private let lock = NSLock()
    private var frames = tapFrames
    func next() -> [HIDEvent.Touch]? {
        lock.lock(); defer { lock.unlock() }
        return frames.isEmpty ? nil : frames.removeFirst()
    }
}
let source = FrameSource()
func readFrame() -> [HIDEvent.Touch]? { source.next() }

let ticks = SharedCount()
func autosave() {}
func tick() { ticks.increment() }

let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
window.accessibilityIdentifier = "window"
let counter = Counter()
let button = UIButton(frame: CGRect(x: 20, y: 100, width: 100, height: 44))
button.accessibilityIdentifier = "buy"
button.addTarget(counter, action: Counter.tapped, for: .touchUpInside)
window.addSubview(button)
window.makeKeyAndVisible()

do {
// snippet.show
// snippet.host-loop
let loop = EventLoop(application: app)
app.inputPort.setWakeHandler { SDLBridge.pushWakeEvent() }   // called on the posting thread
while running {
    let wait = loop.processEvents()                          // input, timers, dispatch; nil: no timer waits
    SDLBridge.waitForEvents(timeout: wait ?? 0.1)            // the host posts what it reads to app.inputPort
}
// snippet.end
// snippet.hide
app.inputPort.setWakeHandler(nil)
}
precondition(counter.taps == 1, "the host-driven loop delivered the tap")
precondition(SDLBridge.wakes.value == 2, "each post woke the host")

do {
// snippet.show
// snippet.self-driven
let loop = EventLoop(application: app)
Thread.detachNewThread { [port = app.inputPort] in
    while let frame = readFrame() { port.post(.touches(frame)) }   // stamped with the app's clock
}
// snippet.hide
counter.whenTapped = { loop.stop() }
// snippet.show
loop.run()                                                   // until a handler calls loop.stop()
// snippet.end
// snippet.hide
}
precondition(counter.taps == 2, "the self-driven loop delivered the tap from the input thread")

do {
// snippet.show
// snippet.threads
let port = app.inputPort                        // Sendable: hand it to the input thread
Thread.detachNewThread {
    port.post(.touches([HIDEvent.Touch(finger: 1, phase: .began, location: CGPoint(x: 40, y: 120))]))
}
// snippet.end
// snippet.hide
let loop = EventLoop(application: app)
loop.run(until: Date(timeIntervalSinceNow: 0.1))
port.post(.touches([HIDEvent.Touch(finger: 1, phase: .ended, location: CGPoint(x: 40, y: 120))]))
loop.processEvents()
}
precondition(counter.taps == 3, "the tap from the other thread reached the button")
// snippet.show

// snippet.timers
// Waits while a list scrolls, as a timer on the default mode does in UIKit.
let save = app.scheduledTimer(withTimeInterval: 5, repeats: false) { _ in autosave() }

// Keeps firing while a list scrolls, as after RunLoop.main.add(timer, forMode: .common).
let clock = app.scheduledTimer(withTimeInterval: 1, repeats: true, forMode: .common) { _ in tick() }
clock.name = "clock"
let mode = app.currentRunLoopMode               // .default, or .tracking while a scroll view tracks
// snippet.end
// snippet.hide
precondition(mode == .default && save.isValid && clock.isValid)
save.invalidate()
clock.invalidate()
// snippet.show

// snippet.hide
let notes = UIApplication(), music = UIApplication()
let notesWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: notes)
notesWindow.makeKeyAndVisible()
let frame = HIDEvent(timestamp: notes.inputPort.now, payload: .touches([tapFrames[0][0]]))
// snippet.show
// snippet.device
let device = DeviceSystem()
device.install(notes, name: "Notes")
device.install(music, name: "Music")
device.bringToForeground(notes)
device.send(frame)                   // a digitizer frame (HIDEvent): routed to the foreground app
device.press(.lock)                  // the system's own: Notes's touches are cancelled, it resigns active
device.beginInterruption(.incomingCall)
// snippet.end
// snippet.hide
EventLoop(application: notes).processEvents()
precondition(notes.applicationState != .active, "locking the device made Notes resign active")
