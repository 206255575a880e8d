import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogOutput
import CatalogPublish
import CatalogTestSupport

/// The findings of the adversarial run, one test each: output safety, safe text, bounded work,
/// nothing skipped silently, prose fidelity.
@Suite("Hostile input")
struct HostileInputTests {
    static func temporary(_ name: String = "hostile") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func copyBase(into work: URL) throws -> URL {
        let catalog = work.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Fixtures.path("base")), to: catalog)
        return catalog
    }

    // MARK: 1. Output safety

    @Test func anExistingFileIsNeverTurnedIntoTheSite() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        let file = work.appendingPathComponent("notes.txt")
        try Data("keep me".utf8).write(to: file)
        let outcome = SiteBuild.run(source: catalog.path, output: file.path)
        #expect(!outcome.succeeded)
        #expect(outcome.failure?.contains("is an existing file") == true, "\(outcome.failure ?? "")")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
    }

    @Test func theCatalogReachedThroughASymlinkIsRefusedAsOutput() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        let link = work.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: catalog)
        let before = try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
        for (source, output) in [(link.path, catalog.path), (catalog.path, link.path), (link.path, work.path), (catalog.path, catalog.appendingPathComponent("out").path)] {
            let outcome = SiteBuild.run(source: source, output: output)
            #expect(!outcome.succeeded, "\(source) → \(output)")
            #expect(outcome.failure?.contains("catalog folder") == true, "\(outcome.failure ?? "")")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted() == before)
    }

    @Test func themesTheWorkingFolderAndItsAncestorsAreRefused() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        let themes = work.appendingPathComponent("themes")
        try FileManager.default.createDirectory(at: themes.appendingPathComponent("mine"), withIntermediateDirectories: true)
        let protected = SiteBuild.protectedFolders(forCatalog: catalog.path)
        for output in [themes.path, themes.appendingPathComponent("mine").path, FileManager.default.currentDirectoryPath, "..", "/", FileManager.default.homeDirectoryForCurrentUser.path] {
            guard case .failure = OutputGuard.check(output: output, protected: protected, force: true) else {
                Issue.record("\(output) was accepted as an output")
                continue
            }
        }
        #expect(FileManager.default.fileExists(atPath: themes.appendingPathComponent("mine").path))
    }

    @Test func aFolderWithOtherFilesNeedsForceAnEmptyOneDoesNot() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        let foreign = work.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("thesis.tex"))
        let refused = SiteBuild.run(source: catalog.path, output: foreign.path)
        #expect(refused.failure?.contains("--force") == true)
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("thesis.tex").path))
        let forced = SiteBuild.run(source: catalog.path, output: foreign.path, force: true)
        #expect(forced.succeeded, "\(forced.failure ?? "")")
        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(SiteBuild.run(source: catalog.path, output: empty.path).succeeded)
        // Its own output, with the marker, is replaced without --force.
        #expect(SiteBuild.run(source: catalog.path, output: empty.path).succeeded)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent(OutputGuard.markerName).path))
    }

    @Test func stagingFoldersOfDeadBuildsAreRemovedByTheNextBuild() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        // A pid far above any the system hands out is never alive.
        let stale = work.appendingPathComponent(".site.staging-2147483600")
        let old = work.appendingPathComponent(".site.old-2147483601")
        let interrupted = work.appendingPathComponent(".site.staging-2147483602.interrupted")
        for folder in [stale, old, interrupted] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.appendingPathComponent("nested/page.html"))
        }
        let unrelated = work.appendingPathComponent(".other.staging-2147483600")
        try FileManager.default.createDirectory(at: unrelated, withIntermediateDirectories: true)
        #expect(SiteBuild.run(source: catalog.path, output: work.appendingPathComponent("site").path).succeeded)
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path)
        #expect(!left.contains { $0.hasPrefix(".site.staging-") || $0.hasPrefix(".site.old-") }, "\(left)")
        #expect(left.contains(".other.staging-2147483600"), "another output's folders are left alone")
    }

    @Test func aFileInTheWayOfTheOutputIsOneSentence() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        try Data().write(to: work.appendingPathComponent("blocker"))
        let outcome = SiteBuild.run(source: catalog.path, output: work.appendingPathComponent("blocker/site").path)
        let failure = try #require(outcome.failure)
        #expect(!failure.contains("Domain") && !failure.contains("\n"), "\(failure)")
        #expect(failure.contains("blocker"))
    }

    // MARK: 2. Safe text

    @Test func controlCharactersFromTheCatalogNeverReachALineStart() throws {
        let name = "evil\n::warning file=x::pwned\u{1B}[2J\u{7}\u{2028}"
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "tokens/x.tokens.json": "{\"g\": {\"$type\": \"color\", \"\(name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\u{7}", with: "\\u0007"))\": {\"$value\": \"#000000\"}}}",
        ])
        let result = Fixtures.run(tree)
        #expect(!result.diagnostics.isEmpty)
        for diagnostic in result.diagnostics {
            for text in [diagnostic.message, diagnostic.location.file, diagnostic.description] {
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || (0x7F..<0xA0).contains($0.value) }, "\(text)")
            }
        }
        let github = DiagnosticFormat.githubAll(result.diagnostics)
        // Workflow commands, indented log lines past GitHub's limits, and the closing count.
        #expect(github.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") || $0.hasPrefix("  ") || $0.hasPrefix("Not annotated") || $0.hasPrefix("catalog-build: ") })
        #expect(!github.contains("\n::warning file=x"))
        #expect(TextSafety.escaped("a\nb\u{1B}c\u{85}") == "a\\nb\\ec\\u{85}")
        #expect(TextSafety.describe(bytes: Array("Sw".utf8) + [0xFF] + Array("itch".utf8)) == "Sw\\xFFitch")
    }

    @Test func baseURLsMustStayOnTheirHost() {
        for bad in ["//evil.example/", "/docs\n", "/a/../b/", "/./", "http://x.org:99999/", "http://x.org:0/", "https:///path", "docs/", "/docs?x", "/a b/", "\\\\host/", "http://user@x.org/", "https://x.org/a/../"] {
            #expect(SettingsLoader.normalizeBaseURL(bad) == nil, "\(bad.debugDescription) was accepted")
            #expect(LoadOptions.baseURLProblem(bad) != nil)
        }
        #expect(SettingsLoader.normalizeBaseURL("/docs") == "/docs/")
        #expect(SettingsLoader.normalizeBaseURL("/") == "/")
        #expect(SettingsLoader.normalizeBaseURL("https://example.org/docs") == "https://example.org/docs/")
        #expect(SettingsLoader.normalizeBaseURL("http://[::1]:8080/x/") == "http://[::1]:8080/x/")
    }

    // MARK: 4–5. Bounded work

    static func chainTree(_ length: Int) -> SourceTree {
        var tokens = "\"t0\": {\"$value\": \"#123456\"}"
        for index in 1..<length { tokens += ", \"t\(index)\": {\"$value\": \"{c.t\(index - 1)}\"}" }
        return SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "tokens/chain.tokens.json": "{\"c\": {\"$type\": \"color\", \(tokens)}}",
        ])
    }

    @Test func aVeryLongAliasChainIsOneErrorAtItsStartNotACrash() throws {
        let result = Fixtures.run(Self.chainTree(8_000))
        let long = result.diagnostics.filter { $0.rule == "token.alias-too-long" }
        #expect(long.count == 1)
        #expect(long.first?.message.contains("'c.t7999'") == true, "\(long)")
        #expect(result.site == nil)
    }

    @Test func aChainWithinTheLimitResolvesAndThePagesStayLinear() throws {
        let result = Fixtures.run(Self.chainTree(900))
        let site = try #require(result.site, "\(result.diagnostics.filter { $0.severity == .error })")
        let token = try #require(result.catalog?.tokens.token("c.t899"))
        #expect(token.aliasLength == 899 && token.aliasEnd == "c.t0" && token.aliasTarget == "c.t898")
        #expect(token.color?.hex == "#123456")
        // Each token shows its first link, a count and its end: no page grows with the square
        // of the chain (a full chain per token would be about 900 × 450 links).
        let tokensPage = try #require(site["tokens/index.html"])
        #expect(tokensPage.count < 2_000_000, "\(tokensPage.count) bytes")
        #expect(site.text("tokens/index.html")?.contains("… 897 more …") == true)
    }

    @Test func excerptsAreAWindowAroundTheColumn() {
        let line = String(repeating: "{\"t\":{\"$value\":\"#000000\"}},", count: 4_000)
        let excerpt = DiagnosticFormat.excerpt(line: line, column: 50_000)
        let rows = excerpt.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[0].count <= DiagnosticFormat.excerptWidth + 8)
        let caret = rows[1].firstIndex(of: "^").map { rows[1].distance(from: rows[1].startIndex, to: $0) } ?? -1
        let scalars = Array(line.unicodeScalars)
        let shown = Array(rows[0].unicodeScalars)
        #expect(caret >= 4 && caret < shown.count)
        #expect(shown[caret] == scalars[49_999], "the caret stands under the column's character")
        // Control characters in a source line are escaped, and the caret moves with them.
        let (text, at) = DiagnosticFormat.window("a\u{1B}bc", column: 3)
        #expect(text == "a\\ebc" && at == 3)
    }

    /// The window of a long line, found by counting UTF-8 lead bytes, is the one a plain walk
    /// over the line's scalars finds, for lines of multi-byte and control characters, columns
    /// before, inside and past the line.
    @Test func excerptWindowsAgreeWithAPlainWalk() {
        func plain(_ line: String, column: Int, width: Int) -> (String, Int) {
            let scalars = Array(line.unicodeScalars)
            let target = min(max(0, column - 1), scalars.count)
            var start = 0, end = scalars.count
            if scalars.count > width {
                start = max(0, min(target - width / 2, scalars.count - width))
                end = min(scalars.count, start + width)
            }
            var text = start > 0 ? "…" : "", caret = start > 0 ? 1 : 0
            for index in start..<end {
                let piece = scalars[index] == "\t" ? "    " : TextSafety.escaped(String(scalars[index]))
                if index < target { caret += piece.count }
                text += piece
            }
            if end < scalars.count { text += "…" }
            return (text, caret)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "é", "€", "😀", "\t", "\u{1B}", "e\u{301}", " "]
        for _ in 0..<400 {
            let line = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let width = Int.random(in: 1...20, using: &generator)
            let column = Int.random(in: 0...70, using: &generator)
            let fast = DiagnosticFormat.window(line, column: column, width: width)
            let expected = plain(line, column: column, width: width)
            #expect(fast.text == expected.0 && fast.caret == expected.1, "\(line.debugDescription) \(column) \(width)")
        }
    }

    @Test func diagnosticOutputIsBoundedPerRule() {
        let many = (1...5_000).map { Diagnostic.info(.tokenUnused, "unused \($0)", at: SourceLocation(file: "t.json", line: 1, column: $0)) }
        let few = [Diagnostic.error(.linkBroken, "broken", at: SourceLocation(file: "a.md", line: 3))]
        let shown = DiagnosticFormat.bounded(many + few)
        #expect(shown.count == DiagnosticFormat.perRuleLimit + 1)
        #expect(DiagnosticFormat.omitted(many + few) == "… and 4950 more [token.unused] not shown; `check --format json` lists every one\n")
        #expect(DiagnosticFormat.json(many).components(separatedBy: "\"rule\"").count == 5_001, "JSON keeps every one")
        let long = Diagnostic.error(.linkBroken, String(repeating: "y", count: 100_000) + " do this", at: SourceLocation(file: "f"))
        #expect(long.message.count < 2_100 && long.message.hasSuffix(" do this"))
    }

    @Test func aFileInAnotherTokenFormatIsOneDiagnosticNotOnePerToken() {
        var studio = "{\"global\": {"
        studio += (0..<200).map { "\"c\($0)\": {\"value\": \"#00000\($0 % 10)\", \"type\": \"color\"}" }.joined(separator: ", ")
        studio += "}}"
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "tokens/studio.tokens.json": studio,
            "tokens/notes.json5": "{ a: 1 }",
        ])
        let result = Fixtures.run(tree)
        let about = result.diagnostics.filter { $0.location.file == "cat/tokens/studio.tokens.json" }
        #expect(about.count == 1 && about.first?.rule == "token.foreign-format", "\(about.prefix(3))")
        #expect(result.diagnostics.count < 5)
    }

    // MARK: 10. Nothing skipped silently

    @Test func specialBrokenAndUnnamableEntriesAreReported() throws {
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try Self.copyBase(into: work)
        let manager = FileManager.default
        let alpha = catalog.appendingPathComponent("components/alpha")
        try manager.removeItem(at: alpha.appendingPathComponent("index.md"))
        try manager.createSymbolicLink(atPath: alpha.appendingPathComponent("index.md").path, withDestinationPath: "missing.md")
        let beta = catalog.appendingPathComponent("components/beta")
        try? manager.removeItem(at: beta.appendingPathComponent("index.md"))
        #expect(mkfifo(beta.appendingPathComponent("index.md").path, 0o644) == 0)
        try manager.createSymbolicLink(atPath: beta.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")
        try manager.createDirectory(at: catalog.appendingPathComponent("guides/folder.md"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: beta.appendingPathComponent("up").path, withDestinationPath: "..")
        let badName = catalog.path + "/components/Sw\u{FFFD}"
        let raw = Array(catalog.path.utf8) + Array("/components/Sw".utf8) + [0xFF] + Array("itch".utf8) + [0]
        _ = badName
        #expect(raw.withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) } == 0)

        let tree = try CatalogReader.read(catalog.path, displayRoot: "cat")
        func find(_ rule: String, _ path: String) -> Diagnostic? {
            tree.problems.first { $0.rule == rule && $0.location.file == "cat/" + path }
        }
        #expect(find("file.symlink-broken", "components/alpha/index.md")?.severity == .error)
        #expect(find("file.special", "components/beta/index.md")?.severity == .error)
        #expect(find("file.symlink-broken", "components/beta/loop.png")?.message.contains("loops") == true)
        #expect(find("file.not-a-file", "guides/folder.md")?.severity == .error)
        #expect(find("file.symlink-loop", "components/beta/up") != nil)
        #expect(find("file.name", "components/Sw\\xFFitch")?.severity == .error, "\(tree.problems)")
        // And `check` fails on them.
        let result = Fixtures.run(tree)
        #expect(result.diagnostics.hasErrors)
    }

    @Test func procSelfIsReadWithoutWandering() throws {
        let tree = try CatalogReader.read("/proc/self", displayRoot: "proc")
        #expect(tree.files.isEmpty)
        let result = Fixtures.run(tree)
        #expect(result.diagnostics.contains { $0.rule == "file.missing" })
    }

    // MARK: 11. Prose fidelity


    @Test func rawHTMLAndTemplateSyntaxAreWarningsAtTheirLine() throws {
        let result = Fixtures.run(Fixtures.proseTree("## Usage\n\nSay:\n\n<div class=\"inset\">Hello</div>\n\n{{ govukButton({ text: \"Save\" }) }}\n\nPlain `{{ code }}` is fine.\n\nInline <b>bold</b>.\n"))
        let raw = result.diagnostics.filter { $0.rule == "markdown.raw-html" }
        // One warning for a paragraph, however many tags it holds (`<b>` and `</b>` on line 11).
        #expect(raw.map(\.location.line) == [5, 11], "\(raw)")
        #expect(raw.allSatisfy { $0.severity == .warning && $0.location.file == "cat/components/alpha/index.md" })
        let template = result.diagnostics.filter { $0.rule == "markdown.template-syntax" }
        #expect(template.map(\.location.line) == [7], "\(template)")
        // With markdown.unsafe the HTML goes through and nothing is said about it.
        var unsafe = Fixtures.proseTree("## Usage\n\n<div class=\"inset\">Hello</div>\n")
        unsafe.set("catalog.yaml", Array("title: T\nmarkdown:\n  unsafe: true\n".utf8))
        #expect(!Fixtures.run(unsafe).diagnostics.contains { $0.rule == "markdown.raw-html" })
    }

    @Test func rootRelativeLinksAreCheckedUnderTheBasePath() throws {
        let prose = "## Usage\n\n[a](/components/beta/) [b](/components/beta/#usage) [c](/patterns/check-answers/) [d](/components/beta/#nope)\n"
        let atRoot = Fixtures.run(Fixtures.proseTree(prose))
        let broken = atRoot.diagnostics.filter { $0.rule == "link.broken" }
        #expect(broken.count == 1 && broken.first?.message.contains("/patterns/check-answers/") == true, "\(atRoot.diagnostics)")
        #expect(broken.first?.location.line == 3)
        #expect(atRoot.diagnostics.contains { $0.rule == "link.anchor" && $0.message.contains("nope") })
        let underDocs = Fixtures.run(Fixtures.proseTree("## Usage\n\n[a](/docs/components/beta/) [b](/components/beta/)\n", baseURL: "/docs/"))
        #expect(!underDocs.diagnostics.contains { $0.rule == "link.broken" }, "\(underDocs.diagnostics)")
        #expect(underDocs.diagnostics.contains { $0.rule == "link.outside-site" && $0.severity == .warning })
    }

    @Test func everyLinkedLocalFileIsCopiedAndAMissingOneIsAnErrorAtItsLine() throws {
        var tree = Fixtures.proseTree("## Usage\n\nWatch [the video](demo.mp4) or read [the PDF](../beta/spec.pdf).\n\nAlso [gone](gone.mp4).\n")
        tree.set("components/alpha/demo.mp4", [0, 1, 2, 3])
        tree.set("components/beta/spec.pdf", Array("%PDF".utf8))
        let result = Fixtures.run(tree)
        let broken = result.diagnostics.filter { $0.rule == "link.broken" }
        #expect(broken.count == 1 && broken.first?.location.file == "cat/components/alpha/index.md" && broken.first?.location.line == 5, "\(broken)")
        tree.set("components/alpha/index.md", Array("## Usage\n\nWatch [the video](demo.mp4) or read [the PDF](../beta/spec.pdf).\n".utf8))
        let site = try #require(Fixtures.run(tree).site)
        #expect(site["components/alpha/demo.mp4"] == [0, 1, 2, 3])
        #expect(site["components/beta/spec.pdf"] == Array("%PDF".utf8))
    }

    @Test func frontMatterExtraReachesTheTemplatesAndOtherKeysPointAtIt() throws {
        let unknown = Fixtures.run(Fixtures.proseTree("## Usage\n", frontMatter: "---\nowner: Ana\n---\n"))
        let problem = try #require(unknown.diagnostics.first { $0.rule == "schema.unknown-key" })
        #expect(problem.message.contains("extra:") && problem.location.line == 2)

        let tree = Fixtures.proseTree("## Usage\n", frontMatter: "---\norder: 1\nextra:\n  owner: Ana\n  reviewed: true\n  links: [a, b]\n---\n", extra: [
            "guides/intro.md": "---\ntitle: Intro\nextra:\n  owner: Bo\n---\nText.\n",
        ])
        let loaded = Fixtures.run(tree)
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
        let themes = try Fixtures.brandTheme(afterProse: [
            "page-component": "<p class=\"owner\">{{extra.owner}}{{#extra.reviewed}} reviewed{{/extra.reviewed}}{{#extra.links}} {{.}}{{/extra.links}}</p>",
            "page-guide": "<p class=\"owner\">{{extra.owner}}</p>",
        ])
        defer { try? FileManager.default.removeItem(at: themes) }
        var branded = tree
        branded.set("catalog.yaml", Array("title: T\ntheme: brand\n".utf8))
        let result = Fixtures.run(branded, themeFolders: [themes.path])
        let site = try #require(result.site, "\(result.diagnostics.filter { $0.severity == .error })")
        #expect(site.text("components/alpha/index.html")?.contains("<p class=\"owner\">Ana reviewed a b</p>") == true)
        #expect(site.text("guides/intro/index.html")?.contains("<p class=\"owner\">Bo</p>") == true)
    }

    // MARK: 12. Documentation

    @Test func theDocumentationLinksStayInsideTheRepository() throws {
        let root = Fixtures.repository
        var documents = ["README.md", "CONTRIBUTING.md", "Scripts/MUTATIONS.md"]
        documents += ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        #expect(documents.contains("docs/content-format.md") && documents.contains("docs/architecture.md"))
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for document in documents {
            let url = root.appendingPathComponent(document)
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let resolved = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                #expect(resolved.path.hasPrefix(root.standardizedFileURL.path + "/"), "\(document) links outside the repository: \(target)")
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(document) links to a missing file: \(target)")
                // A fragment names a heading of the Markdown file it leads to.
                if parts.count == 2, resolved.pathExtension == "md", let linked = try? String(contentsOf: resolved, encoding: .utf8) {
                    #expect(Self.headingAnchors(linked).contains(parts[1]), "\(document) links to a missing heading: \(target)")
                }
            }
        }
        // Every template a theme must provide is named in the themes guide.
        let themes = try String(contentsOf: root.appendingPathComponent("docs/themes.md"), encoding: .utf8)
        for template in Theme.requiredTemplates { #expect(themes.contains("`\(template)`"), "docs/themes.md does not list \(template)") }
        // The README stays a short introduction; the rest is under docs/.
        #expect(try Data(contentsOf: root.appendingPathComponent("README.md")).count < 15_000)
    }

    /// The anchors a Markdown file's headings get, as GitHub makes them.
    static func headingAnchors(_ markdown: String) -> Set<String> {
        var anchors = Set<String>()
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") || line.hasPrefix("````") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" { slug.append(character) } else if character == " " { slug.append("-") }
            }
            var candidate = slug
            var count = 1
            while anchors.contains(candidate) { candidate = "\(slug)-\(count)"; count += 1 }
            anchors.insert(candidate)
        }
        return anchors
    }
}
