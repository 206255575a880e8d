import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// The status symbols: each badge references its symbol, and each page defines the symbols its
/// badges reference, once.
@Suite("Symbol sprite")
struct SymbolSpriteTests {
    /// `href="#…"` of every `<use>`, and the ids of every `<symbol>`, in a page.
    private static func references(_ html: String) -> [String] {
        html.components(separatedBy: "<use href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    private static func symbols(_ html: String) -> [String] {
        html.components(separatedBy: "<symbol id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func everyBadgeReferencesASymbolItsPageDefinesOnce() throws {
        let result = Fixtures.run(try Fixtures.read(Fixtures.path("base")))
        let site = try #require(result.site, "\(result.diagnostics)")
        var pagesWithBadges = 0
        for path in site.pagePaths {
            let html = try #require(site.text(path))
            let used = Set(Self.references(html))
            let defined = Self.symbols(html)
            // Each used symbol is defined exactly once; nothing unused is carried.
            #expect(Set(defined) == used, "\(path): uses \(used.sorted()), defines \(defined)")
            #expect(defined.count == Set(defined).count, "\(path) defines a symbol twice")
            guard !used.isEmpty else {
                #expect(!html.contains("symbol-sprite"), "\(path) carries a sprite it does not use")
                continue
            }
            pagesWithBadges += 1
            // The sprite is hidden and sits inside the body, after every badge.
            let sprite = try #require(html.range(of: "<svg class=\"symbol-sprite\" aria-hidden=\"true\""))
            #expect(sprite.lowerBound < (html.range(of: "</body>")?.lowerBound ?? html.startIndex))
            #expect(!html[sprite.upperBound...].contains("<use href="))
            // No status symbol is drawn inline any more.
            #expect(!html.contains("<svg class=\"symbol\" aria-hidden=\"true\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"><circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"m8 12.5 3 3 5-6\"/>"), "\(path)")
        }
        #expect(pagesWithBadges > 3)
        // The readiness dashboard's badges all point into its own sprite.
        let dashboard = try #require(site.text("readiness/index.html"))
        #expect(dashboard.contains("<span class=\"status status--positive\"><svg class=\"symbol\" aria-hidden=\"true\"><use href=\"#cb:status-positive\"/></svg>"))
    }

    @Test func aSymbolKeepsItsDrawingAndLosesWhatBelongsToItsUse() throws {
        let theme = try #require(ThemeReader.read(name: "default", searchPath: [Fixtures.repository.appendingPathComponent("themes").path], location: SourceLocation(file: "catalog.yaml")).0)
        let loaded = LoadedTheme.load(theme).0
        let sprite = SymbolSprite(symbols: loaded.symbols, names: ["status-positive"])
        #expect(sprite.reference("status-positive", symbols: loaded.symbols) == "<svg class=\"symbol\" aria-hidden=\"true\"><use href=\"#cb:status-positive\"/></svg>")
        let page = sprite.completing("<body><p>\(sprite.reference("status-positive", symbols: loaded.symbols))</p>\n</body>")
        #expect(page == "<body><p><svg class=\"symbol\" aria-hidden=\"true\"><use href=\"#cb:status-positive\"/></svg></p>\n<svg class=\"symbol-sprite\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\"><symbol id=\"cb:status-positive\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"><circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"m8 12.5 3 3 5-6\"/></symbol></svg>\n</body>")
        // A page that references nothing is left as it was, and so is one whose only `#cb:` is
        // no symbol's `<use>` (a link, text).
        #expect(sprite.completing("<body><p>Plain</p></body>") == "<body><p>Plain</p></body>")
        let linked = "<body><p><a href=\"#cb:status-positive\">#cb:status-positive</a></p>\n</body>"
        #expect(sprite.completing(linked) == linked)
        // The page's last references are found too, each symbol drawn once.
        let twice = sprite.completing("<body>\(sprite.reference("status-positive", symbols: loaded.symbols))<a href=\"#cb:x\">x</a>\(sprite.reference("status-positive", symbols: loaded.symbols))</body>")
        #expect(twice.components(separatedBy: "<symbol id=\"cb:status-positive\"").count == 2)
    }

    @Test func aSymbolThatIsNotOneSVGElementStaysInline() {
        let symbols = [
            "status-selfclosing": "<svg class=\"symbol\" aria-hidden=\"true\" viewBox=\"0 0 24 24\"/>",
            "status-nested": "<svg viewBox=\"0 0 24 24\"><svg><circle r=\"2\"/></svg></svg>",
            "status-unquoted": "<svg viewBox=0><circle r=\"2\"/></svg>",
            "status-single": "<svg viewBox='0 0 8 8' class='symbol'><circle r=\"2\"/></svg>",
        ]
        let sprite = SymbolSprite(symbols: symbols, names: symbols.keys)
        for name in ["status-selfclosing", "status-nested", "status-unquoted"] {
            #expect(sprite.reference(name, symbols: symbols) == symbols[name], "\(name)")
        }
        #expect(sprite.reference("status-missing", symbols: symbols) == "")
        let page = sprite.completing("<body>\(sprite.reference("status-single", symbols: symbols))</body>")
        #expect(page.contains("<symbol id=\"cb:status-single\" viewBox='0 0 8 8'><circle r=\"2\"/></symbol>"))
    }

    /// The byte search the sprite and the link check share, against a plain search of the same text.
    @Test func theByteSearchFindsWhatAPlainSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("<>ab/".utf8)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...max(0, text.count), using: &generator)
            let positions = text.count >= needle.count ? (0...(text.count - needle.count)).filter { Array(text[$0..<($0 + needle.count)]) == needle } : []
            text.withUnsafeBufferPointer { bytes in
                #expect(bytes.firstIndex(of: needle, from: start) == positions.first { $0 >= start }, "\(text) \(needle) from \(start)")
                #expect(bytes.lastIndex(of: needle) == positions.last, "\(text) \(needle)")
            }
        }
    }
}
