import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogImport
import CatalogSiteCheck
import CatalogScaffold
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogPublish
import Foundation
import Testing
@testable import CatalogServe

@Suite("Preview request mapping")
struct PreviewRequestTests {
    /// A served file's ETag (read eight bytes at a time) changes with any one byte of it, in a
    /// whole word or in the bytes after the last, and with its length alone.
    @Test func anETagChangesWithEveryByte() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 16, 23, 64] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let etag = ServedFile.etag(of: bytes)
            #expect(etag.count == 16 && etag.allSatisfy(\.isHexDigit))
            #expect(ServedFile.etag(of: bytes) == etag)
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 1 << UInt8(index % 8)
                #expect(ServedFile.etag(of: changed) != etag, "byte \(index) of \(length)")
            }
            #expect(ServedFile.etag(of: bytes + [0]) != etag, "one zero byte more than \(length)")
        }
    }

    @Test func sitePathsStayInsideTheSite() {
        #expect(PreviewResponder.sitePath("/", basePath: "/") == "")
        #expect(PreviewResponder.sitePath("/components/switch/", basePath: "/") == "components/switch/")
        #expect(PreviewResponder.sitePath("/docs/components/", basePath: "/docs/") == "components/")
        #expect(PreviewResponder.sitePath("/img%20one.png", basePath: "/") == "img one.png")
        #expect(PreviewResponder.sitePath("/a/./b", basePath: "/") == "a/b")
        for escape in ["/../etc/passwd", "/%2e%2e/etc/passwd", "/a/..%2f..%2fetc", "/a\\..\\b", "/x%00y", "/other/page", "/%zz"] {
            #expect(PreviewResponder.sitePath(escape, basePath: escape == "/other/page" ? "/docs/" : "/") == nil, "\(escape)")
        }
        // Decoded once only: a double-encoded dot-dot is just an odd file name.
        #expect(PreviewResponder.sitePath("/%252e%252e/x", basePath: "/") == "%2e%2e/x")
    }

    @Test func theReloadScriptGoesIntoTheHead() {
        let page = Array("<html><head><title>x</title></head><body></body></html>".utf8)
        let served = String(decoding: PreviewResponder.inject(page, page: "components/a/index.html", etag: "abc"), as: UTF8.self)
        #expect(served.contains("<script src=\"/_catalog/reload.js\" data-page=\"components/a/index.html\" data-hash=\"abc\" defer></script>\n</head>"))
        #expect(served.hasSuffix("</body></html>"))
    }

    /// `If-None-Match` names the page's tag, strongly or weakly, alone or in a list, or is `*`.
    @Test func ifNoneMatchTakesListsWeakTagsAndAStar() {
        let etag = "\"abc\""
        #expect(PreviewResponder.matches(etag, etag: etag))
        #expect(PreviewResponder.matches("*", etag: etag))
        #expect(PreviewResponder.matches("W/\"abc\"", etag: etag))
        #expect(PreviewResponder.matches("\"x\", W/\"abc\"", etag: etag))
        #expect(!PreviewResponder.matches("\"abd\"", etag: etag))
        #expect(!PreviewResponder.matches("W/\"abd\", \"x\"", etag: etag))
    }

    @Test func cachingAndTypes() {
        #expect(PreviewResponder.cacheControl("assets/site.0a1b2c3d.css") == "public, max-age=31536000, immutable")
        #expect(PreviewResponder.cacheControl("components/a/index.html") == "no-cache")
        #expect(PreviewResponder.cacheControl("components/a/diagram.svg") == "no-cache")
        #expect(ContentTypes.forPath("a/b.html") == "text/html; charset=utf-8")
        #expect(ContentTypes.forPath("a/b.JS") == "text/javascript; charset=utf-8")
        #expect(ContentTypes.forPath("tokens.json") == "application/json; charset=utf-8")
        #expect(ContentTypes.forPath("a.b/c") == "application/octet-stream")
        #expect(ContentTypes.forPath("assets/favicon.0a1b2c3d.svg") == "image/svg+xml")
        #expect(ContentTypes.forPath("Tokens.kt") == "text/plain; charset=utf-8")
        #expect(ContentTypes.forPath("readiness.csv") == "text/csv; charset=utf-8")
        #expect(ContentTypes.forPath("sitemap.xml") == "application/xml; charset=utf-8")
        #expect(ContentTypes.forPath("fonts/a.woff2") == "font/woff2")
        #expect(ContentTypes.forPath("a.unknown") == "application/octet-stream")
    }

    @Test func eventsAreServerSentEventMessages() {
        #expect(ReloadHub.message("reload", "{}") == "event: reload\ndata: {}\n\n")
        #expect(ReloadHub.message("status", "a\nb") == "event: status\ndata: a\ndata: b\n\n")
    }
}

@Suite("Watching and rebuilding")
struct RebuildTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func copyOfBase() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-serve-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("base"), to: folder)
        return folder
    }

    @Test(arguments: [true, false])
    func theWatcherSeesChangesAdditionsAndRemovals(events: Bool) throws {
        let folder = try copyOfBase()
        defer { try? FileManager.default.removeItem(at: folder) }
        var watcher = FileWatcher(roots: [.init(folder.path)], events: events)
        #if os(Linux)
        #expect(watcher.isEventDriven == events)
        #endif
        #expect(watcher.changes().isEmpty)
        let prose = folder.appendingPathComponent("components/alpha/index.md")
        try Data("changed, and longer than before\n".utf8).write(to: prose)
        let added = folder.appendingPathComponent("guides/new.md")
        try Data("# New\n".utf8).write(to: added)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("components/beta/index.md"))
        let changes = watcher.changes()
        #expect(changes == [prose.path, added.path, folder.appendingPathComponent("components/beta/index.md").path])
        #expect(watcher.changes().isEmpty)

        // A save that writes a new file and renames it over the old one.
        let yaml = folder.appendingPathComponent("components/alpha/component.yaml")
        let temporary = folder.appendingPathComponent("components/alpha/.component.yaml.swp")
        try Data((try String(contentsOf: yaml, encoding: .utf8) + "\n").utf8).write(to: temporary)
        #expect(rename(temporary.path, yaml.path) == 0)
        #expect(watcher.changes() == [yaml.path])
    }

    #if os(Linux)
    @Test func aSaveIsCompleteOnlyOnceTheFileIsClosed() throws {
        let folder = try copyOfBase()
        defer { try? FileManager.default.removeItem(at: folder) }
        var watcher = FileWatcher(roots: [.init(folder.path)])
        let prose = folder.appendingPathComponent("components/alpha/index.md")
        let handle = try FileHandle(forWritingTo: prose)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("half of a save".utf8))
        #expect(watcher.changes() == [prose.path])
        #expect(!watcher.savesComplete, "the file is still open for writing")
        try handle.write(contentsOf: Data(" and the rest\n".utf8))
        try handle.close()
        _ = watcher.changes()
        #expect(watcher.savesComplete)
        // A save by rename is complete at once.
        let temporary = folder.appendingPathComponent("components/alpha/.index.md.tmp")
        try Data("# Whole\n".utf8).write(to: temporary)
        #expect(rename(temporary.path, prose.path) == 0)
        #expect(watcher.changes() == [prose.path])
        #expect(watcher.savesComplete)
    }
    #endif

    @Test(arguments: [true, false])
    func theWatcherFollowsFoldersThatAppearAndDisappear(events: Bool) throws {
        let folder = try copyOfBase()
        defer { try? FileManager.default.removeItem(at: folder) }
        var watcher = FileWatcher(roots: [.init(folder.path)], events: events)
        // A new component folder, with a folder inside it, made in one go.
        let gamma = folder.appendingPathComponent("components/gamma")
        try FileManager.default.createDirectory(at: gamma.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("name: Gamma\n".utf8).write(to: gamma.appendingPathComponent("component.yaml"))
        try Data("svg".utf8).write(to: gamma.appendingPathComponent("images/a.svg"))
        #expect(watcher.changes() == [gamma.appendingPathComponent("component.yaml").path, gamma.appendingPathComponent("images/a.svg").path])
        // Files written later inside the new folders are seen too.
        try Data("# Gamma\n".utf8).write(to: gamma.appendingPathComponent("index.md"))
        try Data("svg".utf8).write(to: gamma.appendingPathComponent("images/b.svg"))
        #expect(watcher.changes() == [gamma.appendingPathComponent("index.md").path, gamma.appendingPathComponent("images/b.svg").path])
        // A folder moved away reports every file it held; moving it back reports them again.
        let parked = FileManager.default.temporaryDirectory.appendingPathComponent("parked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parked) }
        try FileManager.default.moveItem(at: gamma, to: parked)
        let gammaFiles: Set<String> = ["component.yaml", "index.md", "images/a.svg", "images/b.svg"].map { gamma.appendingPathComponent($0).path }.reduce(into: []) { $0.insert($1) }
        #expect(watcher.changes() == gammaFiles)
        // Writing inside the folder at its new place is not a change of the catalog.
        try Data("elsewhere".utf8).write(to: parked.appendingPathComponent("index.md"))
        #expect(watcher.changes().isEmpty)
        try FileManager.default.moveItem(at: parked, to: gamma)
        #expect(watcher.changes() == gammaFiles)
        // Removing a folder reports its files.
        try FileManager.default.removeItem(at: gamma.appendingPathComponent("images"))
        #expect(watcher.changes() == [gamma.appendingPathComponent("images/a.svg").path, gamma.appendingPathComponent("images/b.svg").path])
    }

    #if os(Linux)
    /// A folder deleted and made again under its name before the watcher looks (ext4 hands the
    /// new folder the old inode number at once): the kernel ended the old folder's watch, so the
    /// new one is watched afresh and a later save inside it is still seen.
    @Test func aFolderDeletedAndMadeAgainIsWatchedAfresh() throws {
        let folder = try copyOfBase()
        defer { try? FileManager.default.removeItem(at: folder) }
        var watcher = FileWatcher(roots: [.init(folder.path)])
        let alpha = folder.appendingPathComponent("components/alpha")
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("alpha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: saved) }
        try FileManager.default.copyItem(at: alpha, to: saved)
        for _ in 0..<3 {
            try FileManager.default.removeItem(at: alpha)
            try FileManager.default.copyItem(at: saved, to: alpha)
            _ = watcher.changes()
            let prose = alpha.appendingPathComponent("index.md")
            try Data("saved again \(UUID().uuidString)\n".utf8).write(to: prose)
            #expect(watcher.changes() == [prose.path])
        }
    }
    #endif

    @Test func aRebuildRereadsOnlyWhatChangedAndReportsChangedFiles() throws {
        let folder = try copyOfBase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rebuilder = try Rebuilder(source: folder.path, options: LoadOptions())
        let first = rebuilder.rebuild()
        #expect(first.changedFiles?.contains("components/alpha/index.html") == true)
        let unchanged = rebuilder.rebuild(changedPaths: [folder.appendingPathComponent("components/alpha/index.md").path])
        #expect(unchanged.changedFiles == [])

        let prose = folder.appendingPathComponent("components/alpha/index.md")
        let text = try String(contentsOf: prose, encoding: .utf8).replacingOccurrences(of: "Use it.", with: "Use it well.")
        try text.write(to: prose, atomically: true, encoding: .utf8)
        let outcome = rebuilder.rebuild(changedPaths: [prose.path])
        // The page, its Markdown, llms-full.txt (every page's Markdown) and the search index (every
        // page's text).
        #expect(outcome.changedFiles == ["components/alpha/index.html", "components/alpha/index.md", "llms-full.txt", "search/index.js"])
        #expect(outcome.statistics.componentsLoaded == 1)
        #expect(outcome.statistics.pagesRendered == 1)
        #expect(rebuilder.snapshot.site?.text("components/alpha/index.html")?.contains("Use it well.") == true)
    }

    @Test func aFailedRebuildKeepsTheLastGoodSite() throws {
        let folder = try copyOfBase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rebuilder = try Rebuilder(source: folder.path, options: LoadOptions())
        _ = rebuilder.rebuild()
        let good = rebuilder.snapshot.site
        let yaml = folder.appendingPathComponent("components/alpha/component.yaml")
        try Data("name: [\n".utf8).write(to: yaml)
        let outcome = rebuilder.rebuild(changedPaths: [yaml.path])
        #expect(outcome.changedFiles == nil)
        #expect(rebuilder.snapshot.site?.files.keys.sorted() == good?.files.keys.sorted())
        #expect(rebuilder.snapshot.site?.files.allSatisfy { good?[$0.key] == $0.value } == true)
        #expect(rebuilder.snapshot.status.errors == 1)
        #expect(rebuilder.snapshot.status.problems.first?.file.hasSuffix("components/alpha/component.yaml") == true)
    }
}
