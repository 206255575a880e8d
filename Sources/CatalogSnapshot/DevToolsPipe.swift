import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the Chrome DevTools Protocol on `--remote-debugging-pipe`: the
/// browser reads JSON messages, each ended by a NUL byte, on its file descriptor 3 and writes its
/// answers and events on 4. One browser process; each page is a target with its own session
/// (`Target.attachToTarget` with `flatten`), so several pages are driven at once.
public final class DevToolsPipe: @unchecked Sendable {
    // @unchecked: callers wait on `lock` (an NSCondition) for their answer while the reader
    // thread fills `answers` and signals; a Mutex cannot be waited on, and an actor would put
    // the blocking pipe reads on the cooperative pool. Every mutable field is read and written
    // only with `lock` held (the pipe's writes with `writing`).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let lock = NSCondition()
    private let writing = NSLock()
    private var nextID = 1
    private var answers: [Int: [String: Any]] = [:]
    private var events: [[String: Any]] = []
    private var closed = false
    private let profile: URL

    /// The browser Debian's `chromium` package installs, or `CATALOG_BUILD_CHROMIUM`.
    public static func findBrowser(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let chosen = environment["CATALOG_BUILD_CHROMIUM"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }

    /// The switches that make drawing repeatable — software rendering, sRGB, no hinting or
    /// sub-pixel text, no scroll bars, a device scale factor of 1, a fresh profile — and that
    /// shut the page in: every request goes through `proxy` (the loopback site, which refuses
    /// all but itself), loopback included (`<-loopback>`), no name is resolved, WebRTC sends
    /// nothing around the proxy, and no page may read files (they are `http:` pages; file access
    /// from files is not granted). Chromium's own sandbox stays on: as root the browser runs as
    /// the `nobody` user (`sandboxWrapper`), since Chromium will not sandbox itself as root.
    static func arguments(profile: String, proxy: String, sandbox: Bool) -> [String] {
        [
            "--headless", "--remote-debugging-pipe", "--disable-gpu", "--use-angle=swiftshader",
            "--proxy-server=\(proxy)", "--proxy-bypass-list=<-loopback>", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "--force-webrtc-ip-handling-policy=disable_non_proxied_udp", "--webrtc-ip-handling-policy=disable_non_proxied_udp",
            // A page's script heap is bounded: one that allocates without end ends its own renderer.
            "--js-flags=--max-old-space-size=512",
            "--force-device-scale-factor=1", "--hide-scrollbars", "--force-color-profile=srgb",
            "--font-render-hinting=none", "--disable-font-subpixel-positioning", "--disable-lcd-text",
            "--disable-skia-runtime-opts", "--disable-partial-raster", "--disable-features=PaintHolding,BackForwardCache",
            "--disable-dev-shm-usage", "--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
            "--mute-audio", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--user-data-dir=\(profile)",
        ] + (sandbox ? [] : ["--no-sandbox"]) + ["about:blank"]
    }

    /// The user the browser runs as when this process is root: `nobody`, through util-linux's
    /// `setpriv`, so Chromium keeps its sandbox (it refuses to sandbox itself as root).
    static let nobody: (uid: UInt32, gid: UInt32) = (65534, 65534)

    /// What the browser is started through: nothing, or `setpriv` dropping root to `nobody`;
    /// and whether its sandbox is on (`CATALOG_BUILD_CHROMIUM_NO_SANDBOX=1` turns it off, for a
    /// machine whose kernel allows no sandbox; the loopback proxy still shuts the page in).
    static func launch(environment: [String: String]) -> (prefix: [String], sandbox: Bool) {
        let sandbox = environment["CATALOG_BUILD_CHROMIUM_NO_SANDBOX"] != "1"
        guard geteuid() == 0 else { return ([], sandbox) }
        guard sandbox, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return ([], false) }
        return (["/usr/bin/setpriv", "--reuid=\(nobody.uid)", "--regid=\(nobody.gid)", "--clear-groups", "--"], true)
    }

    /// Starts `browser` shut in to the site at `proxy` (see `arguments`).
    init(browser: String, proxy: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Failure) {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-build-chromium-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard mkdir(profile.path, 0o700) == 0 else { throw Failure("could not make the browser's profile folder \(profile.path)") }
        // A browser that is gone makes a write to its pipe fail with EPIPE (reported), never end
        // this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let (prefix, sandbox) = Self.launch(environment: environment)
        if !prefix.isEmpty { chown(profile.path, Self.nobody.uid, Self.nobody.gid) }
        SnapshotCleanup.register(folder: profile.path)
        var down: [Int32] = [0, 0], up: [Int32] = [0, 0]
        guard pipe(&down) == 0, pipe(&up) == 0 else { throw Failure("could not make the pipes to talk to the browser") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, down[0], 3)
        posix_spawn_file_actions_adddup2(&actions, up[1], 4)
        for descriptor in [down[0], down[1], up[0], up[1]] where descriptor > 4 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = prefix + [browser] + Self.arguments(profile: profile.path, proxy: proxy, sandbox: sandbox)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        // A process group of its own: every process the browser (or a wrapper) forks is ended
        // with it, on close and on SIGINT or SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cEnvironment { free(pointer) } }
        var spawned: pid_t = 0
        let status = posix_spawn(&spawned, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
        Glibc.close(down[0])
        Glibc.close(up[1])
        guard status == 0 else {
            Glibc.close(down[1]); Glibc.close(up[0])
            throw Failure("could not start \(browser): \(String(cString: strerror(status)))")
        }
        pid = spawned
        SnapshotCleanup.register(processGroup: spawned)
        toBrowser = down[1]
        fromBrowser = up[0]
        let reader = Thread { [weak self] in self?.readLoop() }
        reader.stackSize = 1 << 20
        reader.start()
    }

    deinit { close() }

    /// Ends the browser and removes its profile.
    public func close() {
        lock.lock()
        let wasClosed = closed
        closed = true
        lock.broadcast()
        lock.unlock()
        guard !wasClosed else { return }
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        // A second to exit, then the whole group is ended.
        var exited = false
        for _ in 0..<50 where !exited {
            exited = waitpid(pid, &status, WNOHANG) == pid
            if !exited { usleep(20_000) }
        }
        kill(-pid, SIGKILL)
        if !exited { waitpid(pid, &status, 0) }
        SnapshotCleanup.unregister(processGroup: pid)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        try? FileManager.default.removeItem(at: profile)
        SnapshotCleanup.unregister(folder: profile.path)
    }

    private func readLoop() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            buffer += chunk[0..<count]
            while let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else { continue }
                lock.lock()
                if let id = object["id"] as? Int { answers[id] = object } else { events.append(object) }
                lock.broadcast()
                lock.unlock()
            }
        }
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
    }

    /// Sends a command and waits for its answer (at most `timeout` seconds): its `result`, or a
    /// failure with the protocol's error message.
    @discardableResult
    public func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 30) throws(Failure) -> [String: Any] {
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        guard var bytes = try? JSONSerialization.data(withJSONObject: message) else { throw Failure("could not encode \(method)") }
        bytes.append(0)
        // One message at a time on the pipe: several workers send at once.
        writing.lock()
        let sent = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
        writing.unlock()
        guard sent else { throw Failure("the browser stopped listening (it may have crashed)") }
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while answers[id] == nil {
            if closed { throw Failure("the browser closed while answering \(method) (it may have crashed)") }
            if !lock.wait(until: deadline) { throw Failure("the browser did not answer \(method) within \(Int(timeout)) s") }
        }
        let answer = answers.removeValue(forKey: id)!
        if let error = answer["error"] as? [String: Any] {
            throw Failure("\(method) failed: \(error["message"] as? String ?? "unknown error")")
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Waits for an event of `method` on `session` (events that came before are looked at too;
    /// the one found is taken off the queue).
    public func wait(for method: String, session: String?, timeout: Double) throws(Failure) -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let index = events.firstIndex(where: { $0["method"] as? String == method && $0["sessionId"] as? String == session }) {
                return events.remove(at: index)["params"] as? [String: Any] ?? [:]
            }
            if closed { throw Failure("the browser closed while waiting for \(method) (it may have crashed)") }
            if !lock.wait(until: deadline) { throw Failure("the page did not reach \(method) within \(Int(timeout)) s") }
        }
    }

    /// Forgets the events of `session` seen so far (before a new navigation).
    public func dropEvents(session: String) {
        lock.lock()
        events.removeAll { $0["sessionId"] as? String == session }
        lock.unlock()
    }
}
