// The API that code written for UIKit meets first: the initializers (a recognizer's designated
// `init(target:action:)`, a view's and a view controller's `required init?(coder:)`, a view
// controller's designated `init(nibName:bundle:)`), a control's `Selector` action with a target of any
// type, identity equality, the Interface Builder hooks, and the geometry setters a view's initializer
// goes through (R24).

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct UIKitShapedAPITests {

    // MARK: Recognizer initializers

    /// A subclass written as for UIKit: it overrides the designated initializer.
    final class Configured: UIGestureRecognizer {
        var configured = 0
        override init(target: Any?, action: Selector?) {
            super.init(target: target, action: action)
            configured += 1
            cancelsTouchesInView = false
        }
    }

    /// A subclass that adds a designated initializer of its own and calls UIKit's.
    final class Named: UIPanGestureRecognizer {
        let label: String
        init(label: String) {
            self.label = label
            super.init(target: nil, action: nil)
        }
    }

    @MainActor final class Target {
        var calls = 0
        func handle(_ recognizer: Configured) { calls += 1 }
        func plain() { calls += 1 }
    }

    /// A responder that performs the selector "handle:".
    final class SelectorTarget: UIResponder {
        var senders: [Any?] = []
        override func perform(_ action: Selector, with sender: Any?) {
            if action == "handle:" { senders.append(sender) } else { super.perform(action, with: sender) }
        }
    }

    @Test func aSubclassOverridingTheDesignatedInitializerInheritsEveryOtherFormAndRunsItsOverride() {
        let target = Target()
        let byMethod = Configured(target: target, action: Target.handle)
        let byPlainMethod = Configured(target: target, action: Target.plain)
        let plain = Configured()
        for recognizer in [byMethod, byPlainMethod, plain] {
            #expect(recognizer.configured == 1)
            #expect(recognizer.cancelsTouchesInView == false)
        }
        let named = Named(label: "sheet")
        #expect(named.label == "sheet" && named.minimumNumberOfTouches == 1)

        // The method-reference actions are there and are sent.
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let sim = EventSimulator(application: app)
        final class Begins: UIGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .recognized }
        }
        let begins = Begins(target: target, action: Target.plain)
        view.addGestureRecognizer(begins)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(target.calls == 1)
    }

    @Test func aSelectorActionIsPerformedByItsResponderTargetWithTheRecognizerAsSender() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let sim = EventSimulator(application: app)
        let target = SelectorTarget()
        let tap = UITapGestureRecognizer(target: target, action: "handle:")
        window.addGestureRecognizer(tap)

        sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(target.senders.count == 1)
        #expect((target.senders.first as AnyObject?) === tap)

        // Removed by its selector, as in UIKit.
        tap.removeTarget(target, action: "handle:")
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(target.senders.count == 1)
    }

    @Test func aNilTargetOrANilActionAddsNoPairAsInUIKit() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let sim = EventSimulator(application: app)
        let target = SelectorTarget()
        window.addGestureRecognizer(UITapGestureRecognizer(target: nil, action: "handle:"))
        window.addGestureRecognizer(UITapGestureRecognizer(target: target, action: nil))
        sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(target.senders.isEmpty)
    }

    @Test func aSelectorWithATargetThatIsNotAResponderTrapsWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                final class NotAResponder {}
                _ = UITapGestureRecognizer(target: NotAResponder(), action: "handle:")
            }
        }
    }

    // MARK: A control's Selector action

    @Test func aControlsSelectorActionTakesATargetOfAnyTypeAsInUIKit() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let sim = EventSimulator(application: app)
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44))
        window.addSubview(button)
        let responder = SelectorTarget()
        let target: Any = responder   // as UIKit code holds it: `addTarget(_ target: Any?, …)`
        button.addTarget(target, action: "handle:", for: .touchUpInside)

        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(responder.senders.count == 1)
        #expect((responder.senders.first as AnyObject?) === button)

        button.removeTarget(target, action: "handle:", for: .touchUpInside)
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(responder.senders.count == 1)
    }

    @Test func aControlsSelectorWithATargetThatIsNotAResponderTrapsWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                final class NotAResponder {}
                UIButton(frame: .zero).addTarget(NotAResponder(), action: "save:", for: .touchUpInside)
            }
        }
    }

    // MARK: View controller initializers

    /// A controller written as for UIKit: a designated initializer of its own, which calls UIKit's
    /// designated one, and the `required init?(coder:)` that then has to be written.
    final class Screen: UIViewController {
        let model: String
        init(model: String) {
            self.model = model
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) {
            model = "from an archive"
            super.init(coder: coder)
        }
    }

    /// A controller that overrides UIKit's designated initializer, and so inherits `init()`.
    final class ConfiguredController: UIViewController {
        var configured = 0
        override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
            super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
            configured += 1
        }
        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }
    }

    /// A controller named after a nib that builds its view in code instead.
    final class BuiltInCode: UIViewController {
        override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
    }

    @Test func viewControllersHaveUIKitsInitializersAndInitGoesThroughTheDesignatedOne() {
        let plain = UIViewController()
        #expect(plain.nibName == nil && plain.nibBundle == nil)
        #expect(plain.view.frame == .zero)   // no nib: a plain view, as UIKit makes when none is found
        #expect(UIViewController(nibName: nil, bundle: nil).view != nil)

        #expect(ConfiguredController().configured == 1)
        #expect(ConfiguredController(nibName: nil, bundle: nil).configured == 1)
        let screen = Screen(model: "news")
        #expect(screen.model == "news" && screen.view != nil)

        let named = BuiltInCode(nibName: "Main", bundle: .main)
        #expect(named.nibName == "Main" && named.nibBundle === Bundle.main)
        #expect(named.view.frame.width == 10)
    }

    @Test func viewControllerInitWithCoderFailsForThereAreNoArchives() {
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        #expect(UIViewController(coder: coder) == nil)
        #expect(Screen(coder: coder) == nil)
        #expect(ConfiguredController(coder: coder) == nil)
    }

    @Test func loadingTheViewOfAControllerNamedAfterANibTrapsWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = UIViewController(nibName: "Main", bundle: nil).view
            }
        }
    }

    // MARK: init(coder:)

    /// A view written as for UIKit, with the `required init?(coder:)` Xcode makes it write.
    final class Card: UIView {
        let title: String
        init(title: String) {
            self.title = title
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) {
            title = "from an archive"
            super.init(coder: coder)
        }
    }

    @Test func initWithCoderFailsForThereAreNoArchives() {
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        #expect(UIView(coder: coder) == nil)
        #expect(Card(coder: coder) == nil)
        #expect(UIScrollView(coder: coder) == nil)
        #expect(UIWindow(coder: coder) == nil)
        #expect(UIButton(coder: coder) == nil) // inherited: a control declares no initializer of its own
        #expect(Card(title: "news").title == "news")
    }

    // MARK: Identity

    @Test func viewsRecognizersAndEventsCompareAndHashByIdentity() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(a == a)
        #expect(a != b) // the same geometry, two views
        let views: Set<UIView> = [a, b, a]
        #expect(views.count == 2)
        var names: [UIView: String] = [a: "a"]
        names[b] = "b"
        #expect(names[a] == "a" && names[b] == "b")
        let button: UIView = UIButton(frame: .zero)
        #expect(button != a)
        #expect([UIResponder(), a, button].firstIndex(of: button) == 2)

        let tap = UITapGestureRecognizer(), pan = UIPanGestureRecognizer()
        let recognizers: Set<UIGestureRecognizer> = [tap, pan, tap]
        #expect(recognizers.count == 2)
        #expect(tap == tap && tap != pan)
        #expect(UIEvent() != UIEvent())
        let controller = UIViewController()
        #expect(controller == controller && controller != UIViewController())
    }

    // MARK: Interface Builder hooks

    final class Designable: UIView {
        var prepared = 0, awoken = 0
        override func prepareForInterfaceBuilder() {
            super.prepareForInterfaceBuilder()
            prepared += 1
        }
        override func awakeFromNib() {
            super.awakeFromNib()
            awoken += 1
        }
    }

    @Test func theInterfaceBuilderHooksCanBeOverriddenAndTheEngineNeverCallsThem() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let view = Designable(frame: window.bounds)
        window.addSubview(view)
        let sim = EventSimulator(application: app)
        sim.tap(at: CGPoint(x: 50, y: 50))
        sim.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 200, y: 300))
        view.removeFromSuperview()
        #expect(view.prepared == 0 && view.awoken == 0)
        view.prepareForInterfaceBuilder()
        view.awakeFromNib()
        #expect(view.prepared == 1 && view.awoken == 1)
    }

    // MARK: Geometry setters (R24)

    /// Counts the overridable geometry setters UIKit's own code goes through.
    final class Observed: UIView {
        var frames: [CGRect] = [], boundsSets = 0, centerSets = 0
        override init(frame: CGRect) {
            super.init(frame: frame)
        }
        required init?(coder: NSCoder) { nil }
        override var frame: CGRect {
            didSet { frames.append(frame) }
        }
        override var bounds: CGRect {
            didSet { boundsSets += 1 }
        }
        override var center: CGPoint {
            didSet { centerSets += 1 }
        }
    }

    @Test func initWithFrameSetsTheFrameThroughTheOverridableSetterOnce() {
        let view = Observed(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.frames == [CGRect(x: 10, y: 20, width: 100, height: 50)])
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        // UIKit's `init` is `initWithFrame:` with an empty frame, so the override runs there too.
        let empty = Observed()
        #expect(empty.frames == [.zero])
    }

    @Test func settingTheFrameDoesNotGoThroughTheBoundsOrCenterSettersNorTheReverse() {
        let view = Observed(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.frame = CGRect(x: 5, y: 5, width: 40, height: 30)
        #expect(view.boundsSets == 0 && view.centerSets == 0)
        view.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frames.count == 2) // the initializer's and the one set above
        #expect(view.boundsSets == 1 && view.centerSets == 1)
        #expect(view.frame == CGRect(x: 70, y: 70, width: 60, height: 60))
    }
}
