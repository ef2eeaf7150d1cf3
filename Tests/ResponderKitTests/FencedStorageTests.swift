// The engine's unsafe devices stay behind their fences (FencedStorage, WeakLink, SettleQueue, the
// target-action pairs): these tests read the library's sources and fail on one that slipped out.
//   - Storage that skips the runtime's exclusivity checks is always private, and checked in debug builds:
//     every `@exclusivity(unchecked)` declaration is the `#else` branch of an `#if DEBUG` that declares
//     the same property without it.
//   - No public or open declaration skips the checks.
//   - `unowned(unsafe)`, `Unmanaged` and `unsafeDowncast` appear only in the types that state their
//     invariants.

import Foundation
import Testing

@Suite struct FencedStorageTests {

    /// The library's sources: every Swift file under Sources/ResponderKit, with its path.
    static let sources: [(path: String, lines: [String])] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ResponderKit")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }.compactMap { url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            return (url.path.replacingOccurrences(of: root.path + "/", with: ""), text.components(separatedBy: "\n"))
        }
    }()

    /// Lines that are code (not comments), with their file and number.
    static func codeLines(containing needle: String) -> [(path: String, number: Int, line: String)] {
        sources.flatMap { file in
            file.lines.enumerated().compactMap { index, line in
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), line.contains(needle) else { return nil }
                return (file.path, index + 1, line)
            }
        }
    }

    @Test func theSourcesAreFound() {
        #expect(Self.sources.count > 50)
    }

    @Test func everyUncheckedDeclarationIsPrivateAndCheckedInDebugBuilds() {
        let unchecked = Self.codeLines(containing: "@exclusivity(unchecked)")
        #expect(!unchecked.isEmpty)
        for (path, number, line) in unchecked {
            let place = "\(path):\(number)"
            #expect(line.contains("private "), "\(place) skips exclusivity checks on storage that is not private")
            let lines = Self.sources.first { $0.path == path }!.lines
            let before = lines[number - 2].trimmingCharacters(in: .whitespaces)
            #expect(before == "#else", "\(place) is not the #else branch of an #if DEBUG")
            // The debug branch declares the same property, checked.
            let declaration = line.replacingOccurrences(of: "@exclusivity(unchecked) ", with: "")
            let debugBranch = lines[max(0, number - 6) ..< (number - 2)]
            #expect(debugBranch.contains("    #if DEBUG") || debugBranch.contains { $0.trimmingCharacters(in: .whitespaces) == "#if DEBUG" },
                    "\(place) has no #if DEBUG branch")
            #expect(debugBranch.contains(declaration), "\(place): the debug branch does not declare the same property")
        }
    }

    @Test func noPublicOrOpenDeclarationSkipsExclusivityChecks() {
        for (path, number, line) in Self.codeLines(containing: "@exclusivity(unchecked)") {
            #expect(!line.contains("public ") && !line.contains("open "), "\(path):\(number) is public or open")
        }
    }

    @Test(arguments: [
        ("unowned(unsafe)", ["Support/WeakLink.swift", "Arbiter/RecognizerRecord.swift"]),
        ("Unmanaged", ["Arbiter/SettleQueue.swift"]),
        ("unsafeDowncast", ["Support/WeakLink.swift", "Gestures/UIGestureRecognizer.swift"]),
    ])
    func unsafeReferencesStayInTheTypesThatStateTheirInvariants(_ device: String, _ allowed: [String]) {
        let places = Set(Self.codeLines(containing: device).map(\.path))
        #expect(!places.isEmpty)
        #expect(places.isSubset(of: Set(allowed)), "\(device) appears in \(places.subtracting(allowed).sorted())")
    }

    @Test func theTargetActionCastsAreTheOnlyOnesOfTheRecognizer() {
        // In UIGestureRecognizer.swift the unchecked casts are those of the target-action pairs' factories.
        let lines = Self.sources.first { $0.path == "Gestures/UIGestureRecognizer.swift" }!.lines
        guard let start = lines.firstIndex(where: { $0.contains("final class TargetAction") }),
              let end = lines[start...].firstIndex(where: { $0 == "    }" }) else {
            Issue.record("TargetAction not found")
            return
        }
        for (index, line) in lines.enumerated() where line.contains("unsafeDowncast") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            #expect((start...end).contains(index), "Gestures/UIGestureRecognizer.swift:\(index + 1) casts outside TargetAction")
        }
    }
}
