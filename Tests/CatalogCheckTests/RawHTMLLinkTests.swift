import Foundation
import Testing
import CatalogCore
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// With `markdown.unsafe`, links in raw HTML are checked at their line in the Markdown, like
/// Markdown's own links, never blamed on the theme at `component.yaml:1:1`.
@Suite("Links in raw HTML")
struct RawHTMLLinkTests {
    private func run(_ markdown: String) -> PipelineResult {
        var tree = Fixtures.proseTree(markdown)
        tree.set("catalog.yaml", Array("title: T\nmarkdown: { unsafe: true }\n".utf8))
        return Fixtures.run(tree)
    }

    @Test func brokenLinksInRawHTMLAreReportedAtTheirLine() throws {
        let result = run("## Usage\n\nText.\n\n<p>See <a href=\"../gamma/\">Gamma</a>\nand <img src=\"missing.png\" alt=\"\"></p>\n\nInline <a href='../beta/#nowhere'>beta</a> and <a href=\"../beta/index.md\">md</a>.\n")
        let links = result.diagnostics.filter { $0.rule.rawValue.hasPrefix("link.") }
        let places = links.map { "\($0.rule) \($0.location.file):\($0.location.line):\($0.location.column)" }
        #expect(places == [
            "link.broken cat/components/alpha/index.md:5:11",
            "link.broken cat/components/alpha/index.md:6:10",
            "link.anchor cat/components/alpha/index.md:8:11",
            "link.broken cat/components/alpha/index.md:8:51",
        ], "\(links)")
        #expect(links.last?.message.contains("href=\"../beta/\"") == true, "a .md link in raw HTML is not rewritten: say what to write")
        #expect(!result.diagnostics.contains { $0.location.file.hasSuffix("component.yaml") && $0.rule.rawValue.hasPrefix("link.") })
    }

    @Test func goodLinksInRawHTMLPassAndTheirFilesAreCopied() throws {
        var tree = Fixtures.proseTree("## Usage\n\n<p><a href=\"../beta/#usage\">Beta</a> <img src=\"pic.svg\" alt=\"A picture\"></p>\n")
        tree.set("catalog.yaml", Array("title: T\nmarkdown: { unsafe: true }\n".utf8))
        tree.set("components/alpha/pic.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
        let result = Fixtures.run(tree)
        #expect(!result.diagnostics.contains { $0.rule.rawValue.hasPrefix("link.") }, "\(result.diagnostics)")
        #expect(result.site?["components/alpha/pic.svg"] != nil)
    }
}
