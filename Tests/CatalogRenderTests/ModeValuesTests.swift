import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogMCP
import CatalogTestSupport

/// With two modifiers (brand × theme) a token's value in a combination of contexts is the one
/// the stylesheet gives (`:root[data-brand][data-theme]`, through its `var()` chain), and every
/// output says the same: the component page, the tokens page, their Markdown, components.json,
/// llms-full.txt and the MCP server.
@Suite("Token values per mode, everywhere")
struct ModeValuesTests {
    static let files: [String: String] = [
        "catalog.yaml": "title: Brands\n",
        "tokens/base.tokens.json": ##"""
        { "brand": { "$type": "color", "primary": { "$value": "#0B5CAD" }, "primary-dark": { "$value": "#4D8FD6" } },
          "color": { "action": { "$type": "color", "primary": { "$value": "{brand.primary}" } },
                     "text": { "$type": "color", "strong": { "$value": "#111111" } } } }
        """##,
        "tokens/lagoon.tokens.json": ##"{ "brand": { "$type": "color", "primary": { "$value": "#0E7C86" }, "primary-dark": { "$value": "#5CC8CF" } } }"##,
        "tokens/dark.tokens.json": ##"""
        { "color": { "action": { "$type": "color", "primary": { "$value": "{brand.primary-dark}" } },
                     "text": { "$type": "color", "strong": { "$value": "#F5F5F5" } } } }
        """##,
        "tokens/modes.resolver.json": ##"""
        { "version": "2025.10",
          "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
          "modifiers": {
            "brand": { "contexts": { "harbor": [], "lagoon": [{ "$ref": "lagoon.tokens.json" }] }, "default": "harbor" },
            "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
          "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/brand" }, { "$ref": "#/modifiers/theme" }] }
        """##,
        "components/button/component.yaml": """
        name: Button
        summary: Starts an action.
        states: [{ name: Default }]
        accessibility: [{ requirement: Named, platforms: { web: By its label. } }]
        appearances:
          - name: Primary
            tokens:
              - { role: Fill, token: color/action/primary }
              - { role: Label, token: color/text/strong }

        """,
    ]

    /// `--name: value` of each declaration in `block`.
    static func declarations(_ block: Substring) -> [String: String] {
        var found: [String: String] = [:]
        for line in block.split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("--") else { continue }
            found[String(parts[0])] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
        }
        return found
    }

    /// The custom properties in force under `choices` (the `:root` block, then each chosen
    /// context's attribute block, in the stylesheet's order), with every `var()` followed.
    static func cascade(_ css: String, choices: [(modifier: String, context: String)]) -> [String: String] {
        var values: [String: String] = [:]
        let uncommented = css.replacingOccurrences(of: #"/\*.*?\*/"#, with: "", options: .regularExpression)
        var rest = Substring(uncommented)
        while let open = rest.firstIndex(of: "{") {
            let selector = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let body = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let applies = selector == ":root" || choices.contains { selector == ":root[data-\($0.modifier)=\"\($0.context)\"]" }
            if applies { values.merge(declarations(body)) { _, later in later } }
        }
        func resolve(_ value: String, depth: Int = 0) -> String {
            guard depth < 20, value.hasPrefix("var("), value.hasSuffix(")") else { return value }
            return resolve(values[String(value.dropFirst(4).dropLast())] ?? value, depth: depth + 1)
        }
        return values.mapValues { resolve($0) }
    }

    @Test func everyOutputGivesTheCombinationsValue() throws {
        let tree = SourceTree(displayRoot: "cat", texts: Self.files)
        let result = Fixtures.run(tree)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let site = try #require(result.site)
        let catalog = try #require(result.catalog)
        let modes = try #require(catalog.modes)
        #expect(modes.resolutions.count == 3)
        let css = try #require(site.files.first { $0.key.hasPrefix("assets/tokens.") }.map { String(decoding: $0.value, as: UTF8.self) })
        let query = try CatalogQuery(result)
        let tokensMarkdown = try #require(site.text("tokens/index.md"))
        let componentMarkdown = try #require(site.text("components/button/index.md"))
        let tokensPage = try #require(site.text("tokens/index.html"))
        let componentPage = try #require(site.text("components/button/index.html"))
        let json = try #require(site["components/button/component.json"])
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let appearance = try #require((data["appearances"] as? [[String: Any]])?.first)
        let dataTokens = try #require(appearance["tokens"] as? [[String: Any]])

        var checked = 0
        for resolution in modes.resolutions {
            let properties = Self.cascade(css, choices: resolution.choices)
            for token in catalog.tokens.tokens {
                let expected = try #require(resolution.tokens.token(token.name)).displayValue
                // The stylesheet: what a page with these modes chosen paints.
                #expect(properties[token.cssVariable]?.uppercased() == expected.uppercased(), "\(token.name) in \(resolution.label): CSS \(properties[token.cssVariable] ?? "nothing") vs \(expected)")
                // MCP.
                let answer = try #require(try JSONSerialization.jsonObject(with: Data(try query.token(token.path.joined(separator: "/")).utf8)) as? [String: Any])
                #expect((answer["modes"] as? [String: String])?[resolution.label] == expected, "MCP \(token.name) in \(resolution.label)")
                // The tokens page's Markdown: a column per resolution.
                let row = try #require(tokensMarkdown.split(separator: "\n").first { $0.hasPrefix("| `\(token.path.joined(separator: "/"))`") })
                let header = try #require(tokensMarkdown.split(separator: "\n").first { $0.hasPrefix("| Token") })
                let column = try #require(header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.firstIndex(of: resolution.label))
                #expect(row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[column] == expected, "tokens/index.md: \(token.name) in \(resolution.label)")
                // The pages list the value where it differs from the default.
                if expected != token.displayValue {
                    #expect(tokensPage.contains("<li>\(resolution.label): <code>\(expected)</code></li>"), "tokens page: \(token.name) in \(resolution.label)")
                }
                checked += 1
            }
            for use in dataTokens {
                let name = try #require(use["token"] as? String)
                let token = try #require(catalog.tokens.token(name))
                let expected = try #require(resolution.tokens.token(name)).displayValue
                let inData = (use["modes"] as? [String: String])?[resolution.label] ?? token.displayValue
                #expect(inData == expected, "component.json: \(name) in \(resolution.label)")
                if expected != token.displayValue {
                    #expect(componentPage.contains("<li>\(resolution.label): <code>\(expected)</code></li>"), "component page: \(name) in \(resolution.label)")
                }
                let markdownRow = try #require(componentMarkdown.split(separator: "\n").first { $0.contains("`\(name)`") })
                let header = try #require(componentMarkdown.split(separator: "\n").first { $0.hasPrefix("| Role") })
                let column = try #require(header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.firstIndex(of: resolution.label))
                #expect(markdownRow.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[column] == expected, "component Markdown: \(name) in \(resolution.label)")
            }
        }
        #expect(checked == 3 * catalog.tokens.tokens.count)
        // The case the team found: the combination's own value, not either context's.
        let both = try #require(modes.resolutions.first { $0.label == "brand=lagoon, theme=dark" })
        #expect(both.tokens.token("color.action.primary")?.displayValue == "#5CC8CF")
        #expect(try #require(site.text("llms-full.txt")).contains("#5CC8CF"))
    }
}
