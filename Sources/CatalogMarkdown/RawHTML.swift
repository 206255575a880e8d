import CCmarkGFM

/// What raw HTML in Markdown is, for the decisions `Markdown.render` makes about it: comments
/// and `<br>` are part of ordinary Markdown writing and need no warning; the tags the GFM
/// tagfilter neutralises do, even in unsafe mode.
package enum RawHTML {
    /// The tags cmark-gfm's tagfilter extension turns into text (GFM spec, "Disallowed Raw HTML").
    package static let filteredTags = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]

    /// `<!-- … -->` and nothing else (white space around it aside).
    package static func isComment(_ literal: String) -> Bool {
        let trimmed = literal.trimmingWhitespace()
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.utf8.count >= 7 else { return false }
        // Nothing after the first end of the comment.
        let body = trimmed.dropFirst(4)
        guard let end = body.range(of: "-->") else { return false }
        return end.upperBound == body.endIndex
    }

    /// `<br>`, `<br/>` or `<br />`, in any case.
    package static func isLineBreak(_ literal: String) -> Bool {
        let compact = literal.lowercased().filter { !$0.isWhitespace }
        return compact == "<br>" || compact == "<br/>"
    }

    /// The first tag the tagfilter neutralises that `literal` opens, if any.
    package static func filteredTag(in literal: String) -> String? {
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

    /// The `href` and `src` values of the tags in `literal`, each with its line (0 for the
    /// literal's first) and the column within that line (1-based), entities `&amp;`, `&quot;`,
    /// `&#39;`, `&lt;` and `&gt;` decoded.
    package static func links(in literal: String) -> [(value: String, isImage: Bool, line: Int, column: Int)] {
        let bytes = Array(literal.utf8)
        var found: [(String, Bool, Int, Int)] = []
        var index = 0
        var line = 0
        var lineStart = 0
        func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
        /// Moves to `target`, counting the lines passed.
        func advance(to target: Int) {
            let target = min(target, bytes.count)
            while index < target {
                if bytes[index] == 10 { line += 1; lineStart = index + 1 }
                index += 1
            }
        }
        /// The attribute value starting at `cursor` (after `=`), as the range of its text and
        /// where it ends.
        func value(at start: Int) -> (Range<Int>, Int) {
            var cursor = start
            while cursor < bytes.count, bytes[cursor] == 32 { cursor += 1 }
            guard cursor < bytes.count else { return (cursor..<cursor, cursor) }
            let quote = bytes[cursor]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                var end = cursor + 1
                while end < bytes.count, bytes[end] != quote { end += 1 }
                return ((cursor + 1)..<end, min(end + 1, bytes.count))
            }
            var end = cursor
            while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
            return (cursor..<end, end)
        }
        while index < bytes.count {
            // A start tag: `<` and a letter.
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, (97...122).contains(lower(bytes[index + 1])) else {
                advance(to: index + 1)
                continue
            }
            var nameEnd = index + 1
            while nameEnd < bytes.count, (97...122).contains(lower(bytes[nameEnd])) || (48...57).contains(bytes[nameEnd]) { nameEnd += 1 }
            let tag = String(decoding: bytes[(index + 1)..<nameEnd].map(lower), as: UTF8.self)
            advance(to: nameEnd)
            // Its attributes, up to `>`.
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                guard isSpace(bytes[index - 1]), !isSpace(bytes[index]) else { advance(to: index + 1); continue }
                var nameEnd = index
                while nameEnd < bytes.count, !isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "="), bytes[nameEnd] != UInt8(ascii: ">") { nameEnd += 1 }
                let name = String(decoding: bytes[index..<nameEnd].map(lower), as: UTF8.self)
                var equals = nameEnd
                while equals < bytes.count, bytes[equals] == 32 { equals += 1 }
                guard equals < bytes.count, bytes[equals] == UInt8(ascii: "=") else { advance(to: nameEnd); continue }
                let (range, after) = value(at: equals + 1)
                if name == "href" || name == "src" {
                    let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1
                    found.append((decodeEntities(String(decoding: bytes[range], as: UTF8.self)), name == "src" && tag == "img", line, column))
                }
                advance(to: after)
            }
            advance(to: index + 1)
        }
        return found
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The block an inline node sits in (a paragraph, a heading, a table cell), or the node
    /// itself when it is a block.
    package static func enclosingBlock(of node: OpaquePointer) -> OpaquePointer {
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
