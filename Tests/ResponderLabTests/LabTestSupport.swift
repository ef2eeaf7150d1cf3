import Foundation
@testable import ResponderLab

/// Runs a Lab command, collecting what it prints.
@MainActor
struct Captured {
    var out: [String] = []
    var err: [String] = []
    var code: Int32 = 0

    static func run(_ paths: [String], format: Lab.Format = .text) -> Captured {
        var captured = Captured()
        captured.code = Lab.run(paths, format: format, out: { captured.out.append($0) }, err: { captured.err.append($0) })
        return captured
    }

    static func explain(_ path: String, _ subject: ExplainSubject) -> Captured {
        var captured = Captured()
        captured.code = Lab.explain(path, subject: subject, out: { captured.out.append($0) }, err: { captured.err.append($0) })
        return captured
    }

    var errorText: String { err.joined(separator: "\n") }
    var outText: String { out.joined(separator: "\n") }
}

/// Writes `text` to a fresh temporary .yaml file and returns its path.
func temporaryScenario(_ text: String, name: String = "scenario") -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("responder-lab-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("\(name).yaml").path
    try? text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The bundled scenario files, sorted.
let bundledScenarioPaths: [String] = {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory + "/" + $0 }
}()

/// A small valid scene, to build bad variants from.
let minimalScenario = """
    name: minimal
    windows:
      - name: window
        frame: [0, 0, 320, 480]
        subviews:
          - name: box
            frame: [10, 10, 100, 100]
            recognizers:
              - { kind: tap, name: tap }
    script:
      - tap: [20, 20]
    """

/// The built `responder` tool beside the test bundle (`swift test` builds every product of the package).
var responderTool: String? {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
        let path = candidate.appendingPathComponent("responder").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Runs the `responder` tool with `arguments` and `input` on standard input, standard output and
/// standard error both into one pipe (`2>&1`); returns the exit status and what it wrote. Bounded: the
/// tool is stopped after `timeout` seconds.
func runTool(_ arguments: [String], input: String? = nil, timeout: TimeInterval = 60) throws -> (status: Int32, output: String) {
    guard let tool = responderTool else { throw ToolMissing() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let stdin = Pipe()
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let watchdog = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    watchdog.cancel()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

struct ToolMissing: Error, CustomStringConvertible {
    var description: String { "the responder tool is not built beside the tests (swift build first)" }
}

/// The captions under a scene picture, as one text: each caption's lines joined again by the spaces
/// they were wrapped at, XML entities undone.
func captionText(_ svg: String) -> String {
    var lines: [String] = []
    for line in svg.split(separator: "\n") where line.hasPrefix("<text class=\"caption\"") {
        guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</text>", options: .backwards) else { continue }
        lines.append(String(line[line.index(after: open)..<close.lowerBound]))
    }
    return lines.joined(separator: " ")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
}
