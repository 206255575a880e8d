import Foundation

/// The browsers connected to `/_catalog/events` (Server-Sent Events). After each build every
/// browser is told the build's status (for the error overlay) and, only if the bytes of the page
/// it shows changed, to reload.
package actor ReloadHub {
    private struct Subscriber {
        package var page: String
        package var etag: String?
        /// The example pages the page shows in frames, with the ETags they had: a frame has an
        /// opaque origin and no event stream of its own, so the page around it is told to
        /// reload it.
        package var frames: [String: String?] = [:]
        package var continuation: AsyncStream<String>.Continuation
    }

    private var subscribers: [UUID: Subscriber] = [:]
    private var closed = false

    package var count: Int { subscribers.count }

    /// A stream of SSE messages for a browser showing `page` whose bytes had `etag`. It starts
    /// with the current status, and a reload at once when the page changed in the meantime
    /// (a rebuild during the page load, or a server restart).
    package func subscribe(page: String, etag: String?, frames: [String] = [], snapshot: SiteSnapshot) -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        guard !closed else {
            continuation.finish()
            return (id, stream)
        }
        continuation.yield("retry: 1000\n\n")
        continuation.yield(Self.message("status", Self.json(snapshot.status)))
        let current = snapshot.etag(page)
        if let etag, let current, etag != current {
            continuation.yield(Self.message("reload", "{}"))
        }
        var framed: [String: String?] = [:]
        for frame in frames.prefix(200) { framed[frame] = snapshot.etag(frame) }
        subscribers[id] = Subscriber(page: page, etag: current ?? etag, frames: framed, continuation: continuation)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return (id, stream)
    }

    package func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    /// Tells every browser the new status, and those whose page changed to reload.
    /// Returns how many were told to reload.
    @discardableResult
    package func publish(_ snapshot: SiteSnapshot) -> Int {
        let status = Self.message("status", Self.json(snapshot.status))
        var reloads = 0
        for (id, var subscriber) in subscribers {
            subscriber.continuation.yield(status)
            // A page whose bytes changed, and a page that is gone (the browser then shows the
            // site's 404 page, and reloads again when the page comes back).
            let current = snapshot.etag(subscriber.page)
            if current != subscriber.etag, current != nil || subscriber.etag != nil {
                subscriber.continuation.yield(Self.message("reload", "{}"))
                subscriber.etag = current
                subscribers[id] = subscriber
                reloads += 1
                continue
            }
            for (frame, known) in subscriber.frames {
                let now = snapshot.etag(frame)
                guard now != known else { continue }
                subscriber.frames[frame] = now
                let data = (try? JSONSerialization.data(withJSONObject: ["frame": frame])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                subscriber.continuation.yield(Self.message("reload-frame", data))
                subscribers[id] = subscriber
                reloads += 1
            }
        }
        return reloads
    }

    /// A comment line that keeps idle connections open through proxies.
    package func ping() {
        for subscriber in subscribers.values { subscriber.continuation.yield(": ping\n\n") }
    }

    /// Ends every stream, so the server can stop at once.
    package func closeAll() {
        closed = true
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers.removeAll()
    }

    package static func message(_ event: String, _ data: String) -> String {
        "event: \(event)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    package static func json(_ status: BuildStatus) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(status)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"problems\":[]}"
    }
}
