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
