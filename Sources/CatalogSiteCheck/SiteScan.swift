import Foundation
import CatalogCore
import CatalogModel
import CatalogRender

/// What the link checks need from every rendered page: the `href`/`src` values it carries and
/// the `id`s it defines, and which files the site has. Pages are scanned once, in parallel, each
/// a step whose input is the page's bytes.
package struct SiteScan: Sendable {
    package struct Page: Sendable, Hashable {
        package var references: [String]
        package var ids: Set<String>
    }

    /// One page's scan.
    package enum PageScanStep: Step {
        package static func run(_ bytes: [UInt8]) -> Page { bytes.withUnsafeBufferPointer { SiteScan.scan($0) } }
    }

    private var pages: [String: Page]
    /// Every path of the site, kept or handed off.
    package let files: Hashed<Set<String>>

    package init(site: Site, steps: Steps) {
        let kept = site.pagePaths.filter { site[$0] != nil }
        let scanned = steps.run(PageScanStep.self, kept.map { (id: $0, input: site[$0] ?? []) })
        var pages = Dictionary(zip(kept, scanned), uniquingKeysWith: { first, _ in first })
        // A page handed to a sink was scanned as it went.
        if let sink = site.sink as? any PageScanningSink {
            for path in site.pagePaths where pages[path] == nil {
                if let page = sink.scan(of: path) { pages[path] = page }
            }
        }
        self.pages = pages
        files = Hashed(Set(site.allPaths))
    }

    package func page(_ path: String) -> Page? { pages[path] }

    package func ids(of path: String) -> Set<String> { pages[path]?.ids ?? [] }

    /// The ids of each of `paths` that is a page of the site: what a check that reads them takes.
    package func ids(of paths: some Sequence<String>) -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        for path in paths { if let page = pages[path] { ids[path] = page.ids } }
        return ids
    }

    /// `href="…"` and `src="…"` values, `&amp;` undone.
    package static func references(in bytes: UnsafeBufferPointer<UInt8>) -> [String] { scan(bytes).references }

    /// One pass over a page: `memchr` jumps from `=` to `=`, and only an `="` after ` href`,
    /// ` src` or ` id` is read. (Three byte-by-byte passes, one per attribute, took a tenth of a
    /// cold build.)
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Page {
        var page = Page(references: [], ids: [])
        guard let base = bytes.baseAddress, bytes.count > 0 else { return page }
        let count = bytes.count
        let quote = UInt8(ascii: "\"")
        var sources: [String] = []
        var index = 0
        // The catalog navigation, the same links on every page, is checked once per root by
        // `SiteLinkRule`; reading it on every page made the scan quadratic in the catalog's size.
        let skip = navigationRange(in: bytes)
        while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "=")), count - index) {
            let equals = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            if let skip, skip.contains(equals) {
                index = skip.upperBound
                continue
            }
            index = equals + 1
            guard index < count, bytes[index] == quote else { continue }
            let kind: Int
            if ends(bytes, at: equals, with: " href") {
                kind = 0
            } else if ends(bytes, at: equals, with: " src") {
                kind = 1
            } else if ends(bytes, at: equals, with: " id") {
                kind = 2
            } else {
                continue
            }
            let start = index + 1
            let end = memchr(base + start, Int32(quote), count - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            // Most values have no `&` at all: looked for in the bytes, not with Foundation's
            // `contains` on a `String` (bridged, 1 % of a cold build).
            let escaped = end > start && memchr(base + start, Int32(UInt8(ascii: "&")), end - start) != nil
            switch kind {
            case 0: page.references.append(escaped ? unescaped(value) : value)
            case 1: sources.append(escaped ? unescaped(value) : value)
            default: page.ids.insert(value)
            }
            index = end
        }
        page.references += sources
        return page
    }

    private static let navigationStart = Array(CatalogNavigation.startMarker.utf8)
    private static let navigationEnd = Array(CatalogNavigation.endMarker.utf8)

    /// Where the navigation's markers enclose it, if they do.
    private static func navigationRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let start = bytes.firstIndex(of: navigationStart),
              let end = bytes.firstIndex(of: navigationEnd, from: start) else { return nil }
        return start..<end
    }

    /// Whether the bytes just before `end` are `name`.
    private static func ends(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int, with name: StaticString) -> Bool {
        let length = name.utf8CodeUnitCount
        guard end >= length else { return false }
        let start = name.utf8Start
        for offset in 0..<length where bytes[end - length + offset] != start[offset] { return false }
        return true
    }

    private static func unescaped(_ value: String) -> String {
        value.contains("&amp;") ? value.replacingOccurrences(of: "&amp;", with: "&") : value
    }
}
