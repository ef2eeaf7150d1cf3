import Foundation
import XCTest

/// The built `responder-serve`, started on a free loopback port for a test, and stopped with Ctrl-C
/// (SIGINT) at the end. Every wait is bounded.
final class ServerProcess {
    let process = Process()
    let url: URL
    private let output = Pipe()

    /// The executable beside the test bundle (the test target depends on it, so it is built).
    static var executable: URL? {
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
                          Bundle(for: ServerProcess.self).bundleURL.deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("responder-serve") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    init(arguments: [String] = []) throws {
        guard let executable = Self.executable else { throw XCTSkip("responder-serve is not built beside the tests") }
        process.executableURL = executable
        process.arguments = arguments + ["--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        // The server is a black box here: the suite's own leak check covers the code in process.
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        process.environment = environment
        process.standardOutput = output
        try process.run()
        // The first line says where it listens.
        let handle = output.fileHandleForReading
        var text = ""
        let deadline = Date(timeIntervalSinceNow: 30)
        while !text.contains("\n"), Date() < deadline, process.isRunning {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://[0-9.]+:[0-9]+/"#, options: .regularExpression), let url = URL(string: String(text[range])) else {
            process.terminate()
            throw ServerProcessError("responder-serve printed no URL: \(text)")
        }
        self.url = url
    }

    var port: UInt16 { UInt16(url.port ?? 0) }

    /// Sends Ctrl-C and waits (at most 10 s) for the process to end; returns its exit status.
    @discardableResult
    func interrupt() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        let deadline = Date(timeIntervalSinceNow: 10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}

struct ServerProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A TCP socket connected to 127.0.0.1:`port`, whose reads give up after `timeout` seconds; the caller
/// closes it.
func connectToLoopback(port: UInt16, timeout: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerProcessError("socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { close(fd); throw ServerProcessError("cannot connect to 127.0.0.1:\(port)") }
    var wait = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    return fd
}
