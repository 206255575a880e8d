/// Makes text from a catalog (file names, token names, YAML and Markdown values) safe to print:
/// no control character can start a new line in a log, a CI annotation or an editor's problem
/// list, or drive a terminal. Each one is shown as a visible escape instead (`\n`, `\e`,
/// `\u{7}`), so the reader still sees that it is there.
public enum TextSafety {
    /// `text` with newline, CR, tab, ESC, BEL, every other C0 and C1 control, DEL and the
    /// Unicode line and paragraph separators written as escapes.
    public static func escaped(_ text: String) -> String {
        // Most text has none: check the bytes first and return it untouched.
        guard text.containsByte(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text shown as a block of lines (code): like `escaped`, but line breaks and tabs stay what
    /// they are, so an ESC or a NUL in a code block is shown (`\e`, `\u{0}`), never sent raw to
    /// the page or the clipboard.
    public static func escapedKeepingLines(_ text: String) -> String {
        guard text.containsByte(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.unicodeScalars.append(scalar)
            } else if let escape = escape(scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when `text` holds something `escaped` would change.
    public static func needsEscaping(_ text: String) -> Bool {
        text.unicodeScalars.contains { escape($0) != nil }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x1B: return "\\e"
        case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
            return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
            return nil
        }
    }

    /// Bytes that are not valid UTF-8 (a file name), with each invalid byte shown as `\xFF`.
    public static func describe(bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0 {
                result += String(decoding: bytes[index..<index + length], as: UTF8.self)
                index += length
            } else {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return escaped(result)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, 0 when there is none.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let slice = Array(bytes[index..<index + length])
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        if case .scalarValue = decoder.decode(&iterator), iterator.next() == nil { return length }
        return 0
    }
}

extension String {
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
