import Foundation

// Comparing a `CGFloat` with an `Int`, `height == 80 + 39 * 50`, compiles without any conversion when
// the integer's type is left to inference (as in a generic helper such as `#expect`): both sides become
// `AnyHashable`. On Apple platforms `AnyHashable` compares numbers of different types by value (they
// bridge to `NSNumber`), so the comparison is true; Foundation on Linux compares their types too, and it
// is false. These overloads, only where Darwin is absent, compare by value, as Apple platforms do.
//
// They are concrete and inlinable: a generic `BinaryInteger` version made every comparison of a
// `CGFloat` with an integer literal (`x == 0`, which now picks these) go through the generic
// conversion, some 60 instructions per touch move of the engine. Inlined, the literal folds into a
// plain floating-point comparison.
#if !canImport(Darwin)
/// Whether a `CGFloat` and an `Int` have the same value.
@inlinable public func == (lhs: CGFloat, rhs: Int) -> Bool { lhs == CGFloat(rhs) }
/// Whether an `Int` and a `CGFloat` have the same value.
@inlinable public func == (lhs: Int, rhs: CGFloat) -> Bool { CGFloat(lhs) == rhs }
/// Whether a `CGFloat` and an `Int` have different values.
@inlinable public func != (lhs: CGFloat, rhs: Int) -> Bool { lhs != CGFloat(rhs) }
/// Whether an `Int` and a `CGFloat` have different values.
@inlinable public func != (lhs: Int, rhs: CGFloat) -> Bool { CGFloat(lhs) != rhs }
#endif
