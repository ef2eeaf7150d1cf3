import FlyingSocks
import Foundation

/// One page's WebSocket, from the page to its session process and back.
///
/// - Every frame is judged by its header before its payload is read: a message over the rate is
///   dropped unread (pings count too), a message over ``ClientMessage/maximumBytes`` is skipped unread
///   and answered with an error, a frame that breaks the protocol closes the connection.
/// - A message taken goes to the page's session process (``SessionProcess``), started on the page's
///   first message; while the session's input is full, the page's next frames wait unread.
/// - Replies wait in a ``ReplyQueue`` for the page to read them; while more than the pause size waits,
///   the page's frames wait unread too, and past the queue's capacity the oldest replies are dropped.
/// - Drops are reported to the page, at most once a second each kind, every drop in exactly one report.
/// - When the page leaves, its session is killed: nothing it asked for runs on.
actor PageLink {
    private let socket: PolledSocket
    private let id: Int
    private let table: ConnectionTable
    private let limits: PlaygroundLimits
    private let command: SessionCommand
    private var replies: ReplyQueue
    private var rate: RateLimit
    private var session: SessionProcess?
    /// The tasks reading each session's replies, by session, until it ends.
    private var sessionReaders: [ObjectIdentifier: Task<Void, Never>] = [:]
    private var lastDropReport: TimeInterval = -.infinity
    /// When the link began to finish (nil while it serves).
    private var finishing: TimeInterval?
    private var readerDone = false
    private var writerDone = false
    private var writer: CheckedContinuation<Data?, Never>?
    private var waitingForRoom: [CheckedContinuation<Void, Never>] = []

    init(socket: PolledSocket, id: Int, table: ConnectionTable, command: SessionCommand) {
        self.socket = socket
        self.id = id
        self.table = table
        self.limits = table.limits
        self.command = command
        replies = ReplyQueue(capacity: table.limits.replyBytes)
        let rate = Double(table.limits.messagesPerSecond)
        self.rate = RateLimit(rate: rate, burst: 2 * rate, now: ConnectionTable.now)
    }

    /// Serves the page until it leaves, is closed (idle, shed, the server stopping) or breaks the
    /// protocol; then ends its session.
    nonisolated func run(reading reader: ByteReader) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.readFrames(reader)
                await self.readerEnded()
            }
            group.addTask { await self.writeFrames() }
            group.addTask { await self.tickUntilDone() }
            await group.waitForAll()
        }
        await endSessions()
    }

    // MARK: From the page

    /// What the frames of the message being read amount to so far.
    private enum Message {
        case none
        /// Its frames are skipped: over the rate (dropped, counted), or refused (binary, or text over the
        /// limit: the page was told when its first frame's header said so).
        case skipped
        case text([UInt8])
    }

    private nonisolated func readFrames(_ start: ByteReader) async {
        var reader = start
        var message = Message.none
        do {
            while await waitForRoom() {
                let header: FrameHeader
                switch try await FrameHeader.read(from: &reader) {
                case .failure(let error):
                    await finish(closing: ServerFrame.close(1002, error.reason))
                    return
                case .success(let read): header = read
                }
                table.touch(id)
                switch header.opcode {
                case .close:
                    _ = try await header.payload(from: &reader)
                    await finish(closing: ServerFrame.close(1000, ""))
                    return
                case .ping:
                    let payload = try await header.payload(from: &reader)
                    if await admit() { await push(ServerFrame.pong(payload)) }
                    continue
                case .pong:
                    try await reader.skip(header.length)
                    _ = await admit()
                    continue
                case .text, .binary:
                    guard case .none = message else {
                        await finish(closing: ServerFrame.close(1002, "a message began before the last one ended"))
                        return
                    }
                    message = await admit() ? .text([]) : .skipped
                case .continuation:
                    if case .none = message {
                        await finish(closing: ServerFrame.close(1002, "a continuation frame with no message to continue"))
                        return
                    }
                }
                message = try await read(header, into: message, from: &reader)
                if header.fin {
                    await deliver(message)
                    message = .none
                }
            }
        } catch {
            // The page left, or the socket was shut down (idle, shed, the server stopping).
        }
    }

    /// Reads one data frame's payload into the message, or skips it: its header decides, before a byte
    /// of the payload is read. A frame that makes the message binary or too large is refused at once.
    private nonisolated func read(_ header: FrameHeader, into message: Message, from reader: inout ByteReader) async throws -> Message {
        switch message {
        case .none, .skipped:
            try await reader.skip(header.length)
            return message
        case .text where header.opcode == .binary:
            await pushError("binary messages are not spoken here (\(header.length) bytes): send JSON text")
            try await reader.skip(header.length)
            return .skipped
        case .text(let bytes):
            let total = UInt64(bytes.count) + header.length
            guard total <= UInt64(ClientMessage.maximumBytes) else {
                await pushError("message too large: \(total) bytes (at most \(ClientMessage.maximumBytes))")
                try await reader.skip(header.length)
                return .skipped
            }
            return .text(bytes + (try await header.payload(from: &reader)))
        }
    }

    private func deliver(_ message: Message) async {
        guard case .text(let bytes) = message else { return }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return pushError("a text message must be UTF-8")
        }
        await forward(text)
    }

    /// Counts a message (or a control frame) as it arrives against the rate: whether it is taken.
    private func admit() -> Bool {
        rate.admit(now: ConnectionTable.now)
    }

    /// Whether to read on, after waiting while the page's replies pile up unread.
    private func waitForRoom() async -> Bool {
        while finishing == nil, replies.bytes > limits.pauseBytes {
            await withCheckedContinuation { waitingForRoom.append($0) }
        }
        return finishing == nil
    }

    private func wakeReader() {
        let waiting = waitingForRoom
        waitingForRoom = []
        for continuation in waiting { continuation.resume() }
    }

    // MARK: The session

    /// Hands a message to the page's session, starting one if the page has none; waits while the
    /// session's input is full.
    private func forward(_ text: String) async {
        if session == nil { await startSession() }
        guard let session else { return }
        do {
            try await session.send(text)
        } catch {
            // The session ended; its reader tells the page why.
        }
    }

    /// Starts the page's session. Out of descriptors, it ends the connection idle the longest and tries
    /// again while that one closes (five times, 50 ms apart), then tells the page.
    private func startSession() async {
        var started: SessionProcess?
        for attempt in 0..<5 where started == nil {
            do {
                started = try SessionProcess(command, limits: limits, pool: socket.pool)
            } catch {
                let outOfDescriptors = (error as? SessionStartError).map { [EMFILE, ENFILE].contains($0.errno) } ?? false
                guard outOfDescriptors, attempt < 4, table.shedOldest(excluding: id) else {
                    return pushError("cannot start a session for this page (\(error)): try again")
                }
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        guard let started, finishing == nil else {
            started?.kill()
            return
        }
        session = started
        sessionReaders[ObjectIdentifier(started)] = Task { await self.readReplies(from: started) }
    }

    /// Passes the session's replies on to the page until the session ends, then tells the page why it
    /// ended if it was stopped.
    private nonisolated func readReplies(from session: SessionProcess) async {
        var reader = ByteReader(session.socket)
        do {
            while true {
                let count = SessionWire.length(try await reader.bytes(4))
                guard count <= SessionWire.maximumReplyBytes else { break }
                await push(ServerFrame.frame(.text, Data(try await reader.bytes(count))))
            }
        } catch {
            // The session's output ended.
        }
        session.kill()
        let reason = await session.exitReason()
        session.socket.close()
        await sessionEnded(session, reason)
    }

    private func sessionEnded(_ ended: SessionProcess, _ reason: SessionExit) {
        if session === ended { session = nil }
        sessionReaders[ObjectIdentifier(ended)] = nil
        guard finishing == nil else { return }
        let again = "its scene is gone: load a scene to go on"
        switch reason {
        case .finished: break
        case .overBudget:
            pushError("this page's session was stopped: one message took more than \(String(format: "%g", limits.budget)) s of work; \(again)")
        case .overMemory:
            pushError("this page's session was stopped: it used more than \(ByteCount(limits.sessionMemoryBytes)); \(again)")
        case .failed(let status):
            pushError("this page's session ended unexpectedly (\(status)); \(again)")
        }
    }

    private func endSessions() async {
        session?.kill()
        for reader in sessionReaders.values { await reader.value }
    }

    // MARK: To the page

    private func push(_ frame: Data, droppable: Bool = true) {
        guard finishing == nil else { return }
        replies.push(frame, droppable: droppable)
        if let writer, let next = replies.pop() {
            self.writer = nil
            writer.resume(returning: next)
        }
    }

    /// An error reply (a report, a refusal): never dropped for a newer reply.
    private func pushError(_ message: String) {
        push(ServerFrame.text(ServerMessage.error(message).json()), droppable: false)
    }

    private nonisolated func writeFrames() async {
        while let frame = await nextFrame() {
            do {
                try await socket.write(frame)
            } catch {
                break
            }
            table.touch(id)
        }
        socket.shutDown()
        await writerEnded()
    }

    private func nextFrame() async -> Data? {
        if let frame = replies.pop() {
            if replies.bytes <= limits.pauseBytes { wakeReader() }
            return frame
        }
        if finishing != nil { return nil }
        return await withCheckedContinuation { writer = $0 }
    }

    // MARK: Reports, and the end

    private nonisolated func tickUntilDone() async {
        while await tick() {
            try? await Task.sleep(nanoseconds: 250_000_000)
        }
    }

    /// Sends the reports that are due; false once the link is done.
    private func tick() -> Bool {
        let now = ConnectionTable.now
        if let finishing {
            // A page that does not read its last frames is not waited for.
            if now - finishing > 1 { socket.shutDown() }
            return !(readerDone && writerDone)
        }
        // Reports wait while the page is behind (they would only pile up); the counts keep.
        guard replies.bytes <= limits.pauseBytes else { return true }
        if let dropped = rate.report(now: now) {
            pushError("too many messages: \(dropped) dropped (at most \(limits.messagesPerSecond) a second)")
        }
        if replies.unreported > 0, now - lastDropReport >= 1 {
            lastDropReport = now
            let dropped = replies.takeUnreported()
            pushError("the page fell behind: \(dropped) replies dropped (at most \(ByteCount(limits.replyBytes)) wait for a page)")
        }
        return true
    }

    /// Stops reading, kills the session, and lets the writer send what waits (and `closing`, a close
    /// frame) before the socket is shut down.
    private func finish(closing: Data?) {
        guard finishing == nil else { return }
        if let closing { replies.push(closing, droppable: false) }
        finishing = ConnectionTable.now
        session?.kill()
        wakeReader()
        if let writer {
            self.writer = nil
            writer.resume(returning: replies.pop())
        }
    }

    private func readerEnded() {
        readerDone = true
        finish(closing: nil)
    }

    private func writerEnded() {
        writerDone = true
        finish(closing: nil)
    }
}
