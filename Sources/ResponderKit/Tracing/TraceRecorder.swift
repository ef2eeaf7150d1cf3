import Foundation

/// An ``EventTracer`` that keeps every record and renders them as aligned lines.
///
/// ```swift
/// let recorder = TraceRecorder()
/// app.tracer = recorder
/// simulator.tap(at: CGPoint(x: 20, y: 20))
/// print(recorder.render())
/// ```
///
/// To keep tracing on in an application for as long as it runs, use a ``FlightRecorder``: it keeps
/// only the latest records, in memory allocated once.
@MainActor
public final class TraceRecorder: EventTracer {
    /// Every record received, oldest first.
    public private(set) var records: [TraceRecord] = []

    /// Creates an empty recorder.
    public init() {}

    /// Keeps `record`.
    public func record(_ record: consuming TraceRecord) { records.append(record) }

    /// Forgets every record.
    public func removeAll() { records.removeAll() }

    /// The records as text: one line per record, columns aligned, each input's consequences indented under it.
    public func render() -> String { TraceRecord.render(records) }
}

extension TraceRecord {
    /// `records` as text: one line per record, columns aligned, each input's consequences indented
    /// under it. The text of every record is made here, not when it was recorded.
    ///
    /// A trace can run to a million lines, so each line costs about a microsecond: every record's
    /// columns are made once, copied as bytes into one buffer while the column widths are found, and
    /// the lines are then written from it, times formatted by hand rather than by `String(format:)`.
    public static func render(_ records: some Sequence<TraceRecord>) -> String {
        var text = TraceText(rows: records.underestimatedCount)
        var rows: [TraceText.Row] = []
        rows.reserveCapacity(records.underestimatedCount)
        for record in records {
            let columns = record.columns
            var isInput = false
            if case .input = record.kind { isInput = true }
            rows.append(text.add(time: record.time, isInput: isInput, columns))
        }
        return text.lines(rows)
    }
}

/// The bytes of a trace's text as ``TraceRecord/render(_:)`` lays it out.
struct TraceText {
    /// One record: its time, and where its three columns end in ``parts``.
    struct Row {
        var time: TimeInterval
        var isInput: Bool
        var categoryEnd: Int
        var subjectEnd: Int
        var detailEnd: Int
        var categoryWidth: Int
        var subjectWidth: Int
    }

    /// Every row's category, subject and detail, back to back.
    private var parts: [UInt8] = []
    private var categoryWidth = 0
    private var subjectWidth = 0

    /// Room for `rows` rows of a typical length, so that the buffer is seldom copied as it grows.
    init(rows: Int) {
        parts.reserveCapacity(rows * 48)
    }

    /// Adds a record's columns; returns its row.
    mutating func add(time: TimeInterval, isInput: Bool, _ columns: (category: String, subject: String, detail: String)) -> Row {
        let category = append(columns.category)
        let categoryEnd = parts.count
        let subject = append(columns.subject)
        let subjectEnd = parts.count
        _ = append(columns.detail)
        categoryWidth = max(categoryWidth, category)
        subjectWidth = max(subjectWidth, subject)
        return Row(time: time, isInput: isInput, categoryEnd: categoryEnd, subjectEnd: subjectEnd, detailEnd: parts.count,
                   categoryWidth: category, subjectWidth: subject)
    }

    /// Appends `string`'s bytes; returns its width in characters (its byte count when it is ASCII).
    private mutating func append(_ string: String) -> Int {
        let start = parts.count
        parts.append(contentsOf: string.utf8)
        for index in start..<parts.count where parts[index] >= 0x80 { return string.count }
        return parts.count - start
    }

    /// The lines of `rows`, joined by newlines.
    func lines(_ rows: [Row]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(parts.count + rows.count * (16 + categoryWidth + subjectWidth))
        var start = 0
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(0x0A) }
            Self.appendTime(row.time, to: &out)
            if row.isInput {
                out.append(contentsOf: "  ▶ ".utf8)
            } else {
                Self.appendSpaces(4, to: &out)
                out.append(contentsOf: parts[start..<row.categoryEnd])
                Self.appendSpaces(categoryWidth - row.categoryWidth + 2, to: &out)
                out.append(contentsOf: parts[row.categoryEnd..<row.subjectEnd])
                Self.appendSpaces(subjectWidth - row.subjectWidth + 2, to: &out)
            }
            out.append(contentsOf: parts[row.subjectEnd..<row.detailEnd])
            start = row.detailEnd
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendSpaces(_ count: Int, to out: inout [UInt8]) {
        for _ in 0..<max(0, count) { out.append(0x20) }
    }

    /// `time` as `String(format: "%7.3f", time)` writes it. Times that are negative, huge, not finite,
    /// or within a millionth of a millisecond of a tie in their rounding take `String(format:)` itself.
    static func appendTime(_ time: TimeInterval, to out: inout [UInt8]) {
        let scaled = time * 1000
        let rounded = scaled.rounded()
        guard time >= 0, scaled < 1e15, abs(abs(scaled - rounded) - 0.5) > 1e-6 else {
            out.append(contentsOf: String(format: "%7.3f", time).utf8)
            return
        }
        let millis = Int(rounded)
        let whole = millis / 1000
        var divisor = 1
        var digits = 1
        while divisor <= whole / 10 {
            divisor *= 10
            digits += 1
        }
        appendSpaces(3 - digits, to: &out)
        while divisor > 0 {
            out.append(0x30 + UInt8(whole / divisor % 10))
            divisor /= 10
        }
        let fraction = millis % 1000
        out.append(0x2E)
        out.append(0x30 + UInt8(fraction / 100))
        out.append(0x30 + UInt8(fraction / 10 % 10))
        out.append(0x30 + UInt8(fraction % 10))
    }
}
