import CatalogCore
import CatalogModel
import CatalogAnalysis

/// `conformance/openacr.yaml`: the catalog's conformance as an OpenACR report (GSA's
/// machine-readable Accessibility Conformance Report), referring to the VPAT 2.5 WCAG 2.2
/// catalogue. Each criterion with evidence is reported for the `web` component of the catalogue
/// with its remarks (what supports it, what does not, where); a criterion nothing has evidence
/// for is left out and named in its chapter's notes ("not evaluated" is a term the catalogue
/// keeps for level AAA).
package enum OpenACRReport {
    /// The day the report stands for: the newest evidence it rests on (an audit, a manual
    /// result), so the same inputs give the same file.
    package static func date(_ report: CatalogConformance, components: [Component], audit: AuditEvidence) -> String? {
        let audited = audit.components.values.map(\.date)
        let tested = components.flatMap { $0.conformanceTests.map(\.date.value) }
        return (audited + tested).filter(BuildDay.isDay).max()
    }

    package static func yaml(_ report: CatalogConformance, title: String, date: String?, browser: String?, toolVersion: String) -> String {
        let settings = report.settings
        var lines: [String] = []
        func add(_ indent: Int, _ key: String, _ value: String) { lines.append(String(repeating: " ", count: indent) + key + ": " + quoted(value)) }
        let product = settings.product ?? title
        lines.append("# An OpenACR report (https://github.com/GSA/openacr, schema openacr-0.1.0), written by catalog-build \(toolVersion)")
        lines.append("# from the catalog's audit results, contrast measurements and manual tests. Do not edit: it is rebuilt.")
        add(0, "title", "\(settings.vendor ?? product) Accessibility Conformance Report")
        lines.append("product:")
        add(2, "name", product)
        if let version = settings.productVersion { add(2, "version", version) }
        add(2, "description", "The \(title) design-system components, as the catalog documents and demonstrates them.")
        lines.append("author:")
        add(2, "name", settings.vendor ?? product)
        if let vendor = settings.vendor { add(2, "company_name", vendor) }
        add(2, "email", settings.contact ?? "")
        if let vendor = settings.vendor {
            lines.append("vendor:")
            add(2, "company_name", vendor)
            add(2, "email", settings.contact ?? "")
        }
        if let date {
            add(0, "report_date", date)
            add(0, "last_modified_date", date)
        }
        if let notes = settings.notes { add(0, "notes", notes) }
        let browserText = browser.map { " in \($0)" } ?? ""
        add(0, "evaluation_methods_used", "Automated: catalog-build audit\(browserText) loads every example and state of every component at every width, colour scheme and combination of token modes the catalog publishes, and runs axe-core's WCAG 2.2 A and AA rules, measures target sizes (2.5.8), focus visibility (2.4.7) and reflow at 320 CSS pixels (1.4.10), and presses each key of the component kind's keyboard contract and observes its effect (2.1.1). Colour contrast of every token pair is measured in every mode (1.4.3, 1.4.11). Manual: tests with assistive technology recorded in each component's conformance.tests. A result made from inputs that have since changed is not counted.")
        add(0, "license", "CC-BY-4.0")
        add(0, "catalog", WCAG.catalogue)
        lines.append("chapters:")
        for (chapter, level) in [("success_criteria_level_a", WCAG.Level.a), ("success_criteria_level_aa", .aa), ("success_criteria_level_aaa", .aaa)] {
            let rows = report.rows.filter { $0.criterion.level == level }
            lines.append("  \(chapter):")
            if rows.isEmpty {
                add(4, "notes", "Level \(level.rawValue) is not covered: the catalog reports up to level \(settings.level.rawValue).")
                lines.append("    disabled: true")
                continue
            }
            let unevaluated = rows.filter { $0.result == nil }
            if !unevaluated.isEmpty {
                add(4, "notes", "No evidence yet for " + unevaluated.map { "\($0.criterion.id) \($0.criterion.handle)" }.joined(separator: ", ") + ": no component's audit, contrast measurement or manual test covers them.")
            }
            let evaluated = rows.filter { $0.result != nil }
            if evaluated.isEmpty { continue }
            lines.append("    criteria:")
            for row in evaluated {
                guard let result = row.result else { continue }
                lines.append("      - num: " + quoted(row.criterion.id))
                lines.append("        components:")
                lines.append("          - name: \"web\"")
                lines.append("            adherence:")
                add(14, "level", result.rawValue)
                if !row.notes.isEmpty { add(14, "notes", row.notes) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar (JSON's escapes are YAML's).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
