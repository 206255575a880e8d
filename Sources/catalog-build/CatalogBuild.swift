import ArgumentParser
import Foundation
import Logging
import CatalogRender
import CatalogLoad
import CatalogCode

@main
struct CatalogBuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog-build",
        abstract: "Builds an accessible documentation site from a design-system component catalog.",
        discussion: """
            A catalog is a folder with catalog.yaml, tokens/*.tokens.json, components/<slug>/ \
            (index.md + component.yaml) and guides/*.md. See README.md for the content format.
            """,
        version: SiteRenderer.version,
        subcommands: [Build.self, Check.self, Serve.self, New.self, Diff.self, Snapshot.self, Audit.self, Tokens.self, MCPCommand.self, SwiftReader.self],
        defaultSubcommand: nil
    )

    /// Parses the command line and runs it. Usage errors exit with 2, as tools for CI do.
    static func main() async {
        LoggingSystem.bootstrap { label in ConsoleLogHandler(label: label) }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                // ArgumentParser says 64; usage errors exit with 2 here.
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `catalog-build swift-reader`: the child process that parses the team's Swift files for the
/// others (`SwiftReaderProcess`), so a file that crashes or hangs the parser ends only it. Not
/// for people to run; it is not listed in the help.
struct SwiftReader: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "swift-reader", shouldDisplay: false)

    func run() throws {
        Foundation.exit(SwiftReaderProcess.serve())
    }
}
