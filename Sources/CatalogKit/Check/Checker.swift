/// What a rule looks at.
public struct CheckInput: Sendable {
    public var catalog: Catalog
    public var theme: Theme?
    /// The slugs of the components in this build.
    public var slugs: Set<String>
    /// Per component, the token references its appearances write (normalized): what the
    /// catalog-wide rules read of the components.
    var tokenReferences: [[String]] = []

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
    func check(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic]
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
        ControlCharacterRule(),
        CodeDriftRule(),
    ]

    static let catalogRules: [any CatalogRule] = [
        UnusedTokenRule(),
        ThemeTokenRule(),
        GuideDemoRule(),
        GuideControlCharacterRule(),
        BrandRule(),
        CodeSourceRule(),
    ]

    static let siteRules: [any SiteRule] = [
        LinkRule(),
        SiteLinkRule(),
    ]

    /// Components are checked in parallel, each a piece of work whose input is the component
    /// (by its `inputKey`) and everything else a rule may read: the whole catalog but the other
    /// components' contents (`Catalog.keyBesideComponents`), their slugs, and the theme.
    public static func checkModel(_ catalog: Catalog, theme: Theme?) -> [Diagnostic] {
        checkModel(catalog, theme: theme, steps: Steps(memo: nil))
    }

    /// What a component's rules read besides the component.
    struct Context: Hashable, Sendable {
        var catalog: UInt64
        var theme: UInt64
        var slugs: [String]
    }

    struct CatalogFindings: Hashable, Sendable {
        var context: Context
        var tokenReferences: [[String]]
    }

    struct ComponentFindings: Hashable, Sendable {
        var context: Context
        var slug: String
        var component: UInt64
    }

    static func checkModel(_ catalog: Catalog, theme: Theme?, steps: Steps) -> [Diagnostic] {
        let input = CheckInput(catalog: catalog, theme: theme, slugs: Set(catalog.components.map(\.slug)))
        let context = Context(catalog: catalog.keyBesideComponents, theme: theme?.contentKey ?? 0, slugs: input.slugs.sorted())
        let findings = steps.run("findings", catalog.components.indices.map { index in
            let component = catalog.components[index]
            return Work(id: component.slug, input: ComponentFindings(context: context, slug: component.slug, component: component.inputKey)) { _ in
                componentRules.flatMap { $0.check(catalog.components[index], in: input) }
            }
        })
        // The catalog-wide rules read the catalog beside its components, the theme, and of each
        // component the token references it writes.
        var catalogInput = input
        catalogInput.tokenReferences = steps.perComponent("token references", catalog.components, UnusedTokenRule.references)
        let catalogRuleInput = catalogInput
        let catalogFindings = steps.one("catalog findings", CatalogFindings(context: context, tokenReferences: catalogRuleInput.tokenReferences)) { _ in
            catalogRules.flatMap { $0.check(catalogRuleInput) }
        }
        return findings.flatMap { $0 } + catalogFindings
    }

    public static func checkSite(_ catalog: Catalog, site: Site) -> [Diagnostic] {
        checkSite(catalog, site: site, steps: Steps(memo: nil))
    }

    static func checkSite(_ catalog: Catalog, site: Site, steps: Steps) -> [Diagnostic] {
        let scan = SiteScan(site: site, steps: steps)
        return siteRules.flatMap { $0.check(catalog, site: site, scan: scan, steps: steps) }
    }
}
