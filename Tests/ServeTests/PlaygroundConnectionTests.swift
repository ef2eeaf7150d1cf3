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

    @Test func theSceneMessageSaysWhetherTheSceneTakesAHardwareKeyboard() {
        var replies: [String] = []
        let connection = PlaygroundConnection(catalog: catalog) { replies.append($0) }
        func keyboard() -> Bool? {
            replies.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .last { $0["type"] as? String == "scene" }?["keyboard"] as? Bool
        }
        connection.receive(#"{"v": 1, "type": "load", "scenario": "key-command-chain.yaml"}"#)
        #expect(keyboard() == true, "key commands: the page sends every key as a key")
        connection.receive(#"{"v": 1, "type": "load", "scenario": "pinch-and-rotate.yaml"}"#)
        #expect(keyboard() == false, "none: the arrows, Enter, Esc, Space and the page keys are a remote's buttons")
    }

    @Test func theBundledScenariosAreOfferedByNameAndNoPathIsRead() {
        #expect(catalog.names.contains("single-double-triple-tap.yaml"))
        guard case .failure(let error) = catalog.text(of: "/etc/passwd") else {
            Issue.record("a path was read")
            return
        }
        #expect(error.message == "no scenario named '/etc/passwd' (pick one from the list)")
    }

    @Test func theServerSendsScrollMessagesWithTheOffsetAndTheLayoutWhileAListMoves() throws {
        var replies: [String] = []
        let connection = PlaygroundConnection(catalog: catalog) { replies.append($0) }
        connection.receive(#"{"v": 1, "type": "load", "scenario": "scroll-button-in-list.yaml"}"#)
        #expect(!types(replies).contains("scroll"), "a scene that has not moved sends none")
        replies.removeAll()
        connection.receive(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 400}]}"#)
        for step in 1...4 {
            connection.receive(#"{"v": 1, "type": "input", "t": \#(Double(step) / 60), "touches": [{"id": 1, "phase": "moved", "x": 100, "y": \#(400 - 40 * step)}]}"#)
        }
        connection.receive(#"{"v": 1, "type": "input", "t": 0.09, "touches": [{"id": 1, "phase": "ended", "x": 100, "y": 240}]}"#)
        let end = Date(timeIntervalSinceNow: 0.35)
        while Date() < end {
            connection.tick()
            usleep(2_000)
        }
        let scrolls = replies.compactMap { reply -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any],
                  object["type"] as? String == "scroll" else { return nil }
            return object
        }
        #expect(scrolls.count >= 3, "\(types(replies))")
        let offsets = scrolls.compactMap { message -> Double? in
            let views = message["scrollViews"] as? [[String: Any]]
            return (views?.first { $0["name"] as? String == "list" }?["contentOffset"] as? [Double])?[1]
        }
        #expect(offsets.count == scrolls.count)
        #expect(offsets == offsets.sorted() && (offsets.last ?? 0) > 160, "\(offsets)")
        let layout = try #require(scrolls.last?["layout"] as? [String: Any])
        let views = try #require(layout["views"] as? [[String: Any]])
        let list = try #require(views.first { $0["name"] as? String == "list" })
        #expect(((list["scroll"] as? [String: Any])?["contentOffset"] as? [Double])?[1] == offsets.last)
    }

    @Test func theServerSendsRowsMessagesWithTheLayoutWhenARowIsHighlightedAndSelected() throws {
        var replies: [String] = []
        let connection = PlaygroundConnection(catalog: catalog) { replies.append($0) }
        connection.receive(#"{"v": 1, "type": "load", "scenario": "table-button-highlights-late.yaml"}"#)
        #expect(!types(replies).contains("rows"), "a scene whose rows have not changed sends none")
        replies.removeAll()
        // A quick tap on row 3 of 'list': it highlights and is selected as the finger lifts (T1, T2).
        connection.receive(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 154}]}"#)
        connection.receive(#"{"v": 1, "type": "input", "t": 0.05, "touches": [{"id": 1, "phase": "ended", "x": 40, "y": 154}]}"#)
        let end = Date(timeIntervalSinceNow: 0.3)
        while Date() < end {
            connection.tick()
            usleep(2_000)
        }
        let rows = replies.compactMap { reply -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any],
                  object["type"] as? String == "rows" else { return nil }
            return object
        }
        let last = try #require(rows.last, "\(types(replies))")
        let changed = try #require((last["rows"] as? [[String: Any]])?.first)
        #expect(changed["name"] as? String == "list.3" && changed["indexPath"] as? [Int] == [0, 3])
        #expect(changed["isSelected"] as? Bool == true && changed["isHighlighted"] as? Bool == false)
        let views = try #require((last["layout"] as? [String: Any])?["views"] as? [[String: Any]])
        let cell = try #require(views.first { $0["name"] as? String == "list.3" })
        #expect((cell["row"] as? [String: Any])?["isSelected"] as? Bool == true)
        #expect(views.first { $0["name"] as? String == "list" }?["row"] == nil)
    }
}
