import Foundation
import ResponderKit

/// One scene of the browser playground (`responder-serve`), played live: input arrives with the
/// source's timestamps, is held until its time comes on the application's clock and handed to the
/// device, and the application's loop is turned by the host (``tick()``), so timers — double-tap
/// windows, delayed touches, long presses — fire in real time as on a device.
///
/// The session also records what was played, as a scenario script (``recordedScenario()``): `responder
/// run` on that file replays the same input at the same times on virtual time. Explanations and the
/// timeline come from the lab's own explainer (`responder explain`) and timeline (`responder draw
/// --timeline`), and each touch that began is reported with its hit-test and why it went where it
/// went (``takeNewTouches()``).
///
/// Every time it gives (the trace's, the timeline's, the touches', the recording's) counts from the
/// moment the scene was built: time 0 is when the page loaded the scene.
///
/// This is the one place of the playground that reads trace records (their columns and kinds).
@MainActor
public final class PlaygroundSession {
    /// One finger (or the mouse, or a pen) in a touch frame.
    public struct Touch: Sendable, Equatable {
        public var finger: Int
        public var phase: UITouch.Phase
        public var x: Double
        public var y: Double
        /// The pressure, 0 when the source has none: a pen's from 0 to 1, which becomes a pencil's force
        /// from 0 to `EventSimulator.pencilMaximumForce` (4.17).
        public var force: Double
        /// What touches: a finger, a pen (`.pencil`) or the mouse (`.indirectPointer`: a click, U2, in a
        /// scene with `indirect-input: true`; a finger in any other).
        public var type: UITouch.TouchType = .direct
        /// A click's buttons.
        public var buttons: UIEvent.ButtonMask = []
        /// A pen's altitude and azimuth, in radians (U4).
        public var altitude: Double = .pi / 2
        public var azimuth: Double = 0

        public init(finger: Int, phase: UITouch.Phase, x: Double, y: Double, force: Double = 0) {
            (self.finger, self.phase, self.x, self.y, self.force) = (finger, phase, x, y, force)
        }
    }

    /// The mouse or a pen over the scene, not touching it (U1).
    public struct Hover: Sendable, Equatable {
        public var phase: HIDEvent.Phase
        public var x: Double
        public var y: Double
        /// `.indirectPointer` (the mouse) or `.pencil` (a pen in range).
        public var type: UITouch.TouchType
        public var altitude: Double = .pi / 2
        public var azimuth: Double = 0

        public init(phase: HIDEvent.Phase, x: Double, y: Double, type: UITouch.TouchType = .indirectPointer) {
            (self.phase, self.x, self.y, self.type) = (phase, x, y, type)
        }
    }

    /// A wheel event of the page: a mouse's notches, a trackpad's scroll, or (with the control key, as
    /// browsers report it) a trackpad's pinch (U2, U3).
    public struct Wheel: Sendable, Equatable {
        public var x: Double
        public var y: Double
        /// How far the content moves, in points (the browser's delta, negated).
        public var dx: Double
        public var dy: Double
        /// Notches of a mouse's wheel; 0 for a trackpad's smooth scroll.
        public var notches: Double = 0
        /// A pinch: browsers report a trackpad's pinch as a wheel with the control key.
        public var pinch = false

        public init(x: Double, y: Double, dx: Double, dy: Double) {
            (self.x, self.y, self.dx, self.dy) = (x, y, dx, dy)
        }
    }

    /// A hardware keyboard's key (U5): what it types and the modifier keys held with it. Played as
    /// `responder live` plays a `key` frame: a press whose `key` is this key, matched against the
    /// responder chain's key commands before it goes anywhere else, whose type is an arrow's for an
    /// arrow key and a keyboard key's for any other (never a remote's `select` or `menu`).
    public struct Key: Sendable, Equatable {
        /// One character (`"s"`, `" "`, `"\r"` for Return, `"\t"` for Tab, `"\u{8}"` for Backspace) or a
        /// special key's name as scenario files give it: `up-arrow`, `down-arrow`, `left-arrow`,
        /// `right-arrow`, `escape`, `page-up`, `page-down`, `home`, `end`, `delete` (forward), `f1`…`f12`.
        public var input: String
        public var modifiers: UIKeyModifierFlags

        public init(_ input: String, modifiers: UIKeyModifierFlags = []) {
            (self.input, self.modifiers) = (input, modifiers)
        }

        /// The modifier keys by the names scenario files give them (`shift`, `control`, `alternate` or
        /// `option`, `command`, `caps-lock`, `numeric-pad`).
        public static var modifierNames: [(String, UIKeyModifierFlags)] { ScenarioParser.modifierNames }
    }

    /// What the page can play.
    public enum Input: Sendable, Equatable {
        /// The fingers that changed, in one touch event.
        case touches([Touch])
        /// A press of a remote's button, by the scenario's press type name (`select`, `menu`, `up-arrow`…),
        /// with no key: down, up or both. A keyboard's key is a ``key(_:down:up:)``.
        case press(String, down: Bool, up: Bool)
        case shake
        /// A remote-control command, by the scenario's name (`play`, `next-track`…).
        case remote(String)
        /// A system button: lock, home, volumeUp, volumeDown, playPause.
        case button(String)
        /// An incoming call begins (true) or ends (false).
        case call(incoming: Bool)
        /// The mouse or a pen over the scene.
        case hover(Hover)
        /// A wheel event: a scroll, or a trackpad's pinch.
        case wheel(Wheel)
        /// A hardware keyboard's key going down, coming up, or both (U5).
        case key(Key, down: Bool, up: Bool)
    }

    /// One line of the trace, as the page shows it.
    public struct TraceLine: Sendable, Equatable {
        public var time: Double
        public var category: String
        public var subject: String
        public var detail: String
    }

    /// A view of the scene as drawn: its four corners on the screen (transforms and the content offsets
    /// of the scroll views around it included).
    public struct ViewBox: Sendable, Equatable {
        public var name: String
        public var kind: String
        public var corners: [[Double]]
        public var depth: Int
        public var flags: [String]
        public var recognizers: [Recognizer]
        public var isControl: Bool
        /// The screen corners of every scroll view around this view, outermost first: the view shows only
        /// inside all of them, as a scroll view shows its content only within its bounds.
        public var clips: [[[Double]]]
        /// A scroll view's content offset and zoom scale; nil for other views.
        public var scroll: ScrollState?
        /// The row a table's cell shows (or the item a collection's cell shows) and its state; nil for
        /// other views.
        public var row: RowState?
    }

    /// A table's row or a collection view's item, as its cell shows it: which one, and whether it is
    /// highlighted or selected (T1–T4).
    public struct RowState: Sendable, Hashable {
        /// The name of the cell that shows it.
        public var name: String
        /// `[section, row]` (`[section, item]` in a collection view).
        public var indexPath: [Int]
        public var isHighlighted: Bool
        public var isSelected: Bool
    }

    /// A gesture recognizer of a view, as the page labels it: its name, its kind (`tap`, `pan`,
    /// `delayed touches began`: its class without `UI` and `GestureRecognizer`, as the lab's pictures
    /// say it) and whether it is enabled.
    public struct Recognizer: Sendable, Equatable {
        public var name: String
        public var kind: String
        public var isEnabled: Bool
    }

    /// A scroll view's content offset (its bounds origin) and zoom scale, by the view's name.
    public struct ScrollState: Sendable, Equatable {
        public var name: String
        public var contentOffset: [Double]
        public var zoomScale: Double
    }

    /// The scene as the page draws it: the screen's size and every view, back to front.
    public struct Layout: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var views: [ViewBox]
    }

    /// A timeline lane's kind and name.
    public struct Lane: Sendable, Equatable {
        public var kind: String
        public var name: String
    }

    /// The timeline of the records kept, as the page draws it: what `responder draw --timeline` draws,
    /// as values. Times are the trace's, in seconds since the scene was built.
    public struct TimelineContent: Sendable, Equatable {
        /// When the timeline ends: the session's present.
        public var end: TimeInterval
        /// Marks and bands left out past the timeline's limit (20,000).
        public var omitted: Int
        public var lanes: [LaneContent]
    }

    /// One lane of the timeline and what happened on it.
    public struct LaneContent: Sendable, Equatable {
        public var lane: Lane
        /// Stretches of time in one state: a recognizer's states, `down` for a touch.
        public var bands: [Band]
        /// A recognizer waiting for others to fail before it leaves `possible` (R7).
        public var waits: [Wait]
        /// What happened at one time: a touch's input, a delivery, a control's events, an action.
        public var marks: [Mark]
    }

    public struct Band: Sendable, Equatable {
        public var state: String
        public var start: TimeInterval
        public var end: TimeInterval
    }

    public struct Wait: Sendable, Equatable {
        public var start: TimeInterval
        public var end: TimeInterval
        /// The state it wants to enter.
        public var wants: String
        /// The recognizers it waits for.
        public var waitingFor: [String]
    }

    public struct Mark: Sendable, Equatable {
        public var time: TimeInterval
        /// `down`, `move`, `up`, `cancel` (a touch's input); `began`, `moved`, `ended`, `cancelled`,
        /// `other` (deliveries); `withheld`, `released`, `discarded`; `event` (a control's), `action`.
        public var style: String
        public var label: String
    }

    /// Records kept for the timeline and explanations; older ones are dropped past this (the page keeps
    /// its own bounded tail). A long session stays bounded.
    public static let keptRecords = 20_000
    /// Input frames recorded for "save as scenario"; past this the recording stops (the live scene goes on).
    public static let recordedFrames = 5_000
    /// Frames waiting for their time; more than this and new ones are refused.
    public static let pendingFrames = 2_000
    /// Touch reports kept (``touches``) and waiting to be taken (``takeNewTouches()``); older ones are dropped.
    public static let keptTouches = 500
    /// The visits a touch report lists; it counts the rest in ``TouchReport/omittedVisits``.
    public static let listedVisits = 200

    let scenario: Scenario
    private let sourceText: String
    private let scene: Scene
    private let system: DeviceSystem
    private let loop: EventLoop
    private let tracer: SessionTracer
    private let touchReporter: TouchReporter
    /// The clock time trace times count from: when the scene was built.
    private let traceOrigin: TimeInterval
    private var pending: [(time: TimeInterval, input: Input)] = []
    private var origin: (source: TimeInterval, clock: TimeInterval)?
    private var lastSourceTime: TimeInterval?
    /// Fingers down, as the page sent them (queued or played), with their last place.
    private var fingersDown: [Int: CGPoint] = [:]
    private var pressesDown: Set<String> = []
    /// Keys down, as the page sent them (at most ``HeldKeys/limit``).
    private var keysDown = HeldKeys()
    private var recorded: [(time: TimeInterval, played: PlaygroundScript.Played)] = []
    /// Whether the recording stopped at ``recordedFrames``.
    public private(set) var recordingTruncated = false
    /// The scroll views' states when ``takeScrollChanges()`` last looked.
    private var reportedScrollStates: [ScrollState] = []
    /// The rows' states the page was last sent (see ``takeRowChanges()``).
    private var reportedRowStates: [RowState] = []
    /// Whether the scene has a hover recognizer: hover goes to it only then (a page reports every move
    /// of the mouse, and a scene without one would fill its trace with their hit-tests).
    private let takesHover: Bool
    /// Whether the scene takes a hardware keyboard: a responder of it offers key commands, or it has a
    /// text field. The page then sends every key as a key; in any other scene the keys that stand for a
    /// remote's buttons (the arrows, Enter, Esc, Space, Page Up and Page Down, with no modifier held)
    /// are the remote's presses, as they always were here.
    public let takesKeyboard: Bool
    /// A pinch the page is making with the wheel: its scale so far, and when its last wheel came.
    private var wheelPinch: (scale: Double, time: TimeInterval)?
    /// The pointer as `EventSimulator` keeps it, so that the recording replays the same records: where
    /// it is (a hover or a wheel put it there), whether the mouse hovers, whether a pen does and where.
    private var pointerLocation: CGPoint?
    private var isHovering = false
    private var pencilHover: CGPoint?

    private init(scenario: Scenario, text: String) {
        self.scenario = scenario
        sourceText = text
        scene = Scene(scenario)
        takesHover = scene.recognizers.values.contains { $0 is UIHoverGestureRecognizer }
        takesKeyboard = scene.views.values.contains { $0 is UITextField || !($0.keyCommands ?? []).isEmpty }
            || scene.controllers.values.contains { !($0.keyCommands ?? []).isEmpty }
        let application = scene.application
        touchReporter = TouchReporter(application: application)
        tracer = SessionTracer(touches: touchReporter)
        application.tracer = tracer
        system = DeviceSystem()
        system.tracer = tracer
        loop = EventLoop(application: application)
        // The loop made trace times count from now; the recording's times count from the same moment.
        traceOrigin = application.inputPort.now - application.traceTime
        system.install(application, name: "UIApplication")
        system.bringToForeground(application)
        loop.processEvents()
        reportedScrollStates = scrollStates
        reportedRowStates = rowStates
    }

    /// Builds the scene of a scenario's text, or says what is wrong with it, with line and column.
    public static func make(yaml text: String, file: String) -> Result<PlaygroundSession, ScenarioErrors> {
        do {
            let scenario = try ScenarioParser.parse(text, file: file)
            return .success(PlaygroundSession(scenario: scenario, text: text))
        } catch {
            return .failure(error)
        }
    }

    /// The scenario's name, or nil.
    public var name: String? { scenario.name }

    // MARK: Input

    /// Queues `input`, stamped `sourceTime` on the source's clock (seconds, any origin, never going
    /// back), to be played when its time comes. Returns what is wrong with it instead, and plays nothing.
    public func enqueue(_ input: Input, sourceTime: TimeInterval) -> String? {
        guard sourceTime.isFinite, sourceTime >= 0 else { return "'t' must be a number of seconds, 0 or more" }
        if let last = lastSourceTime, sourceTime < last {
            return "'t' went back from \(last) to \(sourceTime): input must come in time order"
        }
        guard pending.count < Self.pendingFrames else { return "too much input waiting (\(Self.pendingFrames) frames): slow down" }
        if let problem = check(input) { return problem }
        let input = mouseAsFinger(liftedWhereTheyWere(input))
        commit(input)
        lastSourceTime = sourceTime
        let now = scene.application.inputPort.now
        let start = origin ?? (sourceTime, now)
        origin = start
        pending.append((start.clock + sourceTime - start.source, input))
        return nil
    }

    /// Rejects input that could not happen: a finger that goes down twice, moves while up, a press
    /// released that was never pressed, a key as ``HeldKeys`` says, an unknown name.
    private func check(_ input: Input) -> String? {
        switch input {
        case .touches(let touches):
            guard !touches.isEmpty, touches.count <= LiveLine.maximumTouches else { return "a touch frame holds 1 to \(LiveLine.maximumTouches) fingers" }
            var seen = Set<Int>()
            for touch in touches {
                guard (1...20).contains(touch.finger) else { return "finger \(touch.finger): fingers are numbered 1 to 20" }
                guard seen.insert(touch.finger).inserted else { return "finger \(touch.finger) appears twice in one frame" }
                guard touch.x.isFinite, touch.y.isFinite, abs(touch.x) < 1e6, abs(touch.y) < 1e6 else { return "finger \(touch.finger): x and y must be numbers (screen points)" }
                guard touch.force.isFinite, touch.force >= 0 else { return "finger \(touch.finger): force must be 0 or more" }
                guard touch.altitude.isFinite, (0...Double.pi / 2).contains(touch.altitude), touch.azimuth.isFinite, abs(touch.azimuth) < 1e6 else {
                    return "finger \(touch.finger): altitude must be radians from 0 to π/2, azimuth radians"
                }
                let down = fingersDown[touch.finger] != nil
                switch touch.phase {
                case .began where down: return "finger \(touch.finger) is already down: lift it first"
                case .moved where !down, .stationary where !down, .ended where !down, .cancelled where !down:
                    return "finger \(touch.finger) is not down: it must begin first"
                default: break
                }
            }
        case .press(let type, let down, let up):
            guard ScenarioParser.pressTypes.contains(where: { $0.0 == type }) else {
                return "unknown press type '\(type)' (use \(ScenarioParser.pressTypes.map(\.0).joined(separator: ", ")))"
            }
            if down, !up, pressesDown.contains(type) { return "'\(type)' is already pressed" }
            if up, !down, !pressesDown.contains(type) { return "'\(type)' is not pressed" }
        case .remote(let command):
            guard ScenarioParser.remoteCommands.contains(where: { $0.0 == command }) else {
                return "unknown remote command '\(command)' (use \(ScenarioParser.remoteCommands.map(\.0).joined(separator: ", ")))"
            }
        case .button(let button):
            guard SystemButton(rawValue: button) != nil else {
                return "unknown button '\(button)' (use \(SystemButton.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
        case .shake, .call: break
        case .hover(let hover):
            guard hover.type == .indirectPointer || hover.type == .pencil else { return "hover: the mouse (indirect-pointer) or a pen (pencil) hovers, not a finger" }
            guard hover.x.isFinite, hover.y.isFinite, abs(hover.x) < 1e6, abs(hover.y) < 1e6 else { return "hover: x and y must be numbers (screen points)" }
            guard hover.altitude.isFinite, hover.azimuth.isFinite else { return "hover: altitude and azimuth must be numbers (radians)" }
        case .wheel(let wheel):
            guard [wheel.x, wheel.y].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return "wheel: x and y must be numbers (screen points)" }
            guard [wheel.dx, wheel.dy, wheel.notches].allSatisfy({ $0.isFinite && abs($0) < 1e5 }) else {
                return "wheel: dx, dy and notches must be numbers"
            }
        case .key(let key, let down, let up):
            guard down || up else { return "key '\(key.input)': it goes down, comes up, or both" }
            let known = Key.modifierNames.reduce(into: UIKeyModifierFlags()) { $0.formUnion($1.1) }
            guard key.modifiers.isSubset(of: known) else {
                return "key '\(key.input)': unknown modifier flags (use \(Key.modifierNames.map(\.0).joined(separator: ", ")))"
            }
            switch LiveKeys.key(named: key.input, modifiers: key.modifiers) {
            case .success(let description): return keysDown.problem(key.input, description, down: down, up: up)
            case .failure(let error): return error.message
            }
        }
        return nil
    }

    /// A finger lifts (or is cancelled) where it last was, as a scenario's `up:` lifts it: the pointer's
    /// last move already said where that is, so the recording replays the same event.
    private func liftedWhereTheyWere(_ input: Input) -> Input {
        guard case .touches(var touches) = input else { return input }
        for i in touches.indices where touches[i].phase == .ended || touches[i].phase == .cancelled {
            if let place = fingersDown[touches[i].finger] { (touches[i].x, touches[i].y) = (Double(place.x), Double(place.y)) }
        }
        return .touches(touches)
    }

    /// The mouse is a finger, as it always was here, unless the scene says `indirect-input: true`: then
    /// its touches are clicks (U2).
    private func mouseAsFinger(_ input: Input) -> Input {
        guard case .touches(var touches) = input, !scene.application.applicationSupportsIndirectInputEvents else { return input }
        for i in touches.indices where touches[i].type == .indirectPointer {
            touches[i].type = .direct
            touches[i].buttons = []
        }
        return .touches(touches)
    }

    /// Keeps what the input changes about fingers and presses down.
    private func commit(_ input: Input) {
        switch input {
        case .touches(let touches):
            for touch in touches {
                switch touch.phase {
                case .began, .moved, .stationary: fingersDown[touch.finger] = CGPoint(x: touch.x, y: touch.y)
                case .ended, .cancelled: fingersDown[touch.finger] = nil
                }
            }
        case .press(let type, let down, let up):
            if down && !up { pressesDown.insert(type) } else if up { pressesDown.remove(type) }
        case .button(let button):
            // The system cancels every touch on lock and home (R23): the page's fingers are gone.
            if button == SystemButton.lock.rawValue || button == SystemButton.home.rawValue { fingersDown.removeAll() }
        case .call(let incoming):
            if incoming { fingersDown.removeAll() }
        case .key(let key, let down, let up):
            if case .success(let description) = LiveKeys.key(named: key.input, modifiers: key.modifiers) {
                keysDown.commit(key.input, description, down: down, up: up)
            }
        case .shake, .remote, .hover, .wheel: break
        }
    }

    /// Plays every input whose time has come and turns the application's loop. Returns how long the
    /// host may sleep before the next input or timer is due (nil: nothing waits).
    @discardableResult
    public func tick() -> TimeInterval? {
        let now = scene.application.inputPort.now
        var index = 0
        while index < pending.count, pending[index].time <= now {
            play(pending[index].input, at: pending[index].time)
            index += 1
            loop.processEvents()
        }
        pending.removeFirst(index)
        let timerWait = loop.processEvents()
        guard let next = pending.first else { return timerWait }
        let inputWait = max(0, next.time - scene.application.inputPort.now)
        return min(timerWait ?? inputWait, inputWait)
    }

    private func play(_ input: Input, at time: TimeInterval) {
        switch input {
        case .hover(let hover):
            // A hover over a scene without a hover recognizer is neither played nor recorded.
            guard takesHover, let sample = hoverSample(hover) else { return }
            record(.pointer(.hover(sample)), at: time)
            system.send(HIDEvent(timestamp: time, payload: .hover(sample)))
            return
        case .wheel(let wheel):
            let payload = wheelPayload(wheel, at: time)
            pointerLocation = CGPoint(x: wheel.x, y: wheel.y)
            if case .scroll(var scroll) = payload {
                // Recorded as the points its notches move the content.
                scroll.delta.x += scroll.ticks.x * scene.application.thresholds.wheelTickDistance
                scroll.delta.y += scroll.ticks.y * scene.application.thresholds.wheelTickDistance
                scroll.ticks = .zero
                record(.pointer(.scroll(scroll)), at: time)
            } else {
                record(.pointer(payload), at: time)
            }
            system.send(HIDEvent(timestamp: time, payload: payload))
            return
        default: record(.input(input), at: time)
        }
        switch input {
        case .hover, .wheel: break
        case .touches(let touches):
            // A click ends the hover (Thresholds.hoverEndsOnClick): the next move begins another.
            if touches.contains(where: { $0.type == .indirectPointer && $0.phase == .began }) { isHovering = false }
            let samples = touches.map { touch in
                var sample = HIDEvent.Touch(finger: touch.finger, phase: touch.phase, location: CGPoint(x: touch.x, y: touch.y),
                                            force: touch.force, type: touch.type)
                sample.buttonMask = touch.buttons
                if touch.type == .pencil {
                    sample.force = Self.pencilForce(touch)
                    sample.maximumPossibleForce = EventSimulator.pencilMaximumForce
                    sample.altitudeAngle = touch.altitude
                    sample.azimuthAngle = touch.azimuth
                }
                return sample
            }
            system.send(HIDEvent(timestamp: time, payload: .touches(samples)))
        case .press(let name, let down, let up):
            guard let type = ScenarioParser.pressTypes.first(where: { $0.0 == name })?.1 else { return }
            if down { system.send(HIDEvent(timestamp: time, payload: .press(.init(identifier: type.rawValue, phase: .began, type: type)))) }
            if down && up { loop.processEvents() }
            if up { system.send(HIDEvent(timestamp: time, payload: .press(.init(identifier: type.rawValue, phase: .ended, type: type)))) }
        case .shake:
            system.send(HIDEvent(timestamp: time, payload: .motion(.motionShake, .began)))
            loop.processEvents()
            system.send(HIDEvent(timestamp: time, payload: .motion(.motionShake, .ended)))
        case .remote(let name):
            guard let subtype = ScenarioParser.remoteCommands.first(where: { $0.0 == name })?.1 else { return }
            system.send(HIDEvent(timestamp: time, payload: .remoteControl(subtype)))
        case .button(let name):
            guard let button = SystemButton(rawValue: name) else { return }
            system.press(button)
        case .call(let incoming):
            if incoming { system.beginInterruption(.incomingCall) } else { system.endInterruption() }
        case .key(let key, let down, let up):
            guard case .success(let description) = LiveKeys.key(named: key.input, modifiers: key.modifiers) else { return }
            LiveKeys.play(description, down: down, up: up, at: time, system: system, loop: loop)
        }
    }

    private func record(_ played: PlaygroundScript.Played, at time: TimeInterval) {
        if recorded.count < Self.recordedFrames { recorded.append((time - traceOrigin, played)) } else { recordingTruncated = true }
    }

    /// A pen's force: its pressure (0 to 1) as a share of the pencil's largest force.
    nonisolated static func pencilForce(_ touch: Touch) -> Double {
        min(max(touch.force, 0), 1) * EventSimulator.pencilMaximumForce
    }

    /// The hover sample the page's hover plays, as `EventSimulator` would send it (its phase is the
    /// pointer's, the page's is only whether it ended; it ends where it last was); nil when it is a hover
    /// that ends while none is under way.
    private func hoverSample(_ hover: Hover) -> HIDEvent.Hover? {
        let location = CGPoint(x: (hover.x * 10_000).rounded() / 10_000, y: (hover.y * 10_000).rounded() / 10_000)
        let ends = hover.phase == .ended || hover.phase == .cancelled
        if hover.type == .pencil {
            if ends {
                guard let last = pencilHover else { return nil }
                pencilHover = nil
                return HIDEvent.Hover(phase: .ended, location: last, type: .pencil)
            }
            defer { pencilHover = location }
            return HIDEvent.Hover(phase: pencilHover == nil ? .began : .changed, location: location, type: .pencil,
                                  zOffset: Self.pencilHoverHeight, altitudeAngle: hover.altitude, azimuthAngle: hover.azimuth)
        }
        if ends {
            guard let last = pointerLocation else { return nil }
            defer { (isHovering, pointerLocation) = (false, nil) }
            return isHovering ? HIDEvent.Hover(phase: .ended, location: last) : nil
        }
        defer { (isHovering, pointerLocation) = (true, location) }
        return HIDEvent.Hover(phase: isHovering ? .changed : .began, location: location)
    }

    /// How high a pen hovers (0 to 1): a page is not told, so the middle (chosen, as `EventSimulator`'s
    /// default).
    nonisolated static let pencilHoverHeight: CGFloat = 0.5

    /// How much a pinch made with the wheel scales per point of its delta (chosen: a browser reports a
    /// trackpad's pinch in wheel deltas of a few points per frame).
    nonisolated static let wheelPinchScalePerPoint = 0.01

    /// A wheel event as the device reports it (U2, U3): a mouse's notches as a discrete scroll, a
    /// trackpad's smooth scroll as a continuous one, a pinch as a transform. None has phases: the
    /// application ends each after a pause (``Thresholds/scrollEndDelay``), and so does this session's
    /// pinch, whose scale starts again at 1 after one.
    private func wheelPayload(_ wheel: Wheel, at time: TimeInterval) -> HIDEvent.Payload {
        // To the recording's precision, so that its replay sends the same values.
        func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        let location = CGPoint(x: rounded(wheel.x), y: rounded(wheel.y))
        if wheel.pinch {
            let pause = scene.application.thresholds.scrollEndDelay
            var scale = wheelPinch.flatMap { time - $0.time < pause ? $0.scale : nil } ?? 1
            scale = rounded(scale * exp(wheel.dy * Self.wheelPinchScalePerPoint))
            wheelPinch = (scale, time)
            return .transform(HIDEvent.Transform(phase: .changed, location: location, scale: scale))
        }
        if wheel.notches != 0 {
            // A wheel turns one way: sideways when the page says the content moves only sideways.
            let sideways = wheel.dy == 0 && wheel.dx != 0
            let notches = rounded(wheel.notches)
            return .scroll(.wheel(ticks: CGPoint(x: sideways ? notches : 0, y: sideways ? 0 : notches), at: location))
        }
        return .scroll(HIDEvent.Scroll(phase: .changed, location: location, delta: CGPoint(x: rounded(wheel.dx), y: rounded(wheel.dy))))
    }

    // MARK: The trace

    /// The lines traced since the last call.
    public func takeNewLines() -> [TraceLine] {
        tracer.takeNew().map(Self.line)
    }

    /// Every line kept (at most ``keptRecords``).
    public var lines: [TraceLine] { tracer.records.map(Self.line) }

    private static func line(_ record: TraceRecord) -> TraceLine {
        let columns = record.columns
        return TraceLine(time: (record.time * 1000).rounded() / 1000, category: columns.category, subject: columns.subject, detail: columns.detail)
    }

    /// The lanes of the timeline of the records kept, in the order the timeline draws them.
    public var timelineLanes: [Lane] {
        Timeline(tracer.records).lanes.map { Lane(kind: $0.kind.rawValue, name: $0.name) }
    }

    /// The timeline of the records kept, up to the present: a pass over them (about 10 ms for the
    /// 20,000 kept, in a debug build).
    public var timeline: TimelineContent {
        let timeline = Timeline(tracer.records, end: scene.application.traceTime)
        return TimelineContent(end: timeline.end, omitted: timeline.omitted, lanes: timeline.lanes.map { lane in
            LaneContent(lane: Lane(kind: lane.kind.rawValue, name: lane.name),
                        bands: lane.bands.map { Band(state: $0.state, start: $0.start, end: $0.end) },
                        waits: lane.waits.map { Wait(start: $0.start, end: $0.end, wants: $0.wants, waitingFor: $0.waitingFor) },
                        marks: lane.marks.map { Mark(time: $0.time, style: $0.style.rawValue, label: $0.label) })
        })
    }

    /// The lanes `responder draw --timeline` draws for a scenario's run on virtual time.
    public static func timelineLanes(ofScenario text: String, file: String) -> Result<[Lane], ScenarioErrors> {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(text, file: file)
        } catch {
            return .failure(error)
        }
        let run = ScenarioRun(scenario)
        run.play()
        return .success(Timeline(run.recorder.records, end: run.simulator.now).lanes.map { Lane(kind: $0.kind.rawValue, name: $0.name) })
    }

    // MARK: Touches

    /// The touches that began since the last call, each with its hit-test and its explanation (at most
    /// ``keptTouches``: older ones are dropped).
    public func takeNewTouches() -> [TouchReport] { touchReporter.takeNew() }

    /// The last touches that began (at most ``keptTouches``), oldest first.
    public var touches: [TouchReport] { touchReporter.reports }

    // MARK: The scene

    /// The scene as drawn: every visible window's views, back to front, with their screen corners.
    public var layout: Layout {
        var views: [ViewBox] = []
        var width: CGFloat = 0
        var height: CGFloat = 0
        for window in scene.windows where !window.isHidden {
            width = max(width, window.frame.maxX)
            height = max(height, window.frame.maxY)
            add(window, depth: 0, to: &views)
        }
        return Layout(width: Double(width), height: Double(height), views: views)
    }

    private func add(_ view: UIView, depth: Int, clips: [[[Double]]] = [], to views: inout [ViewBox]) {
        let b = view.bounds
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
            .map { view.convert($0, to: nil) }
            .map { [Double($0.x), Double($0.y)] }
        var flags: [String] = []
        if view.isHidden { flags.append("hidden") }
        if !view.isUserInteractionEnabled { flags.append("interaction off") }
        if view.alpha <= 0.01 { flags.append("alpha \(view.alpha)") }
        if view.isMultipleTouchEnabled { flags.append("multiple-touch") }
        if view.isExclusiveTouch { flags.append("exclusive-touch") }
        if let control = view as? UIControl, !control.isEnabled { flags.append("disabled") }
        let name = view.accessibilityIdentifier ?? String(describing: type(of: view))
        let kind = view is UIWindow ? "window" : String(describing: type(of: view)).replacingOccurrences(of: "Scenario", with: "").lowercased()
        let scrollView = view as? UIScrollView
        let recognizers = (view.gestureRecognizers ?? []).map { recognizer in
            let subject = recognizer.traceSubject
            return Recognizer(name: subject.name, kind: SVGRenderer.shortKind(subject.className), isEnabled: recognizer.isEnabled)
        }
        views.append(ViewBox(name: name, kind: kind, corners: corners, depth: depth, flags: flags,
                             recognizers: recognizers, isControl: view is UIControl,
                             clips: clips, scroll: scrollView.map(Self.scrollState), row: Self.rowState(view)))
        guard !view.isHidden else { return }
        // A scroll view's content shows only within its bounds (and within those of the scroll views around it).
        let inner = scrollView == nil ? clips : clips + [corners]
        for subview in view.subviews { add(subview, depth: depth + 1, clips: inner, to: &views) }
    }

    // MARK: Rows

    /// Every row and item shown in the visible windows, back to front, with its state.
    public var rowStates: [RowState] {
        var states: [RowState] = []
        func visit(_ view: UIView) {
            guard !view.isHidden else { return }
            if let state = Self.rowState(view) { states.append(state) }
            for subview in view.subviews { visit(subview) }
        }
        for window in scene.windows { visit(window) }
        return states
    }

    /// The rows and items that came into view or were highlighted, unhighlighted, selected or
    /// deselected since the last call (or since the scene was built); empty when none changed. The page
    /// redraws the scene on them.
    public func takeRowChanges() -> [RowState] {
        let states = rowStates
        guard states != reportedRowStates else { return [] }
        let before = Set(reportedRowStates)
        reportedRowStates = states
        return states.filter { !before.contains($0) }
    }

    /// The row a cell shows in its table, or the item in its collection view, with its state.
    private static func rowState(_ view: UIView) -> RowState? {
        let path: IndexPath?
        let highlighted: Bool, selected: Bool
        if let cell = view as? UITableViewCell, let table = cell.superview as? UITableView {
            (path, highlighted, selected) = (table.indexPath(for: cell), cell.isHighlighted, cell.isSelected)
        } else if let cell = view as? UICollectionViewCell, let collection = cell.superview as? UICollectionView {
            (path, highlighted, selected) = (collection.indexPath(for: cell), cell.isHighlighted, cell.isSelected)
        } else {
            return nil
        }
        guard let path else { return nil }
        return RowState(name: view.accessibilityIdentifier ?? String(describing: type(of: view)), indexPath: Array(path),
                        isHighlighted: highlighted, isSelected: selected)
    }

    // MARK: Scroll views

    /// Every scroll view of the visible windows, back to front, with its content offset and zoom scale.
    public var scrollStates: [ScrollState] {
        var states: [ScrollState] = []
        func visit(_ view: UIView) {
            guard !view.isHidden else { return }
            if let scrollView = view as? UIScrollView { states.append(Self.scrollState(scrollView)) }
            for subview in view.subviews { visit(subview) }
        }
        for window in scene.windows { visit(window) }
        return states
    }

    /// The scroll views whose content offset or zoom scale changed since the last call (or since the
    /// scene was built), with their new state; empty when none moved. The page redraws the scene on them.
    public func takeScrollChanges() -> [ScrollState] {
        let states = scrollStates
        guard states != reportedScrollStates else { return [] }
        let before = Dictionary(reportedScrollStates.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        reportedScrollStates = states
        return states.filter { before[$0.name] != $0 }
    }

    private static func scrollState(_ scrollView: UIScrollView) -> ScrollState {
        let offset = scrollView.contentOffset
        return ScrollState(name: scrollView.accessibilityIdentifier ?? String(describing: type(of: scrollView)),
                           contentOffset: [Double(offset.x), Double(offset.y)], zoomScale: Double(scrollView.zoomScale))
    }

    // MARK: Explanations

    /// `explain` for a view (or view controller), recognizer or control of the scene, on what was played so far: the
    /// recording is replayed on virtual time and the lab's explainer reads that run.
    public func explain(_ subject: ExplainSubject) -> [String] {
        if recordingTruncated { return ["The session is longer than the recording keeps (\(Self.recordedFrames) inputs): reload the scene to explain it."] }
        let run: ScenarioRun
        switch replay() {
        case .success(let played): run = played
        case .failure(let problems): return problems.errors.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        }
        let explainer = Explainer(run: run)
        switch subject {
        case .view(let name):
            guard run.scene.views[name] != nil || run.scene.controllers[name] != nil else {
                return ["No view or view controller named '\(name)'."]
            }
            return explainer.explainView(name)
        case .recognizer(let name):
            guard run.scene.recognizers[name] != nil else { return ["No recognizer named '\(name)'."] }
            return explainer.explainRecognizer(name)
        case .control(let name):
            guard run.scene.views[name] is UIControl else { return ["No control named '\(name)'."] }
            return explainer.explainControl(name)
        case .row(let name):
            guard explainer.rowName(name) != nil else { return ["No row named '\(name)' (a table's or collection's name, then the row: list.3)."] }
            return explainer.explainRow(name)
        }
    }

    // MARK: The recording

    /// What was played so far, as a scenario: this scene, `device: true`, a script that plays the same
    /// input at the same times, and its `expect:` block. `responder run` on it matches.
    public func recordedScenario() -> Result<String, ScenarioErrors> {
        let text = scriptedText()
        let run: ScenarioRun
        switch replay(text) {
        case .success(let played): run = played
        case .failure(let problems): return .failure(problems)
        }
        let lines = run.recorder.render().split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        return .success(ExpectDiff.replacingExpect(in: text, with: lines))
    }

    /// The trace lines `responder run` prints for the recording, without their times.
    public func replayedLines() -> Result<[TraceLine], ScenarioErrors> {
        replay().map { $0.recorder.records.map(Self.line) }
    }

    private func replay(_ text: String? = nil) -> Result<ScenarioRun, ScenarioErrors> {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(text ?? scriptedText(), file: self.scenario.file)
        } catch {
            return .failure(error)
        }
        let run = ScenarioRun(scenario)
        run.play()
        if !run.problems.isEmpty {
            return .failure(ScenarioErrors(run.problems))
        }
        return .success(run)
    }

    /// The scene's text without its `script:`, `expect:` and `device:`, then the recording's.
    func scriptedText() -> String {
        let end = (scene.application.inputPort.now - traceOrigin)
        return PlaygroundScript.text(scene: sourceText, steps: recorded, end: end)
    }
}

/// Writes a recording as a scenario's script.
enum PlaygroundScript {
    static let replacedKeys = ["script", "expect", "device"]

    /// What the recording keeps of one input: the page's input as played, or the pointer's record a
    /// hover or a wheel became.
    enum Played {
        case input(PlaygroundSession.Input)
        case pointer(HIDEvent.Payload)
    }

    static func text(scene: String, steps: [(time: TimeInterval, played: Played)], end: TimeInterval) -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in scene.split(separator: "\n", omittingEmptySubsequences: false) {
            let topLevel = !(line.first?.isWhitespace ?? true) && !line.hasPrefix("#")
            if topLevel {
                let key = line.prefix { $0 != ":" }
                skipping = replacedKeys.contains(String(key))
            }
            if !skipping { kept.append(line) }
        }
        while let last = kept.last, last.trimmingCharacters(in: .whitespaces).isEmpty { kept.removeLast() }
        var out = kept.joined(separator: "\n") + "\n"
        out += "# Recorded in the playground: the input played live, at the times it was played.\n"
        out += "device: true\nscript:\n"
        let lastTime = steps.last?.time ?? 0
        for step in steps {
            switch step.played {
            case .input(let input): out += "  - \(self.step(input, at: step.time))\n"
            case .pointer(let payload): out += "  - \(self.step(payload, at: step.time))\n"
            }
        }
        out += "  - { time: \(number(max(end, lastTime))), wait: 0 }\n"
        return out
    }

    static func step(_ input: PlaygroundSession.Input, at time: TimeInterval) -> String {
        let t = "time: \(number(time))"
        switch input {
        case .touches(let touches):
            let changes = touches.map { touch -> String in
                let change: String
                switch touch.phase {
                case .began: change = "down: \(touch.finger), at: [\(number(touch.x)), \(number(touch.y))]"
                case .moved, .stationary: change = "move: \(touch.finger), to: [\(number(touch.x)), \(number(touch.y))]"
                case .ended: change = "up: \(touch.finger)"
                case .cancelled: change = "cancel: \(touch.finger)"
                }
                return "{\(change)\(kind(touch))}"
            }
            return "{ \(t), touches: [\(changes.joined(separator: ", "))] }"
        case .press(let type, let down, let up):
            return "{ \(t), press: {type: \(type), phase: \(down && up ? "both" : down ? "down" : "up")} }"
        case .shake: return "{ \(t), shake: true }"
        case .remote(let command): return "{ \(t), remote: \(command) }"
        case .button(let button): return "{ \(t), button: \(button) }"
        case .call(let incoming): return "{ \(t), call: \(incoming ? "incoming" : "ended") }"
        case .key(let key, let down, let up):
            let modifiers = ScenarioParser.modifierNames.filter { $0.0 != "option" && key.modifiers.contains($0.1) }.map(\.0)
            return "{ \(t), key: {input: \(keyName(key.input))"
                + (modifiers.isEmpty ? "" : ", modifiers: [\(modifiers.joined(separator: ", "))]")
                + ", phase: \(down && up ? "both" : down ? "down" : "up")} }"
        // Played as pointer records (the session records those).
        case .hover, .wheel: return "{ \(t), wait: 0 }"
        }
    }

    /// A key's name as a script writes it: a special key's name as it is, a character as a YAML
    /// double-quoted string, escaped as the importer writes text (`"s"`, `":"`, `"\""`, `"\t"`,
    /// `"\x0D"` for Return).
    static func keyName(_ name: String) -> String {
        ScenarioParser.specialKeys.contains(where: { $0.0 == name }) ? name : ImportedScenario.quoted(name)
    }

    /// A pen's or a click's change says so, with the pen's force and pose or the click's buttons.
    static func kind(_ touch: PlaygroundSession.Touch) -> String {
        switch touch.type {
        case .pencil:
            return ", type: pencil, force: \(number(PlaygroundSession.pencilForce(touch))), "
                + "altitude: \(number(touch.altitude * 180 / .pi)), azimuth: \(number(touch.azimuth * 180 / .pi))"
        case .indirectPointer:
            let buttons = ScenarioParser.buttons.filter { touch.buttons.contains($0.1) }.map(\.0)
            return ", type: indirect-pointer" + (buttons.isEmpty ? "" : ", buttons: [\(buttons.joined(separator: ", "))]")
        case .direct, .indirect: return ""
        }
    }

    /// A hover, a scroll or a transform sample as the step that sends it.
    static func step(_ payload: HIDEvent.Payload, at time: TimeInterval) -> String {
        let t = "time: \(number(time))"
        func point(_ p: CGPoint) -> String { "[\(number(p.x)), \(number(p.y))]" }
        switch payload {
        case .hover(let hover) where hover.type == .pencil:
            if hover.phase == .ended || hover.phase == .cancelled { return "{ \(t), wait: 0 }\n  - pencil-hover-end" }
            return "{ \(t), pencil-hover: {at: \(point(hover.location)), z: \(number(hover.zOffset)), "
                + "altitude: \(number(hover.altitudeAngle * 180 / .pi)), azimuth: \(number(hover.azimuthAngle * 180 / .pi))} }"
        case .hover(let hover):
            if hover.phase == .ended || hover.phase == .cancelled { return "{ \(t), wait: 0 }\n  - pointer-exit" }
            return "{ \(t), hover: \(point(hover.location)) }"
        case .scroll(let scroll):
            return "{ \(t), scroll: {at: \(point(scroll.location)), by: \(point(scroll.delta)), "
                + "device: \(scroll.type == .discrete ? "wheel" : "trackpad"), phase: \(scroll.phase.traceName)} }"
        case .transform(let transform) where transform.rotation != 0:
            return "{ \(t), trackpad-rotate: {at: \(point(transform.location)), degrees: \(number(transform.rotation * 180 / .pi)), "
                + "phase: \(transform.phase.traceName)} }"
        case .transform(let transform):
            return "{ \(t), trackpad-pinch: {at: \(point(transform.location)), scale: \(number(transform.scale)), "
                + "phase: \(transform.phase.traceName)} }"
        default: return "{ \(t), wait: 0 }"
        }
    }

    /// A number as the recording writes it: to a tenth of a millisecond (times) or of a point.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Keeps the session's trace records, bounded, and the ones not yet sent to the page; shows each to the
/// touch reporter.
@MainActor
final class SessionTracer: EventTracer {
    private(set) var records: [TraceRecord] = []
    private var new: [TraceRecord] = []
    private let touches: TouchReporter

    init(touches: TouchReporter) {
        self.touches = touches
    }

    func record(_ record: TraceRecord) {
        touches.record(record)
        records.append(record)
        new.append(record)
        if records.count > PlaygroundSession.keptRecords {
            records.removeFirst(records.count / 4)
        }
        if new.count > PlaygroundSession.keptRecords { new.removeFirst(new.count - PlaygroundSession.keptRecords) }
    }

    func takeNew() -> [TraceRecord] {
        defer { new.removeAll(keepingCapacity: true) }
        return new
    }
}
