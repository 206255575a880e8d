import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogDiff
import CatalogHistory
import CatalogPublish
import CatalogTestSupport

/// `versions:`: a repository with four releases built into a site with every kept version,
/// each component's Changes checked against `diff` between the same tags, the release notes,
/// the feed, canonical links, the cache, and the ways it refuses.
@Suite("History", .serialized)
struct HistoryTests {
    typealias Repository = GitRepository

    @Test func everyKeptVersionIsPublishedAndLinksWithinItself() throws {
        let repository = try Releases.repository()
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded, "\(outcome.result.diagnostics.filter { $0.severity == .error })")
        let manager = FileManager.default
        // keep: 3 — the newest three releases have a copy; every release has notes.
        for tag in ["v1.1.0", "v1.2.0", "v2.0.0"] {
            #expect(manager.fileExists(atPath: "\(output)/v/\(tag)/index.html"), "\(tag)")
            #expect(manager.fileExists(atPath: "\(output)/v/\(tag)/components.json"), "\(tag)")
            #expect(manager.fileExists(atPath: "\(output)/v/\(tag)/components/alpha/index.md"), "\(tag)")
        }
        #expect(!manager.fileExists(atPath: "\(output)/v/v1.0.0"))
        #expect(manager.fileExists(atPath: "\(output)/v/v1.1.0/components/gamma/index.html"))
        for tag in ["v1.0.0", "v1.1.0", "v1.2.0", "v2.0.0", "unreleased"] {
            #expect(manager.fileExists(atPath: "\(output)/releases/\(tag)/index.html"), "\(tag)")
        }
        // Hashed assets exist once, at the root; every page of every version finds what it links.
        let enumerator = manager.enumerator(atPath: output)!
        while let path = enumerator.nextObject() as? String {
            #expect(!(path.hasPrefix("v/") && path.contains("/assets/") && VersionContext.isShared(String(path[path.range(of: "/assets/")!.lowerBound...].dropFirst()))), "\(path) is a second copy of a shared asset")
        }
        let crawl = SiteLinkReferences.crawl(output)
        #expect(crawl.broken.isEmpty, "\(crawl.broken)")
        #expect(crawl.pages > 40)
    }

    @Test func eachComponentSaysWhatEachReleaseChangedAsDiffDoes() throws {
        let repository = try Releases.repository()
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded)
        // Every release, every component: what `diff` finds between the same two tags is on the
        // component's page, under that release, and nothing else is.
        var compared = 0
        for (base, head) in [("v1.0.0", "v1.1.0"), ("v1.1.0", "v1.2.0"), ("v1.2.0", "v2.0.0")] {
            let changes = try ChangeAnalysis.run(source: repository.catalog, base: base, head: head)
            for slug in ["alpha", "beta", "gamma"] {
                let page = Releases.read(output, "components/\(slug)/index.html")
                let id = "id=\"changes-" + head.replacingOccurrences(of: ".", with: "-") + "\""
                let expected = changes.changes.filter { ($0.component == slug || ($0.area == .token && $0.affects.contains(slug))) && $0.area != .problem }
                guard !expected.isEmpty else {
                    #expect(!page.contains(id), "\(slug) lists \(head), in which diff finds no change to it")
                    continue
                }
                let section = (page.components(separatedBy: id).dropFirst().first ?? "").components(separatedBy: "class=\"release-changes\"").first ?? ""
                for change in expected {
                    compared += 1
                    #expect(section.contains(HTMLEntities.escape(change.message)), "\(slug)'s \(head) changes miss “\(change.message)”")
                }
                #expect(section.components(separatedBy: "<li class=\"change change--").count - 1 == expected.count + (slug == "alpha" && head == "v1.2.0" ? 1 : 0), "\(slug) \(head): one item per change (and the note)")
            }
        }
        #expect(compared >= 5)
        let alpha = Releases.read(output, "components/alpha/index.html")
        let section = alpha.components(separatedBy: "id=\"changes-v1-2-0\"").dropFirst().first ?? ""
        #expect(alpha.contains("property label is renamed title"))
        #expect(alpha.contains("label is now title."), "the hand-written note")
        // Breaking first within the release.
        let breaking = section.range(of: "change--breaking")!.lowerBound, notable = section.range(of: "change--notable")!.lowerBound
        #expect(breaking < notable)
        // Since, deprecated in, migration.
        #expect(Releases.read(output, "components/gamma/index.html").contains("Since</span> <a href=\"../../releases/v1.1.0/\">v1.1.0</a>"))
        let beta = Releases.read(output, "components/beta/index.html")
        #expect(beta.contains("Deprecated in</span> <a href=\"../../releases/v2.0.0/\">v2.0.0</a>"))
        #expect(beta.contains("id=\"migration\"") && beta.contains("Migrating to Alpha Switch"))
        // The unreleased change is listed under the working tree's label.
        let gamma = Releases.read(output, "components/gamma/index.html")
        #expect(gamma.contains("Unreleased (Next)") && gamma.contains("state Disabled is added"))
        // component.json carries the same history.
        let json = try JSONSerialization.jsonObject(with: Data(Releases.read(output, "components/alpha/component.json").utf8)) as! [String: Any]
        let history = json["history"] as! [String: Any]
        #expect(history["since"] as? String == "v1.0.0")
        let releases = history["releases"] as! [[String: Any]]
        #expect(releases.map { $0["version"] as! String }.contains("v1.2.0"))
    }

    @Test func releaseNotesFeedVersionsAndCanonicalLinks() throws {
        let repository = try Releases.repository(baseURL: "https://example.org/docs/")
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded)
        let notes = Releases.read(output, "releases/v1.2.0/index.html")
        #expect(notes.contains("Breaking changes") && notes.contains("Alpha Switch: property label is renamed title"))
        #expect(Releases.read(output, "releases/index.html").contains("href=\"../v/v2.0.0/\""))
        // The feed is XML with an entry per release, newest first.
        let feed = Releases.read(output, "releases.xml")
        let parser = XMLParser(data: Data(feed.utf8))
        #expect(parser.parse(), "releases.xml is not well-formed")
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 4)
        #expect(feed.range(of: "<title>v2.0.0</title>")!.lowerBound < feed.range(of: "<title>v1.0.0</title>")!.lowerBound)
        #expect(feed.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/docs/releases/v1.2.0/\"/>"))
        let versions = try JSONSerialization.jsonObject(with: Data(Releases.read(output, "versions.json").utf8)) as! [String: Any]
        #expect((versions["versions"] as! [[String: Any]]).map { $0["label"] as! String } == ["Next", "v2.0.0", "v1.2.0", "v1.1.0"])
        // An earlier release names its current twin as canonical; search engines see the current version.
        let old = Releases.read(output, "v/v1.2.0/components/alpha/index.html")
        #expect(old.contains("<link rel=\"canonical\" href=\"https://example.org/docs/components/alpha/\">"))
        #expect(old.contains("an earlier release") && old.contains("See this page in the current version"))
        #expect(!FileManager.default.fileExists(atPath: output + "/v/v1.2.0/sitemap.xml"))
        #expect(!Releases.read(output, "sitemap.xml").contains("/v/"))
        #expect(Releases.read(output, "llms.txt").contains("(https://example.org/docs/v/v1.2.0/llms.txt)"))
    }

    @Test func aSecondBuildAfterAnEditRebuildsOnlyTheWorkingTree() throws {
        let repository = try Releases.repository()
        let (first, output) = Releases.build(repository)
        #expect(first.succeeded)
        #expect(SiteBuild.versionReport.releasesBuilt.sorted() == ["v1.1.0", "v1.2.0", "v2.0.0"])
        let before = Releases.read(output, "v/v1.2.0/components/alpha/index.html")
        try repository.replace("components/alpha/index.md", "Use it.", "Use it often.")
        let (second, _) = Releases.build(repository)
        #expect(second.succeeded)
        #expect(SiteBuild.versionReport.releasesBuilt.isEmpty)
        #expect(SiteBuild.versionReport.releasesReused.sorted() == ["v1.1.0", "v1.2.0", "v2.0.0"])
        #expect(Releases.read(output, "v/v1.2.0/components/alpha/index.html") == before)
        #expect(Releases.read(output, "components/alpha/index.html").contains("Use it often."))
        // A component added to the working tree changes nothing an earlier release shows.
        try repository.write("components/delta/component.yaml", "name: Delta\nsummary: A fourth one.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n")
        #expect(Releases.build(repository).0.succeeded)
        #expect(SiteBuild.versionReport.releasesBuilt.isEmpty && SiteBuild.versionReport.releasesReused.count == 3)
        // One removed from it does, in the releases that have it: their page now says so.
        #expect(Releases.read(output, "v/v1.2.0/components/gamma/index.html").contains("See this page in the current version"))
        try FileManager.default.removeItem(atPath: repository.catalog + "/components/gamma")
        #expect(Releases.build(repository).0.succeeded)
        #expect(SiteBuild.versionReport.releasesBuilt.sorted() == ["v1.1.0", "v1.2.0", "v2.0.0"])
        let gone = Releases.read(output, "v/v1.2.0/components/gamma/index.html")
        #expect(gone.contains("This page is not in the current version") && !gone.contains("rel=\"canonical\" href=\"/components/gamma/\""))
    }

    @Test func aFailedBuildLeavesEveryVersionAsItWas() throws {
        let repository = try Releases.repository()
        let (first, output) = Releases.build(repository)
        #expect(first.succeeded)
        let files = ["index.html", "v/v1.2.0/components/alpha/index.html", "releases/v1.2.0/index.html", "versions.json"]
        let before = files.map { Releases.read(output, $0) }
        try repository.write("components/alpha/component.yaml", "name: [broken\n")
        let (second, _) = Releases.build(repository)
        #expect(!second.succeeded)
        #expect(files.map { Releases.read(output, $0) } == before)
    }

    @Test func aTagWhoseCatalogDoesNotBuildIsLeftOutAndTheOthersPublish() throws {
        let repository = try Releases.repository()
        // v2.1.0: a catalog with an error (an unknown token) — tagged all the same.
        try repository.replace("components/alpha/component.yaml", "token: brand/ink", "token: brand/inkk")
        try repository.commit("broken")
        try repository.git("tag", "v2.1.0")
        try repository.replace("components/alpha/component.yaml", "token: brand/inkk", "token: brand/ink")
        let (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded)
        let warning = outcome.result.diagnostics.first { $0.rule == .versionsReleaseFailed }
        #expect(warning?.message.contains("v2.1.0") == true && warning?.message.contains("left out") == true)
        #expect(warning?.location.file.hasSuffix("catalog.yaml") == true)
        #expect(!FileManager.default.fileExists(atPath: output + "/v/v2.1.0/index.html"))
        #expect(FileManager.default.fileExists(atPath: output + "/v/v2.0.0/index.html"))
    }

    /// #55 2: a release is prepared in its pull request. A note naming the release being prepared
    /// fails without `versions.next` (the error says how to name it), passes with it and shows
    /// under Unreleased; once the commit is tagged, the same note is that release's.
    @Test func aNoteForTheReleaseBeingPreparedPassesAndStaysAfterTagging() throws {
        let repository = try Releases.repository()
        try repository.replace("components/gamma/component.yaml", "name: Gamma\n", "name: Gamma\nchanges:\n  - { version: v2.1.0, note: \"Gamma can be disabled.\" }\n")
        var (outcome, output) = Releases.build(repository)
        let refused = outcome.result.diagnostics.first { $0.rule == .changesUnknownVersion }
        #expect(refused?.message.contains("versions: { next: v2.1.0 }") == true, "\(String(describing: refused))")
        try repository.replace("catalog.yaml", "  current: Next\n", "  current: Next\n  next: v2.1.0\n")
        (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded && !outcome.result.diagnostics.contains { $0.rule == .changesUnknownVersion }, "\(outcome.result.diagnostics)")
        let unreleased = Releases.read(output, "releases/unreleased/index.html")
        #expect(unreleased.contains("Gamma can be disabled."), "the note is the working tree's")
        #expect(Releases.read(output, "components/gamma/index.html").contains("Gamma can be disabled."))
        // Tagged: the note is v2.1.0's, with nothing edited.
        try repository.commit("prepare v2.1.0")
        try repository.git("tag", "v2.1.0")
        (outcome, output) = Releases.build(repository)
        #expect(outcome.succeeded && !outcome.result.diagnostics.contains { $0.rule == .changesUnknownVersion }, "\(outcome.result.diagnostics)")
        #expect(Releases.read(output, "releases/v2.1.0/index.html").contains("Gamma can be disabled."))
        #expect(!Releases.read(output, "releases/unreleased/index.html").contains("Gamma can be disabled."))
    }

    @Test func badVersionsInputIsReportedAtItsLine() throws {
        // A pattern that matches nothing.
        let repository = try Releases.repository()
        try repository.replace("catalog.yaml", "tags: \"v*\"", "tags: \"release-*\"")
        var (outcome, _) = Releases.build(repository)
        let none = outcome.result.diagnostics.first { $0.rule == .versionsNoReleases }
        #expect(none?.message.contains("release-*") == true)
        let line = try repository.text("catalog.yaml").split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("release-*") }.map { $0 + 1 }
        #expect(none?.location.line == line)
        try repository.replace("catalog.yaml", "tags: \"release-*\"", "tags: \"v*\"")
        // A note naming a version that is not a release.
        try repository.replace("components/alpha/component.yaml", "version: v1.2.0", "version: v1.2.1")
        (outcome, _) = Releases.build(repository)
        let note = outcome.result.diagnostics.first { $0.rule == .changesUnknownVersion }
        #expect(note?.severity == .error && note?.message.contains("did you mean 'v1.2.0'") == true)
        #expect(note?.location.file.hasSuffix("components/alpha/component.yaml") == true)
        // `check` finds it too, without building anything.
        let tree = try CatalogReader.read(repository.catalog)
        #expect(SiteBuild.check(tree, source: repository.catalog, options: LoadOptions()).diagnostics.contains { $0.rule == .changesUnknownVersion })
        // A shallow clone.
        let clone = repository.root.appendingPathComponent("clone")
        try repository.git("clone", "-q", "--depth", "1", "file://" + repository.root.path, clone.path)
        let shallow = SiteBuild.run(source: clone.appendingPathComponent("catalog").path, output: clone.appendingPathComponent("public").path)
        #expect(!shallow.succeeded)
        #expect(shallow.result.diagnostics.contains { $0.rule == .versionsShallow && $0.message.contains("git fetch --tags --unshallow") })
    }

    @Test func semanticVersionOrder() {
        let tags = ["v1.10.0", "v1.9.0", "v2.0.0", "v2.0.0-rc.1", "v2.0.0-beta.2", "v2.0.0-beta.10", "v1.0", "nightly"]
        #expect(tags.sorted(by: ReleaseTags.precedes) == ["nightly", "v1.0", "v1.9.0", "v1.10.0", "v2.0.0-beta.2", "v2.0.0-beta.10", "v2.0.0-rc.1", "v2.0.0"])
        // A tag a URL keeps as it is is its own folder; any other gets a hash of itself, so two
        // tags never share one (#52 12), and no tag takes the working tree's notes page.
        #expect(VersionContext.folderName("v2.0.0-rc.1") == "v2.0.0-rc.1")
        #expect(VersionContext.folderName("release/2.0#x").hasPrefix("release-2.0-x-"))
        #expect(VersionContext.folderName("v1.2.0#x") != VersionContext.folderName("v1.2.0%x"))
        #expect(VersionContext.notesPath(of: "unreleased") != VersionContext.notesPath(of: nil))
        #expect(VersionContext.isShared("assets/site.1a2b3c4d.css") && !VersionContext.isShared("assets/logo.svg"))
    }
}

