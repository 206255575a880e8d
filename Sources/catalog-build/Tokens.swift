import ArgumentParser
import Foundation
import CatalogCore
import CatalogModel
import CatalogOutput
import CatalogImport

/// `catalog-build tokens`: work on token files.
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work on design-token files.",
        subcommands: [TokensImport.self]
    )
}

/// `catalog-build tokens import SOURCE… [--to DIR]`: Tokens Studio, Style Dictionary 3 and JSON5
/// files → W3C DTCG 2025.10 files (and a resolver document for Tokens Studio themes).
struct TokensImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert Tokens Studio, Style Dictionary 3 and JSON5 token files into DTCG 2025.10 files.",
        discussion: """
            A Tokens Studio folder (a file per token set, $metadata.json, $themes.json) or single-file \
            export, in its own format or its DTCG format, becomes a file per set and, with themes, \
            tokens.resolver.json whose modifiers are the theme groups (source sets first, then enabled \
            sets, in each theme's order). Arithmetic, colour modifiers and rgba({colour}, alpha) are \
            computed as Tokens Studio computes them, per theme where the result depends on one. Style \
            Dictionary 3 files (value, type, comment) and JSON5 files become one .tokens.json each; \
            DTCG files are copied (Primer's alpha applied, $alias made a reference); resolver \
            documents are copied with their $refs pointed at the converted files. Tokens keep the \
            order they were written in. What cannot be converted is listed with the reason, and \
            recorded in the file so check can name it.
            """
    )

    @Argument(help: ArgumentHelp("Token files or folders to convert.", valueName: "source"))
    var sources: [String]

    @Option(name: .long, help: ArgumentHelp("The folder to write the DTCG files to.", valueName: "dir"))
    var to = "content/tokens"

    @Flag(name: .long, help: "Replace files of the same name in the target folder.")
    var force = false

    @Option(name: .long, help: ArgumentHelp("The unit a bare number in a dimension takes: rem or px. Without it, the source tool's convention: px for Tokens Studio, rem for Style Dictionary 3 (whose css and web transforms make sizes rem). Every number given a unit is listed.", valueName: "unit"))
    var unitless: Unitless?

    enum Unitless: String, ExpressibleByArgument, CaseIterable {
        case rem, px
    }

    func run() async throws {
        var result = TokenImport.run(sources, options: TokenImport.Options(unitless: unitless?.rawValue))
        // Token files already in the folder (the example's, in a new catalog) stay loaded.
        TokenImport.keepLoaded(existing: (try? FileManager.default.contentsOfDirectory(atPath: to)) ?? [], in: &result)
        for note in result.notes { FileHandle.standardError.write(Data("\(TextSafety.escaped(note))\n".utf8)) }
        guard !result.files.isEmpty else {
            FileHandle.standardError.write(Data("error: nothing could be converted\n".utf8))
            throw ExitCode(1)
        }
        let manager = FileManager.default
        if let refusal = TokenImport.refusal(to: to) {
            FileHandle.standardError.write(Data("error: \(refusal)\n".utf8))
            throw ExitCode(1)
        }
        // Looked at without following links: a link (even one that leads nowhere) in the target
        // folder is something that exists, and with --force it is replaced, never written through.
        func exists(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0
        }
        if !force, let clash = result.files.first(where: { exists(to + "/" + $0.name) }) {
            FileHandle.standardError.write(Data("error: \(TextSafety.escaped(to))/\(clash.name) already exists; pass --force to replace it, or choose another folder with --to\n".utf8))
            throw ExitCode(1)
        }
        do {
            try manager.createDirectory(atPath: to, withIntermediateDirectories: true)
            for file in result.files {
                let path = to + "/" + file.name
                // What is there (a file, or a link: --force agreed) is replaced; a new file is
                // then made with O_EXCL, which never follows a link.
                if exists(path) { try manager.removeItem(atPath: path) }
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(FileSystemMessage.sentence("could not write to", to, error: error, advice: "choose another folder with --to"))\n".utf8))
            throw ExitCode(1)
        }
        let inline = result.inline > 0 ? " (and \(result.inline) token\(result.inline == 1 ? "" : "s") written inline in resolver documents, copied as they were)" : ""
        print("Converted \(result.converted) token\(result.converted == 1 ? "" : "s")\(inline) into \(result.files.count) file\(result.files.count == 1 ? "" : "s") in \(to)/: \(result.files.map(\.name).joined(separator: ", "))" + (result.skipped > 0 ? "; \(result.skipped) could not be converted (listed above)." : "."))
    }
}
