import Foundation

extension UIApplication {
    /// The time a trace record made now would carry: virtual time as it is, or real time counted from
    /// when the application's loop started. Something kept alongside a trace (a snapshot of the
    /// windows, a note) is stamped with it, so that it can be placed among the records.
    ///
    /// See <doc:TracingAndExplain>.
    public var traceTime: TimeInterval { clock.traceTime }
}
