import Benchmark
import Foundation
import ResponderLab

// Loading and replaying scenario files that grow in one direction: views, recognizers, a failure chain,
// script length, long drags, and an `expect:` that differs on every line. Each file is written before
// the measurement; one operation is a whole `responder run` of it (read, validate, build, play, print
// nowhere, compare). Comparing the two sizes of a workload shows how its cost grows: four times the
// size should cost about four times as much.

/// A scenario file of one shape and size.
struct LabWorkload: Sendable {
    var name: String
    var size: Int
    /// The file's text for `size`.
    var text: @Sendable (Int) -> String

    /// Each shape at two sizes, four times apart.
    static let all: [LabWorkload] = [
        ("views", [1_000, 4_000], views),
        ("recognizers", [1_000, 4_000], recognizers),
        ("failureChain", [500, 2_000], failureChain),
        ("taps", [2_500, 10_000], taps),
        ("drags1000Steps", [10, 40], drags),
        ("expectMismatch", [2_500, 10_000], mismatch),
    ].flatMap { name, sizes, text in sizes.map { LabWorkload(name: name, size: $0, text: text) } }

    static func views(_ count: Int) -> String {
        scene((0..<count).map { "      - { name: v\($0), frame: [\($0 % 300), 0, 10, 10] }" }, script: ["  - tap: [5, 5]"])
    }

    static func recognizers(_ count: Int) -> String {
        scene((0..<count).map { "      - { name: v\($0), frame: [0, 0, 10, 10], recognizers: [{ kind: tap, name: r\($0) }] }" },
              script: ["  - tap: [5, 5]"])
    }

    static func failureChain(_ count: Int) -> String {
        scene((0..<count).map { index in
            "      - { name: v\(index), frame: [0, 0, 10, 10], recognizers: [{ kind: tap, name: r\(index)\(index == 0 ? "" : ", requires-failure-of: r\(index - 1)") }] }"
        }, script: ["  - tap: [5, 5]"])
    }

    /// Taps with no time between them, on a view with a double tap.
    static func taps(_ count: Int) -> String {
        scene(["      - { name: box, frame: [0, 0, 100, 100], recognizers: [{ kind: tap, name: double, taps: 2 }] }"],
              script: Array(repeating: "  - tap: [5, 5]", count: count))
    }

    /// Drags of 1,000 steps over a view with a pan.
    static func drags(_ count: Int) -> String {
        scene(["      - { name: box, frame: [0, 0, 300, 300], recognizers: [{ kind: pan, name: pan }] }"],
              script: Array(repeating: "  - drag: { from: [10, 10], to: [290, 290], duration: 1, steps: 1000 }", count: count))
    }

    /// Taps whose `expect:` has as many lines as their trace, none of them right.
    static func mismatch(_ lines: Int) -> String {
        // Each pair of taps on the double tap's view traces 37 lines.
        taps(lines * 2 / 37) + "expect: |\n" + (0..<lines).map { "  0.000 nothing like it \($0)" }.joined(separator: "\n") + "\n"
    }

    private static func scene(_ subviews: [String], script: [String]) -> String {
        "windows:\n  - name: window\n    frame: [0, 0, 320, 480]\n    subviews:\n" + subviews.joined(separator: "\n")
            + "\nscript:\n" + script.joined(separator: "\n") + "\n"
    }
}

/// `lab.SHAPE.SIZE`: one whole run of the file per operation; wall time and peak resident memory.
func labBenchmark(_ workload: LabWorkload) {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds,
        warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(1), maxIterations: 3)
    Benchmark("lab.\(workload.name).\(workload.size)", configuration: configuration) { @MainActor benchmark async in
        let path = NSTemporaryDirectory() + "responderkit-lab-\(workload.name)-\(workload.size)-\(ProcessInfo.processInfo.processIdentifier).yaml"
        try? workload.text(workload.size).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var codes: [Int32] = []
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            codes.append(Lab.run([path], out: { blackHole($0) }, err: { blackHole($0) }))
        }
        benchmark.stopMeasurement()
        // The scene must really have been played: 0, or 1 for the mismatch.
        precondition(codes.allSatisfy { $0 == (workload.name == "expectMismatch" ? 1 : 0) }, "lab.\(workload.name).\(workload.size) exited \(codes)")
    }
}
