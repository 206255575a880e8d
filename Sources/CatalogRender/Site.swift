import CatalogCore
/// The rendered site: output path → bytes. `serve` keeps every file in memory and answers
/// requests from it; `build` hands each file to a `SiteSink` as soon as it is made (written to a
/// staging folder), so a large catalog never holds all its pages at once; both see exactly the
/// same bytes.
public struct Site: Sendable {
    /// The files kept in memory.
    public private(set) var files: [String: [UInt8]] = [:]
    /// Files given to `sink` instead of kept: path → size in bytes.
    public private(set) var handedOff: [String: Int] = [:]
    /// Where made files go; nil keeps them all in memory.
    package let sink: (any SiteSink)?
    /// The catalog navigation as drawn for each root (its links are checked once per root).
    package var navigation: [CatalogNavigation.Drawing] = []
    /// Pages that could not be rendered (a template missing at render time), and two claims on
    /// one output path.
    package var problems: [Diagnostic] = []
    /// Who claimed each output path: one table, so a catalog file can never silently replace a
    /// generated one (or the reverse). The first claim keeps the path; a second by someone else
    /// is an error naming both.
    private var claims: [String: Claimant] = [:]

    /// Who put a file into the site.
    public enum Claimant: Sendable, Hashable, CustomStringConvertible {
        /// Made by the tool (a page, a data file, the tokens, a theme's asset).
        case generated
        /// A file of the catalog copied as it is (where it is, for the error).
        case catalogFile(SourceLocation)
        /// Something the team's settings name (`web:`, `screenshots:`), with what it is.
        case named(String)

        public var description: String {
            switch self {
            case .generated: "a file catalog-build makes"
            case .catalogFile(let location): "the catalog's file \(location.file)"
            case .named(let what): what
            }
        }
    }

    public init() {
        sink = nil
    }

    package init(sink: (any SiteSink)?) {
        self.sink = sink
    }

    public mutating func add(_ path: String, _ bytes: [UInt8], by claimant: Claimant = .generated) {
        if let earlier = claims[path] {
            guard earlier == claimant else {
                let location: SourceLocation
                if case .catalogFile(let at) = claimant { location = at } else if case .catalogFile(let at) = earlier { location = at } else { location = SourceLocation(file: "catalog.yaml") }
                problems.append(.error(.outputClash, "two files would be published at \(path): \(earlier) and \(claimant); only one can be there. Rename or move the catalog's file (or the file `web:` or `screenshots:` names)", at: location))
                return
            }
        } else {
            claims[path] = claimant
        }
        if let sink {
            sink.accept(path, bytes)
            recordHandedOff(path, count: bytes.count)
            return
        }
        if files.updateValue(bytes, forKey: path) == nil { notePage(path) }
    }

    public mutating func add(_ path: String, text: String, by claimant: Claimant = .generated) {
        add(path, Array(text.utf8), by: claimant)
    }

    /// Records a file that a render worker already gave to the sink.
    package mutating func recordHandedOff(_ path: String, count: Int) {
        if claims[path] == nil { claims[path] = .generated }
        if handedOff.updateValue(count, forKey: path) == nil { notePage(path) }
    }

    /// Keeps `pagePaths` sorted as pages arrive, so readers need not sort the whole site again.
    private mutating func notePage(_ path: String) {
        guard path.hasSuffix(".html") else { return }
        var low = 0, high = pagePaths.count
        while low < high {
            let middle = (low + high) / 2
            if pagePaths[middle] < path { low = middle + 1 } else { high = middle }
        }
        pagePaths.insert(path, at: low)
    }

    /// The bytes of a file kept in memory (nil for one handed to the sink).
    public subscript(path: String) -> [UInt8]? { files[path] }

    /// Whether the site has the file, kept or handed off.
    public func contains(_ path: String) -> Bool {
        files[path] != nil || handedOff[path] != nil
    }

    public func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The HTML pages, sorted.
    public private(set) var pagePaths: [String] = []

    /// Every path of the site, kept or handed off.
    public var allPaths: [String] { Array(files.keys) + Array(handedOff.keys) }

    public var fileCount: Int { files.count + handedOff.count }

    public var totalBytes: Int { files.values.reduce(0) { $0 + $1.count } + handedOff.values.reduce(0, +) }
}
