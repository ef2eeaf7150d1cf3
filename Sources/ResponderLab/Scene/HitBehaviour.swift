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

    /// `point(inside:)` with the insets applied to the bounds, if any.
    @MainActor
    func pointInside(_ view: UIView, _ point: CGPoint, _ fallback: () -> Bool) -> Bool {
        guard let insets = pointInsideInsets else { return fallback() }
        return view.bounds.inset(by: insets).contains(point)
    }

    /// `hitTest` that returns the view itself (hiding its subviews) when it intercepts and takes the point.
    @MainActor
    func hitTest(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, _ fallback: () -> UIView?) -> UIView? {
        let result = fallback()
        guard interceptsHitTesting, let result, result !== view else { return result }
        return view
    }

    @MainActor
    func shouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        !vetoes.contains(recognizer.name ?? "")
    }
}

/// A scenario view, of any kind, with its hit behaviours: snapshots of the scene read the insets its
/// `point(inside:with:)` applies.
@MainActor
protocol HasHitBehaviour: AnyObject {
    var behaviour: HitBehaviour { get }
}

extension ScenarioView: HasHitBehaviour {}
extension ScenarioButton: HasHitBehaviour {}
extension ScenarioSwitch: HasHitBehaviour {}
extension ScenarioSlider: HasHitBehaviour {}
extension ScenarioTextField: HasHitBehaviour {}
extension ScenarioScrollView: HasHitBehaviour {}
