import Foundation
import ResponderKit

/// An application's trace with the scene it happened in: the records a `TraceRecorder` or a
/// `FlightRecorder` kept, and snapshots of the windows (``SceneSnapshot``). From them it gives the
/// same explanations and pictures `responder explain` and `responder draw` give of a scenario file,
/// in the process, or from the file it writes (`responder explain --trace FILE`).
///
/// ```swift
/// let flightRecorder = FlightRecorder(capacity: 2_000)
/// app.tracer = flightRecorder
/// // … when the user reports that a button did nothing:
/// let trace = CapturedTrace(records: flightRecorder.records, application: app)
/// print(try trace.explain(.control("buy")).joined(separator: "\n"))
/// try trace.write(to: "button.trace.json")
/// ```
///
/// See <doc:ReadingTraces> (Traces from an application).
@MainActor
public struct CapturedTrace: Sendable {
    /// The records, oldest first.
    public var records: [TraceRecord]
    /// The snapshots of the scene, in the order they were taken (at least one to explain or draw).
    public var scenes: [SceneSnapshot]
    /// Objects of a file that this version does not know (a newer writer's records), left out when it
    /// was read.
    public private(set) var skippedObjects = 0

    /// A trace from its records and the snapshots taken of its scene.
    public init(records: [TraceRecord], scenes: [SceneSnapshot]) {
        self.records = records
        self.scenes = scenes
    }

    /// A trace from its records, with a snapshot of `application`'s windows taken now: the moment the
    /// records are kept or written. Scroll views are drawn before it at the offsets the records report.
    public init(records: [TraceRecord], application: UIApplication) {
        self.init(records: records, scenes: [SceneSnapshot(application: application)])
    }

    /// What went wrong: a file that cannot be read (with its line), a subject the scene does not have,
    /// a trace with no scene to draw.
    public struct Problem: Error, CustomStringConvertible, Sendable, Equatable {
        /// The line of the file, when the problem is in one (1-based).
        public var line: Int?
        /// What went wrong and what to do.
        public var message: String
        /// `LINE: message`, or the message.
        public var description: String { line.map { "\($0): \(message)" } ?? message }
    }

    // MARK: The file

    /// The trace as a file: one JSON object per line, the records as `responder run --format json`
    /// writes them and each snapshot as an object of kind `scene` (docs/trace-json.md).
    public func json() -> String {
        var lines: [String] = []
        lines.reserveCapacity(records.count + scenes.count)
        for scene in scenes { lines.append(JSONText.encode(scene.jsonObject) ?? "{}") }
        for record in records { lines.append(TraceJSON.line(record)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes ``json()`` to the file at `path`.
    public func write(to path: String) throws {
        try json().write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Reads a trace file's text (``json()``'s, or the records `responder run --format json` writes).
    /// Objects of kinds this version does not know are left out and counted in ``skippedObjects``.
    public init(json text: String) throws(Problem) {
        var records: [TraceRecord] = []
        var scenes: [SceneSnapshot] = []
        var skipped = 0
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
            let object: [String: Any]
            do throws(JSONReader.Failure) {
                guard let parsed = try JSONReader.parse(line) as? [String: Any] else {
                    throw JSONReader.Failure(message: "a value that is not an object")
                }
                object = parsed
            } catch {
                throw Problem(line: number, message: "not a JSON object (\(error.message)): a trace file holds one object per line (docs/trace-json.md)")
            }
            guard let version = object["version"] as? Int else {
                throw Problem(line: number, message: "no 'version': not an object of a trace file (docs/trace-json.md)")
            }
            guard version == TraceJSON.version else {
                throw Problem(line: number, message: version < TraceJSON.version
                    ? "written in version \(version) of the trace format, which kept some values as text; this version reads \(TraceJSON.version): write the trace again"
                    : "written in version \(version) of the trace format, newer than this version (\(TraceJSON.version)): read it with a newer responder")
            }
            do throws(TraceJSON.ReadError) {
                if object["kind"] as? String == "scene" {
                    scenes.append(try SceneSnapshot.read(Fields(object, path: "")))
                } else if let record = try TraceJSON.record(from: object) {
                    if let last = records.last, record.time < last.time {
                        throw TraceJSON.ReadError(message: "its time, \(record.time) s, is before the previous record's (\(last.time) s): records are in the order they were made")
                    }
                    records.append(record)
                } else {
                    skipped += 1
                }
            } catch {
                throw Problem(line: number, message: error.message)
            }
        }
        self.init(records: records, scenes: scenes)
        skippedObjects = skipped
    }

    /// Reads the trace file at `path`.
    public init(contentsOf path: String) throws(Problem) {
        let text: String
        do {
            text = try Lab.readText(path)
        } catch {
            throw Problem(line: nil, message: "cannot read the file: \(Lab.readProblem(path))")
        }
        try self.init(json: text)
    }

    // MARK: Explanations and pictures

    /// The scene over the trace's time, or why there is none.
    func history() throws(Problem) -> SceneHistory {
        guard let history = SceneHistory(snapshots: scenes, records: records) else {
            throw Problem(line: nil, message: "the trace has no scene: explanations and pictures need the geometry of the windows "
                + "(take a SceneSnapshot with the records, or make the trace with CapturedTrace(records:application:))")
        }
        return history
    }

    /// Says in sentences why the subject did or did not get the touch, begin, fire or send its action,
    /// as `responder explain` does. A subject is named as the trace names it; when several views share
    /// a name, add the identity of the one meant: `UIView#12`.
    public func explain(_ subject: ExplainSubject) throws(Problem) -> [String] {
        try Explainer(records: records, history: try history()).explain(subject)
    }

    /// An SVG picture of the scene at `time` (seconds on the trace's clock), as `responder draw` draws
    /// it: the scene as it was then, and the touch that began last at or before it (the first touch
    /// without a time).
    public func picture(at time: TimeInterval? = nil) throws(Problem) -> String {
        SVGRenderer(records: records, history: try history()).render(at: time)
    }

    /// An SVG picture of the trace in time, as `responder draw --timeline` draws it: one lane per
    /// touch, recognizer, view and control, and the actions. It needs no scene.
    public func timeline(title: String = "Timeline") -> String {
        TimelineRenderer(timeline: Timeline(records), title: title).render()
    }
}

/// Finds the subject of a question among the scene's names.
struct SubjectNames {
    let names: SceneHistory.Names
    /// The most names a message lists.
    static let listedNames = 40

    init(_ names: SceneHistory.Names) {
        self.names = names
    }

    /// The identity of the view named, or of the view controller (any responder that is not a view)
    /// named, which gets touches, presses and key commands up the responder chain; a problem that says
    /// what the scene has when none is, or which one to give when several are.
    func view(_ name: String) throws(CapturedTrace.Problem) -> Int {
        try resolve(name, among: names.views.merging(names.responders) { views, responders in Array(Set(views + responders)).sorted() },
                    kind: "view", plural: "views and controllers")
    }

    /// The identity of the recognizer named, as ``view(_:)`` finds a view.
    func recognizer(_ name: String) throws(CapturedTrace.Problem) -> Int {
        try resolve(name, among: names.recognizers, kind: "recognizer")
    }

    /// The identity of the control named, as ``view(_:)`` finds a view.
    func control(_ name: String) throws(CapturedTrace.Problem) -> Int { try resolve(name, among: names.controls, kind: "control") }

    private func resolve(_ name: String, among table: [String: [Int]], kind: String, plural: String? = nil)
        throws(CapturedTrace.Problem) -> Int {
        let plural = plural ?? kind + "s"
        if let ids = table[name] {
            guard ids.count == 1 else {
                let choices = ids.map { "'\(name)#\($0)'" }.joined(separator: ", ")
                throw CapturedTrace.Problem(line: nil, message: "\(ids.count) \(kind)s are named '\(name)': give one with its identity, \(choices)")
            }
            return ids[0]
        }
        // `NAME#ID` picks one of several that share a name.
        if let hash = name.lastIndex(of: "#"), let id = Int(name[name.index(after: hash)...]),
           table[String(name[..<hash])]?.contains(id) == true {
            return id
        }
        var message = "no \(kind) named '\(name)'"
        let known = table.keys.sorted()
        if let nearest = YAMLReader.nearest(to: name, in: known) { message += "; did you mean '\(nearest)'?" }
        // An application's scene can have hundreds of names: the first ones are listed.
        let listed = known.prefix(Self.listedNames).joined(separator: ", ")
        let more = known.count > Self.listedNames ? ", and \(known.count - Self.listedNames) more" : ""
        message += known.isEmpty ? " (the scene has no \(plural))" : " (\(plural): \(listed)\(more))"
        throw CapturedTrace.Problem(line: nil, message: message)
    }
}
