import CatalogCore
import CatalogModel
import CatalogRender

/// A rule over the rendered site (links and anchors exist only once pages are rendered).
package protocol SiteRule: Sendable {
    func check(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic]
}

/// Runs the rules over the rendered site: links and anchors exist only once pages are rendered.
public enum SiteChecker {
    package static let rules: [any SiteRule] = [
        LinkRule(),
        SiteLinkRule(),
    ]

    public static func checkSite(_ catalog: Catalog, site: Site) -> [Diagnostic] {
        checkSite(catalog, site: site, steps: Steps(memo: nil))
    }

    package static func checkSite(_ catalog: Catalog, site: Site, steps: Steps) -> [Diagnostic] {
        let scan = SiteScan(site: site, steps: steps)
        return rules.flatMap { $0.check(catalog, site: site, scan: scan, steps: steps) }
    }
}
