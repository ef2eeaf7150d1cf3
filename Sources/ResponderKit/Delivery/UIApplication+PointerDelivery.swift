import Foundation

extension UIApplication {

    /// The pointer's gesture an event of type hover, scroll or transform belongs to; nil for an event the
    /// application did not make (an app may send its own events through `sendEvent`).
    private func pointerInput(for event: UIEvent) -> PointerInput? {
        if event === hoverInput.event { return hoverInput }
        if event === scrollInput.event { return scrollInput }
        if event === transformInput.event { return transformInput }
        return nil
    }

    /// ``sendEvent(_:)``'s default for a hover, a scroll or a transform: to the window it is in (H2), or,
    /// for a hover that left every window, straight to the recognizers it leaves.
    func routePointer(_ event: UIEvent) {
        guard let input = pointerInput(for: event) else {
            return trace(.dropped(what: "\(event.type.traceName) event", reason: .notFromThisApplication))
        }
        if let window = input.window { return window.sendEvent(event) }
        deliverPointer(event)
    }

    /// ``UIWindow/sendEvent(_:)``'s default for a hover, a scroll or a transform: the arbiter feeds it to
    /// the recognizers that take it (U1–U3). No view gets it.
    func deliverPointer(_ event: UIEvent) {
        guard let input = pointerInput(for: event) else {
            return trace(.dropped(what: "\(event.type.traceName) event", reason: .notFromThisApplication))
        }
        if input.kind == .hover {
            arbiter.deliverHover(input, over: input.view, entered: input.hasEntered)
        } else {
            arbiter.deliverPointer(input)
        }
    }
}
