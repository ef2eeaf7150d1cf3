import Foundation

/// The playground server's limits. Each bounds a count, a buffer or a wait, and says what happens at it;
/// together they bound the server's memory per page and in total, and each page's work in time
/// (docs/playground.md, Limits).
public struct PlaygroundLimits: Sendable, Equatable {
    /// Messages a second each page may send on average, twice that in a burst, counted as they arrive,
    /// pings included; more are dropped unread and reported.
    public var messagesPerSecond = RateLimit.defaultRate
    /// Pages (WebSockets) served at once; one more is told so and closed.
    public var pages = 16
    /// Other connections (page loads) open at once; one more closes the one idle the longest.
    public var otherConnections = 32
    /// A page that sends nothing and reads nothing for this long is closed. The page pings every 10 s.
    public var idleTimeout: TimeInterval = 60
    /// A request's head must arrive within this, and each response be read within it.
    public var requestTimeout: TimeInterval = 10
    /// Bytes of replies waiting for one page; past it the oldest are dropped and reported.
    public var replyBytes = 8 * 1024 * 1024
    /// While more than this waits for a page, its messages wait unread: a page that does not read holds
    /// back what it sends.
    public var pauseBytes = 1024 * 1024
    /// Seconds of work one message (or one turn of the scene's loop) may take; past it the page's session
    /// is stopped and the page told.
    public var budget: TimeInterval = 10
    /// A session process's resident memory; past it the session is stopped and the page told.
    public var sessionMemoryBytes = 512 * 1024 * 1024

    public init() {}
}
