/// HTML escaping for text and attribute values.
public enum HTMLEscape {
    /// Escapes `&`, `<`, `>`, `"` and `'`. Works on the UTF-8 bytes (none of the five occurs
    /// inside a multi-byte character) and returns the string itself when nothing needs escaping,
    /// which is most of what a template prints.
    public static func text(_ string: String) -> String {
        var string = string
        let escaped: String? = string.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needsEscape) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
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
