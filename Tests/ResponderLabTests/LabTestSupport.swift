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
