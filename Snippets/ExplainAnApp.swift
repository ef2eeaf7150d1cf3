import ResponderKit
import ResponderLab
import Foundation

// snippet.hide
// The application's scene: a panel with a tap recognizer, holding a button.
let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
window.accessibilityIdentifier = "window"
let panel = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
panel.accessibilityIdentifier = "panel"
let panelTap = UITapGestureRecognizer()
panelTap.name = "panelTap"
panel.addGestureRecognizer(panelTap)
let buy = UIButton(frame: CGRect(x: 20, y: 20, width: 100, height: 44))
buy.accessibilityIdentifier = "buy"
window.addSubview(panel)
panel.addSubview(buy)
window.makeKeyAndVisible()
let sim = EventSimulator(application: app)
/// Where the example writes its picture and its trace file.
let picturePath = FileManager.default.temporaryDirectory.appendingPathComponent("panel-\(getpid()).svg").path
let tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("panel-\(getpid()).trace.json").path
// snippet.show
// snippet.keep
let flightRecorder = FlightRecorder(capacity: 2_000)
app.tracer = flightRecorder
// snippet.end
// snippet.hide
sim.tap(at: CGPoint(x: 60, y: 40))
// snippet.show

// snippet.explain
// When the user reports that tapping the panel did nothing: the records, with the scene now.
let trace = CapturedTrace(records: flightRecorder.records, application: app)
for line in try trace.explain(.recognizer("panelTap")) { print(line) }
try trace.picture(at: 0).write(toFile: picturePath, atomically: true, encoding: .utf8)
// Or keep the file, for `responder explain --trace FILE` and `responder draw --trace FILE`:
try trace.write(to: tracePath)
// snippet.end
// snippet.hide
let fromFile = try CapturedTrace(contentsOf: tracePath).explain(.recognizer("panelTap"))
let inProcess = try trace.explain(.recognizer("panelTap"))
precondition(fromFile == inProcess, "the file explains the same")
let picture = try String(contentsOfFile: picturePath, encoding: .utf8)
precondition(picture.contains("hit-test path: window ▸ panel ▸ buy"), "the picture shows the tap's hit-test")
try? FileManager.default.removeItem(atPath: tracePath)
try? FileManager.default.removeItem(atPath: picturePath)
