import Foundation

/// The tracer of the application that is dispatching right now.
///
/// Code deep in the engine (a view's default `hitTest`, a responder's default forwarding) has no
/// handle on its application; the application publishes its tracer here for the length of each
/// dispatch and restores the previous one afterwards, so nested or interleaved applications each
/// trace to their own tracer.
@MainActor
enum TraceContext {
    private(set) static var tracer: EventTracer?
    private static var clock: EventClock?

    static var isActive: Bool { tracer != nil }

    static func record(_ kind: TraceRecord.Kind) {
        guard let tracer, let clock else { return }
        tracer.record(TraceRecord(time: clock.now, kind: kind))
    }

    /// Runs `body` with `application`'s tracer as the active one.
    static func withTracing<T>(of application: UIApplication, _ body: () -> T) -> T {
        let saved = (tracer, clock)
        tracer = application.tracer
        clock = application.clock
        defer { (tracer, clock) = saved }
        return body()
    }
}
