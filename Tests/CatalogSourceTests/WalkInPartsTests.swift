import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogTestSupport

/// A large folder (the components of a big catalog) is walked on all cores, in parts, and the
/// parts are put together in name order. Whatever the folder holds — twins, names that are not
/// UTF-8, a named pipe, links that loop back across the parts, broken links — the tree is exactly
/// the one a walk of one name at a time gives: the same files, and the same problems in the same
/// order.
@Suite("A large folder walked in parts")
struct WalkInPartsTests {
    /// The fixture catalog with 80 more components, and in among them every kind of entry the
    /// walk reports.
    private static func workspace() throws -> URL {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString)")
        try manager.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        let components = folder.appendingPathComponent("components")
        for number in 0..<80 {
            let component = components.appendingPathComponent(String(format: "c%03d", number))
            try manager.createDirectory(at: component, withIntermediateDirectories: true)
            try Data("name: C\(number)\nsummary: Component \(number).\n".utf8).write(to: component.appendingPathComponent("component.yaml"))
            try Data("# C\(number)\n\nProse \(number).\n".utf8).write(to: component.appendingPathComponent("index.md"))
        }
        // Twins whose names sort into different parts (capitals before digits and letters).
        try manager.createDirectory(at: components.appendingPathComponent("Twin"), withIntermediateDirectories: true)
        try manager.createDirectory(at: components.appendingPathComponent("twin"), withIntermediateDirectories: true)
        // A name that is not UTF-8.
        var bytes = Array((components.path + "/bad-").utf8) + [0xFF, 0]
        #expect(mkdir(&bytes, 0o755) == 0)
        // A named pipe where a page should be, and a page that is a folder.
        #expect(mkfifo(components.appendingPathComponent("c010/notes.md").path, 0o644) == 0)
        try manager.removeItem(at: components.appendingPathComponent("c030/component.yaml"))
        try manager.createDirectory(at: components.appendingPathComponent("c030/component.yaml"), withIntermediateDirectories: true)
        // Links: to a file in the same component, and to nothing.
        try manager.createSymbolicLink(atPath: components.appendingPathComponent("c040/copy.md").path, withDestinationPath: "index.md")
        try manager.createSymbolicLink(atPath: components.appendingPathComponent("c020/dangling.md").path, withDestinationPath: "nowhere.md")
        return folder
    }

    @Test func aFolderWalkedInPartsGivesWhatAWalkOneNameAtATimeGives() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let oneByOne = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: false)
        let parts = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: true)
        expectSameRead(parts, oneByOne, "a fresh read")
        // Every kind of entry was met (so the comparison compares something).
        let messages = oneByOne.problems.map(\.message)
        for expected in ["differ only in letter case", "not valid UTF-8", "named pipe", "is a folder, not a file", "does not exist"] {
            #expect(messages.contains { $0.contains(expected) }, "no problem says '\(expected)': \(messages)")
        }
        #expect(oneByOne.files["components/c079/index.md"] != nil && oneByOne.files["components/c040/copy.md"] != nil)

        // Read again from the last read, after an edit in each part and a file removed.
        try Data("# C3\n\nEdited.\n".utf8).write(to: folder.appendingPathComponent("components/c003/index.md"))
        try Data("# C70\n\nEdited.\n".utf8).write(to: folder.appendingPathComponent("components/c070/index.md"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("components/c050/index.md"))
        let again = try CatalogReader.read(folder.path, displayRoot: "fixture", previous: parts, inParts: true)
        let fresh = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: false)
        expectSameRead(again, fresh, "a read from the previous one")
        #expect(again.files["components/c050/index.md"] == nil)
    }

    /// A link in the last part back to a folder of the first reaches one folder twice: one name
    /// at a time, the second time is a loop, reported where it is met. The parts see that they
    /// met one folder twice and the folder is walked one name at a time.
    @Test func aLinkFromOnePartIntoAnotherIsTheLoopAWalkOneByOneReports() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("components/c075/back").path, withDestinationPath: "../c005")
        let oneByOne = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: false)
        let parts = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: true)
        #expect(oneByOne.problems.contains { $0.message.contains("'components/c075/back' leads back to a folder already read") })
        expectSameRead(parts, oneByOne, "a link back")
    }

    /// A folder of many names that are all hidden (a tool's cache) has nothing to walk in parts,
    /// and is read as a walk of one name at a time reads it: nothing from it, no problem.
    @Test func aLargeFolderOfHiddenNamesIsReadAsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        let cache = folder.appendingPathComponent("components/alpha/cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        for number in 0..<100 { try Data("x".utf8).write(to: cache.appendingPathComponent(".entry-\(number).md")) }
        let parts = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: true)
        let oneByOne = try CatalogReader.read(folder.path, displayRoot: "fixture", inParts: false)
        expectSameRead(parts, oneByOne, "hidden names")
        #expect(!parts.files.keys.contains { $0.hasPrefix("components/alpha/cache/") })
    }
}
