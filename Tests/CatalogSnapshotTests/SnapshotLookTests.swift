import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogPipeline
import CatalogSnapshot
import CatalogTestSupport

/// #54 3: `snapshot` draws each look a reader can get once, and an image's inputs are the values
/// of its own look (two brands × light/dark, Tests/Fixtures/brand-theme).
@Suite("Snapshot looks")
struct SnapshotLookTests {
    static let settings = """

    snapshots:
      widths: [390]
      schemes: [light, dark]
      modes: all
    """

    static func plan(_ replacing: [String: String] = [:]) throws -> SnapshotPlan {
        var files = ["catalog.yaml": BrandThemeCatalog.text("catalog.yaml") + settings]
        for (path, text) in replacing { files[path] = text }
        let result = Fixtures.run(BrandThemeCatalog.tree(files))
        let catalog = try #require(result.catalog, "\(result.diagnostics)")
        let theme = try #require(result.theme)
        return SnapshotPlan(catalog: catalog, theme: theme, browserVersion: "test")
    }

    @Test func schemesTimesModesDrawEachLookOnce() throws {
        let plan = try Self.plan()
        #expect(plan.problems.isEmpty)
        let files = plan.shots.filter { $0.subject == "example “Save”" }.map(\.file)
        // Light and dark (the system's setting, or the dark theme chosen, which turns the site
        // dark), each with either brand: four looks, not 2 schemes × 4 modes.
        #expect(files == ["action/example-save/390-light.png", "action/example-save/390-dark.png",
                          "action/example-save/390-light-brand-sosh.png", "action/example-save/390-dark-brand-sosh.png"], "\(files)")
        let soshDark = try #require(plan.shots.first { $0.file.hasSuffix("390-dark-brand-sosh.png") })
        #expect(soshDark.scheme == "dark" && soshDark.modeAttributes.map(\.value) == ["sosh"], "the system's dark setting picks the theme")
        #expect(soshDark.modeLabel == "theme=dark, brand=sosh")
    }

    @Test func aDarkOnlyChangeChangesTheInputsOfDarkImagesOnly() throws {
        let before = try Self.plan()
        // The dark page's colour: only the dark looks reach it.
        let core = BrandThemeCatalog.text("tokens/core.tokens.json").replacingOccurrences(of: "#0B1220", with: "#1A1A2E")
        let after = try Self.plan(["tokens/core.tokens.json": core])
        let changed = zip(before.shots, after.shots).filter { $0.inputHash != $1.inputHash }.map(\.0.file)
        #expect(changed == ["action/example-save/390-dark.png", "action/example-save/390-dark-brand-sosh.png"], "\(changed)")
    }

    @Test func combinationsWithTheSameValuesAreDrawnOnce() throws {
        // A component that takes no colour from the brand: Sosh looks as Orange does.
        let component = BrandThemeCatalog.text("components/action/component.yaml").replacingOccurrences(of: "action/fill", with: "surface/text")
        let plan = try Self.plan(["components/action/component.yaml": component])
        let shots = plan.shots.filter { $0.subject == "example “Save”" }
        #expect(shots.map(\.file) == ["action/example-save/390-light.png", "action/example-save/390-dark.png"], "\(shots.map(\.file))")
        #expect(shots.map(\.alsoShows) == [["brand=sosh"], ["theme=dark, brand=sosh"]])
        #expect(shots[1].conditions == "390 px, dark, also theme=dark, brand=sosh")
    }
}
