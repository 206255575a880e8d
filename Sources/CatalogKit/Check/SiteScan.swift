import Foundation

/// What the link checks need from every rendered page: the `href`/`src` values it carries and
/// the `id`s it defines. Pages are scanned once, in parallel; with a build cache, a page whose
/// render key is unchanged keeps its scan.
struct SiteScan {
    struct Page {
        var references: [String]
        var ids: Set<String>
    }

    private var pages: [String: Page]
    /// A hash of the names of the site's files (0 without a cache, where nothing is reused).
    let filesKey: UInt64

    init(site: Site, cache: BuildCache?) {
        let paths = site.pagePaths
        var pages: [String: Page] = [:]
        var missing: [String] = []
        for path in paths {
            if let key = site.pageKeys[path], let entry = cache?.scans[path], entry.key == key {
                pages[path] = entry.value
            } else {
                missing.append(path)
            }
        }
        let scanned = CatalogLoader.parallelMap(missing) { path -> Page in
            (site[path] ?? []).withUnsafeBufferPointer { Page(references: Self.references(in: $0), ids: Self.ids(in: $0)) }
        }
        for (path, page) in zip(missing, scanned) {
            pages[path] = page
            if let key = site.pageKeys[path] { cache?.scans[path] = BuildCache.Entry(key: key, value: page) }
        }
        if let cache {
            cache.scans.keepOnly { site.pageKeys[$0] != nil }
        }
        self.pages = pages
        // Order-independent, so no sorting: the wrapping sum of each name's hash.
        filesKey = cache == nil ? 0 : site.files.keys.reduce(UInt64(0)) { $0 &+ StableHash.value($1.utf8) }
    }

    func page(_ path: String) -> Page? { pages[path] }

    func ids(of path: String) -> Set<String> { pages[path]?.ids ?? [] }

    /// Values of ` id="…"` attributes.
    static func ids(in bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
        Set(attributeValues(in: bytes, named: Array(" id=\"".utf8)))
    }

    /// `href="…"` and `src="…"` values, `&amp;` undone.
    static func references(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        (attributeValues(in: bytes, named: Array(" href=\"".utf8)) + attributeValues(in: bytes, named: Array(" src=\"".utf8))).map {
            $0.contains("&amp;") ? $0.replacingOccurrences(of: "&amp;", with: "&") : $0
        }
    }

    /// The values of one attribute (given with its leading space, `=` and opening quote).
    static func attributeValues(in bytes: UnsafeBufferPointer<UInt8>, named pattern: [UInt8]) -> [String] {
        var values: [String] = []
        let count = bytes.count
        var index = 0
        while index + pattern.count < count {
            if bytes[index] == pattern[0] {
                var matched = true
                for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                    matched = false
                    break
                }
                if matched {
                    let start = index + pattern.count
                    var end = start
                    while end < count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                    values.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    index = end
                    continue
                }
            }
            index += 1
        }
        return values
    }
}
