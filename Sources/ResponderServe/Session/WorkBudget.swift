import Foundation

/// The session process's watchdog, on a thread of its own: one unit of work (a message, or a turn of
/// the scene's loop) may take at most `seconds` of the main thread's CPU time (time it waits for a core
/// on a busy machine does not count), and the process's resident memory may not pass `memoryBytes`. Past either, the process ends at once with the status that says which
/// (``SessionExit``): the engine's work cannot be interrupted halfway, so the session is, and the server
/// tells the page and starts a new session on its next message. Only this page's session ends; the
/// server and the other pages' sessions are separate processes.
final class WorkBudget: @unchecked Sendable {
    /// How often the watchdog looks: the most a unit of work can overrun its budget by.
    static let interval: TimeInterval = 0.02

    let seconds: TimeInterval
    let memoryBytes: Int
    /// The CPU clock of the thread whose work is watched.
    private let clock: clockid_t
    // Guarded by `lock`.
    private let lock = NSLock()
    private var started: TimeInterval?

    /// A budget for the work of the calling thread.
    init(seconds: TimeInterval, memoryBytes: Int) {
        self.seconds = seconds
        self.memoryBytes = memoryBytes
        var clock = clockid_t()
        pthread_getcpuclockid(pthread_self(), &clock)
        self.clock = clock
    }

    /// The watched thread's CPU time so far, in seconds.
    private var cpuTime: TimeInterval {
        var now = timespec()
        clock_gettime(clock, &now)
        return TimeInterval(now.tv_sec) + TimeInterval(now.tv_nsec) / 1e9
    }

    /// Starts the watchdog thread.
    func start() {
        let thread = Thread { [self] in
            var turn = 0
            while true {
                Thread.sleep(forTimeInterval: Self.interval)
                if let started = lock.withLock({ self.started }), cpuTime - started > seconds {
                    Self.end(SessionExit.overBudgetStatus, "one message took more than \(String(format: "%g", seconds)) s of work")
                }
                turn += 1
                // The resident size, every other look.
                if turn % 2 == 0, let resident = Self.residentBytes(), resident > memoryBytes {
                    Self.end(SessionExit.overMemoryStatus, "its memory passed \(memoryBytes >> 20) MiB")
                }
            }
        }
        thread.name = "session watchdog"
        thread.start()
    }

    /// Runs one unit of work under the budget.
    func run<T>(_ work: () -> T) -> T {
        let now = cpuTime
        lock.withLock { started = now }
        defer { lock.withLock { started = nil } }
        return work()
    }

    private static func end(_ status: Int32, _ reason: String) -> Never {
        FileHandle.standardError.write(Data("responder-serve: a page's session was stopped: \(reason)\n".utf8))
        _exit(status)
    }

    /// The process's resident size, from /proc/self/statm (Linux); nil where there is none.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
