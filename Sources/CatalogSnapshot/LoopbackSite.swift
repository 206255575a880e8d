import Foundation
import Synchronization
import CatalogCore
import CatalogSource
import Hummingbird
#if canImport(Glibc)
import Glibc
#endif

/// The only thing the snapshot browser can reach: the built site, served read-only over HTTP on
/// a loopback port, each page with the site's own Content-Security-Policy. Chromium is started
/// with this server as its proxy for everything else (`--proxy-server`, loopback included), and
/// the server refuses every proxied request that is not for itself, so a contributor's script
/// in an example can neither read a local file (pages are `http:`, not `file:`) nor send
/// anything anywhere — not to the network, not to another port of this machine.
final class LoopbackSite: Sendable {
    let port: Int
    private let folder: String
    private let policy: String?
    private let listener: Int32
    /// Whether `stop` closed the socket (it does once), and the requests refused (for the run's
    /// note and the tests).
    private struct State {
        var isStopped = false
        var refused = 0
    }
    private let state = Mutex(State())

    var refused: Int { state.withLock { $0.refused } }

    /// Serves `folder` (a real path) on 127.0.0.1, a port the system chooses.
    init(folder: String, contentSecurityPolicy: String?) throws(DevToolsPipe.Failure) {
        self.folder = folder
        self.policy = contentSecurityPolicy
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw DevToolsPipe.Failure("could not open a loopback socket for the browser") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(socket, 64) == 0 else {
            Glibc.close(socket)
            throw DevToolsPipe.Failure("could not listen on a loopback port for the browser")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The address of a page of the site.
    func url(_ page: String) -> String { "http://127.0.0.1:\(port)/" + page }

    /// The address the browser uses as its proxy for everything that is not this site.
    var proxy: String { "http://127.0.0.1:\(port)" }

    func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            Glibc.shutdown(listener, Int32(SHUT_RDWR))
            Glibc.close(listener)
        }
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let client = Glibc.accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let thread = Thread { [self] in
                serve(client)
                Glibc.close(client)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Answers the requests of one connection (keep-alive), each at most 64 KiB of head.
    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            guard let end = headEnd(buffer) else {
                guard buffer.count < 65_536 else { return }
                let count = chunk.withUnsafeMutableBytes { Glibc.recv(client, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return }
                buffer += chunk[0..<count]
                continue
            }
            let head = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeSubrange(..<(end + 4))
            let requestLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
            let parts = requestLine.split(separator: " ").map(String.init)
            guard parts.count == 3, respond(client, method: parts[0], target: parts[1]) else { return }
        }
    }

    private func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// One answer; false closes the connection.
    private func respond(_ client: Int32, method: String, target: String) -> Bool {
        // A proxied request names its whole address (or CONNECT a host): only this site's own.
        var path = target
        if method == "CONNECT" { return refuse(client) }
        if !target.hasPrefix("/") {
            let own = "http://127.0.0.1:\(port)/"
            guard target.hasPrefix(own) else { return refuse(client) }
            path = "/" + target.dropFirst(own.count)
        }
        guard method == "GET" || method == "HEAD" else { return refuse(client) }
        var file = String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        file = file.removingPercentEncoding ?? file
        if file.hasSuffix("/") { file += "index.html" }
        // Inside the site only: no `..`, no hidden names, no link out of it.
        let parts = file.split(separator: "/")
        guard !parts.contains(where: { $0 == ".." || $0.hasPrefix(".") }),
              let real = RealPath.of(folder + file), real.hasPrefix(folder + "/"),
              let data = FileManager.default.contents(atPath: real) else {
            return send(client, status: "404 Not Found", type: "text/plain; charset=utf-8", body: Array("Not found\n".utf8), head: method == "HEAD")
        }
        return send(client, status: "200 OK", type: Self.type(of: real), body: [UInt8](data), head: method == "HEAD")
    }

    private func refuse(_ client: Int32) -> Bool {
        state.withLock { $0.refused += 1 }
        _ = send(client, status: "403 Forbidden", type: "text/plain; charset=utf-8", body: Array("The snapshot browser reaches nothing but the site it draws.\n".utf8), head: false)
        return false
    }

    private func send(_ client: Int32, status: String, type: String, body: [UInt8], head: Bool) -> Bool {
        var header = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        // The frames of the team's examples have an opaque origin: their modules and fonts are
        // fetched with CORS, as from any static host that allows it.
        header += "Access-Control-Allow-Origin: *\r\n"
        if let policy, type.hasPrefix("text/html") { header += "Content-Security-Policy: \(policy)\r\n" }
        header += "\r\n"
        let bytes = Array(header.utf8) + (head ? [] : body)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// The Content-Type of a site file, as Hummingbird (which `serve` answers with) names it.
    static func type(of path: String) -> String {
        guard let type = MediaType.getMediaType(forExtension: (path as NSString).pathExtension.lowercased()) else { return "application/octet-stream" }
        let isText = type.type == .text || type.subType == "json" || type.subType == "xml"
        return (isText ? type.withParameter(name: "charset", value: "utf-8") : type).description
    }
}

