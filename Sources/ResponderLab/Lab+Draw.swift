import Foundation

extension Lab {
    /// `responder draw`: plays the file and writes an SVG picture of the scene at `time`.
    ///
    /// See <doc:TheResponderTool> (`responder draw`).
    public static func draw(_ path: String, at time: Double?, to output: String, err: (String) -> Void) -> Int32 {
        guard let svg = svg(path, at: time, err: err) else { return 2 }
        return writePicture(svg, to: output, err: err)
    }

    /// `responder draw --trace`: reads a trace file an application wrote (``CapturedTrace``) and writes
    /// an SVG picture of its scene at `time`.
    ///
    /// See <doc:TheResponderTool> (`responder draw --trace`).
    public static func draw(trace path: String, at time: Double?, to output: String, err: (String) -> Void) -> Int32 {
        guard let trace = readTrace(path, err: err) else { return 2 }
        let svg: String
        do {
            svg = try trace.picture(at: time)
        } catch {
            err("\(path): \(error)")
            return 2
        }
        return writePicture(svg, to: output, err: err)
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
        return SVGRenderer(records: run.recorder.records, history: run.sceneHistory).render(at: time)
    }

    /// Reads a trace file, reporting why it cannot be read; nil then. Objects of kinds this version
    /// does not know are left out, and said so.
    static func readTrace(_ path: String, err: (String) -> Void) -> CapturedTrace? {
        do {
            let trace = try CapturedTrace(contentsOf: path)
            if trace.skippedObjects > 0 {
                err("\(path): \(trace.skippedObjects) object\(trace.skippedObjects == 1 ? "" : "s") of kinds this version does not know were left out (a newer writer's)")
            }
            return trace
        } catch {
            err("\(path):\(error.line.map { "\($0):" } ?? "") \(error.message)")
            return nil
        }
    }
}
