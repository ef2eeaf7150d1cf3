// The documentation's Swift code compiles and runs: every ```swift block of every Markdown file is the
// text of a program in Snippets/ (which `swift build` and `swift test` compile, in Swift 6 mode, as a
// user's main.swift), and each of those programs runs to a clean exit here. The convention is stated
// in DocumentationSnippets.swift and Snippets/README.md.

import Foundation
import Testing

@Suite struct DocumentationSnippetTests {

    @Test func everySwiftBlockOfTheDocsSaysWhereItIsChecked() throws {
        for block in try FencedBlock.all() where block.language == "swift" {
            switch block.marker {
            case .snippet?, .packageManifest?: continue
            case .output?, nil:
                Issue.record("""
                    \(block.place): a ```swift block with no marker. Put its code in a program in Snippets/ and write \
                    <!-- snippet: NAME --> (or NAME#SLICE) on the line before it, or <!-- package-manifest --> for a \
                    Package.swift (Snippets/README.md)
                    """)
            }
        }
    }

    @Test func everyMarkedBlockIsTheVisibleTextOfItsSnippet() throws {
        let snippets = Dictionary(uniqueKeysWithValues: try SnippetFile.all().map { ($0.name, $0) })
        var checked = 0
        for block in try FencedBlock.all() {
            guard case .snippet(let name, let slice)? = block.marker else { continue }
            #expect(block.language == "swift", "\(block.place): a snippet marker before a block that is not ```swift")
            guard let snippet = snippets[name] else {
                Issue.record("\(block.place): there is no Snippets/\(name).swift (snippets: \(snippets.keys.sorted().joined(separator: ", ")))")
                continue
            }
            let expected: [String]
            if let slice {
                guard let lines = snippet.slices[slice] else {
                    Issue.record("\(block.place): \(snippet.file) has no slice '\(slice)' (slices: \(snippet.slices.keys.sorted().joined(separator: ", ")))")
                    continue
                }
                expected = lines
            } else {
                expected = snippet.visible
            }
            let shown = SnippetFile.tidy(block.lines)
            checked += 1
            guard shown != expected else { continue }
            let line = Array(zip(shown, expected)).firstIndex { $0 != $1 } ?? min(shown.count, expected.count)
            Issue.record("""
                \(block.place): the block differs from \(snippet.file)\(slice.map { "#" + $0 } ?? "") at its line \(line + 1):
                  docs:    \(line < shown.count ? shown[line] : "(the block ends)")
                  snippet: \(line < expected.count ? expected[line] : "(the snippet ends)")
                Edit the snippet (it is compiled and run) and copy its visible text into the docs.
                """)
        }
        #expect(checked > 0)
    }

    @Test func everySnippetIsShownInTheDocs() throws {
        var shown: [String: Set<String>] = [:]
        for block in try FencedBlock.all() {
            switch block.marker {
            case .snippet(let name, let slice)?: shown[name, default: []].insert(slice ?? "")
            case .output(let name)?: shown[name, default: []].insert("output")
            default: break
            }
        }
        for snippet in try SnippetFile.all() {
            #expect(shown[snippet.name] != nil, "\(snippet.file) is shown nowhere in the docs: delete it, or mark a block with <!-- snippet: \(snippet.name) -->")
            for slice in snippet.slices.keys where shown[snippet.name]?.contains(slice) != true {
                Issue.record("\(snippet.file): the slice '\(slice)' is shown nowhere in the docs")
            }
        }
    }

    @Test func everySnippetRunsToACleanExitAndPrintsWhatTheDocsSay() throws {
        let folder = try #require(ProgramRun.buildFolder, "the snippets are not built beside the tests: `swift build` (or `swift test`) builds every program in Snippets/")
        var outputs: [String: [FencedBlock]] = [:]
        for block in try FencedBlock.all() {
            if case .output(let name)? = block.marker { outputs[name, default: []].append(block) }
        }
        for snippet in try SnippetFile.all() {
            let executable = folder.appendingPathComponent(snippet.name)
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                Issue.record("\(snippet.file) is not built at \(executable.path): run `swift build`")
                continue
            }
            let run = try ProgramRun.run(executable)
            #expect(run.status == 0, "\(snippet.file) exited with status \(run.status):\n\(run.errors)")
            for block in outputs[snippet.name] ?? [] {
                if let piece = missingPiece(of: block.lines, in: run.output) {
                    Issue.record("""
                        \(block.place): \(snippet.file) does not print these lines (in this order):
                        \(piece.joined(separator: "\n"))
                        It printed:
                        \(run.output)
                        """)
                }
            }
        }
    }

    @Test func theUseItSampleNamesEveryObjectItsTraceMentions() throws {
        let folder = try #require(ProgramRun.buildFolder)
        let run = try ProgramRun.run(folder.appendingPathComponent("UseIt"))
        #expect(run.status == 0)
        #expect(run.output.contains("gesture    showControls     wants ended, waiting for 'zoom' to fail"), "\(run.output)")
        #expect(!run.output.contains("UITapGestureRecognizer") && !run.output.contains("  UIView "),
                "an object the sample made is printed by its class, not a name:\n\(run.output)")
    }

    @Test func markersAreReadAsTheConventionSays() throws {
        #expect(FencedBlock.Marker("<!-- snippet: UseIt -->") == .snippet(name: "UseIt", slice: nil))
        #expect(FencedBlock.Marker("  <!-- snippet: LivePath#host-loop -->") == .snippet(name: "LivePath", slice: "host-loop"))
        #expect(FencedBlock.Marker("<!-- snippet-output: UseIt -->") == .output(name: "UseIt"))
        #expect(FencedBlock.Marker("<!-- package-manifest -->") == .packageManifest)
        #expect(FencedBlock.Marker("<!-- a comment -->") == nil)
        #expect(FencedBlock.Marker("Some prose.") == nil)

        let snippet = try SnippetFile(file: "Snippets/Example.swift", text: """
            import ResponderKit
            // snippet.hide
            func stub() {}
            // snippet.show
            // snippet.loop
            while false {
                stub()
                // snippet.hide
                print("checked, not shown")
                // snippet.show
            }
            // snippet.end
            """)
        #expect(snippet.name == "Example")
        #expect(snippet.visible == ["import ResponderKit", "while false {", "    stub()", "}"])
        #expect(snippet.slices["loop"] == ["while false {", "    stub()", "}"])
        #expect(throws: SnippetFile.FormatError.self) { try SnippetFile(file: "Snippets/Bad.swift", text: "// snippet.open\nlet a = 1\n") }

        #expect(missingPiece(of: ["a", "...", "c"], in: "a\nb\nc\n") == nil)
        #expect(missingPiece(of: ["c", "...", "a"], in: "a\nb\nc\n") == ["a"])
    }
}
