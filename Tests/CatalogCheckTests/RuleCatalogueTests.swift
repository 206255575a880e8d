import Foundation
import Testing
import CatalogCore
import CatalogLoad
import CatalogRender
import CatalogTestSupport

/// The rule catalogue, the code and the documentation (docs/diagnostics.md) agree.
@Suite("Rule catalogue")
struct RuleCatalogueTests {
    /// The case name of a rule id: `link.broken` → `linkBroken`.
    static func caseName(_ id: RuleID) -> String {
        let parts = id.rawValue.split(whereSeparator: { $0 == "." || $0 == "-" })
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    @Test func theReadmeTableIsTheGeneratedOne() throws {
        let readme = try String(contentsOf: Fixtures.repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin"))
        let start = try #require(readme[begin.upperBound...].range(of: "-->\n")).upperBound
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        #expect(String(readme[start..<end.lowerBound]) == RuleCatalogue.markdownTable(), "regenerate the table with `catalog-build check --list-rules`")
    }

    /// An unknown id cannot be reported (the compiler holds `RuleID`); every rule of the
    /// catalogue is reported somewhere in the code (`.caseName`).
    @Test func everyCataloguedRuleIsUsed() throws {
        let sources = Fixtures.repository.appendingPathComponent("Sources")
        var text = ""
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasSuffix("RuleCatalogue.swift") else { continue }
            text += try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
        }
        let unused = RuleID.allCases.filter { !text.contains(".\(Self.caseName($0))") }
        #expect(unused.isEmpty, "catalogued but never reported: \(unused)")
        #expect(Set(RuleCatalogue.all.map(\.id)).count == RuleCatalogue.all.count, "an id is listed twice")
        for rule in RuleCatalogue.all {
            #expect(["error", "warning", "info", "error / warning"].contains(rule.severity), "\(rule.id)")
        }
    }
}
