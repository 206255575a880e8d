import Testing
@testable import CatalogModel

@Suite("Link schemes")
struct LinkSchemeTests {
    /// Whether a reference starts with a scheme, read as bytes where it can be: the same answer
    /// as reading it character by character, for pieces of every kind (letters of other scripts,
    /// a combining mark after the colon, digits first, a colon first, none at all).
    @Test func theBytePathAnswersAsTheCharacterPath() {
        let pieces = ["a", "Z", "h", "t", "p", "s", ":", "/", "1", "+", "-", ".", "é", "\u{301}", "#", "?", " ", "%", "ß", "日", "_", "\r\n"]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 3, 5, 8, 12] {
            for _ in 0..<3_000 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
                #expect(LinkResolver.hasScheme(text) == LinkResolver.hasSchemeByCharacter(text), "\(text.debugDescription)")
            }
        }
        #expect(LinkResolver.hasScheme("https://example.org/") && LinkResolver.hasScheme("mailto:a@b") && LinkResolver.hasScheme("x-y.z+1:")
                && LinkResolver.hasScheme("é:x"))
        #expect(!LinkResolver.hasScheme("../c00001/") && !LinkResolver.hasScheme("1x:y") && !LinkResolver.hasScheme(":x")
                && !LinkResolver.hasScheme("a b:c") && !LinkResolver.hasScheme("ab:\u{301}"))
    }
}
