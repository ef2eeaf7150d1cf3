import Foundation

extension Lab {
    /// `responder draw`: plays the file and writes an SVG picture of the scene at `time`.
    ///
    /// See <doc:TheResponderTool> (`responder draw`).
    public static func draw(_ path: String, at time: Double?, to output: String, err: (String) -> Void) -> Int32 {
        guard let run = play(path, err: err) else { return 2 }
        return writePicture(SVGRenderer(run: run).render(at: time), to: output, err: err)
    }

    /// Writes a picture the lab drew: 0, or 2 with the reason when the file cannot be written.
    static func writePicture(_ svg: String, to output: String, err: (String) -> Void) -> Int32 {
        do {
            try svg.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            err("\(output): cannot write the picture: \(error.localizedDescription)")
            return 2
        }
        return 0
    }

    /// The SVG text of a scenario's picture (for tests and embedding).
    public static func svg(_ path: String, at time: Double?, err: (String) -> Void) -> String? {
        svg(path, at: time, limits: .standard, err: err)
    }

    /// `svg` within `limits` (tests use smaller ones).
    static func svg(_ path: String, at time: Double?, limits: ScenarioLimits, err: (String) -> Void) -> String? {
        guard let run = play(path, limits: limits, err: err) else { return nil }
        return SVGRenderer(run: run).render(at: time)
    }
}
