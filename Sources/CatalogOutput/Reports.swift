import Foundation
import CatalogCore
import CatalogModel
import CatalogRender

/// The forms `check` writes its findings in (`--format`).
public enum CheckFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif
}

/// The forms `diff` writes what changed in (`--format`, and MCP's `what_changed`).
public enum DiffFormat: String, CaseIterable, Sendable {
    case text, json, github, markdown
}

/// Every format `check` and `diff` write, in one place: a format added to `CheckFormat` or
/// `DiffFormat` does not compile until it is written here.
public enum Reports {
    /// `check`'s findings. Silenced ones (`suppressed`, each with its reason) are listed by the
    /// JSON format, marked as suppressed by SARIF, and left out of the text and GitHub ones.
    public static func write(findings diagnostics: [Diagnostic], suppressed: [Diagnostic], as format: CheckFormat, to handle: FileHandle) {
        switch format {
        case .text:
            DiagnosticPrinter.print(diagnostics, to: handle, summaryWhenClean: true)
        case .json:
            handle.write(Data(DiagnosticFormat.json((diagnostics + suppressed).sortedForDisplay()).utf8))
        case .github:
            handle.write(Data(DiagnosticFormat.githubAll(diagnostics).utf8))
        case .sarif:
            handle.write(Data(SARIFReport.log(diagnostics, suppressed: suppressed, version: SiteRenderer.version).utf8))
        }
    }

    /// What `diff` found.
    public static func text(of changes: CatalogChanges, as format: DiffFormat) -> String {
        switch format {
        case .text: ChangeReport.text(changes)
        case .json: ChangeReport.json(changes)
        case .github: ChangeReport.github(changes)
        case .markdown: ChangeReport.markdown(changes)
        }
    }
}
