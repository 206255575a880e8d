import ArgumentParser
import Foundation
import CatalogModel
import CatalogLoad
import CatalogOutput
import CatalogDiff
import CatalogCore
import CatalogPipeline
import CatalogSnapshot
import CatalogSource

/// `catalog-build diff`: what a change does to the design system.
struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain what a change does to the design system: tokens, components, contrast and problems.",
        discussion: """
            Compares the catalog at --base (default: HEAD, or the merge base with the default branch \
            when on another branch) with --head (default: the working tree). Revisions are read with \
            git, never by changing the checkout. Exit status: 1 when --fail-on finds what it names, \
            0 otherwise, 2 for a usage error (not a git repository, an unknown revision).
            """
    )

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case breaking, any, none
    }

    @Option(name: .long, help: ArgumentHelp("The catalog folder.", valueName: "dir"))
    var source = "content"

    @Option(name: .long, help: ArgumentHelp("The revision to compare from (default: HEAD, or the merge base with the default branch).", valueName: "rev"))
    var base: String?

    @Option(name: .long, help: ArgumentHelp("The revision to compare to (default: the working tree).", valueName: "rev"))
    var head: String?

    @Option(name: .long, help: ArgumentHelp("Output format: text, json, github or markdown.", valueName: "format"))
    var format: DiffFormat = .text

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 on breaking changes, on any change, or never.", valueName: "breaking|any|none"))
    var failOn: FailOn = .none

    @Flag(name: .long, help: "Include pages marked `draft: true` on both sides.")
    var drafts = false

    @Flag(name: .long, help: "Also draw every example (as `snapshot` does) and report what looks different from the approved images, with a review page.")
    var snapshots = false

    @Option(name: .long, help: ArgumentHelp("With --snapshots: where the review page is written (its snapshots/ folder).", valueName: "dir"))
    var output = "public"

    func validate() throws {
        if snapshots, head != nil { throw ValidationError("--snapshots draws the working tree; leave out --head (check out the revision to draw it)") }
    }

    func run() async throws {
        let changes: CatalogChanges
        do {
            changes = try ChangeAnalysis.run(source: source, base: base, head: head, options: LoadOptions(includeDrafts: drafts))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        FileHandle.standardOutput.write(Data(Reports.text(of: changes, as: format).utf8))
        var looksDifferent = false
        if snapshots {
            looksDifferent = try drawSnapshots()
        }
        switch failOn {
        case .breaking where changes.hasBreaking, .any where !changes.changes.isEmpty || looksDifferent:
            throw ExitCode(1)
        default:
            break
        }
    }

    /// The working tree's images against the approved ones: the findings after the change
    /// report (a section of its own in Markdown, linking the review page). True when an image
    /// changed, is new or is missing.
    private func drawSnapshots() throws -> Bool {
        let tree: SourceTree
        do { tree = try CatalogReader.read(source) } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let result = Pipeline.run(tree, options: LoadOptions(includeDrafts: drafts), pages: .kept)
        guard let catalog = result.catalog, let theme = result.theme, let site = result.site, !result.diagnostics.contains(where: { $0.severity == .error }) else {
            FileHandle.standardOutput.write(Data("\nSnapshots: not drawn, because the working tree's catalog does not build (`catalog-build check`).\n".utf8))
            return true
        }
        let outcome = SnapshotRun.run(catalog: catalog, theme: theme, site: site, options: SnapshotRun.Options(catalogFolder: source, output: output))
        let findings = outcome.diagnostics
        switch format {
        case .markdown:
            var text = "\n## What it looks like\n\n\(outcome.summary).\n"
            if let page = outcome.reviewPage { text += "\nThe review page shows each changed image approved, new and as a difference: [\(page)](\(page)).\n" }
            if !findings.isEmpty {
                let lines: [String] = findings.prefix(50).map { (finding: Diagnostic) -> String in
                    "- `" + finding.location.file + ":" + String(finding.location.line) + "` " + finding.message
                }
                text += "\n" + lines.joined(separator: "\n") + "\n"
                if findings.count > 50 { text += "- and \(findings.count - 50) more\n" }
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        case .json:
            // The change report is the JSON document; the images' findings go to standard error.
            DiagnosticPrinter.print(findings, to: .standardError)
        case .text, .github:
            FileHandle.standardOutput.write(Data("\n".utf8))
            Reports.write(findings: findings, suppressed: [], as: format == .github ? .github : .text, to: .standardOutput)
            var line = outcome.summary
            if let page = outcome.reviewPage { line += "; review page: \(page)" }
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        return outcome.changed + outcome.new + outcome.missing > 0 || findings.contains { $0.severity == .error }
    }
}

extension DiffFormat: ExpressibleByArgument {}
