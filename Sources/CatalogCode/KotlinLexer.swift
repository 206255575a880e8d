import CatalogModel
/// Splits Kotlin source into the tokens `ComposeSourceReader` needs: identifiers, punctuation,
/// and literals kept whole, with comments (KDoc included) and string contents skipped so a
/// `fun` inside a string or a comment is never read as a declaration. Iterative, so no input
/// nests it deeper than the heap allows.
package struct KotlinLexer {
    package enum Kind: Equatable {
        case identifier
        /// One punctuation mark, or `->`, `::`, `==`, `!=`, `<=`, `>=`, `&&`, `||`, `?:`, `?.`.
        case symbol
        case literal
    }

    package struct Token {
        package var kind: Kind
        /// Byte range in the source.
        package var start: Int
        package var end: Int
        package var line: Int

        package init(kind: Kind, start: Int, end: Int, line: Int) {
            self.kind = kind
            self.start = start
            self.end = end
            self.line = line
        }
    }

    /// Where the source stopped making sense (an unterminated string or comment).
    package struct Problem {
        package var line: Int
        package var message: String
    }

    package static func tokens(_ bytes: [UInt8]) -> (tokens: [Token], problem: Problem?) {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 4)
        var index = 0
        var line = 1
        let count = bytes.count
        // Open `${` templates inside strings: the brace depth at which each returns to its string,
        // and whether that string is raw (`"""`).
        var templates: [(depth: Int, raw: Bool)] = []
        var braces = 0

        func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte >= 0x80
        }
        func isIdentifierPart(_ byte: UInt8) -> Bool {
            isIdentifierStart(byte) || (byte >= 48 && byte <= 57)
        }

        /// Skips a string's contents from `index` (just after its opening quote or quotes);
        /// returns false at the end of the file. Stops after `${` (returning .template).
        enum StringEnd { case closed, template, unterminated }
        func skipString(raw: Bool) -> StringEnd {
            while index < count {
                let byte = bytes[index]
                if byte == 10 {
                    if !raw { return .unterminated }
                    line += 1
                }
                if !raw, byte == 92 {  // backslash escape
                    index += 2
                    continue
                }
                if byte == 36, index + 1 < count, bytes[index + 1] == 123 {  // ${
                    index += 2
                    return .template
                }
                if byte == 34 {
                    if raw {
                        if index + 2 < count, bytes[index + 1] == 34, bytes[index + 2] == 34 {
                            index += 3
                            while index < count, bytes[index] == 34 { index += 1 }  // """" ends with a quote
                            return .closed
                        }
                    } else {
                        index += 1
                        return .closed
                    }
                }
                index += 1
            }
            return .unterminated
        }

        func string(raw: Bool, startLine: Int, start: Int) -> Problem? {
            switch skipString(raw: raw) {
            case .closed:
                tokens.append(Token(kind: .literal, start: start, end: index, line: startLine))
            case .template:
                templates.append((braces, raw))
                braces += 1
            case .unterminated:
                return Problem(line: startLine, message: "a string opened at line \(startLine) is not closed")
            }
            return nil
        }

        while index < count {
            let byte = bytes[index]
            switch byte {
            case 10:
                line += 1
                index += 1
            case 32, 9, 13, 12:
                index += 1
            case 47 where index + 1 < count && bytes[index + 1] == 47:  // //
                while index < count, bytes[index] != 10 { index += 1 }
            case 47 where index + 1 < count && bytes[index + 1] == 42:  // /* nests in Kotlin
                let startLine = line
                var depth = 1
                index += 2
                while index < count, depth > 0 {
                    if bytes[index] == 10 { line += 1 }
                    if bytes[index] == 47, index + 1 < count, bytes[index + 1] == 42 {
                        depth += 1
                        index += 2
                    } else if bytes[index] == 42, index + 1 < count, bytes[index + 1] == 47 {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                }
                if depth > 0 { return (tokens, Problem(line: startLine, message: "a comment opened at line \(startLine) is not closed")) }
            case 34:  // " or """
                let start = index
                let startLine = line
                let raw = index + 2 < count && bytes[index + 1] == 34 && bytes[index + 2] == 34
                index += raw ? 3 : 1
                if let problem = string(raw: raw, startLine: startLine, start: start) { return (tokens, problem) }
            case 39:  // 'c', '\n', '\u0041'
                let start = index
                index += 1
                while index < count, bytes[index] != 39, bytes[index] != 10 {
                    index += bytes[index] == 92 ? 2 : 1
                }
                guard index < count, bytes[index] == 39 else { return (tokens, Problem(line: line, message: "a character literal at line \(line) is not closed")) }
                index += 1
                tokens.append(Token(kind: .literal, start: start, end: index, line: line))
            case 96:  // `name with spaces`
                let start = index
                index += 1
                while index < count, bytes[index] != 96, bytes[index] != 10 { index += 1 }
                guard index < count, bytes[index] == 96 else { return (tokens, Problem(line: line, message: "a `quoted name` at line \(line) is not closed")) }
                index += 1
                tokens.append(Token(kind: .identifier, start: start, end: index, line: line))
            case 123:  // {
                braces += 1
                tokens.append(Token(kind: .symbol, start: index, end: index + 1, line: line))
                index += 1
            case 125:  // }: closes a block, or a string template
                braces -= 1
                if let template = templates.last, template.depth == braces {
                    templates.removeLast()
                    index += 1
                    let startLine = line
                    if let problem = string(raw: template.raw, startLine: startLine, start: index) { return (tokens, problem) }
                } else {
                    tokens.append(Token(kind: .symbol, start: index, end: index + 1, line: line))
                    index += 1
                }
            default:
                if isIdentifierStart(byte) {
                    let start = index
                    while index < count, isIdentifierPart(bytes[index]) { index += 1 }
                    tokens.append(Token(kind: .identifier, start: start, end: index, line: line))
                } else if byte >= 48 && byte <= 57 {
                    let start = index
                    while index < count, isIdentifierPart(bytes[index]) || bytes[index] == 46 && index + 1 < count && bytes[index + 1] >= 48 && bytes[index + 1] <= 57 { index += 1 }
                    tokens.append(Token(kind: .literal, start: start, end: index, line: line))
                } else {
                    var length = 1
                    if index + 1 < count {
                        let pair = (byte, bytes[index + 1])
                        switch pair {
                        case (45, 62), (58, 58), (61, 61), (33, 61), (60, 61), (62, 61), (38, 38), (124, 124), (63, 58), (63, 46): length = 2
                        default: break
                        }
                    }
                    tokens.append(Token(kind: .symbol, start: index, end: index + length, line: line))
                    index += length
                }
            }
        }
        if let open = templates.first {
            _ = open
            return (tokens, Problem(line: line, message: "a string template `${` is not closed"))
        }
        return (tokens, nil)
    }
}
