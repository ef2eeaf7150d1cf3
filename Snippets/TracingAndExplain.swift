import ResponderKit

// snippet.hide
/// Stands for the app's way of sending a report (a bug reporter, a log file).
func report(_ text: String) { print(text) }

let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
window.accessibilityIdentifier = "window"
let buy = UIButton(frame: CGRect(x: 20, y: 20, width: 100, height: 44))
buy.accessibilityIdentifier = "buy"
window.addSubview(buy)
window.makeKeyAndVisible()
let sim = EventSimulator(application: app)
// snippet.show
// snippet.recorder
let recorder = TraceRecorder()
app.tracer = recorder
// snippet.end
// snippet.hide
sim.tap(at: CGPoint(x: 60, y: 40))
precondition(recorder.render().contains("buy"))
// snippet.show

// snippet.flight-recorder
let flightRecorder = FlightRecorder(capacity: 2_000)
app.tracer = flightRecorder
// later, when the user reports that a button did nothing:
report(flightRecorder.render())
// snippet.end
// snippet.hide
precondition(flightRecorder.count == 0)
sim.tap(at: CGPoint(x: 60, y: 40))
precondition(flightRecorder.render().contains("touchUpInside"), "the flight recorder keeps the tap on the button")
