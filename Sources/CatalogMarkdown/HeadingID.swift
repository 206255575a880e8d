/// Heading anchors as GitHub makes them: lowercase, punctuation dropped, spaces to hyphens.
public enum HeadingID {
    public static func slug(_ text: String) -> String {
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
