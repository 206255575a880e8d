import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogPipeline
import CatalogTestSupport
#if canImport(Glibc)
import Glibc
#endif

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
        #expect(page.contains("<div class=\"screenshot-grid__shot\" data-shot-mode=\"light\"><img class=\"screenshot-grid__image\" src=\"../../\(on)\" alt=\"Toggle, On, on SwiftUI, light\""))
        // Each cell holds every mode's image, the default one shown (the script shows the one
        // of the mode the page shows), and a note for a mode no image shows.
        #expect(page.contains("<div class=\"screenshot-grid__shot\" data-shot-mode=\"dark\" hidden><img class=\"screenshot-grid__image\" src=\"../../assets/screenshots/toggle/swiftui/toggle/on.dark."))
        #expect(page.contains("alt=\"Toggle, On, on SwiftUI, dark\""))
        #expect(page.contains("No Compose screenshot in light yet") && page.contains("No Compose screenshot in dark yet"))
        #expect(page.contains("<div class=\"screenshot-grid__shot\" data-shot-missing hidden><span class=\"screenshot-grid__missing\">No Compose screenshot in these modes yet</span></div>"))
        // One table, its caption naming the mode shown, beside the live demos.
        #expect(page.components(separatedBy: "data-screenshot-grid").count == 2)
        #expect(page.contains("<caption id=\"screenshots-caption\">Screenshots in <span data-screenshot-label>light</span></caption>"))
        #expect(page.contains("id=\"toggle-sh1\"") && page.contains("Coverage: SwiftUI 4 of 4, Compose 2 of 4."))
    }

    /// #55 4: C5 measured as real snapshot suites are. One image may show several rows
    /// (`selected+disabled`) or every state (`states`, the gallery word); a state `n/a` on a
    /// platform is not counted there, and a platform on which every state is `n/a` is left out;
    /// the measured value and its evidence are on the Status scorecard and the dashboard.
    @Test func anImageOfSeveralStatesAndNAPlatformsAreCountedAsTheyAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("screenshots"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.removeItem(at: folder.appendingPathComponent("android/toggle/off.png"))
        // Compose: one image of both states (the gallery), so 3 of 4 rows with on.png.
        try manager.removeItem(at: folder.appendingPathComponent("android/toggle/selected.png"))
        try manager.copyItem(at: folder.appendingPathComponent("ios/toggle/selected.png"), to: folder.appendingPathComponent("android/toggle/states.png"))
        // SwiftUI: Selected and Disabled in one image instead of two.
        try manager.removeItem(at: folder.appendingPathComponent("ios/toggle/disabled.png"))
        try manager.moveItem(at: folder.appendingPathComponent("ios/toggle/selected.png"), to: folder.appendingPathComponent("ios/toggle/selected+disabled.png"))
        try manager.removeItem(at: folder.appendingPathComponent("ios/toggle/pressed.png"))
        try manager.removeItem(at: folder.appendingPathComponent("ios/radio"))
        try manager.removeItem(at: folder.appendingPathComponent("android/toggle/on.sepia.png"))
        let model = folder.appendingPathComponent("catalog/components/toggle/component.yaml")
        var text = try String(contentsOf: model, encoding: .utf8)
        text = text.replacingOccurrences(of: "C5: ready", with: "C5: ready\n  C4: ready")
        try Data(text.utf8).write(to: model)
        var result = Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path), pages: .kept)
        var problems = result.diagnostics.filter { $0.rule.area == "screenshots" || $0.rule == .readinessMeasured }
        // Only the declared C5 the evidence contradicts (Compose lacks Off).
        #expect(problems.map(\.rule) == [.readinessMeasured] && problems[0].message.contains("Compose 3 of 4"), "\(problems.map(\.description))")
        var site = try #require(result.site)
        var page = try #require(site.text("components/toggle/index.html"))
        #expect(page.contains("Coverage: SwiftUI 4 of 4, Compose 3 of 4."), "\(page)")
        #expect(page.contains("alt=\"Toggle, Selected and Disabled, on SwiftUI, light\""))
        #expect(page.contains("In the SwiftUI image of “Selected” above, which shows Selected and Disabled"))
        // The measured C5 and its evidence on the scorecard and the dashboard.
        #expect(page.contains("From screenshots: SwiftUI 4 of 4 examples and states, Compose 3 of 4 examples and states"), "the scorecard shows the evidence and where it comes from")
        let dashboard = try #require(site.text("readiness/index.html"))
        #expect(dashboard.contains("SwiftUI 4 of 4 examples and states") && dashboard.contains("Screenshots:</span>"), "the dashboard shows the evidence")
        // Disabled is n/a on Android: Compose 3 of 3; every state n/a there: Compose is left out.
        text = text.replacingOccurrences(of: "  - name: Disabled\n", with: "  - name: Disabled\n    support: { android: n/a }\n")
        try Data(text.utf8).write(to: model)
        result = Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path), pages: .kept)
        site = try #require(result.site)
        page = try #require(site.text("components/toggle/index.html"))
        #expect(page.contains("Coverage: SwiftUI 4 of 4, Compose 2 of 3."), "\(page)")
        #expect(page.contains("Not made on Compose (n/a)"))
        text = text.replacingOccurrences(of: "  - name: Selected\n", with: "  - name: Selected\n    support: { compose: n/a }\n")
        try Data(text.utf8).write(to: model)
        result = Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path), pages: .kept)
        problems = result.diagnostics.filter { $0.rule.area == "screenshots" || $0.rule == .readinessMeasured }
        site = try #require(result.site)
        page = try #require(site.text("components/toggle/index.html"))
        #expect(page.contains("Coverage: SwiftUI 4 of 4.") && problems.isEmpty, "\(problems.map(\.description))")
    }

    /// #52 14: file names a URL does not keep (`#`, `?`, a quote, a space) are published and
    /// linked percent-encoded; an image claiming 16,384 × 16,384 pixels is not published; a
    /// name that is not UTF-8 and a link out of the repository are said, never passed over.
    @Test func awkwardNamesHugeImagesAndUnreadableNamesAreHandled() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("screenshots"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("android/toggle/off.png"))
        let odd = "run #1? it's done"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ios/\(odd)/toggle"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("ios/toggle/on.png"), to: folder.appendingPathComponent("ios/\(odd)/toggle/on.png"))
        let settings = folder.appendingPathComponent("catalog/catalog.yaml")
        try Data(try String(contentsOf: settings, encoding: .utf8).replacingOccurrences(of: "name: \"{component}/", with: "name: \"\(odd)/{component}/").utf8).write(to: settings)
        // A huge claim: a real PNG header saying 16,384 × 16,384.
        var huge = [UInt8](FileManager.default.contents(atPath: folder.appendingPathComponent("ios/toggle/off.png").path)!)
        for offset in [16, 20] { huge.replaceSubrange(offset..<(offset + 4), with: [0, 0, 0x40, 0]) }
        try Data(huge).write(to: folder.appendingPathComponent("ios/toggle/selected.png"))
        // A name that is not UTF-8, and a link out of the project.
        let raw = Array(folder.appendingPathComponent("ios/toggle/").path.utf8) + [0x66, 0xFF, 0x2E, 0x70, 0x6E, 0x67, 0]
        let descriptor = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(symlink("/etc/hostname", folder.appendingPathComponent("ios/toggle/outside.png").path) == 0)
        let result = Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path), pages: .kept)
        let text = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(!result.diagnostics.contains { $0.rule == .linkBroken }, "\(text)")
        #expect(result.diagnostics.contains { $0.rule == .screenshotsUnmatched && $0.message.contains("16384 × 16384") }, "\(text)")
        #expect(result.diagnostics.contains { $0.rule == .screenshotsFolder && $0.message.contains("UTF-8") }, "\(text)")
        #expect(result.diagnostics.contains { $0.rule == .screenshotsFolder && $0.message.contains("outside.png") && $0.message.contains("not followed") }, "\(text)")
        let site = try #require(result.site)
        #expect(!site.allPaths.contains { $0.contains("selected.") && $0.hasPrefix("assets/screenshots/toggle/swiftui/") })
        let published = try #require(site.allPaths.first { $0.contains(odd) })
        let page = try #require(site.text("components/toggle/index.html"))
        #expect(page.contains("src=\"../../" + LinkResolver.encodedPath(published) + "\""), "\(published)")
        #expect(LinkResolver.encodedPath(published).contains("run%20%231%3F%20it%27s%20done"))
    }
}
