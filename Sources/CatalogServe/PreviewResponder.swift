import CatalogCore
import CatalogMarkdown
import Foundation
import Hummingbird

/// Answers every request from the in-memory site: nothing on disk is ever opened, so no path
/// can reach outside the site. Pages get the live-reload script injected; `/_catalog/` is
/// reserved for the reload script, the overlay stylesheet and the event stream.
package struct PreviewResponder: HTTPResponder {
    package typealias Context = BasicRequestContext

    package static let reserved = "/_catalog/"

    package let store: SnapshotStore
    package let hub: ReloadHub
    /// The names a request's `Host:` may give besides IP addresses and `localhost`.
    package var allowedHosts: HostNames = HostNames()
    /// The snapshot review page and its Approve buttons (`/_catalog/review/`), when serve
    /// listens on loopback.
    package var review: ReviewRoutes?

    package func respond(to request: Request, context: Context) async throws -> Response {
        var response: Response
        if let host = request.head.authority, !allowedHosts.allows(host) {
            // A name other than the ones this server listens on: a page on another site that
            // rebound its name to this address (DNS rebinding) must not read the preview.
            let text = "This preview answers requests for localhost and the addresses it listens on, not for '\(TextSafety.escaped(host))'. Start serve with --allowed-host NAME to allow a name.\n"
            response = Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)],
                                body: .init(byteBuffer: ByteBuffer(string: text)))
        } else if request.method == .get || request.method == .head {
            response = try await answer(request)
        } else if request.method == .post, request.uri.path == Self.reserved + "review/approve", let review {
            response = await review.approve(request, approvedFolder: store.current.approvedFolder)
            response.headers[.xContentTypeOptions] = "nosniff"
            return response
        } else {
            response = Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: "Only GET and HEAD are served.\n")))
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = store.current.contentSecurityPolicy }
        return request.method == .head ? response.createHeadResponse() : response
    }

    /// The host names a request may be for: any IP address (a literal cannot be rebound),
    /// `localhost` and names under it, and the ones given with `--allowed-host`.
    package struct HostNames: Sendable {
        package var names: Set<String> = []

        package init(_ names: [String] = []) {
            self.names = Set(names.map { $0.lowercased() })
        }

        package func allows(_ authority: String) -> Bool {
            var host = Substring(authority.lowercased())
            if host.hasPrefix("[") {
                // An IPv6 literal, with or without a port.
                guard let close = host.firstIndex(of: "]") else { return false }
                return Self.isIPv6(String(host[host.index(after: host.startIndex)..<close]))
            }
            if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
            if host.hasSuffix(".") { host = host.dropLast() }
            let name = String(host)
            if name == "localhost" || name.hasSuffix(".localhost") || Self.isIPv4(name) { return true }
            return names.contains(name)
        }

        static func isIPv4(_ text: String) -> Bool {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part).map { $0 <= 255 } == true
            }
        }

        static func isIPv6(_ text: String) -> Bool {
            var address = in6_addr()
            return inet_pton(AF_INET6, text, &address) == 1
        }
    }

    private func answer(_ request: Request) async throws -> Response {
        let rawPath = request.uri.path
        if rawPath.hasPrefix(Self.reserved + "review/"), let review {
            var response = review.file(String(rawPath.dropFirst((Self.reserved + "review/").count)))
            response.headers[.xContentTypeOptions] = "nosniff"
            return response
        }
        if rawPath.hasPrefix(Self.reserved) {
            return try await reserved(String(rawPath.dropFirst(Self.reserved.count)), request: request)
        }
        let snapshot = store.current
        if snapshot.basePath != "/", rawPath + "/" == snapshot.basePath {
            return Response(status: .movedPermanently, headers: [.location: snapshot.basePath])
        }
        guard let relative = Self.sitePath(rawPath, basePath: snapshot.basePath) else {
            if rawPath == "/" || rawPath.isEmpty, snapshot.basePath != "/" {
                return Response(status: .found, headers: [.location: snapshot.basePath])
            }
            return notFound(snapshot)
        }
        guard let site = snapshot.site else { return placeholder(snapshot) }

        var path = relative
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        if site[path] == nil, site[path + "/index.html"] != nil {
            // A folder asked for without its slash: redirect, so relative links resolve.
            return Response(status: .movedPermanently, headers: [.location: snapshot.basePath + relative + "/"])
        }
        guard let file = snapshot.served[path] else { return notFound(snapshot) }
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: file.etag) {
            var headers = file.headers
            headers[.contentLength] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: file.headers, body: .init(byteBuffer: file.body))
    }

    /// Whether an `If-None-Match` list names `etag` (or is `*`).
    package static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == etag || value == "*" || value == "W/" + etag
        }
    }

    // MARK: Reserved paths

    private func reserved(_ name: String, request: Request) async throws -> Response {
        switch name {
        case "reload.js":
            return Self.text(LiveReloadAssets.script, type: "text/javascript; charset=utf-8")
        case "overlay.css":
            return Self.text(LiveReloadAssets.stylesheet, type: "text/css; charset=utf-8")
        case "events":
            let query = request.uri.queryParameters
            let page = query["page"].map { String($0).removingPercentEncoding ?? String($0) } ?? ""
            let etag = query["hash"].map { String($0).removingPercentEncoding ?? String($0) }
            let frames = query[values: "frame"].map { String($0).removingPercentEncoding ?? String($0) }
            let (id, stream) = await hub.subscribe(page: page, etag: etag, frames: frames, snapshot: store.current)
            let hub = self.hub
            let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache", .connection: "keep-alive"]
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                do {
                    for await message in stream {
                        try await writer.write(ByteBuffer(string: message))
                    }
                } catch {
                    // The browser went away.
                }
                await hub.unsubscribe(id)
                try? await writer.finish(nil)
            })
        default:
            return Self.text("Not found\n", type: "text/plain; charset=utf-8", status: .notFound)
        }
    }

    // MARK: Pages

    private func notFound(_ snapshot: SiteSnapshot) -> Response {
        guard let page = snapshot.served["404.html"] else {
            return Self.text("Not found\n", type: "text/plain; charset=utf-8", status: .notFound)
        }
        return Response(status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", .contentLength: String(page.body.readableBytes)],
                        body: .init(byteBuffer: page.body))
    }

    /// Shown while the catalog has never built: the overlay explains why, and the page reloads
    /// once a fix makes the first build succeed.
    private func placeholder(_ snapshot: SiteSnapshot) -> Response {
        let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>The catalog has errors · catalog-build</title>
        <script src="/_catalog/reload.js" data-page="" data-hash="" defer></script>
        </head>
        <body>
        <main>
        <h1>The catalog has errors</h1>
        <p>catalog-build could not build the catalog yet. The problems are listed here and in the terminal; this page reloads as soon as they are fixed.</p>
        </main>
        </body>
        </html>

        """
        return Response(status: .serviceUnavailable, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", .retryAfter: "1"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page with the reload script added before `</head>`; `build` never writes this.
    package static func inject(_ page: [UInt8], page path: String, etag: String) -> [UInt8] {
        let html = String(decoding: page, as: UTF8.self)
        let tag = "<script src=\"/_catalog/reload.js\" data-page=\"\(HTMLEscape.text(path))\" data-hash=\"\(etag)\" defer></script>\n"
        guard let head = html.range(of: "</head>") else { return Array((html + tag).utf8) }
        var injected = html
        injected.insert(contentsOf: tag, at: head.lowerBound)
        return Array(injected.utf8)
    }

    /// The site path a request path names, or nil for one outside the base path or one that
    /// tries to climb out of it (`..`, however it is encoded).
    package static func sitePath(_ rawPath: String, basePath: String) -> String? {
        guard let decoded = rawPath.removingPercentEncoding, !decoded.contains("\0") else { return nil }
        guard decoded.hasPrefix(basePath) || decoded + "/" == basePath else { return nil }
        let inside = decoded.count >= basePath.count ? String(decoded.dropFirst(basePath.count)) : ""
        var parts: [Substring] = []
        for part in inside.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." || part.contains("\\") { return nil }
            if part == "." { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return inside.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }

    /// Pages are revalidated every time; content-hashed assets never change.
    package static func cacheControl(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let parts = name.split(separator: ".")
        if path.hasPrefix("assets/"), parts.count >= 3, parts[parts.count - 2].count == 8, parts[parts.count - 2].allSatisfy(\.isHexDigit) {
            return "public, max-age=31536000, immutable"
        }
        return "no-cache"
    }

    package static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type, .cacheControl: "no-cache", .contentLength: String(text.utf8.count)],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
