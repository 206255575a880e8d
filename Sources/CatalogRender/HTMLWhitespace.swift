/// The whitespace a page does not need, taken out once the page is rendered: the indentation at
/// the start of each line and the blank lines. Templates stay indented for the people who edit
/// them; a component page of a large catalog was about a tenth indentation.
///
/// Only what HTML collapses anyway goes: a run of spaces, tabs and line breaks between words or
/// tags is shown as one space (or nothing) in normal flow, and one line break stays for each run.
/// Inside `<pre>` and `<textarea>`, where every space shows, nothing is touched. The theme's own
/// stylesheet sets `white-space: pre-wrap` on `pre` alone; a theme that makes another element keep
/// its spaces should render that text inside `<pre>`.
package enum HTMLWhitespace {
    package static func compact(_ html: String) -> String {
        var html = html
        return html.withUTF8 { source in
            String(unsafeUninitializedCapacity: source.count) { target in
                let count = source.count
                var written = 0
                var index = 0
                // The element whose text is kept as written (`pre` or `textarea`), while inside one.
                var keeping: [UInt8]? = nil
                var lineStart = false
                while index < count {
                    let byte = source[index]
                    index += 1
                    if let name = keeping {
                        if byte == UInt8(ascii: "<"), closes(name, in: source, at: index - 1) { keeping = nil }
                    } else {
                        if lineStart {
                            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { continue }
                            lineStart = false
                        }
                        if byte == UInt8(ascii: "\n") {
                            lineStart = true
                        } else if byte == UInt8(ascii: "<") {
                            keeping = opens(source, at: index - 1)
                        }
                    }
                    target[written] = byte
                    written += 1
                }
                return written
            }
        }
    }

    private static let kept: [[UInt8]] = [Array("pre".utf8), Array("textarea".utf8)]

    /// `pre` or `textarea` when `<` at `index` opens one.
    private static func opens(_ source: UnsafeBufferPointer<UInt8>, at index: Int) -> [UInt8]? {
        // Most tags start with neither letter: told at once.
        guard index + 1 < source.count, case let first = source[index + 1] | 0x20, first == UInt8(ascii: "p") || first == UInt8(ascii: "t") else { return nil }
        return kept.first { name(source, at: index + 1, is: $0) }
    }

    /// Whether `<` at `index` closes `name` (`</pre>`).
    private static func closes(_ name: [UInt8], in source: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 1 < source.count && source[index + 1] == UInt8(ascii: "/") && self.name(source, at: index + 2, is: name)
    }

    /// Whether the tag name at `start` is `name` (ASCII case-insensitive) and ends there.
    private static func name(_ source: UnsafeBufferPointer<UInt8>, at start: Int, is name: [UInt8]) -> Bool {
        guard start + name.count < source.count else { return false }
        for (offset, letter) in name.enumerated() where source[start + offset] | 0x20 != letter { return false }
        let after = source[start + name.count]
        return after == UInt8(ascii: ">") || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") || after == UInt8(ascii: "\n") || after == UInt8(ascii: "/") || after == UInt8(ascii: "\r")
    }
}
