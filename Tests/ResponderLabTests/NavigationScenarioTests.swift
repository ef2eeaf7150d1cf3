import Foundation
import ResponderKit
import Testing
@testable import ResponderLab

/// Navigation controllers and presentations in scenario files, in `responder import` and in `explain`.
@MainActor
@Suite struct NavigationScenarioTests {

    private func scene(_ text: String) throws -> Scene {
        Scene(try ScenarioParser.parse(text, file: "containers.yaml"))
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try ScenarioParser.parse(text, file: "containers.yaml")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    static let navigation = """
        name: navigation
        windows:
          - name: window
            root:
              name: nav
              back-swipe: checks-stack
              stack:
                - name: inbox
                - name: message
                  view:
                    name: body
                    frame: [0, 0, 320, 480]
                    subviews:
                      - { name: strip, kind: scroll, frame: [0, 0, 320, 200], content-size: [960, 200],
                          pan-requires-failure-of: [interactivePopGestureRecognizer] }
              pushes:
                - name: later
              presented:
                name: sheet
                presentation: form-sheet
                modal-in-presentation: true
        script:
          - push: later
          - pop: nav
          - dismiss: sheet
        """

    @Test func aStackMakesANavigationControllerWithItsBackSwipeAndPushesAndAPresentedSheet() throws {
        let scene = try scene(Self.navigation)
        let nav = try #require(scene.controllers["nav"] as? UINavigationController)
        #expect(nav.viewControllers.map(\.title) == ["inbox", "message"])
        #expect(scene.views["body"]?.window != nil && scene.views["strip"] != nil)
        let pop = try #require(scene.recognizers["interactivePopGestureRecognizer"])
        #expect(pop === nav.interactivePopGestureRecognizer && pop.delegate is ScenarioBackSwipeDelegate)
        let sheet = try #require(scene.controllers["sheet"])
        // A form sheet in a 320 × 480 window is a page sheet.
        #expect(sheet.presentationController?.presentationStyle == .pageSheet && sheet.isModalInPresentation)
        #expect(scene.recognizers["_UISheetInteractionBackgroundDismissRecognizer"] != nil)
        #expect(scene.controllers["later"] != nil && nav.viewControllers.count == 2)
    }

    @Test func pushPopAndDismissStepsRunAnimatedOnTheClock() throws {
        let path = temporaryScenario(Self.navigation, name: "navigation")
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        #expect(result.outText.contains("navigation  nav") && result.outText.contains("push 'message' → 'later' (animated)"))
        #expect(result.outText.contains("dismissal by 'nav' as pageSheet (animated)"))
    }

    @Test func containerKeysAreCheckedWhereTheyDoNotApply() {
        let wrong = """
            name: wrong
            windows:
              - name: window
                root:
                  name: nav
                  stack:
                    - name: inbox
                      back-swipe: always
                      presentation: page-sheet
                  view: { name: v }
            script:
              - wait: 0.1
            """
        let found = problems(wrong)
        #expect(found.contains { $0.contains("'nav' has a stack: it is a navigation controller") })
        #expect(found.contains { $0.contains("'back-swipe' is for a navigation controller") })
        #expect(found.contains { $0.contains("'presentation' is for a presented controller") })
    }

    @Test func stepsOnControllersNameControllersOfTheRightKind() {
        let wrong = """
            name: wrong
            windows:
              - name: window
                root:
                  name: nav
                  stack: [{ name: inbox }]
            script:
              - push: nowhere
              - pop: inbox
              - dismiss: inbox
            """
        let found = problems(wrong)
        #expect(found.contains { $0.contains("unknown controller listed under a navigation controller's pushes 'nowhere'") })
        #expect(found.contains { $0.contains("unknown navigation controller 'inbox'") })
        #expect(found.contains { $0.contains("unknown presented controller 'inbox'") })
    }

    @Test func severalNavigationControllersNameTheirBackSwipesApart() throws {
        let text = """
            name: two
            windows:
              - name: a
                root: { name: left, stack: [{ name: one }] }
              - name: b
                root: { name: right, stack: [{ name: two }] }
            script:
              - wait: 0.1
            """
        let scene = try scene(text)
        #expect(scene.recognizers["left.interactivePopGestureRecognizer"]?.name == "left.interactivePopGestureRecognizer")
        #expect(scene.recognizers["right.interactivePopGestureRecognizer"] != nil)
    }

    @Test func explainSaysWhyTheBackSwipeDidNotStartOnTheRootController() throws {
        let path = try #require(bundledScenarioPaths.first { $0.hasSuffix("back-swipe-root-controller.yaml") })
        let result = Captured.explain(path, .recognizer("interactivePopGestureRecognizer"))
        #expect(result.code == 0, "\(result.errorText)")
        #expect(result.out.first?.contains("it was offered 2 touches and turned them away (D2)") == true)
        #expect(result.outText.contains("'nav' turned its back swipe away because only the root controller is on the stack"))
    }

    @Test func explainFollowsTheFreezeAReplacedDelegateCauses() throws {
        let path = try #require(bundledScenarioPaths.first { $0.hasSuffix("back-swipe-replaced-delegate.yaml") })
        let result = Captured.explain(path, .recognizer("interactivePopGestureRecognizer"))
        #expect(result.outText.contains("the back swipe began with only the root controller on the stack of 'nav'"))
        #expect(result.outText.contains("cancelled (a flick of at least 1 width/s, T7)"))
    }

    static let sheetDump = """
        <UIWindow: 0x7fa1c0d05b70; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x600000c1c090>>
           | <UIView: 0x7fa1c0e01000; frame = (0 0; 375 667); layer = <CALayer: 0x6000003f2000>>
           | <UITransitionView: 0x7fa1c0e07a40; frame = (0 0; 375 667); layer = <CALayer: 0x6000003f2a60>>
           |    | <UIDropShadowView: 0x7fa1c0e07b00; frame = (0 53; 375 614); layer = <CALayer: 0x6000003f2b60>>
           |    |    | <UILayoutContainerView: 0x7fa1c0e07c00; frame = (0 0; 375 614); layer = <CALayer: 0x6000003f2c60>>
           |    |    |    | <UINavigationTransitionView: 0x7fa1c0e07d00; frame = (0 0; 375 614); layer = <CALayer: 0x6000003f2d60>>
           |    |    |    |    | <UIViewControllerWrapperView: 0x7fa1c0e07e00; frame = (0 0; 375 614); layer = <CALayer: 0x6000003f2e60>>
           |    |    |    |    |    | <UIView: 0x7fa1c0e07f00; frame = (0 0; 375 614); layer = <CALayer: 0x6000003f2f60>>
           |    |    |    |    |    |    | <UIButton: 0x7fa1c0e08000; frame = (20 100; 100 44); layer = <CALayer: 0x6000003f3060>>
           |    |    |    | <UINavigationBar: 0x7fa1c0e09000; frame = (0 0; 375 56); layer = <CALayer: 0x6000003f4060>>
        """

    @Test func importTurnsANavigationControllerInASheetIntoControllers() throws {
        let result = Lab.importHierarchy(Self.sheetDump, source: "dump.txt")
        let text = try #require(result.scenario)
        #expect(text.contains("presented:  # its UITransitionView, line 3"))
        #expect(text.contains("presentation: page-sheet"))
        #expect(text.contains("# a UINavigationController: its UILayoutContainerView, line 5"))
        #expect(result.problems.count == 1 && result.problems[0].hasSuffix("UINavigationBar: the navigation controller here has no bar; not imported"))
        let scene = try scene(text)
        let nav = try #require(scene.controllers.values.first { $0 is UINavigationController } as? UINavigationController)
        #expect(nav.viewControllers.count == 2 && nav.presentingViewController != nil)
        #expect(scene.views["UIButton1"]?.window != nil)
        // The tap lands on the button in the sheet: 53 pt down the window.
        #expect(text.contains("- tap: [70, 175]  # the centre of UIButton1"))
        let path = temporaryScenario(text, name: "imported-sheet")
        let run = Captured.run([path])
        #expect(run.code == 0 && run.outText.contains("→ UIButton1"))
    }
}
