import ArgumentParser
import Foundation
import CatalogCore
import CatalogPipeline
import CatalogOutput
import CatalogSnapshot

/// `catalog-build audit`: record accessibility evidence from every example in headless Chromium.
struct Audit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Audit every example and state in headless Chromium and record the accessibility evidence.",
        discussion: """
            Each demo example and state is loaded at every width of `snapshots:` and at 320 px, \
            in every scheme and combination of token modes, as `snapshot` draws them, and checked: \
            axe-core's WCAG 2.2 A and AA rules, target sizes (2.5.8), focus visibility (2.4.7), \
            the kind's keyboard contract pressed and observed (2.1.1) and reflow at 320 px \
            (1.4.10). The results go to <conformance.evidence>/results.json in the catalog, keyed \
            by the inputs each component's audit saw: commit it, and `build` shows each \
            criterion's result without a browser and says when a result is stale. A component \
            whose inputs did not change is not audited again (--force audits all). Failures are \
            diagnostics (conformance.fails) at the example's line, in the formats of `check`. \
            Needs Debian's chromium package (or CATALOG_BUILD_CHROMIUM). Exit status as for check.
            """
    )

    @OptionGroup var catalog: CatalogOptions

    @Option(name: .long, help: ArgumentHelp("Output format: text, json, github or sarif.", valueName: "format"))
    var format: CheckFormat = .text

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Audit only these components (their slugs); the others' results are kept.", valueName: "slug"))
    var only: [String] = []

    @Flag(name: .long, help: "Audit every component, even those whose inputs did not change since their results.")
    var force = false

    @Option(name: .long, help: ArgumentHelp("Seconds a page may take to load and answer.", valueName: "seconds"))
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout is a number of seconds from 1 to 600") }
    }

    func run() async throws {
        let tree = try catalog.readTree()
        let result = Pipeline.run(tree, options: catalog.loadOptions, pages: .kept)
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let built = result.catalog, let theme = result.theme, let site = result.site else {
            Reports.write(findings: errors.isEmpty ? result.diagnostics : errors, suppressed: [], as: format, to: .standardOutput)
            FileHandle.standardError.write(Data("The catalog does not build, so nothing was audited; fix the errors above (`catalog-build check`).\n".utf8))
            throw ExitCode(1)
        }
        let unknown = only.filter { built.component($0) == nil }
        if !unknown.isEmpty {
            throw ValidationError("--only names no component '\(unknown.map { TextSafety.escaped($0) }.joined(separator: "', '"))'; use the slugs of components/<slug>/")
        }
        var options = AuditRun.Options(catalogFolder: catalog.source)
        options.only = Set(only)
        options.force = force
        options.timeout = timeout
        let interrupts = InterruptCleanup.install(cleanup: { SiteStaging.discardActiveBuilds(); SnapshotCleanup.discardInterrupted() },
                                                  interrupted: { SnapshotCleanup.wasInterrupted || SiteStaging.wasInterrupted },
                                                  message: "Interrupted; the browser was ended and its temporary files removed.")
        defer { interrupts.cancel() }
        let outcome = AuditRun.run(catalog: built, theme: theme, site: site, options: options)
        interrupts.awaitExitIfInterrupted()
        if let failure = outcome.failure {
            FileHandle.standardError.write(Data("catalog-build: error: \(failure)\n".utf8))
            throw ExitCode(1)
        }
        Reports.write(findings: outcome.diagnostics, suppressed: [], as: format, to: .standardOutput)
        var summary = outcome.summary
        if let file = outcome.resultsFile { summary += "; results: \(file)" }
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        if outcome.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
