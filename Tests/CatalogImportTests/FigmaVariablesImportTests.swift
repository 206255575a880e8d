import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogImport
import CatalogPipeline
import CatalogTestSupport

/// `tokens import` of Figma's REST variables response (#56 3): Ledger's variables become token
/// files and a resolver, which `check` then compares with the same response without a finding.
@Suite("Figma variables import")
struct FigmaVariablesImportTests {
    static let ledger = Fixtures.root.appendingPathComponent("figma/ldls/get-local-variables-response.json")

    @Test func aCollectionOfSeveralModesIsAModifierAndOneModeASet() throws {
        let result = TokenImport.run([Self.ledger.path])
        let names = result.files.map(\.name)
        #expect(names.contains("primitives.tokens.json") && names.contains("theme-light.tokens.json") && names.contains("theme-dark.tokens.json"), "\(names)")
        #expect(names.contains("brand-ledger-live.tokens.json") && names.contains("breakpoint-xl-1024-more.tokens.json"), "\(names)")
        let resolver = try #require(result.files.first { $0.name == "tokens.resolver.json" }?.text)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(resolver.utf8)) as? [String: Any])
        let modifiers = try #require(document["modifiers"] as? [String: Any])
        #expect(Set(modifiers.keys) == ["theme", "brand", "breakpoint"], "the collections' numbering (2.Theme) is not part of a name: \(modifiers.keys)")
        let theme = try #require(modifiers["theme"] as? [String: Any])
        #expect(theme["default"] as? String == "Light")
        #expect((theme["contexts"] as? [String: Any]).map { Set($0.keys) } == ["Light", "Dark"])
        // A dark value that is an alias is written as one.
        let dark = try #require(result.files.first { $0.name == "theme-dark.tokens.json" }?.text)
        #expect(dark.contains("\"$value\": \"{Colors.Dark.Constant.050}\""), "\(dark)")
        #expect(result.notes.contains { $0.contains("Font Family/Font Family (STRING)") }, "a free-text variable is said, not guessed: \(result.notes)")
    }

    /// Imported, then checked against the response it came from: every variable in every mode
    /// agrees; only the variable DTCG has no type for is missing.
    @Test func importedTokensMatchTheirVariablesInEveryMode() throws {
        let result = TokenImport.run([Self.ledger.path])
        var texts = ["catalog.yaml": "title: Ledger\nfigma:\n  variables: figma/variables/\n"]
        for file in result.files { texts["tokens/" + file.name] = file.text }
        var tree = SourceTree(displayRoot: "cat", texts: texts)
        var read = FigmaFiles()
        read.folders = [FigmaFiles.Folder(role: .variables, written: "figma/variables/", display: "cat/figma/variables", missing: false)]
        read.files[.variables] = ["ledger.json": Array(try Data(contentsOf: Self.ledger))]
        tree.figma = read
        let checked = Fixtures.run(tree)
        let figma = checked.diagnostics.filter { $0.rule.area == "figma" }
        #expect(figma.count == 1 && figma[0].rule == .figmaTokenMissing && figma[0].message.contains("Font Family/Font Family"), "\(figma)")
        #expect(checked.catalog?.modes?.modifiers.map(\.contexts.count) == [4, 2, 3])

        // The same tokens with Background/Constant/White's dark alias pointing elsewhere: one
        // finding, at the token's line in the dark file.
        var changed = texts
        changed["tokens/theme-dark.tokens.json"] = texts["tokens/theme-dark.tokens.json"]!.replacingOccurrences(of: "\"{Colors.Dark.Constant.050}\"", with: "\"{Colors.Light.Constant.950}\"")
        var other = SourceTree(displayRoot: "cat", texts: changed)
        other.figma = read
        let drift = Fixtures.run(other).diagnostics.filter { $0.rule == .figmaVariableValue }
        #expect(drift.count == 1 && drift[0].location.file == "cat/tokens/theme-dark.tokens.json" && drift[0].message.contains("in Dark")
                && drift[0].message.contains("an alias of Colors/Dark/Constant/050"), "\(drift)")
    }
}
