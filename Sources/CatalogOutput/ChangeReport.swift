import CatalogCore
import CatalogModel
/// `catalog-build diff`'s four formats: text for a terminal, stable JSON, GitHub workflow
/// annotations, and Markdown for a pull-request comment or release notes.
public enum ChangeReport {
    public static let jsonSchemaVersion = 1

    // MARK: Text

    public static func text(_ changes: CatalogChanges) -> String {
        var text = "catalog-build diff \(changes.base) → \(changes.head): \(changes.summary)\n"
        for (side, errors) in [(changes.base, changes.baseErrors), (changes.head, changes.headErrors)] where !errors.isEmpty {
            text += "\(side) has \(errors.count) error\(errors.count == 1 ? "" : "s") (the diff shows what could be loaded), first: \(errors[0].location): \(errors[0].message)\n"
        }
        for group in changes.groups {
            text += "\n\(group.title)\(group.slug.map { " (components/\($0))" } ?? "")\n"
            for change in group.changes {
                text += "  \(change.impact.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(change.message)"
                if !change.affects.isEmpty { text += " — used by \(changes.affected(change))" }
                text += "\n"
            }
        }
        return text
    }

    // MARK: JSON

    /// `{"schema": 1, "base", "head", "summary": {"breaking", "notable", "minor"}, "changes": [...],
    /// "errors": {"base": [...], "head": [...]}}`; each change has `impact`, `area`, `kind`,
    /// `component`, `subject`, `message`, `before`, `after`, `affects`, `file`, `line`.
    public static func json(_ changes: CatalogChanges) -> String {
        let records: [JSONText.Value] = changes.changes.map { change in
            .object([
                "impact": .string(change.impact.rawValue),
                "area": .string(change.area.rawValue),
                "kind": .string(change.kind.rawValue),
                "component": JSONText.Value(change.component),
                "subject": .string(change.subject),
                "message": .string(change.message),
                "before": JSONText.Value(change.before),
                "after": JSONText.Value(change.after),
                "affects": .array(change.affects.map(JSONText.Value.string)),
                "file": JSONText.Value(change.location?.file),
                "line": change.location.map { .number(String($0.line)) } ?? .null,
            ])
        }
        func errors(_ list: [Diagnostic]) -> JSONText.Value {
            .array(list.map { .object(["rule": .string($0.rule.rawValue), "file": .string($0.location.file), "line": .number(String($0.location.line)), "message": .string($0.message)]) })
        }
        return JSONText.pretty(.object([
            "schema": .number(String(jsonSchemaVersion)),
            "base": .string(changes.base),
            "head": .string(changes.head),
            "summary": .object(Dictionary(uniqueKeysWithValues: CatalogChanges.Impact.allCases.map { ($0.rawValue, JSONText.Value.number(String(changes.count($0)))) })),
            "changes": .array(records),
            "errors": .object(["base": errors(changes.baseErrors), "head": errors(changes.headErrors)]),
        ]))
    }

    // MARK: GitHub

    /// A workflow annotation per change, at its file and line in the head revision: breaking
    /// changes as errors, notable ones as warnings, the rest as notices.
    public static func github(_ changes: CatalogChanges) -> String {
        var text = ""
        for change in changes.changes {
            let command = change.impact == .breaking ? "error" : change.impact == .notable ? "warning" : "notice"
            var properties: [String] = []
            if let location = change.location {
                properties.append("file=\(DiagnosticFormat.escapeProperty(location.file))")
                properties.append("line=\(location.line)")
            }
            properties.append("title=\(DiagnosticFormat.escapeProperty("\(change.impact.rawValue) \(change.area.rawValue) change"))")
            var message = change.message
            if !change.affects.isEmpty { message += " (used by \(changes.affected(change)))" }
            text += "::\(command) \(properties.joined(separator: ","))::\(DiagnosticFormat.escapeData(message))\n"
        }
        text += "::notice::\(DiagnosticFormat.escapeData("catalog-build diff \(changes.base) → \(changes.head): \(changes.summary)"))\n"
        return text
    }

    // MARK: Markdown

    package static func badge(_ impact: CatalogChanges.Impact) -> String {
        switch impact {
        case .breaking: "🔴 Breaking"
        case .notable: "🟡 Notable"
        case .minor: "🟢 Minor"
        }
    }

    /// A colour as inline text: a square of its hue family and its hex (no images). The family
    /// comes from the colour's OKLCH hue and lightness, so a grey is never shown as a coloured
    /// square: near-neutral colours get the word "grey" (or a black or white square at the ends),
    /// dark oranges and yellows a brown one.
    package static func swatch(_ value: String?) -> String {
        guard let value else { return "" }
        guard let color = RGBA(hex: value) else { return code(value) }
        return "\(swatchMark(color)) \(code(value))"
    }

    package static func swatchMark(_ color: RGBA) -> String {
        let (lightness, chroma, hue) = color.oklch
        if chroma < 0.035 {
            if lightness < 0.3 { return "⬛" }
            if lightness > 0.93 { return "⬜" }
            return "grey"
        }
        switch hue {
        case 40..<75: return lightness < 0.6 ? "🟫" : "🟧"
        case 75..<120: return lightness < 0.55 ? "🟫" : "🟨"
        case 120..<180: return "🟩"
        case 180..<285: return "🟦"
        case 285..<345: return "🟪"
        default: return lightness < 0.4 && chroma < 0.1 ? "🟫" : "🟥"
        }
    }


    /// Text in a Markdown table cell or list item: a `|` cannot end the cell, and HTML in a
    /// catalog's names (`<b>`, `<script>`) shows as text, never as markup.
    package static func cell(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r\n", "\r": result += " "
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Text as a Markdown code span in a table: HTML inside a code span is text already; a
    /// backtick or `|` in it must not end the span or the cell.
    package static func code(_ text: String) -> String {
        let inner = text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        return "`\(inner)`"
    }

    public static func markdown(_ changes: CatalogChanges) -> String {
        var text = "## Design-system changes: `\(changes.base)` → \(changes.head == "working tree" ? "working tree" : "`\(changes.head)`")\n\n"
        if changes.changes.isEmpty {
            return text + "No tokens, components or problems change.\n"
        }
        // Summary first.
        text += "| | 🔴 Breaking | 🟡 Notable | 🟢 Minor |\n|---|---:|---:|---:|\n"
        let areas: [(String, (CatalogChanges.Change) -> Bool)] = [
            ("Tokens", { $0.area == .token }),
            ("Components", { $0.component != nil }),
            ("Problems", { $0.area == .problem }),
        ]
        for (name, belongs) in areas {
            let counts = CatalogChanges.Impact.allCases.map { impact in changes.changes.filter { belongs($0) && $0.impact == impact }.count }
            text += "| \(name) | \(counts.map(String.init).joined(separator: " | ")) |\n"
        }
        text += "| **Total** | **\(changes.count(.breaking))** | **\(changes.count(.notable))** | **\(changes.count(.minor))** |\n"
        for (side, errors) in [(changes.base, changes.baseErrors), (changes.head, changes.headErrors)] where !errors.isEmpty {
            text += "\n> **Note:** `\(side)` has \(errors.count) error\(errors.count == 1 ? "" : "s"); this compares what could be loaded. First: `\(cell(errors[0].location.description))` \(cell(errors[0].message))\n"
        }
        for group in changes.groups {
            text += "\n### \(cell(group.title))\n\n"
            if group.title == "Tokens", group.slug == nil {
                text += "| Impact | Token | Change | Before | After | Used by |\n|---|---|---|---|---|---|\n"
                for change in group.changes {
                    let values = change.kind == .renamed || change.kind == .removed
                        ? (code(change.before ?? ""), change.after.map(code) ?? "")
                        : (swatch(change.before), swatch(change.after))
                    text += "| \(badge(change.impact)) | \(code(change.subject)) | \(cell(change.message)) | \(values.0) | \(values.1) | \(cell(changes.affected(change))) |\n"
                }
                continue
            }
            for change in group.changes {
                text += "- **\(badge(change.impact))** — \(cell(change.message))\n"
            }
        }
        return text
    }
}
