import Foundation
import CatalogModel
import CatalogDiff

/// A repository whose `catalog/` starts as the `base` fixture; commits are deterministic
/// (fixed names and dates), so their ids and the golden outputs are stable.
package final class GitRepository {
    package let root: URL
    package var catalog: String { root.appendingPathComponent("catalog").path }

    package init(from fixture: String = "base") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent(fixture), to: root.appendingPathComponent("catalog"))
        try git("init", "-q", "-b", "main")
        try commit("The base catalog")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @discardableResult
    package func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_COMMITTER_NAME": "Test",
                             "GIT_COMMITTER_EMAIL": "test@example.org", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
                             "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"] {
            environment[key] = value
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments) failed"]) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message)
    }

    package func text(_ path: String) throws -> String { try String(contentsOfFile: catalog + "/" + path, encoding: .utf8) }

    package func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: catalog + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    package func replace(_ path: String, _ old: String, _ new: String) throws {
        let current = try text(path)
        guard current.contains(old) else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(path) has no '\(old)'"]) }
        try write(path, current.replacingOccurrences(of: old, with: new))
    }

    /// What `diff` finds between two revisions of this repository's catalog.
    package func analyse(base: String? = nil, head: String? = nil) throws -> CatalogChanges {
        try ChangeAnalysis.run(source: catalog, base: base, head: head)
    }
}
