import Foundation
/// Whether markup parses as an HTML fragment the way an author meant it: every element closed in
/// the order it was opened (elements whose end tag HTML lets you leave out, and void elements,
/// aside), no document-level element, and nothing inline that a strict Content-Security-Policy
/// refuses (a `<script>` without `src`, a `<style>`, a `style` or `on…` attribute).
package enum HTMLFragment {
    package struct Problem: Equatable {
        package var message: String
        /// 1-based, in the markup.
        package var line: Int
        package var column: Int
    }

    static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen"]
    /// Elements whose end tag may be left out (closed by what follows or by their parent's end).
    static let optionalEnd: Set<String> = ["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "rt", "rp", "caption"]
    static let document: Set<String> = ["html", "head", "body"]
    /// Elements whose content is text up to their end tag.
    static let rawText: Set<String> = ["script", "style", "textarea", "title"]

    package static func problem(in markup: String) -> Problem? {
        let scalars = Array(markup.unicodeScalars)
        var index = 0
        var line = 1, column = 1
        var open: [(name: String, line: Int, column: Int)] = []
        func advance(_ count: Int) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        func startsWith(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            guard index + wanted.count <= scalars.count else { return false }
            for (offset, scalar) in wanted.enumerated() where String(scalars[index + offset]).lowercased() != String(scalar) { return false }
            return true
        }
        while index < scalars.count {
            guard scalars[index] == "<" else { advance(1); continue }
            let tagLine = line, tagColumn = column
            if startsWith("<!--") {
                advance(4)
                while index < scalars.count, !startsWith("-->") { advance(1) }
                if index >= scalars.count { return Problem(message: "a comment `<!--` is never closed with `-->`", line: tagLine, column: tagColumn) }
                advance(3)
                continue
            }
            if startsWith("<!") {
                return Problem(message: "`<!DOCTYPE …>` belongs to a whole document; an example is a fragment of one, so write only what goes inside <body>", line: tagLine, column: tagColumn)
            }
            let closing = index + 1 < scalars.count && scalars[index + 1] == "/"
            var cursor = index + (closing ? 2 : 1)
            var name = ""
            while cursor < scalars.count, scalars[cursor].properties.isAlphabetic || ("0"..."9").contains(scalars[cursor]) || scalars[cursor] == "-" {
                name.unicodeScalars.append(scalars[cursor])
                cursor += 1
            }
            name = name.lowercased()
            guard !name.isEmpty else { advance(1); continue }  // a lone `<` is text
            // The tag's end, past quoted attribute values.
            var quote: Unicode.Scalar?
            var attributes = ""
            while cursor < scalars.count {
                let scalar = scalars[cursor]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    break
                }
                attributes.unicodeScalars.append(scalar)
                cursor += 1
            }
            guard cursor < scalars.count else { return Problem(message: "the tag <\(closing ? "/" : "")\(name) is never closed with `>`", line: tagLine, column: tagColumn) }
            advance(cursor - index + 1)
            if closing {
                if void.contains(name) { continue }
                // Elements whose end tag may be left out close on their parent's end.
                while let last = open.last, last.name != name, optionalEnd.contains(last.name) { open.removeLast() }
                guard let last = open.last else {
                    return Problem(message: "the end tag </\(name)> closes nothing: no <\(name)> is open here", line: tagLine, column: tagColumn)
                }
                guard last.name == name else {
                    return Problem(message: "the end tag </\(name)> comes while <\(last.name)> (line \(last.line)) is still open; close <\(last.name)> first", line: tagLine, column: tagColumn)
                }
                open.removeLast()
                continue
            }
            if document.contains(name) {
                return Problem(message: "<\(name)> belongs to a whole document; an example is a fragment of one, so write only what goes inside <body>", line: tagLine, column: tagColumn)
            }
            let lowered = attributes.lowercased()
            if name == "style" {
                return Problem(message: "a <style> element in an example is inline style, which a strict Content-Security-Policy refuses; put the rules in a stylesheet `web.styles` names", line: tagLine, column: tagColumn)
            }
            if name == "script", !hasAttribute("src", in: lowered) {
                return Problem(message: "a <script> without `src` in an example is inline script, which a strict Content-Security-Policy refuses; put it in a script `web.scripts` names", line: tagLine, column: tagColumn)
            }
            if hasAttribute("style", in: lowered) {
                return Problem(message: "a `style` attribute on <\(name)> is inline style, which a strict Content-Security-Policy refuses; give it a class the team's stylesheet styles", line: tagLine, column: tagColumn)
            }
            if let handler = handlerAttribute(in: lowered) {
                return Problem(message: "the `\(handler)` attribute on <\(name)> is inline script, which a strict Content-Security-Policy refuses; add the listener in a script `web.scripts` names", line: tagLine, column: tagColumn)
            }
            let selfClosing = attributes.hasSuffix("/")
            if void.contains(name) || selfClosing { continue }
            // An element whose end tag may be left out closes the one like it before it.
            if ["li", "dt", "dd", "p", "option", "tr", "td", "th"].contains(name), let last = open.last, last.name == name || (name == "dd" && last.name == "dt") || (name == "dt" && last.name == "dd") || (name == "th" && last.name == "td") || (name == "td" && last.name == "th") {
                open.removeLast()
            }
            open.append((name, tagLine, tagColumn))
            if rawText.contains(name) {
                // Its content runs to its end tag.
                while index < scalars.count, !startsWith("</\(name)") { advance(1) }
            }
        }
        if let unclosed = open.last(where: { !optionalEnd.contains($0.name) }) {
            return Problem(message: "<\(unclosed.name)> is never closed; add </\(unclosed.name)>", line: unclosed.line, column: unclosed.column)
        }
        return nil
    }

    private static func hasAttribute(_ name: String, in attributes: String) -> Bool {
        attributes.range(of: "(^|[\\s\"'])\(name)\\s*(=|$|\\s|/)", options: .regularExpression) != nil
    }

    private static func handlerAttribute(in attributes: String) -> String? {
        guard let range = attributes.range(of: "(^|[\\s\"'])on[a-z]+\\s*=", options: .regularExpression) else { return nil }
        return attributes[range].trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\"'=")).trimmingCharacters(in: .whitespaces)
    }
}

