/// Heading anchors as GitHub makes them: lowercase, punctuation dropped, spaces to hyphens.
public enum HeadingID {
    public static func slug(_ text: String) -> String {
        asciiSlug(text) ?? unicodeSlug(text)
    }

    /// The same for text that is all ASCII (nearly every heading and value), byte by byte: a
    /// letter or digit is alphabetic or numeric by its range, not by a Unicode property lookup
    /// (which was half a percent of a cold build). nil for any other text.
    static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var slug: [UInt8] = []
            slug.reserveCapacity(bytes.count)
            for byte in bytes {
                switch byte {
                case 0x80...: return nil
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 0x20)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): slug.append(byte)
                case UInt8(ascii: " "), UInt8(ascii: "-"): slug.append(UInt8(ascii: "-"))
                default: continue
                }
            }
            return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self)
        }
    }

    /// Any text: lowercased, then each scalar kept when it is alphabetic, numeric or `_`.
    static func unicodeSlug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "-" {
                slug.unicodeScalars.append("-")
            } else if scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}

/// The ids of one page, made unique as headings arrive: `base`, then `base-1`, `base-2`… The
/// counter of each base goes on from where it stopped, so a page of twenty thousand equal
/// headings takes linear time, not quadratic, and gets the same ids.
public struct UniqueIDs {
    public private(set) var used: Set<String>
    private var next: [String: Int] = [:]

    public init(used: Set<String> = []) {
        self.used = used
    }

    public mutating func make(_ base: String) -> String {
        var counter = next[base] ?? 0
        var candidate = counter == 0 ? base : "\(base)-\(counter)"
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        next[base] = counter + 1
        used.insert(candidate)
        return candidate
    }
}
