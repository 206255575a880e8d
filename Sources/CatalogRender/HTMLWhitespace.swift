import Foundation

/// The whitespace a page does not need, taken out once the page is rendered: the indentation at
/// the start of each line and the blank lines. Templates stay indented for the people who edit
/// them; a component page of a large catalog was about a tenth indentation.
///
/// Only what HTML collapses anyway goes: a run of spaces, tabs and line breaks between words or
/// tags is shown as one space (or nothing) in normal flow, and one line break stays for each run.
/// Inside `<pre>` and `<textarea>`, where every space shows, nothing is touched. The theme's own
/// stylesheet sets `white-space: pre-wrap` on `pre` alone; a theme that makes another element keep
/// its spaces should render that text inside `<pre>`.
///
/// The line break between two tags goes too when one of them is a table's part (`<tr>`, `</td>`,
/// `<table>`…): a table's layout draws no text between its rows and cells, and when a narrow
/// screen stacks them as blocks the break collapses at the block's edge. Between any other two
/// tags it stays, since between inline elements it is a space the reader sees.
package enum HTMLWhitespace {
    /// Read line by line: `memchr` finds each line feed and each `<` (where a `pre` or a
    /// `textarea` may open), and a line is copied whole, not byte by byte (half the time).
    package static func compact(_ html: String) -> String {
        var html = html
        return html.withUTF8 { source in
            String(unsafeUninitializedCapacity: source.count) { target in
                guard let base = source.baseAddress, let out = target.baseAddress else { return 0 }
                let count = source.count
                var written = 0
                var index = 0
                func copy(upTo end: Int) {
                    guard end > index else { return }
                    (out + written).update(from: base + index, count: end - index)
                    written += end - index
                    index = end
                }
                while index < count {
                    // The line, with its line feed.
                    let lineEnd = memchr(base + index, 0x0A, count - index).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base + 1 } ?? count
                    // A `pre` or `textarea` opened in the line keeps its text as written, to its close.
                    var kept: (at: Int, name: [UInt8])?
                    var scan = index
                    while scan < lineEnd, let found = memchr(base + scan, 0x3C, lineEnd - scan) {
                        let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                        if let name = opens(source, at: at) { kept = (at, name); break }
                        scan = at + 1
                    }
                    if let kept {
                        // Up to and with the close's `<` (or to the end when it never closes), then
                        // the rest of the close's line is read as any line.
                        var from = kept.at + 1
                        var end = count
                        while from < count, let found = memchr(base + from, 0x3C, count - from) {
                            let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                            if closes(kept.name, in: source, at: at) { end = at + 1; break }
                            from = at + 1
                        }
                        copy(upTo: end)
                        continue
                    }
                    let lineStart = index
                    copy(upTo: lineEnd)
                    // The indentation and blank lines after a line break.
                    guard base[lineEnd - 1] == UInt8(ascii: "\n") else { continue }
                    while index < count, base[index] == UInt8(ascii: " ") || base[index] == UInt8(ascii: "\t") || base[index] == UInt8(ascii: "\n") || base[index] == UInt8(ascii: "\r") { index += 1 }
                    // The line break itself, between two tags of which one is a table's part.
                    if index < count, base[index] == UInt8(ascii: "<"), lineEnd - lineStart >= 2, base[lineEnd - 2] == UInt8(ascii: ">"),
                       isTablePart(source, at: index) || lastTag(source, from: lineStart, to: lineEnd - 2).map({ isTablePart(source, at: $0) }) == true {
                        written -= 1
                    }
                }
                return written
            }
        }
    }

    private static let kept: [[UInt8]] = [Array("pre".utf8), Array("textarea".utf8)]

    /// The elements a table is made of, between whose tags no text is drawn.
    private static let tableParts: [[UInt8]] = ["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th"].map { Array($0.utf8) }

    /// Whether the tag at `index` (its `<`) opens or closes a table's part.
    private static func isTablePart(_ source: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var start = index + 1
        if start < source.count, source[start] == UInt8(ascii: "/") { start += 1 }
        // Every part's name starts with `t` or `c`: most tags are told at once.
        guard start < source.count, case let first = source[start] | 0x20, first == UInt8(ascii: "t") || first == UInt8(ascii: "c") else { return false }
        return tableParts.contains { name(source, at: start, is: $0) }
    }

    /// The `<` of the tag that ends at `end` (its `>`), looked for back to `start`.
    private static func lastTag(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var at = end
        while at > start {
            at -= 1
            if source[at] == UInt8(ascii: "<") { return at }
        }
        return nil
    }

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
