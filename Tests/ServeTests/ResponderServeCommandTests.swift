import Foundation
import XCTest

/// `responder serve` hands everything after `serve` to responder-serve unchanged, so the server's own
/// options (all of them, `--rate` included) work through the replay tool too.
final class ResponderServeCommandTests: XCTestCase {
    func testResponderServePassesEveryArgumentToTheServer() throws {
        guard let serve = ServerProcess.executable else { throw XCTSkip("responder-serve is not built beside the tests") }
        let tool = serve.deletingLastPathComponent().appendingPathComponent("responder")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw XCTSkip("responder is not built beside the tests") }
        let process = Process()
        process.executableURL = tool
        // A bad rate is refused by the server's parser, naming the option: the tool did not parse it.
        process.arguments = ["serve", "--rate", "many", "--port", "0"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); XCTFail("responder serve --rate many did not end"); return }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 64, message)
        XCTAssertTrue(message.contains("'many' is invalid for '--rate"), message)
        XCTAssertTrue(message.contains("responder-serve"), "the server's own parser answered: \(message)")
    }
}
