import CatalogCore
import CatalogModel

/// What the screenshots say of a component's C5.
package enum ScreenshotCoverage {
    package static let criterion = (id: "C5", name: "Interaction State Coverage")

    /// Per platform, the rows (examples and states) with a screenshot in any mode (an image of
    /// several rows counts for each), of the rows the platform has: a state `n/a` there is not
    /// counted, and a platform on which every state is `n/a` is left out.
    package static func coverage(_ component: Component, catalog: Catalog.Shared) -> [(platform: String, covered: Int, rows: Int)] {
        guard let settings = catalog.settings.screenshots else { return [] }
        let rows = ScreenshotIndex.rows(of: component)
        let shots = catalog.screenshots.shots[component.slug] ?? [:]
        return settings.platforms.compactMap { platform in
            guard !ScreenshotIndex.notMade(component, on: platform) else { return nil }
            let counted = rows.filter { !ScreenshotIndex.notApplicable($0, on: platform, in: component) }
            return (platform, counted.filter { row in (shots[row.key] ?? []).contains { $0.platform == platform } }.count, counted.count)
        }
    }

    package static func measure(_ component: Component, catalog: Catalog.Shared) -> MeasuredReadiness? {
        let rubric = catalog.settings.rubric
        let coverage = coverage(component, catalog: catalog)
        guard !coverage.isEmpty, coverage.contains(where: { $0.rows > 0 }),
              let criterion = CodeReadiness.criterion(criterion, in: rubric) else { return nil }
        let complete = coverage.allSatisfy { $0.covered == $0.rows }
        guard let status = CodeReadiness.status(complete ? .positive : .negative, in: rubric) else { return nil }
        let evidence = coverage.map { "\(PlatformName.display($0.platform)) \($0.covered) of \($0.rows) examples and states" }.joined(separator: ", ")
        return MeasuredReadiness(criterion: criterion.id, status: status, evidence: evidence, source: "Screenshots")
    }
}
