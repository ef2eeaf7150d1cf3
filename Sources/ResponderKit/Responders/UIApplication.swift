import Foundation

/// The application: it owns the windows, queues raw input, turns it into events and dispatches them,
/// and routes actions.
///
/// ``shared`` is the process-wide instance; `UIApplication()` makes an isolated one, which tests and
/// tools use to run independent scenes side by side. Raw input enters through the ``inputPort`` (from
/// any thread), ``enqueue(_:)`` (on the main actor) or an ``EventSimulator``, and waits in a FIFO
/// queue: an event posted while another is being dispatched is handled after it (H1). The
/// application's loop (``EventLoop``) drains the port, fires due timers and dispatches.
///
/// See <doc:PathOfAnEvent> for where the application stands on the path of an event, and <doc:ResponderChain> for actions sent through it.
@MainActor
open class UIApplication: UIResponder {

    /// The process-wide application.
    public static let shared = UIApplication()

    /// Creates an isolated application with no windows.
    public override init() {
        let clock = EventClock()
        self.clock = clock
        inputPort = InputPort(timeSource: clock.realTime)
        arbiter = GestureArbiter(clock: clock)
        super.init()
        arbiter.attach(to: self)
        touchEvent.applicationLink = link
        pressesEvent.applicationLink = link
        hoverInput.event.applicationLink = link
        scrollInput.event.applicationLink = link
        transformInput.event.applicationLink = link
        // The clock keeps this closure, so it must not capture the clock (nor the application) strongly:
        // either would keep the clock and every pending timer alive after the application is gone.
        clock.willFireTimer = { [link] fireTime in
            guard let application = link.object(as: UIApplication.self), application.tracesRunLoopStages else { return }
            application.report(.runLoop(.timerFired(due: application.clock.traceTime(of: fireTime))))
        }
    }

    /// The application's delegate. Held weakly.
    public var delegate: UIApplicationDelegate? {
        get { fenced.delegate }
        set { fenced.delegate = newValue }
    }

    /// Receives a record of every decision the engine makes; nil (the default) costs one check per decision.
    public var tracer: EventTracer? {
        get { fenced.tracer }
        set {
            fenced.tracer = newValue
            arbiter.setTracing(newValue != nil)
        }
    }

    /// Whether the loop's stages (port, coalescing, timers, queue, sendEvent) are reported to the tracer.
    /// Off by default, so that traces keep to the engine's decisions; `responder run --stages` turns it on.
    public var tracesRunLoopStages: Bool {
        get { fenced.tracesRunLoopStages }
        set { fenced.tracesRunLoopStages = newValue }
    }

    /// The thresholds used for tap counting (R23).
    public var thresholds: Thresholds {
        get { fenced.thresholds }
        set { fenced.thresholds = newValue }
    }

    /// Whether a shake may offer undo and redo. True by default; it does not gate motion delivery (R16).
    public var applicationSupportsShakeToEdit = true

    /// The Info.plist key `UIApplicationSupportsIndirectInputEvents` (U2), false by default, as when the
    /// key is absent. True: a click is a touch of type ``UITouch/TouchType/indirectPointer``, and a
    /// trackpad pinch or rotation is a `.transform` event for pinch and rotation recognizers. False: a
    /// click is a `.direct` touch, and a trackpad pinch or rotation is played as two touches
    /// ``Thresholds/simulatedTransformSpan`` apart. Hover and scroll events come either way.
    public var applicationSupportsIndirectInputEvents = false

    // MARK: Windows

    /// Every window of the application, back to front: by level, then by when each was last shown.
    public var windows: [UIWindow] {
        registeredWindows.compactMap(\.window).sorted { ($0.windowLevel, $0.visibleSince) < ($1.windowLevel, $1.visibleSince) }
    }

    /// The window that receives events without a location (R15).
    public var keyWindow: UIWindow? { storedKeyWindow }

    /// (Held through its link: the application does not keep its windows alive.)
    @Linked var storedKeyWindow: UIWindow?
    var registeredWindows: [WeakWindow] = []
    /// Visible windows are kept alive by the application, as UIKit does; hidden ones are not.
    final var visibleWindows: [UIWindow] {
        _read { yield fenced.visibleWindows }
        _modify { yield &fenced.visibleWindows }
    }
    /// ``windowsInTouchOrder``, until a window is shown, hidden or changes level.
    final var windowsInTouchOrderCache: [UIWindow]? {
        get { fenced.windowsInTouchOrderCache }
        set { fenced.windowsInTouchOrderCache = newValue }
    }
    var visibilityCounter = 0

    // MARK: Interaction and remote control

    /// Whether touches are being ignored; see ``beginIgnoringInteractionEvents()``.
    public var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }
    final var ignoringDepth: Int {
        get { fenced.ignoringDepth }
        set { fenced.ignoringDepth = newValue }
    }

    /// Stops delivering new touches until a matching ``endIgnoringInteractionEvents()``. Calls nest (H3).
    ///
    /// Touches that began before keep being delivered to the end, so every view that saw a touch begin
    /// sees it end (R14); touches that begin while ignoring are dropped for their whole life.
    public func beginIgnoringInteractionEvents() { ignoringDepth += 1 }

    /// Ends one ``beginIgnoringInteractionEvents()``.
    public func endIgnoringInteractionEvents() { ignoringDepth = max(0, ignoringDepth - 1) }

    var isReceivingRemoteControlEvents = false
    var storedState = State.active

    /// Starts delivering remote-control events to the first responder (R16).
    public func beginReceivingRemoteControlEvents() { isReceivingRemoteControlEvents = true }

    /// Stops delivering remote-control events; they are dropped until the next begin.
    public func endReceivingRemoteControlEvents() { isReceivingRemoteControlEvents = false }

    // MARK: Events

    /// Where input sources post raw input, from any thread; the application's loop takes it at its next
    /// turn (see ``EventLoop``).
    public nonisolated let inputPort: InputPort

    /// Posts raw input through the ``inputPort`` and, unless the application is already handling input,
    /// handles everything waiting at once: it is queued behind any input not yet handled, and handled
    /// before the outermost call returns.
    public func enqueue(_ event: consuming HIDEvent) {
        inputPort.post(event)
        guard inputDeferringDepth == 0 else { return }
        drainInputQueue()
    }

    /// Reads real time from `source` (tests move it by hand instead of sleeping).
    func useRealTimeSource(_ source: @escaping @Sendable () -> TimeInterval) {
        clock.useRealTimeSource(source)
        inputPort.setTimeSource(source)
    }

    /// Runs engine work that calls handlers outside input dispatch (a timer's recognizer settling, the cancels
    /// of a hierarchy change). Input a handler posts meanwhile is queued and handled once the work returns,
    /// as on UIKit's run loop (H1), instead of re-entering the engine in the middle of its work.
    func deferringInput<T>(_ body: () -> T) -> T {
        inputDeferringDepth += 1
        let result = body()
        inputDeferringDepth -= 1
        // While the queue is being drained, the drain takes what was posted once this work returns; asking
        // the port (which takes its lock) would only find that out.
        if inputDeferringDepth == 0, !isDraining, !inputQueue.isEmpty || !inputPort.isEmpty { drainInputQueue() }
        return result
    }

    /// Dispatches an event to the windows: touch events to each window that has changed touches, other
    /// events to the key window (H2). Overrides must call super.
    open func sendEvent(_ event: UIEvent) {
        routeToWindows(event)
    }

    /// Sends `action` to `target`, or, with a nil target, to the first responder that can perform it,
    /// searching up the responder chain from the key window's first responder, or from `sender` when
    /// there is none (R15, B10). Returns whether someone performed it.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        routeAction(action, to: target, from: sender)
    }

    // MARK: Dispatch state

    /// The state dispatch reads on every event (the tracer, the visible windows, the ignoring depth,
    /// whether the loop's stages are traced, the delegate that ends the responder chain, the input queue):
    /// fenced storage (see ``FencedStorage``), which every property here reads or writes in one access
    /// (or edits in place, for the engine's own lists).
    #if DEBUG
    private final var fenced = Fenced()
    #else
    @exclusivity(unchecked) private final var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        weak var delegate: UIApplicationDelegate?
        var tracer: EventTracer?
        var tracesRunLoopStages = false
        var thresholds = Thresholds.standard
        var visibleWindows: [UIWindow] = []
        var windowsInTouchOrderCache: [UIWindow]?
        var ignoringDepth = 0
        var inputQueue: [HIDEvent] = []
        var portRecords: [HIDEvent] = []
        var isDraining = false
        var inputDeferringDepth = 0
        var droppedFingers: Set<Int> = []
        var lastTap: (time: TimeInterval, location: CGPoint, count: Int)?
        var touchEventSerial = 0
        var viewsAwaitingLayout: [WeakLink<UIResponder>] = []
        var layoutPassViews: [WeakLink<UIResponder>] = []

        /// Swaps the two lists in one access (two `inout` arguments would be two overlapping ones).
        mutating func swapInputQueueWithPortRecords() {
            swap(&inputQueue, &portRecords)
        }

        /// Swaps the two layout lists in one access.
        mutating func swapLayoutLists() {
            swap(&viewsAwaitingLayout, &layoutPassViews)
        }
    }

    /// The input queue and the records just taken from the port trade their storage.
    final func swapInputQueueWithPortRecords() {
        fenced.swapInputQueueWithPortRecords()
    }

    /// The application's clock, real or virtual; every timestamp and timer reads it.
    let clock: EventClock
    /// The gesture arbiter: recognizers get each touch first, then view delivery, which it owns.
    let arbiter: GestureArbiter
    final var inputQueue: [HIDEvent] {
        _read { yield fenced.inputQueue }
        _modify { yield &fenced.inputQueue }
    }
    /// The records just taken from the port, before they join the queue (kept to reuse its storage).
    final var portRecords: [HIDEvent] {
        _read { yield fenced.portRecords }
        _modify { yield &fenced.portRecords }
    }
    final var isDraining: Bool {
        get { fenced.isDraining }
        set { fenced.isDraining = newValue }
    }
    /// Nesting of ``deferringInput(_:)``: while above 0, posted input only queues.
    final var inputDeferringDepth: Int {
        get { fenced.inputDeferringDepth }
        set { fenced.inputDeferringDepth = newValue }
    }
    /// The one touch event, updated for every change (C1).
    let touchEvent = UIEvent(type: .touches, subtype: .none, timestamp: 0)
    /// Fingers whose touch was dropped when it began: the rest of their samples are dropped too.
    final var droppedFingers: Set<Int> {
        _read { yield fenced.droppedFingers }
        _modify { yield &fenced.droppedFingers }
    }
    /// The last touch that ended as a tap, for tap counting (R23).
    final var lastTap: (time: TimeInterval, location: CGPoint, count: Int)? {
        get { fenced.lastTap }
        set { fenced.lastTap = newValue }
    }
    /// Touches waiting for refined estimated properties, by estimation update index.
    var touchesAwaitingUpdates: [Int: UITouch] = [:]
    /// The pointer's hover, scroll and trackpad transform, each followed from its beginning to its end
    /// (U1–U3), with the event each is delivered in.
    let hoverInput = PointerInput(kind: .hover)
    let scrollInput = PointerInput(kind: .scroll)
    let transformInput = PointerInput(kind: .transform)
    /// Ends a scroll or a transform whose source sends no end (``Thresholds/scrollEndDelay``); made on
    /// first use and reused.
    var pointerEndTimer: EventTimer?
    /// The presses event and the presses that are down, by identifier.
    let pressesEvent = UIPressesEvent(timestamp: 0)
    var pressesByIdentifier: [Int: UIPress] = [:]
    /// Counts touch events, to tell the touches that changed in the current one.
    final var touchEventSerial: Int {
        get { fenced.touchEventSerial }
        set { fenced.touchEventSerial = newValue }
    }
    /// Views whose layout waits for the loop to wait (tables and collections), each once, held through
    /// their links, and the list of the pass under way (see UIApplication+Layout.swift). Read before every
    /// new touch and loop turn's end.
    final var viewsAwaitingLayout: [WeakLink<UIResponder>] {
        _read { yield fenced.viewsAwaitingLayout }
        _modify { yield &fenced.viewsAwaitingLayout }
    }
    final var layoutPassViews: [WeakLink<UIResponder>] {
        _read { yield fenced.layoutPassViews }
        _modify { yield &fenced.layoutPassViews }
    }

    /// The views waiting for layout become the pass's list, and the pass's (empty) list theirs.
    final func swapLayoutLists() {
        fenced.swapLayoutLists()
    }

    // MARK: Responder chain

    /// The delegate, if it is a responder and not a view, a view controller or the application (B5).
    open override var next: UIResponder? {
        guard let responder = delegate as? UIResponder else { return nil }
        if responder is UIView || responder is UIViewController || responder is UIApplication { return nil }
        return responder
    }

    /// Traces call the application "UIApplication", whatever its subclass.
    override var traceName: String { "UIApplication" }
    override var traceClassName: String { "UIApplication" }
    override var reportingApplication: UIApplication? { self }

    /// Reports a decision to this application's tracer: the one path every record takes.
    @inline(__always)
    func report(_ kind: @autoclosure () -> TraceRecord.Kind) {
        if let tracer { tracer.record(TraceRecord(time: clock.traceTime, kind: kind())) }
    }
}
