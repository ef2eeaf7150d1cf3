// The engine's back references (superview, a recognizer's view, first responder, key window, a press's
// window and responder, an event's application, a timer's recognizer) do not keep their object alive
// and read nil once it is gone. They go through links (WeakLink) rather than weak references, which
// would slow every retain of the object.

import Foundation
import Testing
@testable import ResponderKit // for UIEvent.application and the recognizer's timers

@MainActor
@Suite struct WeakLinkTests {

    @Test func aSubviewsSuperviewReadsNilOnceTheSuperviewIsGone() {
        let child = UIView()
        do {
            let parent = UIView()
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
    }

    @Test func aRecognizersViewReadsNilOnceTheViewIsGone() {
        let recognizer = UITapGestureRecognizer()
        weak var gone: UIView?
        do {
            let view = UIView()
            view.addGestureRecognizer(recognizer)
            gone = view
            #expect(recognizer.view === view)
        }
        #expect(gone == nil)
        #expect(recognizer.view == nil)
    }

    @Test func aWindowDoesNotKeepItsFirstResponderAlive() {
        final class Field: UIView { override var canBecomeFirstResponder: Bool { true } }
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        weak var gone: Field?
        do {
            let field = Field()
            window.addSubview(field)
            #expect(field.becomeFirstResponder())
            field.removeFromSuperview()
            gone = field
        }
        #expect(gone == nil)
    }

    @Test func anApplicationDoesNotKeepItsKeyWindowAlive() {
        let app = UIApplication()
        do {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
            window.makeKeyAndVisible()
            #expect(app.keyWindow === window)
            window.isHidden = true
        }
        #expect(app.keyWindow == nil)
    }

    @Test func anEventDoesNotKeepItsApplicationAlive() {
        var event: UIEvent?
        do {
            let app = UIApplication()
            event = app.touchEvent
            #expect(event?.application === app)
        }
        #expect(event?.application == nil)
    }

    @Test func aPressDoesNotKeepItsWindowOrResponderAlive() {
        var press: UIPress?
        do {
            let app = UIApplication()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
            window.makeKeyAndVisible()
            let sim = EventSimulator(application: app)
            sim.pressDown(.select)
            press = app.pressesEvent.allPresses.first
            #expect(press?.window === window)
            #expect(press?.responder != nil)
            window.isHidden = true
            sim.pressUp(.select)
        }
        #expect(press?.window == nil)
        #expect(press?.responder == nil)
    }

    @Test func aTimerOfARecognizerThatIsGoneDoesNothing() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        let sim = EventSimulator(application: app)
        var fired = 0
        weak var gone: UITapGestureRecognizer?
        do {
            let tap = UITapGestureRecognizer()
            window.addGestureRecognizer(tap)
            tap.scheduleTimer(after: 0.5) { (_: UITapGestureRecognizer) in fired += 1 }
            tap.scheduleTimer(after: 0.5) { (_: UITapGestureRecognizer) in fired += 1 }
            window.removeGestureRecognizer(tap)
            gone = tap
        }
        // The clock still holds the timers, and they hold only the recognizer's link.
        #expect(gone == nil)
        sim.advance(by: 1)
        #expect(fired == 0)
    }

    @Test func aTimerOfARecognizerStillThereFires() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        let sim = EventSimulator(application: app)
        let tap = UITapGestureRecognizer()
        window.addGestureRecognizer(tap)
        var firedOn: UITapGestureRecognizer?
        tap.scheduleTimer(after: 0.5) { (recognizer: UITapGestureRecognizer) in firedOn = recognizer }
        sim.advance(by: 1)
        #expect(firedOn === tap)
    }
}
