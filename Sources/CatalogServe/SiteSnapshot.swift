import CatalogKit
import Hummingbird
import NIOCore
import Synchronization

/// What the preview server answers from: the last good site and the state of the latest build.
/// A snapshot is a value, replaced whole, so a request sees a complete old or a complete new
/// site, never a mix.
struct SiteSnapshot: Sendable {
    /// The last build without errors (nil until there is one).
    var site: Site?
    /// Diagnostics of the latest build attempt, each with the source lines around it.
    var status: BuildStatus = BuildStatus(problems: [])
    /// The path every page is served under (the base URL's path, `/` by default).
    var basePath = "/"
    /// Counts builds, for the terminal and the tests.
    var generation = 0
    /// Site path → the response body and headers, prepared when the file changed so a request
    /// only looks them up (pages with the reload script already in).
    var served: [String: ServedFile] = [:]

    /// A hash of the file's bytes as the site has them (the reload script compares it).
    func etag(_ path: String) -> String? { served[path]?.fileETag }
}

/// One file as the preview server answers it.
struct ServedFile: Sendable {
    var body: ByteBuffer
    /// A hash of the file's bytes as the site has them.
    var fileETag: String
    /// The `ETag` as sent, quoted (a page's differs from the file's: it carries the script).
    var etag: String
    /// Content type, ETag, cache policy and length.
    var headers: HTTPFields

    init(path: String, bytes: [UInt8], etag fileETag: String) {
        let isPage = path.hasSuffix(".html")
        let body = isPage ? PreviewResponder.inject(bytes, page: path, etag: fileETag) : bytes
        self.body = ByteBuffer(bytes: body)
        self.fileETag = fileETag
        etag = isPage ? "\"\(fileETag)-live\"" : "\"\(fileETag)\""
        headers = [
            .contentType: ContentTypes.forPath(path),
            .eTag: etag,
            .cacheControl: PreviewResponder.cacheControl(path),
            .contentLength: String(body.count),
        ]
    }
}

/// The latest build's problems as the browser overlay shows them.
struct BuildStatus: Sendable, Codable {
    struct Line: Sendable, Codable {
        var number: Int
        var text: String
    }

    struct Problem: Sendable, Codable {
        var severity: String
        var rule: String
        var file: String
        var line: Int
        var column: Int
        var message: String
        var excerpt: [Line]
    }

    /// Which build this is: the server's own id and the rebuild's number, so a browser that
    /// dismissed the overlay of one failed build sees it again on the next.
    var build: String
    /// Errors first, then warnings, each in file order.
    var problems: [Problem]
    var errors: Int { problems.filter { $0.severity == "error" }.count }

    init(problems: [Problem], build: String = "") {
        self.problems = problems
        self.build = build
    }

    /// Errors and warnings with their source excerpts (notes stay in the terminal).
    init(_ diagnostics: [Diagnostic], build: String) {
        self.build = build
        var sources = SourceLines()
        let ordered = diagnostics.filter { $0.severity != .info }.errorsFirst()
        problems = DiagnosticFormat.bounded(ordered).map { diagnostic in
            Problem(
                severity: diagnostic.severity.rawValue, rule: diagnostic.rule, file: diagnostic.location.file,
                line: diagnostic.location.line, column: diagnostic.location.column, message: diagnostic.message,
                excerpt: sources.excerpt(around: diagnostic.location.line, column: diagnostic.location.column, of: diagnostic.location.file).map { Line(number: $0.number, text: $0.text) }
            )
        }
    }
}

/// Holds the current snapshot; readers never wait for a rebuild.
final class SnapshotStore: Sendable {
    private let state: Mutex<SiteSnapshot>

    init(_ snapshot: SiteSnapshot) {
        state = Mutex(snapshot)
    }

    var current: SiteSnapshot { state.withLock { $0 } }

    func replace(_ snapshot: SiteSnapshot) {
        state.withLock { $0 = snapshot }
    }
}
