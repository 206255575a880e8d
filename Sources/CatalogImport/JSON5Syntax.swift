/// Where a JSON5 text first goes wrong, for a file Foundation's JSON5 reader refuses (it names no
/// place). A reader of the JSON5 grammar that builds nothing: values, objects with quoted or
/// bare keys, arrays, single- and double-quoted strings, JSON5 numbers (hex, leading and trailing
/// points, signs, Infinity, NaN), comments and trailing commas. Nesting is followed with a stack,
/// not recursion, so no depth overflows it.
package enum JSON5Syntax {
    package struct Problem {
        package var message: String
        package var line: Int
        package var column: Int
    }

    package static func firstError(_ text: String) -> Problem? {
        let bytes = Array(text.utf8)
        var index = 0
        enum Context { case object, array }
        var stack: [Context] = []
        // What comes next: a value, a key (or `}`), a `:`, or a `,`/closing bracket.
        enum Expect { case value, key, colon, separator, end }
        var expect = Expect.value

        func place(_ at: Int) -> (Int, Int) {
            var line = 1, column = 1
            for byte in bytes[..<min(at, bytes.count)] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return (line, column)
        }
        func problem(_ message: String) -> Problem {
            let (line, column) = place(index)
            return Problem(message: message, line: line, column: column)
        }
        func skipSpace() -> Problem? {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    let start = index
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    guard index + 1 < bytes.count else { index = start; return problem("a /* comment is never closed") }
                    index += 2
                } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) {
                    index += 1
                } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                    index += 2
                } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
                    index += 3
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    index += 3
                } else {
                    return nil
                }
            }
            return nil
        }
        func string() -> Problem? {
            let quote = bytes[index]
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                else if bytes[index] == 0x0A { index = start; return problem("a string is not closed before the end of its line") }
                index += 1
            }
            guard index < bytes.count else { index = start; return problem("a string is never closed") }
            index += 1
            return nil
        }
        func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }
        func word() -> String {
            let start = index
            while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        func number() -> Problem? {
            let start = index
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let rest = word() + (index < bytes.count && bytes[index] == UInt8(ascii: ".") ? { index += 1; return "." + word() }() : "")
            var exponent = ""
            if rest.hasSuffix("e") || rest.hasSuffix("E"), index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
                exponent = word()
            }
            let literal = rest + exponent
            let valid = ["Infinity", "NaN"].contains(literal)
                || (literal.lowercased().hasPrefix("0x") && literal.count > 2 && literal.dropFirst(2).allSatisfy(\.isHexDigit))
                || (Double(rest.hasSuffix("e") || rest.hasSuffix("E") ? rest + "0" : rest) != nil && !literal.isEmpty && literal != ".")
            if !valid { index = start; return problem("'\(String(decoding: bytes[start..<min(bytes.count, start + 20)], as: UTF8.self))' is not a JSON5 value") }
            return nil
        }

        while true {
            if let failure = skipSpace() { return failure }
            guard index < bytes.count else {
                return expect == .end ? nil : problem(stack.isEmpty ? "the text ends where a value was expected" : "the text ends inside an \(stack.last == .object ? "object" : "array") that is never closed")
            }
            let byte = bytes[index]
            switch expect {
            case .end:
                return problem("there is more after the value ended")
            case .key:
                if byte == UInt8(ascii: "}") {
                    index += 1
                    stack.removeLast()
                    expect = stack.isEmpty ? .end : .separator
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    if let failure = string() { return failure }
                    expect = .colon
                } else if isIdentifier(byte), !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    _ = word()
                    expect = .colon
                } else {
                    return problem("a key (a name or a quoted string) or } was expected")
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else { return problem("a : was expected after the key") }
                index += 1
                expect = .value
            case .separator:
                if byte == UInt8(ascii: ",") {
                    index += 1
                    expect = stack.last == .object ? .key : .value
                    if stack.last == .array {
                        if let failure = skipSpace() { return failure }
                        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { continue }
                    }
                } else if byte == UInt8(ascii: "}"), stack.last == .object || byte == UInt8(ascii: "]") && stack.last == .array {
                    index += 1
                    stack.removeLast()
                    expect = stack.isEmpty ? .end : .separator
                } else if byte == UInt8(ascii: "]"), stack.last == .array {
                    index += 1
                    stack.removeLast()
                    expect = stack.isEmpty ? .end : .separator
                } else {
                    return problem("a , or \(stack.last == .object ? "}" : "]") was expected")
                }
            case .value:
                if byte == UInt8(ascii: "{") {
                    index += 1
                    stack.append(.object)
                    expect = .key
                } else if byte == UInt8(ascii: "[") {
                    index += 1
                    stack.append(.array)
                    expect = .value
                } else if byte == UInt8(ascii: "]"), stack.last == .array {
                    index += 1
                    stack.removeLast()
                    expect = stack.isEmpty ? .end : .separator
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    if let failure = string() { return failure }
                    expect = stack.isEmpty ? .end : .separator
                } else if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n") {
                    let start = index
                    guard ["true", "false", "null"].contains(word()) else { index = start; return problem("a value (object, array, string, number, true, false or null) was expected") }
                    expect = stack.isEmpty ? .end : .separator
                } else if (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "I"), UInt8(ascii: "N")].contains(byte) {
                    if let failure = number() { return failure }
                    expect = stack.isEmpty ? .end : .separator
                } else {
                    return problem("a value (object, array, string, number, true, false or null) was expected")
                }
            }
        }
    }
}
