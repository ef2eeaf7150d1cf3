import Foundation

extension Lab {
    /// `responder draw --timeline`: plays the file and writes its timeline as SVG (see `TimelineRenderer`).
    ///
    /// See <doc:TheResponderTool> (`responder draw --timeline`).
    public static func drawTimeline(_ path: String, to output: String, err: (String) -> Void) -> Int32 {
        guard let svg = timelineSVG(path, err: err) else { return 2 }
        return writePicture(svg, to: output, err: err)
    }

    /// `responder draw --timeline --trace`: reads a trace file an application wrote (``CapturedTrace``)
    /// and writes its timeline as SVG. Records alone are enough: `responder run --format json` writes them.
    public static func drawTimeline(trace path: String, to output: String, err: (String) -> Void) -> Int32 {
        guard let trace = readTrace(path, err: err) else { return 2 }
        return writePicture(trace.timeline(title: "Timeline: \((path as NSString).lastPathComponent)"), to: output, err: err)
    }

    /// The SVG text of a scenario run's timeline (for tests and embedding); nil when the file cannot be played.
    public static func timelineSVG(_ path: String, err: (String) -> Void) -> String? {
        guard let run = play(path, err: err) else { return nil }
        let timeline = Timeline(run.recorder.records, end: run.simulator.now)
        return TimelineRenderer(timeline: timeline, title: "Timeline: \(run.scenario.name ?? path)").render()
    }
}
