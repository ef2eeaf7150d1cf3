import ResponderKit

// snippet.hide
@MainActor final class Photo: UIView {
    var highlighted = false
    var menuShown = false
    var zoom: CGFloat = 1
}
@MainActor final class Sketch: UIView {
    var strokes: [[CGPoint]] = []
}
let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768), application: app)
window.makeKeyAndVisible()
let photo = Photo(frame: CGRect(x: 40, y: 40, width: 400, height: 300))
window.addSubview(photo)
let canvas = Sketch(frame: CGRect(x: 500, y: 40, width: 400, height: 600))
window.addSubview(canvas)
let simulator = EventSimulator(application: app)
// snippet.show

// snippet.setup
app.applicationSupportsIndirectInputEvents = true   // the Info.plist key UIApplicationSupportsIndirectInputEvents
// snippet.end

// snippet.hover
@MainActor final class PhotoController {
    let photo: Photo
    init(photo: Photo) {
        self.photo = photo
        photo.addGestureRecognizer(UIHoverGestureRecognizer(target: self, action: PhotoController.hovered))
        let rightClick = UITapGestureRecognizer(target: self, action: PhotoController.showMenu)
        rightClick.buttonMaskRequired = .secondary
        photo.addGestureRecognizer(rightClick)
        photo.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: PhotoController.zoomed))
    }
    func hovered(_ hover: UIHoverGestureRecognizer) {
        photo.highlighted = hover.state == .began || hover.state == .changed
    }
    func showMenu() { photo.menuShown = true }
    func zoomed(_ pinch: UIPinchGestureRecognizer) { photo.zoom = pinch.scale }
}
let controller = PhotoController(photo: photo)

simulator.pointerMove(to: CGPoint(x: 100, y: 100))            // the pointer comes over the photo
simulator.click(at: CGPoint(x: 100, y: 100), buttons: .secondary)
simulator.trackpadPinch(at: CGPoint(x: 200, y: 200), scale: 1.5)
// snippet.end
// snippet.hide
precondition(photo.menuShown && abs(photo.zoom - 1.5) < 1e-9, "a right click and a trackpad pinch")
precondition(!photo.highlighted, "the click ended the hover")
simulator.pointerMove(to: CGPoint(x: 110, y: 100))
precondition(photo.highlighted, "the next move hovers again")
_ = controller
let list = UIScrollView(frame: CGRect(x: 0, y: 400, width: 480, height: 368))
list.contentSize = CGSize(width: 480, height: 5000)
window.addSubview(list)
let strip = UIView(frame: CGRect(x: 0, y: 700, width: 480, height: 60))
window.addSubview(strip)
// snippet.show

// snippet.scroll
simulator.scroll(by: CGPoint(x: 0, y: -300), at: CGPoint(x: 240, y: 500), duration: 0.1)
simulator.advance(by: 2)                                        // the list coasts after the fling

let stripPan = UIPanGestureRecognizer()
stripPan.allowedScrollTypesMask = .discrete                     // a wheel, not a trackpad (none by default)
strip.addGestureRecognizer(stripPan)
// snippet.end
// snippet.hide
precondition(list.contentOffset.y > 300, "the list coasted past the fingers' travel")
// snippet.show

// snippet.pencil
@MainActor final class SketchController: UIPencilInteractionDelegate {
    let canvas: Sketch
    init(canvas: Sketch) {
        self.canvas = canvas
        let draw = UIPanGestureRecognizer(target: self, action: SketchController.drew)
        draw.allowedTouchTypes = [.pencil]                      // fingers scroll, the pencil draws
        canvas.addGestureRecognizer(draw)
        canvas.addInteraction(UIPencilInteraction(delegate: self))
    }
    func drew(_ pan: UIPanGestureRecognizer) {
        if pan.state == .began { canvas.strokes.append([]) }
        canvas.strokes[canvas.strokes.count - 1].append(pan.location(in: canvas))
    }
    func pencilInteraction(_ interaction: UIPencilInteraction, didReceiveTap tap: UIPencilInteraction.Tap) {
        if UIPencilInteraction.preferredTapAction == .switchEraser { canvas.strokes.removeAll() }
    }
}
let sketch = SketchController(canvas: canvas)
simulator.pencilDown(at: CGPoint(x: 600, y: 100), altitudeAngle: .pi / 4)
simulator.pencilMove(to: CGPoint(x: 700, y: 150))
simulator.pencilUp()
// snippet.end
// snippet.hide
precondition(canvas.strokes.count == 1, "one stroke")
simulator.pencilDoubleTap()
precondition(canvas.strokes.isEmpty, "the double tap switched to the eraser")
_ = sketch
// snippet.show

// snippet.keys
@MainActor final class Editor: UIViewController {
    var saved = 0
    override var keyCommands: [UIKeyCommand]? {
        [UIKeyCommand(title: "Save", action: Editor.save, input: "s", modifierFlags: .command)]
    }
    func save() { saved += 1 }
}
let editor = Editor()
window.rootViewController = editor
simulator.keyPress("s", modifierFlags: .command)                // editor.save() runs; no pressesBegan
// snippet.end
// snippet.hide
precondition(editor.saved == 1, "the command was performed")
print("modern input: ok")
