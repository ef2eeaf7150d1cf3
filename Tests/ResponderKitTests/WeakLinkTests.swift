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

    // MARK: What a link reads in a subclass's deinit

    // A link is cleared by its base class's deinit (UIResponder's, UIGestureRecognizer's), which runs
    // after a subclass's deinit body. During that body a link still reads the object, as `self` does
    // there, where a weak reference would read nil; once the deinit is over it reads nil. (WeakLink
    // states this as its promise.)

    /// What a deinit body read, kept outside the object being deinitialized.
    @MainActor final class Readings {
        var readsItself: [String: Bool] = [:]
    }

    @Test func aSubviewsSuperviewReadsTheParentDuringItsSubclassDeinitAndNilAfterIt() {
        final class Parent: UIView {
            var readings: Readings?
            isolated deinit {
                readings?.readsItself["superview"] = subviews.first?.superview === self
            }
        }
        let readings = Readings()
        let child = UIView()
        do {
            let parent = Parent()
            parent.readings = readings
            parent.addSubview(child)
        }
        #expect(readings.readsItself["superview"] == true)
        #expect(child.superview == nil)
    }

    @Test func aRecognizersViewReadsTheViewDuringItsSubclassDeinitAndNilAfterIt() {
        final class Host: UIView {
            var readings: Readings?
            isolated deinit {
                readings?.readsItself["view"] = gestureRecognizers?.first?.view === self
            }
        }
        let readings = Readings()
        let recognizer = UITapGestureRecognizer()
        do {
            let host = Host()
            host.readings = readings
            host.addGestureRecognizer(recognizer)
        }
        #expect(readings.readsItself["view"] == true)
        #expect(recognizer.view == nil)
    }

    @Test func aRecognizersLinkReadsItDuringItsSubclassDeinitAndNilAfterIt() {
        final class Tap: UITapGestureRecognizer {
            var readings: Readings?
            isolated deinit {
                readings?.readsItself["link"] = link.object === self
            }
        }
        let readings = Readings()
        var link: WeakLink<UIGestureRecognizer>?
        do {
            let tap = Tap()
            tap.readings = readings
            link = tap.link
        }
        #expect(readings.readsItself["link"] == true)
        #expect(link?.object == nil)
    }

    @Test func anEventsApplicationReadsTheApplicationDuringItsSubclassDeinitAndNilAfterIt() {
        final class Application: UIApplication {
            var readings: Readings?
            isolated deinit {
                readings?.readsItself["application"] = touchEvent.application === self
            }
        }
        let readings = Readings()
        var event: UIEvent?
        do {
            let app = Application()
            app.readings = readings
            event = app.touchEvent
        }
        #expect(readings.readsItself["application"] == true)
        #expect(event?.application == nil)
    }
}
