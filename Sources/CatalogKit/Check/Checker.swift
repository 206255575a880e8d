/// What a rule looks at.
public struct CheckInput: Sendable {
    public var catalog: Catalog
    public var theme: Theme?
    /// The slugs of the components in this build.
    public var slugs: Set<String>

    /// The contract of the component's demo kind, when the theme declares it.
    func kind(of component: Component) -> DemoKind? {
        component.demo.flatMap { theme?.kinds[$0.kind.value] }
    }
}

/// A rule over one component of the loaded model (most rules). Each rule reports under stable
/// ids listed in the README.
protocol ComponentRule: Sendable {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic]
}

/// A rule that needs the whole catalog at once.
protocol CatalogRule: Sendable {
    func check(_ input: CheckInput) -> [Diagnostic]
}

/// A rule over the rendered site (links and anchors exist only once pages are rendered).
protocol SiteRule: Sendable {
    func check(_ catalog: Catalog, site: Site, scan: SiteScan, cache: BuildCache?) -> [Diagnostic]
}

/// Runs every rule; all problems are reported in one run, not just the first.
public enum Checker {
    static let componentRules: [any ComponentRule] = [
        ComponentReferenceRule(),
        TokenReferenceRule(),
        ReadinessReferenceRule(),
        DemoContractRule(),
        ProseDemoRule(),
        GroupReferenceRule(),
        ContrastRule(),
        SwitchLabelWordsRule(),
        RadioOptionCountRule(),
        ToggleButtonStateLabelRule(),
        ControlSymbolsRule(),
        ModelCompletenessRule(),
    ]

    static let catalogRules: [any CatalogRule] = [
        UnusedTokenRule(),
        GuideDemoRule(),
    ]

    static let siteRules: [any SiteRule] = [
        LinkRule(),
        SiteLinkRule(),
    ]

    /// Components are checked in parallel; with a build cache, a component keeps its findings
    /// while it and everything else a rule may read are unchanged: the whole catalog but the
    /// other components' contents (`Catalog.keyBesideComponents`), their slugs, and the theme.
    public static func checkModel(_ catalog: Catalog, theme: Theme?, cache: BuildCache? = nil) -> [Diagnostic] {
        let input = CheckInput(catalog: catalog, theme: theme, slugs: Set(catalog.components.map(\.slug)))
        var context = StableHash.Combiner()
        context.add(catalog.keyBesideComponents)
        context.add(theme?.contentKey ?? 0)
        for slug in input.slugs.sorted() { context.add(slug) }
        let keys = catalog.components.indices.map { index -> UInt64 in
            var key = context
            key.add(catalog.components[index].inputKey)
            return key.value
        }
        var findings: [[Diagnostic]?] = catalog.components.indices.map { index in
            guard let entry = cache?.findings[catalog.components[index].slug], entry.key == keys[index] else { return nil }
            return entry.value
        }
        let stale = findings.indices.filter { findings[$0] == nil }
        let checked = CatalogLoader.parallelMap(stale) { index in
            componentRules.flatMap { $0.check(catalog.components[index], in: input) }
        }
        for (index, result) in zip(stale, checked) {
            findings[index] = result
            cache?.findings[catalog.components[index].slug] = BuildCache.Entry(key: keys[index], value: result)
        }
        if let cache { cache.findings.keepOnly { input.slugs.contains($0) } }
        // The catalog-wide rules read the whole catalog and the theme.
        var catalogKey = context
        for index in catalog.components.indices { catalogKey.add(catalog.components[index].inputKey) }
        let catalogFindings: [Diagnostic]
        if let entry = cache?.catalogFindings, entry.key == catalogKey.value {
            catalogFindings = entry.value
        } else {
            catalogFindings = catalogRules.flatMap { $0.check(input) }
            cache?.catalogFindings = BuildCache.Entry(key: catalogKey.value, value: catalogFindings)
        }
        return findings.flatMap { $0 ?? [] } + catalogFindings
    }

    public static func checkSite(_ catalog: Catalog, site: Site, cache: BuildCache? = nil) -> [Diagnostic] {
        let scan = SiteScan(site: site, cache: cache)
        return siteRules.flatMap { $0.check(catalog, site: site, scan: scan, cache: cache) }
    }
}
