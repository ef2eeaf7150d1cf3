import Foundation

// Placeholders, replaced when the run loop's modes land: a scroll view calls these as it starts and stops tracking.
extension UIApplication {
    func enterTrackingRunLoopMode() {}
    func exitTrackingRunLoopMode() {}
}
