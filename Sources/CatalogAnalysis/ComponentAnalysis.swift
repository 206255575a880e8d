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

    package init(_ component: Component, in catalog: Catalog) {
        code = CodeReport.make(component, code: catalog.code, settings: catalog.settings)
        screenshotCoverage = ScreenshotCoverage.coverage(component, catalog: catalog.shared)
        screenshots = ScreenshotCoverage.measure(screenshotCoverage, rubric: catalog.settings.rubric)
    }
}
