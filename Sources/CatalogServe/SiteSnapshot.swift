import Hummingbird
import NIOCore
import Synchronization
import CatalogCore
import CatalogRender
import CatalogOutput

/// What the preview server answers from: the last good site and the state of the latest build.
/// A snapshot is a value, replaced whole, so a request sees a complete old or a complete new
/// site, never a mix.
package struct SiteSnapshot: Sendable {
    /// The last build without errors (nil until there is one).
    package var site: Site?
    /// Diagnostics of the latest build attempt, each with the source lines around it.
    package var status: BuildStatus = BuildStatus(problems: [])
    /// The path every page is served under (the base URL's path, `/` by default).
    package var basePath = "/"
    /// The approved images' folder, relative to the catalog (`snapshots.folder`).
    package var approvedFolder = "snapshots"
    /// The theme's `content-security-policy:`, sent with every answer (`default-src 'self'` when
    /// the theme declares none).
    package var contentSecurityPolicy = "default-src 'self'"
    /// Counts builds, for the terminal and the tests.
    package var generation = 0
    /// Site path → the response body and headers, prepared when the file changed so a request
    /// only looks them up (pages with the reload script already in).
    package var served: [String: ServedFile] = [:]

    /// A hash of the file's bytes as the site has them (the reload script compares it).
    package func etag(_ path: String) -> String? { served[path]?.fileETag }
}

/// One file as the preview server answers it. What a request needs (the content hash, the body
/// with the reload script in, the headers) is worked out on the first use and kept: a rebuild
/// that changed the 5 MB search index and `llms-full.txt` neither hashes nor copies them until a
/// browser asks for one, and a file nobody asks for costs nothing.
package final class ServedFile: Sendable {
    package let path: String
    /// The file's bytes as the site has them.
    package let bytes: [UInt8]

    private struct Prepared {
        var fileETag: String
        var etag: String
        var body: ByteBuffer
        var headers: HTTPFields
    }

    private let prepared = Mutex<Prepared?>(nil)

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A hash of the file's bytes as the site has them (the reload script compares it).
    package var fileETag: String { answer.fileETag }
    /// The `ETag` as sent, quoted (a page's differs from the file's: it carries the script).
    package var etag: String { answer.etag }
    package var body: ByteBuffer { answer.body }
    /// Content type, ETag, cache policy and length.
    package var headers: HTTPFields { answer.headers }

    /// A file's ETag: its content hash, 16 hex digits.
    package static func etag(of bytes: [UInt8]) -> String {
        StableHash.hex(StableHash.content(bytes), length: 16)
    }

    private var answer: Prepared {
        prepared.withLock { prepared in
            if let prepared { return prepared }
            let made = Self.prepare(path: path, bytes: bytes)
            prepared = made
            return made
        }
    }

    private static func prepare(path: String, bytes: [UInt8]) -> Prepared {
        let fileETag = etag(of: bytes)
        let isPage = path.hasSuffix(".html")
        let body = isPage ? PreviewResponder.inject(bytes, page: path, etag: fileETag) : bytes
        let etag = isPage ? "\"\(fileETag)-live\"" : "\"\(fileETag)\""
        var headers: HTTPFields = [
            .contentType: ContentTypes.forPath(path),
            .eTag: etag,
            .cacheControl: PreviewResponder.cacheControl(path),
            .contentLength: String(body.count),
        ]
        // The team's examples are framed with an opaque origin (sandboxed without
        // allow-same-origin): their ES modules and fonts are fetched with CORS, so the files under
        // web/ and the fonts say any origin may read them — as GitHub Pages says of every file.
        if isReadByFrames(path) { headers[.accessControlAllowOrigin] = "*" }
        return Prepared(fileETag: fileETag, etag: etag, body: ByteBuffer(bytes: body), headers: headers)
    }
}

extension ServedFile {
    /// Whether a file is fetched by an example's frame with CORS: the team's web files, fonts.
    package static func isReadByFrames(_ path: String) -> Bool {
        path.hasPrefix("web/") || [".woff2", ".woff", ".ttf", ".otf"].contains { path.lowercased().hasSuffix($0) }
    }
}

/// The latest build's problems as the browser overlay shows them.
package struct BuildStatus: Sendable, Codable {
    package struct Line: Sendable, Codable {
        package var number: Int
        package var text: String
    }

    package struct Problem: Sendable, Codable {
        package var severity: String
        package var rule: String
        package var file: String
        package var line: Int
        package var column: Int
        package var message: String
        package var excerpt: [Line]
    }

    /// Which build this is: the server's own id and the rebuild's number, so a browser that
    /// dismissed the overlay of one failed build sees it again on the next.
    package var build: String
    /// Errors first, then warnings, each in file order.
    package var problems: [Problem]
    package var errors: Int { problems.filter { $0.severity == "error" }.count }

    package init(problems: [Problem], build: String = "") {
        self.problems = problems
        self.build = build
    }

    /// Errors and warnings with their source excerpts (notes stay in the terminal).
    package init(_ diagnostics: [Diagnostic], build: String) {
        self.build = build
        var sources = SourceLines()
        let ordered = diagnostics.filter { $0.severity != .info }.errorsFirst()
        problems = DiagnosticFormat.bounded(ordered).map { diagnostic in
            Problem(
                severity: diagnostic.severity.rawValue, rule: diagnostic.rule.rawValue, file: diagnostic.location.file,
                line: diagnostic.location.line, column: diagnostic.location.column, message: diagnostic.message,
                excerpt: sources.excerpt(around: diagnostic.location.line, column: diagnostic.location.column, of: diagnostic.location.file).map { Line(number: $0.number, text: $0.text) }
            )
        }
    }
}

/// Holds the current snapshot; readers never wait for a rebuild.
package final class SnapshotStore: Sendable {
    private let state: Mutex<SiteSnapshot>

    package init(_ snapshot: SiteSnapshot) {
        state = Mutex(snapshot)
    }

    package var current: SiteSnapshot { state.withLock { $0 } }

    package func replace(_ snapshot: SiteSnapshot) {
        state.withLock { $0 = snapshot }
    }
}
