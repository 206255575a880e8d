import Foundation
import CatalogCore
import CatalogModel

/// Reads each screenshot's file name by `screenshots.name` (`{component}/{example}.{mode}.png`)
/// and files it under its component, row (an example or a state) and token mode.
package enum ScreenshotMatcher {
    /// The pattern as a regular expression with named groups; a `{mode}` and the separator
    /// before it may be absent (the default mode).
    package static func expression(_ pattern: String) -> NSRegularExpression? {
        var regex = "^"
        var rest = Substring(pattern)
        while !rest.isEmpty {
            if let range = rest.range(of: "{"), let close = rest[range.upperBound...].firstIndex(of: "}") {
                var literal = String(rest[..<range.lowerBound])
                let name = String(rest[range.upperBound..<close])
                switch name {
                case "mode":
                    // `.{mode}`: the separator belongs to the optional part.
                    let separator = literal.last.map(String.init) ?? ""
                    if !separator.isEmpty { literal.removeLast() }
                    regex += NSRegularExpression.escapedPattern(for: literal) + "(?:" + NSRegularExpression.escapedPattern(for: separator) + "(?<mode>[^/]+?))?"
                case "component":
                    regex += NSRegularExpression.escapedPattern(for: literal) + "(?<component>[^/]+?)"
                case "example":
                    regex += NSRegularExpression.escapedPattern(for: literal) + "(?<example>[^/]+?)"
                default:
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                regex += NSRegularExpression.escapedPattern(for: String(rest))
                rest = ""
            }
        }
        return try? NSRegularExpression(pattern: regex + "$", options: [.caseInsensitive])
    }

    /// The token modes a file name may say: each context's name, or one context per modifier
    /// joined with `.` in the modifiers' order (`brand-lagoon.dark`).
    package static func modeNames(_ modes: TokenModes?) -> Set<String> {
        guard let modes else { return [] }
        var names = Set<String>()
        for modifier in modes.modifiers { for context in modifier.contexts { names.insert(context.name.lowercased()) } }
        var combinations = [""]
        for modifier in modes.modifiers {
            combinations = combinations.flatMap { prefix in modifier.contexts.map { prefix.isEmpty ? $0.name.lowercased() : prefix + "." + $0.name.lowercased() } }
        }
        names.formUnion(combinations)
        return names
    }

    /// The rows an image's `{example}` names: one row; several joined with `+`
    /// (`default+pressed+disabled`); or the gallery word (every state). Nil when it names none.
    package static func shownRows(_ written: String, rows: [(key: String, title: String, isState: Bool)], gallery: String) -> [String]? {
        let whole = ScreenshotIndex.key(written)
        if rows.contains(where: { $0.key == whole }) { return [whole] }
        if whole == ScreenshotIndex.key(gallery) {
            let states = rows.filter(\.isState).map(\.key)
            return states.isEmpty ? nil : states
        }
        let parts = written.split(separator: "+").map { ScreenshotIndex.key(String($0)) }
        guard parts.count > 1, parts.allSatisfy({ part in rows.contains { $0.key == part } }) else { return nil }
        var seen = Set<String>()
        return parts.filter { seen.insert($0).inserted }
    }

    package static func index(_ files: ScreenshotFiles, settings: ScreenshotSettings, components: [Component], modes: TokenModes?) -> ScreenshotIndex {
        var index = ScreenshotIndex()
        guard let expression = expression(settings.name.value) else { return index }
        let bySlug = Dictionary(components.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let known = modeNames(modes)
        for folder in files.folders where !folder.missing {
            for (path, bytes) in (files.files[folder.platform] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let display = folder.display + "/" + path
                guard let size = ScreenshotFiles.pngSize(bytes) else {
                    index.notPNG.append(display)
                    continue
                }
                guard size.width > 0, size.height > 0, size.width <= ScreenshotFiles.maximumSide, size.height <= ScreenshotFiles.maximumSide,
                      size.width * size.height <= ScreenshotFiles.maximumPixels else {
                    index.unmatched.append((display, "is \(size.width) × \(size.height) pixels, more than a screenshot is shown at (\(ScreenshotFiles.maximumSide) px a side, \(ScreenshotFiles.maximumPixels / 1_000_000) million pixels)"))
                    continue
                }
                let range = NSRange(path.startIndex..., in: path)
                guard let match = expression.firstMatch(in: path, range: range) else {
                    index.unmatched.append((display, "does not match screenshots.name (\(settings.name.value))"))
                    continue
                }
                func group(_ name: String) -> String? {
                    let found = match.range(withName: name)
                    guard found.location != NSNotFound, let range = Range(found, in: path) else { return nil }
                    return String(path[range])
                }
                guard let slug = group("component"), let component = bySlug[slug.lowercased()] else {
                    index.unmatched.append((display, "names no component (\(group("component") ?? "none"))"))
                    continue
                }
                let rows = ScreenshotIndex.rows(of: component)
                guard let shown = shownRows(group("example") ?? "", rows: rows, gallery: settings.gallery) else {
                    let row = ScreenshotIndex.key(group("example") ?? "")
                    let names = rows.map(\.key)
                    index.unmatched.append((display, "names no example or state of \(component.name.value) ('\(group("example") ?? "")'\(DidYouMean.hint(for: row, in: names).replacingOccurrences(of: "; ", with: ", "))); its rows are \(names.joined(separator: ", ")), several joined with + (an image of several), or \(settings.gallery) (one image of every state)"))
                    continue
                }
                let mode = group("mode")?.lowercased()
                if let mode, !known.contains(mode) {
                    index.unmatched.append((display, "names the token mode '\(mode)', which the catalog does not have\(known.isEmpty ? " (it has no token modes)" : "; its modes are " + known.sorted().joined(separator: ", "))"))
                    continue
                }
                for row in shown {
                    index.shots[component.slug, default: [:]][row, default: []].append(.init(platform: folder.platform, path: path, mode: mode, bytes: bytes, shows: shown.count > 1 ? shown : []))
                }
            }
        }
        return index
    }
}
