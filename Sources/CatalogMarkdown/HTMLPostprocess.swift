import Foundation

/// Fixes the few things cmark-gfm prints that a strict page cannot carry: obsolete `align`
/// attributes on table cells (a class instead, so no `style` attribute is needed) and unlabelled
/// disabled checkboxes for task-list items (a text state instead, so nothing looks operable),
/// and a footnotes section without a heading.
enum HTMLPostprocess {
    private static let replacements: [(String, String)] = [
        (" align=\"left\">", " class=\"align-left\">"),
        (" align=\"center\">", " class=\"align-center\">"),
        (" align=\"right\">", " class=\"align-right\">"),
        (
            "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ",
            "<span class=\"task-state\" data-state=\"done\"><span aria-hidden=\"true\">✓</span><span class=\"visually-hidden\">Done:</span></span> "
        ),
        (
            // A section needs a heading; GitHub gives footnotes the same hidden one.
            "<section class=\"footnotes\" data-footnotes>\n",
            "<section class=\"footnotes\" data-footnotes>\n<h2 class=\"visually-hidden\">Footnotes</h2>\n"
        ),
        (
            "<input type=\"checkbox\" disabled=\"\" /> ",
            "<span class=\"task-state\" data-state=\"open\"><span class=\"visually-hidden\">To do:</span></span> "
        ),
    ]

    static func apply(_ html: String) -> String {
        guard html.contains(" align=\"") || html.contains("<input type=\"checkbox\"") || html.contains("data-footnotes") else { return html }
        var result = html
        for (old, new) in replacements where result.contains(old) {
            result = result.replacingOccurrences(of: old, with: new)
        }
        return result
    }
}
