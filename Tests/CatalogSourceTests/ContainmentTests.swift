import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogSnapshot
import CatalogPublish
import CatalogMCP
import CatalogTestSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// #52: nothing a contributor writes can read, delete or take over. Each test is one finding of
/// the adversarial run, with its input; each failed before its fix.
@Suite("Containment: the adversary's findings", .serialized)
struct ContainmentTests {
    typealias Repository = GitRepository

    static func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    /// 2. A committed link `.public.history/sites -> ../catalog` (or the cache folder itself a
    /// link) is refused: the build fails saying so, and the catalog is untouched.
    @Test func theHistoryCacheIsNeverReachedThroughALink() throws {
        let repository = try Releases.repository()
        let before = Self.files(under: repository.catalog)
        let cache = repository.root.appendingPathComponent(".public.history")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        #expect(symlink("../catalog", cache.appendingPathComponent("sites").path) == 0)
        var (outcome, _) = Releases.build(repository)
        #expect(!outcome.succeeded && outcome.failure?.contains("symbolic link") == true, "\(String(describing: outcome.failure))")
        #expect(Self.files(under: repository.catalog) == before, "the catalog lost files")
        try FileManager.default.removeItem(at: cache)
        #expect(symlink("catalog", cache.path) == 0)
        (outcome, _) = Releases.build(repository)
        #expect(!outcome.succeeded && outcome.failure?.contains("symbolic link") == true)
        #expect(Self.files(under: repository.catalog) == before)
        // Made by the build itself, the cache is private.
        try FileManager.default.removeItem(at: cache)
        (outcome, _) = Releases.build(repository)
        #expect(outcome.succeeded, "\(String(describing: outcome.failure))")
        var info = stat()
        #expect(lstat(cache.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    /// 3. `snapshot --output` is held to `build`'s guard: pointed at the catalog, it deletes nothing.
    @Test func theReviewPageNeverReplacesTheCatalog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("containment-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("snapshot"), to: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("snapshots/demo"), withIntermediateDirectories: true)
        try Data("approved".utf8).write(to: folder.appendingPathComponent("snapshots/demo/approved.png"))
        let result = Pipeline.run(try CatalogReader.read(folder.path))
        let catalog = try #require(result.catalog), theme = try #require(result.theme), site = try #require(result.site)
        for output in [folder.path, folder.deletingLastPathComponent().path] {
            let before = Self.files(under: folder.path)
            let outcome = SnapshotRun.run(catalog: catalog, theme: theme, site: site, options: .init(catalogFolder: folder.path, output: output))
            #expect(outcome.failure != nil, "\(output) was accepted")
            #expect(Self.files(under: folder.path) == before)
        }
    }

    /// 4. `web:` cannot name what is outside the repository: `/proc/self/environ`, `/etc/passwd`
    /// and `assets: /proc/self` are refused at their lines (nothing published, no crash); an old
    /// tag's catalog.yaml naming them publishes nothing either; the bytes read are bounded.
    @Test func webFilesOutsideTheRepositoryAreRefused() throws {
        let repository = try Repository(from: "web/catalog")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("web/ui"), to: repository.root.appendingPathComponent("ui"))
        try repository.replace("catalog.yaml", "styles: [../ui/ui.css]", "styles: [../ui/ui.css, /proc/self/environ]")
        try repository.replace("catalog.yaml", "scripts: [../ui/ui-button.js, ../ui/ui-card.js]", "scripts: [../ui/ui-button.js, ../ui/ui-card.js, /etc/passwd, ../../../../../../etc/passwd]")
        try repository.replace("catalog.yaml", "assets: ../ui/assets", "assets: /proc/self")
        try repository.commit("hostile web paths")
        for tree in [try CatalogReader.read(repository.catalog, displayRoot: "catalog"),
                     try GitRevision.tree(at: try repository.git("rev-parse", "HEAD"), prefix: "catalog/", in: repository.root.path, displayRoot: "catalog")] {
            let published = tree.web.files.keys.joined(separator: " ")
            #expect(!published.contains("environ") && !published.contains("passwd") && !published.contains("status"), "\(published)")
            let result = Pipeline.run(tree)
            let refused = result.diagnostics.filter { $0.rule == .webMissing && $0.message.contains("outside") }
            #expect(refused.count == 4, "\(result.diagnostics.filter { $0.rule == .webMissing })")
            #expect(refused.allSatisfy { $0.location.file.hasSuffix("catalog.yaml") && $0.location.line > 1 })
        }
    }

    @Test func theBytesReadFromTheWebFolderAreBounded() throws {
        let repository = try Repository(from: "web/catalog")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("web/ui"), to: repository.root.appendingPathComponent("ui"))
        // Twenty sparse files of 1 MiB where 4 MiB is the most read (the same rule as 200 files
        // of 16 MiB against the real 256 MiB, in a fraction of the time).
        for index in 0..<20 {
            let path = repository.root.appendingPathComponent("ui/assets/big-\(index).bin").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(1_048_576)) == 0)
        }
        var limit = ReadLimit.web
        limit.totalBytes = 4 * 1_048_576
        var reads = SourceReads()
        let web = WebFiles.read(styles: ["../ui/ui.css"], scripts: [], assets: "../ui/assets", catalogDirectory: repository.catalog, displayRoot: "catalog",
                                store: DiskStore(forCatalog: repository.catalog), reads: &reads, limit: limit)
        let total = web.files.values.reduce(0) { $0 + $1.count }
        #expect(total <= limit.totalBytes && total > 2 * 1_048_576)
        #expect(web.skipped.filter { $0.contains("already hold") }.count >= 16, "\(web.skipped)")
        // And the real limit holds for the real reader: what it reads is never more.
        #expect(ReadLimit.web.totalBytes == 256 * 1_048_576)
    }

    /// 5. A catalog file at a path the tool writes — the script every page loads, a component's
    /// `component.json`, an example's page — is an error naming both, never a silent replacement.
    @Test func aCatalogFileNeverReplacesAGeneratedOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("containment-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["catalog", "ui"] {
            try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("web/\(name)"), to: folder.appendingPathComponent(name))
        }
        let catalogFolder = folder.appendingPathComponent("catalog")
        let first = Pipeline.run(try CatalogReader.read(catalogFolder.path), pages: .kept)
        let script = try #require(first.site?.allPaths.first { $0.hasPrefix("assets/theme.") && $0.hasSuffix(".js") })
        for path in [script, "components/button/component.json", "components/button/examples/primary/index.html"] {
            let url = catalogFolder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("alert(document.cookie)".utf8).write(to: url)
        }
        // Linked from the prose, so the files are published.
        let index = catalogFolder.appendingPathComponent("components/button/index.md")
        try Data((try String(contentsOf: index, encoding: .utf8) + "\n[data](component.json), [page](examples/primary/index.html)\n").utf8).write(to: index)
        let result = Pipeline.run(try CatalogReader.read(catalogFolder.path), pages: .kept)
        let clashes = result.diagnostics.filter { $0.rule == .outputClash }
        #expect(result.site == nil || !result.succeeded)
        #expect(clashes.contains { $0.message.contains("components/button/component.json") && $0.location.file.hasSuffix("components/button/component.json") }, "\(clashes)")
        #expect(clashes.contains { $0.message.contains(script) }, "\(clashes)")
        #expect(clashes.allSatisfy { $0.message.contains("catalog-build makes") && $0.message.contains("the catalog's file") })
    }

    /// 7. A release that cannot be written (a full disk) fails the build and leaves the previous
    /// output; no build that succeeds links a version it did not publish.
    @Test func aFullDiskDuringAVersionedBuildFailsIt() throws {
        guard geteuid() == 0 else { return }  // a small tmpfs needs root to mount
        let repository = try Releases.repository()
        // How much the site takes without and with its releases.
        let (full, output) = Releases.build(repository)
        #expect(full.succeeded)
        // What the files take on a disk: whole blocks.
        func size(_ path: String) -> Int {
            Self.files(under: path).reduce(0) { total, file in
                var info = stat()
                return total + (lstat(path + "/" + file, &info) == 0 ? Int(info.st_blocks) * 512 : 0)
            }
        }
        let withReleases = size(output) + size(repository.root.appendingPathComponent(".public.history").path)
        let current = size(output) - size(output + "/v")
        let disk = repository.root.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        // Room for the current version (twice: the staging folder and the history's own read)
        // and part of the releases, not all of them.
        let room = (current + (withReleases - current) / 2) / 1024 + 64
        #expect(withReleases > current * 2)
        guard mount("tmpfs", disk.path, "tmpfs", 0, "size=\(room)k") == 0 else { return }
        defer { umount(disk.path) }
        let outcome = SiteBuild.run(source: repository.catalog, output: disk.appendingPathComponent("public").path)
        #expect(!outcome.succeeded)
        #expect(outcome.failure?.contains("the release") == true, "\(String(describing: outcome.failure))")
        #expect(!FileManager.default.fileExists(atPath: disk.appendingPathComponent("public/index.html").path), "no half site")
    }

    /// 7. A release that does not build is left out of everything that lists versions.
    @Test func aReleaseLeftOutIsListedNowhere() throws {
        let repository = try Releases.repository()
        // v1.1.0's catalog does not build: it is left out, and nothing links it.
        try repository.git("checkout", "-q", "v1.1.0")
        try repository.write("components/gamma/component.yaml", "name: Gamma\nsummary: [broken\n")
        try repository.commit("broken gamma")
        try repository.git("tag", "-f", "v1.1.0")
        try repository.git("checkout", "-q", "main")
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded, "\(String(describing: outcome.failure))")
        #expect(outcome.result.diagnostics.contains { $0.rule == .versionsReleaseFailed && $0.message.contains("v1.1.0") })
        #expect(!FileManager.default.fileExists(atPath: output + "/v/v1.1.0"))
        let versions = Releases.read(output, "versions.json")
        #expect(!versions.contains("v/v1.1.0/") && versions.contains("v/v2.0.0/"), "\(versions)")
        for page in ["releases/index.html", "releases.xml", "index.html"] {
            #expect(!Releases.read(output, page).contains("v/v1.1.0/"), "\(page) links the version left out")
        }
    }

    /// 10. The MCP server's cache is in the user's cache folder, private, never a shared /tmp path.
    @Test func theMCPCacheIsPrivate() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("containment-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let cache = try #require(CatalogState.cache(forCatalog: "/some/catalog", environment: ["XDG_CACHE_HOME": home.path]))
        #expect(cache.folder.hasPrefix(home.path + "/catalog-build/"))
        var info = stat()
        #expect(lstat(cache.folder, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == geteuid())
        // A folder another user planted (here: a link) is not used.
        try FileManager.default.removeItem(atPath: cache.folder)
        #expect(symlink("/tmp", cache.folder) == 0)
        #expect(CatalogState.cache(forCatalog: "/some/catalog", environment: ["XDG_CACHE_HOME": home.path]) == nil)
    }

    /// 12. Tags a URL cannot keep as they are never share a folder; each is published.
    @Test func tagFoldersNeverCollide() throws {
        let repository = try Releases.repository()
        try repository.replace("catalog.yaml", "tags: \"v*\"", "tags: \"*\"")
        try repository.commit("every tag")
        for tag in ["v2.1.0#x", "v2.1.0%x", "unreleased"] { try repository.git("tag", tag) }
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded, "\(String(describing: outcome.failure))")
        let folders = Set(["v2.1.0#x", "v2.1.0%x", "unreleased"].map(VersionContext.folderName))
        #expect(folders.count == 3 && !folders.contains("unreleased"))
        for folder in folders { #expect(FileManager.default.fileExists(atPath: output + "/releases/\(folder)/index.html"), "\(folder)") }
        #expect(Releases.read(output, "releases/unreleased/index.html").contains("Next"))
    }

    /// 13. Two versioned builds of one output at once take turns: neither loses a release.
    @Test func concurrentBuildsOfOneOutputTakeTurns() throws {
        let repository = try Releases.repository()
        let outcomes = Mutex<[SiteBuild.Outcome]>([])
        let (source, output) = (repository.catalog, repository.root.appendingPathComponent("public").path)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let outcome = SiteBuild.run(source: source, output: output)
            outcomes.withLock { $0.append(outcome) }
        }
        for outcome in outcomes.withLock({ $0 }) {
            #expect(outcome.succeeded, "\(String(describing: outcome.failure))")
            #expect(!outcome.result.diagnostics.contains { $0.rule == .versionsReleaseFailed }, "\(outcome.result.diagnostics.filter { $0.rule == .versionsReleaseFailed })")
        }
    }
}
