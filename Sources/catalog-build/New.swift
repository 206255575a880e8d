import ArgumentParser
import Foundation
import CatalogCore
import CatalogModel
import CatalogOutput
import CatalogScaffold

/// `catalog-build new`: scaffold a component or a whole catalog that builds cleanly.
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a new component or a new catalog from a template that builds cleanly.",
        subcommands: [NewComponent.self, NewKind.self, NewCatalog.self]
    )
}

struct NewComponent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "component",
        abstract: "Add components/<slug>/ (index.md and component.yaml) to a catalog."
    )

    @Argument(help: ArgumentHelp("The component's folder name: lowercase letters, digits and '-'.", valueName: "slug"))
    var slug: String

    @Option(name: .long, help: ArgumentHelp("A demo kind the catalog's theme declares (the default theme declares alert, button, checkbox, control, dialog, labeled-toggle, progress, radio-group, select, slider, switch, tabs, text-field, toggle-button); leave it out for a component without a demo.", valueName: "kind"))
    var kind: String?

    @Option(name: .long, help: ArgumentHelp("The display name (default: from the slug).", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("The catalog folder.", valueName: "dir"))
    var source = "content"

    func run() async throws {
        guard FileManager.default.fileExists(atPath: source + "/catalog.yaml") else {
            FileHandle.standardError.write(Data("error: \(source)/ has no catalog.yaml; create a catalog first with `catalog-build new catalog \(source)` or pass --source\n".utf8))
            throw ExitCode(1)
        }
        var contract: DemoKind?
        var symbols: [String] = []
        if let kind {
            let catalogTheme = Scaffold.catalogTheme(source: source)
            guard let theme = catalogTheme.theme else {
                for problem in catalogTheme.diagnostics { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
                throw ExitCode(1)
            }
            guard let declared = theme.kinds[kind] else {
                let hint = DidYouMean.hint(for: kind, in: theme.kindNames)
                FileHandle.standardError.write(Data("error: the theme '\(catalogTheme.name)' declares no kind '\(kind)'\(hint); it declares \(theme.kindNames.joined(separator: ", ")) (add one with `catalog-build new kind \(kind)`)\n".utf8))
                throw ExitCode(2)
            }
            contract = declared
            symbols = theme.symbolNames
        }
        let files: [String: String]
        do {
            files = try Scaffold.component(slug: slug, kind: contract, name: name, symbols: symbols)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
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

struct NewKind: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kind",
        abstract: "Add a demo kind (contract, template, script, stylesheet) to the catalog's own theme.",
        discussion: "When the catalog uses a theme shipped with the tool, a theme of its own that extends it is created in <dir>/themes/ and catalog.yaml is pointed at it."
    )

    @Argument(help: ArgumentHelp("The kind's name: lowercase letters, digits and '-'.", valueName: "name"))
    var name: String

    @Option(name: .long, help: ArgumentHelp("The catalog folder.", valueName: "dir"))
    var source = "content"

    @Option(name: .long, help: ArgumentHelp("The name of the theme to create when the catalog uses a built-in one.", valueName: "theme"))
    var theme = "catalog"

    @Option(name: .long, help: ArgumentHelp("Start from a copy of a kind the catalog's theme declares (switch, checkbox…) instead of a plain labelled button.", valueName: "kind"))
    var from: String?

    func run() async throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: source + "/catalog.yaml") else {
            FileHandle.standardError.write(Data("error: \(source)/ has no catalog.yaml; create a catalog first with `catalog-build new catalog \(source)` or pass --source\n".utf8))
            throw ExitCode(1)
        }
        do {
            // The theme's folder is made inside the catalog's themes/: its name may not lead out.
            try Scaffold.checkSlug(theme)
        } catch {
            FileHandle.standardError.write(Data("error: --theme \(error)\n".utf8))
            throw ExitCode(2)
        }
        let current = Scaffold.catalogTheme(source: source)
        guard let folder = current.folder, current.theme != nil else {
            for problem in current.diagnostics { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
            throw ExitCode(1)
        }
        if current.theme?.kinds[name] != nil, !current.isBuiltIn || manager.fileExists(atPath: "\(source)/themes/\(theme)/demos/\(name).yaml") {
            FileHandle.standardError.write(Data("error: the theme '\(current.name)' already declares the kind '\(name)'; choose another name\n".utf8))
            throw ExitCode(1)
        }
        if let from {
            guard let theme = current.theme, theme.kinds[from] != nil else {
                let names = current.theme?.kindNames ?? []
                FileHandle.standardError.write(Data("error: --from names '\(from)', which the theme '\(current.name)' does not declare\(DidYouMean.hint(for: from, in: names)); it declares \(names.joined(separator: ", "))\n".utf8))
                throw ExitCode(1)
            }
        }
        let files: [String: String]
        let themeFolder: String
        do {
            if let from {
                if current.isBuiltIn {
                    themeFolder = "\(source)/themes/\(theme)"
                    guard !manager.fileExists(atPath: themeFolder) else {
                        FileHandle.standardError.write(Data("error: \(themeFolder)/ already exists but catalog.yaml uses '\(current.name)'; set `theme: \(theme)` in catalog.yaml or pass --theme\n".utf8))
                        throw ExitCode(1)
                    }
                    files = try KindCopy.files(name, from: from, theme: current.theme!, extends: current.name)
                } else {
                    themeFolder = folder
                    files = try KindCopy.files(name, from: from, theme: current.theme!)
                }
            } else if current.isBuiltIn {
                themeFolder = "\(source)/themes/\(theme)"
                guard !manager.fileExists(atPath: themeFolder) else {
                    FileHandle.standardError.write(Data("error: \(themeFolder)/ already exists but catalog.yaml uses '\(current.name)'; set `theme: \(theme)` in catalog.yaml or pass --theme\n".utf8))
                    throw ExitCode(1)
                }
                files = try Scaffold.kind(name, extends: current.name)
            } else {
                themeFolder = folder
                files = try Scaffold.kind(name)
            }
        } catch let error as Scaffold.Failure {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        try ScaffoldWriter.write(files, into: themeFolder)
        if current.isBuiltIn {
            let catalogFile = source + "/catalog.yaml"
            let text = (try? String(contentsOfFile: catalogFile, encoding: .utf8)) ?? ""
            try Data(Scaffold.settingTheme(theme, in: text).utf8).write(to: URL(fileURLWithPath: catalogFile))
            print("Created the theme \(themeFolder)/ (extends \(current.name)) and set `theme: \(theme)` in \(catalogFile).")
        }
        print("Created the kind '\(name)': \(files.keys.filter { $0 != "theme.yaml" }.sorted().map { themeFolder + "/" + $0 }.joined(separator: ", ")).")
        print("Next: `catalog-build new component <slug> --kind \(name) --source \(source)`, then change the template, script and stylesheet to draw your control.")
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
        do {
            try Scaffold.checkOneLine(title, what: "The title")
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
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
