import ArgumentParser
import CatalogKit
import Foundation

/// `catalog-build new`: scaffold a component or a whole catalog that builds cleanly.
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a new component or a new catalog from a template that builds cleanly.",
        subcommands: [NewComponent.self, NewCatalog.self]
    )
}

extension DemoKind: ExpressibleByArgument {}

struct NewComponent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "component",
        abstract: "Add components/<slug>/ (index.md and component.yaml) to a catalog."
    )

    @Argument(help: ArgumentHelp("The component's folder name: lowercase letters, digits and '-'.", valueName: "slug"))
    var slug: String

    @Option(name: .long, help: ArgumentHelp("The demo kind: \(DemoKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
    var kind: DemoKind

    @Option(name: .long, help: ArgumentHelp("The display name (default: from the slug).", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("The catalog folder.", valueName: "dir"))
    var source = "content"

    func run() async throws {
        let files: [String: String]
        do {
            files = try Scaffold.component(slug: slug, kind: kind, name: name)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        guard FileManager.default.fileExists(atPath: source + "/catalog.yaml") else {
            FileHandle.standardError.write(Data("error: \(source)/ has no catalog.yaml; create a catalog first with `catalog-build new catalog \(source)` or pass --source\n".utf8))
            throw ExitCode(1)
        }
        let folder = source + "/components/" + slug
        guard !FileManager.default.fileExists(atPath: folder) else {
            FileHandle.standardError.write(Data("error: \(folder)/ already exists; choose another slug\n".utf8))
            throw ExitCode(1)
        }
        try ScaffoldWriter.write(files, into: source)
        print("Created \(folder)/component.yaml and \(folder)/index.md.")
        print("Next: fill in the summary and the prose, then run `catalog-build check --source \(source)`.")
    }
}

struct NewCatalog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Create a minimal catalog: catalog.yaml, a token file, one component and one guide."
    )

    @Argument(help: ArgumentHelp("The folder to create (it must not exist or be empty).", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: ArgumentHelp("The catalog's title.", valueName: "title"))
    var title = "Design System"

    func run() async throws {
        let manager = FileManager.default
        if let contents = try? manager.contentsOfDirectory(atPath: directory), !contents.isEmpty {
            FileHandle.standardError.write(Data("error: \(directory)/ is not empty; choose a new folder\n".utf8))
            throw ExitCode(1)
        }
        try ScaffoldWriter.write(Scaffold.catalog(title: title), into: directory)
        print("Created a catalog in \(directory)/.")
        print("Next: `catalog-build serve --source \(directory)` to preview it, or `catalog-build build --source \(directory)`.")
    }
}

enum ScaffoldWriter {
    static func write(_ files: [String: String], into folder: String) throws {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                let message = FileSystemMessage.sentence("could not create", folder + "/" + path, error: error, advice: "choose another folder")
                FileHandle.standardError.write(Data("error: \(message)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
