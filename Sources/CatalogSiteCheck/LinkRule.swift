import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender
/// Every link and image in the prose resolves in the rendered site: the page or file exists and
/// the `#fragment` names an element on it (`link.broken`, `link.anchor`, `link.draft`).
package struct LinkRule: SiteRule {
    /// One page's prose links, checked against what they read: the site's files, the ids of the
    /// pages they point into with a fragment, the base path, and which pages are drafts or
    /// failed to load.
    package enum PageStep: Step {
        package struct Input: Hashable, Sendable {
            var page: String
            var links: [ProseLink]
            var basePath: String
            var files: Hashed<Set<String>>
            /// The ids of the pages the links point into with a fragment (this page's too).
            var ids: [String: Set<String>]
            var drafts: Set<String>
            var failed: Set<String>
        }

        package static func run(_ input: Input) -> [Diagnostic] { check(input) }
    }

    package func check(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic] {
        let pages: [(page: String, links: [ProseLink])] =
            catalog.components.compactMap { component in component.prose.map { (component.pagePath, $0.links) } }
            + catalog.components.flatMap { component in component.tabFiles.map { (component.pagePath + $0.file + "/", $0.prose.links) } }
            + catalog.guides.map { ($0.pagePath, $0.prose.links) }
        let basePath = catalog.settings.basePath
        let results = steps.run(PageStep.self, pages.map { page in
            (id: page.page, input: PageStep.Input(
                page: page.page, links: page.links, basePath: basePath, files: scan.files,
                ids: scan.ids(of: Self.anchoredPages(page.links, page: page.page, basePath: basePath)),
                drafts: catalog.excludedDrafts, failed: catalog.failedPages
            ))
        })
        return results.flatMap { $0 }
    }

    /// The pages whose ids the links read: this page (for `#fragment`), a page named with a
    /// fragment, and each page a root-relative link with a fragment may name.
    private static func anchoredPages(_ links: [ProseLink], page: String, basePath: String) -> [String] {
        var pages: [String] = []
        for link in links {
            switch link.target {
            case .samePage: pages.append(page + "index.html")
            case .page(let target, let fragment) where !(fragment ?? "").isEmpty: pages.append(target + "index.html")
            case .siteAbsolute:
                guard let (rest, fragment) = rootRelative(link, basePath: basePath), !fragment.isEmpty else { continue }
                pages += candidates(rest)
            default: continue
            }
        }
        return pages
    }

    /// A root-relative link's path under the base path and its fragment; nil when it leads off
    /// the site.
    private static func rootRelative(_ link: ProseLink, basePath base: String) -> (rest: String, fragment: String)? {
        var path = Substring(link.destination.trimmingSpaces())
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = LinkResolver.decode(String(path[path.index(after: hash)...]))
            path = path[..<hash]
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        let decoded = LinkResolver.decode(String(path))
        guard decoded.hasPrefix(base) || decoded + "/" == base else { return nil }
        return (decoded.count > base.count ? String(decoded.dropFirst(base.count)) : "", fragment)
    }

    /// The files a path under the base path may name: itself, or its folder's page.
    private static func candidates(_ rest: String) -> [String] {
        rest.isEmpty || rest.hasSuffix("/") ? [rest + "index.html"] : [rest, rest + "/index.html"]
    }

    private static func check(_ input: PageStep.Input) -> [Diagnostic] {
        let page = input.page
        var diagnostics: [Diagnostic] = []
        for link in input.links {
            let what = link.isImage ? "image" : "link"
            switch link.target {
            case .external:
                continue
            case .siteAbsolute:
                if let problem = rootRelativeProblem(link, what: what, input: input) { diagnostics.append(problem) }
            case .unresolved(let reason):
                diagnostics.append(.error(.linkBroken, "the \(what) '\(link.destination)' leads nowhere: \(reason)", at: link.location))
            case .samePage(let fragment):
                let ids = input.ids[page + "index.html"] ?? []
                if !fragment.isEmpty, !ids.contains(fragment) {
                    diagnostics.append(.error(.linkAnchor, "there is no '#\(fragment)' on this page\(DidYouMean.hint(for: fragment, in: ids)); link to a heading's id", at: link.location))
                }
            case .page(let target, let fragment):
                let file = target + "index.html"
                guard input.files.value.contains(file) else {
                    if input.failed.contains(target) { continue }
                    if input.drafts.contains(target) {
                        diagnostics.append(.warning(.linkDraft, "the \(what) '\(link.destination)' leads to a draft that is left out of this build (build with --drafts to include it)", at: link.location))
                    } else {
                        diagnostics.append(.error(.linkBroken, "the \(what) '\(link.destination)' leads to a page that does not exist (no \(target.isEmpty ? "home page" : target)); check the path", at: link.location))
                    }
                    continue
                }
                let ids = input.ids[file] ?? []
                if let fragment, !fragment.isEmpty, !ids.contains(fragment) {
                    diagnostics.append(.error(.linkAnchor, "the page \(target) has no '#\(fragment)'\(DidYouMean.hint(for: fragment, in: ids)); link to a heading's id", at: link.location))
                }
            case .file(let path):
                if !input.files.value.contains(path) {
                    diagnostics.append(.error(.linkBroken, "the \(what) '\(link.destination)' names a file that is not in the catalog (\(path)); add the file beside the Markdown or fix the path", at: link.location))
                }
            }
        }
        return diagnostics
    }

    /// A root-relative link (`/patterns/check-answers/`) must name a page or file of this site,
    /// under its base path; one outside the base path leaves the site and is only a warning.
    private static func rootRelativeProblem(_ link: ProseLink, what: String, input: PageStep.Input) -> Diagnostic? {
        let base = input.basePath
        guard let (rest, fragment) = rootRelative(link, basePath: base) else {
            let decoded = LinkResolver.decode(String(link.destination.trimmingSpaces().prefix { $0 != "#" && $0 != "?" }))
            return .warning(.linkOutsideSite, "the \(what) '\(link.destination)' is root-relative but this site lives under \(base), so it leads off the site; write \(base)\(decoded.dropFirst()) for a page of this site, or the full URL for another one", at: link.location)
        }
        guard let target = candidates(rest).first(where: input.files.value.contains) else {
            let folder = rest.hasSuffix("/") || rest.isEmpty ? rest : rest + "/"
            if input.drafts.contains(folder) {
                return .warning(.linkDraft, "the \(what) '\(link.destination)' leads to a draft that is left out of this build (build with --drafts to include it)", at: link.location)
            }
            if input.failed.contains(folder) { return nil }
            return .error(.linkBroken, "the \(what) '\(link.destination)' leads to nothing on this site (no page or file at \(rest.isEmpty ? "the home page" : rest)); fix the path, or write the full URL for a page on another site", at: link.location)
        }
        let ids = input.ids[target] ?? []
        if !fragment.isEmpty, target.hasSuffix(".html"), !ids.contains(fragment) {
            return .error(.linkAnchor, "the page \(target.dropLast("index.html".count)) has no '#\(fragment)'\(DidYouMean.hint(for: fragment, in: ids)); link to a heading's id", at: link.location)
        }
        return nil
    }
}
