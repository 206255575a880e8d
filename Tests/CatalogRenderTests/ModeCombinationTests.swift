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
        #expect(page.contains("Black or white text on Fill, in theme=dark, brand=sosh"), "the Sosh-dark row")
        let data = try #require(result.site?.text("components/action/component.json"))
        let action = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let contrast = (action["contrast"] as? [[String: Any]]) ?? []
        let soshDark = contrast.first { $0["mode"] as? String == "theme=dark, brand=sosh" && ($0["pair"] as? String)?.hasPrefix("Black or white") == true }
        #expect(soshDark?["foreground"] as? String == "#000000" && soshDark?["background"] as? String == "#8FD3FA", "\(contrast)")
        #expect((soshDark?["ratio"] as? Double ?? 0) > 12, "black on #8FD3FA, not white's 1.63:1")
    }
}

/// The exports hold every combination: a JSON file each, and a Swift and a Kotlin function per
/// token with one parameter per modifier it varies by.
@Suite("Token modes: combined exports")
struct ModeCombinationExportTests {
    @Test func everyCombinationHasItsJSONFile() throws {
        let site = try #require(Fixtures.run(BrandThemeCatalog.tree()).site)
        let files = ["tokens.theme-dark.json", "tokens.brand-sosh.json", "tokens.theme-dark.brand-sosh.json"]
        for file in files { #expect(site.text(file) != nil, "\(file)") }
        let pair = try #require(site.text("tokens.theme-dark.brand-sosh.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(pair.utf8)) as? [String: Any])
        #expect(((object["action"] as? [String: Any])?["fill"] as? [String: Any])?["$value"] as? String == "#8FD3FA", "Sosh-dark's fill: \(pair)")
        #expect(((object["surface"] as? [String: Any])?["raised"] as? [String: Any])?["$value"] as? String == "#F4F4F4")
        let page = try #require(site.text("tokens/index.html"))
        #expect(page.contains("tokens.theme-dark.brand-sosh.json"), "the tokens page lists it")
    }

    @Test func swiftTakesOneParameterPerModifierAndCompiles() throws {
        let site = try #require(Fixtures.run(BrandThemeCatalog.tree()).site)
        let swift = try #require(site.text("Tokens.swift"))
        #expect(swift.contains("public enum CatalogBrand: String, CaseIterable, Sendable {"))
        #expect(swift.contains("    static func actionFill(theme: CatalogTheme = .light, brand: CatalogBrand = .orange) -> Color {"), "\(swift)")
        #expect(swift.contains("        case (.dark, .sosh): return Color(.sRGB, red: 0.5608, green: 0.8275, blue: 0.9804, opacity: 1.0)"), "Sosh-dark's fill: \(swift)")
        #expect(swift.contains("        case (.light, .sosh): return Color(.sRGB, red: 0.0, green: 0.3137, blue: 0.6275, opacity: 1.0)"))
        #expect(swift.contains("    static func surfacePage(theme: CatalogTheme = .light) -> Color {"), "the page varies by theme alone: \(swift)")
        #expect(swift.contains("    public static func surfaceRaised(theme: CatalogTheme = .light, brand: CatalogBrand = .orange) -> Color {"))
        #expect(swift.contains("        case (.light, .orange), (.light, .sosh), (.dark, .sosh): return Color(.sRGB, red: 0.9569, green: 0.9569, blue: 0.9569, opacity: 1.0)"), "one case for the combinations of one value")
        #expect(!swift.contains("func paletteWhite("), "a colour that never varies gets no function")
        try NativeTokenExportTests.typecheck(swift + """

        // The functions answer every combination, and a call naming one modifier keeps the other's default.
        let soshDark: Color = Color.actionFill(theme: .dark, brand: .sosh)
        let orangeDark: Color = Color.actionFill(theme: .dark)
        let raised: Color = CatalogTokens.surfaceRaised(brand: .sosh)

        """)
    }

    @Test func kotlinNestsOneWhenPerModifier() throws {
        let site = try #require(Fixtures.run(BrandThemeCatalog.tree()).site)
        let kotlin = try #require(site.text("Tokens.kt"))
        #expect(kotlin.contains("enum class CatalogBrand { Orange, Sosh }"))
        let function = """
            fun ActionFill(theme: CatalogTheme = CatalogTheme.Light, brand: CatalogBrand = CatalogBrand.Orange): Color = when (theme) {
                CatalogTheme.Light -> when (brand) {
                    CatalogBrand.Orange -> Color(0xFFB34700)
                    CatalogBrand.Sosh -> Color(0xFF0050A0)
                }
                CatalogTheme.Dark -> when (brand) {
                    CatalogBrand.Orange -> Color(0xFFC05000)
                    CatalogBrand.Sosh -> Color(0xFF8FD3FA)
                }
            }
        """
        #expect(kotlin.contains(function), "\(kotlin)")
        #expect(kotlin.contains("    fun SurfacePage(theme: CatalogTheme = CatalogTheme.Light): Color = when (theme) {"))
    }
}

/// Names that differ only in case or punctuation would give two exports one file name, one
/// data attribute, one Swift case: the resolver's loader refuses them at their line.
@Suite("Token modes: names that fold alike")
struct ModeNameClashTests {
    @Test func twoContextsDifferingInCaseAreAnErrorAtTheSecond() throws {
        let resolver = """
        {
          "version": "2025.10",
          "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
          "modifiers": {
            "theme": { "contexts": { "light": [{ "$ref": "light.tokens.json" }], "dark": [{ "$ref": "dark.tokens.json" }],
              "Dark": [{ "$ref": "dark.tokens.json" }] } },
            "brand": { "contexts": { "orange": [{ "$ref": "orange.tokens.json" }], "sosh": [{ "$ref": "sosh.tokens.json" }] } }
          },
          "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/brand" }]
        }
        """
        let result = Fixtures.run(BrandThemeCatalog.tree(["tokens/brands.resolver.json": resolver]))
        let errors = result.diagnostics.filter { $0.rule == "token.resolver" && $0.severity == .error }
        #expect(errors.count == 1 && errors.first?.location.line == 6 && errors.first?.location.column == 7, "\(errors)")
        #expect(errors.first?.message.contains("'Dark' of 'theme' has the name of 'dark'") == true)
        #expect(result.site == nil, "the build stops")
    }

    @Test(arguments: [("high contrast", "high-contrast"), ("a__b", "a-b")])
    func namesThatFoldAlikeClash(_ first: String, _ second: String) {
        #expect(ModeNames.clash(of: second, among: ["light", first]) == first)
        #expect(ModeNames.clash(of: "dark", among: ["light", first]) == nil)
    }

    @Test func twoModifiersDifferingInCaseAreAnError() throws {
        let resolver = BrandThemeCatalog.resolver
            .replacingOccurrences(of: #""brand": {"#, with: #""Theme": {"#)
            .replacingOccurrences(of: "#/modifiers/brand", with: "#/modifiers/Theme")
        let result = Fixtures.run(BrandThemeCatalog.tree(["tokens/brands.resolver.json": resolver, "catalog.yaml": "title: Brands\n"]))
        let errors = result.diagnostics.filter { $0.rule == "token.resolver" && $0.severity == .error }
        #expect(errors.count == 1 && errors.first?.message.contains("the modifier 'Theme' has the name of 'theme'") == true, "\(errors)")
    }
}

/// The site's accent is measured in every combination too, against the surface it sits on there.
@Suite("Token modes: the accent in every combination")
struct ModeCombinationAccentTests {
    @Test func anAccentUnreadableOnlyInACombinationIsReported() throws {
        // Orange's dark value is light enough for the dark page; Sosh's is not.
        let result = Fixtures.run(BrandThemeCatalog.tree([
            "catalog.yaml": BrandThemeCatalog.text("catalog.yaml") + "brand:\n  accent: action/fill\n",
            "tokens/orange.tokens.json": BrandThemeCatalog.text("tokens/orange.tokens.json").replacingOccurrences(of: "#C05000", with: "#FF9A50"),
            "tokens/sosh.tokens.json": BrandThemeCatalog.text("tokens/sosh.tokens.json").replacingOccurrences(of: "#8FD3FA", with: "#0B2A4A"),
        ]))
        let accent = result.diagnostics.filter { $0.rule == .contrastAccent }
        #expect(accent.count == 1 && accent[0].message.contains("#0B2A4A") && accent[0].message.contains("in theme=dark, brand=sosh"), "\(accent)")
    }
}

/// A pair an appearance declares (its label on its fill) is measured in each of the four
/// combinations, and one failing only in Sosh-dark is reported there, at the label's line.
@Suite("Token modes: declared pairs in every combination")
struct ModeCombinationPairTests {
    @Test func aLabelOnItsFillFailingOnlyInOneCombinationIsReportedAtItsLine() throws {
        let component = """
        name: Action
        summary: Runs the main action of a screen.
        appearances:
          - name: Primary
            tokens:
              - { role: Fill, token: action/fill }
              - { role: Label, token: palette/white }
            contrast: [{ fg: Label, bg: Fill, min: 4.5 }]
        """
        let result = Fixtures.run(BrandThemeCatalog.tree(["components/action/component.yaml": component]))
        let page = try #require(result.site?.text("components/action/index.html"))
        for mode in ["", ", in brand=sosh", ", in theme=dark", ", in theme=dark, brand=sosh"] {
            #expect(page.contains("Label against Fill\(mode)"), "the row of \(mode.isEmpty ? "the default" : mode)")
        }
        let failing = result.diagnostics.filter { $0.rule == .contrastText }
        // White on #8FD3FA: only Sosh-dark's fill is too light for white text.
        #expect(failing.count == 1 && failing[0].message.hasPrefix("in theme=dark, brand=sosh, “Primary”, Label palette/white (#FFFFFF) against Fill action/fill (#8FD3FA)"), "\(failing)")
        #expect(failing.first?.location.file == "cat/components/action/component.yaml" && failing.first?.location.line == 7)
    }
}
