import Foundation
import Testing
@testable import ResponderKit
@testable import ResponderLab

/// A trace is laid out as bytes, not through `String(format:)` and `padding(toLength:)`, so that a
/// line costs about a microsecond: the times read as `%7.3f` writes them, and the columns line up by
/// characters, whatever the names.
@MainActor
@Suite struct TraceTextTests {
    @Test func timesAreWrittenAsPrintfWritesThem() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, 0.0005, 0.0015, 0.0125, 1.0005, 2.5, 999.9995, 1000, 12345.678, 1e9, 1e16, -0.0001, -3, .nan, .infinity]
        for _ in 0..<20_000 {
            values.append(Double.random(in: 0...5_000, using: &rng))
            values.append(Double(Int.random(in: 0...1_000_000, using: &rng)) / 1_000 + 0.0005)
            values.append(Double(Int.random(in: 0...100_000, using: &rng)) / 120)
        }
        for value in values {
            var out: [UInt8] = []
            TraceText.appendTime(value, to: &out)
            let written = String(decoding: out, as: UTF8.self)
            guard written == String(format: "%7.3f", value) else {
                Issue.record("\(value): \(written), not \(String(format: "%7.3f", value))")
                return
            }
        }
    }

    @Test func columnsLineUpByCharactersWhateverTheNames() {
        let records = ["ab", "👍", "café", "x"].enumerated().map { index, name in
            TraceRecord(time: Double(index), kind: .delivered(responder: TraceSubject(id: index, className: "UIView", name: name),
                                                              method: .touchesBegan, fingers: [1]))
        }
        let lines = TraceRecord.render(records).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let offsets = lines.map { line in line.distance(from: line.startIndex, to: line.range(of: "touchesBegan")!.lowerBound) }
        #expect(Set(offsets).count == 1, "\(lines)")
        #expect(lines[1] == "  1.000    deliver  👍     touchesBegan #1")
    }
}
