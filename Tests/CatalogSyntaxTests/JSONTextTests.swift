import Foundation
import Testing
import CatalogCore
import CatalogRender
import CatalogTestSupport

@Suite("JSON exports")
struct JSONTextTests {
    @Test func writesSortedPrettyJSONThatFoundationReadsBack() throws {
        let value = JSONText.Value.object([
            "zeta": .array([.number("1.50"), .bool(true), .null, .array([]), .object([:])]),
            "alpha": .string("quote \" backslash \\ slash / tab \t line\n bell \u{07} café 🎛"),
            "Beta": .object(["b": .string("2"), "a": .string("1")]),
        ])
        let text = JSONText.pretty(value)
        #expect(text == """
        {
          "Beta": {
            "a": "1",
            "b": "2"
          },
          "alpha": "quote \\" backslash \\\\ slash / tab \\t line\\n bell \\u0007 café 🎛",
          "zeta": [
            1.50,
            true,
            null,
            [],
            {}
          ]
        }

        """)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["alpha"] as? String == "quote \" backslash \\ slash / tab \t line\n bell \u{07} café 🎛")
        #expect((parsed["Beta"] as? [String: String])?["b"] == "2")
    }

    @Test func everyControlCharacterIsEscapedWhereverItStands() throws {
        for text in ["", "plain", "\u{00}", "\u{1F}x", "x\u{7F}", "\"", "\\\\", "a\"b\\c\nd\re\tf\u{08}g\u{0C}h", "é\u{01}🎛\"", "\n\n"] {
            let written = JSONText.compact(.string(text))
            #expect(!written.utf8.dropFirst().dropLast().contains { $0 < 0x20 }, "\(written.debugDescription)")
            let read = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
            #expect(read == [text], "\(written.debugDescription)")
        }
        #expect(JSONText.compact(.string("a\u{01}b")) == #""a\u0001b""#)
    }

    @Test func compactIsOneLine() {
        let value = JSONText.Value.array([.object(["b": .string("x/y"), "a": .number("1")]), .null])
        #expect(JSONText.compact(value) == #"[{"a":1,"b":"x/y"},null]"#)
    }

    @Test func membersKeepTheirOrderAndNumbersTheirShortestForm() {
        let value = JSONText.Value.members([
            JSONText.Member("zeta", .number(16)),
            JSONText.Member("alpha", .number(0.761)),
            JSONText.Member("mid", .number(-0.32)),
            JSONText.Member("tiny", .number(0.00001)),
        ])
        #expect(JSONText.compact(value) == #"{"zeta":16,"alpha":0.761,"mid":-0.32,"tiny":1e-05}"#)
    }
}

