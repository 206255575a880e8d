import Foundation
import Testing
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogSiteCheck
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogImport
import CatalogPublish
import CatalogScaffold

/// The rule catalogue, the code and the README agree.
@Suite("Rule catalogue")
struct RuleCatalogueTests {
    @Test func theReadmeTableIsTheGeneratedOne() throws {
        let readme = try String(contentsOf: Fixtures.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin"))
        let start = try #require(readme[begin.upperBound...].range(of: "-->\n")).upperBound
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        #expect(String(readme[start..<end.lowerBound]) == RuleCatalogue.markdownTable(), "regenerate the table with `catalog-build check --list-rules`")
    }

    @Test func everyRuleTheCodeReportsIsCataloguedAndEveryCataloguedRuleIsUsed() throws {
        let sources = Fixtures.repository.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: #""((?:yaml|json|schema|file|slug|markdown|token|ref|link|contrast|lint|template|theme|option|kind|demo|text|rule|site|guide|code|readiness)\.[a-z-]+)""#)
        var used = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasSuffix("RuleCatalogue.swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                used.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        // Strings that look like rule ids but are file names or keys.
        used.subtract(["markdown.unsafe", "theme.yaml", "demo.examples", "demo.kind", "readiness.criteria", "readiness.statuses", "readiness.json", "readiness.csv"])
        let catalogued = Set(RuleCatalogue.all.map(\.id))
        #expect(used.subtracting(catalogued).isEmpty, "not in RuleCatalogue: \(used.subtracting(catalogued).sorted())")
        #expect(catalogued.subtracting(used).isEmpty, "catalogued but never reported: \(catalogued.subtracting(used).sorted())")
        #expect(catalogued.count == RuleCatalogue.all.count, "an id is listed twice")
        for rule in RuleCatalogue.all {
            #expect(["error", "warning", "info", "error / warning"].contains(rule.severity), "\(rule.id)")
        }
    }
}
