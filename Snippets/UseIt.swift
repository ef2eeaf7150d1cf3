import ResponderKit

@MainActor final class PhotoController: UIViewController {
    var log: [String] = []
    override func viewDidLoad() {
        view.accessibilityIdentifier = "photo"          // traces name a view by it…
        let single = UITapGestureRecognizer(target: self, action: PhotoController.showControls)
        single.name = "showControls"                    // …and a recognizer by its name
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

let app = UIApplication()                       // an isolated application (or UIApplication.shared)
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
window.accessibilityIdentifier = "window"
let controller = PhotoController()
window.rootViewController = controller
window.makeKeyAndVisible()

let recorder = TraceRecorder()
app.tracer = recorder                            // optional: every decision, with its reason

let sim = EventSimulator(application: app)       // virtual time from here on
sim.tap(at: CGPoint(x: 100, y: 100))
sim.advance(by: 0.5)                             // the double tap times out, then the single fires
print(controller.log)                            // ["controls"]
print(recorder.render())
// snippet.hide
precondition(controller.log == ["controls"], "the single tap fires once the double tap has failed")
