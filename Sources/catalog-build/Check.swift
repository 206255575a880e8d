import ArgumentParser
import CatalogKit
import Foundation

/// `catalog-build check`: run the whole pipeline, write nothing, report every problem.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the catalog and report every problem; nothing is written.",
        discussion: """
            Exit status: 0 when there are no errors (and, with --strict, no warnings), 1 otherwise, \
            2 for a usage error. Formats: text (file:line:col: severity: message [rule], for \
            editors), json (an array of objects), github (workflow commands that annotate a pull request).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github
    }

    @OptionGroup var catalog: CatalogOptions

    @Option(name: .long, help: ArgumentHelp("Output format: text, json or github.", valueName: "format"))
    var format: Format = .text

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
                let ruleProblems = problems.filter { $0.rule.hasPrefix("rule.") }
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
        let result = Pipeline.run(tree, options: catalog.loadOptions, themes: Pipeline.diskThemes(forCatalog: catalog.source), pages: .scannedOnly)
        let diagnostics = result.diagnostics
        let output = FileHandle.standardOutput
        switch format {
        case .text:
            DiagnosticPrinter.print(diagnostics, to: output, summaryWhenClean: true)
        case .json:
            // Silenced findings are listed here, with their reasons, and nowhere else.
            output.write(Data(DiagnosticFormat.json((diagnostics + result.suppressed).sortedForDisplay()).utf8))
        case .github:
            output.write(Data(DiagnosticFormat.githubAll(diagnostics).utf8))
        }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing { throw ExitCode(1) }
    }
}
