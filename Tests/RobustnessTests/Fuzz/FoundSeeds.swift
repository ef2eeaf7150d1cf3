// Generated cases that once broke a promise. RegressionTests replays every one on each run, so a bug the
// fuzzer found stays found. A failing run prints the line to add here (see FuzzRunner.outcome).

import Foundation
import Testing

/// One generated case to replay: its seed and the settings it ran with, and the bug it found.
struct FoundSeed: Sendable, CustomTestStringConvertible {
    /// What broke, in the words of a test name (the hand-written test in RegressionTests, when there is one).
    let bug: String
    let seed: UInt64
    /// Input events to play (mutations come on top).
    let events: Int
    /// The re-entrant handlers switched on; nil: the set the seed draws, as in the property run and the soak.
    var reentrancy: Set<Reentrancy>? = nil
    /// The generator's rates, when the run changed them.
    var hookProbability: Double? = nil
    var mutationRate: Double? = nil
    /// The share of steps that add modern input; seeds found before it existed replay without (0).
    var modernInputRate: Double = 0

    var testDescription: String { "\(bug) (seed \(FuzzEnvironment.hex(seed)), \(events) events)" }

    /// The generator's settings for the replay.
    var config: FuzzWorld.Config {
        var config = FuzzWorld.Config()
        config.reentrancy = reentrancy
        if let hookProbability { config.hookProbability = hookProbability }
        if let mutationRate { config.mutationRate = mutationRate }
        config.modernInputRate = modernInputRate
        return config
    }
}

enum FoundSeeds {
    static let all: [FoundSeed] = [
        // A content touch also withheld by another recognizer that delays touches began was reported let
        // through when the scroll view's delay passed, then discarded "within the delay" when the pan began.
        FoundSeed(bug: "contentTouchStillWithheldByAnotherRecognizerIsNotReportedLetThrough",
                  seed: 0x45497f986b2e1ed8, events: 150),
        FoundSeed(bug: "contentTouchStillWithheldByAnotherRecognizerIsNotReportedLetThrough",
                  seed: 0xd5aec07308e1b0b9, events: 1_000, reentrancy: [.disableRecognizerInAction, .hideWindowMidGesture]),
        FoundSeed(bug: "contentTouchStillWithheldByAnotherRecognizerIsNotReportedLetThrough",
                  seed: 0xabf2ca547ed8a4cd, events: 150, reentrancy: [.addRemoveRecognizersInAction]),
        // The same bug, as the soak from base seed 0x788be3fabda646ef met it (its scene 186).
        FoundSeed(bug: "contentTouchStillWithheldByAnotherRecognizerIsNotReportedLetThrough",
                  seed: 0xd5aec07308e1b0b9, events: 1_000),
        // Not an engine bug: the check above was too strict. A touch its scroll view let through on lift was
        // discarded by a tap that recognized on that same lift (D10), which is no contradiction.
        FoundSeed(bug: "contentTouchLetThroughOnLiftMayBeDiscardedByARecognizerOfTheSameEvent",
                  seed: 0x159f16c8c26b9c06, events: 150),
        // A trackpad pinch played as two touches, the application's indirect input events turned on midway:
        // its end went to the recognizers of .transform events, and the two touches never lifted.
        FoundSeed(bug: "aTrackpadTransformEndsTheWayItBegan", seed: 0xf7a3a6adf48eb4b9, events: 150, modernInputRate: 0.08),
        // The window's root replaced under a sheet and the controllers freed: the sheet stayed in the window,
        // its pan (whose interaction was held only by the freed presentation) began, and no action went out.
        FoundSeed(bug: "aSheetOutlivingItsPresentationDoesNotBeginItsDrag", seed: 0xc5a640ef0b340073, events: 150,
                  modernInputRate: 0.08),
        // The content view of an item whose highlight the delegate refused moved to another view mid-touch:
        // the touch's cancel went up the new responder chain, and the collection view followed it forever.
        FoundSeed(bug: "aCollectionViewHearsOfATouchWhoseEndWentUpAnotherResponderChain", seed: 0xf3fc00b79bf064e1,
                  events: 150, modernInputRate: 0.08),
    ]
}
