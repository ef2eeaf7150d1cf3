import Foundation
import ResponderKit

/// The hit-testing and first-responder behaviours any scenario view can have, whatever its kind.
struct HitBehaviour {
    var pointInsideInsets: UIEdgeInsets?
    var interceptsHitTesting = false
    var canBecomeFirstResponder = false
    var vetoes: Set<String> = []

    init(_ spec: ViewSpec) {
        pointInsideInsets = spec.pointInsideInsets
        interceptsHitTesting = spec.interceptsHitTesting
        canBecomeFirstResponder = spec.canBecomeFirstResponder
        vetoes = Set(spec.vetoes.map(\.name))
    }

    init() {}
}

/// A scenario view, of any kind, with its hit behaviours. The behaviours are written here once, for
/// every kind. Swift shares no override between classes whose superclasses differ, so each kind's
/// class (``ScenarioView``, the controls in ScenarioControls.swift, ``ScenarioScrollView``,
/// ``ScenarioTable``, ``ScenarioCollection``) declares the four overrides, each of which hands its
/// superclass's answer to the method of the same name here. Snapshots of the scene read the insets
/// `point(inside:with:)` applies.
@MainActor
protocol HasHitBehaviour: UIView {
    var behaviour: HitBehaviour { get }
}

extension HasHitBehaviour {
    /// `point(inside:with:)`: the bounds with the insets applied, if any, else the superclass's answer.
    func behavedPoint(inside point: CGPoint, inherited: () -> Bool) -> Bool {
        guard let insets = behaviour.pointInsideInsets else { return inherited() }
        return bounds.inset(by: insets).contains(point)
    }

    /// `hitTest(_:with:)`: the superclass's answer, except that a view that intercepts hit-testing
    /// answers itself for a point one of its subviews takes.
    func behavedHitTest(inherited: () -> UIView?) -> UIView? {
        let result = inherited()
        guard behaviour.interceptsHitTesting, let result, result !== self else { return result }
        return self
    }

    /// `canBecomeFirstResponder`: true when the file says so, else the superclass's answer.
    func behavedCanBecomeFirstResponder(inherited: Bool) -> Bool {
        behaviour.canBecomeFirstResponder || inherited
    }

    /// `gestureRecognizerShouldBegin(_:)`: false for the recognizers the view vetoes, else the
    /// superclass's answer.
    func behavedShouldBegin(_ recognizer: UIGestureRecognizer, inherited: () -> Bool) -> Bool {
        !behaviour.vetoes.contains(recognizer.name ?? "") && inherited()
    }
}
