import ArgumentParser
import Foundation
import ResponderLab

/// `responder`: replay, trace, explain and draw scenario files.
@main
struct Responder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responder",
        abstract: "Replay UIKit event delivery from scenario files: trace it, explain it, draw it; import a hierarchy.",
        subcommands: [Run.self, Live.self, Explain.self, Draw.self, Import.self, Serve.self, Demo.self])
}

/// The tool's two streams. Standard output goes through a buffer (a trace can run to a million lines),
/// which is written out before anything goes to standard error: with both streams on one file (`2>&1`),
/// every line stays whole and in the order it was written. Commands call ``flush()`` before they return.
@MainActor
enum Console {
    private static var buffer: [UInt8] = []
    private static let bufferSize = 1 << 16

    /// Writes a line to standard output.
    static func out(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= bufferSize { flush() }
    }

    /// Writes a line to standard error, after what standard output holds.
    static func err(_ text: String) {
        flush()
        write(2, Array((text + "\n").utf8))
    }

    /// Writes out what standard output holds.
    static func flush() {
        write(1, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes a line to standard output at once (a live trace, as it happens).
    static func outNow(_ text: String) {
        out(text)
        flush()
    }

    private static func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 { offset += written } else if errno != EINTR { return }
            }
        }
    }
}

/// Writes a line to standard error (from a command's argument checks, before it runs).
func printError(_ text: String) {
    MainActor.assumeIsolated { Console.err(text) }
}

/// Runs a command's work on the main actor, with the tool's streams, and flushes them after.
func withConsole(_ work: @MainActor (_ out: @escaping (String) -> Void, _ err: @escaping (String) -> Void) -> Int32) -> Int32 {
    MainActor.assumeIsolated {
        defer { Console.flush() }
        return work({ Console.out($0) }, { Console.err($0) })
    }
}

extension Responder {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play scenario files on virtual time and print their traces; check 'expect:' blocks.",
            discussion: """
            After each file's trace comes one line with its result: matched, differs (the differences follow on standard \
            error), or no 'expect:' to check; with several files, a last line counts them. Exit status: 0 when every file \
            matched or has no 'expect:', 1 when a trace differs, 2 when a file cannot be read or played.
            """)

        @Argument(help: "Scenario files (.yaml).")
        var files: [String]

        @Option(help: "Output format: text or json (one object per record).")
        var format: String = "text"

        @Flag(help: "Write each run's trace into its file's 'expect:' block instead of checking it.")
        var updateExpect = false

        @Flag(help: "Also show the stages of each loop turn: input port (source1), coalescing, timers, event queue (source0), sendEvent.")
        var stages = false

        @Flag(name: .shortAndLong, help: "Print no traces: only each file's result line, and differences and problems on standard error (for CI).")
        var quiet = false

        func run() throws {
            guard let format = Lab.Format(rawValue: format) else {
                printError("responder run: unknown format '\(format)' (use text or json)")
                throw ExitCode(2)
            }
            let code = withConsole { out, err in
                Lab.run(files, format: format, updateExpect: updateExpect, stages: stages, quiet: quiet, out: out, err: err)
            }
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Live: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a scenario's scene and play HID frames from standard input in real time, printing the trace as it happens.",
            discussion: """
            One JSON object per line: {"t": SECONDS, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100, "force": 0.5}]},
            or "button": lock|home|volumeUp|volumeDown|playPause, or "shake": began|ended|cancelled, or "remote": play|pause|…,
            or "press": select|menu|up-arrow|… (or {"type": "select", "phase": "down"|"up"|"both"}), or "call": incoming|ended.
            The scenario's script is not played. Bad lines are reported with their number and skipped, and so are frames that \
            could not happen: a finger that moves or lifts while it is not down, or begins twice; a press released that is not pressed.
            """)

        @Argument(help: "A scenario file (.yaml): its windows and views make the scene.")
        var file: String

        func run() throws {
            let code = withConsole { _, err in
                Lab.live(file, readLine: { Swift.readLine() }, out: { Console.outNow($0) }, err: err)
            }
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say why a view, recognizer, control or table row did or did not get the touch, begin, fire, send its action or select.",
            discussion: """
            Explains a scenario file's run, or, with --trace, a trace file an application wrote with its scene \
            (CapturedTrace in ResponderLab): the same answers from the same records. When several views of an \
            application's scene share a name, give the one meant as NAME#ID (the message lists them).
            """)

        @Argument(help: "A scenario file (or give --trace).")
        var file: String?

        @Option(help: "A trace file an application wrote (JSON lines: its records and scene snapshots), instead of a scenario.")
        var trace: String?

        @Option(help: "The name of a view, or of a view controller (what reached it up the responder chain).")
        var view: String?

        @Option(help: "The name of a gesture recognizer.")
        var recognizer: String?

        @Option(help: "The name of a control.")
        var control: String?

        @Option(help: "A row of a table or an item of a collection, named as its cell is: list.3 (row 3), list.1.3 (section 1).")
        var row: String?

        func run() throws {
            let subjects = [view.map { ExplainSubject.view($0) }, recognizer.map { .recognizer($0) }, control.map { .control($0) },
                            row.map { .row($0) }].compactMap { $0 }
            guard subjects.count == 1, let subject = subjects.first else {
                printError("responder explain: give exactly one of --view, --recognizer, --control or --row")
                throw ExitCode(2)
            }
            let source = try Source(file: file, trace: trace, command: "explain")
            let code = withConsole { out, err in
                switch source {
                case .scenario(let path): return Lab.explain(path, subject: subject, out: out, err: err)
                case .trace(let path): return Lab.explain(trace: path, subject: subject, out: out, err: err)
                }
            }
            if code != 0 { throw ExitCode(code) }
        }
    }

    /// What a command reads: a scenario file to play, or a trace file an application wrote.
    enum Source {
        case scenario(String)
        case trace(String)

        /// The one of `file` and `trace` given; a message and exit code 2 when both or neither are.
        init(file: String?, trace: String?, command: String) throws {
            switch (file, trace) {
            case (let file?, nil): self = .scenario(file)
            case (nil, let trace?): self = .trace(trace)
            case (_?, _?):
                printError("responder \(command): give a scenario file or --trace FILE, not both")
                throw ExitCode(2)
            case (nil, nil):
                printError("responder \(command): give a scenario file, or --trace FILE for a trace an application wrote")
                throw ExitCode(2)
            }
        }
    }

    struct Draw: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw the scene to scale as SVG: views, recognizers, touches, the hit-test path and the responder chain; or, with --timeline, the run in time.",
            discussion: """
            Draws a scenario file's run, or, with --trace, a trace file an application wrote with its scene \
            (CapturedTrace in ResponderLab). The scene is drawn as it was at --at: scroll views at their offsets then, \
            views as the last snapshot before that moment had them.
            """)

        @Argument(help: "A scenario file (or give --trace).")
        var file: String?

        @Option(help: "A trace file an application wrote (JSON lines: its records and scene snapshots), instead of a scenario.")
        var trace: String?

        @Option(help: "The time (seconds) of the scene to draw: the scene as it was then, and the touch that began last at or before it.")
        var at: Double?

        @Flag(help: "Draw the run's timeline instead: one lane per touch, recognizer (its states), view (deliveries), control (events), and the actions.")
        var timeline = false

        @Option(name: .shortAndLong, help: "The SVG file to write.")
        var output: String

        func run() throws {
            if timeline, at != nil {
                printError("responder draw: --at picks a moment of the scene; the timeline shows the whole run (drop --at)")
                throw ExitCode(2)
            }
            let source = try Source(file: file, trace: trace, command: "draw")
            let code = withConsole { _, err in
                switch (source, timeline) {
                case (.scenario(let path), false): return Lab.draw(path, at: at, to: output, err: err)
                case (.scenario(let path), true): return Lab.drawTimeline(path, to: output, err: err)
                case (.trace(let path), false): return Lab.draw(trace: path, at: at, to: output, err: err)
                case (.trace(let path), true): return Lab.drawTimeline(trace: path, to: output, err: err)
                }
            }
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Write a scenario for a view hierarchy dumped by 'po view.recursiveDescription()'.",
            discussion: """
            UIKit classes become their kinds (button, switch, slider, text-field, label, image), other classes plain views;
            names are the class and a number, with the class and address in a comment. The script taps the centre of the
            deepest view that can be touched. Lines that cannot be read are reported with their number and skipped.
            """)

        @Argument(help: "A text file holding the dump (an NSLog prefix, '(lldb)' lines and a cut-off last line are fine).")
        var file: String

        @Option(name: .shortAndLong, help: "The scenario file to write (default: standard output).")
        var output: String?

        func run() throws {
            let code = withConsole { out, err in
                Lab.importHierarchy(file, to: output, out: out, err: err)
            }
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the bundled tour of scenarios.")

        func run() throws {
            let code = withConsole { out, err in Lab.demo(out: out, err: err) }
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start the live playground in the browser (runs responder-serve, built on its own: swift run responder-serve).",
            discussion: """
            The server is a separate executable, so that this tool builds without a server stack. Everything after \
            'serve' goes to it unchanged: 'responder serve --help' shows its options.
            """)

        // Passed through, not parsed here: responder-serve owns its options, so they are declared once.
        @Argument(parsing: .captureForPassthrough, help: "responder-serve's files and options.")
        var arguments: [String] = []

        func run() throws {
            // responder-serve sits beside this executable once built; exec it with the same arguments.
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("responder-serve").path
            guard FileManager.default.isExecutableFile(atPath: executable) else {
                printError("responder serve: the playground server is built on its own; run: swift run responder-serve \(arguments.joined(separator: " "))")
                throw ExitCode(2)
            }
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            execv(executable, argv)
            printError("responder serve: cannot start \(executable): \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
    }
}
