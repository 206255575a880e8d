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

    package init(_ component: Component, in catalog: Catalog) {
        code = CodeReport.make(component, code: catalog.code, settings: catalog.settings)
        screenshotCoverage = ScreenshotCoverage.coverage(component, catalog: catalog.shared)
        screenshots = ScreenshotCoverage.measure(screenshotCoverage, rubric: catalog.settings.rubric)
        figma = FigmaParity.compare(component, catalog: catalog.shared)
        figmaMeasured = figma?.measure(rubric: catalog.settings.rubric, variablesSaved: !catalog.shared.figma.variables.isEmpty) ?? []
    }

    /// Every criterion measured for the component: from the code, the screenshots and Figma.
    package var measured: [MeasuredReadiness] {
        (code?.measured ?? []) + (screenshots.map { [$0] } ?? []) + figmaMeasured
    }
}
