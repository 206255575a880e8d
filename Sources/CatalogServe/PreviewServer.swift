import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import CatalogLoad
import CatalogOutput

/// `catalog-build serve`: builds the catalog into memory, serves it over HTTP, watches the
/// catalog and the themes, rebuilds what a save touched and tells connected browsers to reload.
public struct PreviewServer: Sendable {
    public struct Configuration: Sendable {
        public var source: String
        public var host: String
        public var port: Int
        public var options: LoadOptions
        /// How often the watcher looks for changes when it must read every folder (no inotify);
        /// with inotify it looks every 5 ms, which costs one `read`.
        public var pollInterval: Duration
        /// How long the watcher waits for a burst of saves to end before rebuilding (2 ms when
        /// inotify reports every changed file closed after its last write).
        public var settleInterval: Duration
        /// Host names requests may be for besides IP addresses and `localhost` (`--allowed-host`,
        /// and `--host` when it is a name).
        public var allowedHosts: [String]
        /// The folder of the snapshot review page (`snapshot --output`'s `snapshots/`), shown
        /// at `/_catalog/review/` with Approve buttons when serve listens on loopback.
        public var review: String?

        public init(source: String = "content", host: String = "127.0.0.1", port: Int = 8000, options: LoadOptions = LoadOptions(),
                    pollInterval: Duration = .milliseconds(50), settleInterval: Duration = .milliseconds(10), allowedHosts: [String] = []) {
            self.allowedHosts = allowedHosts + [host]
            self.source = source
            self.host = host
            self.port = port
            self.options = options
            self.pollInterval = pollInterval
            self.settleInterval = settleInterval
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case portInUse(host: String, port: Int)
        case cannotBind(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case .portInUse(let host, let port):
                "port \(port) on \(host) is already in use; choose another with --port (or --port 0 for any free port)"
            case .cannotBind(let host, let port, let reason):
                "cannot listen on \(host):\(port) (\(reason)); choose another address with --host or --port"
            }
        }
    }

    public let configuration: Configuration
    package let logger: Logger

    public init(configuration: Configuration, logger: Logger = Logger(label: "catalog-build")) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Builds, then serves until SIGINT or SIGTERM. `onReady` gets the URL once listening.
    public func run(onReady: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        let rebuilder = try Rebuilder(source: configuration.source, options: configuration.options)
        let first = rebuilder.rebuild()
        report(first, after: [], rebuilder: rebuilder)
        let store = SnapshotStore(rebuilder.snapshot)
        let hub = ReloadHub()
        var responder = PreviewResponder(store: store, hub: hub)
        responder.allowedHosts = .init(configuration.allowedHosts)
        if let review = configuration.review, ["127.0.0.1", "::1", "localhost"].contains(configuration.host.lowercased()) {
            responder.review = ReviewRoutes(folder: review, catalogFolder: configuration.source)
        }
        let host = configuration.host
        let port = configuration.port
        let basePath = rebuilder.snapshot.basePath

        var quietLogger = Logger(label: "catalog-build.http")
        quietLogger.logLevel = .critical
        let connections = ConnectionLimits.raiseFileLimit()
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(Int64(ConnectionLimits.idleTimeout.components.seconds) * 1_000_000_000))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(connections)
            ),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shownHost = host.contains(":") ? "[\(host)]" : host
                onReady("http://\(shownHost):\(bound)\(basePath)")
            },
            logger: quietLogger
        )
        let watcher = WatchService(server: self, rebuilder: rebuilder, store: store, hub: hub)
        // The watcher stops first on shutdown: it closes the event streams, so the HTTP server
        // has no open request left to wait for.
        let group = ServiceGroup(
            configuration: .init(services: [app, watcher], gracefulShutdownSignals: [.sigterm, .sigint], logger: quietLogger)
        )
        let deadline = ShutdownDeadline.install()
        defer { deadline.cancel() }
        do {
            try await group.run()
        } catch {
            throw Self.bindFailure(error, host: host, port: port) ?? error
        }
    }

    /// A one-line explanation for a failure to listen, or nil when `error` is something else.
    package static func bindFailure(_ error: Error, host: String, port: Int) -> Failure? {
        let text = "\(error)"
        if let io = error as? IOError, io.errnoCode == EADDRINUSE { return .portInUse(host: host, port: port) }
        if text.contains("Address already in use") || text.contains("EADDRINUSE") { return .portInUse(host: host, port: port) }
        if text.contains("bind") || error is IOError || error is SocketAddressError {
            return .cannotBind(host: host, port: port, reason: text)
        }
        return nil
    }

    package func report(_ outcome: Rebuilder.Outcome, after changes: [String], rebuilder: Rebuilder, reloads: Int? = nil, sinceSeen: Duration? = nil) {
        if outcome.diagnosticsChanged {
            if let previous = outcome.previousDiagnostics {
                // After a rebuild, only what changed: the new problems in full, errors first,
                // the fixed ones a line each, and the counts now.
                let delta = ProblemDelta(from: previous, to: outcome.diagnostics)
                DiagnosticPrinter.printProblems(delta.introduced, to: .standardError)
                for fixed in delta.fixed {
                    FileHandle.standardError.write(Data("fixed: \(fixed.location): \(fixed.severity.rawValue): \(fixed.message) [\(fixed.rule)]\n".utf8))
                }
                FileHandle.standardError.write(Data("\(DiagnosticFormat.summary(outcome.diagnostics).trimmingCharacters(in: .newlines)) (\(delta.introduced.count) new, \(delta.fixed.count) fixed)\n".utf8))
            } else {
                DiagnosticPrinter.print(outcome.diagnostics.errorsFirst())
            }
        }
        let milliseconds = outcome.duration.wholeMilliseconds
        let what = changes.isEmpty ? "Built" : "Rebuilt after changes to \(Self.describe(changes, root: rebuilder.sourceRoot))"
        guard let changed = outcome.changedFiles else {
            let errors = outcome.diagnostics.filter { $0.severity == .error }.count
            logger.error("\(what): \(errors) error\(errors == 1 ? "" : "s") in \(milliseconds) ms; still serving the last good build.")
            return
        }
        let pages = changed.filter { $0.hasSuffix(".html") }.count
        let stats = outcome.statistics
        var line = "\(what): \(outcome.pages) pages, \(pages) changed (\(changed.count) files"
        if !changes.isEmpty { line += "; \(stats.pagesRendered) rendered, \(stats.pagesReused) reused" }
        line += ") in \(milliseconds) ms"
        if let reloads { line += "; \(reloads) browser\(reloads == 1 ? "" : "s") reloaded" }
        if let sinceSeen {
            let microseconds = sinceSeen.wholeMicroseconds
            line += String(format: " (save seen → reload event %.1f ms)", Double(microseconds) / 1000)
        }
        logger.info("\(line)")
    }

    package static func describe(_ paths: [String], root: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let shown = paths.sorted().map { $0.hasPrefix(cwd) ? String($0.dropFirst(cwd.count)) : $0 }
        return shown.count <= 3 ? shown.joined(separator: ", ") : shown.prefix(3).joined(separator: ", ") + " and \(shown.count - 3) more"
    }
}

/// Watches the catalog and theme folders, merges bursts of saves, rebuilds, swaps the snapshot and
/// notifies the browsers. Stops at once on shutdown.
package struct WatchService: Service {
    package let server: PreviewServer
    package let rebuilder: Rebuilder
    package let store: SnapshotStore
    package let hub: ReloadHub

    package func run() async throws {
        var watcher = FileWatcher(roots: rebuilder.watchedRoots)
        var sincePing = ContinuousClock.now
        await withGracefulShutdownHandler {
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                try? await Task.sleep(for: watcher.isEventDriven ? .milliseconds(5) : server.configuration.pollInterval)
                var changes = watcher.changes()
                let seen = ContinuousClock.now
                if changes.isEmpty {
                    if sincePing.duration(to: .now) > .seconds(15) {
                        await hub.ping()
                        sincePing = .now
                    }
                    continue
                }
                // A burst of saves (an editor writing several files) becomes one rebuild: wait
                // until a check finds nothing new. When the kernel says every changed file was
                // closed after its last write, a short wait is enough; otherwise each wait is the
                // settle interval. A burst that goes on is cut after a second.
                var waited = Duration.zero
                while true {
                    let pause = watcher.savesComplete ? min(.milliseconds(2), server.configuration.settleInterval) : server.configuration.settleInterval
                    try? await Task.sleep(for: pause)
                    waited += pause
                    let more = watcher.changes()
                    changes.formUnion(more)
                    if more.isEmpty || waited >= .seconds(1) { break }
                }
                let outcome = rebuilder.rebuild(changedPaths: changes, watching: &watcher)
                store.replace(rebuilder.snapshot)
                let reloads = await hub.publish(rebuilder.snapshot)
                let sinceSeen = seen.duration(to: .now)
                server.report(outcome, after: Array(changes), rebuilder: rebuilder, reloads: reloads, sinceSeen: sinceSeen)
            }
        } onGracefulShutdown: {
            Task { await hub.closeAll() }
        }
        await hub.closeAll()
    }
}
