import Foundation
import Testing

/// The rule ids the code cites (R7, D11, I2…) all resolve in the package's own documentation: the
/// ResponderKit catalog states each rule under a heading that starts with its id.
@Suite struct RuleBookTests {
    /// The package's root: this file is Tests/ResponderLabTests/RuleBookTests.swift.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let sources = root.appendingPathComponent("Sources")
    private static let catalog = sources.appendingPathComponent("ResponderKit/ResponderKit.docc")

    /// Tokens shaped like rule ids that are something else, each with where it occurs.
    private static let notRuleIds: Set<String> = [
        "C0", // "C0 controls", the control characters U+0000–U+001F (Sources/ResponderLab/Draw/SVGRenderer.swift)
    ]

    /// One rule id: a part letter and a number. Ranges (`D10–D12`, `I1-I3`) stand for every id between.
    private static let idPattern = try! NSRegularExpression(pattern: #"\b([ABCDEFGHIRSTU])([0-9]{1,2})\b(?:\s*[–-]\s*\1?([0-9]{1,2})\b)?"#)
    /// A heading that defines a rule: `### R7 Failure requirements`.
    private static let headingPattern = try! NSRegularExpression(pattern: #"^#{2,6}\s+([ABCDEFGHIRSTU][0-9]{1,2})\b"#,
                                                                 options: .anchorsMatchLines)

    /// Every file under `folder` whose name ends in one of `extensions`, with its text.
    private static func files(under folder: URL, extensions: Set<String>) -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var result: [(String, String)] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension) {
            if let text = try? String(contentsOf: url, encoding: .utf8) {
                result.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), text))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The ids a text cites, each with the line it is on, ranges expanded.
    private static func citedIds(in text: String) -> [(id: String, line: Int)] {
        var result: [(String, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            let range = NSRange(line.startIndex..., in: line)
            for match in idPattern.matches(in: line, range: range) {
                let part = (line as NSString).substring(with: match.range(at: 1))
                let first = Int((line as NSString).substring(with: match.range(at: 2)))!
                var last = first
                if match.range(at: 3).location != NSNotFound {
                    last = max(first, Int((line as NSString).substring(with: match.range(at: 3)))!)
                }
                for number in first...last where !notRuleIds.contains("\(part)\(number)") {
                    result.append(("\(part)\(number)", index + 1))
                }
            }
        }
        return result
    }

    /// The ids the catalog defines, in the order of their headings (repeats included).
    private static var definedIds: [String] {
        files(under: catalog, extensions: ["md"]).flatMap { file in
            headingPattern.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)).map {
                (file.text as NSString).substring(with: $0.range(at: 1))
            }
        }
    }

    @Test func everyRuleIdCitedInSourcesIsDefinedInTheRuleBook() {
        let defined = Set(Self.definedIds)
        var missing: [String] = []
        for file in Self.files(under: Self.sources, extensions: ["swift", "md"]) {
            for citation in Self.citedIds(in: file.text) where !defined.contains(citation.id) {
                missing.append("\(file.path):\(citation.line): \(citation.id)")
            }
        }
        #expect(missing.isEmpty, "rule ids cited but not defined in ResponderKit.docc (add a heading that starts with the id):\n\(missing.joined(separator: "\n"))")
    }

    @Test func theRuleBookDefinesEachIdOnceAndEachPartWithoutGaps() {
        let ids = Self.definedIds
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "rule ids defined more than once: \(repeated)")
        // Each part numbers its rules 1, 2, 3…: a gap means a rule was left out or mistyped.
        let byPart = Dictionary(grouping: Set(ids), by: { $0.prefix(1) })
        for (part, members) in byPart {
            let numbers = members.compactMap { Int($0.dropFirst()) }.sorted()
            #expect(numbers == Array(1...numbers.count), "part \(part) has gaps: \(numbers)")
        }
        // The decisions and every part of the gathered rules are there, each rule of the behavioural spec.
        let counts = byPart.mapValues(\.count)
        #expect(counts == ["R": 27, "A": 11, "B": 12, "C": 10, "D": 14, "E": 7, "F": 8, "G": 3, "H": 3, "I": 5, "S": 5, "T": 9, "U": 5])
    }

    @Test func citationsAreFoundInTheFormsTheCodeUses() {
        let found = Self.citedIds(in: "R7, D10–D12 and I1-I3 (R25); not C0 or AR7 or R7x").map(\.id)
        #expect(found == ["R7", "D10", "D11", "D12", "I1", "I2", "I3", "R25"])
    }
}
