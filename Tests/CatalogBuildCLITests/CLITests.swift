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

    static func run(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:], executable program: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = try program.map { URL(fileURLWithPath: $0) } ?? executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repository
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // A CI runner's step summary is not the tests' to write.
        environment["GITHUB_STEP_SUMMARY"] = ""
        environment.merge(extra) { _, new in new }
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

    /// `new component --help` and docs/commands.md name every kind the default theme declares.
    @Test func everyBuiltInKindIsListed() throws {
        let kinds = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("themes/default/demos").path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        #expect(kinds.count >= 14)
        let help = try Self.run(["new", "component", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ").split(whereSeparator: { $0 == " " }).joined(separator: " ")
        let docs = try String(contentsOf: Self.repository.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        for kind in kinds {
            #expect(help.contains(" \(kind),") || help.contains(" \(kind))") || help.contains(" \(kind) "), "new component --help does not list \(kind)")
            #expect(docs.contains("`\(kind)`"), "docs/commands.md does not list \(kind)")
        }
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
        try "".write(to: output.appendingPathComponent(".catalog-build-output"), atomically: true, encoding: .utf8)

        let run = try Self.run(["build", "--source", "catalog", "--output", "public"], in: work)

        #expect(run.status == 1)
        #expect(run.stderr.contains("catalog/components/alpha/component.yaml:2:1: error: unknown key 'sumary' in component.yaml; did you mean 'summary'? [schema.unknown-key]"), "\(run.stderr)")
        #expect(run.stderr.contains("    sumary: typo\n    ^"), "the source line and a caret follow")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
    }

    /// `until:` is judged by the day SOURCE_DATE_EPOCH names when it is set, so a run can be
    /// reproduced later: the same catalog checks clean on the entry's last day and not after it.
    @Test func anIgnoreUntilIsJudgedByTheSourceDateEpoch() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = work.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("base"), to: catalog)
        let yaml = catalog.appendingPathComponent("components/beta/component.yaml")
        try (try String(contentsOf: yaml, encoding: .utf8) + "ignore:\n  - { rule: token.unused, reason: Shared tokens., until: 2026-06-30 }\n")
            .write(to: yaml, atomically: true, encoding: .utf8)
        // 2026-06-30 12:00 UTC, then 2026-07-01 00:00 UTC.
        let within = try Self.run(["check", "--source", "catalog"], in: work, environment: ["SOURCE_DATE_EPOCH": "1782820800"])
        #expect(!(within.stdout + within.stderr).contains("rule.ignore-lapsed"), "\(within.stdout)")
        let after = try Self.run(["check", "--source", "catalog"], in: work, environment: ["SOURCE_DATE_EPOCH": "1782864000"])
        #expect((after.stdout + after.stderr).contains("was until 2026-06-30") && (after.stdout + after.stderr).contains("[rule.ignore-lapsed]"), "\(after.stdout)")
        #expect(after.status == 0, "a lapsed entry is a warning")
    }

    /// A sitemap lists absolute URLs, so a path given to --base-url writes none and says so at
    /// the option; a full address writes one, and says nothing.
    @Test func aBaseURLPathWarnsThatNoSitemapIsWritten() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let base = Self.fixtures.appendingPathComponent("base").path
        let path = try Self.run(["build", "--source", base, "--output", work.appendingPathComponent("a").path, "--base-url", "/docs/"])
        #expect(path.status == 0)
        #expect(path.stderr.contains("--base-url:1:1: warning: --base-url is the path '/docs/', so no sitemap.xml is written") && path.stderr.contains("[site.no-sitemap]"), "\(path.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("a/sitemap.xml").path))
        let full = try Self.run(["build", "--source", base, "--output", work.appendingPathComponent("b").path, "--base-url", "https://example.org/docs/"])
        #expect(!full.stderr.contains("site.no-sitemap"), "\(full.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("b/sitemap.xml").path))
    }

    @Test func aMissingCatalogFolderIsAOneLineUsageError() throws {
        let run = try Self.run(["build", "--source", "/nonexistent/catalog", "--output", Self.temporary().path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("does not exist"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func usageErrorsExitTwo() throws {
        let run = try Self.run(["build", "--no-such-flag"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--no-such-flag"))
    }
}

/// `catalog-build check` in its three formats, against golden files (regenerate with
/// `UPDATE_GOLDEN=1 swift test --filter CheckCommandTests` after an intended change).
@Suite("catalog-build check")
struct CheckCommandTests {
    static func golden(_ name: String, _ output: String) throws {
        let url = CLITests.fixtures.appendingPathComponent("golden/\(name)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try output.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(output == (try String(contentsOf: url, encoding: .utf8)), "\(name) differs from its golden file")
    }

    @Test("each format matches its golden file", arguments: ["text", "json", "github", "sarif"])
    func formatMatchesGolden(format: String) throws {
        let run = try CLITests.run(["check", "--source", "check-formats", "--format", format], in: CLITests.fixtures)
        #expect(run.status == 1)
        try Self.golden("check.\(format)", run.stdout)
    }

    @Test func jsonIsAnArrayOfDiagnostics() throws {
        let run = try CLITests.run(["check", "--source", "check-formats", "--format", "json"], in: CLITests.fixtures)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 7)
        for item in array {
            #expect(Set(item.keys) == ["severity", "rule", "file", "line", "column", "message"])
        }
        #expect(array.contains { $0["rule"] as? String == "link.broken" && $0["line"] as? Int == 1 && $0["column"] as? Int == 5 })
    }

    /// A finding `ignore:` silences is left out of the text formats and listed by the JSON one,
    /// with its reason.
    @Test func jsonListsSilencedFindingsWithTheirReason() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = work.appendingPathComponent("site/components/plain")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("title: Acme\n".utf8).write(to: work.appendingPathComponent("site/catalog.yaml"))
        try Data("""
            name: Plain
            summary: A component with no states yet.
            accessibility:
              - requirement: Labelled
                platforms: { ios: Reads the label. }
            ignore:
              - { rule: lint.no-states, reason: "Its states are being audited." }

            """.utf8).write(to: folder.appendingPathComponent("component.yaml"))
        let text = try CLITests.run(["check", "--source", "site"], in: work)
        #expect(!text.stdout.contains("lint.no-states"), "\(text.stdout)")
        let json = try CLITests.run(["check", "--source", "site", "--format", "json"], in: work)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.contains { $0["rule"] as? String == "lint.no-states" && $0["suppressed"] as? String == "Its states are being audited." }, "\(json.stdout)")
        // SARIF lists it too, marked as suppressed with the reason.
        let sarif = try CLITests.run(["check", "--source", "site", "--format", "sarif"], in: work)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let silenced = try #require(results.first { $0["ruleId"] as? String == "lint.no-states" }, "\(sarif.stdout)")
        let suppression = try #require((silenced["suppressions"] as? [[String: Any]])?.first)
        #expect(suppression["kind"] as? String == "inSource" && suppression["justification"] as? String == "Its states are being audited.")
        #expect(results.filter { $0["suppressions"] != nil }.count == 1)
    }

    @Test func githubLinesAreWorkflowCommands() throws {
        let run = try CLITests.run(["check", "--source", "check-formats", "--format", "github"], in: CLITests.fixtures)
        var lines = run.stdout.split(separator: "\n")
        #expect(lines.last == "catalog-build: 2 errors, 4 warnings, 1 note; annotated 2 errors, 4 warnings, 1 note")
        lines.removeLast()
        #expect(lines.count == 7)
        // Errors first, then warnings, then notes.
        #expect(lines.map { $0.prefix { $0 != " " } } == ["::error", "::error", "::warning", "::warning", "::warning", "::warning", "::notice"])
        let pattern = try Regex(#"^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,title=[a-z.-]+::[^\n]+$"#)
        for line in lines {
            #expect(String(line).wholeMatch(of: pattern) != nil, "\(line)")
        }
    }

    /// GitHub shows 10 annotations of each kind per step: the github format annotates the
    /// first 10 of each, errors first, prints the rest as indented log lines (never a workflow
    /// command), and ends with the counts.
    @Test func githubStaysWithinTheAnnotationLimits() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = work.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: CLITests.fixtures.appendingPathComponent("base"), to: catalog)
        // 15 broken links (errors) and 12 components without states (warnings), and notes.
        let links = (1...15).map { "See [page \($0)](../missing-\($0)/index.md)." }.joined(separator: "\n\n")
        try "# Broken links\n\n\(links)\n".write(to: catalog.appendingPathComponent("guides/broken.md"), atomically: true, encoding: .utf8)
        for index in 1...12 {
            let folder = catalog.appendingPathComponent("components/bare-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "name: Bare \(index)\nsummary: Nothing else.\naccessibility: [{ requirement: Labelled }]\n".write(to: folder.appendingPathComponent("component.yaml"), atomically: true, encoding: .utf8)
        }
        let run = try CLITests.run(["check", "--source", catalog.path, "--format", "github"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let commands = lines.filter { $0.hasPrefix("::") }
        #expect(commands.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(commands.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(commands.filter { $0.hasPrefix("::notice ") }.count <= 10)
        let firstWarning = try #require(lines.firstIndex { $0.hasPrefix("::warning ") })
        #expect(lines.prefix(firstWarning).allSatisfy { $0.hasPrefix("::error ") })
        // The 5 errors and 2 warnings left over are in the log, indented.
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains(": error: ") }.count == 5)
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains(": warning: ") }.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("::") || $0.hasPrefix("  ") || $0.hasPrefix("Not annotated") || $0.hasPrefix("catalog-build: ") })
        let last = try #require(lines.last)
        #expect(last.hasPrefix("catalog-build: 15 errors, 12 warnings") && last.contains("annotated 10 errors, 10 warnings") && last.hasSuffix("the rest are listed above"))
    }

    /// `--summary FILE` and `$GITHUB_STEP_SUMMARY` append the Markdown summary.
    @Test func theSummaryGoesToTheFileOrTheStepSummary() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let file = work.appendingPathComponent("summary.md")
        let run = try CLITests.run(["check", "--source", "check-formats", "--format", "json", "--summary", file.path], in: CLITests.fixtures)
        #expect(run.status == 1)
        let summary = try String(contentsOf: file, encoding: .utf8)
        try Self.golden("check.summary.md", summary)
        let step = work.appendingPathComponent("step.md")
        try "Earlier step\n".write(to: step, atomically: true, encoding: .utf8)
        _ = try CLITests.run(["check", "--source", "check-formats"], in: CLITests.fixtures, environment: ["GITHUB_STEP_SUMMARY": step.path])
        let appended = try String(contentsOf: step, encoding: .utf8)
        #expect(appended == "Earlier step\n" + summary)
    }

    @Test func exitCodesFollowSeverityAndStrict() throws {
        let clean = try CLITests.run(["check", "--source", "base"], in: CLITests.fixtures)
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.contains("0 errors, 0 warnings"))

        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = work.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: CLITests.fixtures.appendingPathComponent("base"), to: catalog)
        try "name: Beta Checkbox\nsummary: No states.\n".write(to: catalog.appendingPathComponent("components/beta/component.yaml"), atomically: true, encoding: .utf8)
        let warned = try CLITests.run(["check", "--source", catalog.path])
        #expect(warned.status == 0)
        #expect(warned.stdout.contains("[lint.no-states]"))
        let strict = try CLITests.run(["check", "--source", catalog.path, "--strict"])
        #expect(strict.status == 1)
        let usage = try CLITests.run(["check", "--format", "yaml"])
        #expect(usage.status == 2)
    }

    @Test func checkWritesNothing() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.copyItem(at: CLITests.fixtures.appendingPathComponent("base"), to: work.appendingPathComponent("content"))
        _ = try CLITests.run(["check"], in: work)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["content"])
    }
}

/// `catalog-build new`.
@Suite("catalog-build new")
struct NewCommandTests {
    @Test func scaffoldsACatalogAndComponentsThatCheckClean() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let created = try CLITests.run(["new", "catalog", "site", "--title", "Acme"], in: work)
        #expect(created.status == 0, "\(created.stderr)")
        let component = try CLITests.run(["new", "component", "power-toggle", "--kind", "labeled-toggle", "--source", "site"], in: work)
        #expect(component.status == 0, "\(component.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("site/components/power-toggle/component.yaml").path))
        let check = try CLITests.run(["check", "--source", "site", "--strict"], in: work)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("0 errors, 0 warnings"))
        let build = try CLITests.run(["build", "--source", "site", "--output", "out"], in: work)
        #expect(build.status == 0)
    }

    @Test func refusesToOverwriteAndRejectsBadInput() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try CLITests.run(["new", "catalog", "site"], in: work)
        let again = try CLITests.run(["new", "catalog", "site"], in: work)
        #expect(again.status == 1 && again.stderr.contains("not empty"))
        let duplicate = try CLITests.run(["new", "component", "example-switch", "--kind", "switch", "--source", "site"], in: work)
        #expect(duplicate.status == 1 && duplicate.stderr.contains("already exists"))
        let badSlug = try CLITests.run(["new", "component", "Bad_Slug", "--kind", "switch", "--source", "site"], in: work)
        #expect(badSlug.status == 2 && badSlug.stderr.contains("bad-slug"))
        let badKind = try CLITests.run(["new", "component", "x", "--kind", "carousel", "--source", "site"], in: work)
        #expect(badKind.status == 2)
        let noCatalog = try CLITests.run(["new", "component", "x", "--kind", "switch", "--source", "nowhere"], in: work)
        #expect(noCatalog.status == 1 && noCatalog.stderr.contains("catalog.yaml"))
    }
}

/// `catalog-build new kind` and `catalog-build diff` as a user runs them.
@Suite("catalog-build new kind and diff")
struct KindAndDiffCommandTests {
    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=Test", "-c", "user.email=test@example.org"] + arguments
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func aNewKindAndAComponentOfItCheckClean() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try CLITests.run(["new", "catalog", "site"], in: work)
        let kind = try CLITests.run(["new", "kind", "text-field", "--source", "site"], in: work)
        #expect(kind.status == 0, "\(kind.stderr)")
        #expect(try String(contentsOf: work.appendingPathComponent("site/catalog.yaml"), encoding: .utf8).contains("theme: catalog"))
        let component = try CLITests.run(["new", "component", "email", "--kind", "text-field", "--source", "site"], in: work)
        #expect(component.status == 0, "\(component.stderr)")
        let bare = try CLITests.run(["new", "component", "page-header", "--source", "site"], in: work)
        #expect(bare.status == 0, "\(bare.stderr)")
        let check = try CLITests.run(["check", "--source", "site", "--strict"], in: work)
        #expect(check.status == 0, "\(check.stdout)")
        let again = try CLITests.run(["new", "kind", "text-field", "--source", "site"], in: work)
        #expect(again.status == 1 && again.stderr.contains("already declares"))
        // The plain scaffold is named after its kind, not after a button; its comments point
        // at a section the repository's docs have.
        let contract = try String(contentsOf: work.appendingPathComponent("site/themes/catalog/demos/text-field.yaml"), encoding: .utf8)
        #expect(contract.contains("description: What a Text Field is and when to use it.") && !contract.contains("A button that runs"))
        let docs = try String(contentsOf: CLITests.repository.appendingPathComponent("docs/content-format.md"), encoding: .utf8)
        #expect(contract.contains("docs/content-format.md, \"Demo kinds\"") && docs.contains("\n### Demo kinds\n"))
    }

    /// #28 4: `new kind NAME --from KIND` starts from a copy of a kind the theme declares.
    @Test func aNewKindFromABuiltInOneChecksCleanAndDrawsItsDemo() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try CLITests.run(["new", "catalog", "site"], in: work)
        let kind = try CLITests.run(["new", "kind", "dimmer", "--from", "switch", "--source", "site"], in: work)
        #expect(kind.status == 0, "\(kind.stderr)")
        let template = try String(contentsOf: work.appendingPathComponent("site/themes/catalog/templates/demos/dimmer.mustache"), encoding: .utf8)
        #expect(template.contains("data-demo=\"dimmer\"") && !template.contains("data-demo=\"switch\""))
        let script = try String(contentsOf: work.appendingPathComponent("site/themes/catalog/assets/demos/dimmer.js"), encoding: .utf8)
        #expect(script.contains("[data-demo=\"dimmer\"]"))
        #expect(try String(contentsOf: work.appendingPathComponent("site/themes/catalog/demos/dimmer.yaml"), encoding: .utf8).contains("name: Dimmer"))
        let component = try CLITests.run(["new", "component", "lamp", "--kind", "dimmer", "--source", "site"], in: work)
        #expect(component.status == 0, "\(component.stderr)")
        let check = try CLITests.run(["check", "--source", "site", "--strict"], in: work)
        #expect(check.status == 0, "\(check.stdout)")
        let unknown = try CLITests.run(["new", "kind", "meter", "--from", "swich", "--source", "site"], in: work)
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean 'switch'"))
    }

    /// #42 6: a copy of each of the fourteen built-in kinds is self-contained: its partials are
    /// its own, no class of its markup is one the theme's demo stylesheets style (so changing the
    /// original changes nothing of the copy), it says it is a copy, and all fourteen, each with a
    /// component, check clean together.
    @Test func aKindCopiedFromEachBuiltInKindIsSelfContained() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try CLITests.run(["new", "catalog", "site"], in: work)
        let theme = CLITests.repository.appendingPathComponent("themes/default")
        let shared = try String(contentsOf: theme.appendingPathComponent("assets/demos.css"), encoding: .utf8)
        let kinds = try FileManager.default.contentsOfDirectory(atPath: theme.appendingPathComponent("demos").path).filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
        #expect(kinds.count == 14)
        func styled(_ token: String, in css: String) -> Bool {
            css.range(of: "\\.\(NSRegularExpression.escapedPattern(for: token))(?![A-Za-z0-9_-])", options: .regularExpression) != nil
        }
        for kind in kinds {
            let id = "my-\(kind)"
            let made = try CLITests.run(["new", "kind", id, "--from", kind, "--source", "site"], in: work)
            #expect(made.status == 0, "\(kind): \(made.stderr)")
            let folder = work.appendingPathComponent("site/themes/catalog")
            let templates = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("templates/demos").path).filter { $0.hasPrefix(id + ".") || $0.hasPrefix(id + "-") }
            let original = (try? String(contentsOf: theme.appendingPathComponent("assets/demos/\(kind).css"), encoding: .utf8)) ?? ""
            for file in templates {
                let text = try String(contentsOf: folder.appendingPathComponent("templates/demos/\(file)"), encoding: .utf8)
                // Its partials are its own.
                for include in text.components(separatedBy: "{{> demos/").dropFirst() {
                    #expect(include.hasPrefix(id + "-"), "\(kind): \(file) includes demos/\(include.prefix(30))")
                }
                // No class of its markup is one the original's stylesheets style.
                for attribute in text.components(separatedBy: "class=\"").dropFirst() {
                    let value = attribute.prefix { $0 != "\"" }.replacingOccurrences(of: "\\{\\{[^}]*\\}\\}", with: " ", options: .regularExpression)
                    for token in value.split(separator: " ").map(String.init) where !token.hasPrefix("is-") && token != "visually-hidden" && token != "symbol" {
                        #expect(!styled(token, in: shared) && !styled(token, in: original), "\(kind): the class \(token) of \(file) is styled by the original's stylesheets")
                    }
                }
                #expect(!text.contains("data-demo=\"\(kind)\""))
            }
            let contract = try String(contentsOf: folder.appendingPathComponent("demos/\(id).yaml"), encoding: .utf8)
            #expect(contract.contains("A copy of the \(kind) kind to change into your own"), "\(kind)")
            // #55 8: its own custom properties are renamed too (`--alert-tone` → `--my-alert-tone`).
            let stylesheet = (try? String(contentsOf: folder.appendingPathComponent("assets/demos/\(id).css"), encoding: .utf8)) ?? ""
            #expect(!stylesheet.contains("--\(kind)-") && !stylesheet.contains("--demo-\(kind)-"), "\(kind): the copy's stylesheet keeps the original's custom properties")
            if original.contains("--\(kind)-") { #expect(stylesheet.contains("--\(id)-"), "\(kind)") }
            let component = try CLITests.run(["new", "component", "c-\(kind)", "--kind", id, "--source", "site"], in: work)
            #expect(component.status == 0, "\(kind): \(component.stderr)")
        }
        let check = try CLITests.run(["check", "--source", "site", "--strict"], in: work)
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func diffFailsOnBreakingChangesOnlyWhenAsked() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try CLITests.run(["new", "catalog", "site"], in: work)
        let outside = try CLITests.run(["diff", "--source", "site"], in: work)
        #expect(outside.status == 2 && outside.stderr.contains("not inside a git repository"))
        try Self.git(["init", "-q", "-b", "main"], in: work)
        try Self.git(["add", "-A"], in: work)
        try Self.git(["commit", "-q", "-m", "base"], in: work)
        // Remove a property: a breaking change.
        let yaml = work.appendingPathComponent("site/components/example-switch/component.yaml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        let start = try #require(text.range(of: "properties:\n"))
        let end = try #require(text.range(of: "states:\n"))
        try Data((String(text[..<start.lowerBound]) + String(text[end.lowerBound...])).utf8).write(to: yaml)
        let lenient = try CLITests.run(["diff", "--source", "site"], in: work)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("property label is removed"))
        let strict = try CLITests.run(["diff", "--source", "site", "--fail-on", "breaking", "--format", "markdown"], in: work)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("| **Total** | **1** |"))
        let unknown = try CLITests.run(["diff", "--source", "site", "--base", "no-such-tag"], in: work)
        #expect(unknown.status == 2 && unknown.stderr.contains("does not exist"))
        let badFormat = try CLITests.run(["diff", "--source", "site", "--format", "yaml"], in: work)
        #expect(badFormat.status == 2)
    }
}
