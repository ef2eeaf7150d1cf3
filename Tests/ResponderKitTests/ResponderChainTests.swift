// The responder chain, first responder and actions: spec section B, R2, R15, R17.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ResponderChainTests {

    /// The chain from `responder` to its end, as the objects themselves.
    private func chain(from responder: UIResponder) -> [UIResponder] {
        var result: [UIResponder] = []
        var current: UIResponder? = responder
        while let next = current, result.count < 50 {
            result.append(next)
            current = next.next
        }
        return result
    }

    private func same(_ a: [UIResponder], _ b: [UIResponder]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    // MARK: next (B1–B5, R2)

    @Test func plainResponderHasNoNext() {
        #expect(UIResponder().next == nil)
        #expect(UIViewController().next == nil) // view not loaded, not presented
    }

    @Test func viewNextIsItsSuperviewAndDetachedViewHasNone() {
        let parent = UIView()
        let child = UIView()
        #expect(child.next == nil)
        parent.addSubview(child)
        #expect(child.next === parent)
        child.removeFromSuperview()
        #expect(child.next == nil)
    }

    @Test func fullChainFromADeepViewEndsWithWindowApplicationAndDelegate() {
        let log = CallLog()
        let app = UIApplication()
        let delegate = LoggingDelegate(log: log)
        app.delegate = delegate
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        let root = LoggingController("root", log: log)
        window.rootViewController = root
        let leaf = UIView()
        let middle = UIView()
        root.view.addSubview(middle)
        middle.addSubview(leaf)

        #expect(same(chain(from: leaf), [leaf, middle, root.view, root, window, app, delegate]))
    }

    @Test func childControllerSitsBetweenItsRootViewAndThatViewsSuperview() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        let parent = UIViewController()
        window.rootViewController = parent
        let container = UIView()
        parent.view.addSubview(container)
        let child = UIViewController()
        parent.addChild(child)
        container.addSubview(child.view)
        child.didMove(toParent: parent)

        #expect(same(chain(from: child.view), [child.view, child, container, parent.view, parent, window, app]))
    }

    @Test func presentedControllerNextIsThePresentingController() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let root = UIViewController()
        window.rootViewController = root
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        let sheet = UIViewController()

        child.present(sheet, animated: false)
        // The root of the parent chain presents; the sheet's view is in the window (in the sheet's views,
        // a page sheet by default) but skips them in the chain.
        #expect(sheet.presentingViewController === root)
        #expect(sheet.view.window === window)
        #expect(same(chain(from: sheet.view), [sheet.view, sheet, root, window, app]))

        sheet.dismiss(animated: false)
        #expect(sheet.next == nil && sheet.view.window == nil)
    }

    @Test func controllerThatIsAlreadyPresentingRefusesASecondPresentationAndSaysWhy() {
        let scene = Scene()
        let root = LoggingController("root", log: scene.log)
        scene.window.rootViewController = root
        let first = UIViewController()
        let second = UIViewController()
        root.present(first, animated: false)
        let recorder = scene.record()
        var completed = false
        root.present(second, animated: false) { completed = true }
        #expect(root.presentedViewController === first)
        #expect(second.presentingViewController == nil && second.next == nil)
        #expect(!completed)
        #expect(recorder.dropTexts == [TraceRecord.DropReason.alreadyPresenting("root").description])
    }

    @Test func windowNextIsTheApplicationWithNoSceneInBetween() {
        let app = UIApplication()
        let window = UIWindow(frame: .zero, application: app)
        #expect(window.next === app)
    }

    @Test func applicationNextIsItsDelegateOnlyWhenThatIsAPlainResponder() {
        final class ViewDelegate: UIView, UIApplicationDelegate {}
        final class ControllerDelegate: UIViewController, UIApplicationDelegate {}
        final class AppDelegateApp: UIApplication, UIApplicationDelegate {}
        final class PlainDelegate: UIApplicationDelegate {}

        let app = UIApplication()
        #expect(app.next == nil)
        let responder = LoggingDelegate(log: CallLog())
        app.delegate = responder
        #expect(app.next === responder)
        let plain = PlainDelegate()
        app.delegate = plain
        #expect(app.next == nil)
        let view = ViewDelegate()
        app.delegate = view
        #expect(app.next == nil)
        let controller = ControllerDelegate()
        app.delegate = controller
        #expect(app.next == nil)
        let otherApp = AppDelegateApp()
        app.delegate = otherApp
        #expect(app.next == nil)
        let selfDelegating = AppDelegateApp()
        selfDelegating.delegate = selfDelegating
        #expect(selfDelegating.next == nil)
    }

    // MARK: First responder (B6, B7)

    @Test func capableViewInAWindowBecomesFirstResponder() {
        let scene = Scene()
        let field = scene.addView("field", CGRect(x: 0, y: 0, width: 10, height: 10))
        field.acceptsFirstResponder = true
        let recorder = scene.record()
        #expect(!field.isFirstResponder)
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        #expect(field.becomeFirstResponder()) // already first responder: still true
        #expect(recorder.records.map(\.kind.text) == [TraceRecord.Kind.firstResponderChanged(window: "UIWindow", from: nil, to: "field").text])
    }

    @Test func viewThatCannotBecomeFirstResponderIsRefused() {
        let scene = Scene()
        let plain = scene.addView("plain", CGRect(x: 0, y: 0, width: 10, height: 10))
        let recorder = scene.record()
        #expect(!UIView().canBecomeFirstResponder)
        #expect(UIView().canResignFirstResponder)
        #expect(!plain.becomeFirstResponder())
        #expect(!plain.isFirstResponder)
        #expect(recorder.records.map(\.kind.text) == [TraceRecord.Kind.firstResponderRefused(responder: "plain", cause: .cannotBecomeFirstResponder).text])
    }

    @Test func currentFirstResponderIsAskedToResignBeforeTheNewOneIsChecked() {
        // B7 in the documented order: resign first, then canBecomeFirstResponder.
        let scene = Scene()
        let field = scene.addView("field", CGRect(x: 0, y: 0, width: 10, height: 10))
        field.acceptsFirstResponder = true
        let plain = scene.addView("plain", CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(field.becomeFirstResponder())
        #expect(!plain.becomeFirstResponder())
        #expect(!field.isFirstResponder)
        #expect(!plain.isFirstResponder)
    }

    @Test func responderOutsideAnyWindowCannotBecomeFirstResponder() {
        let scene = Scene()
        let field = LoggingView("field", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        field.acceptsFirstResponder = true
        #expect(!field.becomeFirstResponder())
        #expect(!field.isFirstResponder)
        let controller = LoggingController("controller", log: scene.log)
        controller.acceptsFirstResponder = true
        #expect(!controller.becomeFirstResponder())

        scene.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        scene.window.rootViewController = controller
        #expect(controller.becomeFirstResponder())
        #expect(controller.isFirstResponder && !field.isFirstResponder)
    }

    @Test func becomingFirstResponderResignsThePreviousOne() {
        final class Field: LoggingView {
            var resignations = 0
            override func resignFirstResponder() -> Bool {
                resignations += 1
                return super.resignFirstResponder()
            }
        }
        let scene = Scene()
        let first = Field("first", frame: .zero, log: scene.log)
        let second = Field("second", frame: .zero, log: scene.log)
        for field in [first, second] {
            field.acceptsFirstResponder = true
            scene.window.addSubview(field)
        }
        #expect(first.becomeFirstResponder())
        #expect(second.becomeFirstResponder())
        #expect(first.resignations == 1 && !first.isFirstResponder)
        #expect(second.isFirstResponder)
    }

    @Test func firstResponderThatRefusesToResignKeepsItsStatus() {
        final class Stubborn: LoggingView {
            override func resignFirstResponder() -> Bool { false }
        }
        final class Locked: LoggingView {
            override var canResignFirstResponder: Bool { false }
        }
        for holder in [Stubborn("holder", frame: .zero), Locked("holder", frame: .zero)] as [LoggingView] {
            let scene = Scene()
            holder.acceptsFirstResponder = true
            scene.window.addSubview(holder)
            let other = scene.addView("other", .zero)
            other.acceptsFirstResponder = true
            #expect(holder.becomeFirstResponder())
            let recorder = scene.record()

            #expect(!other.becomeFirstResponder())
            #expect(holder.isFirstResponder && !other.isFirstResponder)
            #expect(!holder.resignFirstResponder())
            #expect(holder.isFirstResponder)
            #expect(recorder.records.contains {
                $0.kind.matches(.firstResponderRefused(responder: "other", cause: .refusedToResign("holder")))
            })
        }
    }

    @Test func resignFirstResponderGivesUpTheStatus() {
        let scene = Scene()
        let field = scene.addView("field", .zero)
        field.acceptsFirstResponder = true
        #expect(field.becomeFirstResponder())
        #expect(field.resignFirstResponder())
        #expect(!field.isFirstResponder)
        #expect(field.resignFirstResponder()) // resigning when not first responder is harmless
    }

    @Test func firstResponderLeavingItsWindowResigns() {
        let scene = Scene()
        let container = scene.addView("container", CGRect(x: 0, y: 0, width: 100, height: 100))
        let field = scene.addView("field", .zero, to: container)
        field.acceptsFirstResponder = true
        #expect(field.becomeFirstResponder())
        container.removeFromSuperview()
        #expect(!field.isFirstResponder)
        scene.window.addSubview(container)
        #expect(!field.isFirstResponder) // coming back does not restore it
    }

    // MARK: target(forAction:withSender:) (B11, R17)

    @Test func targetForActionIsTheFirstResponderUpTheChainThatCanPerform() {
        let log = CallLog()
        let app = LoggingApplication(log: log)
        let delegate = LoggingDelegate(log: log)
        app.delegate = delegate
        let scene = Scene(app: app, log: log)
        let root = LoggingController("root", log: log)
        scene.window.rootViewController = root
        let leaf = scene.addView("leaf", .zero, to: root.view)

        leaf.actions = ["copy:"]
        root.actions = ["copy:", "save:"]
        app.actions = ["print:"]
        delegate.actions = ["print:", "quit:"]
        #expect(leaf.target(forAction: "copy:", withSender: nil) as AnyObject? === leaf)
        #expect(leaf.target(forAction: "save:", withSender: nil) as AnyObject? === root)
        #expect(leaf.target(forAction: "print:", withSender: nil) as AnyObject? === app)
        #expect(leaf.target(forAction: "quit:", withSender: nil) as AnyObject? === delegate)
        #expect(leaf.target(forAction: "fly:", withSender: nil) == nil)
        #expect(root.target(forAction: "copy:", withSender: nil) as AnyObject? === root) // starts at self, never below
    }

    // MARK: sendAction (B10, R15, R17)

    @Test func nilTargetedActionStartsAtTheFirstResponderAndClimbsUntilHandled() {
        let scene = Scene()
        let root = LoggingController("root", log: scene.log)
        root.actions = ["save:"]
        scene.window.rootViewController = root
        let field = scene.addView("field", .zero, to: root.view)
        field.acceptsFirstResponder = true
        #expect(field.becomeFirstResponder())
        let sender = scene.addView("sender", .zero)
        sender.actions = ["save:"] // the sender could, but the first responder's chain comes first

        #expect(scene.app.sendAction("save:", to: nil, from: sender, for: nil))
        #expect(scene.log.lines == ["root.perform save:"])
        #expect(root.lastSender as AnyObject? === sender)
    }

    @Test func nilTargetedActionStartsAtTheSenderWhenThereIsNoFirstResponder() {
        let scene = Scene()
        let root = LoggingController("root", log: scene.log)
        root.actions = ["save:"]
        scene.window.rootViewController = root
        let button = scene.addView("button", .zero, to: root.view)

        #expect(scene.app.sendAction("save:", to: nil, from: button, for: nil))
        #expect(scene.log.lines == ["root.perform save:"])
    }

    @Test func unhandledActionReturnsFalseAndIsTraced() {
        let scene = Scene()
        let field = scene.addView("field", .zero)
        field.acceptsFirstResponder = true
        let recorder = scene.record()

        #expect(!scene.app.sendAction("save:", to: nil, from: nil, for: nil)) // no first responder, no sender
        #expect(field.becomeFirstResponder())
        #expect(!scene.app.sendAction("save:", to: nil, from: nil, for: nil)) // nobody in the chain performs it
        let sender = scene.addView("sender", .zero)
        sender.actions = ["save:"]
        // With a first responder the search starts there, not at the sender (R15).
        #expect(!scene.app.sendAction("save:", to: nil, from: sender, for: nil))
        #expect(scene.log.lines.isEmpty)
        #expect(recorder.records.contains { $0.kind.matches(.action(name: "save:", target: nil, sender: "sender", handled: false)) })
    }

    @Test func nilTargetedActionUsesTheKeyWindowsFirstResponder() {
        let scene = Scene()
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: scene.app)
        other.isHidden = false
        let keyField = scene.addView("keyField", .zero)
        let otherField = scene.addView("otherField", .zero, to: other)
        for field in [keyField, otherField] {
            field.acceptsFirstResponder = true
            field.actions = ["save:"]
            #expect(field.becomeFirstResponder())
        }
        #expect(scene.app.sendAction("save:", to: nil, from: nil, for: nil))
        other.makeKey()
        #expect(scene.app.sendAction("save:", to: nil, from: nil, for: nil))
        #expect(scene.log.lines == ["keyField.perform save:", "otherField.perform save:"])
    }

    @Test func explicitTargetReceivesTheActionWithoutAChainSearch() {
        let scene = Scene()
        let field = scene.addView("field", .zero)
        field.acceptsFirstResponder = true
        field.actions = ["save:"]
        #expect(field.becomeFirstResponder())
        let target = LoggingController("target", log: scene.log)
        target.actions = ["save:"]
        let recorder = scene.record()

        #expect(scene.app.sendAction("save:", to: target, from: field, for: nil))
        #expect(scene.log.lines == ["target.perform save:"])
        #expect(target.lastSender as AnyObject? === field)
        #expect(recorder.records.map(\.kind.text) == [TraceRecord.Kind.action(name: "save:", target: "target", sender: "field", handled: true).text])
    }
}
