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

    /// Between a table's parts a line break is drawn nowhere, so it goes; between two inline
    /// elements (and between text and a tag) it is a space the reader sees, so it stays.
    @Test(arguments: [
        ("<div class=\"scroll\">\n<table>\n<caption>Tokens</caption>\n<thead>\n<tr>\n<th scope=\"col\">Role</th>\n</tr>\n</thead>\n</table>\n</div>",
         "<div class=\"scroll\"><table><caption>Tokens</caption><thead><tr><th scope=\"col\">Role</th></tr></thead></table></div>"),
        ("<tr>\n  <td><span class=\"status\">Pass</span>\n  </td>\n</TR>\n<tr>", "<tr><td><span class=\"status\">Pass</span></td></TR><tr>"),
        ("<td>\n<colgroup>\n<col>\n<tbody>\n<tfoot>", "<td><colgroup><col><tbody><tfoot>"),
        ("<span>On</span>\n<span>Off</span>\n<code>x</code>", "<span>On</span>\n<span>Off</span>\n<code>x</code>"),
        ("<td>a < b\n</td>\nText\n<tr>", "<td>a < b\n</td>\nText\n<tr>"),
        // A tag written over two lines is not looked into: its break stays.
        ("<table\n  class=\"x\">\n<tab-panel>\n<caption-note>\n<cite>", "<table\nclass=\"x\">\n<tab-panel>\n<caption-note>\n<cite>"),
        ("<pre>\n<tr>\n</pre>\n<td>", "<pre>\n<tr>\n</pre><td>"),
    ])
    func lineBreaksBetweenATablesParts(page: String, compacted: String) {
        #expect(HTMLWhitespace.compact(page) == compacted)
    }

    @Test func aBuiltPageKeepsItsCodeBlocksAsWritten() throws {
        let tree = Fixtures.proseTree("## Usage\n\n```swift\nif on {\n    toggle()\n}\n```\n")
        let result = Fixtures.run(tree)
        let page = try #require(result.site?.text("components/alpha/index.html"))
        #expect(page.contains("if on {\n    toggle()\n}"), "the code block's indentation")
        // Outside the preformatted blocks: no indentation, no blank lines.
        let outside = Fixtures.outsidePreformatted(page)
        #expect(!outside.contains("\n  <"), "no line starts with the templates' indentation")
        #expect(!outside.contains("\n\n"), "no blank lines")
    }
}
