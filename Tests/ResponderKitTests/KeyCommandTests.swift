// U5: key commands. Collected along the responder chain from the first responder; the modifiers must
// match; the first object in the chain that performs the action performs it, with the command as the
// sender, and the press goes no further; otherwise the press goes on to pressesBegan.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct KeyCommandTests {

    /// A view offering commands and performing selectors.
    final class Commander: LoggingView {
        var commands: [UIKeyCommand] = []
        override var keyCommands: [UIKeyCommand]? { commands }
        var senders: [Any?] = []
        override func perform(_ action: Selector, with sender: Any?) {
            senders.append(sender)
            super.perform(action, with: sender)
        }
        func bold(_ command: UIKeyCommand) { log.add("\(name).bold \(command.input ?? "")") }
    }

    /// A first responder whose chain runs field → panel → controller's view → controller → window → app.
    private func scene() -> (Scene, LoggingController, Commander, Commander) {
        let log = CallLog()
        let scene = Scene(log: log)
        let controller = LoggingController("controller", log: log)
        scene.window.rootViewController = controller
        let panel = Commander("panel", frame: CGRect(x: 0, y: 0, width: 300, height: 300), log: log)
        controller.view.addSubview(panel)
        let field = Commander("field", frame: CGRect(x: 10, y: 10, width: 100, height: 40), log: log)
        field.acceptsFirstResponder = true
        panel.addSubview(field)
        #expect(field.becomeFirstResponder())
        return (scene, controller, panel, field)
    }

    @Test func theFirstResponderOffersFirstThenEachResponderUpTheChain() {
        let (scene, controller, panel, field) = scene()
        field.commands = [UIKeyCommand(input: "k", modifierFlags: .command, action: "fieldK:")]
        panel.commands = [UIKeyCommand(input: "k", modifierFlags: .command, action: "panelK:")]
        field.actions = ["fieldK:"]
        panel.actions = ["panelK:"]
        let recorder = scene.record()
        scene.sim.keyPress("k", modifierFlags: .command)
        #expect(scene.log.lines == ["field.perform fieldK:"])
        #expect(recorder.keyCommands.map(\.key) == ["⌘K"])
        // The command is the sender.
        #expect((field.senders.first as? UIKeyCommand) === field.commands.first)
        _ = controller
    }

    @Test func theActionIsPerformedByTheFirstObjectFromTheFirstResponderThatPerformsIt() {
        let (scene, controller, panel, field) = scene()
        // Offered by the controller, performed by the panel: closer to the first responder.
        controller.addKeyCommand(UIKeyCommand(input: "s", modifierFlags: .command, action: "save:"))
        panel.actions = ["save:"]
        controller.actions = ["save:"]
        scene.sim.keyPress("s", modifierFlags: .command)
        #expect(scene.log.lines == ["panel.perform save:"])
        #expect(field.pressCalls.isEmpty)
    }

    @Test func theModifiersMustMatch() {
        let (scene, _, panel, field) = scene()
        panel.commands = [UIKeyCommand(input: "f", modifierFlags: [.command, .shift], action: "find:")]
        panel.actions = ["find:"]
        field.passesOn = false
        scene.sim.keyPress("f", modifierFlags: .command)             // shift missing
        scene.sim.keyPress("f", modifierFlags: [.command, .shift, .alternate])    // one too many
        #expect(scene.log.lines == ["field.pressesBegan", "field.pressesEnded", "field.pressesBegan", "field.pressesEnded"])
        scene.sim.keyPress("f", modifierFlags: [.command, .shift, .alphaShift])   // Caps Lock does not count
        #expect(scene.log.lines.last == "panel.perform find:")
    }

    @Test func aCommandMatchesALetterInEitherCase() {
        let (scene, _, panel, _) = scene()
        panel.commands = [UIKeyCommand(input: "F", modifierFlags: [.command, .shift], action: "find:")]
        panel.actions = ["find:"]
        scene.sim.keyPress("f", modifierFlags: [.command, .shift])
        #expect(scene.log.lines == ["panel.perform find:"])
    }

    @Test func aTakenPressGoesToNoRecognizerNorResponderInAnyPhase() {
        let (scene, controller, panel, field) = scene()
        panel.commands = [UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: "cancel:")]
        panel.actions = ["cancel:"]
        let log = GestureLog(in: field)
        let recognizer = UITapGestureRecognizer().logged("keys", by: log, on: field)
        recognizer.allowedPressTypes = [UIKey.pressType(for: .keyboardEscape)]
        scene.sim.keyDown(UIKeyCommand.inputEscape)
        scene.sim.keyUp(UIKeyCommand.inputEscape)
        #expect(scene.log.lines == ["panel.perform cancel:"])
        #expect(log.lines.isEmpty)
        _ = controller
    }

    @Test func aMatchingCommandNobodyPerformsLetsTheSearchGoOnThenThePressDoes() {
        let (scene, _, panel, field) = scene()
        field.commands = [UIKeyCommand(input: "p", modifierFlags: .command, action: "print:")]   // nobody performs print:
        panel.commands = [UIKeyCommand(input: "p", modifierFlags: .command, action: "preview:")]
        field.passesOn = false
        let recorder = scene.record()
        scene.sim.keyPress("p", modifierFlags: .command)
        #expect(recorder.keyCommands.map(\.outcome) == [.noResponderPerforms, .noResponderPerforms])
        #expect(scene.log.lines == ["field.pressesBegan", "field.pressesEnded"])
        panel.actions = ["preview:"]
        scene.sim.keyPress("p", modifierFlags: .command)
        #expect(scene.log.lines.last == "panel.perform preview:")
    }

    @Test func aMethodReferenceIsCalledOnTheFirstResponderOfItsType() {
        let (scene, _, panel, _) = scene()
        panel.commands = [UIKeyCommand(title: "Bold", action: Commander.bold, input: "b", modifierFlags: .command)]
        scene.sim.keyPress("b", modifierFlags: .command)
        // The field is a Commander too, and the first of that type from the first responder.
        #expect(scene.log.lines == ["field.bold b"])
        #expect(panel.commands.first?.action == nil)
        #expect(panel.commands.first?.title == "Bold")
    }

    @Test func specialInputsMatchTheirKeys() {
        let (scene, _, panel, _) = scene()
        let inputs = [UIKeyCommand.inputUpArrow, UIKeyCommand.inputDownArrow, UIKeyCommand.inputLeftArrow, UIKeyCommand.inputRightArrow,
                      UIKeyCommand.inputEscape, UIKeyCommand.inputPageUp, UIKeyCommand.inputPageDown, UIKeyCommand.inputHome,
                      UIKeyCommand.inputEnd, UIKeyCommand.inputDelete, UIKeyCommand.f1, UIKeyCommand.f12]
        #expect(Set(inputs).count == inputs.count)
        panel.commands = inputs.map { UIKeyCommand(input: $0, modifierFlags: [], action: Selector($0)) }
        panel.actions = Set(inputs.map { Selector($0) })
        for input in inputs { scene.sim.keyPress(input) }
        #expect(scene.log.lines == inputs.map { "panel.perform \($0)" })
        #expect(HIDEvent.KeyDescription(input: UIKeyCommand.inputUpArrow).keyCode == .keyboardUpArrow)
        #expect(HIDEvent.KeyDescription(input: UIKeyCommand.f12).keyCode == .keyboardF12)
    }

    @Test func withNoFirstResponderTheSearchStartsAtTheRootViewController() {
        let (scene, controller, _, field) = scene()
        _ = field.resignFirstResponder()
        controller.addKeyCommand(UIKeyCommand(input: "r", modifierFlags: .command, action: "reload:"))
        controller.actions = ["reload:"]
        scene.sim.keyPress("r", modifierFlags: .command)
        #expect(scene.log.lines == ["controller.perform reload:"])
        #expect(controller.keyCommands?.count == 1)
        controller.removeKeyCommand(controller.keyCommands![0])
        #expect(controller.keyCommands == nil)
    }

    @Test func anEditingTextFieldTypesItsKeysBeforeCommandsThatDoNotWantPriority() {
        let (scene, controller, _, _) = scene()
        let text = UITextField(frame: CGRect(x: 0, y: 300, width: 200, height: 40))
        controller.view.addSubview(text)
        #expect(text.becomeFirstResponder())
        let plain = UIKeyCommand(input: "a", modifierFlags: [], action: "plainA:")
        let arrow = UIKeyCommand(input: UIKeyCommand.inputUpArrow, modifierFlags: [], action: "up:")
        let eager = UIKeyCommand(input: "z", modifierFlags: [], action: "eagerZ:")
        eager.wantsPriorityOverSystemBehavior = true
        let escape = UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: "escape:")
        [plain, arrow, eager, escape].forEach(controller.addKeyCommand)
        controller.actions = ["plainA:", "up:", "eagerZ:", "escape:"]
        let recorder = scene.record()
        scene.sim.keyPress("a")
        scene.sim.keyPress(UIKeyCommand.inputUpArrow)       // the caret's key: the field's
        scene.sim.keyPress("z")
        scene.sim.keyPress(UIKeyCommand.inputEscape)        // the field does not type it
        #expect(text.text == "a")
        #expect(scene.log.lines == ["controller.perform eagerZ:", "controller.perform escape:"])
        #expect(recorder.keyCommands.first?.outcome == .textInputFirst(text.traceSubject))
    }

    @Test func keysThatMatchNoCommandGoOnToPressesBegan() {
        let (scene, _, panel, field) = scene()
        panel.commands = [UIKeyCommand(input: "s", modifierFlags: .command, action: "save:")]
        field.passesOn = false
        scene.sim.keyPress("s")
        #expect(field.pressCalls.map(\.method) == ["pressesBegan", "pressesEnded"])
        #expect(field.pressCalls.first?.presses.first?.key?.modifierFlags == [])
    }

    @Test func commandsKeepTheirTitlesAndPriority() {
        let command = UIKeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command, discoverabilityTitle: "Save Document")
        #expect(command.title == "Save" && command.discoverabilityTitle == "Save Document")
        #expect(!command.wantsPriorityOverSystemBehavior)
        command.wantsPriorityOverSystemBehavior = true
        #expect(command.wantsPriorityOverSystemBehavior)
    }

    @Test func signsHaveTheirKeysAndKeysOfOtherLayoutsAreToldApartByTheirCharacter() {
        // The signs of a US keyboard have their HID usages: a sign and the one shift makes of it are one key.
        #expect(HIDEvent.KeyDescription(input: ",").keyCode == .keyboardComma)
        #expect(HIDEvent.KeyDescription(input: "<").keyCode == .keyboardComma)
        #expect(HIDEvent.KeyDescription(input: "?").keyCode == .keyboardSlash)
        #expect(HIDEvent.KeyDescription(input: "!").keyCode == .keyboard1)
        #expect(HIDEvent.KeyDescription(input: ")").keyCode == .keyboard0)
        #expect(HIDEvent.KeyDescription(input: "?").characters == "?")
        func identifier(_ input: String) -> Int { HIDEvent.Press(key: .init(input: input), phase: .began).identifier }
        #expect(identifier(",") != identifier("."))
        #expect(identifier("!") == identifier("1"))
        // A key with no usage code is told apart by its character: two held together are two presses.
        #expect(HIDEvent.KeyDescription(input: "é").keyCode.rawValue == 0)
        #expect(identifier("é") != identifier("ß"))
        #expect(identifier("é") != identifier(","))
        let (scene, _, _, _) = scene()
        scene.sim.keyDown(",")
        scene.sim.keyDown(".")
        scene.sim.keyDown("é")
        scene.sim.keyDown("ß")
        #expect(scene.app.pressesEvent.pressList.count == 4)
        for input in [",", ".", "é", "ß"] { scene.sim.keyUp(input) }
        #expect(scene.app.pressesEvent.pressList.isEmpty)
    }

    @Test func aCommandWrittenWithAShiftedSignMatchesIt() {
        let (scene, _, panel, _) = scene()
        panel.commands = [UIKeyCommand(input: "?", modifierFlags: .command, action: "help:")]
        panel.actions = ["help:"]
        scene.log.clear()
        scene.sim.keyPress("?", modifierFlags: .command)
        #expect(scene.log.lines == ["panel.perform help:"])
    }
}
