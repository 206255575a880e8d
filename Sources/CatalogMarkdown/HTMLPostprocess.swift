import Foundation

/// Fixes the few things cmark-gfm prints that a strict page cannot carry: obsolete `align`
/// attributes on table cells (a class instead, so no `style` attribute is needed) and unlabelled
/// disabled checkboxes for task-list items (a text state instead, so nothing looks operable),
/// and a footnotes section without a heading.
package enum HTMLPostprocess {
    private static let replacements: [(String, String)] = [
        (" align=\"left\">", " class=\"align-left\">"),
        (" align=\"center\">", " class=\"align-center\">"),
        (" align=\"right\">", " class=\"align-right\">"),
        (
            "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ",
            "<span class=\"task-state\" data-state=\"done\"><span aria-hidden=\"true\">✓</span><span class=\"visually-hidden\">Done:</span></span> "
        ),
        (
            // A section needs a heading; GitHub gives footnotes the same hidden one.
            "<section class=\"footnotes\" data-footnotes>\n",
            "<section class=\"footnotes\" data-footnotes>\n<h2 class=\"visually-hidden\">Footnotes</h2>\n"
        ),
        (
            "<input type=\"checkbox\" disabled=\"\" /> ",
            "<span class=\"task-state\" data-state=\"open\"><span class=\"visually-hidden\">To do:</span></span> "
        ),
    ]

    /// A table in a region of its own that scrolls sideways when it is wider than the page: the
    /// region can take focus (so a keyboard can scroll it) and is named ("Table 2"), each name
    /// once per page.
    package static func scrollableTables(_ html: String) -> String {
        let open = Array("<table>".utf8), close = Array("</table>".utf8)
        let bytes = Array(html.utf8)
        func matches(_ pattern: [UInt8], at index: Int) -> Bool {
            guard index + pattern.count <= bytes.count else { return false }
            for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
        var output: [UInt8] = []
        var number = 0
        var inside = false
        var index = 0
        var found = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if !inside, matches(open, at: index) {
                    number += 1
                    found = true
                    output += Array("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table \(number)\">".utf8)
                    inside = true
                } else if inside, matches(close, at: index) {
                    output += close
                    output += Array("</div>".utf8)
                    index += close.count
                    inside = false
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return found ? String(decoding: output, as: UTF8.self) : html
    }

    /// One pass over the bytes: every replacement starts with `<` or ` `, so the scan only
    /// compares at those bytes and copies everything else through.
    package static func apply(_ html: String, wrapsTables: Bool = true) -> String {
        var html = wrapsTables ? scrollableTables(html) : html
        let needed = html.withUTF8 { bytes in
            contains(bytes, " align=\"") || contains(bytes, "<input type=\"checkbox\"") || contains(bytes, "data-footnotes")
        }
        guard needed else { return html }
        let patterns = replacements.map { (Array($0.0.utf8), Array($0.1.utf8)) }
        var output: [UInt8] = []
        html.withUTF8 { bytes in
            output.reserveCapacity(bytes.count + 256)
            var index = 0
            let count = bytes.count
            outer: while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: " ") {
                    for (old, new) in patterns where old[0] == byte && index + old.count <= count {
                        var matched = true
                        for offset in 1..<old.count where bytes[index + offset] != old[offset] {
                            matched = false
                            break
                        }
                        if matched {
                            output.append(contentsOf: new)
                            index += old.count
                            continue outer
                        }
                    }
                }
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    package static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first, pattern.count <= bytes.count else { return false }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return true }
            }
            index += 1
        }
        return false
    }
}
