import Testing
import CatalogSiteCheck

@Suite("Site link resolution")
struct SiteLinkResolveTests {
    /// A reference of ASCII without `%` is resolved from slices of its text: the same file as the
    /// character-by-character reading, for references made of every kind of part (`..` past the
    /// root, `.`, empty parts, a fragment or a query, a trailing slash) from folders of any depth.
    @Test func theSlicePathResolvesAsTheCharacterPath() {
        let pieces = ["..", ".", "", "a", "components", "index.html", "x.css", "#top", "?q=1", "#", "?", "%20", "é", "\u{301}", "b#c/d", "..."]
        let folders: [[String]] = [[], ["components"], ["components", "c00001"], ["v", "v1.0.0", "guides"], ["a", ".", "..", "b"]]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 3, 5, 8] {
            for _ in 0..<2_000 {
                let reference = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: "/")
                    + (Bool.random(using: &generator) ? "/" : "")
                for folder in folders {
                    #expect(SiteLinkRule.resolve(reference, inFolder: folder) == SiteLinkRule.resolveByCharacter(reference, inFolder: folder),
                            "\(reference.debugDescription) in \(folder)")
                }
            }
        }
        #expect(SiteLinkRule.resolve("../../assets/site.css", inFolder: ["components", "c00001"]) == "assets/site.css")
        #expect(SiteLinkRule.resolve("../c00002/#usage", inFolder: ["components", "c00001"]) == "components/c00002/index.html")
        #expect(SiteLinkRule.resolve("../../../x", inFolder: ["components", "c00001"]) == "")
        #expect(SiteLinkRule.resolve("", inFolder: ["guides"]) == "guides/index.html")
        #expect(SiteLinkRule.resolve("./", inFolder: []) == "index.html")
    }
}
