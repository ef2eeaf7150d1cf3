// A generated scene: random windows, controllers, view trees, controls and recognizers, built from one
// seed, then driven one event at a time with its invariants checked after each.

import Foundation
@testable import ResponderKit

/// The recognizers' and buttons' action target. It holds the world weakly (targets are held weakly too).
@MainActor
final class FuzzActionTarget {
    weak var world: FuzzWorld?
    func fired(_ recognizer: UIGestureRecognizer) { world?.recognizerFired(recognizer) }
    func buttonUp(_ control: UIControl) { world?.buttonFired(control) }
}

/// A delegate with random answers: some fixed relations (simultaneity, failure requirements in both
/// directions, possibly cyclic) and coin-flip answers to the questions asked once per attempt.
@MainActor
final class FuzzDelegate: UIGestureRecognizerDelegate {
    weak var world: FuzzWorld?
    var beginProbability = 1.0
    var receiveEventProbability = 1.0
    var receiveTouchProbability = 1.0
    var receivePressProbability = 1.0
    var simultaneous: [Weak<UIGestureRecognizer>] = []
    var requiresFailureOf: [Weak<UIGestureRecognizer>] = []
    var requiredToFailBy: [Weak<UIGestureRecognizer>] = []

    private func coin(_ p: Double) -> Bool {
        if p >= 1 { return true }
        if p <= 0 { return false }
        return world?.rng.chance(p) ?? true
    }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { coin(beginProbability) }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool { coin(receiveEventProbability) }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { coin(receiveTouchProbability) }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool { coin(receivePressProbability) }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        simultaneous.contains { $0.object === other }
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        requiresFailureOf.contains { $0.object === other }
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        requiredToFailBy.contains { $0.object === other }
    }
}

@MainActor
final class FuzzWorld: ProbeHost {
    struct Config {
        /// The most views in the generated trees (windows excluded).
        var maxViews = 200
        /// The deepest a view may sit below its window.
        var maxDepth = 8
        /// Re-entrant behaviours switched on; nil: a random subset.
        var reentrancy: Set<Reentrancy>?
        /// How often an enabled re-entrant behaviour fires when its moment comes.
        var hookProbability = 0.2
        /// The share of steps that mutate the hierarchy instead of sending input.
        var mutationRate = 0.12
        /// Whether to note every object, touch and event for leak checks.
        var trackLeaks = false
        /// Whether to attach the checking tracer (off only for raw speed measurements).
        var trace = true
        /// The share of steps that also send a pointer's, trackpad's, pencil's or keyboard's input
        /// (section U), drawn from a generator of their own so that the rest of a seed's run is drawn
        /// as before; 0 leaves the scene and its input as they were before modern input.
        var modernInputRate = 0.08
    }

    let seed: UInt64
    var rng: SplitMix64
    let config: Config
    let ledger = Ledger()
    let app = ProbeApplication()
    let sim: EventSimulator
    let tracer: InvariantTracer
    let leaks = LeakRegistry()
    let target = FuzzActionTarget()
    let reentrancy: Set<Reentrancy>

    private(set) var windows: [ProbeWindow] = []
    private(set) var views: [UIView] = []
    private(set) var controllers: [ProbeController] = []
    private(set) var recognizers: [UIGestureRecognizer] = []
    /// Scroll views of the scene (see FuzzWorld+ScrollViews.swift), and the generator of their choices.
    var scrollViews: [FuzzScrollView] = []
    var scrollRng: SplitMix64
    /// Tables and collections of the scene (see FuzzWorld+Containers.swift), and the generator of their choices.
    var containers: [UIScrollView] = []
    var containerRng: SplitMix64
    /// The generator of modern input and of the scene's settings for it (see FuzzWorld+ModernInput.swift).
    var modernRng: SplitMix64
    /// What the fake pointer, trackpad and pencil have under way.
    var modern = ModernInputState()
    private var delegates: [FuzzDelegate] = []
    private var counter = 0

    // Input state: what the fake hardware has down.
    var fingers: [Int: CGPoint] = [:]
    var pressedButtons: Set<Int> = []
    var pressedKeys: [Int: HIDEvent.KeyDescription] = [:]
    var motionActive = false
    var ignoringDepth = 0
    var queue: [Primitive] = []

    // Re-entrancy bookkeeping.
    var handlerDepth = 0
    var expectedPosts: [String] = []

    // Figures.
    var inputEvents = 0
    var mutations = 0
    var steps = 0
    var hooksFired: [Reentrancy: Int] = [:]
    var recognizedCount = 0

    init(seed: UInt64, config: Config = Config()) {
        self.seed = seed
        self.config = config
        rng = SplitMix64(seed: seed)
        scrollRng = SplitMix64(seed: seed ^ 0x5C7011)
        containerRng = SplitMix64(seed: seed ^ 0x7AB1E5)
        modernRng = SplitMix64(seed: seed ^ 0x0D4E5C)
        sim = EventSimulator(application: app)
        tracer = InvariantTracer(ledger: ledger)
        if let fixed = config.reentrancy {
            reentrancy = fixed
        } else {
            var generator = SplitMix64(seed: seed ^ 0x5EED)
            reentrancy = Set(Reentrancy.allCases.filter { _ in generator.chance(0.5) })
        }
        app.host = self
        target.world = self
        note(target, "the action target")
        note(tracer, "the tracer")
        note(sim, "the simulator")
        if config.trace { app.tracer = tracer }
        tracer.register(app, as: "UIApplication")
        for name in ["FuzzActionTarget", "ControlEventLedger"] { tracer.allow(name) }
        // The views and recognizers containers make for themselves, under UIKit's names: one per
        // presentation or navigation controller, so several may share a name.
        for name in ["UITransitionView", "UIDropShadowView",
                     "UILayoutContainerView", "UINavigationTransitionView", "UIViewControllerWrapperView",
                     "interactivePopGestureRecognizer", "SheetInteraction", "NavigationInteractivePop"] { tracer.allow(name) }
        tracer.onInput = { [weak self] text in self?.inputTaken(text) }
        note(app, "application")
        note(app.touchEvent, "the touch event")
        note(app.pressesEvent, "the presses event")
        build()
        if config.modernInputRate > 0 { prepareForModernInput() }
    }

    // MARK: Names and bookkeeping

    func nextName(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    func note(_ object: AnyObject, _ what: @autoclosure () -> String) {
        if config.trackLeaks { leaks.note(object, what()) }
    }

    func probeSawTouches(_ touches: Set<UITouch>, event: UIEvent?) {
        guard config.trackLeaks else { return }
        for touch in touches { leaks.note(touch, "touch #\(touch.finger)") }
        if let event { leaks.note(event, "an event") }
    }

    func probeSawPresses(_ presses: Set<UIPress>, event: UIPressesEvent?) {
        guard config.trackLeaks else { return }
        for press in presses { leaks.note(press, "a press") }
        if let event { leaks.note(event, "a presses event") }
    }

    func enabled(_ option: Reentrancy) -> Bool { reentrancy.contains(option) }

    // MARK: Building the scene

    private func build() {
        let windowCount = rng.int(1...3)
        var budget: Int
        switch rng.double(0...1) {
        case ..<0.45: budget = rng.int(1...20)
        case ..<0.8: budget = rng.int(20...80)
        default: budget = rng.int(80...config.maxViews)
        }
        budget = min(budget, config.maxViews)
        // Containers views may be added to, with their depth below the window.
        var containers: [(view: UIView, depth: Int)] = []
        for _ in 0..<windowCount {
            let window = makeWindow()
            containers.append((window, 0))
            if rng.chance(0.5) {
                let controller = makeController()
                window.rootViewController = controller
                containers.append((controller.view, 1))
                for _ in 0..<(rng.chance(0.3) ? rng.int(1...2) : 0) {
                    let child = makeController()
                    controller.addChild(child)
                    controller.view.addSubview(child.view)
                    child.view.frame = randomFrame(in: controller.view.bounds)
                    child.didMove(toParent: controller)
                    containers.append((child.view, 2))
                }
            }
        }
        while budget > 0 {
            let candidates = containers.filter { $0.depth < config.maxDepth }
            // Favour recent containers a little, so trees grow deep as well as wide.
            let index = rng.chance(0.5) ? max(0, candidates.count - rng.int(1...min(4, candidates.count))) : rng.int(0...(candidates.count - 1))
            let parent = candidates[index]
            let view = makeView(in: parent.view.bounds)
            parent.view.addSubview(view)
            containers.append((view, parent.depth + 1))
            budget -= 1
        }
        for window in windows where rng.chance(0.85) { window.isHidden = false }
        if let key = rng.maybePick(windows.filter { !$0.isHidden }) { key.makeKey() }
        for controller in controllers where controller.parent == nil && rng.chance(0.15) {
            present(makePresentable(), from: controller)
        }
        wireRecognizers()
        if rng.chance(0.7) { app.beginReceivingRemoteControlEvents() }
        if rng.chance(0.5), let responder = rng.maybePick(responders()) { _ = responder.becomeFirstResponder() }
    }

    private func makeWindow() -> ProbeWindow {
        let name = nextName("w")
        let frame = CGRect(x: rng.chance(0.6) ? 0 : rng.double(-20...80), y: rng.chance(0.6) ? 0 : rng.double(-20...120),
                           width: rng.double(120...420), height: rng.double(200...760))
        let window = ProbeWindow(name: name, frame: frame, application: app)
        window.probe.host = self
        window.stopsEvents = rng.chance(0.1)
        window.acceptsFirstResponder = rng.chance(0.1)
        window.windowLevel = rng.pick([.normal, .normal, .statusBar, .alert, UIWindow.Level(rawValue: rng.double(-10...10))])
        if rng.chance(0.1) { window.isMultipleTouchEnabled = true }
        windows.append(window)
        tracer.register(window, as: name)
        if rng.chance(0.2) { window.addGestureRecognizer(makeRecognizer()) }
        note(window, "window \(name)")
        return window
    }

    func makeController() -> ProbeController {
        let name = nextName("c")
        let controller = ProbeController(name: name)
        controller.probe.host = self
        controller.stopsEvents = rng.chance(0.2)
        controller.acceptsFirstResponder = rng.chance(0.2)
        let root = ProbeView(name: nextName("v"), frame: .zero)
        configure(root)
        root.isHidden = false
        root.alpha = 1
        root.isUserInteractionEnabled = true
        controller.view = root
        registerView(root)
        if rng.chance(0.3) { root.addGestureRecognizer(makeRecognizer()) }
        controllers.append(controller)
        tracer.register(controller, as: name)
        note(controller, "controller \(name)")
        return controller
    }

    /// A controller with a small tree of its own, for presentations.
    func makePresentable() -> ProbeController {
        let controller = makeController()
        for _ in 0..<rng.int(0...4) {
            let parent = rng.pick([controller.view!] + controller.view.subviews)
            parent.addSubview(makeView(in: parent.bounds))
        }
        return controller
    }

    func registerView(_ view: UIView) {
        views.append(view)
        tracer.register(view, as: view.accessibilityIdentifier!)
        note(view, "view \(view.accessibilityIdentifier!)")
        if let control = view as? ProbedControl { control.controlLedger.host = self }
    }

    func randomFrame(in bounds: CGRect) -> CGRect {
        let w = max(1, bounds.width), h = max(1, bounds.height)
        if rng.chance(0.85) {
            // Inside the parent, where touches can reach it (A5).
            let fx = rng.double(0...0.8), fy = rng.double(0...0.8)
            let fw = rng.double(0.1...(1 - fx)), fh = rng.double(0.1...(1 - fy))
            return CGRect(x: bounds.minX + fx * w, y: bounds.minY + fy * h, width: fw * w, height: fh * h)
        }
        // Anywhere near it, partly outside, or empty.
        return CGRect(x: bounds.minX + rng.double(-0.3...1.1) * w, y: bounds.minY + rng.double(-0.3...1.1) * h,
                      width: rng.chance(0.1) ? 0 : rng.double(0...1.2) * w, height: rng.double(0...1.2) * h)
    }

    /// A new view of a random kind, configured at random, with recognizers now and then.
    func makeView(in bounds: CGRect) -> UIView {
        let name = nextName("v")
        let frame = randomFrame(in: bounds)
        let view: UIView
        switch rng.double(0...1) {
        case ..<0.62: view = maybeContainer(name: name, frame: frame) ?? maybeScrollView(name: name, frame: frame) ?? ProbeView(name: name, frame: frame)
        case ..<0.72: view = ProbeButton(name: name, frame: frame)
        case ..<0.78: view = ProbeSwitch(name: name, frame: frame)
        case ..<0.84: view = ProbeSlider(name: name, frame: frame)
        case ..<0.90: view = ProbeTextField(name: name, frame: frame)
        default: view = ProbeControl(name: name, frame: frame)
        }
        (view as? Probed)?.probe.host = self
        configure(view)
        if let scroll = view as? FuzzScrollView { settle(scroll) }
        if let button = view as? ProbeButton { button.addTarget(target, action: FuzzActionTarget.buttonUp, for: .touchUpInside) }
        registerView(view)
        if rng.chance(0.15) {
            for recognizer in makeClassicSet() { view.addGestureRecognizer(recognizer) }
        } else if rng.chance(0.35) {
            var added: [UIGestureRecognizer] = []
            for _ in 0..<rng.int(1...3) {
                let recognizer = makeRecognizer()
                // Recognizers of one view are often related: failure requirements (cycles too), simultaneity.
                if let other = rng.maybePick(added), rng.chance(0.6) {
                    rng.chance(0.5) ? addRelation(recognizer, other) : addRelation(other, recognizer)
                }
                view.addGestureRecognizer(recognizer)
                added.append(recognizer)
            }
        }
        return view
    }

    private func configure(_ view: UIView) {
        if rng.chance(0.1) { view.bounds.origin = CGPoint(x: rng.double(-40...40), y: rng.double(-40...40)) }
        if rng.chance(0.15) { view.transform = randomTransform() }
        view.isHidden = rng.chance(0.05)
        view.alpha = rng.pick([1, 1, 1, 1, 1, 0.5, 0.011, 0.01, 0.005, 0])
        if rng.chance(0.08) { view.isUserInteractionEnabled = false }
        view.isMultipleTouchEnabled = rng.chance(0.3)
        view.isExclusiveTouch = rng.chance(0.06)
        if let probed = view as? Probed {
            probed.stopsEvents = rng.chance(0.2)
            probed.acceptsFirstResponder = rng.chance(0.2)
        }
        if let control = view as? UIControl {
            control.isEnabled = !rng.chance(0.1)
            if rng.chance(0.2) { control.touchInsideMargin = rng.pick([0, 10, 70, 200]) }
        }
        if let slider = view as? UISlider { slider.value = Float(rng.double(0...1)); slider.isContinuous = rng.chance(0.7) }
        if let toggle = view as? UISwitch { toggle.isOn = rng.chance(0.5) }
    }

    func randomTransform() -> CGAffineTransform {
        switch rng.int(0...5) {
        case 0: return CGAffineTransform(scaleX: rng.double(0.3...2.5), y: rng.double(0.3...2.5))
        case 1: return CGAffineTransform(rotationAngle: rng.double(-.pi ... .pi))
        case 2: return CGAffineTransform(translationX: rng.double(-50...50), y: rng.double(-50...50))
        case 3: return CGAffineTransform(scaleX: 0, y: rng.double(0...1))   // singular: nothing can be hit
        case 4: return CGAffineTransform(rotationAngle: rng.double(-1...1)).concatenating(CGAffineTransform(scaleX: -1, y: 1))
        default: return .identity
        }
    }

    /// A recognizer of a random built-in kind with random properties and, often, a random delegate.
    func makeRecognizer() -> UIGestureRecognizer {
        let recognizer: UIGestureRecognizer
        switch rng.int(0...6) {
        case 0:
            let tap = UITapGestureRecognizer()
            tap.numberOfTapsRequired = rng.pick([1, 1, 1, 2, 2, 3])
            tap.numberOfTouchesRequired = rng.pick([1, 1, 1, 2, 3])
            recognizer = tap
        case 1:
            let press = UILongPressGestureRecognizer()
            press.minimumPressDuration = rng.pick([0, 0.1, 0.3, 0.5, 0.5, 1.0])
            press.allowableMovement = rng.pick([0, 10, 10, 50])
            press.numberOfTapsRequired = rng.pick([0, 0, 0, 1, 2])
            press.numberOfTouchesRequired = rng.pick([1, 1, 2])
            recognizer = press
        case 2:
            let pan = UIPanGestureRecognizer()
            pan.minimumNumberOfTouches = rng.pick([1, 1, 2, 3])
            pan.maximumNumberOfTouches = rng.pick([Int.max, Int.max, pan.minimumNumberOfTouches, pan.minimumNumberOfTouches + 1, 1])
            recognizer = pan
        case 3: recognizer = UIPinchGestureRecognizer()
        case 4: recognizer = UIRotationGestureRecognizer()
        case 5:
            let swipe = UISwipeGestureRecognizer()
            var direction: UISwipeGestureRecognizer.Direction = []
            for option in [UISwipeGestureRecognizer.Direction.right, .left, .up, .down] where rng.chance(0.4) { direction.insert(option) }
            swipe.direction = direction.isEmpty ? .right : direction
            swipe.numberOfTouchesRequired = rng.pick([1, 1, 2])
            recognizer = swipe
        default:
            let edge = UIScreenEdgePanGestureRecognizer()
            var edges: UIRectEdge = []
            for option in [UIRectEdge.left, .right, .top, .bottom] where rng.chance(0.4) { edges.insert(option) }
            edge.edges = edges
            recognizer = edge
        }
        let name = nextName("g")
        recognizer.name = name
        recognizer.addTarget(target, action: FuzzActionTarget.fired)
        recognizer.cancelsTouchesInView = !rng.chance(0.2)
        recognizer.delaysTouchesBegan = rng.chance(0.2)
        recognizer.delaysTouchesEnded = !rng.chance(0.3)
        recognizer.requiresExclusiveTouchType = !rng.chance(0.1)
        recognizer.isEnabled = !rng.chance(0.08)
        if rng.chance(0.15) {
            recognizer.allowedPressTypes = [UIPress.PressType.select, .menu, .playPause, .upArrow].filter { _ in rng.chance(0.5) }
        }
        if rng.chance(0.1) {
            var table = Thresholds.standard
            table.multiTapInterval = rng.double(0.05...1)
            table.tapSlop = rng.double(0...100)
            table.tapMaximumDuration = rng.double(0.1...3)
            table.panHysteresis = rng.double(0...30)
            table.swipeMinimumDistance = rng.double(5...150)
            table.swipeMaximumDuration = rng.double(0.05...1)
            table.screenEdgeMargin = rng.double(0...60)
            recognizer.thresholds = table
        }
        if rng.chance(0.5) {
            let delegate = FuzzDelegate()
            delegate.world = self
            delegate.beginProbability = rng.pick([1, 1, 0.8, 0.5, 0])
            delegate.receiveEventProbability = rng.pick([1, 1, 1, 0.7])
            delegate.receiveTouchProbability = rng.pick([1, 1, 0.8])
            delegate.receivePressProbability = rng.pick([1, 0.5])
            delegates.append(delegate)
            note(delegate, "delegate of \(name)")
            recognizer.delegate = delegate
        }
        recognizers.append(recognizer)
        tracer.register(recognizer, as: name)
        note(recognizer, "recognizer \(name)")
        return recognizer
    }

    /// A set apps really use, with its failure requirements: single and double (and triple) taps, a pan over
    /// a swipe, a long press over a tap, a pinch with a rotation, an edge pan over a pan.
    func makeClassicSet() -> [UIGestureRecognizer] {
        func make<T: UIGestureRecognizer>(_ recognizer: T) -> T {
            let name = nextName("g")
            recognizer.name = name
            recognizer.addTarget(target, action: FuzzActionTarget.fired)
            recognizers.append(recognizer)
            tracer.register(recognizer, as: name)
            note(recognizer, "recognizer \(name)")
            return recognizer
        }
        switch rng.int(0...4) {
        case 0:
            let single = make(UITapGestureRecognizer()), double = make(UITapGestureRecognizer())
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            if rng.chance(0.5) {
                let triple = make(UITapGestureRecognizer())
                triple.numberOfTapsRequired = 3
                double.require(toFail: triple)
                return [single, double, triple]
            }
            return [single, double]
        case 1:
            let pan = make(UIPanGestureRecognizer()), swipe = make(UISwipeGestureRecognizer())
            swipe.direction = [.left, .right]
            pan.require(toFail: swipe)
            return rng.chance(0.5) ? [pan, swipe] : [swipe, pan]
        case 2:
            let press = make(UILongPressGestureRecognizer()), tap = make(UITapGestureRecognizer())
            tap.require(toFail: press)
            press.delaysTouchesBegan = rng.chance(0.5)
            return [press, tap]
        case 3:
            let pinch = make(UIPinchGestureRecognizer()), rotation = make(UIRotationGestureRecognizer())
            let delegate = FuzzDelegate()
            delegate.world = self
            delegate.simultaneous = [Weak(rotation)]
            delegates.append(delegate)
            pinch.delegate = delegate
            return [pinch, rotation]
        default:
            let edge = make(UIScreenEdgePanGestureRecognizer()), pan = make(UIPanGestureRecognizer())
            edge.edges = .all
            pan.require(toFail: edge)
            return [pan, edge]
        }
    }

    /// Random relations between recognizers: `require(toFail:)` and the delegates' answers, cycles included.
    private func wireRecognizers() {
        guard recognizers.count >= 2 else { return }
        for _ in 0..<rng.int(0...recognizers.count) {
            let a = rng.pick(recognizers), b = rng.pick(recognizers)
            guard a !== b else { continue }
            addRelation(a, b)
        }
    }

    func addRelation(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) {
        guard let delegate = a.delegate as? FuzzDelegate else {
            if rng.chance(0.7) { a.require(toFail: b) }
            return
        }
        switch rng.int(0...3) {
        case 0: a.require(toFail: b)
        case 1: delegate.requiresFailureOf.append(Weak(b))
        case 2: delegate.requiredToFailBy.append(Weak(b))
        default: delegate.simultaneous.append(Weak(b))
        }
    }

    /// Takes a recognizer made outside the generator into the scene's books.
    func adopt(recognizer: UIGestureRecognizer) {
        recognizers.append(recognizer)
    }

    /// Takes objects made outside the generator into the scene's books.
    func adopt(view: UIView, recognizers new: [UIGestureRecognizer]) {
        views.append(view)
        recognizers += new
    }

    // MARK: Queries

    /// Views (windows included) currently in a window.
    func attachedViews() -> [UIView] {
        var result: [UIView] = []
        func visit(_ view: UIView) {
            result.append(view)
            view.subviews.forEach(visit)
        }
        windows.forEach(visit)
        return result
    }

    /// Every responder that may be asked to become first responder.
    func responders() -> [UIResponder] {
        (windows as [UIResponder]) + (views as [UIResponder]) + (controllers as [UIResponder])
    }

    /// Every probed responder (views, windows, controllers).
    func probedResponders() -> [Probed] {
        windows.map { $0 as Probed } + views.compactMap { $0 as? Probed } + controllers.map { $0 as Probed }
    }

    var summary: String {
        "seed \(FuzzEnvironment.hex(seed)): \(windows.count) windows, \(views.count) views, \(controllers.count) controllers, "
            + "\(recognizers.count) recognizers; re-entrancy \(Reentrancy.describe(reentrancy))"
    }
}
