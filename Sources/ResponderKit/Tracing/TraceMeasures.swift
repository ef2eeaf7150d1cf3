import Foundation

// How a length or an angle is written into a recognizer's reason.

/// A length or angle as traces print it: to a tenth, integers without a fraction.
func format(_ value: CGFloat) -> String { TraceRecord.number((value * 10).rounded() / 10) }

/// A measure and the limit it passed, as traces print `value > limit`: as ``format(_:)`` writes them, or,
/// when that shows two equal numbers (0.104 rad past 0.1 rad), with as many more decimals as it takes
/// to show the difference (up to six).
func format(_ value: CGFloat, past limit: CGFloat) -> (value: String, limit: String) {
    var pair = (value: format(value), limit: format(limit))
    guard pair.value == pair.limit, value != limit else { return pair }
    for decimals in 2...6 {
        pair = (String(format: "%.\(decimals)f", Double(value)), String(format: "%.\(decimals)f", Double(limit)))
        if pair.value != pair.limit { break }
    }
    return pair
}
