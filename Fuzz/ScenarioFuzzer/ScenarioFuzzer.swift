import Foundation
import ResponderLab

// One fuzz input is the text of a scenario file. It goes through everything the tool does with a file:
// `run` as text and as JSON (load, validate, play, compare with `expect:`), `explain` of a view, a
// recognizer and a control, and `draw`. The promise checked is the tool's: no crash, no sanitizer
// report, an exit code of 0, 1 or 2, and a message naming the file whenever the code is not 0.
//
// Inputs are written to one scratch file (in memory when /dev/shm exists): the commands take paths.

/// The scratch file an input is written to, and the picture drawn from it.
private let scratch: (scenario: String, picture: String) = {
    let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let stem = "\(directory)/responderkit-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
    return (stem + ".yaml", stem + ".svg")
}()

/// Names to explain: the first word after each `name:` in the input, or a fixed one.
private func someName(in text: String) -> String {
    guard let range = text.range(of: "name:") else { return "window" }
    let rest = text[range.upperBound...].drop { $0 == " " }
    let name = rest.prefix { !" ,}\n]".contains($0) }
    return name.isEmpty ? "window" : String(name)
}

@MainActor
private func check(_ data: Data) {
    guard (try? data.write(to: URL(fileURLWithPath: scratch.scenario))) != nil else { return }
    let path = scratch.scenario
    let name = someName(in: String(decoding: data, as: UTF8.self))
    func expectWellBehaved(_ command: String, _ body: (_ err: @escaping (String) -> Void) -> Int32) {
        var messages: [String] = []
        let code = body { messages.append($0) }
        // A broken promise is a crash, so libFuzzer keeps the input and stops.
        precondition([0, 1, 2].contains(code), "\(command) exited \(code)")
        if code != 0 {
            precondition(messages.first?.hasPrefix(path + ":") == true,
                         "\(command) exited \(code) without a message naming the file: \(messages.first?.prefix(200) ?? "none")")
        }
    }
    expectWellBehaved("run") { Lab.run([path], format: .text, out: { _ in }, err: $0) }
    expectWellBehaved("run --format json") { Lab.run([path], format: .json, out: { _ in }, err: $0) }
    for subject in [ExplainSubject.view(name), .recognizer(name), .control(name)] {
        expectWellBehaved("explain") { Lab.explain(path, subject: subject, out: { _ in }, err: $0) }
    }
    expectWellBehaved("draw") { Lab.draw(path, at: nil, to: scratch.picture, err: $0) }
}

/// Called by libFuzzer once per input.
private func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    MainActor.assumeIsolated { check(data) }
    return 0
}

/// libFuzzer's driver: parses the fuzzer's options from the command line and runs the inputs.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The program starts here rather than in libFuzzer's own `main`: SwiftPM links an executable target's
/// entry point under its own name, so the target hands the command line to libFuzzer's driver itself.
@main
enum ScenarioFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv) { bytes, count in fuzzOneInput(bytes, count) })
    }
}
