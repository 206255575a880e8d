import ArgumentParser
import Foundation
import CatalogCore
import CatalogPipeline
import CatalogOutput
import CatalogSnapshot

/// `catalog-build snapshot`: draw every example and state, compare with the approved images.
struct Snapshot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw every example and state in headless Chromium and compare them with the approved images.",
        discussion: """
            Each demo example and each state of the state gallery is drawn at every width, scheme \
            and token mode of `snapshots:` in catalog.yaml (and right to left where its kind \
            mirrors), cropped to the example, and compared with its approved image in the \
            snapshots folder: changed (snapshot.changed, with the share of changed pixels), new \
            (snapshot.new) and no longer drawn (snapshot.missing) are diagnostics at the example's \
            line, in the formats of `check`. An image whose inputs (the component's files, the \
            theme, the tokens it uses, the browser) did not change since it was approved is not \
            drawn again. --update approves what was drawn. A review page with approved, new and \
            difference images side by side is written to <output>/snapshots/index.html. Needs \
            Debian's chromium package (or CATALOG_BUILD_CHROMIUM). Exit status as for check.
            """
    )

    @OptionGroup var catalog: CatalogOptions

    @Option(name: .long, help: ArgumentHelp("Where the review page is written (its snapshots/ folder).", valueName: "dir"))
    var output = "public"

    @Flag(name: .long, help: "Approve: write every drawn image into the snapshots folder and remove the ones no longer drawn.")
    var update = false

    @Option(name: .long, help: ArgumentHelp("Output format: text, json, github or sarif.", valueName: "format"))
    var format: CheckFormat = .text

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Draw (and with --update, approve) only these: a component (SLUG), an example or state (SLUG/EXAMPLE, its title or folder) or one image (SLUG/EXAMPLE@WIDTH-SCHEME[-MODE], as the approved file is named).", valueName: "selector"))
    var only: [String] = []

    @Option(name: .long, help: ArgumentHelp("Seconds a page may take to load and settle.", valueName: "seconds"))
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
            FileHandle.standardError.write(Data("The catalog does not build, so nothing was drawn; fix the errors above (`catalog-build check`).\n".utf8))
            throw ExitCode(1)
        }
        var selectors: [SnapshotSelector] = []
        for text in only {
            guard let selector = SnapshotSelector(text) else {
                throw ValidationError("--only takes SLUG, SLUG/EXAMPLE or SLUG/EXAMPLE@WIDTH-SCHEME[-MODE], not '\(TextSafety.escaped(text))'")
            }
            selectors.append(selector)
        }
        let unknown = selectors.filter { built.component($0.component) == nil }.map(\.component)
        if !unknown.isEmpty {
            throw ValidationError("--only names no component '\(unknown.map { TextSafety.escaped($0) }.joined(separator: "', '"))'; use the slugs of components/<slug>/")
        }
        var options = SnapshotRun.Options(catalogFolder: catalog.source, output: output)
        options.update = update
        options.only = selectors
        options.timeout = timeout
        // SIGINT or SIGTERM ends the browser (and all it forked) and removes the site copy and
        // the browser's profile before the process exits. The site copy may still be in its
        // staging folder: that is taken away first (renamed, so a writer cannot refill it or
        // move it into place), then the copy's own folder, should it have been moved there.
        let interrupts = InterruptCleanup.install(cleanup: { SiteStaging.discardActiveBuilds(); SnapshotCleanup.discardInterrupted() },
                                                  interrupted: { SnapshotCleanup.wasInterrupted || SiteStaging.wasInterrupted },
                                                  message: "Interrupted; the browser was ended and its temporary files removed.")
        defer { interrupts.cancel() }
        let outcome = SnapshotRun.run(catalog: built, theme: theme, site: site, options: options)
        interrupts.awaitExitIfInterrupted()
        if let failure = outcome.failure {
            FileHandle.standardError.write(Data("catalog-build: error: \(failure)\n".utf8))
            throw ExitCode(1)
        }
        Reports.write(findings: outcome.diagnostics, suppressed: [], as: format, to: .standardOutput)
        var summary = outcome.summary
        if let page = outcome.reviewPage { summary += "; review page: \(page)" }
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        if outcome.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
