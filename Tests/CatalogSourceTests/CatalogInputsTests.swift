import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogPipeline
import CatalogTestSupport

/// What catalog.yaml says to read beside the catalog (`theme:`, `code:`, `web:`,
/// `screenshots:`) has one reader, `CatalogInputs`: the source layer reads exactly what the
/// settings accept, so one mistake in those keys is one error, never a second one about a folder
/// the reader went looking for.
@Suite("catalog.yaml's inputs, read once")
struct CatalogInputsTests {
    static func catalog(_ settings: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("components/alpha"), withIntermediateDirectories: true)
        try settings.write(to: folder.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        try "name: Alpha\nsummary: First.\n".write(to: folder.appendingPathComponent("components/alpha/component.yaml"), atomically: true, encoding: .utf8)
        try "## Usage\n\nText.\n".write(to: folder.appendingPathComponent("components/alpha/index.md"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aCodeFolderTheSettingsRejectIsNeverRead() throws {
        let folder = try Self.catalog("title: T\ncode:\n  swiftui: \"   \"\n  compose: [\"../ok\"]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = try CatalogReader.read(folder.path, displayRoot: "cat")
        #expect(tree.code.folders.map(\.written) == ["../ok"], "only the folder the settings accept is looked for")
        let result = Pipeline.run(tree)
        let codeProblems = result.diagnostics.filter { $0.location.file == "cat/catalog.yaml" && $0.severity == .error }
        #expect(codeProblems.count == 2, "the blank path at its line, and the missing ../ok: \(codeProblems)")
        #expect(codeProblems.contains { $0.location.line == 3 && $0.message.contains("must name a folder") })
    }

    @Test func theSourceAndTheSettingsReadTheSameNames() throws {
        let folder = try Self.catalog("title: T\ntheme: default\nweb:\n  styles: ../web/a.css\n  scripts: [../web/b.js]\nscreenshots:\n  swiftui: ../shots\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = try CatalogReader.read(folder.path, displayRoot: "cat")
        let inputs = CatalogInputs(settings: tree.files["catalog.yaml"], file: "cat/catalog.yaml")
        #expect(inputs.themeFolder?.value == "default")
        #expect(tree.web.entries.map(\.written) == ["../web/a.css", "../web/b.js"])
        #expect(tree.screenshots.folders.map(\.written) == ["../shots"])
        let settings = try #require(Pipeline.run(tree).catalog?.settings)
        #expect(settings.web?.styles.map(\.value) == ["../web/a.css"] && settings.screenshots?.folders.map(\.folder.value) == ["../shots"])
        // A theme that could not be a folder's name is not looked for anywhere.
        let bad = try Self.catalog("title: T\ntheme: ../elsewhere\n")
        defer { try? FileManager.default.removeItem(at: bad) }
        #expect(CatalogInputs(settings: Array("title: T\ntheme: ../elsewhere\n".utf8), file: "c").themeFolder == nil)
    }
}
