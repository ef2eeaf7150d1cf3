// Runs generated scenes and reports a failure with everything needed to replay it.

import Foundation
@testable import ResponderKit

/// The outcome of one generated scene.
struct FuzzOutcome {
    var seed: UInt64
    var events: Int
    var steps: Int
    var mutations: Int
    var violations: [String]
    var report: String
    var views: Int
    var recognizers: Int
    var hooks: [Reentrancy: Int]
    var recognized: Int
    var traceCounts: [String: Int]
    /// For a failure: the command that replays it, and its entry for FoundSeeds.all.
    var replayCommand = ""
    var foundSeedLine = ""

    var passed: Bool { violations.isEmpty }

    /// Keeps a failure where it survives the run: its replay command and its FoundSeeds entry are
    /// appended to the file `RESPONDERKIT_FOUND_SEEDS` names (CI prints that file at the end of its run).
    func save() {
        guard !passed, let path = FuzzEnvironment.foundSeedsFile else { return }
        let text = "# \(violations.first ?? "")\n\(replayCommand)\n\(foundSeedLine)\n\n"
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try? handle.close()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
    }
}

@MainActor
enum FuzzRunner {
    /// Builds the scene for `seed`, plays up to `events` input events (mutations come on top), checks
    /// after each one, then lets everything go and checks that nothing is left behind.
    static func run(seed: UInt64, events: Int, config: FuzzWorld.Config = FuzzWorld.Config()) -> FuzzOutcome {
        var config = config
        if config.reentrancy == nil, let fixed = Reentrancy.fromEnvironment { config.reentrancy = fixed }
        if let value = FuzzEnvironment.hookProbability { config.hookProbability = value }
        if let value = FuzzEnvironment.mutationRate { config.mutationRate = value }
        let world = FuzzWorld(seed: seed, config: config)
        if FuzzEnvironment.verbose, FuzzEnvironment.replaySeed == seed { world.tracer.keep = 2_000_000 }
        world.checkInvariants()
        if world.ledger.isClean {
            while world.inputEvents < events, world.step() {}
        }
        if world.ledger.isClean {
            world.ledger.step += 1
            world.ledger.stepDescription = "lifting every finger, releasing every key and running out every timer"
            world.quiesce()
            world.checkInvariants()
            if world.ledger.isClean { world.checkQuiescent() }
        }
        // Hidden windows let the scene go: the application keeps visible ones alive, as UIKit does, and
        // each window holds its application (LeakSanitizer runs over this suite in CI).
        defer { world.tearDown() }
        return outcome(of: world, events: events)
    }

    /// The settings a replay needs besides the seed, when they differ from the defaults.
    static func settings(of world: FuzzWorld) -> String {
        var text = ""
        let defaults = FuzzWorld.Config()
        if world.config.reentrancy != nil { text += " RESPONDERKIT_REENTRANCY=\(Reentrancy.describe(world.reentrancy))" }
        if world.config.hookProbability != defaults.hookProbability { text += " RESPONDERKIT_HOOK_PROBABILITY=\(world.config.hookProbability)" }
        if world.config.mutationRate != defaults.mutationRate { text += " RESPONDERKIT_MUTATION_RATE=\(world.config.mutationRate)" }
        return text
    }

    /// The one-line command that replays the scene of `world`.
    static func replayCommand(of world: FuzzWorld, events: Int) -> String {
        "RESPONDERKIT_SEED=\(FuzzEnvironment.hex(world.seed)) RESPONDERKIT_EVENTS=\(events)\(settings(of: world)) RESPONDERKIT_VERBOSE=1 swift test --filter RobustnessTests.FuzzTests/replay"
    }

    /// The scene of `world` as an entry of FoundSeeds.all, ready to paste (the bug's name to fill in).
    static func foundSeedLine(of world: FuzzWorld, events: Int) -> String {
        let defaults = FuzzWorld.Config()
        var line = "FoundSeed(bug: \"<nameTheBug>\", seed: \(FuzzEnvironment.hex(world.seed)), events: \(events)"
        if let fixed = world.config.reentrancy {
            line += ", reentrancy: [\(fixed.map { "." + $0.rawValue }.sorted().joined(separator: ", "))]"
        }
        if world.config.hookProbability != defaults.hookProbability { line += ", hookProbability: \(world.config.hookProbability)" }
        if world.config.mutationRate != defaults.mutationRate { line += ", mutationRate: \(world.config.mutationRate)" }
        if world.config.modernInputRate > 0 { line += ", modernInputRate: \(world.config.modernInputRate)" }
        return line + "),"
    }

    static func outcome(of world: FuzzWorld, events: Int) -> FuzzOutcome {
        var report = ""
        let full = FuzzEnvironment.verbose && FuzzEnvironment.replaySeed == world.seed
        if !world.ledger.isClean {
            report = """
                Invariant violated in a generated scene.
                  \(world.summary)
                  failed at step \(world.ledger.step) after \(world.inputEvents) input events and \(world.mutations) mutations
                \(world.ledger.violations.map { "  - " + $0 }.joined(separator: "\n"))
                Replay with:
                  \(replayCommand(of: world, events: events))
                Once fixed, keep it: add this line to FoundSeeds.all (Tests/RobustnessTests/Fuzz/FoundSeeds.swift),
                naming the bug, and a test named after it to RegressionTests:
                  \(foundSeedLine(of: world, events: events))
                The last trace records:
                \(world.tracer.recentText(limit: full ? Int.max : 80))
                """
        }
        return FuzzOutcome(seed: world.seed, events: world.inputEvents, steps: world.steps, mutations: world.mutations,
                           violations: world.ledger.violations, report: report, views: world.views.count,
                           recognizers: world.recognizers.count, hooks: world.hooksFired, recognized: world.recognizedCount,
                           traceCounts: world.tracer.counts,
                           replayCommand: world.ledger.isClean ? "" : replayCommand(of: world, events: events),
                           foundSeedLine: world.ledger.isClean ? "" : foundSeedLine(of: world, events: events))
    }
}
