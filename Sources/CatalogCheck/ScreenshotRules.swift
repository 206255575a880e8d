import CatalogCore
import CatalogModel
import CatalogAnalysis

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
