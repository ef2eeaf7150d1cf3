import ResponderKit

/// Recognizes a checkmark drawn with one finger: a stroke down and to the right, then a longer stroke
/// up and to the right.
///
/// Discrete: it is recognized when the finger lifts at the end of the up stroke. A second finger, a
/// stroke that starts upwards or turns back to the left, a down stroke shorter than `minimumStroke`, or
/// an up stroke shorter than the down stroke fails it.
class CheckmarkGestureRecognizer: UIGestureRecognizer {
    /// The shortest down stroke, in points.
    var minimumStroke: CGFloat = 20

    private enum Stroke {
        case none
        case down
        case up
    }

    private var stroke = Stroke.none
    private var trackedTouch: UITouch?
    private var startPoint = CGPoint.zero
    private var turnPoint = CGPoint.zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard touches.count == 1, trackedTouch == nil, let touch = touches.first else {
            state = .failed
            return
        }
        trackedTouch = touch
        startPoint = touch.location(in: view)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let point = touch.location(in: view)
        let previous = touch.previousLocation(in: view)
        if point.x < previous.x {
            state = .failed
            return
        }
        switch stroke {
        case .none:
            if point.y > previous.y {
                stroke = .down
            } else if point.y < previous.y {
                state = .failed
            }
        case .down:
            if point.y < previous.y {
                guard previous.y - startPoint.y >= minimumStroke else {
                    state = .failed
                    return
                }
                turnPoint = previous
                stroke = .up
            }
        case .up:
            if point.y > previous.y {
                state = .failed
            }
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch), stroke == .up else {
            state = .failed
            return
        }
        let end = touch.location(in: view)
        let down = turnPoint.y - startPoint.y
        let up = turnPoint.y - end.y
        state = up >= down ? .recognized : .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .failed
    }

    override func reset() {
        super.reset()
        stroke = .none
        trackedTouch = nil
        startPoint = .zero
        turnPoint = .zero
    }
}
