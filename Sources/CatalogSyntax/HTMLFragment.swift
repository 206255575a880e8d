import Foundation
/// Whether markup parses as an HTML fragment the way an author meant it: every element closed in
/// the order it was opened (elements whose end tag HTML lets you leave out, and void elements,
/// aside), no document-level element, and nothing that runs or styles inline, which a strict
/// Content-Security-Policy refuses: a `<script>` without `src` (or with a `data:` one), a
/// `<style>`, a `style` or `on…` attribute, a `javascript:` or `vbscript:` address, a `srcdoc`.
///
/// It reads the markup as a browser's tokenizer does (the HTML5 parsing rules), not by patterns:
/// a tag name ends at white space, `/` or `>` (so `<svg/onload=…>` has an `onload` attribute),
/// `<!-->` is a whole comment (what follows it is markup), the text of `<script>`, `<style>`,
/// `<title>`, `<textarea>`, `<noscript>`, `<iframe>`, `<xmp>`, `<noembed>` and `<noframes>` runs to
/// their end tag only outside SVG and MathML (inside them a `<title>` holds markup), and attribute
/// values are read with their character references decoded and the tabs and line breaks a URL
/// ignores removed before their scheme is looked at (`&#106;avascript:`, `java&#9;script:`).
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
    /// Elements whose content is text up to their end tag (in HTML content; scripting on).
    static let rawText: Set<String> = ["script", "style", "textarea", "title", "noscript", "iframe", "xmp", "noembed", "noframes"]
    /// Elements that start foreign content (SVG, MathML), where no element's content is raw text.
    static let foreign: Set<String> = ["svg", "math"]

    private struct Attribute {
        var name: String
        var value: String
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        var atEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }

        func startsWith(_ text: String) -> Bool {
            var offset = 0
            for scalar in text.unicodeScalars {
                guard let here = peek(offset), Self.lower(here) == scalar else { return false }
                offset += 1
            }
            return true
        }

        static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
    }

    package static func problem(in markup: String) -> Problem? {
        var scanner = Scanner(scalars: Array(markup.unicodeScalars))
        var open: [(name: String, line: Int, column: Int)] = []
        while !scanner.atEnd {
            guard scanner.current == "<" else { scanner.advance(); continue }
            let tagLine = scanner.line, tagColumn = scanner.column
            if scanner.startsWith("<!--") {
                scanner.advance(4)
                // `<!-->` and `<!--->` are whole (empty) comments.
                if scanner.current == ">" { scanner.advance(); continue }
                if scanner.startsWith("->") { scanner.advance(2); continue }
                while !scanner.atEnd, !scanner.startsWith("-->"), !scanner.startsWith("--!>") { scanner.advance() }
                if scanner.atEnd { return Problem(message: "a comment `<!--` is never closed with `-->`", line: tagLine, column: tagColumn) }
                scanner.advance(scanner.startsWith("-->") ? 3 : 4)
                continue
            }
            if scanner.startsWith("<!doctype") {
                return Problem(message: "`<!DOCTYPE …>` belongs to a whole document; an example is a fragment of one, so write only what goes inside <body>", line: tagLine, column: tagColumn)
            }
            if scanner.startsWith("<!") || scanner.startsWith("<?") {
                // A bogus comment (`<![CDATA[`, `<?xml`): text up to the next `>`.
                while !scanner.atEnd, scanner.current != ">" { scanner.advance() }
                scanner.advance()
                continue
            }
            let closing = scanner.peek(1) == "/"
            guard let first = scanner.peek(closing ? 2 : 1), Scanner.isASCIILetter(first) else {
                if closing, scanner.peek(2) == ">" { scanner.advance(3); continue }  // `</>` is nothing
                if closing {
                    // `</` and no letter: a bogus comment to the next `>`.
                    while !scanner.atEnd, scanner.current != ">" { scanner.advance() }
                    scanner.advance()
                    continue
                }
                scanner.advance()  // a lone `<` is text
                continue
            }
            scanner.advance(closing ? 2 : 1)
            // The tag name runs to white space, `/` or `>`.
            var name = ""
            while let scalar = scanner.current, !Scanner.isSpace(scalar), scalar != "/", scalar != ">" {
                name.unicodeScalars.append(Scanner.lower(scalar))
                scanner.advance()
            }
            var attributes: [Attribute] = []
            var selfClosing = false
            // Attributes, as the tokenizer reads them.
            while true {
                guard let scalar = scanner.current else {
                    return Problem(message: "the tag <\(closing ? "/" : "")\(name) is never closed with `>`", line: tagLine, column: tagColumn)
                }
                if Scanner.isSpace(scalar) { scanner.advance(); continue }
                if scalar == ">" { scanner.advance(); break }
                if scalar == "/" {
                    scanner.advance()
                    if scanner.current == ">" { selfClosing = true; scanner.advance(); break }
                    continue
                }
                var attributeName = String(scalar).lowercased()
                scanner.advance()
                while let next = scanner.current, !Scanner.isSpace(next), next != "/", next != ">", next != "=" {
                    attributeName.unicodeScalars.append(Scanner.lower(next))
                    scanner.advance()
                }
                while let next = scanner.current, Scanner.isSpace(next) { scanner.advance() }
                var value = ""
                if scanner.current == "=" {
                    scanner.advance()
                    while let next = scanner.current, Scanner.isSpace(next) { scanner.advance() }
                    if let quote = scanner.current, quote == "\"" || quote == "'" {
                        scanner.advance()
                        while let next = scanner.current, next != quote {
                            value.unicodeScalars.append(next)
                            scanner.advance()
                        }
                        if scanner.atEnd { return Problem(message: "the tag <\(name) is never closed with `>` (a quoted value is never closed)", line: tagLine, column: tagColumn) }
                        scanner.advance()
                    } else {
                        while let next = scanner.current, !Scanner.isSpace(next), next != ">" {
                            value.unicodeScalars.append(next)
                            scanner.advance()
                        }
                    }
                }
                attributes.append(Attribute(name: attributeName, value: value))
            }
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
            if let message = inlineCode(name: name, attributes: attributes) {
                return Problem(message: message, line: tagLine, column: tagColumn)
            }
            let inForeign = open.contains { foreign.contains($0.name) }
            if void.contains(name) || selfClosing { continue }
            // An element whose end tag may be left out closes the one like it before it.
            if ["li", "dt", "dd", "p", "option", "tr", "td", "th"].contains(name), let last = open.last, last.name == name || (name == "dd" && last.name == "dt") || (name == "dt" && last.name == "dd") || (name == "th" && last.name == "td") || (name == "td" && last.name == "th") {
                open.removeLast()
            }
            open.append((name, tagLine, tagColumn))
            if name == "plaintext", !inForeign { return nil }  // the rest is text
            if rawText.contains(name), !inForeign {
                // Its content runs to its end tag.
                while !scanner.atEnd, !scanner.startsWith("</\(name)") { scanner.advance() }
            }
        }
        if let unclosed = open.last(where: { !optionalEnd.contains($0.name) }) {
            return Problem(message: "<\(unclosed.name)> is never closed; add </\(unclosed.name)>", line: unclosed.line, column: unclosed.column)
        }
        return nil
    }

    /// What in a start tag runs or styles inline, said as the error; nil when nothing does.
    private static func inlineCode(name: String, attributes: [Attribute]) -> String? {
        if name == "style" {
            return "a <style> element in an example is inline style, which a strict Content-Security-Policy refuses; put the rules in a stylesheet `web.styles` names"
        }
        if name == "script" {
            guard let source = attributes.first(where: { $0.name == "src" }) else {
                return "a <script> without `src` in an example is inline script, which a strict Content-Security-Policy refuses; put it in a script `web.scripts` names"
            }
            if scheme(of: source.value) == "data:" {
                return "a <script> whose `src` is a `data:` address is inline script, which a strict Content-Security-Policy refuses; put it in a script `web.scripts` names"
            }
        }
        for attribute in attributes {
            if attribute.name == "style" {
                return "a `style` attribute on <\(name)> is inline style, which a strict Content-Security-Policy refuses; give it a class the team's stylesheet styles"
            }
            if attribute.name.hasPrefix("on"), attribute.name.count > 2 {
                return "the `\(attribute.name)` attribute on <\(name)> is inline script, which a strict Content-Security-Policy refuses; add the listener in a script `web.scripts` names"
            }
            if attribute.name == "srcdoc" {
                return "the `srcdoc` attribute on <\(name)> is a whole document written inline, which may run script; show the team's markup directly instead"
            }
            let address = normalizedURL(attribute.value)
            if address.hasPrefix("javascript:") || address.hasPrefix("vbscript:") || address.contains(";javascript:") || address.contains("url=javascript:") {
                return "the `\(attribute.name)` attribute on <\(name)> holds a `javascript:` address, which is inline script a strict Content-Security-Policy refuses; use a real address and add behaviour in a script `web.scripts` names"
            }
            if ["src", "data", "href", "action", "formaction"].contains(attribute.name), address.hasPrefix("data:text/html") || address.hasPrefix("data:image/svg") && name != "img" || address.hasPrefix("data:application/") {
                return "the `\(attribute.name)` attribute on <\(name)> loads a `data:` document, which may run script; publish it as a file under `web.assets`"
            }
        }
        return nil
    }

    /// An attribute value as a URL parser sees it: character references decoded, ASCII tabs,
    /// line breaks and other control characters removed, leading spaces trimmed, lower case.
    static func normalizedURL(_ value: String) -> String {
        let decoded = decodeReferences(value)
        var scalars = String.UnicodeScalarView()
        for scalar in decoded.unicodeScalars where scalar.value > 0x20 && scalar.value != 0x7F { scalars.append(Scanner.lower(scalar)) }
        return String(scalars)
    }

    private static func scheme(of value: String) -> String? {
        let address = normalizedURL(value)
        guard let colon = address.firstIndex(of: ":") else { return nil }
        return String(address[...colon])
    }

    /// Character references: `&#106;`, `&#x6A;`, and the named ones that spell a scheme.
    package static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = ["colon": ":", "tab": "\t", "newline": "\n", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "sol": "/", "lpar": "(", "rpar": ")", "period": ".", "semi": ";"]
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            var consumed = 0
            var decoded: String?
            if after.first == "#" {
                let digits = after.dropFirst()
                let hex = digits.first == "x" || digits.first == "X"
                let body = hex ? digits.dropFirst() : digits
                let number = body.prefix { hex ? $0.isHexDigit : $0.isNumber }
                if !number.isEmpty, let value = UInt32(number, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) {
                    decoded = String(scalar)
                    consumed = 1 + (hex ? 1 : 0) + number.count
                    if after.dropFirst(consumed).first == ";" { consumed += 1 }
                }
            } else {
                let word = after.prefix { $0.isLetter }
                if let value = named[word.lowercased()] {
                    decoded = value
                    consumed = word.count
                    if after.dropFirst(consumed).first == ";" { consumed += 1 }
                }
            }
            if let decoded {
                result += decoded
                rest = after.dropFirst(consumed)
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
