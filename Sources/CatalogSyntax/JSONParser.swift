/// A JSON value that remembers where it was written. Foundation's JSON reader drops positions,
/// and every token diagnostic must name `file:line:col`, so DTCG files are read with this.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double, literal: String)
        case bool(Bool)
        case null
    }

    public struct Member: Sendable {
        public var key: String
        public var keyLine: Int
        public var keyColumn: Int
        public var value: JSONNode

        package init(key: String, keyLine: Int, keyColumn: Int, value: JSONNode) {
            self.key = key
            self.keyLine = keyLine
            self.keyColumn = keyColumn
            self.value = value
        }
    }

    public var value: Value
    public var line: Int
    public var column: Int

    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var number: Double? {
        if case .number(let number, _) = value { return number }
        return nil
    }

    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// A word for the kind of value, for messages ("expected an object, found a string").
    public var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    package init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }
}

public struct JSONSyntaxError: Error, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
}

/// A strict RFC 8259 parser over UTF-8 bytes that records line and column of every value.
public struct JSONParser {
    /// Deeper documents are refused rather than risking the stack.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private var prune: JSONPrune?

    /// What is kept of a value: all of it, the members `prune` names, every member (a map keyed
    /// by ids) with its value pruned, or nothing (the value is checked and dropped).
    private enum Keep { case all, pruned, map, none }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try parse(bytes, keeping: nil)
    }

    /// Parses all of `bytes` (every byte is checked) but keeps only what `keep` says: a large
    /// document of which a reader needs a few fields (a whole Figma file is tens of megabytes of
    /// geometry around its components) takes the memory of what is kept, not of the tree.
    public static func parse(_ bytes: [UInt8], keeping keep: JSONPrune?) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.prune = keep
        parser.skipWhitespace()
        let node = try parser.parseValue(keep == nil ? .all : .pruned)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected text after the end of the JSON document")
        }
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, line: line, column: column)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func expect(_ literal: String) throws(JSONSyntaxError) {
        for byte in literal.utf8 {
            guard current == byte else { throw error("invalid literal; expected `\(literal)`") }
            advance()
        }
    }

    private mutating func parseValue(_ keep: Keep = .all) throws(JSONSyntaxError) -> JSONNode {
        let startLine = line, startColumn = column
        guard let byte = current else { throw error("unexpected end of file; a value was expected") }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject(keep)
        case UInt8(ascii: "["): value = try parseArray(keep)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expect("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expect("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        default:
            throw error("unexpected character `\(Self.describe(byte))`; a value (object, array, string, number, true, false or null) was expected")
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("the document is nested more than \(Self.maximumDepth) levels deep; flatten the token groups")
        }
    }

    /// What is kept of a member's value, in an object kept as `keep`.
    private func keep(_ key: String, in keep: Keep) -> Keep {
        switch keep {
        case .all: .all
        case .none: .none
        case .map: .pruned
        case .pruned:
            if let prune {
                prune.whole.contains(key) ? .all : prune.maps.contains(key) ? .map : prune.keys.contains(key) ? .pruned : .none
            } else {
                .all
            }
        }
    }

    private mutating func parseObject(_ keep: Keep) throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        advance() // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        var comma: (line: Int, column: Int)?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}"), let comma {
                    throw JSONSyntaxError(message: "trailing comma before `}`; remove it", line: comma.line, column: comma.column)
                }
                throw error("expected a key in double quotes")
            }
            let keyLine = line, keyColumn = column
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected `:` after the key \"\(key)\"") }
            advance()
            skipWhitespace()
            let kept = self.keep(key, in: keep)
            let value = try parseValue(kept)
            if kept != .none && keep != .none {
                members.append(JSONNode.Member(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                comma = (line, column)
                advance()
                continue
            }
            if current == UInt8(ascii: "}") {
                advance()
                return .object(members)
            }
            throw error("expected `,` or `}` after a member of the object")
        }
    }

    private mutating func parseArray(_ keep: Keep) throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        advance() // [
        var items: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return .array(items)
        }
        var comma: (line: Int, column: Int)?
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), let comma {
                throw JSONSyntaxError(message: "trailing comma before `]`; remove it", line: comma.line, column: comma.column)
            }
            let item = try parseValue(keep == .map ? .pruned : keep)
            if keep != .none { items.append(item) }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                comma = (line, column)
                advance()
                continue
            }
            if current == UInt8(ascii: "]") {
                advance()
                return .array(items)
            }
            throw error("expected `,` or `]` after an item of the array")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance() // opening quote
        // The text between escapes is decoded a run at a time, straight from the bytes.
        var text = ""
        var runStart = index
        func flush(upTo end: Int) {
            if end > runStart { text += String(decoding: bytes[runStart..<end], as: UTF8.self) }
        }
        while true {
            guard let byte = current else { throw error("unterminated string; add the closing `\"`") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(upTo: index)
                advance()
                return text
            case UInt8(ascii: "\\"):
                flush(upTo: index)
                advance()
                guard let escape = current else { throw error("unterminated escape sequence") }
                advance()
                switch escape {
                case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                case UInt8(ascii: "b"): text.unicodeScalars.append("\u{08}")
                case UInt8(ascii: "f"): text.unicodeScalars.append("\u{0C}")
                case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
                        advance()
                        guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
                        advance()
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    text.unicodeScalars.append(scalar)
                default:
                    throw error("invalid escape `\\\(Self.describe(escape))` in a string")
                }
            case 0x00..<0x20:
                throw error("control character in a string; escape it (for a new line write \\n)")
            default:
                advance()
                continue
            }
            // After an escape, the next run starts here.
            runStart = index
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("incomplete \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            code = code * 16 + digit
            advance()
        }
        return code
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("invalid number")
        }
        if first == UInt8(ascii: "0") {
            advance()
            if let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                throw error("numbers may not have leading zeros")
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
                throw error("a digit must follow the decimal point")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
                throw error("a digit must follow the exponent")
            }
            skipDigits()
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        return .number(Double(literal) ?? 0, literal: literal)
    }

    private mutating func skipDigits() {
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { advance() }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }
}

/// Which members of a large JSON document are kept (`JSONParser.parse(_:keeping:)`): in a kept
/// object, a member named in `whole` is kept with all it holds, one named in `maps` is an object
/// keyed by ids whose every member is kept (pruned the same way), one named in `keys` is kept
/// pruned; any other is read, checked and dropped.
public struct JSONPrune: Sendable {
    public var keys: Set<String>
    public var whole: Set<String>
    public var maps: Set<String>

    public init(keys: Set<String>, whole: Set<String> = [], maps: Set<String> = []) {
        self.keys = keys
        self.whole = whole
        self.maps = maps
    }
}
