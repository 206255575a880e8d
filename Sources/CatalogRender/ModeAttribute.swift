import CatalogModel
/// The attribute on `<html>` that selects a mode: `data-theme="dark"` for the modifier `theme`
/// and its context `dark`. Names are folded to what an HTML attribute name allows.
package enum ModeAttribute {
    package static func name(_ modifier: String) -> String {
        "data-" + fileName(modifier)
    }

    /// A modifier or context name folded to lowercase letters, digits and `-` (for attribute
    /// and file names).
    package static func fileName(_ name: String) -> String { ModeNames.fileName(name) }

    /// One context chosen of one modifier, with the media query that chooses it while the reader
    /// has not (catalog.yaml's `modes:`).
    package struct Choice {
        package var modifier: String
        package var context: String
        package var media: String?
    }

    /// The choices of a resolution other than the default one, with their media queries.
    package static func choices(of resolution: TokenModes.Resolution, presentation: [ModePresentation]) -> [Choice] {
        resolution.choices.map { Choice(modifier: $0.modifier, context: $0.context, media: presentation.context($0.context, of: $0.modifier)?.media) }
    }

    /// CSS rules (one `selector { … }` per line) scoped to one context of a modifier: under the
    /// attribute the page's switcher sets on <html>, and under the context's media query while
    /// the reader has not chosen.
    package static func scoped(_ rules: String, modifier: String, context: String, media: String?) -> String {
        scoped(rules, choices: [Choice(modifier: modifier, context: context, media: media)])
    }

    /// CSS rules scoped to a combination of contexts (`brand=sosh` and `theme=dark`): every
    /// context must be chosen, each by its attribute or, while the reader has not chosen it, by
    /// its media query. A combination's selector is more specific than any one context's, so
    /// what it sets wins over what each context sets alone, wherever it comes in the stylesheet.
    package static func scoped(_ rules: String, choices: [Choice]) -> String {
        let lines = rules.split(separator: "\n")
        // Each way the combination can be chosen: the attributes (or their absence) and the
        // media queries that must hold.
        var ways: [(selector: String, media: [String])] = [("", [])]
        for choice in choices {
            let attribute = name(choice.modifier)
            var next = ways.map { ($0.selector + "[\(attribute)=\"\(value(choice.context))\"]", $0.media) }
            if let media = choice.media {
                next += ways.map { ($0.selector + ":not([\(attribute)])", $0.media + [media]) }
            }
            ways = next
        }
        var css = ""
        for way in ways {
            // Nested conditional rules: each media query must hold.
            let indent = String(repeating: "  ", count: way.media.count)
            for (depth, media) in way.media.enumerated() { css += String(repeating: "  ", count: depth) + "@media \(media) {\n" }
            css += lines.map { "\(indent):root\(way.selector) \($0)\n" }.joined()
            for depth in way.media.indices.reversed() { css += String(repeating: "  ", count: depth) + "}\n" }
        }
        return css
    }

    /// A context name inside a double-quoted CSS attribute selector.
    package static func value(_ context: String) -> String {
        context.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
