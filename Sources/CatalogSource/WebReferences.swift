/// The files a built script or stylesheet loads, as the browser will ask for them: a script's
/// static `import … from "…"`, `import "…"`, `export … from "…"` and `import("…")` with a string
/// literal; a stylesheet's `@import` and `url()`. Comments, strings, template literals and
/// regular-expression literals are skipped as tokens, so a specifier inside a comment or a
/// string is never taken for one. Only relative references (`./`, `../`, or a plain name in a
/// stylesheet) are returned: a bare module name, an absolute address or a `data:` URL names no
/// file of the team's web folder.
package enum WebReferences {
    package struct Reference: Hashable, Sendable {
        /// As written (`./chunk-a1.js`).
        package var specifier: String
        /// The file part: without `?query` or `#fragment`.
        package var path: String
        package var line: Int
        package var column: Int
    }

    package static func references(in bytes: [UInt8], css: Bool) -> [Reference] {
        css ? stylesheet(bytes) : script(bytes)
    }

    // MARK: Scripts

    private enum Token {
        case word(String)
        case string(String, line: Int, column: Int)
        case punctuation(UInt8)
    }

    private static func script(_ bytes: [UInt8]) -> [Reference] {
        var tokens: [Token] = []
        var index = 0
        var line = 1
        var lineStart = 0
        /// Whether a `/` here starts a regular expression (after an operator or at the start).
        var regexAllowed = true
        func advance() {
            if bytes[index] == 10 {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 10 { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) { advance() }
                index = min(bytes.count, index + 2)
            case UInt8(ascii: "/") where regexAllowed:
                index += 1
                var inClass = false
                while index < bytes.count, bytes[index] != 10 {
                    let current = bytes[index]
                    if current == UInt8(ascii: "\\") { index += 2; continue }
                    if current == UInt8(ascii: "[") { inClass = true } else if current == UInt8(ascii: "]") { inClass = false } else if current == UInt8(ascii: "/"), !inClass { break }
                    index += 1
                }
                index += 1
                regexAllowed = false
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
                let quote = byte
                let startLine = line
                let startColumn = index - lineStart + 1
                index += 1
                var value: [UInt8] = []
                var depth = 0
                while index < bytes.count {
                    let current = bytes[index]
                    if current == UInt8(ascii: "\\") {
                        if index + 1 < bytes.count { value.append(bytes[index + 1]) }
                        index += 2
                        continue
                    }
                    if quote == UInt8(ascii: "`"), current == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") { depth += 1 }
                    if quote == UInt8(ascii: "`"), current == UInt8(ascii: "}"), depth > 0 { depth -= 1 }
                    if current == quote, depth == 0 { break }
                    if current == 10, quote != UInt8(ascii: "`") { break }
                    value.append(current)
                    advance()
                }
                index += 1
                // A template literal is never a specifier of a static import.
                tokens.append(quote == UInt8(ascii: "`") ? .punctuation(quote) : .string(String(decoding: value, as: UTF8.self), line: startLine, column: startColumn))
                regexAllowed = false
            case _ where isWordByte(byte):
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                tokens.append(.word(word))
                regexAllowed = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"].contains(word)
            case 10, 13, 32, 9:
                advance()
            default:
                tokens.append(.punctuation(byte))
                regexAllowed = byte != UInt8(ascii: ")") && byte != UInt8(ascii: "]") && byte != UInt8(ascii: "}")
                index += 1
            }
        }
        var found: [Reference] = []
        func add(_ token: Token) {
            guard case .string(let value, let line, let column) = token, let path = relativePath(value, css: false) else { return }
            found.append(Reference(specifier: value, path: path, line: line, column: column))
        }
        var position = 0
        while position < tokens.count {
            defer { position += 1 }
            guard case .word(let word) = tokens[position], word == "import" || word == "export" else { continue }
            // `x.import` or `obj.export` is a property, not a statement.
            if position > 0, case .punctuation(UInt8(ascii: ".")) = tokens[position - 1] { continue }
            let next = position + 1 < tokens.count ? tokens[position + 1] : nil
            if word == "import" {
                if case .punctuation(UInt8(ascii: "("))? = next {
                    if position + 3 < tokens.count, case .punctuation(UInt8(ascii: ")")) = tokens[position + 3] { add(tokens[position + 2]) }
                    continue
                }
                if case .punctuation(UInt8(ascii: "."))? = next { continue }  // import.meta
                if case .string? = next {
                    add(next!)
                    continue
                }
            } else {
                guard case .punctuation(let mark)? = next, mark == UInt8(ascii: "*") || mark == UInt8(ascii: "{") else { continue }
            }
            // `import a, { b } from "…"`, `export * from "…"`, `export { a } from "…"`.
            var scan = position + 1
            while scan < tokens.count {
                if case .punctuation(UInt8(ascii: ";")) = tokens[scan] { break }
                if case .string = tokens[scan] { break }
                if case .word("from") = tokens[scan] {
                    if scan + 1 < tokens.count { add(tokens[scan + 1]) }
                    break
                }
                scan += 1
            }
        }
        return found
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    // MARK: Stylesheets

    private static func stylesheet(_ bytes: [UInt8]) -> [Reference] {
        var found: [Reference] = []
        var index = 0
        var line = 1
        var lineStart = 0
        func startsWith(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= bytes.count else { return false }
            for offset in pattern.indices where lowercase(bytes[position + offset]) != pattern[offset] { return false }
            return true
        }
        func skipSpace() {
            while index < bytes.count, [9, 10, 13, 32].contains(bytes[index]) {
                if bytes[index] == 10 { line += 1; lineStart = index + 1 }
                index += 1
            }
        }
        /// A quoted string at `index` (past it afterwards).
        func quoted() -> (String, Int, Int)? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            let (startLine, startColumn) = (line, index - lineStart + 1)
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != quote, bytes[index] != 10 {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                value.append(bytes[index])
                index += 1
            }
            index += 1
            return (String(decoding: value, as: UTF8.self), startLine, startColumn)
        }
        func add(_ value: String, _ line: Int, _ column: Int) {
            guard let path = relativePath(value, css: true) else { return }
            found.append(Reference(specifier: value, path: path, line: line, column: column))
        }
        /// `url(…)` at `index`, quoted or not.
        func url() {
            let (startLine, startColumn) = (line, index - lineStart + 1)
            index += 4
            skipSpace()
            if let (value, line, column) = quoted() {
                add(value, line, column)
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ")"), bytes[index] != 10 { index += 1 }
                let value = String(decoding: bytes[start..<index], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                add(value, startLine, startColumn + 4)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == 10 { line += 1; lineStart = index + 1 }
                    index += 1
                }
                index += 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = quoted()
            } else if byte == UInt8(ascii: "@"), startsWith("@import", at: index) {
                index += 7
                skipSpace()
                if let (value, line, column) = quoted() {
                    add(value, line, column)
                } else if startsWith("url(", at: index) {
                    url()
                }
            } else if startsWith("url(", at: index), index == 0 || !isWordByte(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: "-") {
                url()
            } else {
                if byte == 10 { line += 1; lineStart = index + 1 }
                index += 1
            }
        }
        return found
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }

    /// The file part of a relative reference; nil for one that names no file of the folder.
    private static func relativePath(_ value: String, css: Bool) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("/") else { return nil }
        // A scheme (`data:`, `https:`, `blob:`) names no file here.
        if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) { return nil }
        // A bare module name (`lit`) is resolved by an import map or a bundler, not a path.
        if !css, !(trimmed.hasPrefix("./") || trimmed.hasPrefix("../")) { return nil }
        let path = trimmed.split(separator: "?", maxSplits: 1).first.map(String.init) ?? trimmed
        let file = path.split(separator: "#", maxSplits: 1).first.map(String.init) ?? path
        guard !file.isEmpty else { return nil }
        return file.removingPercentEncoding ?? file
    }
}

import Foundation
