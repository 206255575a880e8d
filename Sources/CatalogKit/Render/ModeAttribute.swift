/// The attribute on `<html>` that selects a mode: `data-theme="dark"` for the modifier `theme`
/// and its context `dark`. Names are folded to what an HTML attribute name allows.
enum ModeAttribute {
    static func name(_ modifier: String) -> String {
        "data-" + fileName(modifier)
    }

    /// A modifier or context name folded to lowercase letters, digits and `-` (for attribute
    /// and file names).
    static func fileName(_ name: String) -> String {
        var folded = ""
        for scalar in name.lowercased().unicodeScalars {
            folded.unicodeScalars.append(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "-")
        }
        return folded.isEmpty ? "mode" : folded
    }

    /// A context name inside a double-quoted CSS attribute selector.
    static func value(_ context: String) -> String {
        context.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
