import CCmarkGFM

/// What raw HTML in Markdown is, for the decisions `Markdown.render` makes about it: comments
/// and `<br>` are part of ordinary Markdown writing and need no warning; the tags the GFM
/// tagfilter neutralises do, even in unsafe mode.
enum RawHTML {
    /// The tags cmark-gfm's tagfilter extension turns into text (GFM spec, "Disallowed Raw HTML").
    static let filteredTags = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]

    /// `<!-- … -->` and nothing else (white space around it aside).
    static func isComment(_ literal: String) -> Bool {
        let trimmed = literal.trimmingWhitespace()
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.utf8.count >= 7 else { return false }
        // Nothing after the first end of the comment.
        let body = trimmed.dropFirst(4)
        guard let end = body.range(of: "-->") else { return false }
        return end.upperBound == body.endIndex
    }

    /// `<br>`, `<br/>` or `<br />`, in any case.
    static func isLineBreak(_ literal: String) -> Bool {
        let compact = literal.lowercased().filter { !$0.isWhitespace }
        return compact == "<br>" || compact == "<br/>"
    }

    /// The first tag the tagfilter neutralises that `literal` opens, if any.
    static func filteredTag(in literal: String) -> String? {
        let lowered = Array(literal.lowercased().utf8)
        var index = 0
        while index < lowered.count {
            if lowered[index] == UInt8(ascii: "<") {
                for tag in filteredTags {
                    let name = Array(tag.utf8)
                    let end = index + 1 + name.count
                    guard end <= lowered.count, Array(lowered[(index + 1)..<end]) == name else { continue }
                    if end == lowered.count || [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(lowered[end]) {
                        return tag
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// The block an inline node sits in (a paragraph, a heading, a table cell), or the node
    /// itself when it is a block.
    static func enclosingBlock(of node: OpaquePointer) -> OpaquePointer {
        var current = node
        while cmark_node_get_type(current) == CMARK_NODE_HTML_INLINE || isInline(current), let parent = cmark_node_parent(current) {
            current = parent
        }
        return current
    }

    private static func isInline(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_TEXT, CMARK_NODE_CODE,
             CMARK_NODE_HTML_INLINE, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CUSTOM_INLINE:
            return true
        default:
            return false
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
