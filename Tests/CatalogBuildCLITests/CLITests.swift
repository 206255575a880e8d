import Foundation
import Testing

/// The `catalog-build` executable as a user runs it: exit codes, messages, files.
@Suite("catalog-build command line")
struct CLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures")

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func executable() throws -> URL {
        for configuration in ["debug", "release"] {
            let url = repository.appendingPathComponent(".build/\(configuration)/catalog-build")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "build the package first (swift build)"])
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repository
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporary() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func versionAndHelp() throws {
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("build"))
        let buildHelp = try Self.run(["build", "--help"])
        for flag in ["--source", "--output", "--base-url", "--drafts"] { #expect(buildHelp.stdout.contains(flag)) }
    }

    @Test func buildsACatalogIntoTheOutputFolder() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        let run = try Self.run(["build", "--source", Self.fixtures.appendingPathComponent("base").path, "--output", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Built"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("components/alpha/index.html").path))
    }

    @Test func errorsArePrintedAsFileLineColumnAndExitOne() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = work.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("base"), to: catalog)
        try "name: Alpha\nsumary: typo\n".write(to: catalog.appendingPathComponent("components/alpha/component.yaml"), atomically: true, encoding: .utf8)
        let output = work.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try "old".write(to: output.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)

        let run = try Self.run(["build", "--source", "catalog", "--output", "public"], in: work)

        #expect(run.status == 1)
        #expect(run.stderr.contains("catalog/components/alpha/component.yaml:2:1: error: unknown key 'sumary' in component.yaml; did you mean 'summary'? [schema.unknown-key]"), "\(run.stderr)")
        #expect(run.stderr.contains("    sumary: typo\n    ^"), "the source line and a caret follow")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
    }

    @Test func aMissingCatalogFolderIsOneLine() throws {
        let run = try Self.run(["build", "--source", "/nonexistent/catalog", "--output", Self.temporary().path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("does not exist"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func usageErrorsExitTwo() throws {
        let run = try Self.run(["build", "--no-such-flag"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--no-such-flag"))
    }
}
