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
        var output = ""
        write(value, indent: "", into: &output)
        output += "\n"
        return output
    }

    /// On one line, no spaces, keys in code-point order (for the search index).
    package static func compact(_ value: Value) -> String {
        var output = ""
        write(value, indent: nil, into: &output)
        return output
    }

    /// `indent` is the current line's indentation when pretty-printing, nil for one line.
    private static func write(_ value: Value, indent: String?, into output: inout String) {
        switch value {
        case .string(let text):
            string(text, into: &output)
            return
        case .number(let literal):
            output += literal
            return
        case .bool(let flag):
            output += flag ? "true" : "false"
            return
        case .null:
            output += "null"
            return
        case .object, .members, .array:
            break
        }
        // A container's layout, worked out once for it (not for each of its scalars).
        let inner = indent.map { $0 + "  " }
        // Between members and around them: a line break and indentation, or nothing.
        let open = inner.map { "\n" + $0 } ?? ""
        let separator = inner.map { ",\n" + $0 } ?? ","
        let close = indent.map { "\n" + $0 } ?? ""
        switch value {
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{" + open
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { output += separator }
                string(key, into: &output)
                output += indent == nil ? ":" : ": "
                write(members[key]!, indent: inner, into: &output)
            }
            output += close + "}"
        case .members(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{" + open
            for (index, member) in members.enumerated() {
                if index > 0 { output += separator }
                string(member.key, into: &output)
                output += indent == nil ? ":" : ": "
                write(member.value, indent: inner, into: &output)
            }
            output += close + "}"
        case .array(let items):
            if items.isEmpty {
                output += "[]"
                return
            }
            output += "[" + open
            for (index, item) in items.enumerated() {
                if index > 0 { output += separator }
                write(item, indent: inner, into: &output)
            }
            output += close + "]"
        case .string, .number, .bool, .null:
            return
        }
    }

    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var output = ""
        string(text, into: &output)
        return output
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259); `/` and
    /// non-ASCII text kept as they are.
    package static func string(_ text: String, into output: inout String) {
        output += "\""
        // Every character JSON escapes is ASCII, and no byte of a longer UTF-8 sequence is, so
        // the bytes can be scanned as they are; runs without one are appended whole.
        func isEscaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        guard text.containsByte(where: isEscaped) else {
            output += text
            output += "\""
            return
        }
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            for index in bytes.indices where isEscaped(bytes[index]) {
                if plainStart < index { output += String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]), as: UTF8.self) }
                output += escape(bytes[index])
                plainStart = index + 1
            }
            if plainStart < bytes.count { output += String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart...]), as: UTF8.self) }
        }
        output += "\""
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
