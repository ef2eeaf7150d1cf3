import Foundation

/// The table of thresholds that UIKit does not document (R19), with where each value comes from.
///
/// | threshold | default | provenance |
/// | --- | --- | --- |
/// | ``multiTapInterval`` | 0.35 s | chosen: close to the double-tap interval measured on devices |
/// | ``multiTapSlop`` | 45 pt | chosen: how far a repeated tap may land from the previous one |
///
/// Documented values (the long press's 0.5 s and 10 pt) are the recognizers' own defaults, not listed here.
public struct Thresholds: Sendable, Equatable {
    /// The longest time from one touch's lift-off to the next touch-down for the two to count as
    /// repeated taps (``UITouch/tapCount``, R23).
    public var multiTapInterval: TimeInterval
    /// The farthest a touch may land from the previous tap and still count as a repeat (R23).
    public var multiTapSlop: CGFloat

    /// The defaults described in the table.
    public static let standard = Thresholds(multiTapInterval: 0.35, multiTapSlop: 45)

    /// Creates a table; every value can differ from the defaults.
    public init(multiTapInterval: TimeInterval, multiTapSlop: CGFloat) {
        self.multiTapInterval = multiTapInterval
        self.multiTapSlop = multiTapSlop
    }
}
