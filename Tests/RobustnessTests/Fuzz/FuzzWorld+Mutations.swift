// Changes to the scene between events (and, through the handlers, during them): views added, removed,
// moved, hidden, transformed; recognizers added, removed, disabled, related; windows shown and hidden;
// first responders, presentations and child controllers changed.

import Foundation
@testable import ResponderKit

extension FuzzWorld {

    func mutate() {
        mutations += 1
        let attached = attachedViews().filter { !($0 is UIWindow) }
        // Ignoring interaction events stops all touch input: keep those stretches short.
        // Likewise stretches with every window hidden.
        let choice = ignoringDepth > 0 && rng.chance(0.5) ? 20
            : !windows.contains(where: { !$0.isHidden }) && rng.chance(0.5) ? 15 : rng.int(0...25)
        switch choice {
        case 0, 1:
            guard let view = rng.maybePick(attached) else { return describe("mutation: nothing to remove") }
            describe("remove \(name(view)) from its superview")
            view.removeFromSuperview()
        case 2, 3:
            let parent = rng.pick(attachedViews())
            if rng.chance(0.6), let detached = rng.maybePick(views.filter { $0.superview == nil && $0.owningViewController == nil }) {
                describe("re-add \(name(detached)) to \(name(parent))")
                parent.addSubview(detached)
            } else if views.count < config.maxViews + 60 {
                let view = makeView(in: parent.bounds)
                describe("add new \(name(view)) to \(name(parent))")
                parent.insertSubview(view, at: rng.int(0...parent.subviews.count))
            }
        case 4:
            guard let view = rng.maybePick(attached) else { return }
            let parents = attachedViews().filter { !$0.isDescendant(of: view) }
            guard let parent = rng.maybePick(parents) else { return }
            describe("move \(name(view)) into \(name(parent))")
            parent.addSubview(view)
        case 5:
            guard let view = rng.maybePick(attached) else { return }
            describe("\(view.isHidden ? "show" : "hide") \(name(view))")
            view.isHidden.toggle()
        case 6:
            guard let view = rng.maybePick(attached) else { return }
            describe("change geometry of \(name(view))")
            switch rng.int(0...3) {
            case 0: view.frame = randomFrame(in: view.superview?.bounds ?? .zero)
            case 1: view.transform = randomTransform()
            case 2: view.bounds.origin = CGPoint(x: rng.double(-60...60), y: rng.double(-60...60))
            default: view.center = CGPoint(x: view.center.x + rng.double(-40...40), y: view.center.y + rng.double(-40...40))
            }
        case 7:
            guard let view = rng.maybePick(attached) else { return }
            describe("change alpha or interaction of \(name(view))")
            if rng.chance(0.5) { view.alpha = rng.pick([1, 0, 0.01, 0.02]) } else { view.isUserInteractionEnabled.toggle() }
        case 8:
            guard let view = rng.maybePick(attachedViews()) else { return }
            describe("toggle touch flags of \(name(view))")
            if rng.chance(0.5) {
                view.isExclusiveTouch.toggle()
            } else {
                view.isMultipleTouchEnabled.toggle()
                (view as? Probed)?.probe.touches.multipleTouchWasToggled = true
            }
        case 9:
            guard let control = rng.maybePick(attached.compactMap { $0 as? UIControl }) else { return }
            describe("toggle isEnabled of \(name(control))")
            control.isEnabled.toggle()
        case 10, 11:
            guard let view = rng.maybePick(attachedViews()) else { return }
            let recognizer = makeRecognizer()
            describe("add \(recognizer.name!) to \(name(view))")
            if rng.chance(0.3), let other = rng.maybePick(recognizers.filter { $0 !== recognizer }) { addRelation(recognizer, other) }
            if rng.chance(0.3), let other = rng.maybePick(recognizers.filter { $0 !== recognizer }) { addRelation(other, recognizer) }
            view.addGestureRecognizer(recognizer)
        case 12:
            guard let recognizer = rng.maybePick(recognizers.filter { $0.view != nil }) else { return }
            describe("remove \(recognizer.name!) from its view")
            recognizer.view?.removeGestureRecognizer(recognizer)
        case 13:
            guard let recognizer = rng.maybePick(recognizers) else { return }
            describe("toggle isEnabled of \(recognizer.name!)")
            recognizer.isEnabled.toggle()
        case 14:
            guard let recognizer = rng.maybePick(recognizers), let view = rng.maybePick(attachedViews()) else { return }
            describe("move \(recognizer.name!) to \(name(view))")
            view.addGestureRecognizer(recognizer)
        case 15:
            let hidden = windows.filter(\.isHidden)
            guard let window = rng.chance(0.7) ? (rng.maybePick(hidden) ?? rng.maybePick(windows)) : rng.maybePick(windows) else { return }
            describe("\(window.isHidden ? "show" : "hide") window \(name(window))")
            if window.isHidden {
                if rng.chance(0.5) { window.makeKeyAndVisible() } else { window.isHidden = false }
            } else {
                window.isHidden = true
            }
        case 16:
            guard let window = rng.maybePick(windows) else { return }
            describe("make \(name(window)) key or change its level")
            if rng.chance(0.5) { window.makeKey() } else { window.windowLevel = UIWindow.Level(rawValue: rng.double(-5...2000)) }
        case 17:
            guard let responder = rng.maybePick(responders()) else { return }
            describe("first responder: \(name(responder))")
            if rng.chance(0.7) { _ = responder.becomeFirstResponder() } else { _ = responder.resignFirstResponder() }
        case 18:
            presentOrDismiss()
        case 19:
            guard let parent = rng.maybePick(controllers.filter { $0.viewIfLoaded?.window != nil }) else { return }
            if let child = rng.maybePick(parent.children), rng.chance(0.5) {
                describe("remove child \(name(child)) of \(name(parent))")
                child.willMove(toParent: nil)
                child.view.removeFromSuperview()
                child.removeFromParent()
            } else {
                let child = makePresentable()
                describe("add child \(name(child)) to \(name(parent))")
                parent.addChild(child)
                child.view.frame = randomFrame(in: parent.view.bounds)
                parent.view.addSubview(child.view)
                child.didMove(toParent: parent)
            }
        case 20:
            if ignoringDepth > 0 {
                describe("end ignoring interaction events")
                ignoringDepth -= 1
                app.endIgnoringInteractionEvents()
            } else if rng.chance(0.3) {
                describe("begin ignoring interaction events")
                ignoringDepth += 1
                app.beginIgnoringInteractionEvents()
            }
        case 21:
            describe("toggle remote control")
            if app.isReceivingRemoteControlEvents { app.endReceivingRemoteControlEvents() } else { app.beginReceivingRemoteControlEvents() }
        case 23, 24:
            changeNavigation()
        case 22:
            guard let window = rng.maybePick(windows) else { return }
            let controller = makePresentable()
            describe("set \(name(controller)) as root of \(name(window))")
            // A window's old root controller keeps its view only if another window does not take it.
            window.rootViewController = controller
        default:
            guard recognizers.count >= 2 else { return }
            let a = rng.pick(recognizers), b = rng.pick(recognizers)
            guard a !== b else { return }
            describe("relate \(a.name!) and \(b.name!)")
            addRelation(a, b)
        }
    }

    func presentOrDismiss() {
        let presenting = controllers.filter { $0.presentedViewController != nil }
        if let presenter = rng.maybePick(presenting), rng.chance(0.5) {
            describe("dismiss what \(name(presenter)) presents")
            presenter.dismiss(animated: rng.chance(0.5))
        } else if let presenter = rng.maybePick(controllers.filter { $0.viewIfLoaded?.window != nil }) {
            let presented = makePresentable()
            describe("\(name(presenter)) presents \(name(presented))")
            present(presented, from: presenter)
        }
    }

    /// Presents `presented`, and names the recognizers the presentation installs (a sheet's pan), so that
    /// the trace can follow each apart from the others of its kind.
    func present(_ presented: UIViewController, from presenter: UIViewController) {
        presented.modalPresentationStyle = rng.pick([.automatic, .pageSheet, .formSheet, .fullScreen, .overFullScreen])
        presenter.present(presented, animated: rng.chance(0.5))
        for recognizer in presented.presentationController?.presentedView?.gestureRecognizers ?? []
        where recognizer.name == "_UISheetInteractionBackgroundDismissRecognizer" {
            let name = nextName("sheet")
            recognizer.name = name
            tracer.register(recognizer, as: name)
        }
    }

    func name(_ object: AnyObject) -> String {
        if let view = object as? UIView { return view.accessibilityIdentifier ?? "\(type(of: view))" }
        if let controller = object as? UIViewController { return controller.title ?? "\(type(of: controller))" }
        if let recognizer = object as? UIGestureRecognizer { return recognizer.name ?? "\(type(of: recognizer))" }
        return "\(type(of: object))"
    }
}
