// Target-action on controls: F6, F7, R15 (nil-targeted actions), R17 (unbound methods, weak targets,
// selectors), UIAction.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct TargetActionTests {

    @MainActor final class Target {
        var log: [String] = []
        var senders: [UIButton] = []
        func buttonTapped(_ sender: UIButton) { log.append("buttonTapped"); senders.append(sender) }
        func plain() { log.append("plain") }
    }

    /// A responder that performs the selectors it is told to, recording each sender.
    final class SelectorResponder: UIResponder {
        var handles: Set<Selector>
        var performed: [(Selector, AnyObject?)] = []
        init(handles: Set<Selector>) { self.handles = handles }
        override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { handles.contains(action) }
        override func perform(_ action: Selector, with sender: Any?) { performed.append((action, sender as AnyObject?)) }
    }

    final class SavingController: UIViewController {
        var saves: [AnyObject?] = []
        override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600)) }
        override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { action == "save:" }
        override func perform(_ action: Selector, with sender: Any?) { saves.append(sender as AnyObject?) }
    }

    final class SavingView: UIView {
        var handlesSave = true
        var saves: [AnyObject?] = []
        override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { handlesSave && action == "save:" }
        override func perform(_ action: Selector, with sender: Any?) { saves.append(sender as AnyObject?) }
    }

    final class FocusView: UIView {
        override var canBecomeFirstResponder: Bool { true }
    }

    final class RecordingApplication: UIApplication {
        struct Sent { var action: Selector; var target: AnyObject?; var sender: AnyObject?; var eventType: UIEvent.EventType? }
        var sent: [Sent] = []
        override func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
            sent.append(Sent(action: action, target: target as AnyObject?, sender: sender as AnyObject?, eventType: event?.type))
            return super.sendAction(action, to: target, from: sender, for: event)
        }
    }

    private static let buttonFrame = CGRect(x: 100, y: 100, width: 100, height: 44)
    private static let inside = CGPoint(x: 150, y: 120)

    private func makeButton(in scene: ControlScene) -> UIButton {
        let button = UIButton(frame: Self.buttonFrame)
        scene.window.addSubview(button)
        return button
    }

    // MARK: addTarget forms (R17)

    @Test func anUnboundMethodTakingTheSenderIsCalledWithTheButton() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let target = Target()
        button.addTarget(target, action: Target.buttonTapped, for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        #expect(target.log == ["buttonTapped"])
        #expect(target.senders.count == 1 && target.senders[0] === button)
    }

    @Test func anUnboundMethodWithoutParametersIsCalledOnlyForItsEvents() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let target = Target()
        button.addTarget(target, action: Target.plain, for: .touchDown)
        scene.sim.touchDown(1, at: Self.inside)
        #expect(target.log == ["plain"])
        scene.sim.touchUp(1)
        #expect(target.log == ["plain"])
    }

    @Test func pairsAreCalledInTheOrderTheyWereAdded() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        var log: [String] = []
        let target = Target()
        button.addAction(UIAction { _ in log.append("first") }, for: .touchUpInside)
        button.addTarget(target, action: Target.plain, for: .touchUpInside)
        button.addAction(UIAction { _ in log.append("third:\(target.log.count)") }, for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        #expect(log == ["first", "third:1"])
    }

    // MARK: Weak targets (R17)

    @Test func aDeallocatedTargetIsSkippedWithoutCrashingAndOthersStillFire() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let tracer = TraceRecorder()
        scene.app.tracer = tracer
        var doomed: Target? = Target()
        weak let probe = doomed
        let survivor = Target()
        button.addTarget(doomed!, action: Target.buttonTapped, for: .touchUpInside)
        button.addTarget(survivor, action: Target.buttonTapped, for: .touchUpInside)
        doomed = nil
        #expect(probe == nil, "the control must not keep its target alive")
        scene.sim.tap(at: Self.inside)
        #expect(survivor.log == ["buttonTapped"])
        #expect(button.allTargets.count == 1 && button.allTargets[0] === survivor)
        #expect(tracer.records.contains { if case .controlTargetGone = $0.kind { return true } else { return false } })
    }

    @Test func aDeallocatedSelectorTargetIsSkippedNotSentUpTheChain() {
        let scene = ControlScene()
        let controller = SavingController()
        scene.window.rootViewController = controller
        let button = UIButton(frame: Self.buttonFrame)
        controller.view.addSubview(button)
        var doomed: SelectorResponder? = SelectorResponder(handles: ["save:"])
        weak let probe = doomed
        button.addTarget(doomed, action: "save:", for: .touchUpInside)
        doomed = nil
        #expect(probe == nil)
        scene.sim.tap(at: Self.inside)
        #expect(controller.saves.isEmpty)
    }

    // MARK: Removing (removeTarget)

    @Test func removeTargetWithNilActionRemovesEveryPairOfThatTargetOnly() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let removed = Target(), kept = Target()
        let removedResponder = SelectorResponder(handles: [])
        button.addTarget(removed, action: Target.buttonTapped, for: .touchUpInside)
        button.addTarget(removed, action: Target.plain, for: [.touchDown, .touchUpInside])
        button.addTarget(removedResponder, action: "save:", for: .touchUpInside)
        button.addTarget(kept, action: Target.plain, for: [.touchDown, .touchUpInside])
        button.removeTarget(removed, action: nil, for: .allEvents)
        button.removeTarget(removedResponder, action: nil, for: .allEvents)
        scene.sim.tap(at: Self.inside)
        #expect(removed.log.isEmpty)
        #expect(removedResponder.performed.isEmpty)
        #expect(kept.log == ["plain", "plain"])
        #expect(button.allTargets.count == 1 && button.allTargets[0] === kept)
    }

    @Test func removeTargetWithASelectorRemovesOnlyThatPair() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let responder = SelectorResponder(handles: ["save:", "load:"])
        let methods = Target()
        button.addTarget(responder, action: "save:", for: .touchUpInside)
        button.addTarget(responder, action: "load:", for: .touchUpInside)
        button.addTarget(methods, action: Target.plain, for: .touchUpInside)
        button.removeTarget(responder, action: "save:", for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        #expect(responder.performed.map(\.0) == ["load:"])
        #expect(methods.log == ["plain"])
    }

    @Test func removingSomeEventsLeavesThePairForTheOthers() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let target = Target()
        button.addTarget(target, action: Target.plain, for: [.touchDown, .touchUpInside])
        button.removeTarget(target, action: nil, for: .touchDown)
        scene.sim.touchDown(1, at: Self.inside)
        #expect(target.log.isEmpty)
        scene.sim.touchUp(1)
        #expect(target.log == ["plain"])
        #expect(button.allTargets.count == 1)
        button.removeTarget(target, action: nil, for: .touchUpInside)
        #expect(button.allTargets.isEmpty)
    }

    @Test func removeTargetWithNilTargetRemovesEveryTargetsPairs() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let one = Target(), two = Target()
        button.addTarget(one, action: Target.plain, for: .touchUpInside)
        button.addTarget(two, action: Target.plain, for: .touchUpInside)
        button.removeTarget(nil, action: nil, for: .allEvents)
        scene.sim.tap(at: Self.inside)
        #expect(one.log.isEmpty && two.log.isEmpty)
        #expect(button.allTargets.isEmpty)
    }

    // MARK: allTargets, sendActions(for:)

    @Test func allTargetsListsEachLiveTargetOnce() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let one = Target(), two = Target()
        let responder = SelectorResponder(handles: ["save:"])
        button.addTarget(one, action: Target.plain, for: .touchDown)
        button.addTarget(one, action: Target.buttonTapped, for: .touchUpInside)
        button.addTarget(two, action: Target.plain, for: .touchUpInside)
        button.addTarget(responder, action: "save:", for: .touchUpInside)
        button.addAction(UIAction { _ in }, for: .touchUpInside)
        let targets = button.allTargets
        #expect(targets.count == 3)
        #expect(targets.contains { $0 === one } && targets.contains { $0 === two } && targets.contains { $0 === responder })
    }

    @Test func sendActionsForEventsCallsOnlyThePairsRegisteredForThem() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        let down = Target(), up = Target(), changed = Target()
        button.addTarget(down, action: Target.buttonTapped, for: .touchDown)
        button.addTarget(up, action: Target.buttonTapped, for: .touchUpInside)
        button.addTarget(changed, action: Target.buttonTapped, for: .valueChanged)
        button.sendActions(for: .touchUpInside)
        #expect(down.log.isEmpty && changed.log.isEmpty)
        #expect(up.log == ["buttonTapped"] && up.senders.first === button)
        button.sendActions(for: [.touchDown, .valueChanged])
        #expect(down.log.count == 1 && changed.log.count == 1 && up.log.count == 1)
    }

    // MARK: UIAction

    @Test func aUIActionsSenderIsTheControlWhileItsHandlerRuns() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        var seen: [AnyObject?] = []
        let action = UIAction(title: "Tap") { action in seen.append(action.sender as AnyObject?) }
        button.addAction(action, for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        button.sendActions(for: .touchUpInside)
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { $0 === button })
        #expect(action.sender == nil)
    }

    @Test func addingAUIActionWithTheSameIdentifierReplacesTheFirst() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        var log: [String] = []
        let id = UIAction.Identifier("com.example.go")
        button.addAction(UIAction(identifier: id) { _ in log.append("old") }, for: .touchUpInside)
        button.addAction(UIAction(identifier: id) { _ in log.append("new") }, for: .touchUpInside)
        button.addAction(UIAction { _ in log.append("other") }, for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        #expect(log == ["new", "other"])
    }

    @Test func removingAUIActionByIdentifierOrInstanceStopsIt() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        var log: [String] = []
        let byID = UIAction(identifier: UIAction.Identifier("a")) { _ in log.append("a") }
        let byInstance = UIAction { _ in log.append("b") }
        let kept = UIAction { _ in log.append("c") }
        button.addAction(byID, for: .touchUpInside)
        button.addAction(byInstance, for: .touchUpInside)
        button.addAction(kept, for: .touchUpInside)
        button.removeAction(identifiedBy: UIAction.Identifier("a"), for: .touchUpInside)
        button.removeAction(byInstance, for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        #expect(log == ["c"])
    }

    @Test func removingAUIActionFromOneEventKeepsItForTheOthers() {
        let scene = ControlScene()
        let button = makeButton(in: scene)
        var log: [String] = []
        let action = UIAction { _ in log.append("fired") }
        button.addAction(action, for: [.touchDown, .touchUpInside])
        button.removeAction(action, for: .touchDown)
        scene.sim.touchDown(1, at: Self.inside)
        #expect(log.isEmpty)
        scene.sim.touchUp(1)
        #expect(log == ["fired"])
    }

    @Test func aButtonMadeWithAPrimaryActionFiresItOnTouchUpInsideOnly() {
        let scene = ControlScene()
        var fired = 0
        let button = UIButton(primaryAction: UIAction(title: "Go") { _ in fired += 1 })
        button.frame = Self.buttonFrame
        scene.window.addSubview(button)
        #expect(button.currentTitle == "Go")
        scene.sim.touchDown(1, at: Self.inside)
        #expect(fired == 0)
        scene.sim.touchUp(1)
        #expect(fired == 1)
        // Lifted beyond the 70 pt zone: touch-up-outside, not the primary action.
        scene.sim.advance(by: 1)
        scene.sim.touchDown(2, at: Self.inside)
        scene.sim.touchMove(2, to: CGPoint(x: 150, y: 400))
        scene.sim.touchUp(2)
        #expect(fired == 1)
        // A system cancel is not a primary action either.
        scene.sim.touchDown(3, at: Self.inside)
        scene.sim.touchCancel(3)
        #expect(fired == 1)
    }

    // MARK: Nil-targeted actions (R15, R17, B10)

    /// controller.view > container (performs "save:") > button; focus is a sibling of container.
    private func makeChainScene() -> (ControlScene, SavingController, SavingView, FocusView, UIButton) {
        let scene = ControlScene()
        let controller = SavingController()
        scene.window.rootViewController = controller
        let container = SavingView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        controller.view.addSubview(container)
        let focus = FocusView(frame: CGRect(x: 0, y: 400, width: 400, height: 100))
        controller.view.addSubview(focus)
        let button = UIButton(frame: Self.buttonFrame)
        container.addSubview(button)
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        return (scene, controller, container, focus, button)
    }

    @Test func aNilTargetedActionStartsAtTheFirstResponderAndReachesItsViewController() {
        let (scene, controller, container, focus, button) = makeChainScene()
        #expect(focus.becomeFirstResponder())
        scene.sim.tap(at: Self.inside)
        #expect(controller.saves.count == 1)
        #expect(controller.saves.first! === button)
        // The sender's own chain (container) was not asked: the search started at the first responder.
        #expect(container.saves.isEmpty)
    }

    @Test func aNilTargetedActionTheFirstRespondersChainCannotPerformIsDroppedNotRetriedFromTheSender() {
        let (scene, controller, container, _, button) = makeChainScene()
        // A first responder outside the controller: its chain is focus → window → application.
        let outside = FocusView(frame: CGRect(x: 0, y: 590, width: 10, height: 10))
        scene.window.addSubview(outside)
        #expect(outside.becomeFirstResponder())
        scene.sim.tap(at: Self.inside)
        #expect(container.saves.isEmpty)
        #expect(controller.saves.isEmpty)
        #expect(!scene.app.sendAction("save:", to: nil, from: button, for: nil))
    }

    @Test func withNoFirstResponderANilTargetedActionStartsAtTheSender() {
        let (scene, controller, container, _, button) = makeChainScene()
        #expect(scene.window.rootViewController === controller)
        scene.sim.tap(at: Self.inside)
        #expect(container.saves.count == 1 && container.saves.first! === button)
        #expect(controller.saves.isEmpty)
    }

    @Test func withNoFirstResponderTheActionClimbsFromTheSenderToTheViewController() {
        let (scene, controller, container, _, button) = makeChainScene()
        container.handlesSave = false
        #expect(button.target(forAction: "save:", withSender: button) as AnyObject? === controller)
        scene.sim.tap(at: Self.inside)
        #expect(controller.saves.count == 1 && controller.saves.first! === button)
    }

    @Test func aNilTargetedActionNobodyPerformsIsNotHandled() {
        let (scene, _, _, _, button) = makeChainScene()
        button.addTarget(nil, action: "nobodyDoesThis:", for: .touchUpInside)
        scene.sim.tap(at: Self.inside) // must not trap
        #expect(!scene.app.sendAction("nobodyDoesThis:", to: nil, from: button, for: nil))
        #expect(!scene.app.sendAction("save:", to: nil, from: nil, for: nil), "no first responder and no sender: not handled")
    }

    // MARK: Routing through the application (F7)

    @Test func aCustomApplicationsSendActionSeesTheControlsSelectorActions() {
        let app = RecordingApplication()
        let scene = ControlScene(application: app)
        let controller = SavingController()
        scene.window.rootViewController = controller
        let button = UIButton(frame: Self.buttonFrame)
        controller.view.addSubview(button)
        let responder = SelectorResponder(handles: ["load:"])
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        button.addTarget(responder, action: "load:", for: .touchUpInside)
        scene.sim.tap(at: Self.inside)

        #expect(app.sent.map(\.action) == ["save:", "load:"])
        #expect(app.sent.allSatisfy { $0.sender === button })
        #expect(app.sent[0].target == nil)
        #expect(app.sent[1].target === responder)
        #expect(app.sent.allSatisfy { $0.eventType == .touches })
        // super delivered both.
        #expect(controller.saves.count == 1)
        #expect(responder.performed.map(\.0) == ["load:"])
    }

    @Test func aControlsSendActionOverrideSeesItsSelectorActions() {
        final class RoutingButton: UIButton {
            var routed: [Selector] = []
            override func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
                routed.append(action)
                super.sendAction(action, to: target, for: event)
            }
        }
        let scene = ControlScene()
        let button = RoutingButton(frame: Self.buttonFrame)
        scene.window.addSubview(button)
        let responder = SelectorResponder(handles: ["load:"])
        button.addTarget(responder, action: "load:", for: .touchUpInside)
        scene.sim.tap(at: Self.inside)
        #expect(button.routed == ["load:"])
        #expect(responder.performed.count == 1 && responder.performed[0].1 === button)
    }
}
