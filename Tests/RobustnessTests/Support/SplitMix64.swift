// A small seeded generator (SplitMix64) and the helpers the generators use. Every fuzz run is a pure
// function of its seed, so a failing seed replays exactly.

import Foundation

/// SplitMix64: 64 bits of state, fast, and good enough for test generation.
struct SplitMix64: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A well-mixed seed for the `index`-th case of a run started from `base`.
    static func derive(_ base: UInt64, _ index: Int) -> UInt64 {
        var generator = SplitMix64(seed: base ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A number in `range`.
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One element of a non-empty collection.
    mutating func pick<C: Collection>(_ items: C) -> C.Element {
        items[items.index(items.startIndex, offsetBy: Int.random(in: 0..<items.count, using: &self))]
    }

    /// One element, or nil for an empty collection.
    mutating func maybePick<C: Collection>(_ items: C) -> C.Element? {
        items.isEmpty ? nil : pick(items)
    }

    /// A random point in `rect`.
    mutating func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + double(0...1) * rect.width, y: rect.minY + double(0...1) * rect.height)
    }
}

/// Settings read from the environment, so a failing case can be replayed and the soak lengthened.
enum FuzzEnvironment {
    private static var values: [String: String] { ProcessInfo.processInfo.environment }

    /// `RESPONDERKIT_LONG_TESTS=1`: the long runs, as CI runs them (`.ci/run` sets it). Without it,
    /// `swift test` runs a short version of each: fewer generated scenes, a shorter soak, fewer damaged
    /// files (README, Robustness, gives the figures).
    static var long: Bool { values["RESPONDERKIT_LONG_TESTS"] == "1" }

    /// A size for the default run, or for the long one.
    static func size(short: Int, long longSize: Int) -> Int { long ? longSize : short }

    /// `RESPONDERKIT_SEED`: replay one case (decimal or 0x-hex) instead of the whole property run.
    static var replaySeed: UInt64? { values["RESPONDERKIT_SEED"].flatMap(parseSeed) }

    /// `RESPONDERKIT_BASE_SEED`: start the property run (and the soak) from another seed, to explore further.
    static var baseSeed: UInt64? { values["RESPONDERKIT_BASE_SEED"].flatMap(parseSeed) }

    /// `RESPONDERKIT_EVENTS`: the number of input events per generated scene (for replays).
    static var eventsPerScene: Int? { values["RESPONDERKIT_EVENTS"].flatMap { Int($0) } }

    /// `RESPONDERKIT_SOAK_EVENTS`: the length of the soak (default: a short run that suits CI).
    static var soakEvents: Int? { values["RESPONDERKIT_SOAK_EVENTS"].flatMap { Int($0.replacingOccurrences(of: "_", with: "")) } }

    /// `RESPONDERKIT_FUZZ_SCENES`: how many scenes the property run generates.
    static var fuzzScenes: Int? { values["RESPONDERKIT_FUZZ_SCENES"].flatMap { Int($0) } }

    /// `RESPONDERKIT_HOSTILE_MUTATIONS`: how many mutations of each bundled scenario to try.
    static var hostileMutations: Int? { values["RESPONDERKIT_HOSTILE_MUTATIONS"].flatMap { Int($0) } }

    /// `RESPONDERKIT_HOOK_PROBABILITY` and `RESPONDERKIT_MUTATION_RATE`: the generator's rates (for replays).
    static var hookProbability: Double? { values["RESPONDERKIT_HOOK_PROBABILITY"].flatMap { Double($0) } }
    static var mutationRate: Double? { values["RESPONDERKIT_MUTATION_RATE"].flatMap { Double($0) } }

    /// `RESPONDERKIT_FOUND_SEEDS`: a file to which every failing generated case appends its replay command
    /// and its FoundSeeds entry (CI sets it, and prints the file when the run ends).
    static var foundSeedsFile: String? { values["RESPONDERKIT_FOUND_SEEDS"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `RESPONDERKIT_VERBOSE=1`: print the trace of a replayed case.
    static var verbose: Bool { values["RESPONDERKIT_VERBOSE"] == "1" }

    /// The settings that are set but cannot be read, each with the form it needs. A typo must not
    /// silently run the defaults: `settingsFromTheEnvironmentCanBeRead` fails with these.
    static func unreadable(in environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let seed = "a seed (decimal or 0x-hex, at most 64 bits)", count = "a whole number", rate = "a number"
        let settings: [(name: String, form: String, read: (String) -> Bool)] = [
            ("RESPONDERKIT_LONG_TESTS", "1 (or 0)", { $0 == "1" || $0 == "0" }),
            ("RESPONDERKIT_SEED", seed, { parseSeed($0) != nil }),
            ("RESPONDERKIT_BASE_SEED", seed, { parseSeed($0) != nil }),
            ("RESPONDERKIT_EVENTS", count, { Int($0) != nil }),
            ("RESPONDERKIT_SOAK_EVENTS", count, { Int($0.replacingOccurrences(of: "_", with: "")) != nil }),
            ("RESPONDERKIT_FUZZ_SCENES", count, { Int($0) != nil }),
            ("RESPONDERKIT_HOSTILE_MUTATIONS", count, { Int($0) != nil }),
            ("RESPONDERKIT_HOOK_PROBABILITY", rate, { Double($0) != nil }),
            ("RESPONDERKIT_MUTATION_RATE", rate, { Double($0) != nil }),
        ]
        return settings.compactMap { setting in
            guard let text = environment[setting.name], !setting.read(text) else { return nil }
            return "\(setting.name)='\(text)' cannot be read: give \(setting.form)"
        }
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    static func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }
}
