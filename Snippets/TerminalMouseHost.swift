// A host adapter: a terminal's mouse drives a ResponderKit scene, through the live path, in a loop the
// host owns. Run it in a terminal emulator that reports the mouse (xterm, GNOME Terminal, kitty, iTerm2,
// tmux with `set -g mouse on`…):
//
//     swift run TerminalMouseHost
//
// Click "tap me", hold the mouse still on "hold" for half a second, drag in "pad"; q quits.
//
// It is the template for SDL, GLFW or Wayland bridges: copy it and replace the two parts marked HOST.
// The rest stays as it is:
//
// 1. The host reads its input its own way (here: bytes from the terminal, which reports the mouse as
//    xterm's SGR escape sequences) and translates each report into an `HIDEvent` sample, in points on
//    the screen: a finger (here the left button) with its phase and location.
// 2. It posts the samples to `app.inputPort`. The port stamps them with the application's clock and
//    never blocks.
// 3. Each time round its loop, it calls `loop.processEvents()`, which dispatches what was posted, fires
//    the timers that fell due (a long press, a double tap's window) and returns how long the host may
//    sleep before the next one. The host waits for input at most that long: without this, a long press
//    held perfectly still would never begin.
//
// If input arrives on another thread (an SDL event watch, a Wayland display thread), post from there
// and set `app.inputPort.setWakeHandler { … }` to wake the host's wait, for instance with
// `SDL_PushEvent` or a write to a pipe the host polls. Here input is read on the loop's own thread, so
// the wait is the read itself.

import ResponderKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: The scene (what a toolkit builds with its own widgets)

/// One terminal cell, in points: the scene is laid out in cells, so that the terminal can draw it.
let cell = CGSize(width: 8, height: 16)

/// The frame of the cells from `column`, `row` (0-based), `width` × `height` cells wide.
func frame(column: Int, row: Int, width: Int, height: Int) -> CGRect {
    CGRect(x: CGFloat(column) * cell.width, y: CGFloat(row) * cell.height,
           width: CGFloat(width) * cell.width, height: CGFloat(height) * cell.height)
}

/// Prints what the scene's handlers say (in raw mode a line ends with a carriage return too).
@MainActor final class Log {
    var lineEnd = "\n"
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + lineEnd).utf8))
    }
}

@MainActor final class Handlers {
    let log: Log
    var taps = 0
    init(log: Log) { self.log = log }
    func tapped() {
        taps += 1
        log.say("tap me: touchUpInside (\(taps))")
    }
    func held(_ press: UILongPressGestureRecognizer) {
        guard press.state == .began || press.state == .ended else { return }
        log.say("hold: long press \(press.state == .began ? "began" : "ended")")
    }
    func panned(_ pan: UIPanGestureRecognizer) {
        guard pan.state == .began || pan.state == .ended else { return }
        let moved = pan.translation(in: pan.view)
        log.say("pad: pan \(pan.state == .began ? "began" : "ended"), moved (\(Int(moved.x)), \(Int(moved.y))) pt")
    }
}

let app = UIApplication()
let window = UIWindow(frame: frame(column: 0, row: 0, width: 80, height: 24), application: app)
window.accessibilityIdentifier = "terminal"
let log = Log()
let handlers = Handlers(log: log)

let button = UIButton(frame: frame(column: 2, row: 2, width: 12, height: 1))
button.accessibilityIdentifier = "tap me"
button.addTarget(handlers, action: Handlers.tapped, for: .touchUpInside)
let hold = UIView(frame: frame(column: 20, row: 1, width: 16, height: 3))
hold.accessibilityIdentifier = "hold"
hold.addGestureRecognizer(UILongPressGestureRecognizer(target: handlers, action: Handlers.held))
let pad = UIView(frame: frame(column: 2, row: 6, width: 60, height: 7))
pad.accessibilityIdentifier = "pad"
pad.addGestureRecognizer(UIPanGestureRecognizer(target: handlers, action: Handlers.panned))
for view in [button, hold, pad] { window.addSubview(view) }
window.makeKeyAndVisible()

// MARK: HOST: the terminal (an SDL bridge opens its window here instead)

/// Standard input and output as a terminal: raw mode, so that every byte comes at once and unechoed,
/// and xterm's mouse reporting, in SGR form. Everything is put back as it was by `restore()`.
@MainActor final class Terminal {
    /// Whether standard input is a terminal (otherwise the bytes come from a pipe or a file, as is).
    let isInteractive = isatty(0) == 1
    private var saved = termios()

    /// Mouse reporting: 1000 presses and releases, 1002 moves while a button is held, 1006 the SGR
    /// encoding (decimal cell numbers, any size of terminal, a distinct release).
    private let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    private let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// Raw mode, mouse reporting on, and `views` drawn as reversed blocks of cells with their names.
    func start(drawing views: [UIView]) {
        guard isInteractive else { return }
        tcgetattr(0, &saved)
        var raw = saved
        cfmakeraw(&raw)
        tcsetattr(0, TCSANOW, &raw)
        write(mouseOn + "\u{1B}[2J\u{1B}[H")
        for view in views { draw(view) }
        write("\u{1B}[17;24r\u{1B}[17;1H")   // the log scrolls in rows 17 to 24
    }

    func restore() {
        guard isInteractive else { return }
        write("\u{1B}[r\u{1B}[24;1H\r\n" + mouseOff)
        tcsetattr(0, TCSANOW, &saved)
    }

    /// Waits at most `timeout` seconds (nil: as long as it takes) for input and returns what came: no
    /// bytes when the time ran out, nil at the end of the input.
    func waitForInput(timeout: TimeInterval?) -> [UInt8]? {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(min(max(0, $0) * 1000, 60_000).rounded(.up)) } ?? -1
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(0, &buffer, buffer.count)
        return count > 0 ? Array(buffer[..<count]) : nil
    }

    private func draw(_ view: UIView) {
        let column = Int(view.frame.minX / cell.width) + 1, row = Int(view.frame.minY / cell.height) + 1
        let width = Int(view.frame.width / cell.width), height = Int(view.frame.height / cell.height)
        let name = view.accessibilityIdentifier ?? ""
        for line in 0..<height {
            let text = line == height / 2 ? "[" + name.padding(toLength: width - 2, withPad: " ", startingAt: 0) + "]"
                                          : String(repeating: ".", count: width)
            write("\u{1B}[\(row + line);\(column)H\u{1B}[7m\(text)\u{1B}[0m")
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

// MARK: HOST: the translation (an SDL bridge reads SDL_MouseButtonEvent or SDL_TouchFingerEvent here)

/// Reads xterm's SGR mouse reports, `ESC [ < button ; column ; row M` (pressed or moved) or `… m`
/// (released), from the terminal's bytes, and turns the left button into one finger. Other bytes are
/// keys; a report split across reads is completed by the next one. An unfinished sequence is kept up
/// to 32 bytes, then dropped: the buffer is bounded.
struct SGRMouseReader {
    enum Input {
        case touch(HIDEvent.Touch)
        case key(UInt8)
    }

    private var pending: [UInt8] = []
    private var pressed = false

    mutating func read(_ bytes: [UInt8]) -> [Input] {
        var inputs: [Input] = []
        for byte in bytes {
            if pending.isEmpty {
                if byte == 0x1B { pending = [byte] } else { inputs.append(.key(byte)) }
                continue
            }
            pending.append(byte)
            let prefix: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
            if pending.count <= prefix.count {
                if pending != Array(prefix[..<pending.count]) { pending = [] }   // another escape sequence: a key
                continue
            }
            if byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m") {
                if let touch = touch(from: pending) { inputs.append(.touch(touch)) }
                pending = []
            } else if !(byte == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)) || pending.count > 32 {
                pending = []
            }
        }
        return inputs
    }

    // snippet.translate
    /// The sample for one report, or nil for what is not the left button (other buttons, the wheel).
    private mutating func touch(from report: [UInt8]) -> HIDEvent.Touch? {
        let fields = String(decoding: report.dropFirst(3).dropLast(), as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        let (code, column, row) = (fields[0], fields[1], fields[2])
        let released = report.last == UInt8(ascii: "m")
        let moved = code & 32 != 0
        guard code & 0b1100_0011 == 0 else { return nil }        // the left button only: not 1, 2, nor the wheel (64…)
        let phase: UITouch.Phase
        switch (released, moved, pressed) {
        case (true, _, true): phase = .ended
        case (false, true, true): phase = .moved
        case (false, false, false): phase = .began
        default: return nil                                       // a release or a move with no press first
        }
        pressed = phase != .ended
        // The cell's centre, in points on the screen (cells are numbered from 1).
        let location = CGPoint(x: (CGFloat(column) - 0.5) * cell.width, y: (CGFloat(row) - 0.5) * cell.height)
        return HIDEvent.Touch(finger: 1, phase: phase, location: location)
    }
    // snippet.end
}

// MARK: The host-driven loop

let terminal = Terminal()
terminal.start(drawing: [button, hold, pad])
if terminal.isInteractive { log.lineEnd = "\r\n" } else { log.say("reading mouse reports from standard input") }
// snippet.loop
let loop = EventLoop(application: app)
var reader = SGRMouseReader()
var running = true
while running {
    let wait = loop.processEvents()                       // input, due timers, dispatch
    guard let bytes = terminal.waitForInput(timeout: wait) else { break }   // until input or the next timer
    for input in reader.read(bytes) {
        switch input {
        case .touch(let sample): app.inputPort.post(.touches([sample]))
        case .key(UInt8(ascii: "q")), .key(3), .key(4): running = false   // q, Ctrl-C, Ctrl-D
        case .key: break
        }
    }
}
// snippet.end
loop.processEvents()
terminal.restore()
