import Foundation
import CatalogCore

/// The theme's status symbols drawn once per page and referenced where they show.
///
/// A readiness badge, a contrast result or a conformance verdict carries its tone's symbol
/// (`status-positive`, …). Drawn inline, that was about 250 bytes each and a tenth of a large
/// catalog's published bytes (the readiness dashboard alone held 7,000 of them). Instead a badge
/// holds `<svg class="symbol"><use href="#cb:status-positive"/></svg>`, and the page carries each
/// symbol it uses once, as a `<symbol>` in a hidden sprite at the end of its body.
///
/// Only the page's own symbols go in its sprite, so a page without a badge carries none. The
/// symbols inside demos stay inline: the playground redraws a demo in the browser with any symbol
/// a reader picks, and an example frame is a document of its own.
///
/// The ids start `cb:`, which no heading or Markdown id can (they are made of letters, digits and
/// hyphens), so a guide's heading never collides with a symbol.
package struct SymbolSprite: Hashable, Sendable {
    private static let prefix = "cb:"
    /// A reference is `<use href="#cb:name"`: found by its `#cb:` (a `#` is rare in a page, a
    /// `<` is in every tag), then the `<use href="` before it is checked.
    private static let referenceMark = Array("#\(prefix)".utf8)
    private static let referenceLead = Array("<use href=\"".utf8)
    private static let bodyEnd = Array("</body>".utf8)

    /// Symbol name → its `<symbol>` definition, for each symbol that can be referenced.
    private var definitions: [String: String] = [:]

    /// Reads each symbol the pages reference (the theme's inline SVG, `<svg …>…</svg>`). A symbol
    /// whose markup is not one `<svg>` element stays inline (`reference` returns it whole).
    package init(symbols: [String: String], names: some Sequence<String>) {
        for name in names {
            guard let svg = symbols[name], let definition = Self.definition(of: svg, id: Self.prefix + name) else { continue }
            definitions[name] = definition
        }
    }

    /// What a page writes where the symbol shows: a reference to the page's sprite, or the
    /// symbol inline when it could not be made a `<symbol>`, or nothing when the theme has none.
    package func reference(_ name: String, symbols: [String: String]) -> String {
        guard definitions[name] != nil else { return symbols[name] ?? "" }
        return "<svg class=\"symbol\" aria-hidden=\"true\"><use href=\"#\(Self.prefix)\(name)\"/></svg>"
    }

    /// The page with the definitions of the symbols it references, in a hidden sprite just before
    /// `</body>` (a `<use>` may point forward). A page that references none is returned as it was.
    package func completing(_ html: String) -> String {
        guard !definitions.isEmpty else { return html }
        var html = html
        let (used, body): ([String], Int?) = html.withUTF8 { bytes in
            var names: Set<String> = []
            var offset = 0
            while let found = bytes.firstIndex(of: Self.referenceMark, from: offset) {
                var end = found + Self.referenceMark.count
                offset = end
                let lead = Self.referenceLead.count
                guard found >= lead, bytes[(found - lead)..<found].elementsEqual(Self.referenceLead) else { continue }
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[(found + Self.referenceMark.count)..<end]), as: UTF8.self))
                offset = end
            }
            guard !names.isEmpty else { return ([], nil) }
            // The last `</body>`, looked for from the end: the layout's own, after every page text.
            let body = bytes.lastIndex(of: Self.bodyEnd)
            return (names.sorted(), body)
        }
        let drawn = used.compactMap { definitions[$0] }
        guard !drawn.isEmpty else { return html }
        let sprite = "<svg class=\"symbol-sprite\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">" + drawn.joined() + "</svg>\n"
        guard let body else { return html + sprite }
        let utf8 = html.utf8
        let at = utf8.index(utf8.startIndex, offsetBy: body)
        var page = ""
        page.reserveCapacity(utf8.count + sprite.utf8.count)
        page += html[..<at]
        page += sprite
        page += html[at...]
        return page
    }

    /// `<svg a="1" b="2">shapes</svg>` → `<symbol id="…" a="1" b="2">shapes</symbol>`, keeping
    /// the drawing's own attributes (viewBox, stroke, fill…) and leaving out what belongs to the
    /// inline use (class, aria-hidden, size, namespace).
    static func definition(of svg: String, id: String) -> String? {
        let text = svg.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("<svg"), text.hasSuffix("</svg>"),
              let open = text.firstIndex(of: ">"), text[text.index(before: open)] != "/" else { return nil }
        let attributes = text[text.index(text.startIndex, offsetBy: 4)..<open]
        let body = text[text.index(after: open)..<text.index(text.endIndex, offsetBy: -6)]
        guard !body.contains("<svg"), !body.contains("</svg") else { return nil }
        let dropped: Set<Substring> = ["class", "aria-hidden", "xmlns", "width", "height", "id", "focusable", "role", "style"]
        var kept = ""
        var rest = attributes[...]
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            guard !rest.isEmpty else { break }
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals]
            let afterEquals = rest.index(after: equals)
            guard afterEquals < rest.endIndex else { return nil }
            let quote = rest[afterEquals]
            guard quote == "\"" || quote == "'", let close = rest[rest.index(after: afterEquals)...].firstIndex(of: quote) else { return nil }
            guard !name.contains(where: { $0 == " " || $0 == "<" || $0 == ">" }) else { return nil }
            if !dropped.contains(name) { kept += " " + rest[rest.startIndex...close] }
            rest = rest[rest.index(after: close)...]
        }
        return "<symbol id=\"\(id)\"\(kept)>\(body)</symbol>"
    }
}
