import CatalogCore
/// `check --summary FILE` (or `$GITHUB_STEP_SUMMARY`): a Markdown report for a CI job's summary
/// page — the counts, a table by rule, a table by file, then the problems themselves, errors
/// first. Bounded, since GitHub takes at most 1 MiB per step's summary.
public enum CheckSummary {
    /// Problems listed one by one; the tables by rule and by file always count them all.
    public static let listedProblems = 200

    public static func markdown(_ diagnostics: [Diagnostic], title: String) -> String {
        var text = "## \(ChangeReport.cell(title))\n\n"
        guard !diagnostics.isEmpty else { return text + "No problems found.\n" }
        let files = Set(diagnostics.map(\.location.file))
        text += "**\(DiagnosticFormat.summary(diagnostics).trimmingCharacters(in: .newlines))** in \(files.count) file\(files.count == 1 ? "" : "s").\n\n"

        // By rule: the worst severity first, then the most frequent.
        var byRule: [RuleID: (severity: Severity, count: Int, files: [String: Int])] = [:]
        for diagnostic in diagnostics {
            var entry = byRule[diagnostic.rule] ?? (diagnostic.severity, 0, [:])
            entry.severity = min(entry.severity, diagnostic.severity)
            entry.count += 1
            entry.files[diagnostic.location.file, default: 0] += 1
            byRule[diagnostic.rule] = entry
        }
        text += "| rule | severity | problems | files |\n|---|---|---:|---|\n"
        for (rule, entry) in byRule.sorted(by: { ($0.value.severity, -$0.value.count, $0.key) < ($1.value.severity, -$1.value.count, $1.key) }) {
            let fileList = entry.files.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            let shownFiles = fileList.prefix(3).map { "\(ChangeReport.code($0.key)) (\($0.value))" }.joined(separator: ", ")
                + (fileList.count > 3 ? ", and \(fileList.count - 3) more" : "")
            text += "| \(ChangeReport.code(rule.rawValue)) | \(word(entry.severity)) | \(entry.count) | \(shownFiles) |\n"
        }

        var byFile: [String: [Severity: Int]] = [:]
        for diagnostic in diagnostics { byFile[diagnostic.location.file, default: [:]][diagnostic.severity, default: 0] += 1 }
        text += "\n| file | errors | warnings | notes |\n|---|---:|---:|---:|\n"
        for (file, counts) in byFile.sorted(by: { ($0.value[.error] ?? 0, $0.value[.warning] ?? 0, $1.key) > ($1.value[.error] ?? 0, $1.value[.warning] ?? 0, $0.key) }) {
            text += "| \(ChangeReport.code(file)) | \(counts[.error] ?? 0) | \(counts[.warning] ?? 0) | \(counts[.info] ?? 0) |\n"
        }

        let ordered = diagnostics.errorsFirst()
        text += "\n<details><summary>Every problem, errors first</summary>\n\n| where | severity | rule | message |\n|---|---|---|---|\n"
        for diagnostic in ordered.prefix(listedProblems) {
            let location = diagnostic.location
            text += "| \(ChangeReport.code("\(location.file):\(location.line):\(location.column)")) | \(word(diagnostic.severity)) | \(ChangeReport.code(diagnostic.rule.rawValue)) | \(ChangeReport.cell(diagnostic.message)) |\n"
        }
        if ordered.count > listedProblems {
            text += "\n… and \(ordered.count - listedProblems) more; `catalog-build check --format json` lists every one.\n"
        }
        return text + "\n</details>\n"
    }

    private static func word(_ severity: Severity) -> String { severity == .info ? "note" : severity.rawValue }
}
