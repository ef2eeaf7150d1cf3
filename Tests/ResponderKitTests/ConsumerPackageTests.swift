// The README's first hour, as a newcomer lives it: a package of their own, made from the manifest the
// docs give (the blocks marked <!-- package-manifest -->), with the Use it sample as its main.swift,
// builds against this clone and prints what the docs say. It builds ResponderKit a second time, in its
// own build folder, so it runs when RESPONDERKIT_PACKAGE_TEST is set: CI sets it (.ci/run).

import Foundation
import Testing

@Suite struct ConsumerPackageTests {
    static let enabled = ProcessInfo.processInfo.environment["RESPONDERKIT_PACKAGE_TEST"] != nil

    @Test func everyManifestTheDocsGiveIsTheSame() throws {
        let manifests = try FencedBlock.all().filter { $0.marker == .packageManifest }
        #expect(manifests.count >= 1)
        for manifest in manifests.dropFirst() {
            #expect(SnippetFile.tidy(manifest.lines) == SnippetFile.tidy(manifests[0].lines),
                    "\(manifest.place) gives another manifest than \(manifests[0].place): the docs give one")
        }
    }

    @Test(.enabled(if: enabled, "builds ResponderKit again: set RESPONDERKIT_PACKAGE_TEST=1 (CI does)"),
          .timeLimit(.minutes(20)))
    func aPackageMadeFromTheManifestAndTheUseItSampleBuildsAndPrintsWhatTheDocsSay() throws {
        let manifest = try #require(try FencedBlock.all().first { $0.marker == .packageManifest }, "no <!-- package-manifest --> block")
        let text = manifest.lines.joined(separator: "\n")
        let name = try #require(text.firstMatch(of: /\.executableTarget\(name: "([A-Za-z]+)"/)?.1, "\(manifest.place): no executable target")
        let useIt = try #require(try SnippetFile.all().first { $0.name == "UseIt" })

        // The layout the README describes: the package next to a clone of ResponderKit, which is this
        // repository (a link, so the path dependency reads the working tree as it is). Both stay in
        // this clone's .build, so that a second run builds only what changed.
        let scratch = repositoryRoot.appendingPathComponent(".build/consumer-package")
        let folder = scratch.appendingPathComponent("workspace")
        try? FileManager.default.removeItem(at: folder)
        let package = folder.appendingPathComponent(String(name))
        let sources = package.appendingPathComponent("Sources/\(name)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("ResponderKit"), withDestinationURL: repositoryRoot)
        try (text + "\n").write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try (useIt.visible.joined(separator: "\n") + "\n").write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let swift = try #require(ProgramRun.tool("swift"), "swift is not on the PATH")
        let build = try ProgramRun.run(swift, arguments: ["build", "--package-path", package.path, "--scratch-path", scratch.appendingPathComponent("build").path], timeout: 1_100)
        #expect(build.status == 0, "the package of \(manifest.place) does not build:\n\(build.output)\n\(build.errors)")
        guard build.status == 0 else { return }

        let run = try ProgramRun.run(scratch.appendingPathComponent("build/debug/\(name)"))
        let reference = try ProgramRun.run(try #require(ProgramRun.buildFolder).appendingPathComponent("UseIt"))
        #expect(run.status == 0)
        #expect(run.output == reference.output, "the newcomer's program prints what Snippets/UseIt.swift prints")
    }
}
