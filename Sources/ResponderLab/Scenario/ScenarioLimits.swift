/// What one scenario file may expand to (R27). YAML aliases let a file of a few hundred bytes repeat a
/// part millions of times, and a short script can ask for millions of events; each of these limits is
/// checked while the file is read or played, and reaching one is reported at the place it was reached,
/// naming the limit. They are far above what any real scene needs and are listed in
/// `Scenarios/README.md`. Tests check each limit with smaller values.
struct ScenarioLimits: Sendable {
    /// YAML nodes read, counting a node again each time an alias repeats it.
    var nodes = 1_000_000
    /// Views, windows included.
    var views = 10_000
    /// Levels of views below their window (a window's own subviews are the first). The lab walks a scene
    /// by recursion (building it, drawing it, explaining a touch), and a test runner's threads may have
    /// little stack: a bound keeps every walk's depth known. The same as a trace file's scene snapshots
    /// may hold (``SceneSnapshot/maximumDepth``), so whatever a scenario builds, its trace can be read back.
    var viewNesting = SceneSnapshot.maximumDepth
    /// Gesture recognizers.
    var recognizers = 10_000
    /// Gesture recognizers on one view and its superviews, a scroll view's own counted: a touch that
    /// begins in the view is offered to every one of them (R5), and each pair that shares it may be asked
    /// whether one waits for the other (R25), so the work of one touch grows with the square of this
    /// number. At this limit the pairs of one path stay fewer than the records a trace keeps
    /// (`traceRecords`), and a touch whose recognizers all have delegates takes about a tenth of a
    /// second of the engine's work, untraced.
    var recognizersOnAPath = 1_000
    /// Names listed by one recognizer or view (`simultaneous-with`, `requires-failure-of`, `vetoes`).
    var namesPerList = 1_000
    /// Characters in a name.
    var nameLength = 256
    /// Rows (or items) of one table (or collection) view, all its sections together: their heights are
    /// read when the data loads, and the row under a touch is found by a binary search over them.
    var containerRows = 1_000_000
    /// Steps in the script.
    var steps = 100_000
    /// Input events the script sends: a tap is two, a drag its steps and two, a typed character two.
    var inputEvents = 200_000
    /// Records in the trace of one run.
    var traceRecords = 1_000_000
    /// Problems reported for one file, after which reading stops.
    var problems = 100

    /// The limits every command uses.
    static let standard = ScenarioLimits()

    /// `1000000` as `1,000,000`.
    static func format(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

extension ScenarioLimits {
    /// The message for reaching `limit` of `what`, saying what stopped.
    static func message(_ limit: Int, _ what: String, stopped: String = "reading stopped here") -> String {
        "limit reached: a scenario may have at most \(format(limit)) \(what); \(stopped) (see Scenarios/README.md, Limits)"
    }
}
