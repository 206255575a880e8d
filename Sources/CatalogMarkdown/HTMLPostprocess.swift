import CatalogCore
import Foundation

/// Fixes the few things cmark-gfm prints that a strict page cannot carry: obsolete `align`
/// attributes on table cells (a class instead, so no `style` attribute is needed) and unlabelled
/// disabled checkboxes for task-list items (a text state instead, so nothing looks operable),
/// and a footnotes section without a heading.
package enum HTMLPostprocess {
    /// What cmark-gfm prints → what the page carries (read by the tests' byte-by-byte oracle too).
    static let replacements: [(String, String)] = [
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

    private static let patterns: [(old: [UInt8], new: [UInt8])] = replacements.map { (Array($0.0.utf8), Array($0.1.utf8)) }
    private static let tableOpen = Array("<table>".utf8), tableClose = Array("</table>".utf8), regionClose = Array("</div>".utf8)

    /// A table in a region of its own that scrolls sideways when it is wider than the page: the
    /// region can take focus (so a keyboard can scroll it) and is named ("Table 2"), each name
    /// once per page. A table opened inside another is left as it is; one never closed is wrapped
    /// to the end of the page.
    package static func scrollableTables(_ html: String) -> String {
        var html = html
        let wrapped: [UInt8]? = html.withUTF8 { bytes in
            guard let base = bytes.baseAddress, var open = bytes.firstIndex(of: tableOpen) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 1024)
            var index = 0
            var number = 0
            while true {
                output.append(contentsOf: UnsafeBufferPointer(start: base + index, count: open - index))
                number += 1
                output += Array("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table \(number)\">".utf8)
                guard let close = bytes.firstIndex(of: tableClose, from: open + tableOpen.count) else {
                    index = open
                    break
                }
                index = close + tableClose.count
                output.append(contentsOf: UnsafeBufferPointer(start: base + open, count: index - open))
                output += regionClose
                guard let next = bytes.firstIndex(of: tableOpen, from: index) else { break }
                open = next
            }
            output.append(contentsOf: UnsafeBufferPointer(start: base + index, count: bytes.count - index))
            return output
        }
        return wrapped.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// Every replacement, in one pass: each pattern's next place is found with `memchr` and
    /// `memcmp` (`firstIndex(of:from:)`), the earliest is replaced (the first pattern of the list
    /// where two start at one place), and the text between is copied whole.
    package static func apply(_ html: String, wrapsTables: Bool = true) -> String {
        var html = wrapsTables ? scrollableTables(html) : html
        let replaced: [UInt8]? = html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            var next = patterns.map { bytes.firstIndex(of: $0.old) }
            guard next.contains(where: { $0 != nil }) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(count + 256)
            var index = 0
            while true {
                var earliest: (pattern: Int, at: Int)?
                for (pattern, at) in next.enumerated() {
                    guard let at else { continue }
                    if let current = earliest, current.at <= at { continue }
                    earliest = (pattern, at)
                }
                guard let (pattern, at) = earliest else { break }
                output.append(contentsOf: UnsafeBufferPointer(start: base + index, count: at - index))
                output += patterns[pattern].new
                index = at + patterns[pattern].old.count
                for other in next.indices {
                    if let place = next[other], place < index { next[other] = bytes.firstIndex(of: patterns[other].old, from: index) }
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(start: base + index, count: count - index))
            return output
        }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? html
    }
}
