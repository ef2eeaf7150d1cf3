import Foundation
import ResponderKit

/// A scene and a script of input, as read from a scenario file. See `Scenarios/README.md` for the format.
struct Scenario: Sendable {
    /// The file it was read from.
    var file: String
    /// A title for the scene.
    var name: String?
    /// What the scene shows.
    var description: String?
    /// The windows, in the order they are made visible.
    var windows: [WindowSpec] = []
    /// The view or controller made first responder before the script starts.
    var firstResponder: Named?
    /// Whether the application has a delegate that is a responder, ending the chain after it (B5).
    var hasAppDelegate = false
    /// Whether the application receives remote-control events (R16).
    var receivesRemoteControl = false
    /// Whether the application runs on a device (``DeviceSystem``) even when no step uses the system
    /// side: the system's edge recognizers are then at its windows and take part in its arbitration (I3).
    var runsOnDevice = false
    /// Whether the application takes indirect input events (U2: `UIApplicationSupportsIndirectInputEvents`).
    var supportsIndirectInput = false
    /// The input, in order.
    var script: [Step] = []
    /// The trace the run must produce, if given.
    var expect: String?
    /// Where `expect:` is, for reporting a mismatch.
    var expectLocation: SourceLocation?

    /// A name used in the file, with where it was written (for errors about unknown names).
    struct Named: Sendable, Equatable {
        var name: String
        var location: SourceLocation
    }
}

/// A window of a scenario.
struct WindowSpec: Sendable {
    var name: String
    var frame: CGRect
    var level: CGFloat
    var isKey: Bool
    var isHidden: Bool
    var root: ControllerSpec?
    var subviews: [ViewSpec]
    var location: SourceLocation
}

/// A view controller of a scenario: its root view, children and presented controller.
struct ControllerSpec: Sendable {
    var name: String
    /// Selectors it performs when they travel up the responder chain (R17).
    var handles: [String]
    /// Whether it handles shakes, remote control and presses itself instead of passing them on.
    var handlesEvents: Set<ViewSpec.HandledEvent>
    /// Its `preferredScreenEdgesDeferringSystemGestures` (I3); a window's root controller only.
    var defersSystemGestures: UIRectEdge = []
    var view: ViewSpec
    /// Children, each added with its view inside the parent's root view.
    var children: [ControllerSpec]
    /// The controller presented by this one: none or one (a list, as a struct cannot hold itself).
    var presented: [ControllerSpec]
    var location: SourceLocation
    /// The key commands it offers (U5).
    var keyCommands: [KeyCommandSpec] = []
    /// A navigation controller's stack, the root first: a controller with a stack is a
    /// `UINavigationController`, whose view is UIKit's navigation views (it has no `view` or children).
    var stack: [ControllerSpec] = []
    /// Controllers a `push` step may push onto this navigation controller later.
    var pushes: [ControllerSpec] = []
    /// Who answers for the navigation controller's back swipe (its recognizer's delegate).
    var backSwipe: BackSwipe = .system
    /// How the controller is shown when presented (its `modalPresentationStyle`).
    var presentation: UIModalPresentationStyle = .automatic
    /// Its `isModalInPresentation`.
    var isModalInPresentation = false
    /// Whether a presentation delegate answers false to `presentationControllerShouldDismiss`.
    var refusesDismissal = false

    /// Whether the controller is a navigation controller.
    var isNavigation: Bool { !stack.isEmpty }

    /// The back swipe's delegate in a scenario.
    enum BackSwipe: String, Sendable, CaseIterable {
        /// The navigation controller's own: no swipe on the root controller or during a transition.
        case system
        /// An app's delegate that lets the swipe begin whenever (the usual fix for a custom back button,
        /// and its pitfall: the swipe then begins on the root controller too).
        case always
        /// An app's delegate that lets the swipe begin only with more than one controller on the stack.
        case checksStack = "checks-stack"
        /// The recognizer is disabled.
        case off
    }

    /// Every controller this one contains or presents: children, stack, later pushes and presented.
    var contained: [ControllerSpec] { children + stack + pushes + presented }
}

/// A view of a scenario, with its behaviours, recognizers, actions and subviews.
struct ViewSpec: Sendable {
    /// The kinds of view a scenario can make.
    enum Kind: String, Sendable, CaseIterable {
        case view, button, `switch`, slider, label, image, textField = "text-field", scroll, table, collection
    }

    /// Events a view can handle itself instead of passing them up the chain.
    enum HandledEvent: String, Sendable, CaseIterable {
        case motion, remote, presses, touches
    }

    var name: String
    var kind: Kind
    var frame: CGRect
    var boundsOrigin: CGPoint
    var transform: CGAffineTransform
    var isHidden: Bool
    var alpha: CGFloat
    var isUserInteractionEnabled: Bool?
    var isMultipleTouchEnabled: Bool
    var isExclusiveTouch: Bool
    var isEnabled: Bool
    /// Whether touches are passed up the chain (the default) or stopped here.
    var forwardsTouches: Bool
    var handles: Set<HandledEvent>
    var canBecomeFirstResponder: Bool
    /// Insets applied to the bounds by `point(inside:with:)`; negative values grow the touch area.
    var pointInsideInsets: UIEdgeInsets?
    /// Whether `hitTest` returns the view itself for any point inside it, hiding its subviews.
    var interceptsHitTesting: Bool
    /// Recognizers this view refuses in `gestureRecognizerShouldBegin`.
    var vetoes: [Scenario.Named]
    var value: Float?
    var isOn: Bool?
    var text: String?
    var actions: [ActionSpec]
    var recognizers: [RecognizerSpec]
    var subviews: [ViewSpec]
    var location: SourceLocation
    /// A `scroll` view's properties (nil for other kinds); tables and collections have them too.
    var scroll: ScrollSpec? = nil
    /// A `table` or `collection` view's rows or items, cells and delegate answers (nil for other kinds).
    var container: ContainerSpec? = nil
    /// Selectors a plain view performs when they travel up the responder chain (R17), as a key
    /// command's action does (U5).
    var performs: [String] = []
    /// The key commands it offers (U5).
    var keyCommands: [KeyCommandSpec] = []
    /// Whether it has a `UIPencilInteraction` (U4), whose delegate the trace names.
    var hasPencilInteraction = false
}

/// A key command a view or a controller offers (U5): the key, its modifiers and the selector it sends.
struct KeyCommandSpec: Sendable {
    var input: String
    var modifiers: UIKeyModifierFlags
    var action: String
    var wantsPriority: Bool
    var location: SourceLocation
}

/// A `scroll` view's properties, each UIScrollView's default when left out.
struct ScrollSpec: Sendable {
    var contentSize: CGSize = .zero
    var contentOffset: CGPoint = .zero
    /// Extra room around the content that scrolling reaches (`contentInset`).
    var contentInset: UIEdgeInsets = .zero
    var isPagingEnabled = false
    var bounces = true
    var alwaysBounceVertical = false
    var alwaysBounceHorizontal = false
    var delaysContentTouches = true
    var canCancelContentTouches = true
    var isScrollEnabled = true
    var isDirectionalLockEnabled = false
    var fastDeceleration = false
    /// `[minimum, maximum]`; the first subview zooms when the range is more than a point.
    var zoomRange: (CGFloat, CGFloat)?
    /// Recognizers the scroll view's pan must wait for (`panGestureRecognizer.require(toFail:)`).
    var panRequiresFailureOf: [Scenario.Named] = []

    /// The names of the scroll view's own recognizers, as scenes and traces call them.
    static func recognizerNames(of view: String, zooms: Bool) -> [String] {
        ["\(view).delay", "\(view).pan"] + (zooms ? ["\(view).pinch"] : [])
    }
}

/// A control's action: logged, or a selector sent up the responder chain.
struct ActionSpec: Sendable {
    enum Kind: Sendable {
        /// The action is recorded in the trace, with the control as sender.
        case log
        /// A nil-targeted selector, handled by the first responder in the chain that can (R15, R17).
        case send(String)
    }
    var events: UIControl.Event
    var kind: Kind
    var location: SourceLocation
}

/// A gesture recognizer of a scenario, with every property and the answers its delegate gives.
struct RecognizerSpec: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case tap, longPress = "long-press", pan, pinch, rotation, swipe, screenEdgePan = "screen-edge-pan", hover
    }

    var kind: Kind
    var name: String
    var taps: Int?
    var touches: Int?
    var minimumDuration: TimeInterval?
    var allowableMovement: CGFloat?
    var minimumTouches: Int?
    var maximumTouches: Int?
    var direction: UISwipeGestureRecognizer.Direction?
    var edges: UIRectEdge?
    var isEnabled: Bool = true
    var cancelsTouchesInView: Bool?
    var delaysTouchesBegan: Bool?
    var delaysTouchesEnded: Bool?
    var requiresExclusiveTouchType: Bool?
    var allowedPressTypes: [UIPress.PressType]?
    /// `allowedTouchTypes` (U2, U4).
    var allowedTouchTypes: [UITouch.TouchType]?
    /// A pan's `allowedScrollTypesMask` (U3).
    var scrollTypes: UIScrollTypeMask?
    /// A tap's `buttonMaskRequired` (U2).
    var buttons: UIEvent.ButtonMask?
    var thresholds: Thresholds?
    /// Delegate: recognize simultaneously with these.
    var simultaneousWith: [Scenario.Named] = []
    /// Delegate: require these to fail first.
    var requiresFailureOf: [Scenario.Named] = []
    /// Delegate: the answer to `gestureRecognizerShouldBegin`.
    var shouldBegin: Bool = true
    /// Delegate: the answer to `shouldReceive` for touches and presses.
    var shouldReceive: Bool = true
    /// Whether the file gives the recognizer a delegate (one of the delegate keys is present). Without
    /// one, the recognizer has none, and the trace shows no delegate questions.
    var hasDelegate = false
    /// A view of the scene that is the recognizer's delegate (its `gestureRecognizerShouldBegin` is then
    /// the delegate's too, R25); it answers every other question with UIKit's defaults.
    var delegateView: Scenario.Named?
    var location: SourceLocation
}

/// What touches in a `touches:` change other than a finger, and how: a pen with its force and pose, a
/// click with its buttons (U2, U4).
struct TouchKind: Sendable {
    var type: UITouch.TouchType
    var buttons: UIEvent.ButtonMask = []
    var force: CGFloat?
    /// The pencil's angles, in degrees.
    var altitude: CGFloat?
    var azimuth: CGFloat?
}

/// One step of a scenario's script. Steps run in order; `time` first waits until that absolute time.
struct Step: Sendable {
    enum Action: Sendable {
        case down(finger: Int, at: CGPoint)
        case move(finger: Int, to: CGPoint)
        case up(finger: Int)
        case cancel(finger: Int)
        /// Several fingers changing in one event; a change may say what touches (a pen, a click) and how.
        case touches([EventSimulator.TouchChange], kinds: [TouchKind?])
        case tap(at: CGPoint)
        case doubleTap(at: CGPoint)
        case drag(from: CGPoint, to: CGPoint, duration: TimeInterval, steps: Int)
        case longPress(at: CGPoint, duration: TimeInterval)
        case pinch(at: CGPoint, from: CGFloat, to: CGFloat, duration: TimeInterval, steps: Int)
        case rotate(at: CGPoint, radius: CGFloat, degrees: CGFloat, duration: TimeInterval, steps: Int)
        case swipe(from: CGPoint, direction: UISwipeGestureRecognizer.Direction, distance: CGFloat, duration: TimeInterval)
        case shake
        case remote(UIEvent.EventSubtype)
        case press(UIPress.PressType, down: Bool, up: Bool)
        case type(String)
        case wait(TimeInterval)
        // The system side (they put the scene's application on a device: see ScenarioRun)
        /// A system button: lock, home, volume, play/pause.
        case button(SystemButton)
        /// An incoming call begins (true) or ends (false).
        case call(Bool)
        /// A swipe in from a system edge of the screen.
        case edgeSwipe(UIRectEdge)
        /// Another (empty) application comes to the foreground, or the scene's comes back.
        case switchApplication
        /// The loop turns this many times a second (input waits in the port between turns), or at every input (nil).
        case loopRate(Double?)
        /// An application timer is scheduled on the loop for a mode: it fires `interval` seconds from now,
        /// and every `interval` after that when it repeats (see `ApplicationTimer`).
        case timer(name: String, interval: TimeInterval, repeats: Bool, mode: RunLoop.Mode)
        /// A controller declared under a navigation controller's `pushes` is pushed, animated.
        case push(String)
        /// A navigation controller pops its top controller, animated.
        case pop(String)
        /// A presented controller is dismissed in code, animated.
        case dismiss(String)
        // A pointer, a trackpad, a pencil, a keyboard (U1–U5)
        /// The pointer moves there: a hover, or a drag with a button down.
        case hover(to: CGPoint, modifiers: UIKeyModifierFlags)
        /// The pointer leaves the screen.
        case pointerExit
        /// A click: buttons pressed and released, or only pressed (`up` false) or only released.
        case click(at: CGPoint?, buttons: UIEvent.ButtonMask, modifiers: UIKeyModifierFlags, down: Bool, up: Bool)
        /// A trackpad's or a wheel's scroll.
        case scroll(at: CGPoint, by: CGPoint, type: UIScrollType, duration: TimeInterval, steps: Int)
        /// A trackpad's pinch or rotation.
        case trackpadTransform(at: CGPoint, scale: CGFloat, degrees: CGFloat, duration: TimeInterval, steps: Int)
        /// One scroll sample or one trackpad transform sample with its phase, as a device reports it.
        case scrollSample(at: CGPoint, by: CGPoint, type: UIScrollType, phase: HIDEvent.Phase)
        case transformSample(at: CGPoint, scale: CGFloat, degrees: CGFloat, phase: HIDEvent.Phase)
        /// The pencil touches down, moves or lifts (angles in degrees).
        case pencilDown(at: CGPoint, force: CGFloat, altitude: CGFloat, azimuth: CGFloat)
        case pencilMove(to: CGPoint, force: CGFloat?, altitude: CGFloat?, azimuth: CGFloat?)
        case pencilUp
        /// The pencil hovers above the screen, or leaves.
        case pencilHover(at: CGPoint, z: CGFloat, altitude: CGFloat, azimuth: CGFloat)
        case pencilHoverEnd
        /// A double tap on the pencil.
        case pencilTap
        /// A key of a hardware keyboard, with modifiers: down, up or both.
        case key(input: String, modifiers: UIKeyModifierFlags, down: Bool, up: Bool)

        /// Whether the step needs the system side.
        var needsSystem: Bool {
            switch self {
            case .button, .call, .edgeSwipe, .switchApplication: return true
            default: return false
            }
        }
    }
    /// The absolute time to wait for before the step, if given.
    var time: TimeInterval?
    var action: Action
    var location: SourceLocation
}

extension Step.Action {
    /// How many input events the step sends, for `ScenarioLimits.inputEvents`: what `EventSimulator` posts
    /// for it (a press or a typed character is a down and an up).
    var inputEvents: Int {
        switch self {
        case .down, .move, .up, .cancel, .touches, .remote: 1
        case .tap, .longPress, .shake, .press: 2
        case .doubleTap: 4
        case .drag(_, _, _, let steps), .pinch(_, _, _, _, let steps), .rotate(_, _, _, _, let steps): steps + 2
        case .swipe: 7
        case .type(let text): 2 * text.unicodeScalars.count
        // A system button may become one remote-control event; an edge swipe is a swipe of 8 steps.
        case .button: 1
        case .edgeSwipe: 10
        case .wait, .call, .switchApplication, .loopRate, .timer, .push, .pop, .dismiss: 0
        case .hover, .pointerExit, .pencilMove, .pencilUp, .pencilHover, .pencilHoverEnd, .pencilTap, .scrollSample, .transformSample: 1
        case .pencilDown: 2
        case .click: 3
        case .scroll(_, _, _, _, let steps), .trackpadTransform(_, _, _, _, let steps): steps + 2
        case .key: 2
        }
    }
}

extension ControllerSpec {
    /// What traces call a navigation controller's back swipe: `interactivePopGestureRecognizer`.
    static let backSwipeName = "interactivePopGestureRecognizer"

    /// The name a file uses for the back swipe of the navigation controller `name`: the one traces use
    /// when the scenario has one navigation controller, `NAME.interactivePopGestureRecognizer` when it has
    /// several (the scene then names each so).
    static func backSwipeName(of name: String, in scenario: Scenario) -> String {
        scenario.navigationControllerCount > 1 ? "\(name).\(backSwipeName)" : backSwipeName
    }

    /// The name of a presented sheet's pan, as UIKit names it.
    static let sheetPanName = "_UISheetInteractionBackgroundDismissRecognizer"

    /// Whether the controller is presented as a sheet the user can drag away.
    var presentsAsSheet: Bool { presentation != .fullScreen && presentation != .overFullScreen }
}

extension Scenario {
    /// The navigation controllers the scenario declares, at any depth.
    var navigationControllerCount: Int {
        func count(_ spec: ControllerSpec) -> Int { (spec.isNavigation ? 1 : 0) + spec.contained.map(count).reduce(0, +) }
        return windows.compactMap(\.root).map(count).reduce(0, +)
    }
}
