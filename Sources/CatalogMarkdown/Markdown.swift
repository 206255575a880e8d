import CCmarkGFM
import CatalogCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a Markdown document is turned into HTML.
public struct MarkdownOptions: Sendable {
    /// Let raw HTML through (the tagfilter extension still neutralises `<script>` and friends).
    public var unsafe: Bool
    /// Heading ids the page already uses; prose headings never take one of these.
    public var reservedIDs: Set<String>
    /// The level the document's top heading is rendered at (2 when the page has its own `<h1>`).
    public var topHeadingLevel: Int
    /// When the document opens with a `# Heading`, take it out of the body and return it as the title.
    public var extractTitle: Bool
    /// Lists and block quotes nested deeper than this are not rendered (nil: no limit).
    public var maximumNesting: Int?
    /// Whether tables are put in their scrolling regions here; a do or don't block's content
    /// leaves it to the document around it, so each table is wrapped and numbered once.
    package var wrapsTables = true

    public init(unsafe: Bool = false, reservedIDs: Set<String> = [], topHeadingLevel: Int = 2, extractTitle: Bool = false, maximumNesting: Int? = nil) {
        self.unsafe = unsafe
        self.reservedIDs = reservedIDs
        self.topHeadingLevel = topHeadingLevel
        self.extractTitle = extractTitle
        self.maximumNesting = maximumNesting
    }
}

/// A heading of the rendered document, for the table of contents and the search index.
public struct MarkdownHeading: Sendable, Equatable {
    /// The level it is rendered at, after the document is fitted under the page's own headings.
    public var level: Int
    /// The level written in the source (`#` count).
    public var sourceLevel: Int
    public var text: String
    public var id: String
    public var line: Int
    public var column: Int
}

/// A link or image destination as written in the source, with its position.
public struct MarkdownLink: Sendable, Equatable {
    public var destination: String
    public var isImage: Bool
    public var line: Int
    public var column: Int
}

/// Something in the source that does not reach the page as written: a reader of the source
/// would expect it there, so the caller reports it.
public struct MarkdownNotice: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Raw HTML that safe mode replaced with `<!-- raw HTML omitted -->`.
        case rawHTMLOmitted
        /// `{{ … }}` or `{% … %}` from another tool's template language, shown as literal text.
        case templateSyntax
        /// In unsafe mode, a tag the tagfilter extension neutralises (`<script>`, `<iframe>`…):
        /// it reaches the page as text, not as an element. `text` is the tag's name.
        case htmlFiltered
        /// A block quote opening with `[!WORD]` whose word is not one of the callout kinds; it
        /// stays a block quote. `text` is the word.
        case unknownCallout
    }

    public var kind: Kind
    /// The text concerned, shortened to its first line.
    public var text: String
    public var line: Int
    public var column: Int
    /// For raw HTML left out: how many more pieces the same block holds (reported once).
    public var more: Int = 0
}

/// The result of rendering one Markdown document.
/// A fenced code block whose info string is `demo`: each line names an example to show there.
/// Its place in the HTML is an empty `<pre><code class="language-demo"></code></pre>`, the
/// n-th of which is the n-th fence.
public struct MarkdownDemoFence: Sendable, Equatable {
    /// The lines as written, with the line each is on (1-based, in the source).
    public var lines: [(text: String, line: Int, column: Int)]
    public var line: Int
    public var column: Int

    public static func == (lhs: MarkdownDemoFence, rhs: MarkdownDemoFence) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.lines.map(\.text) == rhs.lines.map(\.text)
    }

    /// What stands in the HTML for each fence.
    public static let placeholder = "<pre><code class=\"language-demo\"></code></pre>"
}

public struct RenderedMarkdown: Sendable {
    /// The ```` ```demo ```` fences, in document order.
    public var demoFences: [MarkdownDemoFence] = []
    public var html: String
    public var headings: [MarkdownHeading]
    public var links: [MarkdownLink]
    /// Plain text of the first top-level paragraph: the fallback summary of a page.
    public var summary: String?
    /// All the document's text, without markup: for the search index.
    public var plainText: String
    /// The opening `# Heading`, taken out of the body when `extractTitle` asked for it.
    public var title: String? = nil
    /// Where nesting first went past `maximumNesting` (the HTML is then left empty).
    public var tooDeep: (depth: Int, line: Int, column: Int)? = nil
    /// Raw HTML dropped and template syntax shown literally, in source order.
    public var notices: [MarkdownNotice] = []
    /// With unsafe Markdown, the `href` and `src` values of raw HTML tags, at their place in the
    /// source. They reach the page as written (only Markdown links are rewritten).
    public var rawHTMLLinks: [MarkdownLink] = []
    /// Raw HTML the page does not carry as HTML (left out in safe mode, comments included, or a
    /// tag the GFM filter neutralises), each piece once, as written: the page's Markdown twin
    /// shows it as text too.
    public var unrenderedHTML: [String] = []
}

/// Markdown through cmark-gfm with the GFM extensions on.
public enum Markdown {
    /// GitHub's alert kinds: `> [!NOTE]` on a block quote's first line makes it a callout.
    public static let calloutKinds = ["NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important", "WARNING": "Warning", "CAUTION": "Caution"]

    /// The GFM extensions every document is parsed with.
    public static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    private static let registration: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// cmark-gfm keeps the extensions' special inline characters (`~`, `:`, `w`, `@`) in one
    /// process-wide table that every parser fills before its inline pass and clears after it, so
    /// two inline passes at once lose each other's autolinks and strikethroughs. Block parsing
    /// and rendering run in parallel; only that inline pass (`cmark_parser_finish`) takes turns.
    private static let inlinePass = Mutex(())

    /// Parses `source` and renders it to HTML. `rewriteLink` may return a new destination for a
    /// link or image (nil keeps it). Positions in the result are 1-based, relative to `source`.
    public static func render(
        _ source: String,
        options: MarkdownOptions = MarkdownOptions(),
        rewriteLink: (MarkdownLink) -> String? = { _ in nil }
    ) -> RenderedMarkdown {
        _ = registration
        var cmarkOptions = CMARK_OPT_FOOTNOTES
        if options.unsafe { cmarkOptions |= CMARK_OPT_UNSAFE }

        guard let parser = cmark_parser_new(cmarkOptions) else {
            return RenderedMarkdown(html: "", headings: [], links: [], summary: nil, plainText: "")
        }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var text = source
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        var finished: OpaquePointer?
        inlinePass.withLock { _ in finished = cmark_parser_finish(parser) }
        guard let document = finished else {
            return RenderedMarkdown(html: "", headings: [], links: [], summary: nil, plainText: "")
        }
        defer { cmark_node_free(document) }

        var title: String?
        if options.extractTitle, let first = cmark_node_first_child(document),
           cmark_node_get_type(first) == CMARK_NODE_HEADING, cmark_node_get_heading_level(first) == 1 {
            title = inlineText(of: first)
            cmark_node_unlink(first)
            cmark_node_free(first)
        }

        var headingNodes: [OpaquePointer] = []
        var links: [MarkdownLink] = []
        var summary: String?
        var plainText = ""
        plainText.reserveCapacity(source.utf8.count)

        var notices: [MarkdownNotice] = []
        var noticedBlocks: [OpaquePointer: Int] = [:]
        var replacedByLineBreaks: [OpaquePointer] = []
        var removed: [OpaquePointer] = []
        var rawHTMLLinks: [MarkdownLink] = []
        var unrenderedHTML: [String] = []
        var seenHTML = Set<String>()
        func unrendered(_ literal: String) {
            if seenHTML.insert(literal).inserted { unrenderedHTML.append(literal) }
        }
        var demoFences: [MarkdownDemoFence] = []
        var callouts: [(node: OpaquePointer, kind: String, label: String, marker: [OpaquePointer])] = []
        var guidance: [(node: OpaquePointer, kind: String)] = []
        var depth = 0
        var tooDeep: (depth: Int, line: Int, column: Int)?
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LIST || type == CMARK_NODE_BLOCK_QUOTE {
                depth += event == CMARK_EVENT_ENTER ? 1 : -1
                if let limit = options.maximumNesting, depth > limit, tooDeep == nil {
                    tooDeep = (depth, Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)))
                }
            }
            guard event == CMARK_EVENT_ENTER else { continue }
            switch type {
            case CMARK_NODE_BLOCK_QUOTE:
                if let marker = calloutMarker(node) {
                    if let label = calloutKinds[marker.word.uppercased()] {
                        callouts.append((node, marker.word.uppercased(), label, marker.nodes))
                    } else {
                        notices.append(MarkdownNotice(kind: .unknownCallout, text: marker.word, line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
                    }
                }
            case CMARK_NODE_CODE_BLOCK where guidanceKind(node) != nil:
                guidance.append((node, guidanceKind(node)!))
                if !plainText.isEmpty { plainText += " " }
                plainText += string(cmark_node_get_literal(node))
            case CMARK_NODE_HEADING:
                headingNodes.append(node)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let link = MarkdownLink(
                    destination: string(cmark_node_get_url(node)),
                    isImage: cmark_node_get_type(node) == CMARK_NODE_IMAGE,
                    line: Int(cmark_node_get_start_line(node)),
                    column: Int(cmark_node_get_start_column(node))
                )
                links.append(link)
                if let replacement = rewriteLink(link) {
                    cmark_node_set_url(node, replacement)
                }
            case CMARK_NODE_PARAGRAPH:
                if summary == nil, cmark_node_parent(node) == document {
                    let words = inlineText(of: node)
                    if !words.isEmpty { summary = words }
                }
            case CMARK_NODE_TEXT:
                var literal = string(cmark_node_get_literal(node))
                // Control characters (an ESC, a NUL) are shown, never sent raw to the page.
                let shown = TextSafety.escapedKeepingLines(literal)
                if shown != literal {
                    cmark_node_set_literal(node, shown)
                    literal = shown
                }
                if !plainText.isEmpty { plainText += " " }
                plainText += literal
                if let range = templateSyntax(in: literal) {
                    notices.append(notice(.templateSyntax, String(literal[range]), node))
                }
            case CMARK_NODE_CODE_BLOCK where isDemoFence(node):
                let line = Int(cmark_node_get_start_line(node))
                let column = Int(cmark_node_get_start_column(node))
                var lines: [(String, Int, Int)] = []
                for (index, text) in string(cmark_node_get_literal(node)).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let trimmed = text.trimmingCharacters(in: .whitespaces)
                    if !trimmed.isEmpty { lines.append((trimmed, line + 1 + index, column + text.prefix { $0 == " " }.count)) }
                }
                demoFences.append(MarkdownDemoFence(lines: lines, line: line, column: column))
                cmark_node_set_fence_info(node, "demo")
                cmark_node_set_literal(node, "")
            case CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                let literal = string(cmark_node_get_literal(node))
                let shown = TextSafety.escapedKeepingLines(literal)
                if shown != literal { cmark_node_set_literal(node, shown) }
                if !plainText.isEmpty { plainText += " " }
                plainText += shown
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                let literal = string(cmark_node_get_literal(node))
                if RawHTML.isLineBreak(literal), type == CMARK_NODE_HTML_INLINE {
                    // `<br>` is a hard line break, in either mode.
                    replacedByLineBreaks.append(node)
                } else if RawHTML.isComment(literal) {
                    // A comment is a comment: left out of a safe page without a word.
                    if !options.unsafe {
                        removed.append(node)
                        unrendered(literal)
                    }
                } else if options.unsafe {
                    if let tag = RawHTML.filteredTag(in: literal) {
                        notices.append(notice(.htmlFiltered, tag, node))
                        unrendered(literal)
                    }
                    let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
                    for link in RawHTML.links(in: literal) {
                        rawHTMLLinks.append(MarkdownLink(destination: link.value, isImage: link.isImage, line: line + link.line,
                                                         column: link.line == 0 ? column - 1 + link.column : link.column))
                    }
                } else {
                    unrendered(literal)
                    // One warning per block, however many tags it holds.
                    let block = RawHTML.enclosingBlock(of: node)
                    if let index = noticedBlocks[block] {
                        notices[index].more += 1
                    } else {
                        noticedBlocks[block] = notices.count
                        notices.append(notice(.rawHTMLOmitted, literal, node))
                    }
                }
            default:
                break
            }
        }

        // Changed after the walk, which a change under it would confuse.
        for node in replacedByLineBreaks {
            if let lineBreak = cmark_node_new(CMARK_NODE_LINEBREAK) { cmark_node_insert_before(node, lineBreak) }
            removed.append(node)
        }
        for node in removed {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        for callout in callouts { makeCallout(callout.node, kind: callout.kind, label: callout.label, marker: callout.marker) }
        // A do directly followed by a don't (or the reverse) is a pair, shown side by side.
        let adjacent = guidance.indices.map { index in
            index + 1 < guidance.count && cmark_node_next(guidance[index].node) == guidance[index + 1].node && guidance[index + 1].kind != guidance[index].kind
        }
        var inPair = false
        for (index, block) in guidance.enumerated() {
            let nested = renderGuidance(block.node, kind: block.kind, options: options, rewriteLink: rewriteLink)
            links += nested.links
            notices += nested.notices
            for literal in nested.unrenderedHTML { unrendered(literal) }
            var html = nested.html
            if inPair {
                html += "</div>\n"
                inPair = false
            } else if adjacent[index] {
                html = "<div class=\"guidance-pair\">\n" + html
                inPair = true
            }
            guard let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(replacement, html)
            cmark_node_set_on_exit(replacement, "")
            cmark_node_replace(block.node, replacement)
            cmark_node_free(block.node)
        }

        if let tooDeep {
            var result = RenderedMarkdown(html: "", headings: [], links: [], summary: summary, plainText: "", title: title)
            result.tooDeep = tooDeep
            return result
        }
        let headings = anchorHeadings(headingNodes, options: options)
        let extensions = cmark_parser_get_syntax_extensions(parser)
        guard let rendered = cmark_render_html(document, cmarkOptions, extensions) else {
            return RenderedMarkdown(html: "", headings: headings, links: links, summary: summary, plainText: plainText, title: title)
        }
        defer { free(rendered) }
        let html = HTMLPostprocess.apply(String(cString: rendered), wrapsTables: options.wrapsTables)
        var result = RenderedMarkdown(html: html, headings: headings, links: links, summary: summary, plainText: plainText, title: title)
        result.notices = notices
        result.demoFences = demoFences
        result.rawHTMLLinks = rawHTMLLinks
        result.unrenderedHTML = unrenderedHTML
        return result
    }

    /// The `[!WORD]` that opens a block quote's first paragraph, and the nodes that make it up
    /// (cmark splits it at the brackets), with the line break after it.
    private static func calloutMarker(_ quote: OpaquePointer) -> (word: String, nodes: [OpaquePointer])? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return nil }
        var text = ""
        var nodes: [OpaquePointer] = []
        var child = cmark_node_first_child(paragraph)
        while let node = child, cmark_node_get_type(node) == CMARK_NODE_TEXT, text.count < 40 {
            text += string(cmark_node_get_literal(node))
            nodes.append(node)
            if text.contains("]") { break }
            child = cmark_node_next(node)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"), trimmed.count > 3 else { return nil }
        let word = String(trimmed.dropFirst(2).dropLast())
        guard word.allSatisfy({ $0.isLetter }) else { return nil }
        if let last = nodes.last, let next = cmark_node_next(last), [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(next)) {
            nodes.append(next)
        } else if let last = nodes.last, cmark_node_next(last) != nil {
            return nil // text after the marker on its line: not GitHub's alert syntax
        }
        return (word, nodes)
    }

    /// The block quote as a callout: its label (word and icon, so colour is never the only cue)
    /// and its content, marker taken out.
    private static func makeCallout(_ quote: OpaquePointer, kind: String, label: String, marker: [OpaquePointer]) {
        let paragraph = cmark_node_first_child(quote)
        for node in marker {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        if let paragraph, cmark_node_first_child(paragraph) == nil {
            cmark_node_unlink(paragraph)
            cmark_node_free(paragraph)
        }
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        let icons = ["NOTE": "i", "TIP": "✦", "IMPORTANT": "!", "WARNING": "⚠", "CAUTION": "⛔"]
        cmark_node_set_on_enter(block, "<div class=\"callout callout--\(kind.lowercased())\" role=\"note\" aria-label=\"\(label)\">\n<p class=\"callout__label\"><span class=\"callout__icon\" aria-hidden=\"true\">\(icons[kind] ?? "")</span>\(label)</p>\n")
        cmark_node_set_on_exit(block, "</div>\n")
        while let child = cmark_node_first_child(quote) {
            cmark_node_unlink(child)
            cmark_node_append_child(block, child)
        }
        cmark_node_replace(quote, block)
        cmark_node_free(quote)
    }

    /// `do` or `dont` for a fenced block whose info string is one of them (`don't` too).
    private static func guidanceKind(_ node: OpaquePointer) -> String? {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return nil }
        switch string(cmark_node_get_fence_info(node)).trimmingCharacters(in: .whitespaces).lowercased() {
        case "do": return "do"
        case "dont", "don't", "don’t": return "dont"
        default: return nil
        }
    }

    /// A do or don't block: its content rendered as Markdown (links rewritten and reported at
    /// their lines in the document), under a visible label.
    private static func renderGuidance(_ node: OpaquePointer, kind: String, options: MarkdownOptions, rewriteLink: (MarkdownLink) -> String?) -> (html: String, links: [MarkdownLink], notices: [MarkdownNotice], unrenderedHTML: [String]) {
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        let source = string(cmark_node_get_literal(node))
        var inner = options
        inner.wrapsTables = false
        inner.extractTitle = false
        inner.topHeadingLevel = 3
        func shifted(_ link: MarkdownLink) -> MarkdownLink {
            var moved = link
            moved.line += line
            moved.column += column - 1
            return moved
        }
        let nested = render(source, options: inner) { rewriteLink(shifted($0)) }
        let label = kind == "do" ? "Do" : "Don’t"
        let icon = kind == "do" ? "✓" : "✕"
        let html = "<div class=\"guidance guidance--\(kind)\">\n<p class=\"guidance__label\"><span class=\"guidance__icon\" aria-hidden=\"true\">\(icon)</span>\(label)</p>\n<div class=\"guidance__body\">\n\(nested.html)</div>\n</div>\n"
        let notices = nested.notices.map { notice -> MarkdownNotice in
            var moved = notice
            moved.line += line
            return moved
        }
        return (html, nested.links.map(shifted), notices, nested.unrenderedHTML)
    }

    /// A fenced code block whose info string is `demo`.
    private static func isDemoFence(_ node: OpaquePointer) -> Bool {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return false }
        return string(cmark_node_get_fence_info(node)).trimmingCharacters(in: .whitespaces) == "demo"
    }

    private static func notice(_ kind: MarkdownNotice.Kind, _ text: String, _ node: OpaquePointer) -> MarkdownNotice {
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? text
        let shown = firstLine.count > 60 ? String(firstLine.prefix(60)) + "…" : firstLine
        return MarkdownNotice(kind: kind, text: shown.trimmingCharacters(in: .whitespaces), line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
    }

    /// The first `{{ … }}` or `{% … %}` in a text, from its opening to its closing braces (or
    /// the end of the text).
    package static func templateSyntax(in text: String) -> Range<String.Index>? {
        // A byte scan: this runs for every text node of every page, so no Foundation search.
        let bytes = text.utf8
        guard let open = bytes.indices.first(where: { index in
            bytes[index] == UInt8(ascii: "{") && bytes.index(after: index) < bytes.endIndex
                && (bytes[bytes.index(after: index)] == UInt8(ascii: "{") || bytes[bytes.index(after: index)] == UInt8(ascii: "%"))
        }) else { return nil }
        let second = bytes.index(after: open)
        let closer: UInt8 = bytes[second] == UInt8(ascii: "%") ? UInt8(ascii: "%") : UInt8(ascii: "}")
        var index = bytes.index(after: second)
        while index < bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == closer, next < bytes.endIndex, bytes[next] == UInt8(ascii: "}") {
                return open..<bytes.index(after: next)
            }
            index = next
        }
        return open..<text.endIndex
    }

    /// Gives every heading a unique id and a visible anchor link, fitting the levels under the
    /// page's own headings (no level is skipped, so the outline stays valid).
    private static func anchorHeadings(_ nodes: [OpaquePointer], options: MarkdownOptions) -> [MarkdownHeading] {
        guard !nodes.isEmpty else { return [] }
        let sourceLevels = nodes.map { Int(cmark_node_get_heading_level($0)) }
        let shift = options.topHeadingLevel - (sourceLevels.min() ?? 1)
        var ids = UniqueIDs(used: options.reservedIDs)
        var previous = options.topHeadingLevel - 1
        var headings: [MarkdownHeading] = []
        headings.reserveCapacity(nodes.count)

        for (node, sourceLevel) in zip(nodes, sourceLevels) {
            let level = min(6, min(sourceLevel + shift, previous + 1))
            previous = level
            let text = inlineText(of: node)
            let id = ids.make(HeadingID.slug(text))
            let heading = MarkdownHeading(
                level: level, sourceLevel: sourceLevel, text: text, id: id,
                line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))
            )
            headings.append(heading)

            // A custom block prints its own tags around the heading's inline children; cmark
            // renders it the same in safe and unsafe mode.
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            let label = HTMLEscape.text(text.isEmpty ? "this section" : text)
            cmark_node_set_on_enter(block, "<h\(level) id=\"\(id)\">")
            cmark_node_set_on_exit(
                block,
                " <a class=\"heading-anchor\" href=\"#\(id)\"><span aria-hidden=\"true\">#</span>"
                    + "<span class=\"visually-hidden\">Link to the section \(label)</span></a></h\(level)>"
            )
            while let child = cmark_node_first_child(node) {
                cmark_node_unlink(child)
                cmark_node_append_child(block, child)
            }
            cmark_node_replace(node, block)
            cmark_node_free(node)
        }
        return headings
    }

    /// The text of a node's inline content, whitespace collapsed.
    private static func inlineText(of root: OpaquePointer) -> String {
        var parts = ""
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                parts += string(cmark_node_get_literal(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                parts += " "
            default:
                break
            }
        }
        return parts.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
