import Foundation
import XCTest

/// The built `responder-serve`, started on a free loopback port for a test, and stopped with Ctrl-C
/// (SIGINT) at the end. Every wait is bounded.
///
/// `openFiles` starts it under that limit of open descriptors (`ulimit -n`), so a test can run it out of
/// them.
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

    init(arguments: [String] = [], openFiles: Int? = nil) throws {
        guard let executable = Self.executable else { throw XCTSkip("responder-serve is not built beside the tests") }
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", executable.path] + arguments + ["--port", "0"]
        } else {
            process.executableURL = executable
            process.arguments = arguments + ["--port", "0"]
        }
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
    func interrupt() -> Int32? { stop(with: SIGINT) }

    /// Sends `signal` and waits (at most 10 s) for the process to end; returns its exit status, or nil
    /// when it had to be killed.
    @discardableResult
    func stop(with signal: Int32) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date(timeIntervalSinceNow: 10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    var isRunning: Bool { process.isRunning }

    /// The processes the server started and that still run: its pages' sessions.
    var sessions: [Int32] {
        let pid = process.processIdentifier
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0) }
        }.filter { child in
            // A session that ended but is not reaped yet is no longer running.
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
            return state != nil && state != "Z"
        }
    }

    /// The most memory the server has held resident so far (its VmHWM), in bytes.
    var peakResidentBytes: Int? {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    /// Waits (at most `seconds`) until `condition` holds; returns whether it did.
    func wait(atMost seconds: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A TCP socket connected to 127.0.0.1:`port`, whose reads give up after `timeout` seconds; the caller
/// closes it. `receiveBuffer` sets the socket's receive buffer (before it connects, so the window is
/// small from the start).
func connectToLoopback(port: UInt16, timeout: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerProcessError("socket() failed") }
    if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
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
