import Foundation

/// `link.broken` for links the theme's templates put on a page (navigation, related components,
/// cards): every relative `href` and `src` in the rendered site must name a file of the site.
/// Links written in Markdown are checked, at their own line, by `LinkRule`.
struct SiteLinkRule: SiteRule {
    func check(_ catalog: Catalog, site: Site, scan: SiteScan, cache: BuildCache?) -> [Diagnostic] {
        // Each page's source, and its prose (whose links `LinkRule` checks at their own line).
        var sources: [String: (location: SourceLocation, links: [ProseLink])] = [:]
        for index in catalog.components.indices {
            sources[catalog.components[index].pagePath + "index.html"] = (catalog.components[index].location, catalog.components[index].prose?.links ?? [])
        }
        for index in catalog.guides.indices { sources[catalog.guides[index].pagePath + "index.html"] = (catalog.guides[index].location, catalog.guides[index].prose.links) }
        // A page's findings depend on its bytes (its render key), on which files the site has,
        // and, for a link to an anchor on another page, on that page: such pages are always
        // checked again, the others reuse their findings while both keys hold.
        let filesKey = scan.filesKey
        let pages = site.pagePaths.filter { $0 != "404.html" }
        let results = CatalogLoader.parallelMap(pages) { page -> (diagnostics: [Diagnostic], key: UInt64?) in
            guard let scanned = scan.page(page) else { return ([], nil) }
            let location = sources[page]?.location ?? catalog.settings.location
            var key: UInt64?
            if cache != nil, let pageKey = site.pageKeys[page] {
                var combiner = StableHash.Combiner()
                combiner.add(pageKey)
                combiner.add(filesKey)
                combiner.add(location.file)
                combiner.add(UInt64(location.line))
                key = combiner.value
                if let key, let entry = cache?.links[page], entry.key == key { return (entry.value, key) }
            }
            let (diagnostics, readsOtherPages) = Self.check(page: page, scanned: scanned, proseHrefs: Self.hrefs(of: sources[page]?.links ?? [], page: String(page.dropLast("index.html".count))), location: location, site: site, scan: scan)
            return (diagnostics, readsOtherPages ? nil : key)
        }
        if let cache {
            for (page, result) in zip(pages, results) {
                if let key = result.key { cache.links[page] = BuildCache.Entry(key: key, value: result.diagnostics) } else { cache.links[page] = nil }
            }
            cache.links.keepOnly { site.pageKeys[$0] != nil }
        }
        return results.flatMap(\.diagnostics) + checkNavigation(catalog, site: site, scan: scan, cache: cache)
    }

    /// The catalog navigation's links, once for each root pages reach the site through (the
    /// page scan skips them): a page one, two or zero folders deep stands for all such pages.
    /// The findings hold while the navigation, the site's files and catalog.yaml's place do.
    private func checkNavigation(_ catalog: Catalog, site: Site, scan: SiteScan, cache: BuildCache?) -> [Diagnostic] {
        var key = StableHash.Combiner()
        if cache != nil {
            for (root, html) in site.navigation {
                key.add(root)
                key.add(html)
            }
            key.add(scan.filesKey)
            key.add(catalog.settings.location.file)
            key.add(UInt64(catalog.settings.location.line))
            key.add(UInt64(catalog.settings.location.column))
        }
        if let entry = cache?.navigationLinks, entry.key == key.value { return entry.value }
        var missing: [String] = []
        for (root, html) in site.navigation {
            let depth = root.split(separator: "/").filter { $0 == ".." }.count
            guard root.isEmpty || depth > 0 else { continue }  // the 404 page's absolute root
            let page = Array(repeating: "nav", count: depth).joined(separator: "/") + (depth > 0 ? "/" : "") + "index.html"
            for reference in Self.references(in: html) where Self.isRelative(reference) {
                let target = Self.resolve(reference, from: page)
                if !site.contains(target), !target.hasPrefix("nav/"), !missing.contains(target) { missing.append(target) }
            }
        }
        let findings: [Diagnostic] = missing.map { target in
            .error("link.broken", "the catalog navigation (the theme's partials/catalog-nav) links to \(target), which is not in the site; fix the template", at: catalog.settings.location)
        }
        cache?.navigationLinks = BuildCache.Entry(key: key.value, value: findings)
        return findings
    }

    /// The findings for one page, and whether they read another page's ids.
    private static func check(page: String, scanned: SiteScan.Page, proseHrefs: Set<String>, location: SourceLocation, site: Site, scan: SiteScan) -> ([Diagnostic], Bool) {
        var diagnostics: [Diagnostic] = []
        var readsOtherPages = false
        // A page names the same file many times (its stylesheets, its section links): each
        // distinct reference is resolved once.
        let folder = folderParts(of: page)
        var resolved: [String: String] = [:]
        for reference in scanned.references where !proseHrefs.contains(reference) {
            if reference.hasPrefix("#") {
                let fragment = String(reference.dropFirst())
                if !fragment.isEmpty, !scanned.ids.contains(fragment) {
                    diagnostics.append(.error("link.anchor", "the page \(page) links to '\(reference)', but no element there has that id; the theme's templates produce this link", at: location))
                }
                continue
            }
            guard isRelative(reference) else { continue }
            let target = resolved[reference] ?? resolve(reference, inFolder: folder)
            resolved[reference] = target
            if !site.contains(target) {
                diagnostics.append(.error("link.broken", "the page \(page) links to '\(reference)', which is not in the site; the theme's templates or the model produce this link — fix the template or the reference", at: location))
            } else if let hash = reference.firstIndex(of: "#"), target.hasSuffix(".html") {
                let fragment = String(reference[reference.index(after: hash)...])
                guard !fragment.isEmpty else { continue }
                readsOtherPages = true
                if !scan.ids(of: target).contains(fragment) {
                    diagnostics.append(.error("link.anchor", "the page \(page) links to '\(reference)', but \(target) has no element with that id", at: location))
                }
            }
        }
        return (diagnostics, readsOtherPages)
    }

    private static func hrefs(of links: [ProseLink], page: String) -> Set<String> {
        Set(links.map { LinkResolver.href(for: $0.target, fromPage: page) ?? $0.destination })
    }

    static func isRelative(_ reference: String) -> Bool {
        !reference.isEmpty && !reference.hasPrefix("#") && !reference.hasPrefix("/") && !LinkResolver.hasScheme(reference)
    }

    /// `href="…"` and `src="…"` values of an HTML page.
    static func references(in html: String) -> [String] {
        var html = html
        return html.withUTF8 { SiteScan.references(in: $0) }
    }

    /// The site file a relative reference names (a folder means its index.html).
    static func resolve(_ reference: String, from page: String) -> String {
        resolve(reference, inFolder: folderParts(of: page))
    }

    /// The folders a page sits in (`components/switch/index.html` → components, switch).
    private static func folderParts(of page: String) -> [String] {
        page.split(separator: "/").dropLast().map(String.init)
    }

    private static func resolve(_ reference: String, inFolder folder: [String]) -> String {
        var path = reference
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? LinkResolver.decode(path) : path
        let parts = folder + decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let joined = LinkResolver.normalize(parts) ?? ""
        if path.isEmpty || path.hasSuffix("/") || path == "." || path.hasSuffix("/.") {
            return joined.isEmpty ? "index.html" : joined + "/index.html"
        }
        return joined
    }
}
