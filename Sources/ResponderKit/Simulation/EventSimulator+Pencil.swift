import Foundation

/// An Apple Pencil: strokes (touches of type ``UITouch/TouchType/pencil`` with a pose), hover above the
/// screen and the double tap on its side (U4).
extension EventSimulator {

    /// The largest force the simulated pencil reports: Apple Pencil's (observed: about 4.17; a finger's
    /// average touch is 1).
    nonisolated public static let pencilMaximumForce: CGFloat = 4.166_666_666_666_667

    /// Puts the pencil down at `location`, with a force, an altitude (0 flat on the screen, π/2 upright)
    /// and an azimuth (0 with its cap along +x, growing clockwise). The properties in `expectingUpdates`
    /// are estimates refined later by ``updatePencilEstimates(location:force:altitudeAngle:azimuthAngle:)``.
    public func pencilDown(at location: CGPoint, force: CGFloat = 1, altitudeAngle: CGFloat = .pi / 2, azimuthAngle: CGFloat = 0,
                           expectingUpdates: UITouch.Properties = []) {
        if devices.pencil != nil { pencilUp() }
        if devices.isPencilHovering { pencilHoverEnd() }
        let finger = freeFinger()
        devices.pencil = (finger, location, force, altitudeAngle, azimuthAngle)
        var sample = pencilSample(.began)
        if !expectingUpdates.isEmpty {
            sample.estimatedProperties = expectingUpdates
            sample.estimatedPropertiesExpectingUpdates = expectingUpdates
            sample.estimationUpdateIndex = nextEstimationIndex
            devices.pencilEstimationIndex = nextEstimationIndex
            nextEstimationIndex += 1
        }
        send([sample])
    }

    /// Moves the pencil on the screen; a pose value left out stays as it was.
    public func pencilMove(to location: CGPoint, force: CGFloat? = nil, altitudeAngle: CGFloat? = nil, azimuthAngle: CGFloat? = nil) {
        guard var pencil = devices.pencil else { return }
        pencil.location = location
        if let force { pencil.force = force }
        if let altitudeAngle { pencil.altitude = altitudeAngle }
        if let azimuthAngle { pencil.azimuth = azimuthAngle }
        devices.pencil = pencil
        send([pencilSample(.moved)])
    }

    /// Lifts the pencil.
    public func pencilUp() {
        guard devices.pencil != nil else { return }
        let sample = pencilSample(.ended)
        devices.pencil = nil
        send([sample])
    }

    /// Refines the estimated properties of the pencil's stroke (see
    /// ``pencilDown(at:force:altitudeAngle:azimuthAngle:expectingUpdates:)``): its view gets
    /// `touchesEstimatedPropertiesUpdated`.
    public func updatePencilEstimates(location: CGPoint? = nil, force: CGFloat? = nil, altitudeAngle: CGFloat? = nil,
                                      azimuthAngle: CGFloat? = nil) {
        guard let index = devices.pencilEstimationIndex else { return }
        devices.pencilEstimationIndex = nil
        let update = HIDEvent.TouchUpdate(estimationUpdateIndex: index, location: location, force: force,
                                          altitudeAngle: altitudeAngle, azimuthAngle: azimuthAngle)
        post(HIDEvent(timestamp: now, payload: .touchUpdate(update)))
    }

    /// Holds the pencil `zOffset` (0 to 1) above the screen at `location`: a hover of type
    /// ``UITouch/TouchType/pencil`` (U1, U4).
    public func pencilHover(to location: CGPoint, zOffset: CGFloat = 0.5, altitudeAngle: CGFloat = .pi / 2, azimuthAngle: CGFloat = 0) {
        if devices.pencil != nil { pencilUp() }
        let phase: HIDEvent.Phase = devices.isPencilHovering ? .changed : .began
        devices.isPencilHovering = true
        post(HIDEvent(timestamp: now, payload: .hover(HIDEvent.Hover(phase: phase, location: location, type: .pencil, zOffset: zOffset,
                                                                       altitudeAngle: altitudeAngle, azimuthAngle: azimuthAngle))))
        devices.pencilHoverLocation = location
    }

    /// Takes the hovering pencil out of reach.
    public func pencilHoverEnd() {
        guard devices.isPencilHovering else { return }
        devices.isPencilHovering = false
        post(HIDEvent(timestamp: now, payload: .hover(HIDEvent.Hover(phase: .ended, location: devices.pencilHoverLocation, type: .pencil))))
    }

    /// A double tap on the pencil's side: the pencil interactions of the visible windows hear it.
    public func pencilDoubleTap() {
        post(HIDEvent(timestamp: now, payload: .pencilTap))
    }

    private func pencilSample(_ phase: UITouch.Phase) -> HIDEvent.Touch {
        let pencil = devices.pencil!
        var sample = HIDEvent.Touch(finger: pencil.finger, phase: phase, location: pencil.location, force: pencil.force,
                                    maximumPossibleForce: Self.pencilMaximumForce, majorRadius: 0.25, majorRadiusTolerance: 0.25,
                                    type: .pencil)
        sample.altitudeAngle = pencil.altitude
        sample.azimuthAngle = pencil.azimuth
        return sample
    }
}
