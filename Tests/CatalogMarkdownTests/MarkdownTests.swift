import Testing
@testable import CatalogMarkdown

@Suite("Markdown through cmark-gfm")
struct MarkdownTests {
    @Test func tablesGetAlignmentClassesNotAttributes() {
        let html = Markdown.render("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n").html
        #expect(html.contains("<table>"))
        #expect(html.contains("<th class=\"align-left\">a</th>"))
        #expect(html.contains("<td class=\"align-center\">2</td>"))
        #expect(html.contains("<td class=\"align-right\">3</td>"))
        #expect(!html.contains("align=\""))
        #expect(!html.contains("style="))
    }

    @Test func strikethroughAndAutolink() {
        let html = Markdown.render("~~gone~~ see https://example.com/x now").html
        #expect(html.contains("<del>gone</del>"))
        #expect(html.contains("<a href=\"https://example.com/x\">https://example.com/x</a>"))
    }

    @Test func taskListItemsShowTheirStateAsText() {
        let html = Markdown.render("- [ ] open task\n- [x] done task\n").html
        #expect(html.contains("data-state=\"open\""))
        #expect(html.contains("data-state=\"done\""))
        #expect(html.contains("Done:"))
        #expect(html.contains("To do:"))
        #expect(!html.contains("<input"))
    }

    @Test func footnotes() {
        let html = Markdown.render("Claim.[^1]\n\n[^1]: The source.\n").html
        #expect(html.contains("class=\"footnote-ref\""))
        #expect(html.contains("<section class=\"footnotes\""))
        #expect(html.contains("The source."))
    }

    @Test func rawHTMLIsOmittedInSafeMode() {
        let html = Markdown.render("<div class=\"x\">hi</div>\n\nText <b>bold</b> [j](javascript:alert(1))\n").html
        #expect(!html.contains("<div class=\"x\">"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("raw HTML omitted"))
        #expect(!html.contains("javascript:"))
    }

    /// Comments are comments and `<br>` is a line break: neither is a notice; the rest of the
    /// raw HTML is one notice per block, with a count of the pieces after the first.
    @Test func commentsAndLineBreaksAreNotNoticesAndHTMLIsOneNoticePerBlock() {
        let source = "<!-- migrated -->\n\nOne<br>two<BR />three <!-- aside -->\n\n<!--\nmany\nlines\n-->\n\nSome <b>bold</b> and <i>it</i>.\n\n<div>\nblock\n</div>\n"
        let result = Markdown.render(source)
        #expect(result.html.contains("<p>One<br />\ntwo<br />\nthree"), "\(result.html)")
        #expect(!result.html.contains("migrated") && !result.html.contains("many"))
        #expect(result.notices.map(\.kind) == [.rawHTMLOmitted, .rawHTMLOmitted], "\(result.notices)")
        #expect(result.notices.map(\.line) == [10, 12])
        #expect(result.notices.map(\.more) == [3, 0])
        #expect(!RawHTML.isComment("<!-- a --> <b>"))
        #expect(RawHTML.isComment(" <!-- a -->\n"))
    }

    /// With unsafe Markdown, each tag the tag filter neutralises is a notice at its line; other
    /// HTML passes through without one.
    @Test func unsafeModeNamesWhatTheTagFilterNeutralises() {
        let result = Markdown.render("<div>ok</div>\n\nA <iframe src=\"x\"></iframe> and <Script>x</script>.\n\n<style>p{}</style>\n", options: .init(unsafe: true))
        #expect(result.notices.map(\.kind) == [.htmlFiltered, .htmlFiltered, .htmlFiltered])
        #expect(result.notices.map(\.text) == ["iframe", "script", "style"])
        #expect(result.notices.map(\.line) == [3, 3, 5])
        #expect(RawHTML.filteredTag(in: "<scripts>") == nil)
        #expect(RawHTML.filteredTag(in: "<titles><title>") == "title")
    }

    @Test func unsafeModeLetsHTMLThroughButTagfilterStillApplies() {
        let html = Markdown.render("<div class=\"x\">hi</div>\n\n<script>alert(1)</script>\n", options: .init(unsafe: true)).html
        #expect(html.contains("<div class=\"x\">hi</div>"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script>"))
    }

    @Test func headingsGetUniqueIDsAndAnchorLinks() {
        let result = Markdown.render("## Usage\n\ntext\n\n## Usage\n\n### When *not* to use it?\n", options: .init(reservedIDs: ["states"]))
        #expect(result.headings.map(\.id) == ["usage", "usage-1", "when-not-to-use-it"])
        #expect(result.headings.map(\.text) == ["Usage", "Usage", "When not to use it?"])
        #expect(result.html.contains("<h2 id=\"usage\">"))
        #expect(result.html.contains("<h2 id=\"usage-1\">"))
        #expect(result.html.contains("href=\"#usage\""))
        #expect(result.html.contains("<h3 id=\"when-not-to-use-it\">"))
        #expect(result.html.contains("<em>not</em>"))
    }

    @Test func reservedIDsAreNeverTaken() {
        let result = Markdown.render("## States\n", options: .init(reservedIDs: ["states"]))
        #expect(result.headings.first?.id == "states-1")
    }

    @Test func headingLevelsAreFittedUnderThePageTitleWithoutSkips() {
        let result = Markdown.render("# Title\n\n### Deep\n\n## Back\n", options: .init(topHeadingLevel: 2))
        #expect(result.headings.map(\.level) == [2, 3, 3])
        #expect(result.headings.map(\.sourceLevel) == [1, 3, 2])
    }

    @Test func headingPositionsAreRecorded() {
        let result = Markdown.render("intro\n\n## Usage\n")
        #expect(result.headings.first?.line == 3)
        #expect(result.headings.first?.column == 1)
    }

    @Test func firstTopLevelParagraphIsTheSummary() {
        let result = Markdown.render("## Heading\n\n> quoted\n\nThe *first* real\nparagraph.\n\nSecond.\n")
        #expect(result.summary == "The first real paragraph.")
    }

    @Test func linksAreReportedWithPositionsAndCanBeRewritten() {
        let source = "See [the switch](../switch/index.md#usage).\n\n![Anatomy](anatomy.png)\n"
        let result = Markdown.render(source) { link in
            link.destination.hasSuffix(".md#usage") ? "../switch/#usage" : nil
        }
        #expect(result.links.count == 2)
        #expect(result.links[0] == MarkdownLink(destination: "../switch/index.md#usage", isImage: false, line: 1, column: 5))
        #expect(result.links[1].isImage)
        #expect(result.links[1].line == 3)
        #expect(result.html.contains("href=\"../switch/#usage\""))
        #expect(result.html.contains("src=\"anatomy.png\""))
    }

    @Test func slugsKeepLettersDigitsHyphensAndUnderscores() {
        #expect(HeadingID.slug("Radio Button: Do's & Don'ts") == "radio-button-dos--donts")
        #expect(HeadingID.slug("Größe 2") == "größe-2")
        #expect(HeadingID.slug("!!!") == "section")
    }

    /// ASCII text takes a byte-by-byte path; it gives what the Unicode path gives for every
    /// ASCII character (all 128 of them, in random runs), and leaves any other text to it.
    @Test func asciiSlugsAreTheUnicodePathsSlugs() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 5, 20, 80] {
            for _ in 0..<500 {
                let text = String(decoding: (0..<length).map { _ in UInt8.random(in: 0...127, using: &generator) }, as: UTF8.self)
                #expect(HeadingID.asciiSlug(text) == HeadingID.unicodeSlug(text), "\(text.debugDescription)")
            }
        }
        let every = String(decoding: (0...127).map { UInt8($0) }, as: UTF8.self)
        #expect(HeadingID.asciiSlug(every) == HeadingID.unicodeSlug(every))
        #expect(HeadingID.asciiSlug("Größe 2") == nil && HeadingID.slug("Größe 2") == "größe-2")
    }

    @Test func deeplyNestedListsDoNotCrash() {
        var source = ""
        for depth in 0..<10_000 { source += String(repeating: " ", count: depth * 2) + "- item\n" }
        let result = Markdown.render(source)
        #expect(result.html.hasPrefix("<ul>"))
    }
}

@Suite("Markdown in parallel")
struct MarkdownConcurrencyTests {
    /// cmark-gfm shares its extension character table between parsers; parallel renders must
    /// still all find their autolinks and strikethroughs.
    @Test func parallelRendersKeepExtensionSyntax() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let html = Markdown.render("Item \(index): ~~old~~ see https://example.com/\(index) now.\n").html
                    return html.contains("<del>old</del>") && html.contains("<a href=\"https://example.com/\(index)\">")
                }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(results.count == 400)
        #expect(results.allSatisfy { $0 })
    }
}
