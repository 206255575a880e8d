import CatalogModel

/// What the team's code and its platform screenshots say of one component: worked out once a
/// run, when the site is rendered, and handed to everything that shows it (the page, the readiness
/// dashboard's row, `component.json` and the Markdown twin), so none of them works it out again.
package struct ComponentAnalysis: Sendable, Hashable {
    /// The code report: the implementation per platform, its drift and usage, and what it
    /// measures (C4, C7); nil without `code:` or an `implementation:`.
    package var code: CodeReport?
    /// Per platform, the examples and states with a screenshot (empty without `screenshots:`).
    package var screenshotCoverage: [ScreenshotCoverage.Platform]
    /// C5 measured from that coverage; nil without `screenshots:`.
    package var screenshots: MeasuredReadiness?
    /// The saved Figma file against the component (nil without `figma.files` or `figma:` in component.yaml).
    package var figma: FigmaParity?
    /// C2 and C3 measured from that parity.
    package var figmaMeasured: [MeasuredReadiness]
    /// Each WCAG criterion's result and evidence (nil without `conformance:`).
    package var conformance: ComponentConformance?
    /// The rubric's accessibility criterion measured from it.
    package var conformanceMeasured: MeasuredReadiness?

    /// `theme`: the kinds (contrast pairs, keyboard contracts) and the key audit results are
    /// held to; without it every audit result counts as stale.
    package init(_ component: Component, in catalog: Catalog, theme: LoadedTheme? = nil) {
        code = CodeReport.make(component, code: catalog.code, settings: catalog.settings)
        screenshotCoverage = ScreenshotCoverage.coverage(component, catalog: catalog.shared)
        screenshots = ScreenshotCoverage.measure(screenshotCoverage, rubric: catalog.settings.rubric)
        figma = FigmaParity.compare(component, catalog: catalog.shared)
        figmaMeasured = figma?.measure(rubric: catalog.settings.rubric, variablesSaved: !catalog.shared.figma.variables.isEmpty) ?? []
        conformance = ComponentConformance.evaluate(component, catalog: catalog.shared, theme: theme)
        conformanceMeasured = conformance.flatMap { ConformanceReadiness.measure($0, rubric: catalog.settings.rubric) }
    }

    /// Every criterion measured for the component: from the code, the screenshots and Figma.
    package var measured: [MeasuredReadiness] {
        (code?.measured ?? []) + (screenshots.map { [$0] } ?? []) + figmaMeasured + (conformanceMeasured.map { [$0] } ?? [])
    }
}
