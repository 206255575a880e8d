import Foundation
import Testing
import CatalogRender
import CatalogTestSupport

/// The Code section shows each snippet as text: whatever the snippet holds (a closing `</pre>`,
/// a `<script>`, an entity) is shown, never read as markup, and its quotes are printed as
/// written (`"`, not `&quot;`, which cost six bytes for one wherever code quotes a string).
@Suite("Code section")
struct CodeSectionTests {
    @Test func aSnippetIsShownAsTextWithItsQuotesAsWritten() throws {
        let tree = Fixtures.proseTree("## Usage\n\nText.\n", extra: [
            "components/alpha/component.yaml": """
            name: Alpha
            summary: First.
            code:
              swiftui: "Toggle(\\"On\\", isOn: $on) // </code></pre><script>alert(1)</script> &amp; a > b"

            """,
        ])
        let result = Fixtures.run(tree)
        let page = try #require(result.site?.text("components/alpha/index.html"))
        #expect(page.contains(#"<code class="language-swift">Toggle("On", isOn: $on) // &lt;/code>&lt;/pre>&lt;script>alert(1)&lt;/script> &amp;amp; a > b</code></pre>"#))
        #expect(!page.contains("<script>alert"))
    }
}
