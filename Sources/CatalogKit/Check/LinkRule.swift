/// Every link and image in the prose resolves in the rendered site: the page or file exists and
/// the `#fragment` names an element on it (`link.broken`, `link.anchor`, `link.draft`).
struct LinkRule: SiteRule {
    func check(_ catalog: Catalog, site: Site, scan: SiteScan) -> [Diagnostic] {
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
                    if !fragment.isEmpty, !scan.ids(of: page + "index.html").contains(fragment) {
                        diagnostics.append(.error("link.anchor", "there is no '#\(fragment)' on this page\(DidYouMean.hint(for: fragment, in: scan.ids(of: page + "index.html"))); link to a heading's id", at: link.location))
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
                    if let fragment, !fragment.isEmpty, !scan.ids(of: file).contains(fragment) {
                        diagnostics.append(.error("link.anchor", "the page \(target) has no '#\(fragment)'\(DidYouMean.hint(for: fragment, in: scan.ids(of: file))); link to a heading's id", at: link.location))
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

