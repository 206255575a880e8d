import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender

/// `link.broken` for links the theme's templates put on a page (navigation, related components,
/// cards): every relative `href` and `src` in the rendered site must name a file of the site.
/// Links written in Markdown are checked, at their own line, by `LinkRule`.
package struct SiteLinkRule: SiteRule {
    /// What a page's template-made links are checked against: the page (its render key), where
    /// its findings are reported, which files the site has, and the pages its `#fragment` links
    /// point into (their render keys, since their ids are read).
    package struct Input: Hashable, Sendable {
        package var page: String
        package var renderKey: UInt64?
        package var location: SourceLocation
        package var files: UInt64
        package var anchoredPages: [UInt64?]
    }

    package func check(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic] {
        // Each page's source, and its prose (whose links `LinkRule` checks at their own line).
        var sources: [String: (location: SourceLocation, links: [ProseLink])] = [:]
        for index in catalog.components.indices {
            sources[catalog.components[index].pagePath + "index.html"] = (catalog.components[index].location, catalog.components[index].prose?.links ?? [])
        }
        for index in catalog.guides.indices { sources[catalog.guides[index].pagePath + "index.html"] = (catalog.guides[index].location, catalog.guides[index].prose.links) }
        let pages = site.pagePaths.filter { $0 != "404.html" }
        let results = steps.run("page links", pages.map { page in
            let location = sources[page]?.location ?? catalog.settings.location
            let links = sources[page]?.links ?? []
            let folder = Self.folderParts(of: page)
            let anchored = (scan.page(page)?.references ?? []).filter { $0.utf8.contains(UInt8(ascii: "#")) && Self.isRelative($0) }.map { site.pageKeys[Self.resolve($0, inFolder: folder)] }
            let input = Input(page: page, renderKey: site.pageKeys[page], location: location, files: scan.filesKey, anchoredPages: anchored)
            return Work(id: page, input: input) { _ -> [Diagnostic] in
                guard let scanned = scan.page(page) else { return [] }
                return Self.check(page: page, scanned: scanned, proseHrefs: Self.hrefs(of: links, page: String(page.dropLast("index.html".count))), location: location, site: site, scan: scan)
            }
        })
        return results.flatMap { $0 } + checkNavigation(catalog, site: site, scan: scan, steps: steps)
    }

    /// What the navigation's links are checked against.
    package struct NavigationInput: Hashable, Sendable {
        package var navigation: [String]
        package var files: UInt64
        package var location: SourceLocation
    }

    /// The catalog navigation's links, once for each root pages reach the site through (the
    /// page scan skips them): a page one, two or zero folders deep stands for all such pages.
    private func checkNavigation(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic] {
        let input = NavigationInput(navigation: site.navigation.flatMap { [$0.0, $0.1] }, files: scan.filesKey, location: catalog.settings.location)
        return steps.one("navigation links", input) { input in
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
            return missing.map { target in
                .error("link.broken", "the catalog navigation (the theme's partials/catalog-nav) links to \(target), which is not in the site; fix the template", at: input.location)
            }
        }
    }

    /// The findings for one page.
    private static func check(page: String, scanned: SiteScan.Page, proseHrefs: Set<String>, location: SourceLocation, site: Site, scan: SiteScan) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // A page names the same file many times (its stylesheets, its section links): each
        // distinct reference is resolved once.
        let folder = folderParts(of: page)
        var resolved: [String: String] = [:]
        for reference in scanned.references where !proseHrefs.contains(reference)
            && !(reference.utf8.contains(UInt8(ascii: "%")) && proseHrefs.contains(LinkResolver.decode(reference))) {
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
                if !scan.ids(of: target).contains(fragment) {
                    diagnostics.append(.error("link.anchor", "the page \(page) links to '\(reference)', but \(target) has no element with that id", at: location))
                }
            }
        }
        return diagnostics
    }

    /// The hrefs the prose's own links became (`LinkRule` reports those at their line): as
    /// rewritten, or as written when they lead nowhere. cmark-gfm percent-encodes what it writes
    /// (`<a b>` becomes `a%20b`), so the page's references are also compared decoded.
    private static func hrefs(of links: [ProseLink], page: String) -> Set<String> {
        // A link in raw HTML is on the page as written.
        Set(links.map { $0.inRawHTML ? $0.destination : LinkResolver.href(for: $0.target, fromPage: page) ?? $0.destination })
    }

    package static func isRelative(_ reference: String) -> Bool {
        !reference.isEmpty && !reference.hasPrefix("#") && !reference.hasPrefix("/") && !LinkResolver.hasScheme(reference)
    }

    /// `href="…"` and `src="…"` values of an HTML page.
    package static func references(in html: String) -> [String] {
        var html = html
        return html.withUTF8 { SiteScan.references(in: $0) }
    }

    /// The site file a relative reference names (a folder means its index.html).
    package static func resolve(_ reference: String, from page: String) -> String {
        resolve(reference, inFolder: folderParts(of: page))
    }

    /// The folders a page sits in (`components/switch/index.html` → components, switch).
    package static func folderParts(of page: String) -> [String] {
        page.split(separator: "/").dropLast().map(String.init)
    }

    package static func resolve(_ reference: String, inFolder folder: [String]) -> String {
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
