/// Pretty-printed JSON with sorted keys, for the files a build exports (`readiness.json`,
/// `tokens.json`), or with keys in a given order (the files `tokens import` writes keep their
/// author's order). Written directly: Foundation's `JSONSerialization` over `[String: Any]` took a
/// tenth of a cold build of a large catalog, and cannot keep an order.
package enum JSONText {
    package indirect enum Value: Hashable, Sendable {
        /// Written with its keys in code-point order.
        case object([String: Value])
        /// Written with its members in the order given.
        case members([Member])
        case array([Value])
        case string(String)
        /// A number as it is to be written (a literal from the source, or a formatted value).
        case number(String)
        case bool(Bool)
        case null

        package init(_ text: String?) {
            self = text.map(Value.string) ?? .null
        }

        /// A number as JSON writes it: whole numbers without a fraction, others in the shortest
        /// form that reads back as the same `Double`.
        package static func number(_ value: Double) -> Value {
            .number(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)")
        }
    }

    package struct Member: Hashable, Sendable {
        package var key: String
        package var value: Value

        package init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Two-space indentation, `"key": value`, keys in code-point order, a final newline.
    package static func pretty(_ value: Value) -> String {
        var output: [UInt8] = []
        write(value, indent: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// On one line, no spaces, keys in code-point order (for the search index).
    package static func compact(_ value: Value) -> String {
        String(decoding: compactUTF8(value), as: UTF8.self)
    }

    /// `compact(_:)`'s bytes, for a file written as they are.
    package static func compactUTF8(_ value: Value) -> [UInt8] {
        var output: [UInt8] = []
        write(value, indent: nil, into: &output)
        return output
    }

    /// `indent` is the current line's indentation (in spaces) when pretty-printing, nil for one
    /// line. Written as bytes: appending to a `String` piece by piece cost twice as much.
    private static func write(_ value: Value, indent: Int?, into output: inout [UInt8]) {
        switch value {
        case .string(let text):
            string(text, into: &output)
        case .number(let literal):
            output.append(contentsOf: literal.utf8)
        case .bool(let flag):
            output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        case .object(let members):
            // In code-point order, each key with its value (no second lookup per key).
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            container(sorted.count, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), indent: indent, into: &output) { index, inner, output in
                member(sorted[index].key, sorted[index].value, inner: inner, into: &output)
            }
        case .members(let members):
            container(members.count, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), indent: indent, into: &output) { index, inner, output in
                member(members[index].key, members[index].value, inner: inner, into: &output)
            }
        case .array(let items):
            container(items.count, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), indent: indent, into: &output) { index, inner, output in
                write(items[index], indent: inner, into: &output)
            }
        }
    }

    /// `"key": value` (`"key":value` on one line).
    private static func member(_ key: String, _ value: Value, inner: Int?, into output: inout [UInt8]) {
        string(key, into: &output)
        output.append(UInt8(ascii: ":"))
        if inner != nil { output.append(UInt8(ascii: " ")) }
        write(value, indent: inner, into: &output)
    }

    /// An object or array of `count` entries: `{}` when empty; else each entry on a line of its
    /// own, indented one step more than the container (or all on one line), separated by commas.
    private static func container(_ count: Int, opening: UInt8, closing: UInt8, indent: Int?, into output: inout [UInt8], entry: (Int, Int?, inout [UInt8]) -> Void) {
        output.append(opening)
        guard count > 0 else {
            output.append(closing)
            return
        }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let inner { newline(inner, into: &output) }
            entry(index, inner, &output)
        }
        if let indent { newline(indent, into: &output) }
        output.append(closing)
    }

    private static func newline(_ indent: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        string(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259); `/` and
    /// non-ASCII text kept as they are.
    package static func string(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Every character JSON escapes is ASCII, and no byte of a longer UTF-8 sequence is, so
        // the bytes can be scanned as they are; runs without one are appended whole.
        func isEscaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            for index in bytes.indices where isEscaped(bytes[index]) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                output.append(contentsOf: escape(bytes[index]).utf8)
                plainStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// How JSON writes an ASCII byte that it escapes.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
