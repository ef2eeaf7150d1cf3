import Foundation

/// How the server and a session process talk, over the socket pair that is the session's standard input
/// and output: each message is its length (4 bytes, big-endian) then its UTF-8 text. The server sends
/// the page's admitted messages; the session sends its replies.
enum SessionWire {
    /// The largest reply a session sends; a larger one is replaced by an error reply. A timeline of a
    /// scene of 3,000 recognizers runs to 2.4 MiB, a scene of 5,000 views with its layout to 1 MiB.
    static let maximumReplyBytes = 8 * 1024 * 1024

    static func frame(_ text: String) -> Data {
        let count = UInt32(text.utf8.count)
        return Data([UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]) + Data(text.utf8)
    }

    static func length(_ header: [UInt8]) -> Int {
        header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }
}

/// Why a session process ended, by its exit status: the server tells the page.
enum SessionExit: Equatable {
    /// Its input ended: the page left, or the server stopped.
    case finished
    /// One message (or one turn of the scene's loop) took more than the work budget.
    case overBudget
    /// Its resident memory passed the session's limit.
    case overMemory
    /// Anything else: a crash, a signal.
    case failed(String)

    static let overBudgetStatus: Int32 = 3
    static let overMemoryStatus: Int32 = 4

    init(status: Int32, signalled: Bool) {
        switch (signalled, status) {
        case (false, 0): self = .finished
        case (false, Self.overBudgetStatus): self = .overBudget
        case (false, Self.overMemoryStatus): self = .overMemory
        case (false, let status): self = .failed("exit status \(status)")
        case (true, let signal): self = .failed("signal \(signal)")
        }
    }
}
