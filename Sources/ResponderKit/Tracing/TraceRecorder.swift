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
    public static func render(_ records: some Sequence<TraceRecord>) -> String {
        let rows = records.map { record -> (TimeInterval, (category: String, subject: String, detail: String), Bool) in
            if case .input = record.kind { return (record.time, record.columns, true) }
            return (record.time, record.columns, false)
        }
        let categoryWidth = rows.map { $0.1.category.count }.max() ?? 0
        let subjectWidth = rows.map { $0.1.subject.count }.max() ?? 0
        var lines: [String] = []
        for (time, columns, isInput) in rows {
            let stamp = String(format: "%7.3f", time)
            if isInput {
                lines.append("\(stamp)  ▶ \(columns.detail)")
                continue
            }
            let category = columns.category.padding(toLength: categoryWidth, withPad: " ", startingAt: 0)
            let subject = columns.subject.padding(toLength: subjectWidth, withPad: " ", startingAt: 0)
            lines.append("\(stamp)    \(category)  \(subject)  \(columns.detail)")
        }
        return lines.joined(separator: "\n")
    }
}
