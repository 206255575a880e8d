import Foundation
import Testing

/// The adversarial findings as a user meets them on the command line.
@Suite("catalog-build under hostile input")
struct HostileCLITests {
    static func catalog(in work: URL) throws -> URL {
        let catalog = work.appendingPathComponent("content")
        try FileManager.default.copyItem(at: CLITests.fixtures.appendingPathComponent("base"), to: catalog)
        return catalog
    }

    @Test func dangerousOutputsAreRefusedAndNothingIsTouched() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let project = work.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        _ = try Self.catalog(in: project)
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("link"), withDestinationURL: project.appendingPathComponent("content"))
        try Data("notes".utf8).write(to: project.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: project.appendingPathComponent("themes/mine"), withIntermediateDirectories: true)
        let before = try FileManager.default.subpathsOfDirectory(atPath: work.path).sorted()
        for arguments in [
            ["--output", "notes.txt"], ["--source", "link", "--output", "content"], ["--output", ".."],
            ["--output", "."], ["--output", "themes"], ["--output", "content/public"],
        ] {
            let run = try CLITests.run(["build", "--source", "content"] + arguments, in: project)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.hasPrefix("error: "), "\(arguments): \(run.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: work.path).sorted() == before)
        #expect(try String(contentsOf: project.appendingPathComponent("notes.txt"), encoding: .utf8) == "notes")
    }

    @Test func badBaseURLsAreUsageErrors() throws {
        for url in ["//evil.example/", "/docs\n::warning::x", "/a/../b/", "http://x.org:99999/"] {
            let run = try CLITests.run(["check", "--source", CLITests.fixtures.appendingPathComponent("base").path, "--base-url", url])
            #expect(run.status == 2, "\(url.debugDescription)")
            #expect(!run.stderr.contains("\n::warning"), "\(run.stderr)")
        }
    }

    @Test func hostileNamesNeverPrintWorkflowCommands() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.catalog(in: work)
        let json = ##"{"x": {"$type": "color", "a\n::warning file=x::pwned\u001b[2J\u0007": {"$value": "#000000"}}}"##
        try Data(json.utf8).write(to: catalog.appendingPathComponent("tokens/evil.tokens.json"))
        for format in ["github", "text", "json"] {
            let run = try CLITests.run(["check", "--source", "content", "--format", format, "--strict"], in: work)
            #expect(run.status == 1, "a control character in a name is an error")
            #expect(!run.stdout.contains("\n::warning file=x") && !run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{7}"), "\(format): \(run.stdout)")
        }
        let build = try CLITests.run(["build", "--source", "content", "--output", "out"], in: work)
        #expect(!build.stderr.contains("\n::warning file=x") && !build.stderr.contains("\u{1B}"))
    }

    /// Enough tokens that a build is still rendering when a signal arrives.
    static func addManyTokens(to catalog: URL) throws {
        var tokens = ""
        for number in 0..<60_000 { tokens += (number == 0 ? "" : ",") + "\"t\(number)\":{\"$value\":\"#0000\(String(format: "%02X", number % 256))\"}" }
        try Data("{\"big\":{\"$type\":\"color\",\(tokens)}}".utf8).write(to: catalog.appendingPathComponent("tokens/big.tokens.json"))
    }

    /// Runs `build --output output` in `work`, sends `signal` as soon as its staging folder
    /// appears in `folder` (waiting without sleeping), and waits for the process to end.
    /// Interrupted with `signal` once a staging folder appears in `folder`: the output's own
    /// (`.out.staging-<pid>`), or with `anyStaging`, any (a release's copy in the cache is
    /// staged as `.<its name>-building.staging-<pid>`).
    static func interruptedBuild(output: String, in work: URL, stagingIn folder: URL, anyStaging: Bool = false, signal: Int32) throws -> Process {
        let process = Process()
        process.executableURL = try CLITests.executable()
        process.arguments = ["build", "--source", "content", "--output", output]
        process.currentDirectoryURL = work
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let staging = "." + URL(fileURLWithPath: output).lastPathComponent + ".staging-"
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline,
              !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(where: { anyStaging ? $0.contains(".staging-") : $0.hasPrefix(staging) }) {}
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process
    }

    @Test func anInterruptedBuildRemovesItsStagingFolderAndKeepsTheOutput() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.catalog(in: work)
        let first = try CLITests.run(["build", "--source", "content", "--output", "out"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let index = try Data(contentsOf: work.appendingPathComponent("out/index.html"))
        try Self.addManyTokens(to: catalog)
        // Twenty times each, interrupting as soon as the staging folder appears: a signal that
        // came before the handler was armed was lost (about one time in fifteen), and that build
        // went on to replace the output.
        for signal in Array(repeating: [SIGTERM, SIGINT], count: 20).joined() {
            let process = try Self.interruptedBuild(output: "out", in: work, stagingIn: work, signal: signal)
            #expect(process.terminationStatus == 128 + signal || process.terminationReason == .uncaughtSignal, "status \(process.terminationStatus)")
            let left = try FileManager.default.contentsOfDirectory(atPath: work.path)
            #expect(!left.contains { $0.contains(".staging-") || $0.contains(".old-") }, "\(left)")
            #expect(try Data(contentsOf: work.appendingPathComponent("out/index.html")) == index)
        }
    }

    /// #44: a site with versions, interrupted while the working tree is rendered or while a
    /// new release is built into the cache beside the output: every version of the previous
    /// output stays exactly as it was, no staging folder is left in either place, and the next
    /// build completes with the new release.
    @Test func anInterruptedVersionedBuildKeepsEveryVersionOfTheOutput() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.catalog(in: work)
        let settings = catalog.appendingPathComponent("catalog.yaml")
        try Data((try String(contentsOf: settings, encoding: .utf8) + "versions:\n  tags: \"v*\"\n").utf8).write(to: settings)
        func git(_ arguments: String...) throws {
            let run = try CLITests.run(["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"] + arguments, in: work, executable: "/usr/bin/git")
            #expect(run.status == 0, "git \(arguments): \(run.stderr)")
        }
        try git("init", "-q", "-b", "main")
        try git("add", "-A")
        try git("commit", "-q", "-m", "one")
        try git("tag", "v1.0.0")
        let first = try CLITests.run(["build", "--source", "content", "--output", "out"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let kept = ["out/index.html", "out/v/v1.0.0/index.html", "out/v/v1.0.0/components/alpha/index.html", "out/releases/index.html", "out/versions.json"]
        let before = try kept.map { try Data(contentsOf: work.appendingPathComponent($0)) }
        // A second release large enough that a signal finds the build under way.
        try Self.addManyTokens(to: catalog)
        try git("add", "-A")
        try git("commit", "-q", "-m", "many tokens")
        try git("tag", "v1.1.0")
        let cacheSites = work.appendingPathComponent(".out.history/sites")
        for (index, signal) in [SIGTERM, SIGINT].enumerated() {
            // The first while the working tree renders, the second while v1.1.0 is built into the cache.
            let folder = index < 1 ? work : cacheSites
            try? FileManager.default.createDirectory(at: cacheSites, withIntermediateDirectories: true)
            let process = try Self.interruptedBuild(output: "out", in: work, stagingIn: folder, anyStaging: index == 1, signal: signal)
            #expect(process.terminationStatus == 128 + signal || process.terminationReason == .uncaughtSignal, "status \(process.terminationStatus)")
            for place in [work, cacheSites] {
                let left = (try? FileManager.default.contentsOfDirectory(atPath: place.path)) ?? []
                #expect(!left.contains { $0.contains(".staging-") || $0.contains(".old-") }, "\(place.lastPathComponent): \(left)")
            }
            #expect(try kept.map { try Data(contentsOf: work.appendingPathComponent($0)) } == before)
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/v/v1.1.0").path))
        }
        let last = try CLITests.run(["build", "--source", "content", "--output", "out"], in: work)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/v/v1.1.0/index.html").path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/v/v1.0.0/components/alpha/index.html").path))
    }

    /// #40 13: a SIGTERM late in a build (while the files were written or the marker placed)
    /// ended it with exit 1 ("a folder on the way does not exist") and left
    /// `.staging-<pid>.interrupted`: the build failed because the handler took its folder away,
    /// and reported that before the handler had finished. Interrupts spread over the whole
    /// build end it either as the interrupt says or, after the swap, as a finished build.
    @Test func anInterruptAtAnyMomentEndsAsTheInterruptSaysAndLeavesNothing() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.catalog(in: work)
        for number in 0..<400 {
            try Data("---\ntitle: Page \(number)\n---\n\nText of page \(number).\n".utf8)
                .write(to: catalog.appendingPathComponent("guides/page-\(number).md"))
        }
        let first = try CLITests.run(["build", "--source", "content", "--output", "out"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let index = try Data(contentsOf: work.appendingPathComponent("out/index.html"))
        var statuses: [Int32] = []
        for step in 0..<16 {
            let signal = step.isMultiple(of: 2) ? SIGTERM : SIGINT
            let process = Process()
            process.executableURL = try CLITests.executable()
            process.arguments = ["build", "--source", "content", "--output", "out"]
            process.currentDirectoryURL = work
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Half the time as the files are being written, half the moment the marker (the
            // last file before the swap) is placed.
            let wanted = step < 8 ? "guides" : ".catalog-build-output"
            let deadline = ContinuousClock.now + .seconds(30)
            while process.isRunning, ContinuousClock.now < deadline {
                let staging = ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).first { $0.hasPrefix(".out.staging-") }
                if let staging, ((try? FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent(staging).path)) ?? []).contains(wanted) { break }
            }
            if step < 8 { Thread.sleep(forTimeInterval: Double(step) * 0.01) }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let status = process.terminationStatus
            statuses.append(status)
            #expect(status == 0 || status == 128 + signal || process.terminationReason == .uncaughtSignal, "step \(step): status \(status)")
            let left = try FileManager.default.contentsOfDirectory(atPath: work.path)
            #expect(left.sorted() == ["content", "out"], "step \(step): \(left)")
            #expect(try Data(contentsOf: work.appendingPathComponent("out/index.html")) == index)
        }
        #expect(statuses.contains { $0 != 0 }, "no build was interrupted: \(statuses)")
    }

    /// #25 11: SIGTERM during a build into `np/a/b/out` left the empty folders it had made.
    @Test func anInterruptedBuildRemovesTheFoldersItMadeAboveTheOutput() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.catalog(in: work)
        try Self.addManyTokens(to: catalog)
        for signal in [SIGTERM, SIGINT, SIGTERM] {
            let process = try Self.interruptedBuild(output: "np/a/b/out", in: work, stagingIn: work.appendingPathComponent("np/a/b"), signal: signal)
            #expect(process.terminationStatus == 128 + signal || process.terminationReason == .uncaughtSignal, "the build was not interrupted: status \(process.terminationStatus)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("np").path), "np/ is left after signal \(signal)")
        }
    }

    /// #25 2: `tokens import --to` never writes through a link: a dangling link in the target
    /// folder is a clash, and with --force it is replaced, not followed; a target reached
    /// through a link out of the working folder is refused.
    @Test func tokensImportNeverWritesThroughALink() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let outside = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: outside) }
        _ = try Self.catalog(in: work)
        try Data(##"{"color": {"brand": {"value": "#005CE5", "type": "color"}}}"##.utf8).write(to: work.appendingPathComponent("brand.json"))
        let target = work.appendingPathComponent("content/tokens/brand.tokens.json")
        let escape = outside.appendingPathComponent("written.json")
        #expect(symlink(escape.path, target.path) == 0)
        let refused = try CLITests.run(["tokens", "import", "brand.json", "--to", "content/tokens"], in: work)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: escape.path))
        let forced = try CLITests.run(["tokens", "import", "brand.json", "--to", "content/tokens", "--force"], in: work)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(!FileManager.default.fileExists(atPath: escape.path), "the link was followed")
        var info = stat()
        #expect(lstat(target.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "the link was not replaced by a file")
        // A target folder that is a link out of the working folder.
        #expect(symlink(outside.path, work.appendingPathComponent("elsewhere").path) == 0)
        let linked = try CLITests.run(["tokens", "import", "brand.json", "--to", "elsewhere"], in: work)
        #expect(linked.status == 1 && linked.stderr.contains("symbolic link"), "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    /// #25 3: `new` never writes outside the catalog, and what it writes builds with no
    /// diagnostics whatever the name: a theme name that climbs out, a name or title over two
    /// lines are refused; HTML and template syntax in a name stay text.
    @Test func newStaysInsideTheCatalogAndWritesWhatBuildsClean() throws {
        let work = CLITests.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let created = try CLITests.run(["new", "catalog", "site"], in: work)
        #expect(created.status == 0, "\(created.stderr)")
        let escaped = try CLITests.run(["new", "kind", "meter", "--source", "site", "--theme", "../../escaped"], in: work)
        #expect(escaped.status == 2, "\(escaped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.deletingLastPathComponent().appendingPathComponent("escaped").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("escaped").path))
        for name in ["a\nb", "a\u{2028}b", "a\u{1B}[31mb"] {
            let run = try CLITests.run(["new", "component", "two-lines", "--source", "site", "--name", name], in: work)
            #expect(run.status == 2, "\(run.stderr)")
        }
        #expect(try CLITests.run(["new", "catalog", "other", "--title", "Line\nbreak"], in: work).status == 2)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("other").path))
        for (slug, name) in [("scripted", "<script>alert(1)</script>"), ("templated", "{{ x }} and {% y %}"), ("marked", "*Bold* [link](x) # not a heading")] {
            let run = try CLITests.run(["new", "component", slug, "--source", "site", "--kind", "switch", "--name", name], in: work)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let check = try CLITests.run(["check", "--source", "site", "--strict"], in: work)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Runs a command, for chattr; false when it could not run or failed.
    static func shell(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func anOldOutputThatCannotBeRemovedIsNamedNotLeftSilently() throws {
        // An immutable file needs a file system with attributes (ext4, not tmpfs) and root; the
        // build folder is on the repository's disk. Where chattr cannot, there is nothing to test.
        let work = CLITests.repository.appendingPathComponent(".build/immutable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try Self.catalog(in: work)
        #expect(try CLITests.run(["build", "--source", "content", "--output", "out"], in: work).status == 0)
        let stuck = work.appendingPathComponent("out/robots.txt").path
        guard Self.shell(["chattr", "+i", stuck]) else { return }
        let run = try CLITests.run(["build", "--source", "content", "--output", "out"], in: work)
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".out.") }
        for name in left { _ = Self.shell(["chattr", "-R", "-i", work.appendingPathComponent(name).path]) }
        _ = Self.shell(["chattr", "-i", stuck])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(left.allSatisfy { $0.hasPrefix(".out.old-") }, "\(left)")
        #expect(left.isEmpty || run.stderr.contains("could not be removed"), "\(run.stderr)")
        // The next build removes what the dead build left.
        #expect(try CLITests.run(["build", "--source", "content", "--output", "out"], in: work).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".out.") }.isEmpty)
    }

    @Test func procSelfAsTheCatalogEndsWithOneError() throws {
        let run = try CLITests.run(["check", "--source", "/proc/self"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("[file.missing]"))
    }
}
