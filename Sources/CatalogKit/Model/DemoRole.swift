/// The roles an appearance's tokens play, as the theme's demos and the contrast checks read them.
///
/// Roles are matched by name (case-insensitive): Track; Indicator/Thumb/Knob/Handle;
/// Label/Text/Title; Description/Helper; Border/Outline/Stroke; Fill/Background/Container;
/// Check/Checkmark/Mark/Icon/Symbol/Glyph/Dot; Error. Any other role keeps its own name.
public enum DemoRole {
    public static let textRoles: Set<String> = ["label", "description", "error"]

    private static let aliases: [String: String] = [
        "track": "track", "rail": "track",
        "indicator": "indicator", "thumb": "indicator", "knob": "indicator", "handle": "indicator",
        "label": "label", "text": "label", "title": "label",
        "description": "description", "helper": "description", "supporting-text": "description",
        "border": "border", "outline": "border", "stroke": "border",
        "fill": "fill", "background": "fill", "container": "fill", "bg": "fill",
        "check": "mark", "checkmark": "mark", "mark": "mark", "icon": "mark", "symbol": "mark", "glyph": "mark", "dot": "mark",
        "error": "error",
    ]

    /// `Track` → `track`; an unknown role keeps its own name, made CSS-safe.
    public static func canonical(_ role: String) -> String {
        let slug = String(role.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
            .split(separator: "-").joined(separator: "-")
        return aliases[slug] ?? (slug.isEmpty ? "role" : slug)
    }
}
