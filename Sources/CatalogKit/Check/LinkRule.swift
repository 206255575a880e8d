/// Every link and image in the prose resolves in the rendered site: the page or file exists and
/// the `#fragment` names an element on it (`link.broken`, `link.anchor`, `link.draft`).
struct LinkRule: SiteRule {
    func check(_ catalog: Catalog, site: Site, cache: BuildCache?) -> [Diagnostic] {
        var anchors = AnchorIndex(site: site, cache: cache)
        var diagnostics: [Diagnostic] = []
        let pages: [(page: String, prose: Prose)] =
            catalog.components.compactMap { component in component.prose.map { (component.pagePath, $0) } }
            + catalog.guides.map { ($0.pagePath, $0.prose) }
        for (page, prose) in pages {
            for link in prose.links {
                let what = link.isImage ? "image" : "link"
                switch link.target {
                case .external, .siteAbsolute:
                    continue
                case .unresolved(let reason):
                    diagnostics.append(.error("link.broken", "the \(what) '\(link.destination)' leads nowhere: \(reason)", at: link.location))
                case .samePage(let fragment):
                    if !fragment.isEmpty, !anchors.ids(of: page + "index.html").contains(fragment) {
                        diagnostics.append(.error("link.anchor", "there is no '#\(fragment)' on this page\(DidYouMean.hint(for: fragment, in: anchors.ids(of: page + "index.html"))); link to a heading's id", at: link.location))
                    }
                case .page(let target, let fragment):
                    let file = target + "index.html"
                    guard site[file] != nil else {
                        if catalog.failedPages.contains(target) { continue }
                        if catalog.excludedDrafts.contains(target) {
                            diagnostics.append(.warning("link.draft", "the \(what) '\(link.destination)' leads to a draft that is left out of this build (build with --drafts to include it)", at: link.location))
                        } else {
                            diagnostics.append(.error("link.broken", "the \(what) '\(link.destination)' leads to a page that does not exist (no \(target.isEmpty ? "home page" : target)); check the path", at: link.location))
                        }
                        continue
                    }
                    if let fragment, !fragment.isEmpty, !anchors.ids(of: file).contains(fragment) {
                        diagnostics.append(.error("link.anchor", "the page \(target) has no '#\(fragment)'\(DidYouMean.hint(for: fragment, in: anchors.ids(of: file))); link to a heading's id", at: link.location))
                    }
                case .file(let path):
                    if site[path] == nil {
                        diagnostics.append(.error("link.broken", "the \(what) '\(link.destination)' names a file that is not in the catalog (\(path)); add the file beside the Markdown or fix the path", at: link.location))
                    }
                }
            }
        }
        return diagnostics
    }
}

/// The `id` attributes of each rendered page, read on first use (and, with a build cache, kept
/// for pages whose render key is unchanged).
struct AnchorIndex {
    let site: Site
    let cache: BuildCache?
    private var known: [String: Set<String>] = [:]

    init(site: Site, cache: BuildCache? = nil) {
        self.site = site
        self.cache = cache
    }

    mutating func ids(of page: String) -> Set<String> {
        if let ids = known[page] { return ids }
        let key = site.pageKeys[page]
        if let key, let entry = cache?.anchors[page], entry.key == key {
            known[page] = entry.value
            return entry.value
        }
        let ids = Self.ids(in: site[page] ?? [])
        known[page] = ids
        if let key { cache?.anchors[page] = BuildCache.Entry(key: key, value: ids) }
        return ids
    }

    /// Values of ` id="…"` attributes in HTML bytes.
    static func ids(in html: [UInt8]) -> Set<String> {
        var result = Set<String>()
        let pattern: [UInt8] = Array(" id=\"".utf8)
        var index = 0
        let count = html.count
        while index + pattern.count < count {
            if html[index] == pattern[0], html[index + 1] == pattern[1], html[index + 2] == pattern[2],
               html[index + 3] == pattern[3], html[index + 4] == pattern[4] {
                var end = index + pattern.count
                while end < count, html[end] != UInt8(ascii: "\"") { end += 1 }
                result.insert(String(decoding: html[(index + pattern.count)..<end], as: UTF8.self))
                index = end
            } else {
                index += 1
            }
        }
        return result
    }
}
