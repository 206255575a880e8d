import Testing
@testable import CatalogMarkdown

@Suite("HTML escaping")
struct HTMLEscapeTests {
    /// The plain definition, character by character.
    static func reference(_ string: String) -> String {
        var result = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func escapesTheFiveCharactersAndNothingElse() {
        #expect(HTMLEscape.text(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(HTMLEscape.text("Ünïcode “quotes” 👩🏽‍💻 stay") == "Ünïcode “quotes” 👩🏽‍💻 stay")
        #expect(HTMLEscape.text("") == "")
        #expect(HTMLEscape.text("é<é") == "é&lt;é")
    }

    /// Text between tags: `&` and `<` escaped, so nothing in it can open a tag or name a
    /// character, and quotes and `>` as written.
    @Test func contentEscapesWhatCouldOpenATagOrAReference() {
        #expect(HTMLEscape.content(#"</code></pre><script>alert("x")</script> &amp; 'a' > b"#)
            == #"&lt;/code>&lt;/pre>&lt;script>alert("x")&lt;/script> &amp;amp; 'a' > b"#)
        #expect(HTMLEscape.content("Toggle(\"On\", isOn: $on) ✓") == "Toggle(\"On\", isOn: $on) ✓")
        let pieces = ["a", "&", "<", ">", "\"", "'", "é", "👩🏽‍💻", "\n"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...16)).map { _ in pieces.randomElement()! }.joined()
            let expected = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            #expect(HTMLEscape.content(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func agreesWithTheDefinitionOnMixedText() {
        let pieces = ["a", "&", "<", ">", "\"", "'", "é", "👩🏽‍💻", "漢", " ", "\n", "\u{0}", "&amp;", "ß"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(HTMLEscape.text(text) == Self.reference(text), "\(text.debugDescription)")
        }
        // A string that is not contiguous UTF-8 (bridged or a substring's copy) is read the same.
        let substring = "xx<y>zz".dropFirst(2).dropLast(2)
        #expect(HTMLEscape.text(String(substring)) == "&lt;y&gt;")
    }
}
