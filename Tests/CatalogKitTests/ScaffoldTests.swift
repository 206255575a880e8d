import Testing
@testable import CatalogKit

/// `catalog-build new`: what it scaffolds builds with no diagnostics at all.
@Suite("Scaffolds")
struct ScaffoldTests {
    @Test func aNewCatalogBuildsCleanly() throws {
        let result = Fixtures.run(SourceTree(displayRoot: "new", texts: Scaffold.catalog(title: "Acme Controls")))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.site?["components/example-switch/index.html"] != nil)
        #expect(result.site?["guides/getting-started/index.html"] != nil)
    }

    @Test("a new component of each kind builds cleanly", arguments: DemoKind.allCases)
    func aNewComponentBuildsCleanly(kind: DemoKind) throws {
        var files = Scaffold.catalog(title: "Acme")
        for (path, text) in try Scaffold.component(slug: "new-\(kind.rawValue)", kind: kind) { files[path] = text }
        let result = Fixtures.run(SourceTree(displayRoot: "new", texts: files))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let page = try #require(result.site?.text("components/new-\(kind.rawValue)/index.html"))
        #expect(page.contains("data-demo=\"\(kind.rawValue)\""))
        #expect(page.contains("New \(kind.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))"))
    }

    @Test func slugsAndNamesAreChecked() {
        #expect(throws: Scaffold.Failure.self) { try Scaffold.component(slug: "Bad Slug", kind: .switch) }
        #expect(Scaffold.displayName("toggle-with-label") == "Toggle With Label")
        #expect(Scaffold.yamlString("Yes") == "\"Yes\"")
        #expect(Scaffold.yamlString("A: b") == "\"A: b\"")
        #expect(Scaffold.yamlString("Plain words") == "Plain words")
    }
}
