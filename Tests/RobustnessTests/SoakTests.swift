// The soak: one fixed seed, scene after generated scene, every invariant checked after every event.
// `swift test` runs 2,000 events, CI (RESPONDERKIT_LONG_TESTS=1) 12,000, from the fixed seed and from a
// new one each run; `RESPONDERKIT_SOAK_EVENTS=1000000 swift test -c release --filter RobustnessTests.SoakTests`
// runs the long one.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct SoakTests {
    static let seed: UInt64 = FuzzEnvironment.baseSeed ?? 0x50AC_0001
    /// Events per generated scene before the next one is built.
    static let eventsPerScene = 1_000

    @Test func fixedSeedSoak() {
        let total = FuzzEnvironment.soakEvents ?? FuzzEnvironment.size(short: 2_000, long: 12_000)
        var events = 0, mutations = 0, scenes = 0, recognized = 0, hooks = 0, views = 0
        let started = Date()
        while events < total {
            let seed = SplitMix64.derive(Self.seed, scenes)
            let outcome = FuzzRunner.run(seed: seed, events: min(Self.eventsPerScene, total - events))
            scenes += 1
            events += outcome.events
            mutations += outcome.mutations
            recognized += outcome.recognized
            hooks += outcome.hooks.values.reduce(0, +)
            views += outcome.views
            if !outcome.passed {
                outcome.save()
                Issue.record("soak scene \(scenes) after \(events) events:\n\(outcome.report)")
                break
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print("soak: seed \(FuzzEnvironment.hex(Self.seed)), \(scenes) scenes (\(views) views in all), \(events) input events, "
              + "\(mutations) mutations, \(recognized) gestures recognized or begun, handlers fired \(hooks) times, "
              + "\(String(format: "%.1f", seconds)) s (\(Int(Double(events) / max(seconds, 0.001))) events/s)")
        #expect(events >= total)
    }
}
