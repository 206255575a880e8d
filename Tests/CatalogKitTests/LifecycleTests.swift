import Foundation
import Testing
@testable import CatalogKit

/// `lifecycle:` and `replacement:` in component.yaml (contract v3, "Lifecycle"): read and checked,
/// and carried into the component's data and Markdown. (The badges on the pages are #27's.)
@Suite("Component lifecycle")
struct LifecycleTests {
    private func run(_ alpha: String) -> PipelineResult {
        Fixtures.run(HostileInputTests.proseTree("Text.\n", extra: ["components/alpha/component.yaml": "name: Alpha\nsummary: First.\naccessibility: [{ requirement: Labelled }]\nstates: [{ name: Default }]\n" + alpha]))
    }

    @Test func aDeprecatedComponentNamesAnExistingReplacement() throws {
        let good = run("lifecycle: deprecated\nreplacement: beta\n")
        #expect(!good.diagnostics.contains { $0.severity == .error }, "\(good.diagnostics)")
        let catalog = try #require(good.catalog)
        let query = try CatalogQuery(good)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(try query.component("alpha", markdown: false).utf8)) as? [String: Any])
        #expect(data["lifecycle"] as? String == "deprecated" && data["replacement"] as? String == "beta")
        #expect(try query.component("alpha", markdown: true).contains("Lifecycle: deprecated; use [Beta](../beta/index.md) instead"))
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(try query.components(lifecycle: "deprecated").utf8)) as? [[String: Any]])
        #expect(listed.map { $0["slug"] as? String } == ["alpha"])
        #expect(catalog.component("beta")?.lifecycle == nil)
        #expect(throws: CatalogQuery.Failure.self) { try query.components(lifecycle: "retired") }
    }

    @Test func eachMistakeIsAnErrorAtItsLine() {
        let cases: [(String, String, Int, String)] = [
            ("lifecycle: retired\n", "schema.enum", 5, "experimental, alpha, beta, stable, deprecated"),
            ("lifecycle: deprecated\n", "schema.missing-key", 5, "replacement"),
            ("lifecycle: deprecated\nreplacement: gamma\n", "ref.component", 6, "not a component"),
            ("lifecycle: deprecated\nreplacement: alpha\n", "ref.component", 6, "names itself"),
        ]
        for (written, rule, line, words) in cases {
            let result = run(written)
            let found = result.diagnostics.first { $0.rule == rule && $0.severity == .error }
            #expect(found?.location.line == line && found?.message.contains(words) == true, "\(written): \(result.diagnostics)")
        }
    }
}
