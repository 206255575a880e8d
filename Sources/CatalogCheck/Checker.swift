import CatalogCore
import CatalogSource
import CatalogLoad
import CatalogModel
/// What a rule looks at.
public struct CheckInput: Sendable {
    public var catalog: Catalog
    public var theme: LoadedTheme?
    /// The slugs of the components in this build.
    public var slugs: Set<String>
    /// Per component, the token references its appearances write (normalized): what the
    /// catalog-wide rules read of the components.
    package var tokenReferences: [[String]] = []

    /// The contract of the component's demo kind, when the theme declares it.
    package func kind(of component: Component) -> DemoKind? {
        component.demo.flatMap { theme?.kinds[$0.kind.value] }
    }
}

/// A rule over one component of the loaded model (most rules). Each rule reports under stable
/// ids listed in the README.
package protocol ComponentRule: Sendable {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic]
}

/// A rule that needs the whole catalog at once.
package protocol CatalogRule: Sendable {
    func check(_ input: CheckInput) -> [Diagnostic]
}

/// Runs every rule; all problems are reported in one run, not just the first.
public enum Checker {
    package static let componentRules: [any ComponentRule] = [
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

    package static let catalogRules: [any CatalogRule] = [
        UnusedTokenRule(),
        ThemeTokenRule(),
        GuideDemoRule(),
        GuideControlCharacterRule(),
        BrandRule(),
        CodeSourceRule(),
    ]

    /// Components are checked in parallel, each a piece of work whose input is the component
    /// (by its `inputKey`) and everything else a rule may read: the whole catalog but the other
    /// components' contents (`Catalog.keyBesideComponents`), their slugs, and the theme.
    public static func checkModel(_ catalog: Catalog, theme: LoadedTheme?) -> [Diagnostic] {
        checkModel(catalog, theme: theme, steps: Steps(memo: nil))
    }

    /// What a component's rules read besides the component.
    package struct Context: Hashable, Sendable {
        package var catalog: UInt64
        package var theme: UInt64
        package var slugs: [String]

        package init(catalog: UInt64, theme: UInt64, slugs: [String]) {
            self.catalog = catalog
            self.theme = theme
            self.slugs = slugs
        }
    }

    package struct CatalogFindings: Hashable, Sendable {
        package var context: Context
        package var tokenReferences: [[String]]
    }

    package struct ComponentFindings: Hashable, Sendable {
        package var context: Context
        package var slug: String
        package var component: UInt64
    }

    package static func checkModel(_ catalog: Catalog, theme: LoadedTheme?, steps: Steps) -> [Diagnostic] {
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
}
