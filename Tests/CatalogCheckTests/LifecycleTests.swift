import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogRender
import CatalogPipeline
import CatalogDiff
import CatalogMCP
import CatalogTestSupport

/// `lifecycle:` and `replacement:` in component.yaml (contract v3, "Lifecycle"): read and checked,
/// and carried into the component's data and Markdown; shown as a badge on the page, its cards,
/// the navigation and the dashboard (a deprecated page links its replacement); reported by `diff`.
@Suite("Component lifecycle")
struct LifecycleTests {
    private func run(_ alpha: String) -> PipelineResult {
        Fixtures.run(Fixtures.proseTree("Text.\n", extra: ["components/alpha/component.yaml": "name: Alpha\nsummary: First.\naccessibility: [{ requirement: Labelled }]\nstates: [{ name: Default }]\n" + alpha]))
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

    private func page(_ result: PipelineResult, _ path: String) -> String {
        result.site?.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func theBadgeIsOnThePageTheCardsTheNavigationAndTheDashboard() {
        let result = run("lifecycle: deprecated\nreplacement: beta\n")
        let alpha = page(result, "components/alpha/index.html")
        #expect(alpha.contains("<span class=\"page-status__label\">Lifecycle:</span> \n<span class=\"lifecycle lifecycle--deprecated\">Deprecated</span>") || alpha.contains("lifecycle lifecycle--deprecated\">Deprecated</span>"))
        #expect(alpha.contains("Use <a href=\"../beta/\">Beta</a> instead."), "the deprecated page links its replacement")
        #expect(page(result, "components/index.html").contains("lifecycle lifecycle--deprecated\">Deprecated</span>"))
        #expect(page(result, "index.html").contains("lifecycle lifecycle--deprecated\">Deprecated</span>"))
        #expect(page(result, "readiness/index.html").contains("lifecycle lifecycle--deprecated\">Deprecated</span>"))
        // The navigation marks every stage but stable.
        #expect(page(result, "guides/index.html").contains("Alpha <span class=\"lifecycle lifecycle--deprecated\">Deprecated</span></a>"))
        let stable = run("lifecycle: stable\n")
        #expect(!page(stable, "guides/index.html").contains("lifecycle--stable"))
        #expect(page(stable, "components/alpha/index.html").contains("lifecycle lifecycle--stable\">Stable</span>"))
        #expect(!page(run(""), "components/alpha/index.html").contains("class=\"lifecycle "))
    }

    @Test func diffReportsALifecycleChange() {
        func side(_ alpha: String) -> CatalogDiff.Side {
            let tree = Fixtures.proseTree("Text.\n", extra: ["components/alpha/component.yaml": "name: Alpha\nsummary: First.\naccessibility: [{ requirement: Labelled }]\nstates: [{ name: Default }]\n" + alpha])
            return CatalogDiff.Side(result: Fixtures.run(tree), tree: tree, label: "x")
        }
        let deprecated = CatalogDiff.componentChanges(base: side("lifecycle: stable\n"), head: side("lifecycle: deprecated\nreplacement: beta\n"))
        let change = deprecated.first { $0.area == "lifecycle" }
        #expect(change?.impact == .notable && change?.message == "lifecycle stable → deprecated; use beta instead" && change?.location?.line == 5, "\(deprecated)")
        let promoted = CatalogDiff.componentChanges(base: side("lifecycle: beta\n"), head: side("lifecycle: stable\n"))
        #expect(promoted.contains { $0.area == "lifecycle" && $0.impact == .minor && $0.before == "beta" && $0.after == "stable" })
        #expect(!CatalogDiff.componentChanges(base: side("lifecycle: beta\n"), head: side("lifecycle: beta\n")).contains { $0.area == "lifecycle" })
    }
}
