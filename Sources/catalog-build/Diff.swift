import ArgumentParser
import Foundation
import CatalogModel
import CatalogLoad
import CatalogOutput
import CatalogDiff

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

    func run() async throws {
        let changes: CatalogChanges
        do {
            changes = try ChangeAnalysis.run(source: source, base: base, head: head, options: LoadOptions(includeDrafts: drafts))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        FileHandle.standardOutput.write(Data(Reports.text(of: changes, as: format).utf8))
        switch failOn {
        case .breaking where changes.hasBreaking, .any where !changes.changes.isEmpty:
            throw ExitCode(1)
        default:
            break
        }
    }
}

extension DiffFormat: ExpressibleByArgument {}
