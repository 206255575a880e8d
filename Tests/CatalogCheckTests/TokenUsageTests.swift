import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogDiff
import CatalogMCP
import CatalogTestSupport

/// One definition of "uses a token" (through aliases, in every mode) for the tokens page, the
/// unused rule, `diff`, the component data and the MCP query.
@Suite("Token usage")
struct TokenUsageTests {
    /// `brand.fill` aliases `palette.blue` by default and `palette.navy` in the dark mode; alpha
    /// paints its track with `brand.fill`. `palette.spare` is used by nothing.
    static func catalog() -> PipelineResult {
        Fixtures.run(SourceTree(displayRoot: "u", texts: [
            "catalog.yaml": "title: T\n",
            "tokens/base.tokens.json": ##"{ "palette": { "$type": "color", "blue": { "$value": "#005CE5" }, "navy": { "$value": "#0A2757" }, "white": { "$value": "#FFFFFF" }, "spare": { "$value": "#FF0000" } }, "brand": { "$type": "color", "fill": { "$value": "{palette.blue}" }, "knob": { "$value": "{palette.white}" } } }"##,
            "tokens/dark.tokens.json": ##"{ "brand": { "$type": "color", "fill": { "$value": "{palette.navy}" } }, "palette": { "$type": "color", "white": { "$value": "#E8E8E8" } } }"##,
            "tokens/modes.resolver.json": ##"{ "version": "2025.10", "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } }, "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } }, "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }"##,
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\naccessibility: [{ requirement: Labelled }]\nstates: [{ name: Default }]\nappearances:\n  - name: On\n    tokens:\n      - { role: Track, token: brand/fill }\n      - { role: Indicator, token: brand/knob }\ndemo:\n  kind: switch\n",
        ]))
    }

    @Test func aTokenUsedOnlyThroughAnAliasInAModeIsUsed() throws {
        let result = Self.catalog()
        let catalog = try #require(result.catalog)
        let used = TokenUsage.used(by: try #require(catalog.component("alpha")), tokens: catalog.tokens, modes: catalog.modes)
        #expect(Set(used) == ["brand.fill", "palette.blue", "palette.navy", "brand.knob", "palette.white"])
        let unused = result.diagnostics.filter { $0.rule == "token.unused" }.map(\.message)
        #expect(unused.count == 1 && unused[0].contains("palette/spare"), "\(unused)")

        let site = try #require(result.site)
        let page = try #require(site.text("tokens/index.md"))
        let navy = try #require(page.split(separator: "\n").first { $0.contains("`palette/navy`") })
        #expect(navy.hasSuffix("| Alpha |"), "the tokens page lists the user: \(navy)")
        #expect(CatalogDiff.users(in: catalog)["palette/navy"] == ["alpha"])
        let token = try #require(try JSONSerialization.jsonObject(with: Data(try CatalogQuery(result).token("palette.navy").utf8)) as? [String: Any])
        #expect(token["usedBy"] as? [String] == ["Alpha"])
    }

    /// An alias whose own CSS is the same in every mode (`var(--palette-white)`) but whose target
    /// changes in the dark mode shows its dark value on the tokens page and in the data.
    @Test func anAliasShowsItsValueInEveryMode() throws {
        let result = Self.catalog()
        let site = try #require(result.site)
        let markdown = try #require(site.text("tokens/index.md"))
        let knob = try #require(markdown.split(separator: "\n").first { $0.contains("`brand/knob`") })
        #expect(knob.contains("| #FFFFFF | #E8E8E8 |"), "\(knob)")
        let data = try #require(site.text("components/alpha/component.json"))
        #expect(data.contains("\"theme=dark\":\"#E8E8E8\""))
    }
}

/// Values written as earlier drafts of the format wrote them: every wrong field of a composite is
/// named in its one diagnostic, and the message says `tokens import` converts them.
@Suite("Older-draft token values")
struct OlderDraftValueTests {
    @Test func everyWrongFieldIsNamedAndImportIsSuggested() throws {
        let (_, diagnostics) = Fixtures.tokens(##"{ "e": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5 } }, "a": { "$type": "dimension", "$value": "4px" }, "c": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [1, 0, 0], "hex": "#f00" } } }"##)
        let messages = diagnostics.filter { $0.rule == "token.invalid-value" }.map(\.message)
        let typography = try #require(messages.first { $0.hasPrefix("token 'e'") })
        #expect(typography.contains("its fontSize:") && typography.contains("its letterSpacing:"))
        #expect(typography.components(separatedBy: "tokens import").count == 2, "the hint once: \(typography)")
        #expect(messages.contains { $0.hasPrefix("token 'a'") && $0.contains("tokens import") })
        #expect(messages.contains { $0.hasPrefix("token 'c'") && $0.contains("'#f00'") && $0.contains("write '#FF0000'") }, "the hex value is shown, and its six digits: \(messages)")
    }
}

/// A composite written over several lines is reported at the line of its wrong field.
@Suite("Composite value positions")
struct CompositePositionTests {
    @Test func theWrongFieldsLineIsWhereTheErrorIs() throws {
        let json = """
        { "t": { "$type": "typography", "$value": {
            "fontFamily": "Inter",
            "fontSize": { "value": 16, "unit": "px" },
            "fontWeight": "heavyish",
            "lineHeight": 1.5 } },
          "b": { "$type": "border", "$value": {
            "color": "#000000", "width": { "value": 1, "unit": "px" },
            "style": "solid", "colour": "#FFFFFF" } } }
        """
        let (_, diagnostics) = Fixtures.tokens(json)
        let problems = diagnostics.filter { $0.rule == "token.invalid-value" }
        #expect(problems.first { $0.message.hasPrefix("token 't'") }?.location.line == 4, "\(problems)")
        #expect(problems.first { $0.message.hasPrefix("token 'b'") }?.location.line == 8, "\(problems)")
    }
}

/// An alias inside a composite token counts as an alias: the token it names is used through
/// it, is aliased by it, and the tokens page says so.
@Suite("Aliases inside composite tokens")
struct CompositeAliasTests {
    @Test func aCompositeFieldsAliasIsAnAlias() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("composite-alias-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        try ##"""
        { "font": { "family": { "$type": "fontFamily", "sans": { "$value": ["Inter", "sans-serif"] }, "serif": { "$value": ["Georgia", "serif"] } } },
          "type": { "body": { "$type": "typography", "$value": { "fontFamily": "{font.family.sans}", "fontSize": { "value": 16, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5 } } } }
        """##.write(to: folder.appendingPathComponent("tokens/type.tokens.json"), atomically: true, encoding: .utf8)
        // The theme's stylesheet reads the composite, so it is used, and so is what it names.
        let theme = folder.appendingPathComponent("themes/mine")
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try "name: Mine\nextends: default\n".write(to: theme.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        try ".prose { font: var(--type-body); }\n".write(to: theme.appendingPathComponent("assets/type.css"), atomically: true, encoding: .utf8)
        let settings = folder.appendingPathComponent("catalog.yaml")
        try (try String(contentsOf: settings, encoding: .utf8) + "theme: mine\n").write(to: settings, atomically: true, encoding: .utf8)
        let result = Pipeline.run(try CatalogReader.read(folder.path, displayRoot: "cat"))
        let unused = result.diagnostics.filter { $0.rule == "token.unused" }.map(\.message)
        #expect(!unused.contains { $0.contains("font/family/sans") || $0.contains("type/body") }, "\(unused)")
        #expect(unused.contains { $0.contains("font/family/serif") }, "an unreferenced token is still unused: \(unused)")
        let query = try CatalogQuery(result)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(try query.token("font/family/sans").utf8)) as? [String: Any])
        #expect(answer["aliasedBy"] as? [String] == ["type/body"])
        let page = try #require(result.site?.text("tokens/index.html"))
        #expect(page.contains("<ul class=\"alias-fields\"><li><a href=\"#token-font-family-sans\"><code>font/family/sans</code></a></li></ul>"), "the tokens page says what the composite resolves through")
    }
}

/// A theme stylesheet that reads a token's property after the token was renamed is warned
/// about at its line; the theme's own properties and the tokens' are not.
@Suite("Theme CSS and tokens")
struct ThemeTokenRuleTests {
    @Test func anUnknownTokenPropertyInThemeCSSIsAWarningAtItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-css-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        let theme = folder.appendingPathComponent("themes/mine")
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try "name: Mine\nextends: default\n".write(to: theme.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        try """
        :root { --brand-local: 2px; }
        .a { color: var(--brand-blue); }
        .b { color: var(--brand-blu); border-width: var(--brand-local); }
        .c { color: var(--cb-text, black); }

        """.write(to: theme.appendingPathComponent("assets/extra.css"), atomically: true, encoding: .utf8)
        let settings = folder.appendingPathComponent("catalog.yaml")
        try (try String(contentsOf: settings, encoding: .utf8) + "theme: mine\n").write(to: settings, atomically: true, encoding: .utf8)
        let result = Pipeline.run(try CatalogReader.read(folder.path, displayRoot: "cat"))
        let warnings = result.diagnostics.filter { $0.rule == "theme.unknown-token" }
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.location.file.hasSuffix("themes/mine/assets/extra.css") && warning.location.line == 3 && warning.location.column == 17)
        #expect(warning.message.contains("'--brand-blu'") && warning.message.contains("did you mean '--brand-blue'"))
    }
}
