import Foundation

/// The device and its system: what sits between the hardware and the applications (I1–I3).
///
/// In the seeds' terms it stands for two things. **IOKit** turns the digitizer, the buttons and the
/// motion sensors into HID events: here, the ``HIDEvent`` records and ``SystemButton`` presses handed to
/// ``send(_:)`` and ``press(_:)``. **SpringBoard** receives them, keeps what is its own and forwards
/// the rest through a port to the foreground application: here, the device decides for each record —
/// the lock and home buttons and the volume are the system's; play/pause becomes a remote-control command
/// for the application that receives them (R16); with the device locked, an interruption on screen or
/// no application in front, the system consumes the input; otherwise it posts the record to the
/// foreground application's ``UIApplication/inputPort``, whose loop wakes (source1) and dispatches it.
///
/// It holds one or more applications, and knows which one is in front. Locking, going home, an
/// interruption and switching applications cancel the touches of the application concerned, once
/// (I2); a finger whose touch the system cancelled stays the system's until it lifts. The system's edge
/// gestures are recognizers at the foreground application's windows (`SystemGestureRecognizer`),
/// taking part in its arbitration; the home indicator's swipe up from the bottom edge sends the
/// application home, and the swipe down from the top edge shows Notification Center over it (an
/// interruption), each subject to ``UIViewController/preferredScreenEdgesDeferringSystemGestures`` (I3).
///
/// Like the applications, it lives on the main actor: an input source on another thread hops there to
/// call it, or posts directly to an application's port. Its decisions are traced to the tracer of the
/// application concerned, or to its own ``tracer`` when no application is.
///
/// See <doc:LivePath>.
@MainActor
public final class DeviceSystem {
    /// Receives the decisions that concern no application (input consumed with no application in front).
    public var tracer: EventTracer?
    /// Every installed application, in the order installed.
    public private(set) var applications: [UIApplication] = []
    /// The application in front, if any.
    public private(set) var foregroundApplication: UIApplication?
    /// Whether the device is locked.
    public private(set) var isLocked = false
    /// The interruption on screen, if any.
    public private(set) var interruption: SystemInterruption?
    /// The system's volume, from 0 to 1, which the volume buttons move in steps of 1/16.
    public private(set) var volume: Double = 0.5

    private var names: [ObjectIdentifier: String] = [:]
    /// Where each finger that is down went: to an application, or (nil) to the system.
    private var fingerOwners: [Int: UIApplication?] = [:]
    /// The system's edge recognizer of every window it was attached to.
    private var systemRecognizers: [SystemGestureRecognizer] = []

    /// The system edges: the home indicator at the bottom, Notification Center at the top.
    static let systemEdges: UIRectEdge = [.bottom, .top]

    /// Creates a device with no application. Its screen is the foreground application's windows:
    /// the system's edge gestures watch the edges of each window.
    public init() {}

    // MARK: Applications

    /// Installs `application` under `name` (traces use it). It starts in the background.
    public func install(_ application: UIApplication, name: String) {
        guard !applications.contains(where: { $0 === application }) else { return }
        applications.append(application)
        names[ObjectIdentifier(application)] = name
        application.storedState = .background
    }

    /// The name `application` was installed under.
    public func name(of application: UIApplication) -> String {
        names[ObjectIdentifier(application)] ?? "UIApplication"
    }

    /// Brings `application` to the foreground; the one it replaces loses its touches and goes to the
    /// background (I2). It becomes active unless the device is locked or interrupted.
    public func bringToForeground(_ application: UIApplication) {
        if !applications.contains(where: { $0 === application }) { install(application, name: "UIApplication") }
        guard foregroundApplication !== application else { return }
        if let leaving = foregroundApplication { sendToBackground(leaving, reason: .applicationSwitch) }
        foregroundApplication = application
        attachSystemGestures(to: application)
        application.moveToState(isLocked || interruption != nil ? .inactive : .active, name: name(of: application))
    }

    /// Sends the foreground application to the background, as the home button does.
    public func goHome() {
        guard let application = foregroundApplication else { return }
        sendToBackground(application, reason: .home)
        foregroundApplication = nil
    }

    private func sendToBackground(_ application: UIApplication, reason: SystemDecision.Reason) {
        cancelTouches(of: application, reason: reason)
        application.moveToState(.inactive, name: name(of: application))
        application.moveToState(.background, name: name(of: application))
        detachSystemGestures(from: application)
    }

    // MARK: Buttons and interruptions

    /// A full press of a system button: the system acts on it (I2).
    public func press(_ button: SystemButton) {
        report(.button(button), about: foregroundApplication)
        switch button {
        case .lock:
            if isLocked { unlock() } else { lock() }
        case .home:
            if isLocked { unlock() } else { goHome() }
        case .volumeUp:
            volume = min(1, volume + 1.0 / 16)
        case .volumeDown:
            volume = max(0, volume - 1.0 / 16)
        case .playPause:
            routeRemoteControl(.remoteControlTogglePlayPause)
        }
    }

    private func lock() {
        isLocked = true
        guard let application = foregroundApplication else { return }
        cancelTouches(of: application, reason: .lock)
        application.moveToState(.inactive, name: name(of: application))
    }

    private func unlock() {
        isLocked = false
        guard let application = foregroundApplication, interruption == nil else { return }
        application.moveToState(.active, name: name(of: application))
    }

    /// An interruption covers the foreground application: its touches are cancelled and it resigns
    /// active until ``endInterruption()`` (I2).
    public func beginInterruption(_ kind: SystemInterruption) {
        interruption = kind
        guard let application = foregroundApplication else { return }
        cancelTouches(of: application, reason: .interruption)
        application.moveToState(.inactive, name: name(of: application))
    }

    /// The interruption is over: the foreground application becomes active again (unless locked).
    public func endInterruption() {
        interruption = nil
        guard let application = foregroundApplication, !isLocked else { return }
        application.moveToState(.active, name: name(of: application))
    }

    // MARK: Input

    /// Routes one HID record from the hardware: touches to the application that owns each finger,
    /// presses and motion to the foreground application, remote-control commands to the application
    /// that receives them (R16). What no application may have, the system consumes.
    public func send(_ event: HIDEvent) {
        switch event.payload {
        case .touches(let samples): route(samples, at: event.timestamp)
        case .remoteControl(let subtype): routeRemoteControl(subtype, at: event.timestamp)
        case .touchUpdate, .press, .motion, .hover, .scroll, .transform, .pencilTap:
            guard let application = receiver(for: event.payload.kindName) else { return }
            application.inputPort.post(event)
        }
    }

    private func route(_ samples: [HIDEvent.Touch], at timestamp: TimeInterval) {
        var forwarded: [HIDEvent.Touch] = []
        var consumed: [Int] = []
        var target: UIApplication?
        for sample in samples {
            let owner: UIApplication?
            if sample.phase == .began {
                owner = receiver(for: nil)
                fingerOwners[sample.finger] = .some(owner)
            } else if let known = fingerOwners[sample.finger] {
                owner = known
            } else {
                owner = nil
            }
            if sample.phase.isFinished { fingerOwners[sample.finger] = nil }
            if let owner, owner === foregroundApplication {
                target = owner
                forwarded.append(sample)
            } else {
                consumed.append(sample.finger)
            }
        }
        if !consumed.isEmpty {
            let reason = consumptionReason
            report(.consumed(what: consumed.map { "#\($0)" }.joined(separator: " "), reason: reason), about: foregroundApplication)
        }
        if let target, !forwarded.isEmpty {
            target.inputPort.post(HIDEvent(timestamp: timestamp, payload: .touches(forwarded)))
        }
    }

    /// Why the system keeps input right now.
    private var consumptionReason: SystemDecision.Reason {
        if foregroundApplication == nil { return .noForegroundApplication }
        if isLocked { return .locked }
        if interruption != nil { return .interruption }
        return .cancelledFinger
    }

    /// The foreground application if it may receive input now; otherwise nil, with the consumption
    /// traced when `what` names the input.
    private func receiver(for what: String?) -> UIApplication? {
        guard let application = foregroundApplication, !isLocked, interruption == nil else {
            if let what { report(.consumed(what: what, reason: consumptionReason), about: foregroundApplication) }
            return nil
        }
        return application
    }

    /// Sends a remote-control command to the application that receives them: the foreground one if it
    /// does, or else the most recently installed one that does (a player in the background).
    private func routeRemoteControl(_ subtype: UIEvent.EventSubtype, at timestamp: TimeInterval? = nil) {
        let candidates = [foregroundApplication].compactMap { $0 } + applications.reversed()
        guard let application = candidates.first(where: { $0.isReceivingRemoteControlEvents }) else {
            report(.consumed(what: "remote control \(subtype)", reason: .noRemoteControlReceiver), about: foregroundApplication)
            return
        }
        report(.remoteControlRouted(subtype, to: name(of: application)), about: application)
        application.inputPort.post(HIDEvent(timestamp: timestamp ?? application.clock.now, payload: .remoteControl(subtype)))
    }

    // MARK: Machinery

    private func cancelTouches(of application: UIApplication, reason: SystemDecision.Reason) {
        let fingers = application.cancelTouchesForSystem(reason: reason, name: name(of: application))
        // The fingers stay down: their later samples are the system's until they lift.
        for finger in fingers where fingerOwners[finger] != nil { fingerOwners[finger] = .some(nil) }
    }

    private func attachSystemGestures(to application: UIApplication) {
        for window in application.windows {
            let recognizer = SystemGestureRecognizer(edges: Self.systemEdges, system: self)
            window.addGestureRecognizer(recognizer)
            systemRecognizers.append(recognizer)
        }
    }

    private func detachSystemGestures(from application: UIApplication) {
        for recognizer in systemRecognizers where recognizer.view?.window?.application === application {
            recognizer.view?.removeGestureRecognizer(recognizer)
        }
        systemRecognizers.removeAll { $0.view == nil }
    }

    /// A system edge gesture ended. The home indicator's swipe sends the application home. The swipe
    /// down from the top edge shows Notification Center over the application: an interruption, so the
    /// application resigns active but stays in the foreground, the system keeps the input while it is
    /// shown, and ``endInterruption()`` (the user dismissing it) makes the application active again.
    /// Provenance: on iOS, pulling Notification Center down calls `applicationWillResignActive` and not
    /// `applicationDidEnterBackground`; dismissing it calls `applicationDidBecomeActive`.
    func systemGestureCompleted(edge: UIRectEdge, in application: UIApplication?) {
        guard let application, application === foregroundApplication else { return }
        if edge == .bottom {
            goHome()
        } else if edge == .top, interruption == nil {
            beginInterruption(.notificationCenter)
        }
    }

    private func report(_ decision: SystemDecision, about application: UIApplication?) {
        if let application, application.tracer != nil {
            application.report(.system(decision))
        } else if let tracer {
            tracer.record(TraceRecord(time: foregroundApplication?.clock.traceTime ?? 0, kind: .system(decision)))
        }
    }
}

extension HIDEvent.Payload {
    /// A short name of the record, for traces.
    var kindName: String {
        switch self {
        case .touches: return "touches"
        case .touchUpdate: return "touch update"
        case .press: return "press"
        case .motion: return "motion"
        case .remoteControl: return "remote control"
        case .hover: return "hover"
        case .scroll: return "scroll"
        case .transform: return "transform"
        case .pencilTap: return "pencil tap"
        }
    }
}
