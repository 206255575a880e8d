import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender
/// Every link and image in the prose resolves in the rendered site: the page or file exists and
/// the `#fragment` names an element on it (`link.broken`, `link.anchor`, `link.draft`).
package struct LinkRule: SiteRule {
    /// What a page's prose links are checked against: the prose (by its page's `inputKey`), the
    /// page and the pages its links point into (their render keys), which files the site has,
    /// and which pages are drafts or failed to load.
    package struct Input: Hashable, Sendable {
        package var page: String
        package var prose: UInt64
        package var renderKeys: [UInt64?]
        package var files: UInt64
        package var drafts: [String]
        package var failed: [String]
    }

    package func check(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic] {
        // Pages with prose, read in place (a prose is large; the check runs on every rebuild).
        let pages: [(page: String, source: ProseSource, inputKey: UInt64)] =
            catalog.components.indices.compactMap { index in
                catalog.components[index].prose == nil ? nil : (catalog.components[index].pagePath, .component(index), catalog.components[index].inputKey)
            }
            + catalog.guides.indices.map { (catalog.guides[$0].pagePath, .guide($0), catalog.guides[$0].inputKey) }
        let drafts = catalog.excludedDrafts.sorted(), failed = catalog.failedPages.sorted()
        // Root-relative links with a fragment may point anywhere on the site: those pages are
        // checked on every run; the others are pieces of work keyed by what they read.
        var anywhere: [Int] = [], keyed: [Int] = []
        for index in pages.indices {
            if pages[index].source.prose(in: catalog).hasRootRelativeAnchors { anywhere.append(index) } else { keyed.append(index) }
        }
        let reused = steps.run("prose links", keyed.map { index in
            let (page, source, inputKey) = pages[index]
            let prose = source.prose(in: catalog)
            let input = Input(
                page: page, prose: inputKey,
                renderKeys: [site.pageKeys[page + "index.html"]] + prose.anchoredPages.map { site.pageKeys[$0 + "index.html"] },
                files: scan.filesKey, drafts: drafts, failed: failed
            )
            return Work(id: page, input: input) { _ in Self.check(page: page, prose: prose, catalog: catalog, site: site, scan: scan) }
        })
        let fresh = Parallel.map(anywhere) { index in
            Self.check(page: pages[index].page, prose: pages[index].source.prose(in: catalog), catalog: catalog, site: site, scan: scan)
        }
        var results = [[Diagnostic]](repeating: [], count: pages.count)
        for (index, diagnostics) in zip(keyed, reused) { results[index] = diagnostics }
        for (index, diagnostics) in zip(anywhere, fresh) { results[index] = diagnostics }
        return results.flatMap { $0 }
    }

    private enum ProseSource {
        case component(Int)
        case guide(Int)

        package func prose(in catalog: Catalog) -> Prose {
            switch self {
            case .component(let index): catalog.components[index].prose!
            case .guide(let index): catalog.guides[index].prose
            }
        }
    }

    private static func check(page: String, prose: Prose, catalog: Catalog, site: Site, scan: SiteScan) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for link in prose.links {
            let what = link.isImage ? "image" : "link"
            switch link.target {
            case .external:
                continue
            case .siteAbsolute:
                if let problem = rootRelativeProblem(link, what: what, page: page, catalog: catalog, site: site, scan: scan) { diagnostics.append(problem) }
            case .unresolved(let reason):
                diagnostics.append(.error("link.broken", "the \(what) '\(link.destination)' leads nowhere: \(reason)", at: link.location))
            case .samePage(let fragment):
                if !fragment.isEmpty, !scan.ids(of: page + "index.html").contains(fragment) {
                    diagnostics.append(.error("link.anchor", "there is no '#\(fragment)' on this page\(DidYouMean.hint(for: fragment, in: scan.ids(of: page + "index.html"))); link to a heading's id", at: link.location))
                }
            case .page(let target, let fragment):
                let file = target + "index.html"
                guard site.contains(file) else {
                    if catalog.failedPages.contains(target) { continue }
                    if catalog.excludedDrafts.contains(target) {
                        diagnostics.append(.warning("link.draft", "the \(what) '\(link.destination)' leads to a draft that is left out of this build (build with --drafts to include it)", at: link.location))
                    } else {
                        diagnostics.append(.error("link.broken", "the \(what) '\(link.destination)' leads to a page that does not exist (no \(target.isEmpty ? "home page" : target)); check the path", at: link.location))
                    }
                    continue
                }
                if let fragment, !fragment.isEmpty, !scan.ids(of: file).contains(fragment) {
                    diagnostics.append(.error("link.anchor", "the page \(target) has no '#\(fragment)'\(DidYouMean.hint(for: fragment, in: scan.ids(of: file))); link to a heading's id", at: link.location))
                }
            case .file(let path):
                if !site.contains(path) {
                    diagnostics.append(.error("link.broken", "the \(what) '\(link.destination)' names a file that is not in the catalog (\(path)); add the file beside the Markdown or fix the path", at: link.location))
                }
            }
        }
        return diagnostics
    }

    /// A root-relative link (`/patterns/check-answers/`) must name a page or file of this site,
    /// under its base path; one outside the base path leaves the site and is only a warning.
    private static func rootRelativeProblem(_ link: ProseLink, what: String, page: String, catalog: Catalog, site: Site, scan: SiteScan) -> Diagnostic? {
        var path = Substring(link.destination.trimmingSpaces())
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = LinkResolver.decode(String(path[path.index(after: hash)...]))
            path = path[..<hash]
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        let decoded = LinkResolver.decode(String(path))
        let base = catalog.settings.basePath
        guard decoded.hasPrefix(base) || decoded + "/" == base else {
            return .warning("link.outside-site", "the \(what) '\(link.destination)' is root-relative but this site lives under \(base), so it leads off the site; write \(base)\(decoded.dropFirst()) for a page of this site, or the full URL for another one", at: link.location)
        }
        let rest = decoded.count > base.count ? String(decoded.dropFirst(base.count)) : ""
        let candidates = rest.isEmpty || rest.hasSuffix("/") ? [rest + "index.html"] : [rest, rest + "/index.html"]
        guard let target = candidates.first(where: site.contains) else {
            let folder = rest.hasSuffix("/") || rest.isEmpty ? rest : rest + "/"
            if catalog.excludedDrafts.contains(folder) {
                return .warning("link.draft", "the \(what) '\(link.destination)' leads to a draft that is left out of this build (build with --drafts to include it)", at: link.location)
            }
            if catalog.failedPages.contains(folder) { return nil }
            return .error("link.broken", "the \(what) '\(link.destination)' leads to nothing on this site (no page or file at \(rest.isEmpty ? "the home page" : rest)); fix the path, or write the full URL for a page on another site", at: link.location)
        }
        if !fragment.isEmpty, target.hasSuffix(".html"), !scan.ids(of: target).contains(fragment) {
            return .error("link.anchor", "the page \(target.dropLast("index.html".count)) has no '#\(fragment)'\(DidYouMean.hint(for: fragment, in: scan.ids(of: target))); link to a heading's id", at: link.location)
        }
        return nil
    }
}
