import Foundation
import CatalogMarkdown
import CatalogCore
import CatalogModel

/// Renders a page's Markdown body through cmark-gfm, resolving and rewriting its links.
package enum ProseLoader {
    /// Larger Markdown files are refused: a page that size is unreadable and slows every build.
    package static let maximumBytes = 2 * 1024 * 1024
    /// Lists and block quotes nested deeper than this are refused.
    package static let maximumNesting = 64

    /// Link brackets one paragraph may open at most: cmark-gfm matches each `[` against those
    /// before it, so a paragraph of 80,000 (`![[]()` repeated, 480 KB) took 14 s. At this bound
    /// a paragraph parses in a fraction of a second.
    package static let maximumBracketsPerParagraph = 10_000
    /// Cells one table row may have at most: a table 20,000 cells wide (880 KB) took 17 s.
    package static let maximumTableCells = 1_000

    /// Input on which cmark-gfm's time grows with the square of its size, found before it is
    /// parsed (one pass over the bytes): the page is refused at the line where it happens.
    package static func complexityProblem(_ body: String, displayPath: String, lineOffset: Int) -> Diagnostic? {
        var line = 1, brackets = 0, paragraphStart = 1, pipes = 0, lineHasText = false
        for byte in body.utf8 {
            switch byte {
            case UInt8(ascii: "\n"):
                if pipes > maximumTableCells {
                    return .error(.markdownTooComplex, "this line has \(pipes) table cells; a table is limited to \(maximumTableCells) columns, because wider ones take the Markdown parser minutes. Split the table", at: SourceLocation(file: displayPath, line: line + lineOffset, column: 1))
                }
                if !lineHasText { brackets = 0 }
                line += 1
                pipes = 0
                lineHasText = false
                if brackets == 0 { paragraphStart = line }
            case UInt8(ascii: "["):
                brackets += 1
                lineHasText = true
                if brackets > maximumBracketsPerParagraph {
                    return .error(.markdownTooComplex, "the paragraph opens more than \(maximumBracketsPerParagraph) link brackets (`[`); the Markdown parser's time grows with their square, so it is refused. Split it, or escape the brackets as `\\[`", at: SourceLocation(file: displayPath, line: paragraphStart + lineOffset, column: 1))
                }
            case UInt8(ascii: "|"):
                pipes += 1
                lineHasText = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                lineHasText = true
            }
        }
        if pipes > maximumTableCells {
            return .error(.markdownTooComplex, "this line has \(pipes) table cells; a table is limited to \(maximumTableCells) columns, because wider ones take the Markdown parser minutes. Split the table", at: SourceLocation(file: displayPath, line: line + lineOffset, column: 1))
        }
        return nil
    }

    /// A diagnostic when the file is too large to be a page.
    package static func sizeProblem(_ bytes: Int, displayPath: String) -> Diagnostic? {
        guard bytes > maximumBytes else { return nil }
        let megabytes = Double(bytes) / 1_048_576
        return .error(.markdownTooLarge, "this Markdown file is \(String(format: "%.1f", megabytes)) MiB; pages are limited to \(maximumBytes / 1_048_576) MiB, so split it into several pages or guides", at: SourceLocation(file: displayPath))
    }

    package static func render(
        body: String, path: String, displayPath: String, lineOffset: Int,
        pageDirectory: String, unsafe: Bool, reservedIDs: Set<String>, extractTitle: Bool = false
    ) -> (Prose, [Diagnostic]) {
        if let problem = complexityProblem(body, displayPath: displayPath, lineOffset: lineOffset) {
            return (Prose(path: path, html: "", headings: [], links: [], summary: nil, plainText: "", title: nil), [problem])
        }
        var targets: [ProseLink.Target] = []
        let rendered = Markdown.render(body, options: MarkdownOptions(unsafe: unsafe, reservedIDs: reservedIDs, topHeadingLevel: 2, extractTitle: extractTitle, maximumNesting: maximumNesting)) { link in
            let target = LinkResolver.resolve(link.destination, from: path)
            targets.append(target)
            return LinkResolver.href(for: target, fromPage: pageDirectory)
        }
        var links = zip(rendered.links, targets).map { link, target in
            ProseLink(
                destination: link.destination, isImage: link.isImage, target: target,
                location: SourceLocation(file: displayPath, line: link.line + lineOffset, column: link.column)
            )
        }
        // Links in raw HTML are checked at their line like Markdown's, but reach the page as
        // written: one that only works rewritten (`../switch/index.md`) is broken there.
        var rawLinkProblems: [Diagnostic] = []
        for link in rendered.rawHTMLLinks {
            let target = LinkResolver.resolve(link.destination, from: path)
            let location = SourceLocation(file: displayPath, line: link.line + lineOffset, column: link.column)
            var prose = ProseLink(destination: link.destination, isImage: link.isImage, target: target, location: location)
            prose.inRawHTML = true
            if let href = LinkResolver.href(for: target, fromPage: pageDirectory), href != link.destination,
               case .page = target {
                rawLinkProblems.append(.error(.linkBroken, "'\(link.destination)' is in raw HTML, which reaches the page as written (only Markdown links are rewritten), so it leads nowhere there; write href=\"\(href)\"", at: location))
            }
            links.append(prose)
        }
        let headings = rendered.headings.map { heading in
            ProseHeading(
                level: heading.level, text: heading.text, id: heading.id,
                location: SourceLocation(file: displayPath, line: heading.line + lineOffset, column: heading.column)
            )
        }
        var prose = Prose(path: path, html: rendered.html, headings: headings, links: links, summary: rendered.summary, plainText: rendered.plainText, title: rendered.title)
        prose.source = body
        prose.unrenderedHTML = rendered.unrenderedHTML
        prose.demos = rendered.demoFences.map { fence in
            ProseDemo(
                titles: fence.lines.map { Located($0.text, at: SourceLocation(file: displayPath, line: $0.line + lineOffset, column: $0.column)) },
                location: SourceLocation(file: displayPath, line: fence.line + lineOffset, column: fence.column)
            )
        }
        var problems = rawLinkProblems + rendered.notices.map { notice(unsafe: unsafe, $0, SourceLocation(file: displayPath, line: $0.line + lineOffset, column: $0.column)) }
        if let tooDeep = rendered.tooDeep {
            problems.append(.error(.markdownTooDeep, "lists or block quotes are nested \(tooDeep.depth) levels deep here; more than \(maximumNesting) cannot be read, so flatten the structure", at: SourceLocation(file: displayPath, line: tooDeep.line + lineOffset, column: tooDeep.column)))
        }
        return (prose, problems)
    }

    /// A warning for what the reader of the source would expect on the page but will not see.
    package static func notice(unsafe: Bool, _ notice: MarkdownNotice, _ location: SourceLocation) -> Diagnostic {
        switch notice.kind {
        case .rawHTMLOmitted:
            let others = notice.more == 0 ? "" : " (and \(notice.more) more piece\(notice.more == 1 ? "" : "s") of HTML in the same paragraph)"
            return .warning(.markdownRawHtml, "the raw HTML `\(notice.text)`\(others) is left out of the page (safe mode drops raw HTML); write it in Markdown, or set `markdown: { unsafe: true }` in catalog.yaml to let HTML through", at: location)
        case .htmlFiltered:
            return .warning(.markdownHtmlFiltered, "`<\(notice.text)>` reaches the page as text, not as an element: even with markdown.unsafe the GFM tag filter neutralises script, iframe, style, title, textarea, xmp, noembed, noframes and plaintext. Put it in the theme's templates, or link to what it embeds", at: location)
        case .unknownCallout:
            let word = notice.text.uppercased()
            // A shortened kind ("WARN") is named by its start; a misspelt one by its letters.
            let hint = Markdown.calloutKinds.keys.sorted().first { $0.hasPrefix(word) && word.count >= 3 }.map { "; did you mean '\($0)'?" }
                ?? DidYouMean.hint(for: word, in: Set(Markdown.calloutKinds.keys))
            return .warning(.markdownUnknownCallout, "`[!\(notice.text)]` is not a callout kind\(hint); the block stays a quotation. Use NOTE, TIP, IMPORTANT, WARNING or CAUTION", at: location)
        case .templateSyntax:
            return .warning(.markdownTemplateSyntax, "`\(notice.text)` is template syntax from another tool; the page shows it as literal text. Replace it with Markdown, or with the text it stands for", at: location)
        }
    }
}
