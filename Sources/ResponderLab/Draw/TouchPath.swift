import Foundation
import ResponderKit

/// One touch's life as a trace records it: where its finger went on the screen, when, and the view
/// and window it was bound to. Read from the records alone, so any trace can be drawn.
struct TouchPath {
    var finger: Int
    /// The index of the input record it began in.
    var inputIndex: Int
    /// Each sample: its time and where the finger was, in the screen's coordinates.
    var points: [(time: TimeInterval, point: CGPoint)]
    /// The view and window it was bound to; nil when no window took it.
    var view: TraceSubject?
    var window: TraceSubject?
    /// Whether it ended (lifted or was cancelled) within the trace.
    var ended = false

    var start: TimeInterval { points[0].time }

    /// Where the finger was at `time`: its last sample at or before it.
    func point(at time: TimeInterval) -> CGPoint {
        points.last { $0.time <= time + 1e-9 }?.point ?? points[0].point
    }

    /// Every touch of `records`, in the order they began. A finger number can come back after it
    /// lifted: each began starts a new touch.
    static func paths(in records: [TraceRecord]) -> [TouchPath] {
        var paths: [TouchPath] = []
        var open: [Int: Int] = [:]
        for (index, record) in records.enumerated() {
            switch record.kind {
            case .input(let input):
                for sample in input.touchSamples {
                    if sample.phase == .began {
                        open[sample.finger] = paths.count
                        paths.append(TouchPath(finger: sample.finger, inputIndex: index, points: [(record.time, sample.location)]))
                    } else if let path = open[sample.finger] {
                        paths[path].points.append((record.time, sample.location))
                        if sample.phase == .ended || sample.phase == .cancelled {
                            paths[path].ended = true
                            open[sample.finger] = nil
                        }
                    }
                }
            case .touchBound(let finger, let view, let window, _):
                if let path = open[finger] {
                    paths[path].view = view
                    paths[path].window = window
                }
            default:
                break
            }
        }
        return paths
    }
}
