import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogTestSupport

@Suite("DTCG tokens")
struct TokenTests {
    private func load(_ json: String, file: String = "tokens/t.tokens.json") -> (TokenSet, [Diagnostic]) {
        let tree = SourceTree(displayRoot: "cat", texts: [file: json])
        return TokenLoader.load([(file, Array(json.utf8))], tree: tree)
    }

    @Test func aliasesResolveTransitivelyAndTypesAreInherited() {
        let (tokens, diagnostics) = load("""
        { "color": { "$type": "color",
            "base": { "$value": "#005CE5" },
            "mid": { "$value": "{color.base}" },
            "top": { "$value": "{color.mid}", "$description": "Two hops." } } }
        """)
        #expect(diagnostics.isEmpty)
        let top = tokens.token("color/top")
        #expect(top?.type == "color")
        #expect(top?.aliasTarget == "color.mid")
        #expect(top?.aliasEnd == "color.base")
        #expect(top?.aliasLength == 2)
        #expect(top?.color?.hex == "#005CE5")
        #expect(top?.css == "var(--color-mid)")
        #expect(top?.resolvedCSS == "#005CE5")
        #expect(top?.description == "Two hops.")
        #expect(tokens.token("color.top")?.name == "color.top")
    }

    /// A token a group takes by `$extends` is the group's own: its name and its custom property
    /// follow the group's path, not the base's (the property is made with the path).
    @Test func anExtendedTokenIsNamedAfterItsGroup() {
        let (tokens, diagnostics) = load("""
        { "base": { "$type": "color", "track": { "$value": "#222222" }, "$root": { "$value": "#333333" } },
          "button": { "$extends": "{base}" } }
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(tokens.token("button.track")?.cssVariable == "--button-track")
        #expect(tokens.token("button.$root")?.cssVariable == "--button")
        #expect(tokens.token("base.track")?.cssVariable == "--base-track")
    }

    /// A number no double holds reached the stylesheet as `inf` (`--dim: infpx`); it is a
    /// token.invalid-value at the token, wherever in the value it stands.
    @Test func aNumberOutOfRangeIsAnInvalidValue() {
        let (tokens, diagnostics) = load("""
        { "dim": { "$type": "dimension", "$value": { "value": 1e999, "unit": "px" } },
          "n": { "$type": "number", "$value": -1e400 },
          "shadow": { "$type": "shadow", "$value": { "color": "#000000", "offsetX": { "value": 1e309, "unit": "px" }, "offsetY": { "value": 0, "unit": "px" }, "blur": { "value": 0, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } },
          "fine": { "$type": "number", "$value": 1e308 } }
        """)
        let invalid = diagnostics.filter { $0.rule == .tokenInvalidValue }
        #expect(invalid.count == 3, "\(diagnostics)")
        #expect(invalid.allSatisfy { $0.message.contains("out of range") })
        #expect(tokens.tokens.allSatisfy { !($0.css ?? "").contains("inf") && !($0.css ?? "").contains("nan") })
        #expect(tokens.token("fine")?.css == CSSNumber.format(1e308))
    }

    @Test func aliasTargetGivesTheTypeWhenNoneIsWritten() {
        let (tokens, _) = load("""
        { "a": { "$type": "color", "$value": "#FFFFFF" }, "b": { "$value": "{a}" } }
        """)
        #expect(tokens.token("b")?.type == "color")
        #expect(tokens.token("b")?.color == RGBA(red: 1, green: 1, blue: 1))
    }

    @Test func hexAndObjectColoursAreBothAccepted() {
        let (tokens, diagnostics) = load("""
        { "c": { "$type": "color",
            "hex": { "$value": "#C2CFE5" },
            "short": { "$value": "#fff" },
            "object": { "$value": { "colorSpace": "srgb", "components": [0.761, 0.812, 0.898], "hex": "#C2CFE5" } },
            "computed": { "$value": { "colorSpace": "srgb", "components": [0, 0.5, 1], "alpha": 0.5 } },
            "p3": { "$value": { "colorSpace": "display-p3", "components": [1, 0, 0] } } } }
        """)
        #expect(diagnostics.isEmpty)
        #expect(tokens.token("c.hex")?.color?.hex == "#C2CFE5")
        #expect(tokens.token("c.short")?.color?.hex == "#FFFFFF")
        #expect(tokens.token("c.object")?.color?.hex == "#C2CFE5")
        #expect(tokens.token("c.object")?.css == "#C2CFE5")
        #expect(tokens.token("c.computed")?.color?.alpha == 0.5)
        #expect(tokens.token("c.p3")?.css == "color(display-p3 1 0 0)")
        #expect(tokens.token("c.p3")?.color != nil)
    }

    @Test func cyclesAreReportedOnceWithTheirChain() {
        let (_, diagnostics) = load("""
        { "l": { "$type": "color", "a": { "$value": "{l.b}" }, "b": { "$value": "{l.a}" } } }
        """)
        let cycles = diagnostics.filter { $0.rule == "token.alias-cycle" }
        #expect(cycles.count == 1)
        #expect(cycles.first?.message.contains("{l.a} → {l.b} → {l.a}") == true)
    }

    @Test func danglingAliasNamesTheChainAndASuggestion() {
        let (_, diagnostics) = load("""
        { "brand": { "$type": "color", "blue": { "$value": "#00F" } },
          "x": { "$value": "{brand.bleu}" } }
        """)
        let dangling = diagnostics.first { $0.rule == "token.alias-dangling" }
        #expect(dangling?.location.line == 2)
        #expect(dangling?.message.contains("did you mean '{brand.blue}'") == true)
    }

    @Test func compositeAndDimensionValuesBecomeCSS() {
        let (tokens, diagnostics) = load("""
        { "space": { "$type": "dimension", "s": { "$value": { "value": 4, "unit": "px" } }, "m": { "$value": { "value": 1.5, "unit": "rem" } } },
          "shadow": { "$type": "shadow", "$value": { "color": "{ink}", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 2, "unit": "px" }, "blur": { "value": 4, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } },
          "ink": { "$type": "color", "$value": "#000000" },
          "ease": { "$type": "cubicBezier", "$value": [0.5, 0, 1, 1] },
          "family": { "$type": "fontFamily", "$value": ["Helvetica Neue", "sans-serif"] } }
        """)
        #expect(diagnostics.isEmpty)
        #expect(tokens.token("space.s")?.css == "4px")
        #expect(tokens.token("space.m")?.css == "1.5rem")
        #expect(tokens.token("shadow")?.css == "0px 2px 4px 0px #000000")
        #expect(tokens.token("ease")?.css == "cubic-bezier(0.5, 0, 1, 1)")
        #expect(tokens.token("family")?.css == "\"Helvetica Neue\", sans-serif")
    }

    @Test func badValuesNamesAndKeysAreErrors() {
        let (_, diagnostics) = load("""
        { "c": { "$type": "color", "bad": { "$value": "blue" }, "typo": { "$vaule": "#fff" } },
          "d": { "$type": "dimension", "x": { "$value": "12 apples" } },
          "a.b": { "$value": 1 } }
        """)
        #expect(diagnostics.contains { $0.rule == "token.invalid-value" && $0.location.line == 1 })
        #expect(diagnostics.contains { $0.rule == "schema.unknown-key" && $0.message.contains("did you mean '$value'") })
        #expect(diagnostics.contains { $0.rule == "token.invalid-value" && $0.location.line == 2 })
        #expect(diagnostics.contains { $0.rule == "token.name" && $0.location.line == 3 })
    }

    @Test func aTokenDefinedInTwoFilesIsAnError() {
        let tree = SourceTree(displayRoot: "cat", texts: [:])
        let (_, diagnostics) = TokenLoader.load([
            ("tokens/a.tokens.json", Array(##"{ "x": { "$type": "color", "$value": "#fff" } }"##.utf8)),
            ("tokens/b.tokens.json", Array(##"{ "x": { "$type": "color", "$value": "#000" } }"##.utf8)),
        ], tree: tree)
        #expect(diagnostics.contains { $0.rule == "token.duplicate" && $0.location.file == "cat/tokens/b.tokens.json" })
    }

    @Test func cssVariablesJoinThePathWithHyphens() {
        let (tokens, _) = load(##"{ "toggle": { "color": { "default": { "active": { "bg-track": { "$type": "color", "$value": "#005CE5" } } } } } }"##)
        #expect(tokens.token("toggle/color/default/active/bg-track")?.cssVariable == "--toggle-color-default-active-bg-track")
        let css = TokenStylesheet.css(for: tokens)
        #expect(css.contains("--toggle-color-default-active-bg-track: #005CE5;"))
    }

    @Test func contrastFollowsWCAG() {
        let white = RGBA(red: 1, green: 1, blue: 1)
        let black = RGBA(red: 0, green: 0, blue: 0)
        #expect(abs(RGBA.contrast(white, black) - 21) < 0.001)
        #expect(abs(RGBA.contrast(RGBA(hex: "#767676")!, white) - 4.54) < 0.01)
    }
}

@Suite("Fixed decimals")
struct FixedDecimalTests {
    @Test func matchesPrintf() {
        for value in [0.0, 1, 4.52, 4.5, 0.125, 1.005, 21, 0.00005, 0.99999, 123.456789, -0.5, -2.25, 3.14159265] {
            for places in [0, 1, 2, 4] {
                #expect(FixedDecimal.format(value, places: places) == String(format: "%.\(places)f", value), "\(value) \(places)")
            }
        }
    }
}
