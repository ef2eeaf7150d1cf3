// The property run: random scenes (trees, recognizers, controllers, windows), random input and
// hierarchy changes between events, re-entrant handlers, every invariant checked after every event.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct FuzzTests {
    /// The base seed of the property run: fixed, so every run plays these cases; `RESPONDERKIT_BASE_SEED`
    /// starts from another (CI runs the suite a second time from a new one each run).
    static let baseSeed: UInt64 = FuzzEnvironment.baseSeed ?? 0x5EED_0007

    @Test func settingsFromTheEnvironmentCanBeRead() {
        let unreadable = FuzzEnvironment.unreadable()
        #expect(unreadable.isEmpty, "\(unreadable.joined(separator: "\n"))")
        #expect(FuzzEnvironment.unreadable(in: ["RESPONDERKIT_BASE_SEED": "0x5EED_0007", "RESPONDERKIT_SEED": "0x1F"])
                == ["RESPONDERKIT_BASE_SEED='0x5EED_0007' cannot be read: give a seed (decimal or 0x-hex, at most 64 bits)"])
    }

    @Test func randomScenesKeepEveryPromise() {
        let scenes = FuzzEnvironment.fuzzScenes ?? FuzzEnvironment.size(short: 25, long: 200)
        let events = FuzzEnvironment.eventsPerScene ?? 150
        var totalEvents = 0, totalMutations = 0, failures = 0, recognized = 0
        var hooks: [Reentrancy: Int] = [:]
        var counts: [String: Int] = [:]
        for index in 0..<scenes {
            let seed = SplitMix64.derive(Self.baseSeed, index)
            // A crash cannot be caught: say which scene is running, so it can be replayed.
            if FuzzEnvironment.verbose { FileHandle.standardError.write(Data("scene \(index): seed \(FuzzEnvironment.hex(seed))\n".utf8)) }
            let outcome = FuzzRunner.run(seed: seed, events: events)
            totalEvents += outcome.events
            totalMutations += outcome.mutations
            recognized += outcome.recognized
            hooks.merge(outcome.hooks, uniquingKeysWith: +)
            counts.merge(outcome.traceCounts, uniquingKeysWith: +)
            if !outcome.passed {
                failures += 1
                outcome.save()
                Issue.record("\(outcome.report)")
                if failures >= 3 { break }
            }
        }
        print("fuzz: \(scenes) scenes × \(events) events: \(totalEvents) input events, \(totalMutations) mutations, "
              + "\(recognized) gestures recognized or begun, handlers fired \(hooks.values.reduce(0, +)) times, \(failures) failing scenes")
        if FuzzEnvironment.verbose {
            for (key, value) in counts.sorted(by: { $0.key < $1.key }) { print("  \(key): \(value)") }
            for (key, value) in hooks.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { print("  handler \(key): \(value)") }
        }
        // The run must exercise what it claims to. (The default run is too short for every handler to fire;
        // everyReentrantHandlerAtOnce has them all.)
        #expect(totalEvents >= scenes * events)
        if scenes >= 100 {
            for option in Reentrancy.allCases { #expect(hooks[option, default: 0] > 0, "re-entrant handler \(option) never fired") }
        }
        #expect(recognized > 0)
    }

    /// Every re-entrant handler on, all the time: the hostile end of the spectrum.
    @Test func everyReentrantHandlerAtOnce() {
        var config = FuzzWorld.Config()
        config.reentrancy = Set(Reentrancy.allCases)
        config.hookProbability = 0.5
        for index in 0..<(FuzzEnvironment.fuzzScenes.map { max(1, $0 / 4) } ?? FuzzEnvironment.size(short: 5, long: 30)) {
            let outcome = FuzzRunner.run(seed: SplitMix64.derive(Self.baseSeed ^ 0xA11, index), events: 120, config: config)
            if !outcome.passed {
                outcome.save()
                Issue.record("\(outcome.report)")
                return
            }
        }
    }

    /// Large trees: up to 200 views, 8 deep, few mutations so the trees stay large.
    @Test func largeTrees() {
        var config = FuzzWorld.Config()
        config.mutationRate = 0.03
        var largest = 0
        var index = 0
        var ran = 0
        let scenes = FuzzEnvironment.size(short: 2, long: 6)
        while ran < scenes, index < 400 {
            let seed = SplitMix64.derive(Self.baseSeed ^ 0xB16, index)
            index += 1
            // Only the seeds that draw a large tree.
            let probe = FuzzWorld(seed: seed, config: config)
            let views = probe.views.count
            probe.tearDown()
            guard views >= 80 else { continue }
            ran += 1
            let outcome = FuzzRunner.run(seed: seed, events: 150, config: config)
            largest = max(largest, outcome.views)
            if !outcome.passed {
                outcome.save()
                Issue.record("\(outcome.report)")
                return
            }
        }
        #expect(largest >= 80)
    }

    /// Replays one case: `RESPONDERKIT_SEED=0x… [RESPONDERKIT_EVENTS=n] [RESPONDERKIT_REENTRANCY=…] swift test --filter RobustnessTests.FuzzTests/replay`.
    @Test func replay() throws {
        guard let seed = FuzzEnvironment.replaySeed else { return }
        let events = FuzzEnvironment.eventsPerScene ?? 150
        let outcome = FuzzRunner.run(seed: seed, events: events)
        print("replayed seed \(FuzzEnvironment.hex(seed)): \(outcome.events) events, \(outcome.mutations) mutations, "
              + "\(outcome.views) views, \(outcome.recognizers) recognizers")
        if !outcome.passed { Issue.record("\(outcome.report)") }
    }
}
