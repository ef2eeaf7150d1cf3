import Foundation

/// The arbiter's record of a pointer's hover, scroll or transform (``PointerInput``): the recognizers
/// it is fed to (U1–U3).
///
/// Like a touch's record, its fields are read anywhere but written only here, by the steps below.
@MainActor
struct PointerRecord {
    /// Recognizers that take the gesture, in the order they are fed: for a scroll or a transform, those
    /// that accepted it as it began (R5); for a hover, those whose views it is over.
    private(set) var receivers: [UIGestureRecognizer] = []

    /// `recognizer` takes it.
    mutating func join(_ recognizer: UIGestureRecognizer) {
        receivers.append(recognizer)
    }

    /// `recognizer` no longer takes it (a hover left its view).
    mutating func leave(_ recognizer: UIGestureRecognizer) {
        receivers.removeObject(recognizer)
    }

    /// The recognizers whose record carries `stamp` (reset, or removed from their view) leave it.
    mutating func leaveMarked(_ stamp: Int) {
        receivers.removeRecognizers(marked: stamp)
    }

    /// The gesture is over: nobody takes it any more.
    mutating func clear() {
        receivers.removeAllKeepingStorage()
    }
}
