import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogImport
import CatalogScaffold
import CatalogTestSupport

/// `catalog-build new`: what it scaffolds builds with no diagnostics at all.
@Suite("Scaffolds")
struct ScaffoldTests {
    /// The default theme, compiled as the CLI reads it.
    static func defaultTheme() throws -> Theme {
        let (source, problems) = ThemeReader.read(name: "default", searchPath: [Fixtures.repository.appendingPathComponent("themes").path], location: SourceLocation(file: "test"))
        #expect(problems.isEmpty)
        return Theme.compile(LoadedTheme.load(try #require(source)).0).0
    }

    static let builtInKinds = ["switch", "labeled-toggle", "checkbox", "radio-group", "toggle-button", "control"]

    @Test func aNewCatalogBuildsCleanly() throws {
        let result = Fixtures.run(SourceTree(displayRoot: "new", texts: Scaffold.catalog(title: "Acme Controls")))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.site?["components/example-switch/index.html"] != nil)
        #expect(result.site?["guides/getting-started/index.html"] != nil)
    }

    @Test("a new component of each built-in kind builds cleanly", arguments: builtInKinds)
    func aNewComponentBuildsCleanly(kind: String) throws {
        let theme = try Self.defaultTheme()
        var files = Scaffold.catalog(title: "Acme")
        for (path, text) in try Scaffold.component(slug: "new-\(kind)", kind: theme.kinds[kind], symbols: theme.symbolNames) { files[path] = text }
        let result = Fixtures.run(SourceTree(displayRoot: "new", texts: files))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let page = try #require(result.site?.text("components/new-\(kind)/index.html"))
        #expect(page.contains("data-demo=\"\(kind)\""))
        #expect(page.contains("New \(kind.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))"))
    }

    @Test func aNewComponentWithoutAKindHasNoDemo() throws {
        var files = Scaffold.catalog(title: "Acme")
        for (path, text) in try Scaffold.component(slug: "page-header", kind: nil) { files[path] = text }
        #expect(!(files["components/page-header/component.yaml"] ?? "").contains("demo:"))
        let result = Fixtures.run(SourceTree(displayRoot: "new", texts: files))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let page = try #require(result.site?.text("components/page-header/index.html"))
        #expect(!page.contains("data-demo="))
    }

    @Test func aNewKindBuildsCleanlyInANewTheme() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("new-kind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in try Scaffold.kind("action-button", extends: "default") {
            let url = folder.appendingPathComponent("catalog/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (source, problems) = ThemeReader.read(name: "catalog", searchPath: [folder.path, Fixtures.repository.appendingPathComponent("themes").path], location: SourceLocation(file: "test"))
        #expect(problems.isEmpty, "\(problems)")
        let (theme, compileProblems) = Theme.compile(LoadedTheme.load(try #require(source)).0)
        #expect(compileProblems.isEmpty, "\(compileProblems)")
        let kind = try #require(theme.kinds["action-button"])
        var files = Scaffold.catalog(title: "Acme")
        files["catalog.yaml"] = Scaffold.settingTheme("catalog", in: files["catalog.yaml"]!)
        for (path, text) in try Scaffold.component(slug: "save", kind: kind, symbols: theme.symbolNames) { files[path] = text }
        let result = Fixtures.run(SourceTree(displayRoot: "new", texts: files), themeFolders: [folder.path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let page = try #require(result.site?.text("components/save/index.html"))
        #expect(page.contains("data-demo=\"action-button\""))
        #expect(page.contains("demos/action-button.") && page.contains(".js\" defer"))
        // Only the page that shows the kind loads its script.
        let other = result.site?.text("components/example-switch/index.html") ?? ""
        #expect(!other.contains("action-button"), "\(other.components(separatedBy: "\n").filter { $0.contains("action-button") })")
    }

    @Test func slugsAndNamesAreChecked() {
        #expect(throws: Scaffold.Failure.self) { try Scaffold.component(slug: "Bad Slug", kind: nil) }
        #expect(throws: Scaffold.Failure.self) { try Scaffold.kind("Bad Kind") }
        #expect(Scaffold.displayName("toggle-with-label") == "Toggle With Label")
        #expect(CatalogLoader.suggestedSlug("Ünïcode  Switch!") == "unicode-switch")
        #expect(CatalogLoader.suggestedSlug("../../Evil") == "evil")
        #expect(CatalogLoader.suggestedSlug("…") == "component")
        #expect(TokenImport.fileSafe("$themes") == "themes" && TokenImport.fileSafe("—") == "tokens")
        #expect(Scaffold.yamlString("Yes") == "\"Yes\"")
        #expect(Scaffold.yamlString("A: b") == "\"A: b\"")
        #expect(Scaffold.yamlString("Plain words") == "Plain words")
        #expect(Scaffold.settingTheme("mine", in: "title: A\ntheme: default\n") == "title: A\ntheme: mine\n")
        #expect(Scaffold.settingTheme("mine", in: "title: A\n") == "title: A\ntheme: mine\n")
    }
}
