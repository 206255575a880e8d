/// How a mode's name (a modifier's, a context's) becomes part of another name: an HTML
/// attribute and a file name (`high-contrast`), or the words of a Swift or Kotlin identifier
/// (`highContrast`, `HighContrast`). Two names that fold alike cannot both be told apart in what
/// the site exports, so the resolver's loader refuses them.
public enum ModeNames {
    /// Lowercase letters, digits and `-`: `High Contrast` → `high-contrast`.
    public static func fileName(_ name: String) -> String {
        var folded = ""
        for scalar in name.lowercased().unicodeScalars {
            folded.unicodeScalars.append(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "-")
        }
        return folded.isEmpty ? "mode" : folded
    }

    /// The lowercased words an identifier is made of: `high_contrast` → `high`, `contrast`.
    public static func words(_ name: String) -> [String] {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.lowercased() }
    }

    /// The earlier name `name` folds like (as a file name or as an identifier's words), if any.
    public static func clash(of name: String, among earlier: [String]) -> String? {
        let file = fileName(name)
        let words = Self.words(name)
        return earlier.first { fileName($0) == file || Self.words($0) == words }
    }
}
