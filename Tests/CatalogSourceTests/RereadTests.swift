import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogTestSupport

/// `serve` reads the catalog again after each save, starting from what it read last: a file whose
/// stamp is unchanged is kept as it was, without being looked up and stored again. Whatever
/// changed on disk in between, the tree is the one a fresh read gives.
/// Two reads of a catalog folder gave the same tree: the same files and hashes, a stamp for the
/// same files, and the same problems (message and place) in the same order. Shared by the tests
/// of every way a read can be made (from the previous read, in parts).
func expectSameRead(_ read: SourceTree, _ expected: SourceTree, _ what: String) {
    #expect(read.files == expected.files, "\(what): files")
    #expect(read.hashes == expected.hashes, "\(what): hashes")
    #expect(Set(read.stamps.keys) == Set(expected.stamps.keys), "\(what): stamps")
    #expect(read.problems.map(\.description) == expected.problems.map(\.description), "\(what): problems")
    #expect(read.metLinks == expected.metLinks, "\(what): links met")
}

@Suite("A read that starts from the previous one")
struct RereadTests {
    private static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reread-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        return folder
    }

    @Test func whatChangedOnDiskIsWhatAFreshReadSees() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let first = try CatalogReader.read(folder.path, displayRoot: "fixture")
        #expect(first.isStamped && first.files["components/alpha/diagram.svg"] != nil)

        // Nothing changed: the same tree.
        expectSameRead(try CatalogReader.read(folder.path, displayRoot: "fixture", previous: first), first, "unchanged")

        // A file gone, a file added, a file turned into a folder, a file that became the twin of
        // a new one (`Diagram.svg` sorts first, so `diagram.svg` is the second of the pair), and
        // an edited file.
        try manager.removeItem(at: folder.appendingPathComponent("components/beta/index.md"))
        try Data("# New\n".utf8).write(to: folder.appendingPathComponent("guides-new.md"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: folder.appendingPathComponent("components/alpha/Diagram.svg"))
        let model = folder.appendingPathComponent("components/beta/component.yaml")
        let modelText = try String(contentsOf: model, encoding: .utf8)
        try manager.removeItem(at: model)
        try manager.createDirectory(at: model, withIntermediateDirectories: false)
        let prose = folder.appendingPathComponent("components/alpha/index.md")
        try Data((try String(contentsOf: prose, encoding: .utf8) + "\nOne more line.\n").utf8).write(to: prose)
        try manager.createDirectory(at: folder.appendingPathComponent("guides"), withIntermediateDirectories: true)
        try Data("# Added\n".utf8).write(to: folder.appendingPathComponent("guides/added.md"))

        let again = try CatalogReader.read(folder.path, displayRoot: "fixture", previous: first, reread: ["components/alpha/index.md"])
        let fresh = try CatalogReader.read(folder.path, displayRoot: "fixture")
        expectSameRead(again, fresh, "changed")
        #expect(again.files["components/beta/index.md"] == nil && again.files["components/beta/component.yaml"] == nil)
        #expect(again.files["components/alpha/diagram.svg"] == nil && again.files["components/alpha/Diagram.svg"] != nil)
        #expect(again.files["guides/added.md"] != nil)
        #expect(again.problems.contains { $0.message.contains("is a folder, not a file") })

        // Put back as it was: the tree is the first one again.
        try manager.removeItem(at: model)
        try Data(modelText.utf8).write(to: model)
        let back = try CatalogReader.read(folder.path, displayRoot: "fixture", previous: again)
        expectSameRead(back, try CatalogReader.read(folder.path, displayRoot: "fixture"), "put back")
        #expect(back.files["components/beta/component.yaml"] == first.files["components/beta/component.yaml"])
    }

    /// A tree that was not made by a walk of the disk (no stamps) is not started from: every
    /// file is read, and the files it holds that the disk does not are not kept.
    @Test func aTreeWithoutStampsIsNotStartedFrom() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = SourceTree(displayRoot: "fixture", texts: ["components/ghost/index.md": "# Ghost\n", "catalog.yaml": "title: Other\n"])
        #expect(!made.isStamped)
        let read = try CatalogReader.read(folder.path, displayRoot: "fixture", previous: made)
        expectSameRead(read, try CatalogReader.read(folder.path, displayRoot: "fixture"), "unstamped previous")
        #expect(read.files["components/ghost/index.md"] == nil)
    }

    /// `serve`'s read after its watcher reported what changed: files changed in place are read
    /// alone (a change it did not report is not seen, which is how the test knows no walk ran),
    /// and the result is the fresh read's. Anything else it could not know from the report alone
    /// gives nil, and the caller walks the folder.
    @Test func filesChangedInPlaceAreReadAloneAndAnythingElseIsWalked() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        func append(_ relative: String, _ text: String) throws {
            let url = folder.appendingPathComponent(relative)
            try Data((try String(contentsOf: url, encoding: .utf8) + text).utf8).write(to: url)
        }
        let first = try CatalogReader.read(folder.path, displayRoot: "fixture")
        #expect(!first.metLinks)

        // In place: what a fresh read gives.
        try append("components/alpha/index.md", "\nOne more line.\n")
        let patched = try #require(try CatalogReader.read(folder.path, changed: ["components/alpha/index.md"], previous: first, displayRoot: "fixture"))
        expectSameRead(patched, try CatalogReader.read(folder.path, displayRoot: "fixture"), "changed in place")
        #expect(patched.theme == first.theme && patched.reads == first.reads)

        // Only the files reported are read: beta's change, not reported, is not seen.
        try append("components/beta/index.md", "\nNot reported.\n")
        try append("components/alpha/index.md", "\nReported.\n")
        let alone = try #require(try CatalogReader.read(folder.path, changed: ["components/alpha/index.md"], previous: patched, displayRoot: "fixture"))
        #expect(alone.files["components/beta/index.md"] == first.files["components/beta/index.md"])
        #expect(String(decoding: alone.files["components/alpha/index.md"] ?? [], as: UTF8.self).hasSuffix("Reported.\n"))
        let now = try CatalogReader.read(folder.path, displayRoot: "fixture")

        // A file added, a file removed, a file turned into a link to another: nil.
        try Data("# New\n".utf8).write(to: folder.appendingPathComponent("guides/new.md"))
        #expect(try CatalogReader.read(folder.path, changed: ["guides/new.md"], previous: now, displayRoot: "fixture") == nil)
        try manager.removeItem(at: folder.appendingPathComponent("guides/new.md"))
        try manager.removeItem(at: folder.appendingPathComponent("guides/handbook.md"))
        #expect(try CatalogReader.read(folder.path, changed: ["guides/handbook.md"], previous: now, displayRoot: "fixture") == nil)
        let beta = folder.appendingPathComponent("components/beta/index.md")
        try manager.removeItem(at: beta)
        try manager.createSymbolicLink(atPath: beta.path, withDestinationPath: "../alpha/index.md")
        #expect(try CatalogReader.read(folder.path, changed: ["components/beta/index.md"], previous: now, displayRoot: "fixture") == nil)

        // A catalog read through a link: its target changes under its own name, so nil.
        let linked = try CatalogReader.read(folder.path, displayRoot: "fixture")
        #expect(linked.metLinks && linked.files["components/beta/index.md"] == linked.files["components/alpha/index.md"])
        try append("components/alpha/index.md", "\nThrough the link.\n")
        #expect(try CatalogReader.read(folder.path, changed: ["components/alpha/index.md"], previous: linked, displayRoot: "fixture") == nil)
        try manager.removeItem(at: beta)
        try Data("# Beta\n".utf8).write(to: beta)

        // More changes than a walk costs, and a tree with no files (the folder was gone): nil.
        let plain = try CatalogReader.read(folder.path, displayRoot: "fixture")
        let many = Set(["components/alpha/index.md"] + (0 ..< CatalogReader.maximumChangedInPlace).map { "components/alpha/\($0).md" })
        #expect(try CatalogReader.read(folder.path, changed: many, previous: plain, displayRoot: "fixture") == nil)
        #expect(try CatalogReader.read(folder.path, changed: [], previous: SourceTree(displayRoot: "fixture", files: [:]), displayRoot: "fixture") == nil)
        #expect(try CatalogReader.read(folder.path, changed: [], previous: plain, displayRoot: "fixture") != nil)
    }

    /// Whether a change the watcher reported touches what a read of what catalog.yaml names
    /// read: a file read on its own, anything below a folder read, a place looked for or the
    /// first missing folder on the way to it; paths recorded through a link or with `..` are
    /// compared as the watcher reports them, resolved.
    @Test func aChangeTouchesWhatWasRead() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("touches-\(UUID().uuidString)").resolvingSymlinksInPath()
        defer { try? manager.removeItem(at: base) }
        try manager.createDirectory(at: base.appendingPathComponent("real/theme"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: base.appendingPathComponent("linked").path, withDestinationPath: "real")
        let root = base.path
        var reads = SourceReads()
        reads.read(file: root + "/ui/ui.css")
        reads.read(folder: root + "/linked/theme", depth: 12)
        reads.read(folder: root + "/catalog/../shots", depth: 20)
        reads.lookedFor(root + "/later/usage")
        #expect(reads.touches(any: [root + "/ui/ui.css"]))
        #expect(!reads.touches(any: [root + "/ui/other.css"]))
        #expect(reads.touches(any: [root + "/nothing", root + "/ui/ui.css"]) && !reads.touches(any: [root + "/nothing", root + "/ui/other.css"]))
        #expect(reads.touches(any: [root + "/real/theme/templates/page.mustache"]))
        #expect(reads.touches(any: [root + "/shots/button/default.png"]))
        #expect(reads.touches(any: [root + "/later"]) && reads.touches(any: [root + "/later/usage"]))
        #expect(!reads.touches(any: [root + "/latest"]) && !reads.touches(any: [root + "/catalog/catalog.yaml"]))
    }
}
