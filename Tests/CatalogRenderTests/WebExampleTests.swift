import Foundation
import Testing
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogPipeline
import CatalogTestSupport

/// The team's own web examples (`web:` in catalog.yaml, `examples:` in component.yaml): each a
/// page of its own with exactly the team's files, shown in a frame; every mistake at its line.
@Suite("Web examples")
struct WebExampleTests {
    /// A copy of the `web` fixture (the catalog and the team's `ui/` beside it), edited by `edit`.
    static func copy(_ edit: (URL) throws -> Void = { _ in }) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("web"), to: folder)
        try edit(folder)
        return folder
    }

    static func run(_ folder: URL) throws -> PipelineResult {
        Pipeline.run(try CatalogReader.read(folder.appendingPathComponent("catalog").path), pages: .kept)
    }

    static func replace(_ folder: URL, _ path: String, _ old: String, _ new: String) throws {
        let url = folder.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no '\(old)'")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    @Test func eachExampleIsAPageOfTheTeamsFilesShownInAFrame() throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let site = try #require(result.site)
        // The team's files, published once under web/<hash of them all>/ (the chunk a module
        // imports and the assets too).
        let web = "web/" + result.catalog!.webFiles.folderHash + "/"
        for path in ["ui.css", "ui-button.js", "ui-shared.js", "ui-card.js", "assets/ui-button.css", "assets/stripe.svg"] {
            #expect(site.contains(web + path), "\(path)")
        }
        let page = try #require(site.text("components/button/examples/primary/index.html"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"../../../../\(web)ui.css\">"))
        #expect(page.contains("<script src=\"../../../../\(web)ui-button.js\" type=\"module\"></script>"), "a module loads as one")
        #expect(page.contains("<script src=\"../../../../\(web)ui-card.js\" defer></script>"), "a classic script loads as one")
        #expect(page.contains("assets/tokens.") && !page.contains("site-header") && !page.contains("<style") && !page.contains("style="))
        let markup = try String(contentsOf: folder.appendingPathComponent("catalog/components/button/examples/primary.html"), encoding: .utf8)
        #expect(page.contains(markup))
        // The component page: a titled, sandboxed frame, the width switch, the link, the markup.
        let component = try #require(site.text("components/button/index.html"))
        #expect(component.contains("<iframe class=\"web-example__frame\" src=\"examples/primary/\" title=\"Button: Primary, the team&#39;s own component\""))
        // An opaque origin: the team's script cannot reach the page around it (#52 6).
        #expect(component.contains("sandbox=\"allow-scripts allow-forms allow-popups\"") && !component.contains("allow-same-origin"))
        #expect(component.contains("height=\"80\"") && component.contains("data-width=\"320\"") && component.contains("data-width=\"768\""))
        #expect(component.contains("href=\"examples/primary/\" target=\"_blank\""))
        #expect(component.contains("<code class=\"language-html\">&lt;ui-button&gt;Save changes&lt;/ui-button&gt;"))
        #expect(component.contains("assets/examples."))
        #expect(site.contains("components/button/examples/disabled/index.html"))
        // A ```demo fence names a web example by title in the component's prose, and by
        // `slug/Title` in a guide: the same frame, its address from that page.
        #expect(component.contains("id=\"example-disabled-pr1\"") && component.contains("<iframe class=\"web-example__frame\" src=\"examples/disabled/\""))
        let guide = try #require(site.text("guides/actions/index.html"))
        #expect(guide.contains("<iframe class=\"web-example__frame\" src=\"../../components/button/examples/primary/\"") && guide.contains("assets/examples."))
        #expect(guide.contains("Button: Primary"))
    }

    /// #55 3: `href="#p2"` in a web example is the team's markup: a link within the example that
    /// resolves there passes, one that does not is a warning at its file, line and column.
    @Test func aFragmentInAWebExampleResolvesWithinItOrWarnsAtItsLine() throws {
        let folder = try Self.copy { folder in
            try Self.replace(folder, "catalog/components/button/examples/primary.html", "<ui-button variant=\"quiet\">Cancel</ui-button>",
                             "<ui-button variant=\"quiet\">Cancel</ui-button>\n<nav><a href=\"#p1\">1</a> <a href=\"#p2\">2</a></nav>\n<p id=\"p1\">One</p>")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(folder)
        let anchors = result.diagnostics.filter { $0.rule == .linkAnchor }
        #expect(anchors.count == 1 && anchors.allSatisfy { $0.severity == .warning }, "\(anchors)")
        let warning = try #require(anchors.first)
        #expect(warning.message.contains("'#p2'") && !warning.message.contains("theme"), "\(warning.message)")
        #expect(warning.location.file.hasSuffix("components/button/examples/primary.html") && warning.location.line == 3 && warning.location.column == 29, "\(warning.location)")
        #expect(result.site != nil)
    }

    @Test func everyMistakeIsReportedAtItsLine() throws {
        let folder = try Self.copy { folder in
            try Self.replace(folder, "catalog/catalog.yaml", "scripts: [../ui/ui-button.js, ../ui/ui-card.js]", "scripts: [../ui/ui-button.js, ../ui/missing.js]")
            try Self.replace(folder, "catalog/components/button/component.yaml", "html: examples/primary.html", "html: examples/primry.html")
            try Self.replace(folder, "catalog/components/button/component.yaml", "      <ui-button disabled>Save</ui-button>\n", "      <div><ui-button disabled>Save</div></ui-button>\n")
            try Self.replace(folder, "catalog/components/button/component.yaml", "    height: 80\n", "    height: 80\n    appearance: Primry\n")
            try Self.replace(folder, "catalog/components/card/examples/long.html", "<p>Its second", "<p style=\"color: red\">Its second")
            try Self.replace(folder, "ui/ui.css", "url(assets/stripe.svg)", "url(assets/stripes.svg)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(folder)
        let text = result.diagnostics.map(\.description).joined(separator: "\n")
        func at(_ rule: RuleID, _ file: String, _ line: Int, _ words: String) -> Bool {
            result.diagnostics.contains { $0.rule == rule && $0.location.file.hasSuffix(file) && $0.location.line == line && $0.message.contains(words) }
        }
        #expect(at(.webMissing, "catalog.yaml", 5, "../ui/missing.js"), "\(text)")
        #expect(at(.fileMissing, "button/component.yaml", 7, "examples/primry.html"), "\(text)")
        #expect(at(.webMarkup, "button/component.yaml", 10, "</div> comes while <ui-button>"), "\(text)")
        #expect(at(.refAppearance, "button/component.yaml", 12, "Primry"), "\(text)")
        #expect(at(.webMarkup, "card/examples/long.html", 4, "`style` attribute"), "\(text)")
        // What a stylesheet loads that is not there: at the line of its `url()`.
        let css = try String(contentsOf: folder.appendingPathComponent("ui/ui.css"), encoding: .utf8)
        let line = css.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("stripes.svg") }! + 1
        #expect(at(.webAsset, "ui/ui.css", line, "assets/stripes.svg"), "\(text)")
    }

    /// #52 9: titles that slug alike are an error at the second; titles with no ASCII letter
    /// get pages of their own.
    @Test func examplesThatWouldShareAPageAreAnError() throws {
        let folder = try Self.copy { folder in
            try Self.replace(folder, "catalog/components/button/component.yaml", "  - title: Disabled\n", "  - title: 日本\n    html: '<ui-button>一</ui-button>'\n  - title: 中文\n    html: '<ui-button>二</ui-button>'\n  - title: primary!\n    html: '<ui-button>Again</ui-button>'\n  - title: Disabled\n")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(folder)
        let clashes = result.diagnostics.filter { $0.rule == .demoDuplicateTitle }
        #expect(clashes.count == 1 && clashes[0].message.contains("“primary!”") && clashes[0].message.contains("“Primary”"), "\(clashes)")
        #expect(clashes.first?.location.line == 12)
        let button = try #require(result.catalog?.component("button"))
        let ids = button.webExamples.map(\.id)
        #expect(Set(ids.filter { $0.hasPrefix("example-") }).count == 2, "\(ids)")
    }

    @Test func anAssetTheFrameLoadsThatIsNotPublishedNamesTheExample() throws {
        let folder = try Self.copy { folder in
            try Self.replace(folder, "catalog/components/card/examples/long.html", "<h2 class=\"ui-card__title\">", "<img src=\"../../../../web/assets/logo.png\" alt=\"\"><h2 class=\"ui-card__title\">")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(folder)
        let problem = result.diagnostics.first { $0.rule == .webAsset }
        #expect(problem?.message.contains("“With a long text” of Card") == true && problem?.message.contains("logo.png") == true, "\(result.diagnostics)")
        #expect(problem?.location.file.hasSuffix("card/component.yaml") == true)
    }

    @Test func theFragmentCheckKnowsHTMLsOptionalEndTags() {
        #expect(HTMLFragment.problem(in: "<ul><li>One<li>Two</ul><p>Text<p>More") == nil)
        #expect(HTMLFragment.problem(in: "<table><tr><td>A<td>B<tr><td>C</table>") == nil)
        #expect(HTMLFragment.problem(in: "<img src=a.png alt=\"\"><br><input type=checkbox>") == nil)
        #expect(HTMLFragment.problem(in: "<div><span></div>")?.message.contains("</div> comes while <span>") == true)
        #expect(HTMLFragment.problem(in: "<section>open")?.message.contains("<section> is never closed") == true)
        #expect(HTMLFragment.problem(in: "<html><body>x</body></html>")?.message.contains("whole document") == true)
        #expect(HTMLFragment.problem(in: "<button onclick=\"go()\">Go</button>")?.message.contains("`onclick`") == true)
        #expect(HTMLFragment.problem(in: "<script>alert(1)</script>")?.message.contains("inline script") == true)
        #expect(HTMLFragment.problem(in: "<script src=\"x.js\"></script>") == nil)
    }
}
