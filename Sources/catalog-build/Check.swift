import ArgumentParser
import Foundation
import CatalogCore
import CatalogRender
import CatalogPipeline
import CatalogPublish
import CatalogOutput

/// `catalog-build check`: run the whole pipeline, write nothing, report every problem.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the catalog and report every problem; nothing is written.",
        discussion: """
            Exit status: 0 when there are no errors (and, with --strict, no warnings), 1 otherwise, \
            2 for a usage error. Formats: text (file:line:col: severity: message [rule], for \
            editors), json (an array of objects), github (workflow commands that annotate a pull request: \
            errors first, at most 10 of each kind, then the rest as log lines and a count), sarif \
            (SARIF 2.1.0 for code-scanning dashboards). --summary FILE (or $GITHUB_STEP_SUMMARY \
            when set) also writes a Markdown summary by rule and file.
            """
    )

    @OptionGroup var catalog: CatalogOptions

    @Option(name: .long, help: ArgumentHelp("Output format: text, json, github or sarif.", valueName: "format"))
    var format: CheckFormat = .text

    @Option(name: .long, help: ArgumentHelp("Also write a Markdown summary (by rule and by file) to this file; $GITHUB_STEP_SUMMARY when set.", valueName: "file"))
    var summary: String?

    @Flag(name: .long, help: "Fail on warnings too.")
    var strict = false

    @Flag(name: .customLong("list-rules"), help: "Print every rule id with its severity and what it catches, and exit.")
    var listRules = false

    func run() async throws {
        if listRules {
            // With a catalog whose catalog.yaml sets `rules:`, a column shows what it sets.
            let file = catalog.source + "/catalog.yaml"
            if let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) {
                let (settings, problems) = RuleCatalogue.settings(catalogYAML: text, file: file)
                let ruleProblems = problems.filter { $0.rule.area == "rule" }
                if !ruleProblems.isEmpty { DiagnosticPrinter.print(ruleProblems, to: .standardError) }
                if !settings.isEmpty {
                    print(RuleCatalogue.configuredTable(settings), terminator: "")
                    return
                }
            }
            print(RuleCatalogue.markdownTable(), terminator: "")
            return
        }
        let tree = try catalog.readTree()
        // The pages are only scanned for the link checks, never all kept in memory.
        let result = SiteBuild.check(tree, source: catalog.source, options: catalog.loadOptions)
        let diagnostics = result.diagnostics
        Reports.write(findings: diagnostics, suppressed: result.suppressed, as: format, to: .standardOutput)
        if let file = summary ?? ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            try writeSummary(CheckSummary.markdown(diagnostics, title: "catalog-build check"), to: file)
        }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing { throw ExitCode(1) }
    }

    /// Appends to the summary file, as GitHub's step summary expects (several steps may write
    /// to it); a file that cannot be written is a usage error naming it.
    private func writeSummary(_ text: String, to file: String) throws {
        guard let handle = FileHandle(forWritingAtPath: file) ?? (FileManager.default.createFile(atPath: file, contents: nil) ? FileHandle(forWritingAtPath: file) : nil) else {
            throw ValidationError("could not write the summary to \(TextSafety.escaped(file)); check the path and its permissions")
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

extension CheckFormat: ExpressibleByArgument {}
