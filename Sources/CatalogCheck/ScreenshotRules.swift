import CatalogCore
import CatalogModel

/// `screenshots:`: each platform's folder exists; each `.png` in it is a PNG image and names a
/// component, one of its examples or states, and a token mode (`screenshots.name`).
package struct ScreenshotFilesRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        guard let settings = input.catalog.settings.screenshots else { return [] }
        var diagnostics: [Diagnostic] = []
        let read = input.catalog.screenshotFiles
        for (platform, folder) in settings.folders where read.folders.first(where: { $0.platform == platform })?.missing ?? true {
            diagnostics.append(.error(.screenshotsFolder, "screenshots.\(platform) names \(folder.value), which is not a folder (relative to the catalog folder); give the folder the \(PlatformName.display(platform)) snapshot tests write their images to", at: folder.location))
        }
        for skipped in read.skipped {
            diagnostics.append(.warning(.screenshotsFolder, "the screenshot \(skipped)", at: settings.location ?? input.catalog.settings.location))
        }
        for file in input.catalog.screenshots.notPNG {
            diagnostics.append(.error(.screenshotsNotPng, "\(file) is named .png but is not a PNG image; re-record it, or remove it from the screenshots folder", at: SourceLocation(file: file)))
        }
        for (file, reason) in input.catalog.screenshots.unmatched {
            diagnostics.append(.warning(.screenshotsUnmatched, "the screenshot \(file) \(reason), so it is not shown; rename it, or change screenshots.name", at: SourceLocation(file: file)))
        }
        return diagnostics
    }
}

/// Readiness C5 (Interaction State Coverage) measured from the screenshots: on each platform,
/// the examples and states that have one. A declared status the evidence contradicts is a
/// `readiness.measured` warning at it.
package struct ScreenshotCoverageRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let measured = ScreenshotCoverage.measure(component, catalog: input.catalog) else { return [] }
        let rubric = input.catalog.settings.rubric
        guard let entry = component.readiness.first(where: { $0.criterion.value == measured.criterion }),
              let declared = rubric.status(entry.status.value), measured.differs(from: declared) else { return [] }
        return [.warning(.readinessMeasured, "\(measured.criterion) is declared \(declared.label), but the screenshots measure \(measured.status.label): \(measured.evidence); update the readiness entry or record the missing screenshots", at: entry.status.location)]
    }
}

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
