import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogRender
import CatalogTestSupport

/// Every combination of the resolver's modifiers is a mode: what the site paints in Sosh-dark is
/// Sosh-dark's, not what the Sosh rule and the dark rule give together.
@Suite("Token modes: combinations")
struct ModeCombinationTests {
    @Test func aCombinationSetsWhatItsContextsRulesGetWrongTogether() throws {
        let result = Fixtures.run(BrandThemeCatalog.tree())
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let site = try #require(result.site)
        let css = try #require(site.text("tokens.css"))
        // Only the pair gives surface.raised the light value (Sosh comes after the theme).
        #expect(css.contains(#":root[data-theme="dark"][data-brand="sosh"] { --surface-raised: #F4F4F4; }"#), "\(css)")
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root:not([data-theme])[data-brand=\"sosh\"] { --surface-raised: #F4F4F4; }\n}"), "\(css)")
        // The fill's alias follows both rules through var(), so no combination repeats it.
        #expect(!css.contains(#"[data-brand="sosh"] { --action-fill"#))

        // The button's text on the Sosh-dark fill (#8FD3FA) is black; white everywhere else.
        let roles = try #require(site.allPaths.first { $0.hasPrefix("assets/roles.") })
        let stylesheet = try #require(site.text(roles))
        #expect(stylesheet.contains(".demo-roles { --demo-fill: var(--action-fill); --demo-fill-contrast: #FFFFFF; }"), "\(stylesheet)")
        #expect(stylesheet.contains(#":root[data-theme="dark"][data-brand="sosh"] .demo-roles { --demo-fill-contrast: #000000; }"#), "\(stylesheet)")
        #expect(!stylesheet.contains(#":root[data-brand="sosh"] .demo-roles {"#), "Sosh alone keeps white text")
    }

    @Test func theRatioShownForTextOnAFillIsMeasuredInEveryCombination() throws {
        let result = Fixtures.run(BrandThemeCatalog.tree())
        let page = try #require(result.site?.text("components/action/index.html"))
        #expect(page.contains("black or white text on Fill, in theme=dark, brand=sosh"), "the Sosh-dark row")
        let data = try #require(result.site?.text("components.json"))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let contrast = ((rows["components"] as? [[String: Any]])?.first?["contrast"] as? [[String: Any]]) ?? []
        let soshDark = contrast.first { $0["mode"] as? String == "theme=dark, brand=sosh" && ($0["pair"] as? String)?.hasPrefix("black or white") == true }
        #expect(soshDark?["foreground"] as? String == "#000000" && soshDark?["background"] as? String == "#8FD3FA", "\(contrast)")
        #expect((soshDark?["ratio"] as? Double ?? 0) > 12, "black on #8FD3FA, not white's 1.63:1")
    }
}
