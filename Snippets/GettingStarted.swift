// snippet.scene
import ResponderKit

@MainActor final class PhotoController: UIViewController {
    var log: [String] = []
    override func viewDidLoad() {
        view.accessibilityIdentifier = "photo"
        let single = UITapGestureRecognizer(target: self, action: PhotoController.showControls)
        single.name = "showControls"
        let double = UITapGestureRecognizer(target: self, action: PhotoController.zoom)
        double.name = "zoom"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
    }
    func showControls(_ tap: UITapGestureRecognizer) { log.append("controls") }
    func zoom(_ tap: UITapGestureRecognizer) { log.append("zoom") }
}

let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
window.accessibilityIdentifier = "window"
let controller = PhotoController()
window.rootViewController = controller
window.makeKeyAndVisible()
// snippet.end

// snippet.input
let sim = EventSimulator(application: app)   // the application's clock is virtual from here on
sim.tap(at: CGPoint(x: 100, y: 100))
sim.advance(by: 0.5)                         // the double tap's window closes; the single tap fires
print(controller.log)                        // ["controls"]
// snippet.end
// snippet.hide
precondition(controller.log == ["controls"])
// snippet.show

// snippet.trace
let recorder = TraceRecorder()
app.tracer = recorder
sim.tap(at: CGPoint(x: 100, y: 100))
sim.advance(by: 0.5)
print(recorder.render())
// snippet.end
// snippet.hide
precondition(controller.log == ["controls", "controls"])
precondition(recorder.render().contains("'showControls' failed") || recorder.render().contains("waiting for 'zoom' to fail"))
