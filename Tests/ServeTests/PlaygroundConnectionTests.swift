import Foundation
import ResponderLab
@testable import ResponderServe
import Testing

/// A page's connection: scenes replace each other, a bad one leaves the previous one running.
@MainActor
@Suite struct PlaygroundConnectionTests {
    private let catalog = ScenarioCatalog(files: [], bundled: Lab.bundledScenarios)

    private func types(_ replies: [String]) -> [String] {
        replies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["type"] as? String }
    }

    @Test func reloadingFreesTheOldSceneAndABadSceneLeavesThePreviousOneRunning() {
        var replies: [String] = []
        let connection = PlaygroundConnection(catalog: catalog) { replies.append($0) }
        connection.receive(#"{"v": 1, "type": "load", "scenario": "responder-chain.yaml"}"#)
        #expect(types(replies).first == "scene")
        weak let first = connection.session
        #expect(first != nil)

        replies.removeAll()
        connection.receive(#"{"v": 1, "type": "load", "yaml": "windows: 3", "name": "bad.yaml"}"#)
        #expect(types(replies) == ["problems"])
        #expect(connection.session === first, "the previous scene still runs")

        connection.receive(#"{"v": 1, "type": "load", "scenario": "controls.yaml"}"#)
        #expect(first == nil, "the old scene is freed")
        #expect(connection.session != nil)
    }

    @Test func theBundledScenariosAreOfferedByNameAndNoPathIsRead() {
        #expect(catalog.names.contains("single-double-triple-tap.yaml"))
        guard case .failure(let error) = catalog.text(of: "/etc/passwd") else {
            Issue.record("a path was read")
            return
        }
        #expect(error.message == "no scenario named '/etc/passwd' (pick one from the list)")
    }
}
