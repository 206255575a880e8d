/// The attribute on `<html>` that selects a mode: `data-theme="dark"` for the modifier `theme`
/// and its context `dark`. Names are folded to what an HTML attribute name allows.
package enum ModeAttribute {
    package static func name(_ modifier: String) -> String {
        "data-" + fileName(modifier)
    }

    /// A modifier or context name folded to lowercase letters, digits and `-` (for attribute
    /// and file names).
    package static func fileName(_ name: String) -> String {
        var folded = ""
        for scalar in name.lowercased().unicodeScalars {
            folded.unicodeScalars.append(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "-")
        }
        return folded.isEmpty ? "mode" : folded
    }

    /// CSS rules (one `selector { … }` per line) scoped to one context of a modifier: under the
    /// attribute the page's switcher sets on <html>, and under the context's media query while
    /// the reader has not chosen.
    package static func scoped(_ rules: String, modifier: String, context: String, media: String?) -> String {
        let attribute = name(modifier)
        let lines = rules.split(separator: "\n")
        var css = lines.map { ":root[\(attribute)=\"\(value(context))\"] \($0)\n" }.joined()
        if let media {
            css += "@media \(media) {\n" + lines.map { "  :root:not([\(attribute)]) \($0)\n" }.joined() + "}\n"
        }
        return css
    }

    /// A context name inside a double-quoted CSS attribute selector.
    package static func value(_ context: String) -> String {
        context.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
