import Foundation
import BenchmarkScenes
import ResponderKit

// The scenes the benchmarks measure, built in code.

/// `hitTest.flatBaseline`: the same rectangles as a plain array of structs, scanned last to first with
/// the test the default `point(inside:with:)` makes. No views, no conversions, no dynamic dispatch: the
/// floor a view tree can approach.
struct FlatRects {
    struct Rect {
        var frame: CGRect
        var tag: Int
    }
    let rects: [Rect]

    init(_ frames: [CGRect]) {
        rects = frames.enumerated().map { Rect(frame: $0.element, tag: $0.offset) }
    }

    /// The index of the last rectangle containing `point`, or nil.
    @inline(never)
    func hit(_ point: CGPoint) -> Int? {
        var index = rects.count
        while index > 0 {
            index -= 1
            if rects[index].frame.contains(point) { return rects[index].tag }
        }
        return nil
    }
}

// MARK: An app-like tree

/// Counts the actions the recognizers and the button send, so a scene can check it behaves as meant.
@MainActor
final class Actions {
    var taps = 0, doubleTaps = 0, longPresses = 0, pans = 0, pinches = 0, swipes = 0, buttonTaps = 0
    func tapped(_ recognizer: UITapGestureRecognizer) { taps += 1 }
    func doubleTapped(_ recognizer: UITapGestureRecognizer) { doubleTaps += 1 }
    func longPressed(_ recognizer: UILongPressGestureRecognizer) { longPresses += 1 }
    func panned(_ recognizer: UIPanGestureRecognizer) { pans += 1 }
    func pinched(_ recognizer: UIPinchGestureRecognizer) { pinches += 1 }
    func swiped(_ recognizer: UISwipeGestureRecognizer) { swipes += 1 }
    func buttonTapped() { buttonTaps += 1 }
}

/// A screen of a list app: a navigation bar, a tab bar, and a scrolling list of 15 cells, each with an
/// icon, a title, a subtitle, a detail row holding a badge, and an accessory button. 196 views; the
/// badge's dot, where the touches land, is 12 levels deep (window = 1).
///
/// With `gestures`, every cell has a single tap that requires a double tap to fail, the double tap
/// and a swipe (left, as for delete); every cell's content a long press; the scroll view a pan and
/// the list's container a pinch. A touch on a dot is offered all six. The accessory button sits next
/// to the dot.
@MainActor
final class AppScene {
    static let cellCount = 15
    let window = makeWindow()
    let input: Input
    let actions = Actions()
    var application: UIApplication { window.application }
    /// The cells' dots (the leaves touches land on), top to bottom, and their centers in window coordinates.
    private(set) var dots: [UIView] = []
    private(set) var dotCenters: [CGPoint] = []
    private(set) var buttons: [UIButton] = []
    private(set) var viewCount = 0
    private(set) var depth = 0

    init(gestures: Bool) {
        input = Input(application: window.application)
        let root = UIView(frame: window.bounds)
        window.addSubview(root)

        let navigationBar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 88))
        root.addSubview(navigationBar)
        navigationBar.addSubview(UILabel(frame: CGRect(x: 120, y: 44, width: 150, height: 44)))
        for x in [8.0, 300, 346] {
            navigationBar.addSubview(UIButton(frame: CGRect(x: x, y: 44, width: 36, height: 36)))
        }

        let tabBar = UIView(frame: CGRect(x: 0, y: 760, width: 390, height: 84))
        root.addSubview(tabBar)
        for index in 0 ..< 5 {
            tabBar.addSubview(UIButton(frame: CGRect(x: CGFloat(index) * 78, y: 0, width: 78, height: 50)))
        }

        let content = UIView(frame: CGRect(x: 0, y: 88, width: 390, height: 672))
        root.addSubview(content)
        let scroll = UIView(frame: content.bounds)
        content.addSubview(scroll)
        let list = UIView(frame: scroll.bounds)
        scroll.addSubview(list)

        let cellHeight = 672 / CGFloat(AppScene.cellCount)
        for index in 0 ..< AppScene.cellCount {
            let cell = UIView(frame: CGRect(x: 0, y: CGFloat(index) * cellHeight, width: 390, height: cellHeight))
            list.addSubview(cell)
            let cellContent = UIView(frame: cell.bounds.insetBy(dx: 8, dy: 2))
            cell.addSubview(cellContent)
            cellContent.addSubview(UIImageView(frame: CGRect(x: 0, y: 2, width: 36, height: 36)))
            let textStack = UIView(frame: CGRect(x: 44, y: 0, width: 240, height: cellContent.bounds.height))
            cellContent.addSubview(textStack)
            textStack.addSubview(UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 16)))
            textStack.addSubview(UILabel(frame: CGRect(x: 0, y: 16, width: 160, height: 12)))
            let detailRow = UIView(frame: CGRect(x: 160, y: 12, width: 80, height: 26))
            textStack.addSubview(detailRow)
            detailRow.addSubview(UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 26)))
            let badge = UIView(frame: CGRect(x: 52, y: 0, width: 28, height: 26))
            detailRow.addSubview(badge)
            let badgeInner = UIView(frame: badge.bounds.insetBy(dx: 1, dy: 1))
            badge.addSubview(badgeInner)
            let dot = UIView(frame: badgeInner.bounds.insetBy(dx: 2, dy: 2))
            badgeInner.addSubview(dot)
            let button = UIButton(frame: CGRect(x: 292, y: 4, width: 74, height: 32))
            button.addTarget(actions, action: Actions.buttonTapped, for: .touchUpInside)
            cellContent.addSubview(button)
            dots.append(dot)
            buttons.append(button)
            dotCenters.append(dot.convert(CGPoint(x: dot.bounds.midX, y: dot.bounds.midY), to: window))

            if gestures {
                let single = UITapGestureRecognizer(target: actions, action: Actions.tapped)
                let double = UITapGestureRecognizer(target: actions, action: Actions.doubleTapped)
                double.numberOfTapsRequired = 2
                single.require(toFail: double)
                let swipe = UISwipeGestureRecognizer(target: actions, action: Actions.swiped)
                swipe.direction = .left
                cell.addGestureRecognizer(single)
                cell.addGestureRecognizer(double)
                cell.addGestureRecognizer(swipe)
                let longPress = UILongPressGestureRecognizer(target: actions, action: Actions.longPressed)
                cellContent.addGestureRecognizer(longPress)
            }
        }
        if gestures {
            scroll.addGestureRecognizer(UIPanGestureRecognizer(target: actions, action: Actions.panned))
            content.addGestureRecognizer(UIPinchGestureRecognizer(target: actions, action: Actions.pinched))
        }

        viewCount = AppScene.count(window)
        var level = 1
        var view: UIView? = dots[0]
        while let current = view?.superview { level += 1; view = current }
        depth = level
        for (dot, center) in zip(dots, dotCenters) { precondition(window.hitTest(center, with: nil) === dot) }
    }

    private static func count(_ view: UIView) -> Int { 1 + view.subviews.reduce(0) { $0 + count($1) } }

    /// The dot of the cell touches land on when a benchmark uses one finger: a cell in the middle of
    /// the list, so hit-testing passes over the cells in front of it.
    var targetDot: CGPoint { dotCenters[9] }

    // MARK: Input

    /// Where finger `finger` goes down: the dots of cells 9, 10, 8, 11, 7… (one finger per cell).
    func start(ofFinger finger: Int) -> CGPoint {
        let cell = 9 + (finger % 2 == 0 ? -finger / 2 : (finger + 1) / 2)
        return dotCenters[cell]
    }

    /// A scroll: fingers `0 ..< fingers` go down on their dots, then move up 3 pt per frame, a frame
    /// apart, for `steps` moves, then lift. `begin`, `move(step:)` and `end` play its parts.
    func beginDrag(fingers: Int) {
        input.send(.began, fingers: 0 ..< fingers) { self.start(ofFinger: $0) }
    }

    func moveDrag(fingers: Int, step: Int) {
        input.advance(by: Input.frame)
        input.send(.moved, fingers: 0 ..< fingers) { finger in
            let start = self.start(ofFinger: finger)
            return CGPoint(x: start.x, y: start.y - 3 * CGFloat(step))
        }
    }

    func endDrag(fingers: Int) {
        input.send(.ended, fingers: 0 ..< fingers) { _ in .zero }
        input.advance(by: 0.5)
    }

    func drag(fingers: Int = 1, steps: Int = 100) {
        beginDrag(fingers: fingers)
        for step in 1 ... steps { moveDrag(fingers: fingers, step: step) }
        endDrag(fingers: fingers)
    }
}
