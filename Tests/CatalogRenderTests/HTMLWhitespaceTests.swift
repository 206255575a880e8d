import Foundation
import Testing
import CatalogModel
import CatalogRender
import CatalogTestSupport

/// A page leaves without its templates' indentation and blank lines, and with every space of a
/// `<pre>` or `<textarea>` kept, so what a reader sees and copies is unchanged.
@Suite("Whitespace a page does not need")
struct HTMLWhitespaceTests {
    @Test func indentationAndBlankLinesGoAndPreformattedTextStays() {
        let page = """
            <main>
              <p>One
                two</p>


              <pre class="code-block"><code>if on {
                toggle()
            }</code></pre>
              <PRE>  upper
                case</PRE>
              <textarea>  kept
              too</textarea>
              <prefix-element>
                gone</prefix-element>
            </main>
            """
        #expect(HTMLWhitespace.compact(page) == """
            <main>
            <p>One
            two</p>
            <pre class="code-block"><code>if on {
                toggle()
            }</code></pre>
            <PRE>  upper
                case</PRE>
            <textarea>  kept
              too</textarea>
            <prefix-element>
            gone</prefix-element>
            </main>
            """)
    }

    /// A `<pre>` that never closes keeps the rest of the page as written; one that opens on the
    /// line another closes is kept too; a `<` that opens neither changes nothing.
    @Test(arguments: [
        ("<div>\n  <pre>a\n  b\n\n  c", "<div>\n<pre>a\n  b\n\n  c"),
        ("  <pre>a</pre> <pre>b\n  c\n  d</pre>\n  e", "  <pre>a</pre> <pre>b\n  c\n  d</pre>\ne"),
        ("<p>1 < 2\n   <t>\n\r\n\t<\n  x", "<p>1 < 2\n<t>\n<\nx"),
        ("<pre>a\n  </PRE\n  >\n  b", "<pre>a\n  </PRE\n>\nb"),
    ])
    func preformattedTextAtItsEdges(page: String, compacted: String) {
        #expect(HTMLWhitespace.compact(page) == compacted)
    }

    @Test func aBuiltPageKeepsItsCodeBlocksAsWritten() throws {
        let tree = Fixtures.proseTree("## Usage\n\n```swift\nif on {\n    toggle()\n}\n```\n")
        let result = Fixtures.run(tree)
        let page = try #require(result.site?.text("components/alpha/index.html"))
        #expect(page.contains("if on {\n    toggle()\n}"), "the code block's indentation")
        // Outside the preformatted blocks: no indentation, no blank lines.
        let outside = page.components(separatedBy: "<pre").map { $0.components(separatedBy: "</pre>").last ?? "" }.joined(separator: "[pre]")
        #expect(!outside.contains("\n  <"), "no line starts with the templates' indentation")
        #expect(!outside.contains("\n\n"), "no blank lines")
    }
}
