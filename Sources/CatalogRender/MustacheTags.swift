/// The tags of a Mustache template with their places, for the checks that read a theme before it
/// renders (partials and assets that exist, names a context provides). swift-mustache parses
/// templates for rendering but keeps its tokens to itself, so this reads just the tags: `{{name}}`,
/// `{{{name}}}`, `{{&name}}`, sections, inverted sections, closing tags, partials, parents and
/// blocks. Text between tags is skipped.
package struct MustacheTags: Sendable {
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

    /// Read on the text's UTF-8 bytes: every delimiter and sigil is ASCII, and no byte of a longer
    /// UTF-8 sequence is, so a byte search finds exactly the tags a search by characters finds.
    package init(_ text: String) {
        let bytes = Array(text.utf8)
        let count = bytes.count
        var line = 1
        var lineStart = 0
        var index = 0
        func advanceLines(to end: Int) {
            var cursor = index
            while cursor < end {
                if bytes[cursor] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = cursor + 1
                }
                cursor += 1
            }
        }
        /// Whether the ASCII byte at `position` is a character of its own: a combining mark after
        /// it (`{` + U+0301) makes one character of both, which is not the delimiter or sigil.
        func alone(_ position: Int) -> Bool {
            guard position + 1 < count, bytes[position + 1] >= 0x80 else { return true }
            let window = String(decoding: bytes[position..<min(count, position + 8)], as: UTF8.self)
            return window.first?.unicodeScalars.count == 1
        }
        /// Where `delimiter` next starts at or after `from`, `times` over, as a whole character.
        func find(_ delimiter: UInt8, times: Int, from: Int) -> Int? {
            var cursor = from
            while cursor + times <= count {
                guard let first = bytes[cursor...].firstIndex(of: delimiter) else { return nil }
                if first + times > count { return nil }
                if (1..<times).allSatisfy({ bytes[first + $0] == delimiter }), alone(first + times - 1) { return first }
                cursor = first + 1
            }
            return nil
        }
        /// Characters (not bytes) from `start` to `end`, as an editor counts a column.
        func characters(_ start: Int, _ end: Int) -> Int {
            if bytes[start..<end].allSatisfy({ $0 < 0x80 }) { return end - start }
            return String(decoding: bytes[start..<end], as: UTF8.self).count
        }
        // The characters counted so far on the current line, up to the last tag: a line of many
        // tags is counted once, not from its start for each tag.
        var counted = (at: 0, characters: 0)
        func column(_ open: Int) -> Int {
            if counted.at < lineStart { counted = (lineStart, 0) }
            counted.characters += characters(counted.at, open)
            counted.at = open
            return counted.characters + 1
        }
        while let open = find(UInt8(ascii: "{"), times: 2, from: index) {
            advanceLines(to: open)
            index = open
            let column = column(open)
            let tagLine = line
            var rest = open + 2
            let kind: Kind
            var closing = 2
            switch rest < count && alone(rest) ? bytes[rest] : 0 {
            case UInt8(ascii: "{"): kind = .unescaped; closing = 3
            case UInt8(ascii: "&"): kind = .unescaped
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "%"): kind = .pragma
            case UInt8(ascii: "="):
                changesDelimiters = true
                return
            default: kind = .variable
            }
            if kind != .variable { rest += 1 }
            guard let close = find(UInt8(ascii: "}"), times: closing, from: rest) else { return }
            let name = String(decoding: bytes[rest..<close], as: UTF8.self)
            tags.append(Tag(kind: kind, name: Self.trimmed(name), line: tagLine, column: column))
            advanceLines(to: close + closing)
            index = close + closing
        }
    }

    /// Without the white space and line breaks around it; only a name with a byte outside plain
    /// ASCII at either end needs Foundation's trim.
    private static func trimmed(_ name: String) -> String {
        guard let first = name.utf8.first, let last = name.utf8.last else { return name }
        func isPlain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        if isPlain(first), isPlain(last) { return name }
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation
