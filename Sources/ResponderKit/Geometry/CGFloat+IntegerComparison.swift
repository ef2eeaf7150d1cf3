import Foundation

// Comparing a `CGFloat` with an integer, `height == 80 + 39 * 50`, compiles without any conversion when
// the integer's type is left to inference (as in a generic helper such as `#expect`): both sides become
// `AnyHashable`. On Apple platforms `AnyHashable` compares numbers of different types by value (they
// bridge to `NSNumber`), so the comparison is true; Foundation on Linux compares their types too, and it
// is false. These overloads, only where Darwin is absent, compare by value, as Apple platforms do. They
// are generic, so a comparison whose literal can be a `CGFloat` (`height == 80`) still picks the plain
// `CGFloat` operator.
#if !canImport(Darwin)
/// Whether a `CGFloat` and an integer have the same value.
public func == <Integer: BinaryInteger>(lhs: CGFloat, rhs: Integer) -> Bool { lhs == CGFloat(rhs) }
/// Whether an integer and a `CGFloat` have the same value.
public func == <Integer: BinaryInteger>(lhs: Integer, rhs: CGFloat) -> Bool { CGFloat(lhs) == rhs }
/// Whether a `CGFloat` and an integer have different values.
public func != <Integer: BinaryInteger>(lhs: CGFloat, rhs: Integer) -> Bool { lhs != CGFloat(rhs) }
/// Whether an integer and a `CGFloat` have different values.
public func != <Integer: BinaryInteger>(lhs: Integer, rhs: CGFloat) -> Bool { CGFloat(lhs) != rhs }
#endif
