import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// Themes: inheritance, overriding one template, and errors for broken templates.
@Suite("Themes")
struct ThemeTests {
    private func themesFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-themes-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent("themes/default"), to: folder.appendingPathComponent("default"))
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    private func run(theme: String, in folder: URL) throws -> PipelineResult {
        var tree = try Fixtures.read(Fixtures.path("base"))
        tree.set("catalog.yaml", Array("title: Fixture Catalog\ntheme: \(theme)\n".utf8))
        tree.readTheme(searchPath: [folder.path])
        return Pipeline.run(tree)
    }

    @Test func aThemeThatExtendsDefaultOverridesOnlyWhatItReplaces() throws {
        let folder = try themesFolder([
            "brand/theme.yaml": "extends: default\n",
            "brand/templates/partials/footer.mustache": "<footer class=\"brand-footer\" id=\"site-footer\"><p>Brand footer</p></footer>\n",
            "brand/assets/brand.css": "body { font-family: serif; }\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let branded = try #require(try run(theme: "brand", in: folder).site)
        let plain = try #require(try run(theme: "default", in: folder).site)
        #expect(branded.text("index.html")?.contains("Brand footer") == true)
        #expect(plain.text("index.html")?.contains("Brand footer") == false)
        #expect(branded.files.keys.contains { $0.hasPrefix("assets/brand.") })
        func withoutFooter(_ site: Site, _ page: String) -> String {
            let html = site.text(page) ?? ""
            return String(html[..<(html.range(of: "<footer")?.lowerBound ?? html.endIndex)])
        }
        for page in plain.pagePaths {
            #expect(withoutFooter(branded, page) == withoutFooter(plain, page), "\(page) changed beyond the footer")
        }
    }

    /// A misspelt name renders nothing; the check finds it at its tag, in a page, in a partial
    /// it includes, inside a section (against the section's names) and in a kind's template.
    @Test func aNameNoContextProvidesIsAnErrorAtItsTag() throws {
        let folder = try themesFolder([
            "typo/theme.yaml": "extends: default\n",
            "typo/templates/page-guide.mustache": "{{<base}}\n{{$main}}\n  <h1>{{guide.titel}}</h1>{{> partials/typo}}\n{{#extra}}{{anything.at.all}}{{/extra}}\n{{/main}}\n{{/base}}\n",
            "typo/templates/partials/typo.mustache": "<ul>{{#nav}}<li>{{lable}}</li>{{/nav}}</ul>\n<p>{{site.titel}} {{.}} {{#nav}}{{.}}{{/nav}}</p>\n",
            "typo/templates/demos/switch.mustache": "<label>{{lable}}<input id=\"{{id}}\" {{#checked}}checked{{/checked}}></label>\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "typo", in: folder)
        #expect(result.site == nil)
        let found = result.diagnostics.filter { $0.rule == "template.unknown-name" }
        func at(_ file: String, _ line: Int, _ column: Int, _ words: String) {
            #expect(found.contains { $0.location.file.hasSuffix(file) && $0.location.line == line && $0.location.column == column && $0.message.contains(words) }, "\(file):\(line):\(column) \(words) in \(found)")
        }
        at("typo/templates/page-guide.mustache", 3, 7, "did you mean 'title'")
        at("typo/templates/partials/typo.mustache", 1, 17, "did you mean 'label'")
        at("typo/templates/partials/typo.mustache", 2, 4, "did you mean 'title'")
        at("typo/templates/demos/switch.mustache", 1, 8, "did you mean 'label'")
        // Free data (`extra:`) may hold anything; nothing else is reported.
        #expect(found.count == 4, "\(found)")
    }

    @Test func theDefaultThemeUsesOnlyNamesItsContextsProvide() throws {
        let source = try #require(ThemeReader.read(name: "default", searchPath: [Fixtures.repository.appendingPathComponent("themes").path], location: SourceLocation(file: "catalog.yaml")).0)
        let (_, problems) = Theme.compile(LoadedTheme.load(source).0)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aMissingPartialIsAnErrorAtItsTag() throws {
        let folder = try themesFolder([
            "broken/theme.yaml": "extends: default\n",
            "broken/templates/page-guide.mustache": "{{<base}}\n{{$main}}\n  {{> partials/nope}}\n{{/main}}\n{{/base}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "broken", in: folder)
        #expect(result.site == nil)
        let problem = try #require(result.diagnostics.first { $0.rule == "template.partial-missing" })
        #expect(problem.location.file.hasSuffix("broken/templates/page-guide.mustache"))
        #expect(problem.location.line == 3)
        #expect(problem.location.column == 3)
    }

    @Test func aTemplateThatDoesNotParseIsAnError() throws {
        let folder = try themesFolder([
            "broken/theme.yaml": "extends: default\n",
            "broken/templates/page-home.mustache": "{{<base}}{{$main}}\n{{#open}}never closed\n{{/main}}{{/base}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "broken", in: folder)
        #expect(result.site == nil)
        #expect(result.diagnostics.contains { $0.rule == "template.syntax" && $0.location.file.hasSuffix("page-home.mustache") })
    }

    @Test func aThemeWithoutARequiredTemplateIsAnError() throws {
        let folder = try themesFolder([
            "bare/templates/base.mustache": "<html>{{$main}}{{/main}}</html>\n",
            "bare/demos/switch.yaml": "name: Switch\nfields:\n  label: { type: text, required: true }\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "bare", in: folder)
        #expect(result.site == nil)
        #expect(result.diagnostics.contains { $0.rule == "template.missing" && $0.message.contains("page-component") })
        #expect(result.diagnostics.contains { $0.rule == "template.missing" && $0.message.contains("demos/switch") })
    }

    @Test func anAssetATemplateNamesMustExist() throws {
        let folder = try themesFolder([
            "acme/theme.yaml": "extends: default\n",
            "acme/templates/page-home.mustache": "{{<base}}{{$main}}\n<script src=\"{{asset.demos_buton_js}}\"></script>\n{{/main}}{{/base}}\n",
            "acme/assets/demos/button.js": "// a button\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "acme", in: folder)
        #expect(result.site == nil)
        #expect(result.diagnostics.contains { $0.rule == "template.asset-missing" && $0.location.file.hasSuffix("page-home.mustache") && $0.location.line == 2 && $0.message.contains("did you mean 'demos_button_js'") },
                "\(result.diagnostics)")
    }

    /// The navigation's links are the same on every page, so they are checked once per depth of
    /// page, not skipped.
    @Test func aBrokenNavigationLinkIsFound() throws {
        let folder = try themesFolder([
            "acme/theme.yaml": "extends: default\n",
            "acme/templates/partials/catalog-nav.mustache": "<nav aria-label=\"Catalog\"><a href=\"{{components.href}}\">All</a> <a href=\"{{components.href}}missing/\">Gone</a></nav>\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "acme", in: folder)
        let broken = result.diagnostics.filter { $0.rule == "link.broken" }
        #expect(broken.count == 1, "\(broken)")
        #expect(broken.first?.message.contains("components/missing/") == true)
    }

    @Test func anExtendsCycleIsAnError() throws {
        let folder = try themesFolder(["a/theme.yaml": "extends: b\n", "b/theme.yaml": "extends: a\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "a", in: folder)
        #expect(result.diagnostics.contains { $0.rule == "theme.extends-cycle" })
    }

    @Test func aBrokenLinkInATemplateIsReportedAtThePagesSource() throws {
        let folder = try themesFolder([
            "linky/theme.yaml": "extends: default\n",
            "linky/templates/partials/footer.mustache": "<footer id=\"site-footer\"><a href=\"{{root}}nowhere/\">Lost</a> <a href=\"#no-such-id\">Jump</a></footer>\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(theme: "linky", in: folder)
        #expect(result.site == nil)
        #expect(result.diagnostics.contains { $0.rule == "link.broken" && $0.location.file == "fixture/components/alpha/component.yaml" && $0.message.contains("nowhere/") })
        #expect(result.diagnostics.contains { $0.rule == "link.anchor" && $0.message.contains("#no-such-id") })
        #expect(result.diagnostics.contains { $0.rule == "link.broken" && $0.location.file == "fixture/catalog.yaml" }, "index pages point at catalog.yaml")
    }

    /// Each page carries the theme's policy in a `<meta http-equiv>`; a theme that extends
    /// another may declare its own, and one that would break out of the attribute is refused.
    @Test func theThemesContentSecurityPolicyIsInEveryPage() throws {
        let folder = try themesFolder([
            "cdn/theme.yaml": "extends: default\ncontent-security-policy: \"default-src 'self'; img-src 'self' https://cdn.example.org\"\n",
            "quoted/theme.yaml": "extends: default\ncontent-security-policy: 'default-src \"self\" x'\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let inherited = try run(theme: "default", in: folder)
        #expect(inherited.site?.text("components/alpha/index.html")?.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;self&#39;\">") == true)
        let own = try run(theme: "cdn", in: folder)
        #expect(own.site?.text("index.html")?.contains("content=\"default-src &#39;self&#39;; img-src &#39;self&#39; https://cdn.example.org\"") == true)
        let quoted = try run(theme: "quoted", in: folder)
        #expect(quoted.diagnostics.contains { $0.rule == "schema.type" && $0.message.contains("content-security-policy") && $0.location.line == 2 }, "\(quoted.diagnostics)")
    }

    @Test func partialReferencesAreFoundWithTheirPositions() {
        let references = Theme.partialReferences(in: "a\n  {{> one}} {{>two}}\n{{< base}}{{! {{>not}} }}\n")
        #expect(references.map(\.name).prefix(3) == ["one", "two", "base"])
        #expect(references.first.map { [$0.line, $0.column] } == [2, 3])
    }

    /// Lines end at every line feed, also one after a carriage return (a template saved on
    /// Windows), and a column counts characters, not bytes. (Read as characters, "\r\n" is one
    /// character that is not "\n": every tag of such a template was placed on line 1.)
    @Test func tagPositionsFollowWindowsLineEndsAndCountCharacters() {
        let references = Theme.partialReferences(in: "a\r\n  {{> one}}\r\né {{> two}}\r\n")
        #expect(references.map { "\($0.name) \($0.line):\($0.column)" } == ["one 2:3", "two 3:3"])
    }

    /// A brace that a combining mark joins (`{` + U+0301) is another character, so it neither
    /// opens nor closes a tag, as swift-mustache reads it.
    @Test func aBraceAMarkJoinsIsNoDelimiter() {
        #expect(Theme.partialReferences(in: "{{\u{301}> one}} {{> two}}\u{301} }}").map(\.name) == ["two}}\u{301}"])
    }
}
