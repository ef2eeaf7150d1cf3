// The documentation's Swift code, as the checks in DocumentationSnippetTests read it.
//
// The convention (README.md, "Documentation"; Snippets/README.md): every ```swift block of a Markdown
// file in the repository is preceded by a marker that says where it is checked.
//
//   <!-- snippet: NAME -->        the block is the visible text of Snippets/NAME.swift, a program that
//                                 `swift build` and `swift test` compile and the tests run;
//   <!-- snippet: NAME#SLICE -->  the block is the visible text of one slice of it;
//   <!-- package-manifest -->     the block is a Package.swift, built by ConsumerPackageTests.
//
//   <!-- snippet-output: NAME --> before any other fenced block: the block is what Snippets/NAME.swift
//                                 prints, in pieces separated by lines of "...".
//
// In a snippet file, as in SwiftPM's and DocC's snippets: `// snippet.hide` and `// snippet.show`
// hide lines from the docs (stubs for a host's API, checks of the result); `// snippet.ID` and
// `// snippet.end` delimit a slice. A block with no marker fails the check: nothing is skipped silently.

import Foundation

/// The repository's root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fenced code block of a Markdown file, with the marker before it.
struct FencedBlock {
    /// The file, relative to the repository's root.
    var file: String
    /// The 1-based line of the opening fence.
    var line: Int
    /// The language after the opening fence (`swift`, `sh`, or empty).
    var language: String
    /// The lines between the fences, without the fences' indentation.
    var lines: [String]
    /// The marker on the last non-blank line before the fence, if that line is a marker.
    var marker: Marker?

    var place: String { "\(file):\(line)" }

    enum Marker: Equatable {
        /// `<!-- snippet: NAME -->` or `<!-- snippet: NAME#SLICE -->`.
        case snippet(name: String, slice: String?)
        /// `<!-- snippet-output: NAME -->`.
        case output(name: String)
        /// `<!-- package-manifest -->`.
        case packageManifest

        init?(_ line: String) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
            let body = text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
            if body == "package-manifest" { self = .packageManifest; return }
            let parts = body.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty, !parts[1].contains(" ") else { return nil }
            switch parts[0] {
            case "snippet":
                let name = parts[1].split(separator: "#", maxSplits: 1).map(String.init)
                self = .snippet(name: name[0], slice: name.count > 1 ? name[1] : nil)
            case "snippet-output":
                self = .output(name: parts[1])
            default:
                return nil
            }
        }
    }

    /// Every fenced block of the Markdown files in the repository (hidden folders and build outputs left out).
    static func all() throws -> [FencedBlock] {
        try markdownFiles().flatMap { try blocks(in: $0) }
    }

    static func markdownFiles() throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: repositoryRoot, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var files: [String] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" || url.lastPathComponent.hasPrefix(".") { walker.skipDescendants(); continue }
            guard url.pathExtension == "md" else { continue }
            files.append(String(url.standardizedFileURL.path.dropFirst(repositoryRoot.standardizedFileURL.path.count + 1)))
        }
        return files.sorted()
    }

    static func blocks(in file: String) throws -> [FencedBlock] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [FencedBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard rest.hasPrefix("```") else { index += 1; continue }
            let language = rest.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let marker = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.flatMap(Marker.init)
            var body: [String] = []
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            blocks.append(FencedBlock(file: file, line: index + 1, language: language, lines: body, marker: marker))
            index = end + 1
        }
        return blocks
    }
}

/// A program in `Snippets/`, and the parts of it the docs show.
struct SnippetFile {
    /// The file's name without `.swift`: the executable's name.
    var name: String
    /// The file, relative to the repository's root.
    var file: String
    /// The visible lines of the whole file.
    var visible: [String]
    /// The visible lines of each slice.
    var slices: [String: [String]]

    /// Every `Snippets/**/*.swift`.
    static func all() throws -> [SnippetFile] {
        let folder = repositoryRoot.appendingPathComponent("Snippets")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var snippets: [SnippetFile] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let file = String(url.standardizedFileURL.path.dropFirst(repositoryRoot.standardizedFileURL.path.count + 1))
            snippets.append(try SnippetFile(file: file, text: String(contentsOf: url, encoding: .utf8)))
        }
        return snippets.sorted { $0.name < $1.name }
    }

    struct FormatError: Error, CustomStringConvertible { var description: String }

    init(file: String, text: String) throws {
        self.file = file
        name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var hidden = false
        var open: [String] = []
        var visible: [String] = []
        var slices: [String: [String]] = [:]
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet.") {
                let word = String(trimmed.dropFirst("// snippet.".count))
                switch word {
                case "hide": hidden = true
                case "show": hidden = false
                case "end":
                    guard !open.isEmpty else { throw FormatError(description: "\(file):\(number + 1): // snippet.end with no slice open") }
                    open.removeLast()
                default:
                    guard word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }), slices[word] == nil else {
                        throw FormatError(description: "\(file):\(number + 1): '\(word)' is not a new slice name (letters, digits and '-')")
                    }
                    slices[word] = []
                    open.append(word)
                }
                continue
            }
            guard !hidden else { continue }
            visible.append(line)
            for slice in open { slices[slice]!.append(line) }
        }
        guard open.isEmpty else { throw FormatError(description: "\(file): slice '\(open[0])' has no // snippet.end") }
        self.visible = Self.tidy(visible)
        self.slices = slices.mapValues(Self.tidy)
    }

    /// The lines without blank lines at either end and without the indentation they all share.
    static func tidy(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
    }
}

/// The output of a built program.
struct ProgramRun {
    var status: Int32
    var output: String
    var errors: String

    /// The built executables' folder: the tests' bundle is built beside them.
    static var buildFolder: URL? {
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("UseIt").path) }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The executable `name` on the PATH.
    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `executable` with `input` as its standard input (nothing by default), for at most `timeout`
    /// seconds; a program still running then is killed and reported.
    static func run(_ executable: URL, arguments: [String] = [], input: Data = Data(), timeout: TimeInterval = 60) throws -> ProgramRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // The programs are black boxes here: the suite's own leak check covers the engine in process.
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let collected = Collected()
        stdout.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData, error: false) }
        stderr.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData, error: true) }
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "\(executable.lastPathComponent) was still running after \(Int(timeout)) s and was stopped")
        }
        process.waitUntilExit()
        stdout.fileHandleForReading.readabilityHandler = nil
        stderr.fileHandleForReading.readabilityHandler = nil
        collected.append(stdout.fileHandleForReading.readDataToEndOfFile(), error: false)
        collected.append(stderr.fileHandleForReading.readDataToEndOfFile(), error: true)
        let (output, errors) = collected.texts
        return ProgramRun(status: process.terminationStatus, output: output, errors: errors)
    }

    /// What a program wrote, gathered from the pipes' handlers.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var output = Data(), errors = Data()
        func append(_ data: Data, error: Bool) {
            lock.lock(); defer { lock.unlock() }
            if error { errors.append(data) } else { output.append(data) }
        }
        var texts: (String, String) {
            lock.lock(); defer { lock.unlock() }
            return (String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
        }
    }
}

/// Whether `pieces` (lines, split at lines of "...") appear in `output`, in order, each as whole
/// consecutive lines; nil when they do, else the first piece that does not.
func missingPiece(of expected: [String], in output: String) -> [String]? {
    var pieces: [[String]] = [[]]
    for line in expected {
        if line.trimmingCharacters(in: .whitespaces) == "..." { pieces.append([]) } else { pieces[pieces.count - 1].append(line) }
    }
    let lines = output.components(separatedBy: "\n")
    var from = 0
    for piece in pieces where !piece.isEmpty {
        var found: Int?
        var start = from
        while start + piece.count <= lines.count {
            if Array(lines[start..<start + piece.count]) == piece { found = start; break }
            start += 1
        }
        guard let found else { return piece }
        from = found + piece.count
    }
    return nil
}
