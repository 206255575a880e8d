#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// How many connections the preview holds at once, and for how long an idle one stays open.
/// Every connection costs a file descriptor; when they run out the process cannot read the
/// catalog or accept anything, so connections are capped below the limit, keeping room for
/// the watcher and the rebuilds.
package enum ConnectionLimits {
    /// Descriptors kept free for reading the catalog, the themes and the watcher.
    package static let reserve = 256
    /// A connection that sends no complete request (headers included) for this long, or waits
    /// this long between requests, is closed. Live-reload streams are responses in progress and
    /// are not affected.
    package static let idleTimeout = Duration.seconds(10)

    /// Raises the soft limit on open files to the hard limit where allowed, and returns the
    /// number of connections to accept at once.
    package static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(min(limit.rlim_cur, 1 << 20))
        return max(16, available > 2 * reserve ? available - reserve : available / 2)
    }
}

/// After SIGINT or SIGTERM the preview shuts down gracefully, but never takes longer than
/// `grace`: it writes nothing to disk, so ending it then loses nothing, however many browsers
/// hold connections open.
package struct ShutdownDeadline {
    package static let grace = DispatchTimeInterval.milliseconds(300)
    private let sources: [DispatchSourceSignal]

    package static func install() -> ShutdownDeadline {
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                DispatchQueue.global().asyncAfter(deadline: .now() + grace) { _exit(0) }
            }
            source.resume()
            return source
        }
        return ShutdownDeadline(sources: sources)
    }

    package func cancel() {
        for source in sources { source.cancel() }
    }
}
