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

    /// `base`, or `base-1`, `base-2`… whichever is not yet in `used`; records the choice.
    public static func unique(_ base: String, used: inout Set<String>) -> String {
        var candidate = base
        var counter = 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        used.insert(candidate)
        return candidate
    }
}
