/// The tags of a Mustache template with their places, for the checks that read a theme before it
/// renders (partials and assets that exist, names a context provides). swift-mustache parses
/// templates for rendering but keeps its tokens to itself, so this reads just the tags: `{{name}}`,
/// `{{{name}}}`, `{{&name}}`, sections, inverted sections, closing tags, partials, parents and
/// blocks. Text between tags is skipped.
package struct MustacheTags {
    package enum Kind: Equatable {
        case variable, unescaped, section, inverted, close, partial, parent, block, comment, pragma
    }

    package struct Tag {
        package var kind: Kind
        /// The name as written, without sigil or surrounding spaces.
        package var name: String
        /// Where its `{{` is, 1-based (column in characters).
        package var line: Int
        package var column: Int

        /// The name a transform such as `uppercased(name)` or `reversed(items)` reads; empty for a
        /// transform of the sequence itself (`first()`).
        package var lookedUpName: String {
            var name = Substring(self.name)
            while let open = name.firstIndex(of: "("), name.hasSuffix(")") {
                name = name[name.index(after: open)..<name.index(before: name.endIndex)]
            }
            return name.trimmingCharacters(in: .whitespaces)
        }
    }

    package var tags: [Tag] = []
    /// Set when the template changes its delimiters (`{{=<% %>=}}`): the tags after that are not
    /// read, and checks that need them all say nothing about the template.
    package var changesDelimiters = false

    package init(_ text: String) {
        var line = 1
        var lineStart = text.startIndex
        var index = text.startIndex
        func advanceLines(to end: String.Index) {
            var cursor = index
            while let newline = text[cursor..<end].firstIndex(of: "\n") {
                line += 1
                cursor = text.index(after: newline)
                lineStart = cursor
            }
        }
        while let open = text[index...].range(of: "{{") {
            advanceLines(to: open.lowerBound)
            index = open.lowerBound
            let column = text.distance(from: lineStart, to: open.lowerBound) + 1
            let tagLine = line
            var rest = text[open.upperBound...]
            let kind: Kind
            let closing: String
            switch rest.first {
            case "{": kind = .unescaped; closing = "}}}"; rest = rest.dropFirst()
            case "&": kind = .unescaped; closing = "}}"; rest = rest.dropFirst()
            case "#": kind = .section; closing = "}}"; rest = rest.dropFirst()
            case "^": kind = .inverted; closing = "}}"; rest = rest.dropFirst()
            case "/": kind = .close; closing = "}}"; rest = rest.dropFirst()
            case ">": kind = .partial; closing = "}}"; rest = rest.dropFirst()
            case "<": kind = .parent; closing = "}}"; rest = rest.dropFirst()
            case "$": kind = .block; closing = "}}"; rest = rest.dropFirst()
            case "!": kind = .comment; closing = "}}"; rest = rest.dropFirst()
            case "%": kind = .pragma; closing = "}}"; rest = rest.dropFirst()
            case "=":
                changesDelimiters = true
                return
            default: kind = .variable; closing = "}}"
            }
            guard let close = rest.range(of: closing) else { return }
            let name = rest[..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            tags.append(Tag(kind: kind, name: name, line: tagLine, column: column))
            advanceLines(to: close.upperBound)
            index = close.upperBound
        }
    }
}

import Foundation
