import Foundation
import Testing
@testable import CatalogKit

/// A rebuild with a cache redoes only what a change touched, and produces the same site as a
/// build from scratch.
/// Paths whose bytes differ between two sites (or that only one has).
func differences(_ a: Site, _ b: Site) -> [String] {
    Set(a.files.keys).union(b.files.keys).filter { a[$0] != b[$0] }.sorted()
}

@Suite("Incremental builds")
struct BuildCacheTests {
    private func run(_ tree: SourceTree, cache: BuildCache?) -> PipelineResult {
        let searchPath = [Fixtures.repository.appendingPathComponent("themes").path]
        return Pipeline.run(tree, themes: { name, location in ThemeReader.read(name: name, searchPath: searchPath, location: location) }, cache: cache)
    }

    @Test func anUnchangedCatalogRendersNothingTwice() throws {
        let tree = try Fixtures.read(Fixtures.path("base"))
        let cache = BuildCache()
        let first = try #require(run(tree, cache: cache).site)
        #expect(cache.lastRun.pagesRendered == 2)
        let second = try #require(run(tree, cache: cache).site)
        #expect(cache.lastRun.pagesRendered == 0)
        #expect(cache.lastRun.componentsLoaded == 0)
        #expect(differences(second, first).isEmpty, "\(differences(second, first))")
    }

    @Test func aChangedComponentRerendersItselfAndThePagesThatShowIt() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let cache = BuildCache()
        _ = run(tree, cache: cache)
        var yaml = String(decoding: tree["components/beta/component.yaml"]!, as: UTF8.self)
        yaml = yaml.replacingOccurrences(of: "The fixture's checkbox.", with: "A renamed checkbox summary.")
        tree.set("components/beta/component.yaml", Array(yaml.utf8))

        let incremental = try #require(run(tree, cache: cache).site)
        #expect(cache.lastRun.componentsLoaded == 1)
        // beta itself, and alpha, which lists beta under related.
        #expect(cache.lastRun.pagesRendered == 2)
        let scratch = try #require(run(tree, cache: nil).site)
        #expect(differences(incremental, scratch).isEmpty, "\(differences(incremental, scratch))")
        #expect(incremental.text("index.html")?.contains("A renamed checkbox summary.") == true)
        #expect(incremental.text("components/alpha/index.html")?.contains("A renamed checkbox summary.") == true)
    }

    @Test func aTokenChangeRerendersEveryComponentPage() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let cache = BuildCache()
        _ = run(tree, cache: cache)
        let json = String(decoding: tree["tokens/base.tokens.json"]!, as: UTF8.self).replacingOccurrences(of: "#005CE5", with: "#0047B3")
        tree.set("tokens/base.tokens.json", Array(json.utf8))
        let site = try #require(run(tree, cache: cache).site)
        #expect(cache.lastRun.pagesRendered == 2)
        #expect(site.files.contains { $0.key.hasPrefix("assets/tokens.") && String(decoding: $0.value, as: UTF8.self).contains("#0047B3") })
    }

    @Test func errorsComeBackFromTheCacheToo() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        tree.set("components/beta/component.yaml", Array("name: Beta\nsumary: typo\n".utf8))
        let cache = BuildCache()
        let first = run(tree, cache: cache)
        let second = run(tree, cache: cache)
        #expect(first.diagnostics == second.diagnostics)
        #expect(second.diagnostics.contains { $0.rule == "schema.unknown-key" })
    }
}
