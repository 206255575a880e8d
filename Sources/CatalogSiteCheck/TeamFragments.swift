import CatalogCore
import CatalogModel

/// The `#fragment` links a team writes inside its examples, each where it was written: a web
/// example's markup (its file and line) and a demo example's values (their line in
/// component.yaml). Such a link points within the example — a pagination's `#p2` is a
/// placeholder — so a missing target is the team's to fix, reported there (`SiteLinkRule`).
package enum TeamFragments {
    /// `href="#…"` in a web example's markup, where it was written (`WebExample.location`).
    package static func inMarkup(of example: WebExample, componentFile: String) -> [String: SourceLocation] {
        var found: [String: SourceLocation] = [:]
        var line = 1
        var lineStart = 0
        let text = Array(example.markup.utf8)
        let needle = Array("href=".utf8)
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            if index + needle.count + 2 <= text.count, Array(text[index..<(index + needle.count)]) == needle {
                let quoteAt = index + needle.count
                let quote = text[quoteAt]
                if (quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")), text[quoteAt + 1] == UInt8(ascii: "#") {
                    var end = quoteAt + 1
                    while end < text.count, text[end] != quote, text[end] != UInt8(ascii: "\n") { end += 1 }
                    let value = String(decoding: text[(quoteAt + 1)..<end], as: UTF8.self)
                    let decoded = value.replacingOccurrences(of: "&amp;", with: "&")
                    if found[decoded] == nil {
                        let column = String(decoding: text[lineStart..<index], as: UTF8.self).count + 1
                        found[decoded] = example.location(line: line, column: column, componentFile: componentFile)
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return found
    }

    /// Values starting with `#` in a component's demo examples, at their line.
    package static func inDemo(of component: Component) -> [String: SourceLocation] {
        var found: [String: SourceLocation] = [:]
        func visit(_ value: Located<ExampleValue>) {
            switch value.value {
            case .scalar(let scalar):
                if scalar.text.hasPrefix("#"), scalar.text.count > 1, found[scalar.text] == nil { found[scalar.text] = value.location }
            case .list(let items): items.forEach(visit)
            case .map(let example): example.entries.forEach { visit($0.value) }
            case .null: break
            }
        }
        for example in component.demo?.examples ?? [] { example.entries.forEach { visit($0.value) } }
        return found
    }
}
