import Foundation
import Testing
import CatalogCore
import CatalogMarkdown
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogTestSupport

/// Catalog text in the Markdown outputs (each page's `index.md`, `llms.txt`, `llms-full.txt`)
/// means only what it says: a component named `Evil](javascript:alert(1)) [x` wrote a live link
/// into llms.txt, and `<img onerror>` or `<script>` in a name or a summary reached headings and
/// list items as HTML. Every output is rendered here with cmark-gfm (HTML let through, as a
/// careless reader would) and must hold no link or element the catalog did not mean.
@Suite("Markdown outputs escape catalog text")
struct MarkdownOutputEscapingTests {
    static let hostile: [String: String] = [
        "catalog.yaml": """
        title: "<b>Cat</b> [home](javascript:alert(0))"
        description: "[x](javascript:alert(6)) <script>alert(6)</script>"

        """,
        "tokens/t.tokens.json": ##"{ "c": { "$type": "color", "ink": { "$value": "#111111", "$description": "<iframe src=x></iframe> [t](javascript:alert(7))" } } }"##,
        "components/evil/component.yaml": """
        name: "Evil](javascript:alert(1)) [x"
        summary: "<img src=x onerror=alert(1)> and <script>alert(1)</script>"
        properties:
          - { name: "p", type: "[T](javascript:alert(2))", description: "[click](javascript:alert(2)) *bold* `code` | pipe" }
        states:
          - { name: "<b>State</b>", notes: "![img](http://evil.example/x.png)" }
        appearances:
          - name: "# Heading"
            description: "- item\\n1. one <svg onload=alert(3)>"
            tokens: [{ role: Track, token: c/ink }]
        accessibility:
          - { requirement: "<script>alert(4)</script>", platforms: { web: "[a](javascript:alert(4))" } }
        related: [plain]
        demo:
          kind: switch
          examples: [{ title: "<svg onload=alert(5)>", label: "[l](javascript:alert(5))" }]

        """,
        "components/evil/index.md": "Guidance with <img src=x onerror=alert(8)> raw HTML and <!-- a comment -->.\n\n<div onclick=\"alert(8)\">\nblock\n</div>\n",
        "components/plain/component.yaml": "name: Plain\nsummary: \"Also see [evil](javascript:alert(9)).\"\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named, platforms: { ios: By its label. } }]\n",
        "guides/g.md": "# [g](javascript:alert(10)) <b>guide</b>\n\nProse <script>alert(10)</script>.\n",
    ]

    @Test func noOutputHoldsALinkOrElementTheCatalogDidNotMean() throws {
        let result = Fixtures.run(SourceTree(displayRoot: "cat", texts: Self.hostile))
        let site = try #require(result.site, "\(result.diagnostics.filter { $0.severity == .error })")
        let outputs = site.files.keys.filter { $0.hasSuffix(".md") || $0.hasSuffix(".txt") }.sorted()
        #expect(outputs.contains("llms.txt") && outputs.contains("components/evil/index.md") && outputs.contains("components/index.md"))
        for path in outputs {
            let markdown = try #require(site.text(path))
            var options = MarkdownOptions(unsafe: true)
            options.wrapsTables = false
            let html = Markdown.render(markdown, options: options).html
            for element in ["<script", "<img", "<iframe", "<svg", "<b>", "<div"] {
                #expect(!html.contains(element), "\(path): \(element) became an element")
            }
            // No link or image the catalog did not mean: nothing runs script, no image is loaded
            // from what was text (a plain https address may be autolinked, as GFM does).
            for href in Self.hrefs(in: html) {
                #expect(!href.lowercased().hasPrefix("javascript:"), "\(path): a link to \(href)")
            }
            #expect(!html.contains("src=\"http://evil.example"), "\(path): an image the catalog did not mean")
            #expect(!html.contains("# [g]"), "\(path): the guide's title twice")
        }
        // The text itself is all there, as text.
        let evil = try #require(site.text("components/evil/index.md"))
        let rendered = Markdown.render(evil, options: MarkdownOptions(unsafe: true)).html
        #expect(rendered.contains("Evil](javascript:alert(1)) [x"))
        #expect(rendered.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(rendered.contains("[click](javascript:alert(2)) *bold* `code` | pipe"))
        #expect(!evil.contains("a comment"), "a comment the page leaves out is left out here too")
    }

    static func hrefs(in html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// #52 11: a `javascript:` destination the HTML page refuses is refused in the Markdown twin
    /// and in llms-full.txt however it is written: after a space or a line break, with a character
    /// reference, with a backslash escape, in angle brackets, in a reference definition.
    @Test func aRefusedDestinationIsEmptiedHoweverItIsWritten() throws {
        let forms = [
            "[a]( javascript:alert(1))",
            "[b](\njavascript:alert(2))",
            "[c](&#106;avascript:alert(3))",
            "[d](javascript\\:alert(4))",
            "[e](<javascript:alert(5)>)",
            "[f](JavaScript:alert(6))",
            "[g][ref]\n\n[ref]:\n  javascript:alert(7)",
        ]
        let tree = SourceTree(displayRoot: "content", texts: [
            "catalog.yaml": "title: Links\n",
            "components/x/component.yaml": "name: X\nsummary: One.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n",
            "components/x/index.md": "Links.\n\n" + forms.joined(separator: "\n\n") + "\n\n[safe](https://example.org/)\n",
        ])
        let result = Fixtures.run(tree)
        let site = try #require(result.site, "\(result.diagnostics.filter { $0.severity == .error })")
        for output in ["components/x/index.md", "llms-full.txt"] {
            let text = try #require(site.text(output))
            #expect(!text.lowercased().contains("alert("), "\(output) keeps a refused destination:\n\(text)")
            #expect(text.contains("[safe](https://example.org/)"))
        }
    }

    @Test func theEscapesKeepTheText() {
        for text in ["Evil](javascript:x) [y", "<b>x</b> & y", "*a* _b_ ~c~ `d` \\e !f", "# not a heading", "- not a list", "12. not a list", "1) nor this"] {
            let markdown = "- " + PageMarkdown.line(text) + "\n"
            let html = Markdown.render(markdown, options: MarkdownOptions(unsafe: true)).html
            let shown = html.replacingOccurrences(of: "<ul>\n<li>", with: "").replacingOccurrences(of: "</li>\n</ul>\n", with: "")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            #expect(shown == text, "\(text) → \(html)")
        }
        #expect(PageMarkdown.code("a`b``c") == "```a`b``c```")
        #expect(PageMarkdown.line(" \t12. x \r\n") == "12\\. x")
        #expect(PageMarkdown.cell("a | b\r\nc\nd") == "a \\| b c d")
        #expect(PageMarkdown.code("`x") == "`` `x ``")
    }

    /// A twin's table: the header, a rule of one `---|` per column, and a row per line; each cell
    /// escaped and on one line, except the columns named as Markdown already; GFM reads it back
    /// cell for cell.
    @Test func aTableIsItsHeaderARuleAndARowPerLine() {
        let table = PageMarkdown.table(["Name", "*Kind*"], [["a | b", "`x`"], ["c\nd", "e"]], markup: [1])
        #expect(table == "| Name | \\*Kind\\* |\n|---|---|\n| a \\| b | `x` |\n| c d | e |\n\n")
        let html = Markdown.render(table).html
        #expect(html.contains("<th>*Kind*</th>") && html.contains("<td>a | b</td>") && html.contains("<td><code>x</code></td>"), "\(html)")
        #expect(PageMarkdown.table(["One"], []) == "| One |\n|---|\n\n")
    }

    /// ASCII text is escaped byte by byte: it must come out as the character-by-character
    /// escaping writes it, whatever the mix of markup, entities, line breaks and spaces.
    @Test func asciiTextIsEscapedAsCharacterByCharacter() {
        let alphabet = Array("\\`*_~[]!<>&#aZ0 .-\n\r\u{0B}\u{0C}\t|")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(PageMarkdown.inline(text) == PageMarkdown.inlineByCharacter(text), "\(text.debugDescription)")
        }
        for text in ["a&b", "&#1;", "x &amp; y", "a\r\n\r\nb", "&", "a&", "ü & ö", "e\u{301}&x"] {
            #expect(PageMarkdown.inline(text) == PageMarkdown.inlineByCharacter(text), "\(text.debugDescription)")
        }
        #expect(PageMarkdown.inline("plain words") == "plain words")
        for (text, trimmed) in [("a\n \r\n", "a"), ("é\u{2028}\n ", "é"), ("\n\n", ""), ("", ""), ("x\u{85}", "x"), ("ab", "ab"), ("a\u{301}\n", "a\u{301}")] {
            #expect(text.trimmingTrailingNewlines() == trimmed, "\(text.debugDescription)")
        }
        #expect(PageMarkdown.inline("a&b *c*\nd") == "a\\&b \\*c\\* d")
    }

    /// A code block keeps its line breaks and tabs and shows every other control as an escape:
    /// the same as escaping each character alone, for text read from its buffer (ESC, NUL, DEL,
    /// C1 controls, the line and paragraph separators, and characters that share their lead bytes).
    @Test func aCodeBlockShowsItsControlsAndKeepsItsLines() {
        let pieces = ["a", " ", "\n", "\r", "\t", "\r\n", "\u{1B}", "\u{0}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{2014}", "é", "日", "\u{301}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = text.unicodeScalars.map { scalar in
                ["\n", "\r", "\t"].contains(scalar) ? String(scalar) : TextSafety.escaped(String(scalar))
            }.joined()
            #expect(TextSafety.escapedKeepingLines(text) == expected, "\(text.debugDescription)")
        }
        #expect(TextSafety.escapedKeepingLines("let a = 1\n\tb — c\r\n") == "let a = 1\n\tb — c\r\n")
        #expect(TextSafety.escapedKeepingLines("a\u{2028}b\u{1B}") != "a\u{2028}b\u{1B}")
    }

    /// Text kept whole when it starts and ends with an ASCII character it keeps: the same as
    /// trimming it character by character, for ends of every kind (spaces, tabs, line breaks,
    /// `\r\n`, combining marks, a prepended mark, the separators beyond ASCII).
    @Test func trimmingKeepsWholeWhatTheCharacterPathKeeps() {
        let pieces = ["a", "Z", " ", "\t", "\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{301}", "\u{600}", "é", "-", ""]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(text.trimmingSpaces() == text.trimmingByCharacter { $0.isWhitespace && !$0.isNewline }, "\(text.debugDescription)")
            #expect(text.trimmingNewlines() == text.trimmingByCharacter(\.isNewline), "\(text.debugDescription)")
        }
        #expect(" a b\t".trimmingSpaces() == "a b" && "a\u{301} ".trimmingSpaces() == "a\u{301}" && "\na\r\n".trimmingNewlines() == "a")
    }
}
