import Testing
@testable import CatalogMarkdown

@Suite("HTML post-processing")
struct HTMLPostprocessTests {
    /// The pass as it was written first, byte by byte: at each `<` or space, the first pattern
    /// that matches there is replaced. `HTMLPostprocess` finds the same places with `memmem`.
    enum Oracle {

        /// A table in a region of its own that scrolls sideways when it is wider than the page: the
        /// region can take focus (so a keyboard can scroll it) and is named ("Table 2"), each name
        /// once per page.
        static func scrollableTables(_ html: String) -> String {
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
        static func apply(_ html: String, wrapsTables: Bool = true) -> String {
            var html = wrapsTables ? scrollableTables(html) : html
            let needed = html.withUTF8 { bytes in
                contains(bytes, " align=\"") || contains(bytes, "<input type=\"checkbox\"") || contains(bytes, "data-footnotes")
            }
            guard needed else { return html }
            let patterns = HTMLPostprocess.replacements.map { (Array($0.0.utf8), Array($0.1.utf8)) }
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

        static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
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

    /// Pieces that make every pattern, every near miss of one (cut short, at the end of the
    /// text, overlapping another), tables nested, unclosed and closed before they open.
    static let pieces = [
        "<table>", "</table>", "<table", "</table", "<tab", " align=\"left\">", " align=\"center\">", " align=\"right\">",
        " align=\"", " align=\"left\"", "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ",
        "<input type=\"checkbox\" disabled=\"\" /> ", "<input type=\"checkbox\" ", "<section class=\"footnotes\" data-footnotes>\n",
        "<section class=\"footnotes\" data-footnotes>", "<", " ", "\n", "a", "é", "<td", ">", "\"",
    ]

    @Test func theOnePassMakesWhatTheByteByBytePassMade() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 3, 5, 8, 13, 30] {
            for _ in 0..<2_000 {
                let text = (0..<length).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
                #expect(HTMLPostprocess.scrollableTables(text) == Oracle.scrollableTables(text), "\(text.debugDescription)")
                #expect(HTMLPostprocess.apply(text) == Oracle.apply(text), "\(text.debugDescription)")
                #expect(HTMLPostprocess.apply(text, wrapsTables: false) == Oracle.apply(text, wrapsTables: false), "\(text.debugDescription)")
            }
        }
    }

    @Test func tablesAreWrappedAndNumberedAndCellsAligned() {
        let html = "<table>\n<tr><td align=\"right\">1</td></tr>\n</table>\n<p>x</p>\n<table>\n</table>\n"
        #expect(HTMLPostprocess.apply(html) == "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table 1\"><table>\n<tr><td class=\"align-right\">1</td></tr>\n</table></div>\n<p>x</p>\n<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table 2\"><table>\n</table></div>\n")
        #expect(HTMLPostprocess.apply("<li><input type=\"checkbox\" disabled=\"\" /> Do</li>") == "<li><span class=\"task-state\" data-state=\"open\"><span class=\"visually-hidden\">To do:</span></span> Do</li>")
        #expect(HTMLPostprocess.apply("<table>\nnever closed", wrapsTables: true) == "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table 1\"><table>\nnever closed")
    }
}
