import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogPipeline

/// Platform screenshots (`screenshots:`): the fixture's SwiftUI and Compose folders hold PNGs
/// named `{component}/{example}.{mode}.png`, one in a mode the catalog lacks, one naming no
/// component, one no row, and a file named .png that is not one.
@Suite("Platform screenshots")
struct ScreenshotTests {
    static func run(removingTheBadFile: Bool) throws -> PipelineResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("screenshots"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        if removingTheBadFile { try FileManager.default.removeItem(at: folder.appendingPathComponent("android/toggle/off.png")) }
        return Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path), pages: .kept)
    }

    @Test func everyFileIsMatchedOrSaidWhyNot() throws {
        let result = try Self.run(removingTheBadFile: false)
        let problems = result.diagnostics.filter { $0.rule.area == "screenshots" || $0.rule == .readinessMeasured }
        let text = problems.map(\.description).joined(separator: "\n")
        #expect(problems.contains { $0.rule == .screenshotsNotPng && $0.severity == .error && $0.location.file.hasSuffix("android/toggle/off.png") }, "\(text)")
        #expect(problems.contains { $0.rule == .screenshotsUnmatched && $0.location.file.hasSuffix("android/toggle/on.sepia.png") && $0.message.contains("'sepia'") && $0.message.contains("dark, light") }, "\(text)")
        #expect(problems.contains { $0.rule == .screenshotsUnmatched && $0.location.file.hasSuffix("ios/radio/on.png") && $0.message.contains("names no component") }, "\(text)")
        #expect(problems.contains { $0.rule == .screenshotsUnmatched && $0.location.file.hasSuffix("ios/toggle/pressed.png") && $0.message.contains("its rows are on, off, selected, disabled") }, "\(text)")
        // C5 declared ready, but Compose has 2 of 4 rows.
        #expect(problems.contains { $0.rule == .readinessMeasured && $0.location.line == 8 && $0.message.contains("SwiftUI 4 of 4") && $0.message.contains("Compose 1 of 4") == false && $0.message.contains("Compose 2 of 4") }, "\(text)")
        #expect(!result.succeeded, "a file that is not a PNG fails the build")
    }

    @Test func theGridShowsEachRowPerPlatformAndModeWithItsImagesHashed() throws {
        let result = try Self.run(removingTheBadFile: true)
        #expect(result.succeeded, "\(result.diagnostics.filter { $0.severity == .error })")
        let site = try #require(result.site)
        let page = try #require(site.text("components/toggle/index.html"))
        // Published under content hashes, with alt text from the row and the platform.
        let images = site.files.keys.filter { $0.hasPrefix("assets/screenshots/toggle/") }.sorted()
        #expect(images.count == 7, "\(images)")
        #expect(images.allSatisfy { VersionContext.isShared($0) })
        let on = try #require(images.first { $0.hasPrefix("assets/screenshots/toggle/swiftui/toggle/on.") && !$0.contains("dark") })
        #expect(page.contains("<img class=\"screenshot-grid__image\" src=\"../../\(on)\" alt=\"Toggle, On, on SwiftUI\""))
        #expect(page.contains("alt=\"Toggle, On, on SwiftUI, dark\""))
        // Missing cells in words; one table per mode, the default one with the live demos.
        #expect(page.contains("No Compose screenshot yet") && page.contains("No Compose screenshot in dark yet"))
        #expect(page.contains("data-screenshot-mode=\"\"") && page.contains("data-screenshot-mode=\"dark\""))
        #expect(page.contains("<caption>In the default mode</caption>") && page.contains("<caption>In dark</caption>"))
        #expect(page.contains("id=\"toggle-sh1\"") && page.contains("Coverage: SwiftUI 4 of 4, Compose 2 of 4."))
    }
}
