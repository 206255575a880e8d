import Foundation
import Synchronization
import CatalogCore
import CatalogSource
import CatalogSnapshot
import Hummingbird

/// The snapshot review page under `serve` (`/_catalog/review/`): the files the last `snapshot`
/// run wrote to the review folder (read from inside it only: no `..`, no hidden names, no link
/// leading out), and its Approve buttons. An approval is a POST from the page itself — this
/// server's own origin, with a token issued with that page load — and approves one image the
/// review lists (`SnapshotApproval`). `serve` offers it only when it listens on loopback.
package final class ReviewRoutes: Sendable {
    package let folder: URL
    package let catalogFolder: String
    /// Tokens issued with the review page (the newest 64).
    private let tokens = Mutex<[String]>([])

    /// The review page's own policy: its files, its images, its script and its requests.
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'"

    package init(folder: String, catalogFolder: String) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL
        self.catalogFolder = catalogFolder
    }

    private func issue() -> String {
        let token = (0..<2).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined(separator: "-")
        tokens.withLock { issued in
            issued.append(token)
            if issued.count > 64 { issued.removeFirst(issued.count - 64) }
        }
        return token
    }

    private func accepts(_ token: String) -> Bool {
        !token.isEmpty && tokens.withLock { $0.contains(token) }
    }

    /// GET `/_catalog/review/<path>`.
    package func file(_ path: String) -> Response {
        let relative = path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
        guard let decoded = relative.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\"),
              !decoded.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else {
            return Self.plain("Not found\n", status: .notFound)
        }
        // The file as the kernel resolves it must be inside the folder as it resolves it.
        guard let root = RealPath.of(folder.path), let real = RealPath.of(folder.appendingPathComponent(decoded).path),
              real.hasPrefix(root + "/") else {
            return Self.plain(decoded == "index.html" ? "There is no review page yet: run `catalog-build snapshot` (its --output is where serve was told to look, --review).\n" : "Not found\n", status: .notFound)
        }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 64 << 20,
              var bytes = FileManager.default.contents(atPath: real).map({ [UInt8]($0) }) else {
            return Self.plain("Not found\n", status: .notFound)
        }
        if decoded == "index.html" {
            // Each load of the page gets its own token: the Approve buttons show, and only a
            // request carrying a token this server issued approves anything.
            let html = String(decoding: bytes, as: UTF8.self)
            let meta = "<meta name=\"catalog-build-approve\" content=\"\(issue())\">\n"
            bytes = Array((html.range(of: "</head>").map { html.replacingCharacters(in: $0.lowerBound..<$0.lowerBound, with: meta) } ?? html).utf8)
        }
        return Response(status: .ok, headers: [.contentType: ContentTypes.forPath(decoded), .cacheControl: "no-cache",
                                               .contentSecurityPolicy: Self.contentSecurityPolicy, .contentLength: String(bytes.count)],
                        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// POST `/_catalog/review/approve`: `{"file": "...", "token": "..."}` from the page itself.
    package func approve(_ request: Request, approvedFolder: String) async -> Response {
        guard let origin = request.headers[.origin], let authority = request.head.authority, origin.lowercased() == "http://" + authority.lowercased() else {
            return Self.plain("Approving is done from the review page this server shows, not from another page.\n", status: .forbidden)
        }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return Self.plain("Send the approval as application/json.\n", status: .unsupportedMediaType)
        }
        guard let body = try? await request.body.collect(upTo: 4096),
              let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any],
              let file = object["file"] as? String, let token = object["token"] as? String else {
            return Self.plain("The approval is {\"file\": …, \"token\": …}.\n", status: .badRequest)
        }
        guard accepts(token) else {
            return Self.plain("This page's token is not one this server issued; reload the review page.\n", status: .forbidden)
        }
        do {
            try SnapshotApproval.approve(file: file, review: folder, catalogFolder: catalogFolder, approvedFolder: approvedFolder)
        } catch {
            return Self.plain(error.description + "\n", status: .conflict)
        }
        let text = JSONText.compact(.object(["approved": .string(file)]))
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store", .contentLength: String(text.utf8.count)],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func plain(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .contentLength: String(text.utf8.count)],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
