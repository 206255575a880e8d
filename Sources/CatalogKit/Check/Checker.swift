/// What a rule looks at.
public struct CheckInput: Sendable {
    public var catalog: Catalog
    public var theme: Theme?
}

/// A rule over the loaded model. Each rule reports under stable ids listed in the README.
protocol CatalogRule: Sendable {
    func check(_ input: CheckInput) -> [Diagnostic]
}

/// A rule over the rendered site (links and anchors exist only once pages are rendered).
protocol SiteRule: Sendable {
    func check(_ catalog: Catalog, site: Site, scan: SiteScan) -> [Diagnostic]
}

/// Runs every rule; all problems are reported in one run, not just the first.
public enum Checker {
    static let modelRules: [any CatalogRule] = [
        ComponentReferenceRule(),
        TokenReferenceRule(),
        ReadinessReferenceRule(),
        DemoReferenceRule(),
        ContrastRule(),
        SwitchLabelWordsRule(),
        SwitchMixedRule(),
        RadioOptionCountRule(),
        RadioGroupLabelRule(),
        DemoLabelRule(),
        ToggleButtonStateLabelRule(),
        ControlSymbolsRule(),
        ModelCompletenessRule(),
        UnusedTokenRule(),
    ]

    static let siteRules: [any SiteRule] = [
        LinkRule(),
        SiteLinkRule(),
    ]

    /// The model rules run side by side; each looks at the whole catalog.
    public static func checkModel(_ catalog: Catalog, theme: Theme?) -> [Diagnostic] {
        let input = CheckInput(catalog: catalog, theme: theme)
        return CatalogLoader.parallelMap(modelRules) { $0.check(input) }.flatMap { $0 }
    }

    public static func checkSite(_ catalog: Catalog, site: Site, cache: BuildCache? = nil) -> [Diagnostic] {
        let scan = SiteScan(site: site, cache: cache)
        return siteRules.flatMap { $0.check(catalog, site: site, scan: scan) }
    }
}
