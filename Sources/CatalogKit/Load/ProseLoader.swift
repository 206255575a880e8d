import CatalogMarkdown

/// Renders a page's Markdown body through cmark-gfm, resolving and rewriting its links.
enum ProseLoader {
    static func render(
        body: String, path: String, displayPath: String, lineOffset: Int,
        pageDirectory: String, unsafe: Bool, reservedIDs: Set<String>, extractTitle: Bool = false
    ) -> Prose {
        var targets: [ProseLink.Target] = []
        let rendered = Markdown.render(body, options: MarkdownOptions(unsafe: unsafe, reservedIDs: reservedIDs, topHeadingLevel: 2, extractTitle: extractTitle)) { link in
            let target = LinkResolver.resolve(link.destination, from: path)
            targets.append(target)
            return LinkResolver.href(for: target, fromPage: pageDirectory)
        }
        let links = zip(rendered.links, targets).map { link, target in
            ProseLink(
                destination: link.destination, isImage: link.isImage, target: target,
                location: SourceLocation(file: displayPath, line: link.line + lineOffset, column: link.column)
            )
        }
        let headings = rendered.headings.map { heading in
            ProseHeading(
                level: heading.level, text: heading.text, id: heading.id,
                location: SourceLocation(file: displayPath, line: heading.line + lineOffset, column: heading.column)
            )
        }
        return Prose(path: path, html: rendered.html, headings: headings, links: links, summary: rendered.summary, plainText: rendered.plainText, title: rendered.title)
    }
}
