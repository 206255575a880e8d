import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogDiff
import CatalogTestSupport

/// #51: every input is read from the revision it belongs to. A repository whose web CSS (a
/// renamed custom property), platform screenshot and SwiftUI code change between two tags, and
/// whose working tree changes them again: each version's pages show that version's files, no page
/// of any version links to something missing, the web files identical in two versions are
/// published once, and `diff` between the tags sees nothing of the working tree.
@Suite("Reading every input from its revision", .serialized)
struct RevisionReadTests {
    typealias Repository = GitRepository

    static let pngs = Fixtures.root.appendingPathComponent("screenshots/ios/toggle")

    static func swift(_ parameters: String) -> String {
        "import SwiftUI\n\npublic struct UIButtonView: View {\n    public init(\(parameters)) {}\n    public var body: some View { EmptyView() }\n}\n"
    }

    /// v1.0.0: `--color-card`, the "on" image, `init(title:)`; v2.0.0: `--color-surface`, the
    /// "off" image, `init(title:icon:)`; the working tree: a disabled image and `badge:` more.
    static func repository() throws -> Repository {
        let repository = try Repository(from: "web/catalog")
        let manager = FileManager.default
        try manager.copyItem(at: Fixtures.root.appendingPathComponent("web/ui"), to: repository.root.appendingPathComponent("ui"))
        try manager.createDirectory(at: repository.root.appendingPathComponent("ios/button"), withIntermediateDirectories: true)
        try manager.createDirectory(at: repository.root.appendingPathComponent("swift"), withIntermediateDirectories: true)
        try manager.copyItem(at: pngs.appendingPathComponent("on.png"), to: repository.root.appendingPathComponent("ios/button/default.png"))
        try Data(swift("title: String").utf8).write(to: repository.root.appendingPathComponent("swift/UIButtonView.swift"))
        let settings = try repository.text("catalog.yaml")
        try repository.write("catalog.yaml", settings + """
        screenshots:
          swiftui: ../ios
          name: "{component}/{example}.png"
        code:
          swiftui: ../swift
        versions:
          tags: "v*"
          current: Next

        """)
        try repository.replace("components/button/component.yaml", "accessibility: [{ requirement: Named by its text }]\n", """
        accessibility: [{ requirement: Named by its text }]
        implementation: { swiftui: UIButtonView }
        properties:
          - name: title
            type: String
            required: true
            description: The text.
            platforms: { swiftui: "title: String" }

        """)
        try repository.commit("v1")
        try repository.git("tag", "v1.0.0")
        let css = repository.root.appendingPathComponent("ui/ui.css")
        try Data(try String(contentsOf: css, encoding: .utf8).replacingOccurrences(of: "--color-card", with: "--color-surface").utf8).write(to: css)
        try manager.removeItem(at: repository.root.appendingPathComponent("ios/button/default.png"))
        try manager.copyItem(at: pngs.appendingPathComponent("off.png"), to: repository.root.appendingPathComponent("ios/button/default.png"))
        try Data(swift("title: String, leadingGlyph: String? = nil").utf8).write(to: repository.root.appendingPathComponent("swift/UIButtonView.swift"))
        try repository.commit("v2")
        try repository.git("tag", "v2.0.0")
        // The working tree, not committed: another image and another parameter.
        try manager.copyItem(at: pngs.appendingPathComponent("disabled.png"), to: repository.root.appendingPathComponent("ios/button/disabled.png"))
        try Data(swift("title: String, leadingGlyph: String? = nil, badge: Int = 0").utf8).write(to: repository.root.appendingPathComponent("swift/UIButtonView.swift"))
        return repository
    }

    static func bytes(_ path: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map { [UInt8]($0) } ?? []
    }

    /// The web folder a page's example frame loads its stylesheet from.
    static func stylesheet(ofExample page: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: #"href="((?:\.\./)*web/[0-9a-f]{8}/ui\.css)""#)
        guard let match = pattern.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)) else { return nil }
        return String(page[Range(match.range(at: 1), in: page)!])
    }

    @Test func eachVersionShowsItsOwnWebFilesScreenshotsAndCode() throws {
        let repository = try Self.repository()
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded, "\(outcome.result.diagnostics.filter { $0.severity == .error })")
        let manager = FileManager.default
        // The stylesheet each version's example frame loads is that version's.
        var folders: [String: String] = [:]
        for (version, prefix) in [("v1.0.0", "v/v1.0.0/"), ("v2.0.0", "v/v2.0.0/"), ("Next", "")] {
            let framePath = prefix + "components/button/examples/primary/index.html"
            let frame = Releases.read(output, framePath)
            let href = try #require(Self.stylesheet(ofExample: frame), "\(version): \(frame)")
            let resolved = URL(fileURLWithPath: output + "/" + framePath).deletingLastPathComponent().appendingPathComponent(href).standardizedFileURL.path
            let css = String(decoding: Self.bytes(resolved), as: UTF8.self)
            #expect(css.contains(version == "v1.0.0" ? "--color-card" : "--color-surface"), "\(version) loads \(href): \(css)")
            folders[version] = href.split(separator: "/").dropLast().last.map(String.init)
        }
        // Identical files are one copy: v2.0.0 and the working tree share their web folder, and
        // no version has a web folder of its own.
        #expect(folders["v2.0.0"] == folders["Next"] && folders["v1.0.0"] != folders["v2.0.0"], "\(folders)")
        #expect(!manager.fileExists(atPath: output + "/v/v1.0.0/web") && !manager.fileExists(atPath: output + "/v/v2.0.0/web"))
        #expect(Set(try manager.contentsOfDirectory(atPath: output + "/web")) == Set(folders.values))
        // Each version's screenshot is the image its tag has.
        for (prefix, png) in [("v/v1.0.0/", "on.png"), ("v/v2.0.0/", "off.png"), ("", "off.png")] {
            let page = Releases.read(output, prefix + "components/button/index.html")
            let pattern = try NSRegularExpression(pattern: #"src="([^"]*assets/screenshots/button/swiftui/button/default\.[0-9a-f]{8}\.png)""#)
            let match = try #require(pattern.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)), "\(prefix): no screenshot")
            let src = String(page[Range(match.range(at: 1), in: page)!])
            let image = URL(fileURLWithPath: output + "/" + prefix + "components/button/").appendingPathComponent(src).standardizedFileURL.path
            #expect(Self.bytes(image) == Self.bytes(Self.pngs.appendingPathComponent(png).path), "\(prefix) shows \(src)")
        }
        // The code each version documents is its own: v1.0.0's matches, v2.0.0 has one parameter
        // more than documented (`leadingGlyph`), the working tree two (`badge`).
        let v1 = Releases.read(output, "v/v1.0.0/components/button/index.html")
        let v2 = Releases.read(output, "v/v2.0.0/components/button/index.html")
        let next = Releases.read(output, "components/button/index.html")
        func inCode(_ page: String) -> String {
            guard let start = page.range(of: "id=\"in-code\"") else { return "no In code section" }
            return String(page[start.lowerBound...].prefix(3000))
        }
        #expect(inCode(v1).contains("All match") && !inCode(v1).contains("undocumented"), "\(inCode(v1))")
        #expect(inCode(v2).contains("All match; 1 undocumented"), "\(inCode(v2))")
        #expect(inCode(next).contains("All match; 2 undocumented"), "\(inCode(next))")
        // No page of any version links to something that is not published (a crawl).
        let crawl = SiteLinkReferences.crawl(output)
        #expect(crawl.broken.isEmpty && crawl.pages > 20, "\(crawl)")
    }

    @Test func aPathBaseURLReachesTheSharedFilesFromEveryVersion() throws {
        let repository = try Self.repository()
        try repository.replace("catalog.yaml", "versions:\n", "baseURL: https://example.org/docs/\nversions:\n")
        try repository.commit("base URL")
        try repository.git("tag", "-f", "v2.0.0")
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded, "\(outcome.result.diagnostics.filter { $0.severity == .error })")
        // Every version's frame reaches the shared web folder relatively, from any depth.
        for prefix in ["v/v1.0.0/", "v/v2.0.0/", ""] {
            let framePath = prefix + "components/button/examples/primary/index.html"
            let href = try #require(Self.stylesheet(ofExample: Releases.read(output, framePath)))
            let resolved = URL(fileURLWithPath: output + "/" + framePath).deletingLastPathComponent().appendingPathComponent(href).standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: resolved), "\(prefix): \(href)")
        }
    }

    @Test func diffBetweenTwoTagsReadsNothingOfTheWorkingTree() throws {
        let repository = try Self.repository()
        // The trees `diff` compares, as it reads them.
        let root = repository.root.path
        let head = try GitRevision.tree(at: try GitRevision.commit("v2.0.0", in: root), prefix: "catalog/", in: root, displayRoot: "catalog")
        #expect(head.screenshots.files["swiftui"].map { Set($0.keys) } == ["button/default.png"], "the working tree's disabled.png is not the head's")
        #expect(head.screenshots.files["swiftui"]?["button/default.png"] == Self.bytes(Self.pngs.appendingPathComponent("off.png").path))
        let code = head.code.files.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(code.contains("leadingGlyph") && !code.contains("badge"))
        #expect(String(decoding: head.web.files["ui.css"] ?? [], as: UTF8.self).contains("--color-surface"))
        let base = try GitRevision.tree(at: try GitRevision.commit("v1.0.0", in: root), prefix: "catalog/", in: root, displayRoot: "catalog")
        #expect(base.screenshots.files["swiftui"]?["button/default.png"] == Self.bytes(Self.pngs.appendingPathComponent("on.png").path))
        #expect(String(decoding: base.web.files["ui.css"] ?? [], as: UTF8.self).contains("--color-card"))
        // What it reports: the parameter v2.0.0 added, nothing the working tree has.
        let changes = try ChangeAnalysis.run(source: repository.catalog, base: "v1.0.0", head: "v2.0.0")
        let text = changes.changes.map { "\($0)" }.joined(separator: "\n")
        #expect(text.contains("leadingGlyph") && !text.contains("badge") && !text.contains("disabled.png"), "\(text)")
    }

    @Test func aLinkInARevisionFollowsTheRulesOfTheDisk() throws {
        let repository = try Self.repository()
        // A stylesheet reached through a link inside the repository is read; one whose link
        // leads out of it is refused in the revision exactly as on disk.
        try FileManager.default.createSymbolicLink(atPath: repository.root.appendingPathComponent("ui/linked.css").path, withDestinationPath: "ui.css")
        try FileManager.default.createSymbolicLink(atPath: repository.root.appendingPathComponent("ui/outside.css").path, withDestinationPath: "/etc/passwd")
        try repository.replace("catalog.yaml", "styles: [../ui/ui.css]", "styles: [../ui/linked.css, ../ui/outside.css]")
        try repository.commit("links")
        let commit = try repository.git("rev-parse", "HEAD")
        let revision = try GitRevision.tree(at: commit, prefix: "catalog/", in: repository.root.path, displayRoot: "catalog")
        let disk = try CatalogReader.read(repository.catalog, displayRoot: "catalog")
        for tree in [revision, disk] {
            #expect(tree.web.files["linked.css"] != nil)
            #expect(tree.web.files["outside.css"] == nil)
            #expect(tree.web.entries.first { $0.written == "../ui/outside.css" }?.refused != nil)
        }
        #expect(revision.web.files["linked.css"] == disk.web.files["linked.css"])
    }
}
