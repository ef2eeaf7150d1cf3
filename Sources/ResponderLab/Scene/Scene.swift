import Foundation
import ResponderKit

/// A scenario's objects, built and ready to play: the application, its windows, and everything by name.
@MainActor
final class Scene {
    let scenario: Scenario
    let application = UIApplication()
    let log = ActionLog()
    private(set) var windows: [UIWindow] = []
    private(set) var views: [String: UIView] = [:]
    /// Names cells' content had for rows they no longer show, with the view (bounded by the rows shown).
    private(set) var formerViews: [String: UIView] = [:]
    private(set) var controllers: [String: UIViewController] = [:]
    private(set) var recognizers: [String: UIGestureRecognizer] = [:]
    /// Delegates are held weakly by their recognizers: the scene keeps them.
    private var delegates: [ScenarioDelegate] = []
    /// Recognizers whose delegate is a view of the scene, by recognizer name: the view's name.
    private var delegateViews: [(String, String)] = []
    /// The application's delegate, when the scenario asks for one (held weakly by the application).
    private let appDelegate = AppDelegate()
    /// Controllers a `push` step pushes, with their navigation controller.
    private var laterPushes: [String: (controller: UIViewController, navigation: UINavigationController)] = [:]
    /// The back swipes' and presentations' delegates (held weakly by what they answer for).
    private var backSwipeDelegates: [ScenarioBackSwipeDelegate] = []
    private var presentationDelegates: [ScenarioPresentationDelegate] = []
    /// The delegate of every pencil interaction (held weakly by them).
    private let pencilDelegate = PencilDelegate()
    /// Scroll views whose pan must wait for other recognizers, by those recognizers' names.
    private var scrollRequirements: [(UIScrollView, [String])] = []

    init(_ scenario: Scenario) {
        self.scenario = scenario
        if scenario.hasAppDelegate { application.delegate = appDelegate }
        application.applicationSupportsIndirectInputEvents = scenario.supportsIndirectInput
        for spec in scenario.windows {
            let window = UIWindow(frame: spec.frame, application: application)
            window.accessibilityIdentifier = spec.name
            window.windowLevel = UIWindow.Level(rawValue: spec.level)
            views[spec.name] = window
            windows.append(window)
            if let root = spec.root { window.rootViewController = controller(root) }
            for subview in spec.subviews { window.addSubview(view(subview)) }
            if !spec.isHidden { window.isHidden = false }
        }
        // The key window: the one marked key, else the first visible one.
        let key = zip(scenario.windows, windows).first { $0.0.isKey }?.1 ?? windows.first { !$0.isHidden }
        key?.makeKey()
        // Presentations need their presenter on screen, so they come once the windows are visible.
        for spec in scenario.windows { spec.root.map(present) }
        // Scroll views' pans that wait for other recognizers, once every recognizer exists.
        for (scroll, names) in scrollRequirements {
            for name in names { recognizers[name].map { scroll.panGestureRecognizer.require(toFail: $0) } }
        }
        // Views that are delegates, once every view exists.
        for (name, delegateView) in delegateViews {
            if let recognizer = recognizers[name], let view = views[delegateView] as? UIGestureRecognizerDelegate {
                recognizer.delegate = view
            }
        }
        if scenario.receivesRemoteControl { application.beginReceivingRemoteControlEvents() }
        if let first = scenario.firstResponder {
            let responder: UIResponder? = views[first.name] ?? controllers[first.name]
            _ = responder?.becomeFirstResponder()
        }
    }

    /// Hides the windows when the scene goes. Visible windows are kept alive by their application, as
    /// UIKit does, and each window holds its application: a scene left showing would outlive its run,
    /// with everything in it (R27).
    isolated deinit {
        for window in windows { window.isHidden = true }
    }

    private func controller(_ spec: ControllerSpec) -> UIViewController {
        let built: UIViewController
        if spec.isNavigation {
            built = navigationController(spec)
        } else {
            let controller = ScenarioController()
            controller.title = spec.name
            controller.performs = Set(spec.handles)
            controller.handles = spec.handlesEvents
            controller.defersSystemGestures = spec.defersSystemGestures
            controller.offeredKeyCommands = spec.keyCommands.map(Self.keyCommand)
            controller.makeView = { [unowned self] in self.view(spec.view) }
            controllers[spec.name] = controller
            for childSpec in spec.children {
                let child = self.controller(childSpec)
                controller.addChild(child)
                controller.view.addSubview(child.view)
                child.didMove(toParent: controller)
            }
            built = controller
        }
        built.modalPresentationStyle = spec.presentation
        built.isModalInPresentation = spec.isModalInPresentation
        if spec.refusesDismissal {
            let delegate = ScenarioPresentationDelegate()
            presentationDelegates.append(delegate)
            built.presentationController?.delegate = delegate
        }
        return built
    }

    /// A navigation controller with its stack, its later pushes, and its back swipe as the file says.
    /// The back swipe goes by `interactivePopGestureRecognizer`, as traces name it, or, with several
    /// navigation controllers, by `NAME.interactivePopGestureRecognizer` (then its name too).
    private func navigationController(_ spec: ControllerSpec) -> UINavigationController {
        let navigation = ScenarioNavigationController()
        navigation.title = spec.name
        navigation.defersSystemGestures = spec.defersSystemGestures
        controllers[spec.name] = navigation
        // Every controller's view is made now, so that the scene knows its views and recognizers by name.
        let stack = spec.stack.map { controller($0) }
        for controller in stack { _ = controller.view }
        navigation.setViewControllers(stack, animated: false)
        for pushSpec in spec.pushes {
            let later = controller(pushSpec)
            _ = later.view
            laterPushes[pushSpec.name] = (later, navigation)
        }
        let pop = navigation.interactivePopGestureRecognizer!
        let name = ControllerSpec.backSwipeName(of: spec.name, in: scenario)
        if name != ControllerSpec.backSwipeName { pop.name = name }
        recognizers[name] = pop
        switch spec.backSwipe {
        case .system: break
        case .always, .checksStack:
            let delegate = ScenarioBackSwipeDelegate(navigationController: navigation, checksStack: spec.backSwipe == .checksStack)
            backSwipeDelegates.append(delegate)
            pop.delegate = delegate
        case .off: pop.isEnabled = false
        }
        return navigation
    }

    private func present(_ spec: ControllerSpec) {
        guard let presenter = controllers[spec.name] else { return }
        for presentedSpec in spec.presented {
            let presented = controller(presentedSpec)
            presenter.present(presented, animated: false)
            // A sheet's pan goes by the name UIKit gives it.
            for recognizer in presented.presentationController?.presentedView?.gestureRecognizers ?? [] {
                if let name = recognizer.name { recognizers[name] = recognizer }
            }
            present(presentedSpec)
        }
        spec.children.forEach(present)
        spec.stack.forEach(present)
    }

    // MARK: Steps on controllers

    /// Pushes, animated, a controller the file lists under a navigation controller's `pushes`.
    func push(_ name: String) {
        guard let (controller, navigation) = laterPushes[name] else { return }
        navigation.pushViewController(controller, animated: true)
    }

    /// Pops a navigation controller's top controller, animated.
    func pop(_ name: String) {
        (controllers[name] as? UINavigationController)?.popViewController(animated: true)
    }

    /// Dismisses a presented controller in code, animated.
    func dismiss(_ name: String) {
        controllers[name]?.dismiss(animated: true)
    }

    /// A view of `spec`'s kind with its hit behaviours and its kind's own properties.
    @inline(never)
    private func makeView(_ spec: ViewSpec) -> UIView {
        let view: UIView
        switch spec.kind {
        case .view, .label, .image:
            let plain = ScenarioView(frame: .zero)
            plain.behaviour = HitBehaviour(spec)
            plain.forwardsTouches = spec.forwardsTouches
            plain.handles = spec.handles
            plain.performs = Set(spec.performs)
            plain.offeredKeyCommands = spec.keyCommands.map(Self.keyCommand)
            // Labels and images ignore touches unless told otherwise, as UILabel and UIImageView do.
            if spec.kind != .view { plain.isUserInteractionEnabled = false }
            view = plain
        case .button:
            let button = ScenarioButton(frame: .zero)
            button.behaviour = HitBehaviour(spec)
            view = button
        case .switch:
            let toggle = ScenarioSwitch(frame: .zero)
            toggle.behaviour = HitBehaviour(spec)
            toggle.isOn = spec.isOn ?? false
            view = toggle
        case .slider:
            let slider = ScenarioSlider(frame: .zero)
            slider.behaviour = HitBehaviour(spec)
            slider.value = spec.value ?? 0
            view = slider
        case .textField:
            let field = ScenarioTextField(frame: .zero)
            field.behaviour = HitBehaviour(spec)
            field.text = spec.text ?? ""
            view = field
        case .scroll:
            let scroll = ScenarioScrollView(frame: .zero)
            scroll.behaviour = HitBehaviour(spec)
            view = scroll
        case .table:
            let table = ScenarioTable(spec.container ?? ContainerSpec(), scene: self)
            table.behaviour = HitBehaviour(spec)
            view = table
        case .collection:
            let collection = ScenarioCollection(spec.container ?? ContainerSpec(), scene: self)
            collection.behaviour = HitBehaviour(spec)
            view = collection
        }
        return view
    }

    /// Makes a view of the file, with its subviews and recognizers. Registered by name unless it is a
    /// cell's content, which takes its names from the row its cell shows (see ``nameCellContent``).
    func view(_ spec: ViewSpec, registering: Bool = true) -> UIView {
        // The view of its kind is made out of line: this function recurses once per level of nesting,
        // and the frame of every kind's making on each level ran a file's deepest nest out of stack.
        let view = makeView(spec)
        view.accessibilityIdentifier = spec.name
        view.frame = spec.frame
        view.bounds.origin = spec.boundsOrigin
        view.transform = spec.transform
        view.isHidden = spec.isHidden
        view.alpha = spec.alpha
        if let interaction = spec.isUserInteractionEnabled { view.isUserInteractionEnabled = interaction }
        view.isMultipleTouchEnabled = spec.isMultipleTouchEnabled
        view.isExclusiveTouch = spec.isExclusiveTouch
        if let control = view as? UIControl {
            control.isEnabled = spec.isEnabled
            for action in spec.actions {
                switch action.kind {
                case .log: control.addTarget(log, action: ActionLog.controlSent, for: action.events)
                case .send(let selector): control.addTarget(nil, action: Selector(selector), for: action.events)
                }
            }
        }
        for recognizerSpec in spec.recognizers { view.addGestureRecognizer(recognizer(recognizerSpec, registering: registering)) }
        if spec.hasPencilInteraction { view.addInteraction(UIPencilInteraction(delegate: pencilDelegate)) }
        if registering { views[spec.name] = view }
        for subview in spec.subviews { view.addSubview(self.view(subview, registering: registering)) }
        if let scroll = view as? ScenarioScrollView, let scrollSpec = spec.scroll {
            scroll.configure(scrollSpec, name: spec.name)
        } else if let table = view as? ScenarioTable, let scrollSpec = spec.scroll {
            table.configure(scrollSpec, name: spec.name)
        } else if let collection = view as? ScenarioCollection, let scrollSpec = spec.scroll {
            collection.configure(scrollSpec, name: spec.name)
        }
        if let scroll = view as? UIScrollView, let scrollSpec = spec.scroll, !scrollSpec.panRequiresFailureOf.isEmpty {
            scrollRequirements.append((scroll, scrollSpec.panRequiresFailureOf.map(\.name)))
        }
        if registering, view is UIScrollView {
            for recognizer in view.gestureRecognizers ?? [] where recognizer.name != nil {
                recognizers[recognizer.name!] = recognizer
            }
        }
        return view
    }

    // MARK: Cells

    /// Names a cell and its content after the row it now shows (`list.3`, `buy.3`), replacing the names
    /// it had for its previous row, so that traces, explain and the playground find them by row.
    func nameCellContent(_ cell: UIView, as cellName: String, content: [(template: String, view: UIView)],
                         recognizers cellRecognizers: [(template: String, recognizer: UIGestureRecognizer)], suffix: String) {
        rename(cell, to: cellName)
        if let tableCell = cell as? UITableViewCell { rename(tableCell.contentView, to: cellName + ".content") }
        if let collectionCell = cell as? UICollectionViewCell { rename(collectionCell.contentView, to: cellName + ".content") }
        for (template, view) in content { rename(view, to: template + suffix) }
        for (template, recognizer) in cellRecognizers {
            if let old = recognizer.name, recognizers[old] === recognizer { recognizers[old] = nil }
            recognizer.name = template + suffix
            recognizers[template + suffix] = recognizer
        }
    }

    private func rename(_ view: UIView, to name: String) {
        if let old = view.accessibilityIdentifier, views[old] === view {
            views[old] = nil
            formerViews[old] = view
        }
        view.accessibilityIdentifier = name
        views[name] = view
        formerViews[name] = nil
    }

    /// The view of the scene named `name`, now or earlier: a cell's content takes the name of each row
    /// its cell shows, and explanations may ask about a row it showed before.
    func view(named name: String) -> UIView? { views[name] ?? formerViews[name] }

    /// A key command as the file gives it: its selector travels up the responder chain (U5, R17).
    private static func keyCommand(_ spec: KeyCommandSpec) -> UIKeyCommand {
        let command = UIKeyCommand(input: spec.input, modifierFlags: spec.modifiers, action: Selector(spec.action))
        command.wantsPriorityOverSystemBehavior = spec.wantsPriority
        return command
    }

    func recognizer(_ spec: RecognizerSpec, registering: Bool = true) -> UIGestureRecognizer {
        let recognizer: UIGestureRecognizer
        switch spec.kind {
        case .tap:
            let tap = UITapGestureRecognizer(target: log, action: ActionLog.recognizerFired)
            if let taps = spec.taps { tap.numberOfTapsRequired = max(1, taps) }
            if let touches = spec.touches { tap.numberOfTouchesRequired = touches }
            recognizer = tap
        case .longPress:
            let press = UILongPressGestureRecognizer(target: log, action: ActionLog.recognizerFired)
            if let taps = spec.taps { press.numberOfTapsRequired = taps }
            if let touches = spec.touches { press.numberOfTouchesRequired = touches }
            if let duration = spec.minimumDuration { press.minimumPressDuration = duration }
            if let movement = spec.allowableMovement { press.allowableMovement = movement }
            recognizer = press
        case .pan, .screenEdgePan:
            let pan = spec.kind == .pan ? UIPanGestureRecognizer(target: log, action: ActionLog.recognizerFired)
                                        : UIScreenEdgePanGestureRecognizer(target: log, action: ActionLog.recognizerFired)
            if let minimum = spec.minimumTouches { pan.minimumNumberOfTouches = minimum }
            if let maximum = spec.maximumTouches { pan.maximumNumberOfTouches = maximum }
            if let edgePan = pan as? UIScreenEdgePanGestureRecognizer, let edges = spec.edges { edgePan.edges = edges }
            recognizer = pan
        case .pinch:
            recognizer = UIPinchGestureRecognizer(target: log, action: ActionLog.recognizerFired)
        case .rotation:
            recognizer = UIRotationGestureRecognizer(target: log, action: ActionLog.recognizerFired)
        case .swipe:
            let swipe = UISwipeGestureRecognizer(target: log, action: ActionLog.recognizerFired)
            if let direction = spec.direction { swipe.direction = direction }
            if let touches = spec.touches { swipe.numberOfTouchesRequired = touches }
            recognizer = swipe
        case .hover:
            recognizer = UIHoverGestureRecognizer(target: log, action: ActionLog.recognizerFired)
        }
        if let types = spec.allowedTouchTypes { recognizer.allowedTouchTypes = types }
        if let mask = spec.scrollTypes { (recognizer as? UIPanGestureRecognizer)?.allowedScrollTypesMask = mask }
        if let buttons = spec.buttons { (recognizer as? UITapGestureRecognizer)?.buttonMaskRequired = buttons }
        recognizer.name = spec.name
        recognizer.isEnabled = spec.isEnabled
        if let value = spec.cancelsTouchesInView { recognizer.cancelsTouchesInView = value }
        if let value = spec.delaysTouchesBegan { recognizer.delaysTouchesBegan = value }
        if let value = spec.delaysTouchesEnded { recognizer.delaysTouchesEnded = value }
        if let value = spec.requiresExclusiveTouchType { recognizer.requiresExclusiveTouchType = value }
        if let types = spec.allowedPressTypes { recognizer.allowedPressTypes = types }
        if let thresholds = spec.thresholds { recognizer.thresholds = thresholds }
        if let delegateView = spec.delegateView { delegateViews.append((spec.name, delegateView.name)) }
        if spec.hasDelegate {
            let delegate = ScenarioDelegate(spec)
            delegates.append(delegate)
            recognizer.delegate = delegate
        }
        if registering { recognizers[spec.name] = recognizer }
        return recognizer
    }
}
