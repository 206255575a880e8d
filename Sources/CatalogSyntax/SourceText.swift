import Foundation
import CatalogCore

/// Turns file bytes into text: UTF-8 only, a byte-order mark dropped, and an invalid byte
/// reported at its line and column rather than silently replaced.
package enum SourceText {
    package static func decode(_ bytes: [UInt8], file: String) -> Result<String, Diagnostic> {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let offset = firstInvalidUTF8(body) {
            let (line, column) = position(of: offset, in: body)
            let byte = body[body.startIndex + offset]
            return .failure(.error(
                .fileEncoding,
                "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) here); save it as UTF-8",
                at: SourceLocation(file: file, line: line, column: column)
            ))
        }
        let text = String(decoding: body, as: UTF8.self)
        // Windows line endings become "\n" so line splitting and columns agree everywhere.
        guard body.contains(UInt8(ascii: "\r")) else { return .success(text) }
        return .success(text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// Offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    package static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        // Plain ASCII (most catalog files) is valid as it is.
        if bytes.allSatisfy({ $0 < 0x80 }) { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
        }
    }

    /// 1-based line and column (in scalars) of a byte offset.
    package static func position(of offset: Int, in bytes: ArraySlice<UInt8>) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
