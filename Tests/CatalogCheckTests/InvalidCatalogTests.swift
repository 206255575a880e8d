import Foundation
import Testing
import CatalogCore
import CatalogRender
import CatalogOutput
import CatalogPublish
import CatalogTestSupport

/// Every catalog under Tests/Fixtures/invalid fails with exactly the diagnostics its expected.txt
/// lists (no more, no fewer), at the right file, line and column, and a build leaves an existing
/// output untouched.
@Suite("Invalid catalogs")
struct InvalidCatalogTests {
    @Test("reports the expected diagnostics", arguments: Fixtures.invalidCases())
    func reportsExpectedDiagnostics(name: String) throws {
        let folder = try Fixtures.materialize(invalidCase: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = Fixtures.run(try Fixtures.read(folder.path))
        let expected = try Fixtures.expectations(for: name)
        #expect(!expected.isEmpty)
        for expectation in expected {
            #expect(
                result.diagnostics.contains { expectation.matches($0, root: "fixture") },
                "\(name): expected \(expectation), got:\n\(result.diagnostics.map(\.description).joined(separator: "\n"))"
            )
        }
        // Nothing beyond what is listed: an extra problem is a bug too (a rule that fires twice,
        // or on something valid).
        let unexpected = result.diagnostics.filter { diagnostic in !expected.contains { $0.matches(diagnostic, root: "fixture") } }
        // For a maintainer who changed a rule on purpose: CATALOG_UPDATE_EXPECTED=1 appends what
        // is missing to expected.txt, to be read over in the diff before it is committed.
        if ProcessInfo.processInfo.environment["CATALOG_UPDATE_EXPECTED"] != nil, !unexpected.isEmpty {
            let file = Fixtures.root.appendingPathComponent("invalid/\(name)/expected.txt")
            let lines = unexpected.map { diagnostic in
                let path = diagnostic.location.file.hasPrefix("fixture/") ? String(diagnostic.location.file.dropFirst("fixture/".count)) : diagnostic.location.file
                return "\(diagnostic.severity) \(diagnostic.rule) \(path):\(diagnostic.location.line):\(diagnostic.location.column)\n"
            }
            var text = try String(contentsOf: file, encoding: .utf8)
            if !text.hasSuffix("\n") { text += "\n" }
            try (text + lines.joined()).write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(unexpected.isEmpty, "\(name): not in expected.txt:\n\(unexpected.map(\.description).joined(separator: "\n"))")
        #expect(result.diagnostics.count == expected.count, "\(name): \(result.diagnostics.count) diagnostics for \(expected.count) expected")
        if expected.contains(where: { $0.severity == .error }) {
            #expect(result.site == nil, "\(name): a catalog with errors must not render")
        }
        // `check` scans the pages and drops them; it must find exactly the same problems.
        let scanned = Fixtures.run(try Fixtures.read(folder.path), pages: .scannedOnly)
        #expect(scanned.diagnostics == result.diagnostics, "\(name)")
    }

    @Test("a failed build leaves the previous output byte for byte", arguments: Fixtures.invalidCases())
    func failedBuildKeepsOutput(name: String) throws {
        let hasErrors = try Fixtures.expectations(for: name).contains { $0.severity == .error }
        let folder = try Fixtures.materialize(invalidCase: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.deletingLastPathComponent().appendingPathComponent("out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try Data("previous page".utf8).write(to: output.appendingPathComponent("index.html"))
        try Data([0, 1, 2, 3]).write(to: output.appendingPathComponent("nested/data.bin"))
        try Data("a previous build".utf8).write(to: output.appendingPathComponent(OutputGuard.markerName))
        let before = try snapshot(output)

        let outcome = SiteBuild.run(source: folder.path, output: output.path)

        guard hasErrors else {
            // Warnings and notes are printed; they do not stop the build.
            #expect(outcome.succeeded, "\(name): \(outcome.result.diagnostics)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("components/alpha/index.html").path))
            return
        }
        #expect(!outcome.succeeded)
        #expect(try snapshot(output) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.contains(output.lastPathComponent + ".staging") }, "no staging folder is left behind")
    }

    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            files[relative] = isDirectory.boolValue ? Data("<dir>".utf8) : try Data(contentsOf: url)
        }
        return files
    }
}
