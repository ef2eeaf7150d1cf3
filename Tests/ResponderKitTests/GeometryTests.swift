// View geometry and affine transforms: spec R24.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct GeometryTests {

    // MARK: frame, center, bounds, transform

    @Test func frameIsDerivedFromCenterBoundsSizeAndTransform() {
        let view = UIView(frame: CGRect(x: 75, y: 90, width: 50, height: 20))
        #expect(view.center == CGPoint(x: 100, y: 100))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 50, height: 20))

        view.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(view.frame == CGRect(x: 50, y: 70, width: 100, height: 60))
        #expect(view.bounds.size == CGSize(width: 50, height: 20)) // bounds are untouched by the transform
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(view.frame, CGRect(x: 90, y: 75, width: 20, height: 50)))
        view.transform = CGAffineTransform(translationX: 5, y: -5)
        #expect(view.frame == CGRect(x: 80, y: 85, width: 50, height: 20))
        #expect(view.center == CGPoint(x: 100, y: 100))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -20, y: -15, width: 50, height: 20))
    }

    @Test func settingFrameUnderHalfScaleGivesDoubleBoundsAndReadsBack() {
        let view = UIView(frame: .zero)
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
        #expect(view.bounds.size == CGSize(width: 200, height: 200))
        #expect(view.center == CGPoint(x: 60, y: 70))
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 100))
    }

    @Test func settingFrameUnderTranslationMovesTheCenterAndKeepsTheSize() {
        let view = UIView(frame: .zero)
        view.transform = CGAffineTransform(translationX: 10, y: 5).scaledBy(x: 2, y: 1)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(view.bounds.size == CGSize(width: 50, height: 50))
        #expect(view.center == CGPoint(x: 40, y: 20))
        #expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func settingFrameWithoutTransformSetsSizeAndCenterButKeepsBoundsOrigin() {
        let view = UIView(frame: .zero)
        view.bounds.origin = CGPoint(x: 7, y: 9)
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        #expect(view.bounds == CGRect(x: 7, y: 9, width: 40, height: 30))
        #expect(view.center == CGPoint(x: 30, y: 25))
    }

    @Test func changingBoundsSizeKeepsTheCenterSoTheFrameGrowsAroundIt() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.bounds.size = CGSize(width: 200, height: 50)
        #expect(view.center == CGPoint(x: 50, y: 50))
        #expect(view.frame == CGRect(x: -50, y: 25, width: 200, height: 50))
    }

    @Test func changingBoundsOriginMovesTheContentNotTheView() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: UIApplication())
        let scroller = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let content = UIView(frame: CGRect(x: 0, y: 40, width: 10, height: 10))
        window.addSubview(scroller)
        scroller.addSubview(content)
        #expect(content.convert(CGPoint.zero, to: window) == CGPoint(x: 10, y: 60))

        scroller.bounds.origin = CGPoint(x: 0, y: 30)
        #expect(scroller.frame == CGRect(x: 10, y: 20, width: 100, height: 100))
        #expect(content.frame == CGRect(x: 0, y: 40, width: 10, height: 10))
        #expect(content.convert(CGPoint.zero, to: window) == CGPoint(x: 10, y: 30))
        #expect(scroller.convert(CGPoint(x: 0, y: 30), to: window) == CGPoint(x: 10, y: 20))
    }

    // MARK: Conversion

    @Test func convertGoesThroughEveryAncestorsBoundsOriginAndTransformBothWays() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: UIApplication())
        let outer = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100)) // center (150, 150)
        outer.transform = CGAffineTransform(scaleX: 2, y: 2)
        outer.bounds.origin = CGPoint(x: 10, y: 0)
        let inner = UIView(frame: CGRect(x: 10, y: 0, width: 20, height: 20))       // at outer's visible top-left
        inner.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.addSubview(outer)
        outer.addSubview(inner)

        // inner's center is (20, 10) in outer's bounds: 40 left of and 40 above outer's bounds center (60, 50)…
        // …so 80 left of and 80 above outer's center (150, 150) in the window, after the scale.
        #expect(isClose(inner.convert(CGPoint(x: 10, y: 10), to: window), CGPoint(x: 70, y: 70)))
        // inner's +x axis points down after the quarter turn; the scale doubles it.
        #expect(isClose(inner.convert(CGPoint(x: 15, y: 10), to: window), CGPoint(x: 70, y: 80)))
        #expect(isClose(inner.convert(CGPoint(x: 70, y: 80), from: window), CGPoint(x: 15, y: 10)))
        #expect(isClose(window.convert(CGPoint(x: 70, y: 80), to: inner), CGPoint(x: 15, y: 10)))
        #expect(isClose(inner.convert(CGPoint(x: 70, y: 80), from: nil), CGPoint(x: 15, y: 10)))

        let probe = CGPoint(x: 3, y: 17)
        #expect(isClose(inner.convert(inner.convert(probe, to: outer), from: outer), probe))
    }

    @Test func convertWorksInATreeThatHasNoWindow() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let b = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        b.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        root.addSubview(a)
        root.addSubview(b)
        #expect(a.window == nil)
        #expect(a.convert(CGPoint(x: 0, y: 0), to: nil) == CGPoint(x: 10, y: 10))
        #expect(a.convert(CGPoint(x: 0, y: 0), to: b) == CGPoint(x: -205, y: -205))
        #expect(b.convert(CGPoint(x: -205, y: -205), to: a) == .zero)
    }

    @Test func convertBetweenTwoWindowsMeetsInScreenCoordinates() {
        let app = UIApplication()
        let left = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
        let right = UIWindow(frame: CGRect(x: 200, y: 50, width: 100, height: 100), application: app)
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        right.addSubview(view)
        #expect(view.convert(CGPoint.zero, to: left) == CGPoint(x: 210, y: 60))
        #expect(left.convert(CGPoint(x: 210, y: 60), to: view) == .zero)
    }

    @Test func convertRectGivesTheBoxAroundTheConvertedCorners() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100)) // center (100, 100)
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        parent.addSubview(child)
        let box = child.convert(child.bounds, to: parent)
        let half = 50 * 2.0.squareRoot()
        #expect(isClose(box, CGRect(x: 100 - half, y: 100 - half, width: 2 * half, height: 2 * half), tolerance: 1e-9))
        #expect(isClose(box, child.frame, tolerance: 1e-9))
        #expect(parent.convert(CGRect(x: 50, y: 50, width: 10, height: 10), to: nil) == CGRect(x: 50, y: 50, width: 10, height: 10))
        #expect(isClose(parent.convert(child.frame, to: child).size, CGSize(width: 2 * half * 2.0.squareRoot(), height: 2 * half * 2.0.squareRoot())))
    }

    // MARK: CGAffineTransform

    @Test func concatenatingAppliesTheReceiverFirst() {
        let move = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2))
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 2))
        #expect(move.concatenating(.identity) == move)
        #expect(CGAffineTransform.identity.concatenating(scale) == scale)
    }

    @Test func translatedScaledAndRotatedPrecedeTheReceiver() {
        let base = CGAffineTransform(scaleX: 2, y: 2)
        let p = CGPoint(x: 1, y: 0)
        #expect(p.applying(base.translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 0))
        #expect(p.applying(base.scaledBy(x: 3, y: 1)) == CGPoint(x: 6, y: 0))
        #expect(isClose(p.applying(base.rotated(by: .pi / 2)), CGPoint(x: 0, y: 2)))
        #expect(base.translatedBy(x: 10, y: 0) == CGAffineTransform(translationX: 10, y: 0).concatenating(base))
    }

    @Test func positiveRotationTurnsClockwiseOnScreen() {
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        // With y pointing down, right (1, 0) turns to down (0, 1), and down turns to left.
        #expect(isClose(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1)))
        #expect(isClose(CGPoint(x: 0, y: 1).applying(quarter), CGPoint(x: -1, y: 0)))
        #expect(isClose(CGAffineTransform(rotationAngle: .pi).concatenating(quarter), CGAffineTransform(rotationAngle: 3 * .pi / 2)))
    }

    @Test func invertedUndoesTheTransform() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 5, y: -8)
        let inverse = t.inverted()
        #expect(isClose(t.concatenating(inverse), .identity))
        #expect(isClose(inverse.concatenating(t), .identity))
        let p = CGPoint(x: 12.5, y: -4)
        #expect(isClose(p.applying(t).applying(inverse), p))
        #expect(CGAffineTransform.identity.inverted() == .identity)
    }

    @Test func singularTransformInvertsToItself() {
        let flat = CGAffineTransform(scaleX: 0, y: 2)
        #expect(flat.inverted() == flat)
        let degenerate = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)
        #expect(degenerate.inverted() == degenerate)
    }

    @Test func isIdentityIsTrueOnlyForTheIdentity() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(scaleX: 1, y: 1).isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 0.001).isIdentity)
    }

    // MARK: Rects and sizes

    @Test func rectApplyingGivesTheBoundingBoxOfTheMappedCorners() {
        let square = CGRect(x: 0, y: 0, width: 10, height: 10)
        let rotated = square.applying(CGAffineTransform(rotationAngle: .pi / 4))
        let diagonal = 10 * 2.0.squareRoot()
        #expect(isClose(rotated, CGRect(x: -diagonal / 2, y: 0, width: diagonal, height: diagonal), tolerance: 1e-9))
        #expect(square.applying(CGAffineTransform(scaleX: -2, y: 1)) == CGRect(x: -20, y: 0, width: 20, height: 10))
        #expect(square.applying(CGAffineTransform(translationX: 3, y: 4)) == CGRect(x: 3, y: 4, width: 10, height: 10))
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 3, y: 4)).isNull)
    }

    @Test func sizeApplyingIgnoresTranslation() {
        let size = CGSize(width: 10, height: 20)
        #expect(size.applying(CGAffineTransform(translationX: 100, y: 100)) == size)
        #expect(size.applying(CGAffineTransform(scaleX: -1, y: 2)) == CGSize(width: -10, height: 40))
    }

    @Test func insetByShrinksWithPositiveInsetsAndGrowsWithNegativeOnes() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)) == CGRect(x: 5, y: 15, width: 110, height: 60))
        #expect(rect.inset(by: .zero) == rect)
    }
}
