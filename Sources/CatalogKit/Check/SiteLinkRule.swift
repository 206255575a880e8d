import Foundation

/// `link.broken` for links the theme's templates put on a page (navigation, related components,
/// cards): every relative `href` and `src` in the rendered site must name a file of the site.
/// Links written in Markdown are checked, at their own line, by `LinkRule`.
struct SiteLinkRule: SiteRule {
    func check(_ catalog: Catalog, site: Site, scan: SiteScan) -> [Diagnostic] {
        var sources: [String: SourceLocation] = [:]
        var proseHrefs: [String: Set<String>] = [:]
        for component in catalog.components {
            sources[component.pagePath + "index.html"] = component.location
            proseHrefs[component.pagePath + "index.html"] = Self.hrefs(of: component.prose, page: component.pagePath)
        }
        for guide in catalog.guides {
            sources[guide.pagePath + "index.html"] = guide.location
            proseHrefs[guide.pagePath + "index.html"] = Self.hrefs(of: guide.prose, page: guide.pagePath)
        }
        var diagnostics: [Diagnostic] = []
        for page in site.pagePaths where page != "404.html" {
            guard let scanned = scan.page(page) else { continue }
            let location = sources[page] ?? catalog.settings.location
            for reference in scanned.references where !(proseHrefs[page]?.contains(reference) ?? false) {
                if reference.hasPrefix("#") {
                    let fragment = String(reference.dropFirst())
                    if !fragment.isEmpty, !scanned.ids.contains(fragment) {
                        diagnostics.append(.error("link.anchor", "the page \(page) links to '\(reference)', but no element there has that id; the theme's templates produce this link", at: location))
                    }
                    continue
                }
                guard Self.isRelative(reference) else { continue }
                let target = Self.resolve(reference, from: page)
                if site[target] == nil {
                    diagnostics.append(.error("link.broken", "the page \(page) links to '\(reference)', which is not in the site; the theme's templates or the model produce this link — fix the template or the reference", at: location))
                } else if let hash = reference.firstIndex(of: "#"), target.hasSuffix(".html") {
                    let fragment = String(reference[reference.index(after: hash)...])
                    if !fragment.isEmpty, !scan.ids(of: target).contains(fragment) {
                        diagnostics.append(.error("link.anchor", "the page \(page) links to '\(reference)', but \(target) has no element with that id", at: location))
                    }
                }
            }
        }
        return diagnostics
    }

    private static func hrefs(of prose: Prose?, page: String) -> Set<String> {
        Set((prose?.links ?? []).map { LinkResolver.href(for: $0.target, fromPage: page) ?? $0.destination })
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
        var path = reference
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        let folder = page.split(separator: "/").dropLast().map(String.init)
        let decoded = path.removingPercentEncoding ?? path
        let parts = folder + decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let joined = LinkResolver.normalize(parts) ?? ""
        if path.isEmpty || path.hasSuffix("/") || path == "." || path.hasSuffix("/.") {
            return joined.isEmpty ? "index.html" : joined + "/index.html"
        }
        return joined
    }
}
