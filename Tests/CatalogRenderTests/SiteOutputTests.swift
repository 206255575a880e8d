import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogSiteCheck
import CatalogPipeline
import CatalogOutput
import CatalogPublish
import CatalogTestSupport

/// Builds the valid `base` fixture whole and checks the site it produces.
@Suite("Building a catalog")
struct SiteOutputTests {
    private func build(_ options: LoadOptions = LoadOptions()) throws -> (PipelineResult, Site) {
        let result = Fixtures.run(try Fixtures.read(Fixtures.path("base")), options: options)
        let site = try #require(result.site, "base fixture must build: \(result.diagnostics)")
        return (result, site)
    }

    @Test func producesEveryPageAndFile() throws {
        let (result, site) = try build()
        #expect(!result.diagnostics.hasErrors)
        for path in ["index.html", "404.html", "components/index.html", "guides/index.html",
                     "components/alpha/index.html", "components/beta/index.html", "guides/handbook/index.html",
                     "components/alpha/diagram.svg"] {
            #expect(site[path] != nil, "missing \(path)")
        }
        #expect(site.files.keys.contains { $0.hasPrefix("assets/site.") && $0.hasSuffix(".css") })
        #expect(site.files.keys.contains { $0.hasPrefix("assets/tokens.") && $0.hasSuffix(".css") })
    }

    @Test func theLiveReloadScriptIsNeverInTheBuild() throws {
        let (_, site) = try build()
        for page in site.pagePaths {
            #expect(site.text(page)?.contains("_catalog") == false, "\(page)")
        }
    }

    /// `build` writes pages as they are rendered; what lands on disk is the site `serve` holds.
    @Test func theWrittenSiteEqualsTheSiteInMemory() throws {
        let (_, site) = try build()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("written-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let outcome = SiteBuild.run(source: Fixtures.path("base"), output: output.path)
        #expect(outcome.succeeded, "\(outcome.result.diagnostics) \(outcome.failure ?? "")")
        #expect(outcome.report?.files == site.files.count)
        var written: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: output.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: output.appendingPathComponent(relative).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { written[relative] = try [UInt8](Data(contentsOf: output.appendingPathComponent(relative))) }
        }
        // The marker tells the next build the folder is one it may replace.
        #expect(Set(written.keys) == Set(site.files.keys).union([OutputGuard.markerName]))
        for (path, bytes) in site.files { #expect(written[path] == bytes, "\(path)") }
        #expect(outcome.result.site?.pagePaths == site.pagePaths)
    }

    @Test func assetsAreNamedByTheirContent() throws {
        let (_, site) = try build()
        for (path, bytes) in site.files where path.hasPrefix("assets/") {
            let name = (path as NSString).lastPathComponent
            let parts = name.split(separator: ".")
            #expect(parts.count >= 3, "\(path) has no hash")
            #expect(String(parts[parts.count - 2]) == StableHash.hex(bytes: bytes), "\(path) is not named by its bytes")
        }
    }

    @Test func everyInternalLinkResolves() throws {
        for base in ["/", "/docs/"] {
            let (_, site) = try build(LoadOptions(baseURL: base))
            for page in site.pagePaths {
                let html = try #require(site.text(page))
                for reference in Self.references(in: html) where !reference.contains(":") && !reference.hasPrefix("#") {
                    // Absolute paths (the canonical link, the 404 page) start at the base URL.
                    if reference.hasPrefix("/") { #expect(reference.hasPrefix(base), "\(page): \(reference) is outside \(base)") }
                    let target = reference.hasPrefix("/")
                        ? Self.resolve(String(reference.dropFirst(base.count)), from: "index.html")
                        : Self.resolve(reference, from: page)
                    #expect(site[target] != nil, "\(page) links to \(reference) → \(target), which does not exist")
                }
            }
        }
    }

    @Test func notFoundPageLinksFromTheBaseURL() throws {
        let (_, site) = try build(LoadOptions(baseURL: "/docs/"))
        let html = try #require(site.text("404.html"))
        #expect(html.contains("href=\"/docs/assets/site."))
        #expect(html.contains("href=\"/docs/components/\""))
        let page = try #require(site.text("components/alpha/index.html"))
        #expect(page.contains("<link rel=\"canonical\" href=\"/docs/components/alpha/\">"))
    }

    @Test func tokensBecomeCustomPropertiesAndRolesBindThem() throws {
        let (_, site) = try build()
        let tokensCSS = try #require(site.files.first { $0.key.hasPrefix("assets/tokens.") }.map { String(decoding: $0.value, as: UTF8.self) })
        #expect(tokensCSS.contains("--brand-blue: #005CE5;"))
        #expect(tokensCSS.contains("--alpha-track-on: var(--brand-blue);"))
        // The page links its roles stylesheet, a shared file under assets/ named by its content.
        let page = try #require(site.text("components/alpha/index.html"))
        let href = try #require(page.components(separatedBy: "href=\"../../").first { $0.hasPrefix("assets/roles.") }?.components(separatedBy: "\"").first)
        let roles = try #require(site.text(href))
        #expect(!site.files.keys.contains { $0.hasPrefix("components/") && $0.contains("roles.") })
        #expect(roles.contains("--demo-track-on: var(--alpha-track-on);"))
        #expect(roles.contains("--demo-indicator-on: var(--alpha-knob);"))
    }

    @Test func modelStringsAreEscaped() throws {
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: \"<Tags> & 'quotes'\"\n",
            "components/x/component.yaml": "name: \"<script>alert(1)</script>\"\nsummary: \"a \\\"quoted\\\" <b>summary</b>\"\n",
        ])
        let site = try #require(Fixtures.run(tree).site)
        let page = try #require(site.text("components/x/index.html"))
        #expect(!page.contains("<script>alert(1)"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("a &quot;quoted&quot; &lt;b&gt;summary&lt;/b&gt;"))
        #expect(site.text("index.html")?.contains("&lt;Tags&gt; &amp; &#39;quotes&#39;") == true)
    }

    @Test func writingSwapsTheWholeOutputAndKeepsUnchangedFiles() throws {
        let (_, site) = try build()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: output.appendingPathComponent("stale.html"))
        try Data().write(to: output.appendingPathComponent(OutputGuard.markerName))

        let first = try SiteWriter.write(site, to: output.path)
        #expect(first.files == site.files.count)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("stale.html").path), "old files are gone after a build")
        let index = output.appendingPathComponent("index.html").path
        let inode = try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? Int

        let second = try SiteWriter.write(site, to: output.path)
        #expect(second.changed == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? Int == inode, "unchanged files are linked, not rewritten")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == Data(site["index.html"]!))
    }

    @Test func refusesToReplaceTheCatalogItself() throws {
        let (_, site) = try build()
        #expect(throws: SiteWriter.Failure.self) {
            try SiteWriter.write(site, to: Fixtures.path("base"), protecting: SiteBuild.protectedFolders(forCatalog: Fixtures.path("base")))
        }
    }

    // MARK: Helpers

    static func references(in html: String) -> [String] { SiteLinkRule.references(in: html) }

    static func resolve(_ reference: String, from page: String) -> String { SiteLinkRule.resolve(reference, from: page) }
}

/// A file that cannot be written into the staging folder fails the build and leaves the previous
/// output exactly as it was: a site with a page missing is never swapped in.
@Suite("Staging write failures")
struct StagingWriteFailureTests {
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            files[relative] = (try? Data(contentsOf: folder.appendingPathComponent(relative))) ?? Data("<dir>".utf8)
        }
        return files
    }

    /// Each way a worker's write can fail: a page under a name that is a file already, and a
    /// name longer than the file system takes.
    @Test(arguments: ["blocked/page.html", String(repeating: "n", count: 300) + ".html"])
    func aFailedWriteIsNeverSwappedIn(failing path: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("staging-failure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("previous".utf8).write(to: output.appendingPathComponent("index.html"))
        try Data(OutputGuard.markerText.utf8).write(to: output.appendingPathComponent(OutputGuard.markerName))
        let before = Self.snapshot(output)

        let staging = try SiteStaging(output: output.path, protecting: [], force: false)
        staging.accept("index.html", Array("new".utf8))
        staging.accept("blocked", Array("a file".utf8))
        staging.accept(path, Array("<p>a page</p>".utf8))
        var site = Site()
        site.add("robots.txt", text: "User-agent: *\n")
        #expect(throws: SiteWriter.Failure.self) { try staging.commit(site) }
        staging.discard()

        #expect(Self.snapshot(output) == before, "the previous output changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(left == ["out"], "staging left behind: \(left)")
    }
}

/// An output that is a mount point (a container volume, a tmpfs) cannot be renamed: a build
/// stages inside it and swaps the contents. Needs the right to mount; skipped without it.
enum Mounting {
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run(["mount", "-t", "tmpfs", "none", probe.path]) else { return false }
        return run(["umount", probe.path])
    }()

    @discardableResult
    static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

@Suite("An output that is a mount point", .enabled(if: Mounting.canMount))
struct MountPointOutputTests {

    /// A tmpfs mounted on `root/out`, unmounted and removed after `body`.
    private func withMountedOutput(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mounted-\(UUID().uuidString)")
        let output = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try #require(Mounting.run(["mount", "-t", "tmpfs", "none", output.path]))
        defer {
            Mounting.run(["umount", output.path])
            try? FileManager.default.removeItem(at: root)
        }
        try body(output)
    }

    @Test func anEmptyMountPointIsBuiltIntoAndRebuilt() throws {
        try withMountedOutput { output in
            #expect(OutputGuard.isMountPoint(output.path))
            #expect(!OutputGuard.isMountPoint(output.deletingLastPathComponent().path))
            let first = SiteBuild.run(source: Fixtures.path("base"), output: output.path)
            #expect(first.succeeded, "\(first.failure ?? "")")
            let site = try #require(Fixtures.run(try Fixtures.read(Fixtures.path("base"))).site)
            var expected = Set(site.files.keys).union([OutputGuard.markerName])
            #expect(Set(StagingWriteFailureTests.snapshot(output).keys).filter { !$0.contains("/") } == Set(expected.map { String($0.split(separator: "/")[0]) }))
            // A file the previous build did not write goes with the previous site, as when the
            // output is an ordinary folder; nothing is left beside or inside the output.
            try Data("stray".utf8).write(to: output.appendingPathComponent("stray.txt"))
            let second = SiteBuild.run(source: Fixtures.path("base"), output: output.path)
            #expect(second.succeeded, "\(second.failure ?? "")")
            #expect(second.report?.changed == 0)
            var written = Set<String>()
            let enumerator = FileManager.default.enumerator(atPath: output.path)
            while let relative = enumerator?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: output.appendingPathComponent(relative).path, isDirectory: &isDirectory)
                if !isDirectory.boolValue { written.insert(relative) }
            }
            expected = Set(site.files.keys).union([OutputGuard.markerName])
            #expect(written == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path) == ["out"])
        }
    }

    @Test func aMountPointHoldingOtherFilesIsRefusedAndKept() throws {
        try withMountedOutput { output in
            try Data("precious".utf8).write(to: output.appendingPathComponent("notes.txt"))
            let outcome = SiteBuild.run(source: Fixtures.path("base"), output: output.path)
            #expect(!outcome.succeeded)
            #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["notes.txt"])
        }
    }

    /// A failed build leaves the mounted output's previous site exactly as it was.
    @Test func aFailedWriteLeavesTheMountedOutputAsItWas() throws {
        try withMountedOutput { output in
            try Data("previous".utf8).write(to: output.appendingPathComponent("index.html"))
            try Data(OutputGuard.markerText.utf8).write(to: output.appendingPathComponent(OutputGuard.markerName))
            let before = StagingWriteFailureTests.snapshot(output)
            let staging = try SiteStaging(output: output.path, protecting: [], force: false)
            staging.accept("blocked", Array("a file".utf8))
            staging.accept("blocked/page.html", Array("<p>a page</p>".utf8))
            #expect(throws: SiteWriter.Failure.self) { try staging.commit(Site()) }
            staging.discard()
            #expect(StagingWriteFailureTests.snapshot(output) == before)
        }
    }
}
