import CatalogCore
import CatalogModel

/// What the screenshots say of a component's C5.
package enum ScreenshotCoverage {
    package static let criterion = (id: "C5", name: "Interaction State Coverage")

    /// One platform's coverage: the rows with a screenshot, of the rows it has.
    package struct Platform: Sendable, Hashable {
        package var platform: String
        package var covered: Int
        package var rows: Int
    }

    /// Per platform, the rows (examples and states) with a screenshot in any mode (an image of
    /// several rows counts for each), of the rows the platform has: a state `n/a` there is not
    /// counted, and a platform on which every state is `n/a` is left out.
    package static func coverage(_ component: Component, catalog: Catalog.Shared) -> [Platform] {
        guard let settings = catalog.settings.screenshots else { return [] }
        let rows = ScreenshotIndex.rows(of: component)
        let shots = catalog.screenshots.shots[component.slug] ?? [:]
        return settings.platforms.compactMap { platform in
            guard !ScreenshotIndex.notMade(component, on: platform) else { return nil }
            let counted = rows.filter { !ScreenshotIndex.notApplicable($0, on: platform, in: component) }
            return Platform(platform: platform, covered: counted.filter { row in (shots[row.key] ?? []).contains { $0.platform == platform } }.count, rows: counted.count)
        }
    }

    package static func measure(_ component: Component, catalog: Catalog.Shared) -> MeasuredReadiness? {
        measure(coverage(component, catalog: catalog), rubric: catalog.settings.rubric)
    }

    /// C5 from a coverage already worked out.
    package static func measure(_ coverage: [Platform], rubric: ReadinessRubric) -> MeasuredReadiness? {
        guard !coverage.isEmpty, coverage.contains(where: { $0.rows > 0 }),
              let criterion = CodeReadiness.criterion(criterion, in: rubric) else { return nil }
        let complete = coverage.allSatisfy { $0.covered == $0.rows }
        guard let status = CodeReadiness.status(complete ? .positive : .negative, in: rubric) else { return nil }
        let evidence = coverage.map { "\(PlatformName.display($0.platform)) \($0.covered) of \($0.rows) examples and states" }.joined(separator: ", ")
        return MeasuredReadiness(criterion: criterion.id, status: status, evidence: evidence, source: "Screenshots")
    }
}
