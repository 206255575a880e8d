import Foundation
import Testing
import CatalogCore
import CatalogRender
import CatalogImport
import CatalogTestSupport

/// Tokens Studio's arithmetic and colour forms as `tokens import` reads them, and inputs that must
/// give a listed reason rather than a crash or a hang. The values of a whole project, modifiers
/// included, are compared with an independent implementation in Tests/formats/test_token_import.py.
@Suite("Tokens Studio values")
struct StudioImportTests {
    static func evaluate(_ text: String) -> String? {
        try? StudioMath.evaluate(text).text
    }

    @Test func arithmeticIsEvaluatedWithItsUnit() {
        #expect(Self.evaluate("8 * 2") == "16")
        #expect(Self.evaluate("8px * 2") == "16px")
        #expect(Self.evaluate("(8 + 4) / 2") == "6")
        #expect(Self.evaluate("1.5rem * 2") == "3rem")
        #expect(Self.evaluate("roundTo(10 / 3, 2)") == "3.33")
        #expect(Self.evaluate("10 / 3") == "3.3333")
        #expect(Self.evaluate("max(4, 12) * 2") == "24")
        #expect(Self.evaluate("-8 * -1") == "8")
        #expect(Self.evaluate("2 ^ 3 ^ 2") == "512")
        #expect(Self.evaluate("10 % 3") == "1")
        #expect(Self.evaluate("50% * 2") == "100%")
        #expect(Self.evaluate("floor(7.9) + ceil(0.1) + abs(-2) + round(2.5)") == "13")
    }

    @Test func whatCannotBeEvaluatedSaysWhy() {
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate("4px + 1rem * 2em") }
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate("8 / 0") }
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate("8 * (2") }
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate("shade(8)") }
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate(String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)) }
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate(String(repeating: "-", count: 50_000) + "1") }
        #expect(throws: StudioMath.Failure.self) { try StudioMath.evaluate(Array(repeating: "2", count: 50_000).joined(separator: "^")) }
    }

    @Test func onlyArithmeticIsTakenForArithmetic() {
        #expect(StudioMath.isExpression("{a} * 2") || StudioMath.isExpression("8 * 2"))
        #expect(StudioMath.isExpression("(8 + 4) / 2"))
        #expect(!StudioMath.isExpression("-8px"))
        #expect(!StudioMath.isExpression("150%"))
        #expect(!StudioMath.isExpression("cubic-bezier(0.4, 0, 0.2, 1)"))
        #expect(!StudioMath.isExpression("#ff0000"))
        #expect(!StudioMath.isExpression("rgba(0, 0, 0, 0.5)"))
    }

    @Test func everyColourFormTheToolsWriteIsRead() throws {
        #expect(StudioColor.parse("#0a57c9")?.dtcg() == .string("#0A57C9"))
        #expect(StudioColor.parse("rebeccapurple")?.dtcg() == .string("#663399"))
        #expect(StudioColor.parse("rgb(16, 24, 32)")?.dtcg() == .string("#101820"))
        let veiled = try #require(StudioColor.parse("rgba(#0a57c9, 0.5)"))
        #expect(veiled.alpha == 0.5 && veiled.space == "srgb")
        #expect(StudioColor.parse("hsl(210, 100%, 45%)")?.space == "hsl")
        #expect(StudioColor.parse("transparent")?.alpha == 0)
        #expect(StudioColor.parse("not a colour") == nil)
        // A colour off the byte grid stays an object, so no precision is lost to hex.
        if case .members = StudioColor(space: "srgb", components: [0.35176, 0.45882, 0.63216], alpha: 1).dtcg() {} else { Issue.record("rounded to hex") }
    }

    @Test func aColourRoundTripsThroughEachModifierSpace() {
        let colour = StudioColor(space: "srgb", components: [0.2, 0.4, 0.6], alpha: 1)
        for space in ["lch", "hsl", "display-p3", "lab"] {
            let back = colour.converted(to: space).converted(to: "srgb")
            #expect(zip(back.components, colour.components).allSatisfy { abs($0 - $1) < 0.000001 }, "\(space): \(back.components)")
        }
        // White in LCH: lightness 100, no chroma.
        let white = StudioColor(space: "srgb", components: [1, 1, 1], alpha: 1).converted(to: "lch")
        #expect(abs(white.components[0] - 100) < 0.01 && white.components[1] < 0.01)
    }

    /// A long chain of references is computed to its end; a cycle is listed; neither crashes or hangs.
    @Test func aLongChainAndACycleAreListed() throws {
        var members = [#""t0": { "value": "1", "type": "spacing" }"#]
        for index in 1..<5_000 { members.append(#""t\#(index)": { "value": "{t\#(index - 1)} + 1", "type": "spacing" }"#) }
        members.append(#""loop-a": { "value": "{loop-b} * 2", "type": "spacing" }, "loop-b": { "value": "{loop-a} * 2", "type": "spacing" }"#)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{ \(members.joined(separator: ", ")) }".write(to: folder.appendingPathComponent("core.json"), atomically: true, encoding: .utf8)
        try #"{ "tokenSetOrder": ["core"] }"#.write(to: folder.appendingPathComponent("$metadata.json"), atomically: true, encoding: .utf8)
        let result = TokenImport.run([folder.path])
        #expect(result.notes.contains { $0.contains("'loop-a'") && $0.contains("refers back to itself") }, "\(result.notes.prefix(3))")
        #expect(result.converted == 5_000 && result.skipped == 2, "\(result.notes.prefix(3))")
        #expect(result.files.first?.text.contains("\"value\": 5000") == true)
    }

    /// #26 8: a JSON5 file with a syntax error is named at its line and column (Foundation's
    /// JSON5 reader names none, and strict JSON's place was the first comment).
    @Test(arguments: [
        ("// a comment\n{\n  a: { $value: 1,, },\n}\n", 3, 18),
        ("{ a: 'open }", 1, 6),
        ("{ a: 1 b: 2 }", 1, 8),
        ("{ a: [1, 2,], b: 0x1F, c: .5, d: +Infinity, }\n{", 2, 1),
        ("/* never closed", 1, 1),
    ])
    func aJSON5SyntaxErrorHasItsPlace(_ text: String, _ line: Int, _ column: Int) {
        #expect(throws: TokenImport.Located.self) { try TokenImport.read(Data(text.utf8)) }
        do {
            _ = try TokenImport.read(Data(text.utf8))
        } catch let error as TokenImport.Located {
            #expect(error.line == line && error.column == column, "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
        #expect(JSON5Syntax.firstError("{ a: [1, 2,], b: 0x1F, c: .5, d: +Infinity, e: 'q', f: NaN, g: -1e-3, }") == nil)
        #expect(JSON5Syntax.firstError(String(repeating: "[", count: 100_000)) != nil)
    }
}
