import Foundation
import Testing
@testable import CatalogKit

/// The `<main>` of each page of the `base` fixture, compared with Tests/Fixtures/golden.
/// After an intended change to the theme or the renderer, run
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
@Suite("Golden pages")
struct GoldenTests {
    static let pages = ["index.html", "components/alpha/index.html", "components/beta/index.html", "guides/handbook/index.html"]

    @Test("main content matches the golden file", arguments: pages)
    func mainMatchesGolden(page: String) throws {
        let result = Fixtures.run(try Fixtures.read(Fixtures.path("base")))
        let html = try #require(result.site?.text(page))
        let start = try #require(html.range(of: "<main"))
        let end = try #require(html.range(of: "</main>"))
        let main = String(html[start.lowerBound..<end.upperBound]) + "\n"
        let golden = Fixtures.root.appendingPathComponent("golden/" + page.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try main.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(main == expected, "\(page) differs from \(golden.lastPathComponent); if the change is intended, regenerate with UPDATE_GOLDEN=1")
    }
}
