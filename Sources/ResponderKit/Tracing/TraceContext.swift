import Foundation

/// The tracer of the application that is dispatching right now.
///
/// Code deep in the engine (a view's default `hitTest`, a responder's default forwarding) has no
/// handle on its application; the application publishes its tracer here for the length of each
/// dispatch and restores the previous one afterwards, so nested or interleaved applications each
/// trace to their own tracer.
@MainActor
enum TraceContext {
    // Dispatch reads the active tracer on every event. It is marked
    // `@exclusivity(unchecked)`: the runtime's exclusivity check on each access costs more than the
    // access itself, and no access to these properties ever overlaps a mutation of the same property
    // (they are read, assigned, or edited in place by code that does not read them back).

    @exclusivity(unchecked) private(set) static var tracer: EventTracer?
    @exclusivity(unchecked) private static var clock: EventClock?

    static var isActive: Bool { tracer != nil }

    static func record(_ kind: TraceRecord.Kind) {
        guard let tracer, let clock else { return }
        tracer.record(TraceRecord(time: clock.traceTime, kind: kind))
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
