import Foundation
import Testing
import ResponderKit

/// The README's usage example, kept compiling and true.
@MainActor
@Suite struct ReadmeExampleTests {
    @MainActor final class PhotoController: UIViewController {
        var log: [String] = []
        override func viewDidLoad() {
            let single = UITapGestureRecognizer(target: self, action: PhotoController.showControls)
            let double = UITapGestureRecognizer(target: self, action: PhotoController.zoom)
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            view.addGestureRecognizer(single)
            view.addGestureRecognizer(double)
        }
        func showControls(_ tap: UITapGestureRecognizer) { log.append("controls") }
        func zoom(_ tap: UITapGestureRecognizer) { log.append("zoom") }
    }

    @Test func singleTapFiresOnlyAfterTheDoubleTapTimesOut() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
        let controller = PhotoController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let recorder = TraceRecorder()
        app.tracer = recorder
        let sim = EventSimulator(application: app)
        sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(controller.log.isEmpty)
        sim.advance(by: 0.5)
        #expect(controller.log == ["controls"])
        #expect(recorder.render().contains("waiting for"))
    }

    @Test func doubleTapZoomsAndTheSingleTapNeverFires() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
        let controller = PhotoController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let sim = EventSimulator(application: app)
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 0.1)
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 1)
        #expect(controller.log == ["zoom"])
    }
}
