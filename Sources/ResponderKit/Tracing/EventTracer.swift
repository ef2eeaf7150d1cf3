/// Receives every decision the engine makes, as it makes it.
///
/// Attach one to ``UIApplication/tracer``. With no tracer attached, tracing costs one nil check per
/// decision: records are only built when someone listens.
///
/// See <doc:TracingAndExplain>.
@MainActor
public protocol EventTracer: AnyObject {
    /// Called once per decision, in the order the decisions are made. The record is handed over
    /// (`consuming`): a tracer that keeps it stores it without copying it.
    func record(_ record: consuming TraceRecord)
}
