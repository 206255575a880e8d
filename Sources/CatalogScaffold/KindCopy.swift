import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogRender

/// `new kind NAME --from KIND`: a self-contained copy of a kind. Its contract, templates,
/// script and stylesheet are copied under the new name, and so is every `demos/` partial its
/// templates include (renamed `demos/<name>-…`). Every class the kind's markup carries that a
/// demo stylesheet styles is renamed to the new kind's (`switch__track` → `dimmer__track`,
/// `control-row` → `dimmer-control-row`), and the rules that style them — in the kind's own
/// stylesheet and in the theme's shared `demos.css` — are copied into the new stylesheet with
/// the new names, so the copy no longer changes when the original does. A partial shared with
/// other kinds is evaluated against the original kind's own names: a section on a name only
/// another kind has is dropped (an inverted one kept), so the copy passes the template check.
public enum KindCopy {
    public static func files(_ id: String, from source: String, theme: LoadedTheme, extends parent: String? = nil) throws(Scaffold.Failure) -> [String: String] {
        guard let kind = theme.kinds[source] else { return try Scaffold.kind(id, from: source, files: theme.kindFiles(source), extends: parent) }
        var files = theme.kindFiles(source)
        // The partials the templates include, recursively, each under its new name.
        var partials: [String: String] = [:]
        var pending = files.filter { $0.key.hasPrefix("templates/") }.map(\.value)
        while let text = pending.popLast() {
            for name in includes(in: text) where name.hasPrefix("demos/") && partials[name] == nil && name != "demos/\(source)" && name != "demos/\(source)-header" {
                guard let partial = theme.source.templates[name]?.text else { continue }
                partials[name] = partial
                pending.append(partial)
            }
        }
        let provided = Set(DemoMarkup.names(of: kind).keys)
        let lists = Set(DemoMarkup.names(of: kind).compactMap { name, shape -> String? in
            if case .list = shape { return name }
            return nil
        })
        var renamedPartials: [String: String] = [:]
        for name in partials.keys {
            var base = String(name.dropFirst("demos/".count))
            if base.hasPrefix(source + "-") { base = String(base.dropFirst(source.count + 1)) }
            renamedPartials[name] = "demos/\(id)-\(base)"
        }

        // The classes the markup carries that a demo stylesheet styles, and their new names.
        let sharedCSS = theme.source.assets["demos.css"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        let ownCSS = files["assets/demos/\(source).css"] ?? ""
        let markup = files.filter { $0.key.hasPrefix("templates/") }.map(\.value) + Array(partials.values)
        var classes: [String: String] = [:]
        for text in markup {
            for token in classTokens(in: text) where classes[token] == nil && (token.contains(source) || styles(token, in: sharedCSS) || styles(token, in: ownCSS)) {
                classes[token] = renamedClass(token, from: source, to: id)
            }
        }

        var result: [String: String] = [:]
        func rename(_ text: String) -> String {
            var text = text
            for (old, new) in renamedPartials { text = text.replacingOccurrences(of: "{{> \(old)}}", with: "{{> \(new)}}") }
            return text
        }
        for (path, text) in files where path.hasPrefix("templates/") {
            result[path] = renameClassAttributes(rename(text), classes)
        }
        for (name, text) in partials {
            let pruned = prune(text, keeping: provided, lists: lists)
            result["templates/\(renamedPartials[name]!).mustache"] = renameClassAttributes(rename(pruned), classes)
        }
        if let script = files["assets/demos/\(source).js"] { result["assets/demos/\(source).js"] = renameInScript(script, classes) }
        // The copy's stylesheet: its own rules renamed, then the shared rules that style its classes.
        let lifted = lift(from: sharedCSS, classes: Set(classes.keys))
        var css = renameInCSS(ownCSS, classes)
        if !lifted.isEmpty {
            css += (css.isEmpty ? "" : "\n") + "/* Copied from the theme's demos.css for the \(source) kind's classes, renamed: this kind no longer changes when that one does. */\n" + renameInCSS(lifted, classes)
        }
        if !css.isEmpty { result["assets/demos/\(source).css"] = css }
        if let contract = files["demos/\(source).yaml"] {
            var lines = contract.components(separatedBy: "\n")
            if let index = lines.firstIndex(where: { $0.hasPrefix("description:") }) {
                let original = lines[index].dropFirst("description:".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                lines[index] = "description: \(Scaffold.yamlString("A copy of the \(source) kind to change into your own: \(original)"))"
            }
            result["demos/\(source).yaml"] = lines.joined(separator: "\n")
        }
        // The kind's own custom properties (`--alert-tone` → `--badge-tone`), in every file of
        // the copy, so its stylesheet no longer shares them with the kind it came from.
        files = result.mapValues { renameCustomProperties($0, from: source, to: id) }
        return try Scaffold.kind(id, from: source, files: files, extends: parent)
    }

    /// `--alert-tone` → `--badge-tone` and `--demo-alert-gap` → `--demo-badge-gap`: custom
    /// properties named after the source kind; the shared ones (`--demo-fill`, `--cb-*`) stay.
    static func renameCustomProperties(_ text: String, from source: String, to id: String) -> String {
        let pattern = "(?<![A-Za-z0-9_-])--(demo-)?\(NSRegularExpression.escapedPattern(for: source))(?=[-_][A-Za-z0-9])"
        return text.replacingOccurrences(of: pattern, with: "--$1" + NSRegularExpression.escapedTemplate(for: id), options: .regularExpression)
    }

    // MARK: Templates

    /// The partials a template includes (`{{> demos/alert-body}}`).
    static func includes(in text: String) -> [String] {
        tags(in: text).filter { $0.sigil == ">" }.map(\.name)
    }

    struct Tag {
        var range: Range<String.Index>
        var sigil: Character?
        var name: String
    }

    static func tags(in text: String) -> [Tag] {
        var result: [Tag] = []
        var index = text.startIndex
        while let open = text.range(of: "{{", range: index..<text.endIndex) {
            let triple = text[open.upperBound...].hasPrefix("{")
            guard let close = text.range(of: triple ? "}}}" : "}}", range: open.upperBound..<text.endIndex) else { break }
            var inner = text[(triple ? text.index(after: open.upperBound) : open.upperBound)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            var sigil: Character?
            if let first = inner.first, "#^/>!&%$<".contains(first) {
                sigil = first
                inner = String(inner.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            result.append(Tag(range: open.lowerBound..<close.upperBound, sigil: sigil, name: inner))
            index = close.upperBound
        }
        return result
    }

    /// The template as the original kind draws it: a section (or variable) on a name its context
    /// never has is dropped, an inverted one is kept without its tags. Names inside a list
    /// section are the item's and are left alone.
    static func prune(_ text: String, keeping provided: Set<String>, lists: Set<String>) -> String {
        let all = tags(in: text)
        var output = ""
        var cursor = text.startIndex
        var stack: [(name: String, drop: Bool, unwrap: Bool)] = []
        var dropping = 0
        var inList = 0
        for tag in all {
            if dropping == 0 { output += text[cursor..<tag.range.lowerBound] }
            cursor = tag.range.upperBound
            let root = String(tag.name.split(separator: ".").first ?? "")
            let foreign = inList == 0 && !root.isEmpty && tag.name != "." && !provided.contains(root)
            switch tag.sigil {
            case "#", "^":
                let drop = tag.sigil == "#" && foreign
                let unwrap = tag.sigil == "^" && foreign
                stack.append((tag.name, drop, unwrap))
                if drop { dropping += 1 }
                if lists.contains(root) { inList += 1 }
                if dropping == 0, !unwrap { output += text[tag.range] }
            case "/":
                guard let open = stack.popLast() else { break }
                if lists.contains(String(open.name.split(separator: ".").first ?? "")) { inList -= 1 }
                if open.drop { dropping -= 1; continue }
                if dropping == 0, !open.unwrap { output += text[tag.range] }
            case nil, "&":
                if dropping == 0, !foreign { output += text[tag.range] }
            default:
                if dropping == 0 { output += text[tag.range] }
            }
        }
        if dropping == 0 { output += text[cursor...] }
        return output
    }

    // MARK: Classes

    /// The class names written literally in `class="…"` attributes (mustache tags taken out).
    static func classTokens(in text: String) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while let start = text.range(of: "class=\"", range: index..<text.endIndex), let end = text.range(of: "\"", range: start.upperBound..<text.endIndex) {
            var value = String(text[start.upperBound..<end.lowerBound])
            for tag in tags(in: value).reversed() { value.replaceSubrange(tag.range, with: " ") }
            tokens += value.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            index = end.upperBound
        }
        return tokens
    }

    /// Whether a stylesheet has a selector with `.token` (not a longer class name).
    static func styles(_ token: String, in css: String) -> Bool {
        css.range(of: "\\.\(NSRegularExpression.escapedPattern(for: token))(?![A-Za-z0-9_-])", options: .regularExpression) != nil
    }

    /// `switch__track` → `dimmer__track`, `demo-switch` → `demo-dimmer`, `control-row` → `dimmer-control-row`.
    static func renamedClass(_ token: String, from source: String, to id: String) -> String {
        if token == source || token.hasPrefix(source + "__") || token.hasPrefix(source + "--") { return id + token.dropFirst(source.count) }
        if token == "demo-" + source || token.hasPrefix("demo-\(source)__") || token.hasPrefix("demo-\(source)--") { return "demo-" + id + token.dropFirst("demo-".count + source.count) }
        return id + "-" + token
    }

    /// Renames the classes in `class="…"` attributes only (never `role="switch"`).
    static func renameClassAttributes(_ text: String, _ classes: [String: String]) -> String {
        var output = ""
        var index = text.startIndex
        while let start = text.range(of: "class=\"", range: index..<text.endIndex), let end = text.range(of: "\"", range: start.upperBound..<text.endIndex) {
            output += text[index..<start.upperBound]
            output += renameWords(String(text[start.upperBound..<end.lowerBound]), classes)
            output += "\""
            index = end.upperBound
        }
        return output + text[index...]
    }

    /// Each whole class name in `text` (bounded by anything but a name character) renamed.
    static func renameWords(_ text: String, _ classes: [String: String], prefix: String = "") -> String {
        var text = text
        // Longest first, so `switch__track` is renamed before `switch`.
        for (old, new) in classes.sorted(by: { $0.key.count > $1.key.count }) {
            let pattern = "(?<![A-Za-z0-9_-])\(NSRegularExpression.escapedPattern(for: prefix + old))(?![A-Za-z0-9_-])"
            text = text.replacingOccurrences(of: pattern, with: NSRegularExpression.escapedTemplate(for: prefix + new), options: .regularExpression)
        }
        return text
    }

    static func renameInCSS(_ css: String, _ classes: [String: String]) -> String {
        var css = css
        for (old, new) in classes.sorted(by: { $0.key.count > $1.key.count }) {
            css = css.replacingOccurrences(of: "\\.\(NSRegularExpression.escapedPattern(for: old))(?![A-Za-z0-9_-])", with: NSRegularExpression.escapedTemplate(for: "." + new), options: .regularExpression)
        }
        return css
    }

    /// In a script: selectors (`.switch__input`) and quoted element or modifier names
    /// (`"switch--on"`); a bare word in quotes (`"switch"`, a role) is left alone.
    static func renameInScript(_ script: String, _ classes: [String: String]) -> String {
        var script = renameInCSS(script, classes)
        for (old, new) in classes.sorted(by: { $0.key.count > $1.key.count }) where old.contains("__") || old.contains("--") || old.contains("-") {
            for quote in ["\"", "'"] {
                script = script.replacingOccurrences(of: quote + old + quote, with: quote + new + quote)
            }
        }
        return script
    }

    // MARK: Stylesheet

    /// The rules of `css` whose selectors name one of `classes`: each rule keeps only those of
    /// its selectors that do; at-rule blocks (`@media`) keep the rules inside that do.
    static func lift(from css: String, classes: Set<String>) -> String {
        var keyframes: [(name: String, block: String)] = []
        var output = liftRules(from: css, classes: classes, keyframes: &keyframes)
        // The animations the copied rules run.
        for (name, block) in keyframes where output.range(of: "(?<![A-Za-z0-9_-])\(NSRegularExpression.escapedPattern(for: name))(?![A-Za-z0-9_-])", options: .regularExpression) != nil {
            output += block
        }
        return output
    }

    private static func liftRules(from css: String, classes: Set<String>, keyframes: inout [(name: String, block: String)]) -> String {
        var output = ""
        var index = css.startIndex
        func mentions(_ selector: Substring) -> Bool { classes.contains { styles($0, in: String(selector)) } }
        while index < css.endIndex {
            // Skip whitespace and comments.
            if css[index].isWhitespace { index = css.index(after: index); continue }
            if css[index...].hasPrefix("/*") {
                index = css.range(of: "*/", range: index..<css.endIndex)?.upperBound ?? css.endIndex
                continue
            }
            guard let brace = css[index...].firstIndex(where: { $0 == "{" || $0 == ";" }) else { break }
            let prelude = css[index..<brace].trimmingCharacters(in: .whitespacesAndNewlines)
            if css[brace] == ";" { index = css.index(after: brace); continue }
            // The block's end, counting nested braces.
            var depth = 0
            var end = brace
            while end < css.endIndex {
                if css[end] == "{" { depth += 1 } else if css[end] == "}" { depth -= 1; if depth == 0 { break } }
                end = css.index(after: end)
            }
            guard end < css.endIndex else { break }
            let body = css[css.index(after: brace)..<end]
            if prelude.hasPrefix("@") {
                if prelude.hasPrefix("@media") || prelude.hasPrefix("@supports") || prelude.hasPrefix("@container") {
                    let inner = liftRules(from: String(body), classes: classes, keyframes: &keyframes)
                    if !inner.isEmpty { output += "\(prelude) {\n" + inner.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n}\n" }
                } else if prelude.hasPrefix("@keyframes") {
                    keyframes.append((prelude.dropFirst("@keyframes".count).trimmingCharacters(in: .whitespaces), "\(prelude) {\(body)}\n"))
                }
            } else {
                let selectors = splitSelectors(prelude).filter(mentions)
                if !selectors.isEmpty {
                    output += selectors.joined(separator: ",\n") + " {\(body)}\n"
                }
            }
            index = css.index(after: end)
        }
        return output
    }

    /// A selector list split at its top-level commas (not those inside `:is(…)`).
    static func splitSelectors(_ prelude: String) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = prelude.startIndex
        for index in prelude.indices {
            switch prelude[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                parts.append(prelude[start..<index])
                start = prelude.index(after: index)
            default: break
            }
        }
        parts.append(prelude[start...])
        return parts.map { Substring($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
