import Foundation
import Testing
import CatalogCore
import CatalogRender
import CatalogTestSupport

/// The `<main>` of each page of the `base` fixture, and of the `site-layout` fixture's pages
/// with callouts, do/don't, sections and lifecycle badges, compared with Tests/Fixtures/golden.
/// After an intended change to the theme or the renderer, run
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
@Suite("Golden pages")
struct GoldenTests {
    static let pages = ["index.html", "components/alpha/index.html", "components/beta/index.html", "guides/handbook/index.html"]
        + ["guides/foundations/writing/index.html", "guides/foundations/index.html", "guides/index.html", "components/wide/index.html", "components/index.html"].map { "site-layout:" + $0 }

    @Test("main content matches the golden file", arguments: pages)
    func mainMatchesGolden(page written: String) throws {
        let fixture = written.hasPrefix("site-layout:") ? "site-layout" : "base"
        let page = written.hasPrefix("site-layout:") ? String(written.dropFirst("site-layout:".count)) : written
        let result = Fixtures.run(try Fixtures.read(Fixtures.path(fixture)))
        let html = try #require(result.site?.text(page))
        let start = try #require(html.range(of: "<main"))
        let end = try #require(html.range(of: "</main>"))
        let main = String(html[start.lowerBound..<end.upperBound]) + "\n"
        let golden = Fixtures.root.appendingPathComponent("golden/" + (fixture == "base" ? "" : fixture + "__") + page.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try main.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(main == expected, "\(page) differs from \(golden.lastPathComponent); if the change is intended, regenerate with UPDATE_GOLDEN=1")
    }
}
