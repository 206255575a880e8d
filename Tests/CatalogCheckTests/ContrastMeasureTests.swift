import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogTestSupport

/// Contrast is measured with WCAG 2.2's relative luminance and judged at its thresholds: ratios of
/// saturated colours against published values (a grey pair cannot tell the channels' weights
/// apart), and pairs just either side of 3:1 and 4.5:1.
@Suite("Contrast measure")
struct ContrastMeasureTests {
    static func color(_ hex: String) -> RGBA { RGBA(hex: hex)! }

    /// Ratios as WebAIM's contrast checker gives them (to two decimals).
    @Test(arguments: [
        ("#0000FF", "#FFFFFF", 8.59), ("#00FF00", "#FFFFFF", 1.37), ("#FF0000", "#FFFFFF", 4.00),
        ("#008000", "#FFFFFF", 5.14), ("#FFFF00", "#000000", 19.56), ("#0000FF", "#000000", 2.44),
        ("#FF0000", "#000000", 5.25), ("#000000", "#FFFFFF", 21.0), ("#767676", "#FFFFFF", 4.54),
    ])
    func saturatedPairsHaveTheirPublishedRatios(foreground: String, background: String, published: Double) {
        let ratio = RGBA.contrast(Self.color(foreground), Self.color(background))
        #expect(abs(ratio - published) < 0.006, "\(foreground) on \(background): \(ratio), published \(published)")
        #expect(abs(RGBA.contrast(Self.color(background), Self.color(foreground)) - ratio) < 1e-12, "the order does not matter")
    }

    /// The base fixture's switch appearance "On" measures its Label against the page (4.5:1) and
    /// its Track against the page (3:1); the token values put each just below or just above.
    @Test(arguments: [
        ("ink", "#777777", "contrast.text", true),       // 4.48:1
        ("ink", "#767676", "contrast.text", false),      // 4.54:1
        ("blue", "#959595", "contrast.non-text", true),  // 2.995:1
        ("blue", "#949494", "contrast.non-text", false), // 3.03:1
    ])
    func pairsEitherSideOfAThreshold(token: String, value: String, rule: String, reported: Bool) throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let tokens = String(decoding: tree["tokens/base.tokens.json"]!, as: UTF8.self)
        let original = token == "ink" ? "#1A2B4C" : "#005CE5"
        #expect(tokens.contains(original))
        tree.set("tokens/base.tokens.json", Array(tokens.replacingOccurrences(of: original, with: value).utf8))
        let result = Fixtures.run(tree)
        let label = token == "ink" ? "Label" : "Track"
        let found = result.diagnostics.filter { $0.rule == rule && $0.message.contains("\(label) ") && $0.message.contains("against the page") }
        #expect(!found.isEmpty == reported, "\(token) = \(value): \(result.diagnostics.filter { $0.rule.rawValue.hasPrefix("contrast.") })")
    }

    /// The case a team found: a dialog on a dark Surface with the usual dark text. The kind draws
    /// its heading and message on that surface, so they are measured against it (they were
    /// measured against the page and passed), and the button that opens it against the page.
    @Test func aDialogsTextIsMeasuredAgainstItsOwnSurface() throws {
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: Dialogs\n",
            "tokens/base.tokens.json": ##"{ "color": { "$type": "color", "action": { "primary": { "$value": "#0B5CAD" } }, "text": { "strong": { "$value": "#111111" }, "weak": { "$value": "#444444" } } } }"##,
            "components/confirm/component.yaml": """
            name: Confirm
            summary: Asks before an action.
            states: [{ name: Default }]
            accessibility: [{ requirement: Named, platforms: { web: By its heading. } }]
            appearances:
              - name: Default
                tokens:
                  - { role: Surface, token: color/action/primary }
                  - { role: Heading, token: color/text/strong }
                  - { role: Message, token: color/text/weak }
            demo:
              kind: dialog
              examples: [{ title: Default, trigger: Delete, heading: Delete the file?, message: It cannot be undone., appearance: Default }]

            """,
        ])
        let result = Fixtures.run(tree)
        let text = result.diagnostics.filter { $0.rule == .contrastText }.map(\.message)
        #expect(text.contains { $0.contains("Heading color/text/strong (#111111) against Surface") }, "\(text)")
        #expect(text.contains { $0.contains("Message color/text/weak (#444444) against Surface") }, "\(text)")
        // The trigger, drawn on the page in the Heading colour, reads there (18:1): no warning.
        #expect(!text.contains { $0.contains("against the page") }, "\(text)")
    }
}
