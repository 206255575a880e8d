/// The rendered site in memory: output path → bytes. `build` writes it to disk; `serve`
/// answers requests from it, so both show exactly the same bytes.
public struct Site: Sendable {
    public private(set) var files: [String: [UInt8]] = [:]
    /// Component page path → the hash of everything it was rendered from, so checks can reuse
    /// their findings for pages that did not change.
    public internal(set) var pageKeys: [String: UInt64] = [:]

    public init() {}

    public mutating func add(_ path: String, _ bytes: [UInt8]) {
        if files.updateValue(bytes, forKey: path) == nil, path.hasSuffix(".html") {
            // Kept sorted as pages arrive, so readers need not sort the whole site again.
            var low = 0, high = pagePaths.count
            while low < high {
                let middle = (low + high) / 2
                if pagePaths[middle] < path { low = middle + 1 } else { high = middle }
            }
            pagePaths.insert(path, at: low)
        }
    }

    public mutating func add(_ path: String, text: String) {
        add(path, Array(text.utf8))
    }

    public subscript(path: String) -> [UInt8]? { files[path] }

    public func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The HTML pages, sorted.
    public private(set) var pagePaths: [String] = []

    public var totalBytes: Int { files.values.reduce(0) { $0 + $1.count } }
}
