/// HTML escaping for text and attribute values.
public enum HTMLEscape {
    /// Escapes `&`, `<`, `>`, `"` and `'`: safe anywhere, in text and in an attribute's value.
    /// Works on the UTF-8 bytes (none of the five occurs inside a multi-byte character) and
    /// returns the string itself when nothing needs escaping, which is most of what a template
    /// prints.
    public static func text(_ string: String) -> String {
        escaped(string, where: needsEscape)
    }

    /// Escapes `&` and `<` only: for text between tags, never an attribute's value. There a `>`
    /// or a quote is only a character, so code shown in a `<pre>` keeps its quotes as written
    /// (`"` where `&quot;` took six bytes).
    public static func content(_ string: String) -> String {
        escaped(string) { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }
    }

    @inline(__always)
    private static func escaped(_ string: String, where needed: (UInt8) -> Bool) -> String {
        var string = string
        let escaped: String? = string.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needed) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                guard needed(byte) else {
                    result.append(byte)
                    continue
                }
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        return escaped ?? string
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
