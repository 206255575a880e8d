import CatalogCore
import CatalogLoad
import CatalogModel
/// What a rule looks at: the catalog beside its components (a component rule gets its component
/// apart), the theme, and for the catalog-wide rules the token references each component writes.
public struct CheckInput: Sendable, Hashable {
    public var catalog: Catalog.Shared
    public var theme: LoadedTheme?
    /// Per component, the token references its appearances write (normalized): what the
    /// catalog-wide rules read of the components (empty for a component rule).
    package var tokenReferences: [[String]] = []
    /// Slug → the titles of its demo examples (what a guide's ```` ```demo ```` fence may name;
    /// empty for a component rule).
    package var exampleTitles: [String: [String]] = [:]
    /// The slugs of the components in this build (`catalog.slugs`, as a set once).
    public let slugs: Set<String>

    package init(catalog: Catalog.Shared, theme: LoadedTheme?) {
        self.catalog = catalog
        self.theme = theme
        slugs = Set(catalog.slugs)
    }

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
        HistoryRule(),
        WebExampleRule(),
        ScreenshotCoverageRule(),
        FigmaComponentRule(),
        ConformanceCriterionRule(),
        ConformanceStaleRule(),
        ConformanceEvidenceRule(),
    ]

    package static let catalogRules: [any CatalogRule] = [
        UnusedTokenRule(),
        ThemeTokenRule(),
        GuideDemoRule(),
        GuideControlCharacterRule(),
        BrandRule(),
        CodeSourceRule(),
        WebFilesRule(),
        ScreenshotFilesRule(),
        FigmaFilesRule(),
        FigmaTokenRule(),
        ConformanceFilesRule(),
    ]

    /// Components are checked in parallel, each a step whose input is the component and what its
    /// rules may read (`CheckInput`: the catalog beside its components, and the theme).
    public static func checkModel(_ catalog: Catalog, theme: LoadedTheme?) -> [Diagnostic] {
        checkModel(catalog, theme: theme, steps: Steps(memo: nil))
    }

    /// One component's findings.
    package enum ComponentFindingsStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            /// Shared by every component: compared by a hash of itself, once.
            var context: Hashed<CheckInput>
        }

        package static func run(_ input: Input) -> [Diagnostic] {
            componentRules.flatMap { $0.check(input.component, in: input.context.value) }
        }
    }

    /// The token references one component's appearances write.
    package enum TokenReferencesStep: Step {
        package static func run(_ component: Component) -> [String] { UnusedTokenRule.references(component) }
    }

    /// The catalog-wide findings.
    package enum CatalogFindingsStep: Step {
        package static func run(_ input: CheckInput) -> [Diagnostic] {
            catalogRules.flatMap { $0.check(input) }
        }
    }

    package static func checkModel(_ catalog: Catalog, theme: LoadedTheme?, steps: Steps) -> [Diagnostic] {
        let context = CheckInput(catalog: catalog.shared, theme: theme)
        let shared = Hashed(context)
        let findings = steps.run(ComponentFindingsStep.self, catalog.components.map { (id: $0.slug, input: .init(component: $0, context: shared)) })
        // The catalog-wide rules read the catalog beside its components, the theme, and of each
        // component the token references it writes.
        var catalogInput = context
        catalogInput.tokenReferences = steps.run(TokenReferencesStep.self, catalog.components.map { (id: $0.slug, input: $0) })
        for component in catalog.components {
            catalogInput.exampleTitles[component.slug] = (component.demo?.examples ?? []).compactMap { $0.title?.value } + component.webExamples.map(\.title.value)
        }
        return findings.flatMap { $0 } + steps.run(CatalogFindingsStep.self, catalogInput)
    }
}
