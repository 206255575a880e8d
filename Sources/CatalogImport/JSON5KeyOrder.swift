/// The order of keys in each object of a JSON5 text, which Foundation's JSON5 reader (which reads
/// the values) does not report. Objects are listed in the order they open, which is the order a
/// depth-first walk of the value meets them when each object's members are taken in this order.
///
/// The text has already been read by Foundation, so it is valid JSON5; this only has to step over
/// strings, comments and values to find each key. Anything it does not expect ends the scan with
/// nil, and the caller keeps key order.
package enum JSON5KeyOrder {
    package static func scan(_ text: String) -> [[String]]? {
        let bytes = Array(text.utf8)
        var index = 0
        var objects: [[String]] = []
        // Per open bracket: the index of its key list in `objects`, or nil for an array.
        var open: [Int?] = []
        var expectingKey = false

        func skipSpaceAndComments() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index += 2
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                    index += 1
                } else if byte >= 0x80, let scalar = String(decoding: bytes[index...].prefix(4), as: UTF8.self).unicodeScalars.first,
                          scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                    index += String(scalar).utf8.count
                } else {
                    return
                }
            }
        }

        /// A quoted string at `index`, its escapes decoded.
        func quoted() -> String? {
            let quote = bytes[index]
            index += 1
            var scalars = String.UnicodeScalarView()
            var start = index
            func flush() { scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars) }
            while index < bytes.count, bytes[index] != quote {
                guard bytes[index] == UInt8(ascii: "\\") else { index += 1; continue }
                flush()
                index += 1
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "v"): scalars.append("\u{0B}")
                case UInt8(ascii: "0"): scalars.append("\u{0}")
                case UInt8(ascii: "\n"): break
                case UInt8(ascii: "\r"): if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "x"), UInt8(ascii: "u"):
                    let count = escaped == UInt8(ascii: "x") ? 2 : 4
                    guard index + count <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16) else { return nil }
                    index += count
                    var value = code
                    // A surrogate pair written as two escapes.
                    if (0xD800...0xDBFF).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16), (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    scalars.append(scalar)
                default:
                    scalars.append(contentsOf: String(decoding: [escaped], as: UTF8.self).unicodeScalars)
                }
                start = index
            }
            guard index < bytes.count else { return nil }
            flush()
            index += 1
            return String(scalars)
        }

        while true {
            skipSpaceAndComments()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if expectingKey {
                expectingKey = false
                if byte == UInt8(ascii: "}") { continue }
                let key: String
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    guard let text = quoted() else { return nil }
                    key = text
                } else {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: ":"), bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t"),
                          bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r"), bytes[index] != UInt8(ascii: "/") { index += 1 }
                    key = String(decoding: bytes[start..<index], as: UTF8.self)
                    // An identifier with escapes is rare; leave such a file in key order.
                    if key.isEmpty || key.contains("\\") { return nil }
                }
                guard let current = open.last, let list = current else { return nil }
                objects[list].append(key)
                skipSpaceAndComments()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "{"):
                objects.append([])
                open.append(objects.count - 1)
                expectingKey = true
                index += 1
            case UInt8(ascii: "["):
                open.append(nil)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard open.popLast() != nil else { return nil }
                index += 1
            case UInt8(ascii: ","):
                if let current = open.last, current != nil { expectingKey = true }
                index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard quoted() != nil else { return nil }
            default:
                // A number or a literal: up to the next delimiter (and past at least one byte,
                // so text this does not expect cannot hold the scan in place).
                let start = index
                while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/")].contains(bytes[index]) { index += 1 }
                if index == start { return nil }
            }
        }
        return open.isEmpty ? objects : nil
    }
}
