import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogRender
import CatalogTestSupport

/// Contract v3, "Examples choose their appearance": an example's `appearance:` paints it (in the
/// demo section, the state gallery and prose) with that appearance's tokens; an unknown name is
/// an error at its line; a written `code: html:` and the demo's markup are two distinct tabs.
/// (That the colours are really those is Tests/browser/test_layout.py's.)
@Suite("Example appearances")
struct ExampleAppearanceTests {
    static func tree(_ examples: String, code: String = "") -> SourceTree {
        let component = """
        name: Alpha
        summary: First.
        accessibility: [{ requirement: Labelled }]
        states: [{ name: Default }, { name: Disabled }]
        appearances:
          - name: Primary
            example: { checked: true }
            tokens: [{ role: Track, token: c/primary }]
          - name: Secondary
            example: { checked: true }
            tokens: [{ role: Track, token: c/secondary }]
        demo:
          kind: switch
          examples:
        \(examples)
        \(code)
        """
        return SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "tokens/t.tokens.json": ##"{ "c": { "$type": "color", "primary": { "$value": "#0A57C9" }, "secondary": { "$value": "#6B2FA2" } } }"##,
            "components/alpha/component.yaml": component,
            "components/alpha/index.md": "## Usage\n\n```demo\nPlain\n" + (examples.contains("title: Second,") ? "Second\n" : "") + "```\n",
        ])
    }

    @Test func anExamplePaintedByItsAppearanceEverywhereItIsShown() throws {
        let result = Fixtures.run(Self.tree("    - { title: Plain, label: Wi-Fi }\n    - { title: Second, label: Bluetooth, appearance: Secondary }\n"))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let page = try #require(result.site?.text("components/alpha/index.html"))
        // The demo section and the prose: the named example carries its appearance's class.
        #expect(page.components(separatedBy: "<div class=\"demo-stage demo-roles-2\">").count == 3)
        #expect(page.components(separatedBy: "<div class=\"demo-stage \">").count == 3, "the plain example keeps the page's roles")
        let css = try #require(result.site?.files.first { $0.key.hasPrefix("assets/roles.") }.map { String(decoding: $0.value, as: UTF8.self) })
        #expect(css.contains(".demo-roles-2 { --demo-track-on: var(--c-secondary);"), "\(css)")
    }

    @Test func theStateGalleryTakesTheFirstExamplesAppearance() throws {
        let result = Fixtures.run(Self.tree("    - { title: Plain, label: Wi-Fi, appearance: Secondary }\n"))
        let page = try #require(result.site?.text("components/alpha/index.html"), "\(result.diagnostics.filter { $0.severity == .error })")
        #expect(page.contains("<div class=\"state-sample__stage demo-roles-2\" inert aria-hidden=\"true\">"))
    }

    @Test func anUnknownAppearanceIsAnErrorAtItsLine() throws {
        let result = Fixtures.run(Self.tree("    - { title: Plain, label: Wi-Fi, appearance: Secondry }\n"))
        let error = try #require(result.diagnostics.first { $0.rule == "ref.appearance" })
        #expect(error.location.file == "cat/components/alpha/component.yaml" && error.location.line == 15)
        #expect(error.message.contains("did you mean 'Secondary'"))
    }

    @Test func aWrittenHTMLSnippetAndTheDemosMarkupAreTwoTabs() throws {
        let result = Fixtures.run(Self.tree("    - { title: Plain, label: Wi-Fi }\n", code: "code:\n  html: |\n    <input type=\"checkbox\" role=\"switch\">\n"))
        let page = try #require(result.site?.text("components/alpha/index.html"))
        #expect(page.contains("id=\"alpha-code-html-generated\"") && page.contains("id=\"alpha-code-html\""))
        #expect(page.contains(">HTML (from the demo)</a>") && page.contains(">HTML</a>"))
        // The ids of the page's elements, not those in the code it shows.
        let ids = Fixtures.outsidePreformatted(page).components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(ids).count == ids.count, "every id once")
    }
}
