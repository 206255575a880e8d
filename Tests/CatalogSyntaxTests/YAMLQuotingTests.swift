import Foundation
import Testing
import Yams
import CatalogTestSupport

/// An unquoted comma inside `{ … }` cuts a value in two; the piece after it becomes a key with
/// no value. That is an error at the piece with the advice to quote the value, never a silent
/// loss (a platform text cut short) or a bare "unknown key".
@Suite("Unquoted commas in YAML flow mappings")
struct YAMLQuotingTests {
    @Test func aCutFreeKeyMapValueIsAnErrorThatSaysToQuote() throws {
        let tree = Fixtures.proseTree("Text.\n", extra: [
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\nproperties:\n  - name: price\n    platforms: { figma: Price, in pounds, swiftui: \"Text\" }\n",
        ])
        let result = Fixtures.run(tree)
        let problem = try #require(result.diagnostics.first { $0.rule == "yaml.unquoted-comma" }, "\(result.diagnostics)")
        #expect(problem.location.line == 5 && problem.location.column == 32)
        #expect(problem.message.contains("'in pounds'") && problem.message.contains("quotes"))
    }

    @Test func aCutKnownKeyMapValueIsAnErrorThatSaysToQuoteNotJustUnknown() throws {
        let tree = Fixtures.proseTree("Text.\n", extra: [
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\nreadiness:\n  C2: { status: ready, notes: Reviewed, approved }\n",
        ])
        let result = Fixtures.run(tree)
        let problem = try #require(result.diagnostics.first { $0.rule == "yaml.unquoted-comma" }, "\(result.diagnostics)")
        #expect(problem.message.contains("unknown key 'approved'") && problem.message.contains("quotes"))
        // A quoted value is fine, and a block mapping's empty value is not this problem.
        let quoted = Fixtures.run(Fixtures.proseTree("Text.\n", extra: [
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\nproperties:\n  - name: price\n    platforms: { figma: \"Price, in pounds\" }\n",
        ]))
        #expect(!quoted.diagnostics.contains { $0.rule == "yaml.unquoted-comma" })
        for written in ["{ figma: }", "{ figma: , swiftui: Text }", "\n      figma:\n      swiftui: Text"] {
            let empty = Fixtures.run(Fixtures.proseTree("Text.\n", extra: [
                "components/alpha/component.yaml": "name: Alpha\nsummary: First.\nproperties:\n  - name: price\n    platforms: \(written)\n",
            ]))
            #expect(!empty.diagnostics.contains { $0.rule == "yaml.unquoted-comma" }, "\(written)")
        }
    }
}
