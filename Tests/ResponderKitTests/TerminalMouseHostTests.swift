// The host adapter of Snippets/TerminalMouseHost.swift, on a real pseudo-terminal: the test is the
// terminal emulator. It writes the bytes xterm writes for a click, a held press and a drag (SGR mouse
// reports), and reads what the program draws and prints. Real time is the point here (the long press
// must begin while the host loop sleeps on its input), so every wait is bounded and short.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct TerminalMouseHostTests {

    /// The program on the slave side of a new pseudo-terminal; the test holds the master side.
    final class Session {
        let process = Process()
        let master: Int32
        private let slave: Int32
        private(set) var screen = ""

        /// A new pseudo-terminal's master and slave descriptors. POSIX's calls for it are in the C
        /// library, but Swift's Glibc module does not declare them (they need _XOPEN_SOURCE), so they
        /// are looked up by name.
        private static func openPseudoTerminal() throws -> (Int32, Int32) {
            typealias Open = @convention(c) (Int32) -> Int32
            typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            let library = dlopen(nil, RTLD_NOW)
            func function<T>(_ name: String, as type: T.Type) throws -> T {
                guard let symbol = dlsym(library, name) else { throw ProgramRun.Failure(description: "the C library has no \(name)") }
                return unsafeBitCast(symbol, to: type)
            }
            let openMaster = try function("posix_openpt", as: Open.self), grant = try function("grantpt", as: Open.self)
            let unlock = try function("unlockpt", as: Open.self), name = try function("ptsname", as: Name.self)
            let master = openMaster(O_RDWR | O_NOCTTY)
            guard master >= 0, grant(master) == 0, unlock(master) == 0, let path = name(master) else {
                throw ProgramRun.Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
            }
            let slave = open(path, O_RDWR | O_NOCTTY)
            guard slave >= 0 else { throw ProgramRun.Failure(description: "cannot open \(String(cString: path))") }
            return (master, slave)
        }

        init(executable: URL) throws {
            (master, slave) = try Self.openPseudoTerminal()
            let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
            process.executableURL = executable
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            var environment = ProcessInfo.processInfo.environment
            environment["ASAN_OPTIONS"] = "detect_leaks=0"
            process.environment = environment
            try process.run()
            try handle.close()
        }

        /// Writes `bytes` as the terminal does when the user acts.
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
        }

        /// Reads what the program writes until `text` has appeared, for at most `timeout` seconds.
        func waitFor(_ text: String, timeout: TimeInterval = 10) throws {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while !screen.contains(text) {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else {
                    throw ProgramRun.Failure(description: "the program did not write \(text.debugDescription) within \(timeout) s; it wrote: \(screen.debugDescription)")
                }
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { throw ProgramRun.Failure(description: "the terminal closed; the program wrote: \(screen.debugDescription)") }
                screen += String(decoding: buffer[..<count], as: UTF8.self)
            }
        }

        /// Waits (at most `timeout` seconds) for the program to exit, and returns its status.
        func exitStatus(timeout: TimeInterval = 10) -> Int32? {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            guard !process.isRunning else { process.terminate(); return nil }
            return process.terminationStatus
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
        }
    }

    private func session() throws -> Session {
        let folder = try #require(ProgramRun.buildFolder, "the snippets are not built beside the tests: `swift build` builds them")
        return try Session(executable: folder.appendingPathComponent("TerminalMouseHost"))
    }

    private let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    private let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    @Test func aClickAHeldPressAndADragOnTheTerminalReachTheScenesControlAndRecognizers() throws {
        let terminal = try session()
        try terminal.waitFor(mouseOn)                  // raw mode is on and the mouse is reported
        try terminal.waitFor("[tap me")                // the scene is drawn

        // A click on "tap me" (cell 5 of row 3): pressed and released.
        terminal.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
        try terminal.waitFor("tap me: touchUpInside (1)")

        // A press held still on "hold", its report split across two writes, then released after 0.7 s:
        // the long press begins at 0.5 s, from the timer the host loop's wait woke up for.
        terminal.type("\u{1B}[<0;25;")
        usleep(50_000)
        terminal.type("3M")
        try terminal.waitFor("hold: long press began", timeout: 5)
        usleep(200_000)
        terminal.type("\u{1B}[<0;25;3m")
        try terminal.waitFor("hold: long press ended")

        // The wheel and the right button are not the finger; then a drag in "pad", 10 cells to the right.
        terminal.type("\u{1B}[<64;10;10M\u{1B}[<2;10;10M\u{1B}[<2;10;10m")
        terminal.type("\u{1B}[<0;10;10M")
        for column in 11...20 {
            usleep(16_000)
            terminal.type("\u{1B}[<32;\(column);10M")
        }
        terminal.type("\u{1B}[<0;20;10m")
        // 10 cells of 8 pt: 80 pt, less the 10 pt of hysteresis the pan's translation leaves out (R21).
        try terminal.waitFor("pad: pan ended, moved (70, 0) pt")
        #expect(!terminal.screen.contains("tap me: touchUpInside (2)"), "the wheel and the right button played no touch")

        terminal.type("q")
        try terminal.waitFor(mouseOff)
        #expect(terminal.exitStatus() == 0)
        var settings = termios()
        #expect(tcgetattr(terminal.master, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0, "the terminal is back in canonical mode")
    }

    @Test func readingFromAPipeNeedsNoTerminalAndEndsAtTheEndOfTheInput() throws {
        let folder = try #require(ProgramRun.buildFolder)
        let run = try ProgramRun.run(folder.appendingPathComponent("TerminalMouseHost"),
                                     input: Data("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<0;5;3M\u{1B}[<0;5;3m".utf8))
        #expect(run.status == 0)
        #expect(run.output == "reading mouse reports from standard input\ntap me: touchUpInside (1)\ntap me: touchUpInside (2)\n")
    }
}
