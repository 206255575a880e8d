import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// The DTCG 2025.10 format, case by case: our own small token files for each kind of case the
/// community group's format test suite covers. Each valid file loads and exports; each invalid
/// one fails with the named rule at the named line (the line of the offending value).
@Suite("DTCG 2025.10 conformance")
struct DTCGConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        /// nil: the file is valid. Otherwise the rule and the 1-based line of the error.
        var error: (rule: String, line: Int)?

        var testDescription: String { name }
    }


    static func exports(_ tokens: TokenSet) -> TokenExports {
        TokenExports(tokens: tokens, modes: nil, presentation: [])
    }

    static let valid: [Case] = [
        Case(name: "border", json: ##"{ "b": { "$type": "border", "$value": { "color": "#000000", "width": { "value": 1, "unit": "px" }, "style": "solid" } } }"##),
        Case(name: "border with a dash pattern", json: ##"{ "b": { "$type": "border", "$value": { "color": "#000000", "width": { "value": 1, "unit": "px" }, "style": { "dashArray": [{ "value": 2, "unit": "px" }], "lineCap": "round" } } } }"##),
        Case(name: "srgb with alpha", json: ##"{ "c": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0.5, 1], "alpha": 0.5 } } }"##),
        Case(name: "fully transparent", json: ##"{ "c": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0 } } }"##),
        Case(name: "every colour space", json: """
        { "c": { "$type": "color",
          "a": { "$value": { "colorSpace": "srgb-linear", "components": [0.2, 0.3, 0.4] } },
          "b": { "$value": { "colorSpace": "hsl", "components": [359.9, 100, 50] } },
          "c": { "$value": { "colorSpace": "hsl", "components": ["none", 0, 50] } },
          "d": { "$value": { "colorSpace": "hwb", "components": [120, 10, 20] } },
          "e": { "$value": { "colorSpace": "lab", "components": [50, -20, 30] } },
          "f": { "$value": { "colorSpace": "lch", "components": [50, 30, 270] } },
          "g": { "$value": { "colorSpace": "oklab", "components": [0.5, -0.1, 0.1] } },
          "h": { "$value": { "colorSpace": "oklch", "components": [0.7, 0.15, 145] } },
          "i": { "$value": { "colorSpace": "display-p3", "components": [1, 0, 0] } },
          "j": { "$value": { "colorSpace": "a98-rgb", "components": [0.1, 0.2, 0.3] } },
          "k": { "$value": { "colorSpace": "prophoto-rgb", "components": [0.1, 0.2, 0.3] } },
          "l": { "$value": { "colorSpace": "rec2020", "components": [0.1, 0.2, 0.3] } },
          "m": { "$value": { "colorSpace": "xyz-d65", "components": [0.2, 0.3, 0.4] } },
          "n": { "$value": { "colorSpace": "xyz-d50", "components": [0.2, 0.3, 0.4], "hex": "#808080" } } } }
        """),
        Case(name: "cubicBezier with y outside 0–1", json: ##"{ "e": { "$type": "cubicBezier", "$value": [0.3, -0.5, 0.7, 1.5] } }"##),
        Case(name: "dimensions", json: ##"{ "d": { "$type": "dimension", "a": { "$value": { "value": 0, "unit": "px" } }, "b": { "$value": { "value": 1.25, "unit": "rem" } }, "c": { "$value": { "value": 100000, "unit": "px" } } } }"##),
        Case(name: "durations", json: ##"{ "t": { "$type": "duration", "a": { "$value": { "value": 0, "unit": "ms" } }, "b": { "$value": { "value": 1.5, "unit": "s" } } } }"##),
        Case(name: "font families", json: ##"{ "f": { "$type": "fontFamily", "a": { "$value": "Inter" }, "b": { "$value": ["Helvetica Neue", "Arial", "sans-serif"] }, "c": { "$value": ["Georgia"] } } }"##),
        Case(name: "font weights", json: ##"{ "w": { "$type": "fontWeight", "a": { "$value": 1 }, "b": { "$value": 1000 }, "c": { "$value": "hairline" }, "d": { "$value": "ultra-black" }, "e": { "$value": "extra-bold" } } }"##),
        Case(name: "gradients", json: ##"{ "g": { "$type": "gradient", "one": { "$value": [{ "color": "#FF0000", "position": 0.5 }] }, "three": { "$value": [{ "color": "#FF0000", "position": 0.2 }, { "color": "#00FF00", "position": 0.5 }, { "color": "#0000FF", "position": 1 }] } } }"##),
        Case(name: "empty group and root-level token", json: ##"{ "empty": {}, "top": { "$type": "number", "$value": 3 } }"##),
        Case(name: "type inherited through groups", json: ##"{ "a": { "$type": "number", "b": { "c": { "$value": -2 } } } }"##),
        Case(name: "$root", json: ##"{ "button": { "$type": "color", "bg": { "$root": { "$value": "#005CE5" }, "hover": { "$value": "#0047B3" } } }, "x": { "$value": "{button.bg.$root}" } }"##),
        Case(name: "$extends with a nested override", json: """
        { "base": { "$type": "number", "a": { "$value": 1 }, "inner": { "b": { "$value": 2 }, "c": { "$value": 3 } } },
          "derived": { "$extends": "{base}", "inner": { "$type": "number", "c": { "$value": 30 } } },
          "third": { "$extends": "{derived}" } }
        """),
        Case(name: "$extends chains take the base group's type", json: """
        { "base": { "$type": "color", "background": { "$value": "#000000" }, "text": { "$value": "#111111" } },
          "button": { "$extends": "{base}", "background": { "$value": "#222222" } },
          "primary": { "$extends": "{button}", "background": { "$value": "#333333" } } }
        """),
        Case(name: "deprecated and extensions", json: ##"{ "d": { "$type": "number", "$deprecated": "Use e.", "a": { "$value": 1 }, "b": { "$value": 2, "$deprecated": false, "$extensions": { "org.example": { "x": [1, 2] } } } } }"##),
        Case(name: "alias chains and composite fields", json: """
        { "c": { "$type": "color", "base": { "$value": "#112233" }, "mid": { "$value": "{c.base}" } },
          "w": { "$type": "dimension", "one": { "$value": { "value": 1, "unit": "px" } } },
          "border": { "$type": "border", "$value": { "color": "{c.mid}", "width": "{w.one}", "style": "dashed" } },
          "shadow": { "$type": "shadow", "$value": [{ "color": "{c.base}", "offsetX": "{w.one}", "offsetY": "{w.one}", "blur": "{w.one}", "spread": "{w.one}", "inset": true }] },
          "stops": { "$type": "gradient", "$value": [{ "color": "{c.base}", "position": 0 }, { "color": "{c.mid}", "position": 1 }] },
          "dash": { "$type": "strokeStyle", "$value": { "dashArray": ["{w.one}", { "value": 4, "unit": "px" }], "lineCap": "butt" } } }
        """),
        Case(name: "JSON Pointers, whole and property-level", json: """
        { "base": { "$type": "color", "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 1] } } },
          "copy": { "$type": "color", "$value": { "$ref": "#/base/blue/$value" } },
          "mix": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [{ "$ref": "#/base/blue/$value/components/0" }, 0.5, 1] } } }
        """),
        Case(name: "token-level JSON Pointer beside $type", json: """
        { "colors": { "$type": "color", "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 1] } } },
          "semantic": { "primary": { "$type": "color", "$ref": "#/colors/blue/$value" } },
          "numbers": { "first": { "$type": "number", "$description": "The red channel.", "$ref": "#/colors/blue/$value/components/0" } },
          "derived": { "$type": "color", "$value": { "colorSpace": "srgb", "components": { "$ref": "#/colors/blue/$value/components" } } } }
        """),
        Case(name: "transition", json: ##"{ "t": { "$type": "transition", "$value": { "duration": { "value": 200, "unit": "ms" }, "delay": { "value": 0, "unit": "ms" }, "timingFunction": [0.5, 0, 1, 1] } } }"##),
        Case(name: "typography", json: ##"{ "t": { "$type": "typography", "$value": { "fontFamily": ["Inter", "sans-serif"], "fontSize": { "value": 1, "unit": "rem" }, "fontWeight": "bold", "letterSpacing": { "value": -0.5, "unit": "px" }, "lineHeight": 1.4 } } }"##),
        Case(name: "stroke style keywords", json: ##"{ "s": { "$type": "strokeStyle", "a": { "$value": "dotted" }, "b": { "$value": "double" }, "c": { "$value": "groove" }, "d": { "$value": "ridge" }, "e": { "$value": "outset" }, "f": { "$value": "inset" } } }"##),
    ]

    static let invalid: [Case] = [
        Case(name: "border without a colour", json: "{ \"b\": { \"$type\": \"border\",\n \"$value\": { \"width\": { \"value\": 1, \"unit\": \"px\" }, \"style\": \"solid\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "border style wrong type", json: "{ \"b\": { \"$type\": \"border\",\n \"$value\": { \"color\": \"#000000\", \"width\": { \"value\": 1, \"unit\": \"px\" }, \"style\": 3 } } }", error: ("token.invalid-value", 2)),
        Case(name: "alpha out of range", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 0, 0], \"alpha\": 1.5 } } }", error: ("token.invalid-value", 2)),
        Case(name: "srgb component 2", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 2, 0] } } }", error: ("token.invalid-value", 2)),
        Case(name: "components not a list", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"srgb\", \"components\": \"0 0 0\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "hex with alpha", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 0, 0], \"hex\": \"#00000080\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "hsl hue 360", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"hsl\", \"components\": [360, 50, 50] } } }", error: ("token.invalid-value", 2)),
        Case(name: "hsl saturation over 100", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"hsl\", \"components\": [10, 101, 50] } } }", error: ("token.invalid-value", 2)),
        Case(name: "lch negative chroma", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"lch\", \"components\": [50, -1, 10] } } }", error: ("token.invalid-value", 2)),
        Case(name: "oklab lightness over 1", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"oklab\", \"components\": [1.2, 0, 0] } } }", error: ("token.invalid-value", 2)),
        Case(name: "unknown colour space", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"cmyk\", \"components\": [0, 0, 0] } } }", error: ("token.invalid-value", 2)),
        Case(name: "wrong component count", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 0] } } }", error: ("token.invalid-value", 2)),
        Case(name: "none beside a word", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"colorSpace\": \"hsl\", \"components\": [\"none\", \"red\", 50] } } }", error: ("token.invalid-value", 2)),
        Case(name: "cubicBezier x out of range", json: "{ \"e\": { \"$type\": \"cubicBezier\",\n \"$value\": [1.5, 0, 1, 1] } }", error: ("token.invalid-value", 2)),
        Case(name: "cubicBezier of three", json: "{ \"e\": { \"$type\": \"cubicBezier\",\n \"$value\": [0, 0, 1] } }", error: ("token.invalid-value", 2)),
        Case(name: "dimension without unit", json: "{ \"d\": { \"$type\": \"dimension\",\n \"$value\": { \"value\": 4 } } }", error: ("token.invalid-value", 2)),
        Case(name: "dimension as a string", json: "{ \"d\": { \"$type\": \"dimension\",\n \"$value\": \"16px\" } }", error: ("token.invalid-value", 2)),
        Case(name: "dimension in em", json: "{ \"d\": { \"$type\": \"dimension\",\n \"$value\": { \"value\": 16, \"unit\": \"em\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "duration in minutes", json: "{ \"t\": { \"$type\": \"duration\",\n \"$value\": { \"value\": 1, \"unit\": \"min\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "font family list with a number", json: "{ \"f\": { \"$type\": \"fontFamily\",\n \"$value\": [\"Inter\", 3] } }", error: ("token.invalid-value", 2)),
        Case(name: "font weight 1001", json: "{ \"w\": { \"$type\": \"fontWeight\",\n \"$value\": 1001 } }", error: ("token.invalid-value", 2)),
        Case(name: "font weight in capitals", json: "{ \"w\": { \"$type\": \"fontWeight\",\n \"$value\": \"Bold\" } }", error: ("token.invalid-value", 2)),
        Case(name: "empty gradient", json: "{ \"g\": { \"$type\": \"gradient\",\n \"$value\": [] } }", error: ("token.invalid-value", 2)),
        Case(name: "gradient stop without position", json: "{ \"g\": { \"$type\": \"gradient\",\n \"$value\": [{ \"color\": \"#000000\" }] } }", error: ("token.invalid-value", 2)),
        Case(name: "gradient position as text", json: "{ \"g\": { \"$type\": \"gradient\",\n \"$value\": [{ \"color\": \"#000000\", \"position\": \"50%\" }] } }", error: ("token.invalid-value", 2)),
        Case(name: "value and children", json: "{ \"t\": { \"$type\": \"number\", \"$value\": 1,\n \"child\": { \"$value\": 2 } } }", error: ("token.nested", 2)),
        Case(name: "extends in a circle", json: "{ \"a\": { \"$extends\": \"{b}\", \"x\": { \"$type\": \"number\", \"$value\": 1 } },\n \"b\": { \"$extends\": \"{a}\" } }", error: ("token.extends", 2)),
        Case(name: "extends nothing", json: "{ \"a\": {\n \"$extends\": \"{nowhere}\" } }", error: ("token.extends", 2)),
        Case(name: "extends a token", json: "{ \"t\": { \"$type\": \"number\", \"$value\": 1 }, \"a\": {\n \"$extends\": \"{t}\" } }", error: ("token.extends", 2)),
        Case(name: "deprecated as a number", json: "{ \"t\": { \"$type\": \"number\", \"$value\": 1,\n \"$deprecated\": 3 } }", error: ("schema.type", 2)),
        Case(name: "description not text", json: "{ \"t\": { \"$type\": \"number\", \"$value\": 1,\n \"$description\": 3 } }", error: ("schema.type", 2)),
        Case(name: "extensions not an object", json: "{ \"t\": { \"$type\": \"number\", \"$value\": 1,\n \"$extensions\": [] } }", error: ("schema.type", 2)),
        Case(name: "unknown $ property", json: "{ \"t\": { \"$type\": \"number\", \"$value\": 1,\n \"$unit\": \"px\" } }", error: ("schema.unknown-key", 2)),
        Case(name: "no type anywhere", json: "{ \"t\": {\n \"$value\": \"#ffffff\" } }", error: ("token.no-type", 2)),
        Case(name: "type not text", json: "{ \"t\": {\n \"$type\": 3, \"$value\": 1 } }", error: ("schema.type", 2)),
        Case(name: "unknown type", json: "{ \"t\": {\n \"$type\": \"colour\", \"$value\": \"#ffffff\" } }", error: ("token.unknown-type", 2)),
        Case(name: "null value", json: "{ \"t\": { \"$type\": \"number\",\n \"$value\": null } }", error: ("token.invalid-value", 2)),
        Case(name: "number as text", json: "{ \"t\": { \"$type\": \"number\",\n \"$value\": \"3\" } }", error: ("token.invalid-value", 2)),
        Case(name: "alias cycle", json: "{ \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"{c.b}\" },\n \"b\": { \"$value\": \"{c.a}\" } } }", error: ("token.alias-cycle", 1)),
        Case(name: "alias inside a colour's components", json: "{ \"c\": { \"$type\": \"color\", \"n\": { \"$value\": 0.5 },\n \"x\": { \"$value\": { \"colorSpace\": \"srgb\", \"components\": [\"{c.n}\", 0, 0] } } } }", error: ("token.invalid-value", 2)),
        Case(name: "alias inside a dimension", json: "{ \"n\": { \"$type\": \"number\", \"$value\": 2 }, \"d\": { \"$type\": \"dimension\",\n \"$value\": { \"value\": \"{n}\", \"unit\": \"px\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "alias to nothing", json: "{ \"c\": { \"$type\": \"color\",\n \"x\": { \"$value\": \"{c.nothing}\" } } }", error: ("token.alias-dangling", 2)),
        Case(name: "alias to the wrong type in a composite", json: "{ \"n\": { \"$type\": \"number\", \"$value\": 2 }, \"b\": { \"$type\": \"border\",\n \"$value\": { \"color\": \"#000000\", \"width\": \"{n}\", \"style\": \"solid\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "pointer to nothing", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"$ref\": \"#/nothing/$value\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer without #", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"$ref\": \"/a/$value\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer to the whole file", json: "{ \"c\": { \"$type\": \"color\",\n \"$value\": { \"$ref\": \"#\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer with a trailing slash", json: "{ \"a\": { \"$type\": \"number\", \"$value\": 1 }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/a/$value/\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer with a double slash", json: "{ \"a\": { \"$type\": \"number\", \"$value\": 1 }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/a//$value\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer to a group", json: "{ \"g\": { \"a\": { \"$type\": \"number\", \"$value\": 1 } }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/g\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer to a description", json: "{ \"a\": { \"$type\": \"number\", \"$value\": 1, \"$description\": \"x\" }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/a/$description\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer with a wrong index", json: "{ \"a\": { \"$type\": \"cubicBezier\", \"$value\": [0, 0, 1, 1] }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/a/$value/7\" } } }", error: ("token.ref", 2)),
        Case(name: "pointer with a negative index", json: "{ \"a\": { \"$type\": \"cubicBezier\", \"$value\": [0, 0, 1, 1] }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/a/$value/-1\" } } }", error: ("token.ref", 2)),
        Case(name: "pointers in a circle", json: "{ \"a\": { \"$type\": \"number\", \"$value\": { \"$ref\": \"#/b/$value\" } },\n \"b\": { \"$type\": \"number\", \"$value\": { \"$ref\": \"#/a/$value\" } } }", error: ("token.ref", 1)),
        Case(name: "pointer beside $value", json: "{ \"a\": { \"$type\": \"number\", \"$value\": 1 }, \"c\": { \"$type\": \"number\", \"$value\": 2,\n \"$ref\": \"#/a/$value\" } }", error: ("token.ref", 2)),
        Case(name: "token-level pointer with a word for an index", json: "{ \"c\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 0, 0] } }, \"n\": {\n \"$ref\": \"#/c/$value/components/first\", \"$type\": \"number\" } }", error: ("token.ref", 2)),
        Case(name: "pointer beside other keys", json: "{ \"a\": { \"$type\": \"number\", \"$value\": 1 }, \"c\": { \"$type\": \"number\",\n \"$value\": { \"$ref\": \"#/a/$value\", \"value\": 2 } } }", error: ("token.ref", 2)),
        Case(name: "pointer to the wrong type", json: "{ \"a\": { \"$type\": \"number\", \"$value\": 1 }, \"c\": { \"$type\": \"color\",\n \"$value\": { \"$ref\": \"#/a/$value\" } } }", error: ("token.invalid-value", 2)),
        Case(name: "$root that is not a token", json: "{ \"g\": {\n \"$root\": { \"a\": 1 } } }", error: ("schema.type", 2)),
        Case(name: "pointer to a token object, not its value", json: "{ \"c\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [1, 0, 0] } },\n \"p\": { \"$ref\": \"#/c\", \"$type\": \"color\" } }", error: ("token.ref", 2)),
        Case(name: "alias to another type", json: "{ \"d\": { \"$type\": \"dimension\", \"$value\": { \"value\": 4, \"unit\": \"px\" } }, \"c\": { \"$type\": \"color\",\n \"$value\": \"{d}\" } }", error: ("token.alias-type", 2)),
    ]

    @Test("a valid file loads and exports", arguments: valid)
    func validCase(_ test: Case) throws {
        let (tokens, diagnostics) = Fixtures.tokens(test.json)
        #expect(!diagnostics.hasErrors, "\(test.name): \(diagnostics)")
        #expect(!tokens.tokens.isEmpty || test.name.contains("empty"))
        for token in tokens.tokens { #expect(token.css != nil, "\(test.name): \(token.name) has no CSS") }
        // And the catalog-wide exports take them.
        let exports = Self.exports(tokens)
        #expect(try JSONSerialization.jsonObject(with: Data(exports.json().utf8)) is [String: Any])
    }

    @Test("an invalid file fails at its line", arguments: invalid)
    func invalidCase(_ test: Case) throws {
        let (tokens, diagnostics) = Fixtures.tokens(test.json)
        let expected = try #require(test.error)
        #expect(diagnostics.contains { $0.severity == .error && $0.rule == expected.rule && $0.location.line == expected.line },
                "\(test.name): expected \(expected.rule) at line \(expected.line), got \(diagnostics)")
        // Nothing invalid reaches an output: a token whose value failed has no CSS, so neither
        // tokens.css nor any export carries it.
        if expected.rule == "token.invalid-value" {
            for token in tokens.tokens where token.location.line == expected.line {
                #expect(token.css == nil && token.resolvedCSS == nil, "\(test.name): \(token.name) → \(token.css ?? "")")
                #expect(!TokenStylesheet.css(for: tokens).contains(token.cssVariable + ":"), "\(test.name)")
            }
        }
    }

    @Test func rootExtendsPointersAndMetadataLandInTheOutputs() throws {
        let (tokens, diagnostics) = Fixtures.tokens(Self.valid.first { $0.name == "$root" }!.json)
        #expect(!diagnostics.hasErrors)
        let root = try #require(tokens.token("button.bg.$root"))
        #expect(root.cssVariable == "--button-bg" && root.css == "#005CE5")
        #expect(tokens.token("x")?.css == "var(--button-bg)")

        let (extended, _) = Fixtures.tokens(Self.valid.first { $0.name.hasPrefix("$extends") }!.json)
        #expect(extended.token("derived.a")?.css == "1")
        #expect(extended.token("derived.inner.b")?.css == "2")
        #expect(extended.token("derived.inner.c")?.css == "30", "the group's own member wins")
        #expect(extended.token("third.inner.c")?.css == "30", "extends chain through derived")

        let (pointed, _) = Fixtures.tokens(Self.valid.first { $0.name.hasPrefix("JSON Pointers") }!.json)
        #expect(pointed.token("copy")?.color == pointed.token("base.blue")?.color)
        #expect(pointed.token("mix")?.resolvedCSS == "#0080FF")

        let (metadata, _) = Fixtures.tokens(Self.valid.first { $0.name == "deprecated and extensions" }!.json)
        #expect(metadata.token("d.a")?.deprecated == true && metadata.token("d.a")?.deprecationMessage == "Use e.")
        #expect(metadata.token("d.b")?.deprecated == false)
        let json = Self.exports(metadata).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let group = try #require(object["d"] as? [String: Any])
        #expect((group["a"] as? [String: Any])?["$deprecated"] as? String == "Use e.")
        let extensions = try #require((group["b"] as? [String: Any])?["$extensions"] as? [String: Any])
        #expect((extensions["org.example"] as? [String: Any])?["x"] as? [Int] == [1, 2])

        let (composite, _) = Fixtures.tokens(Self.valid.first { $0.name == "alias chains and composite fields" }!.json)
        #expect(composite.token("shadow")?.css == "inset 1px 1px 1px 1px #112233")
        #expect(composite.token("border")?.css == "1px dashed #112233")
        #expect(composite.token("stops")?.css == "#112233 0%, #112233 100%")
    }
}

/// The DTCG resolver module, case by case with our own documents: each valid one gives its modes
/// with no error; each invalid one is a `token.resolver` error at the named line.
@Suite("DTCG 2025.10 resolver conformance")
struct ResolverConformanceTests {
    static let tokens = ##"{ "c": { "$type": "color", "a": { "$value": "#000000" } } }"##

    static func run(_ resolver: String) -> PipelineResult {
        Fixtures.run(SourceTree(displayRoot: "r", texts: [
            "catalog.yaml": "title: T\n",
            "tokens/base.tokens.json": tokens,
            "tokens/modes.resolver.json": resolver,
        ]))
    }

    @Test(arguments: [
        ("$defs beside the rest", ##"{ "version": "2025.10", "$defs": { "anything": { "x": 1 } }, "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } }, "resolutionOrder": [{ "$ref": "#/sets/base" }] }"##),
        ("inline set and modifier with name and type", ##"{ "version": "2025.10", "resolutionOrder": [{ "type": "set", "name": "base", "sources": [{ "$ref": "base.tokens.json" }] }, { "type": "modifier", "name": "theme", "contexts": { "light": [], "dark": [{ "c": { "$type": "color", "a": { "$value": "#FFFFFF" } } }] }, "default": "light" }] }"##),
        ("descriptions and extensions on sets and modifiers", ##"{ "version": "2025.10", "sets": { "base": { "description": "d", "$extensions": {}, "sources": [{ "$ref": "base.tokens.json" }] } }, "modifiers": { "theme": { "description": "d", "$extensions": {}, "contexts": { "light": [], "dark": [] }, "default": "light" } }, "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }"##),
    ])
    func aValidDocumentGivesNoError(name: String, document: String) {
        let result = Self.run(document)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(name): \(result.diagnostics)")
    }

    @Test(arguments: [
        ("an empty resolutionOrder", "{ \"version\": \"2025.10\",\n \"resolutionOrder\": [] }", 2, "is empty"),
        ("an unknown key in a set", "{ \"version\": \"2025.10\", \"sets\": { \"base\": {\n \"source\": [], \"sources\": [{ \"$ref\": \"base.tokens.json\" }] } }, \"resolutionOrder\": [{ \"$ref\": \"#/sets/base\" }] }", 2, "did you mean 'sources'"),
        ("an unknown key in a modifier", "{ \"version\": \"2025.10\", \"sets\": { \"base\": { \"sources\": [{ \"$ref\": \"base.tokens.json\" }] } }, \"modifiers\": { \"theme\": { \"contexts\": { \"light\": [], \"dark\": [] },\n \"defualt\": \"light\" } }, \"resolutionOrder\": [{ \"$ref\": \"#/sets/base\" }, { \"$ref\": \"#/modifiers/theme\" }] }", 2, "did you mean 'default'"),
        ("a modifier with one context", "{ \"version\": \"2025.10\", \"sets\": { \"base\": { \"sources\": [{ \"$ref\": \"base.tokens.json\" }] } }, \"modifiers\": { \"theme\": {\n \"contexts\": { \"light\": [] } } }, \"resolutionOrder\": [{ \"$ref\": \"#/sets/base\" }, { \"$ref\": \"#/modifiers/theme\" }] }", 2, "one context"),
    ])
    func anInvalidDocumentFailsAtItsLine(name: String, document: String, line: Int, words: String) {
        let result = Self.run(document)
        #expect(result.diagnostics.contains { $0.severity == .error && $0.rule == "token.resolver" && $0.location.line == line && $0.message.contains(words) },
                "\(name): \(result.diagnostics)")
    }
}
