import CatalogCore
import CatalogSyntax
import CatalogMarkdown
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogOutput
import CatalogDiff
import CatalogPublish
import CatalogTestSupport
import Foundation
import Testing

/// One test per finding of the adversarial run (issue #25) that is fixed: each failed before.
@Suite("Adversarial findings")
struct AdversarialFindingsTests {
    /// 5. Twenty thousand equal headings get `a`, `a-1` … `a-19999` (the same ids as before, in
    /// linear time: the old search from `a-1` each time took 21 s).
    @Test func manyEqualHeadingsGetTheirIdsInOrder() {
        let markdown = String(repeating: "## a\n\n", count: 20_000) + "## a-3\n"
        let rendered = Markdown.render(markdown, options: MarkdownOptions())
        let ids = rendered.headings.map(\.id)
        #expect(ids.count == 20_001)
        #expect(ids.prefix(4) == ["a", "a-1", "a-2", "a-3"])
        #expect(ids[19_999] == "a-19999")
        // A heading written as `a-3` after them collides and moves on.
        #expect(ids.last == "a-3-1")
        #expect(Set(ids).count == ids.count)
        // Reserved ids are skipped, and a literal `x-1` written first is not taken again.
        var unique = UniqueIDs(used: ["x"])
        #expect(["x-1", "x-1", "x", "x"].map { unique.make($0) } == ["x-1", "x-1-1", "x-2", "x-3"])
    }

    /// 4. An alias bomb in front matter's `extra:` (anchors each nine aliases of the one
    /// before: 43 million values from 1.9 KB) is one error at the front matter, not 49 s and
    /// 9.7 GB; the same bound holds in component.yaml.
    @Test func anAliasBombIsRefusedWhereverYAMLIsRead() throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        var tree = try Fixtures.read(Fixtures.path("base"))
        let indented = yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        tree.set("components/alpha/index.md", Array("---\nextra:\n\(indented)\n---\n\nAlpha.\n".utf8))
        let result = Fixtures.run(tree)
        #expect(result.diagnostics.contains { $0.rule == "yaml.syntax" && $0.location.file.hasSuffix("alpha/index.md") && $0.message.contains("aliases") }, "\(result.diagnostics)")
        tree = try Fixtures.read(Fixtures.path("base"))
        tree.set("components/beta/component.yaml", Array(("name: Beta\nsummary: S.\n" + yaml).utf8))
        let component = Fixtures.run(tree)
        #expect(component.diagnostics.contains { $0.rule == "yaml.syntax" && $0.location.file.hasSuffix("beta/component.yaml") }, "\(component.diagnostics)")
        // A few aliases are fine.
        #expect(YAMLDocument.fits(try #require(try YAMLDocument.parse("a: &a [1, 2]\nb: *a\n", file: "x").get()), within: 100))
    }

    /// 1. A component named with an escape and a line break is an error at its name, and no
    /// report of a change carries the raw characters: not the text, not GitHub's, not Markdown's
    /// (where HTML stays text).
    @Test func controlCharactersAndHTMLNeverReachAReport() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let yaml = String(decoding: tree["components/beta/component.yaml"]!, as: UTF8.self)
        tree.set("components/beta/component.yaml", Array(yaml.replacingOccurrences(of: "name: Beta Checkbox", with: "name: \"X\\e[31m\\n::error::forged <b>bold</b>\"").utf8))
        let result = Fixtures.run(tree)
        #expect(result.diagnostics.contains { $0.rule == "text.control-character" && $0.location.file.hasSuffix("beta/component.yaml") && $0.location.line == 1 }, "\(result.diagnostics)")

        let base = CatalogDiff.Side(result: Fixtures.run(try Fixtures.read(Fixtures.path("base"))), tree: try Fixtures.read(Fixtures.path("base")), label: "base")
        let head = CatalogDiff.Side(result: result, tree: tree, label: "head\u{1B}[2J")
        let changes = CatalogDiff.compare(base: base, head: head)
        #expect(!changes.changes.isEmpty)
        for (format, output) in [("text", ChangeReport.text(changes)), ("json", ChangeReport.json(changes)), ("github", ChangeReport.github(changes)), ("md", ChangeReport.markdown(changes))] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B }, "\(format) carries a raw escape")
            #expect(!output.split(separator: "\n").contains { $0.hasPrefix("::error::forged") }, "\(format) lets a name start a line")
        }
        let markdown = ChangeReport.markdown(changes)
        #expect(!markdown.contains("<b>"), "Markdown passes HTML through")
        #expect(markdown.contains("&lt;b&gt;"))
    }

    /// 13. Suggestions are the same on every run whatever order the candidates come in, and a
    /// measurement cut short at its bound agrees with the full one.
    @Test func suggestionsAreStableAndBounded() {
        let candidates = ["color/red", "color/rad", "color/rod"]
        for order in [candidates, candidates.reversed(), [candidates[1], candidates[0], candidates[2]]] {
            #expect(DidYouMean.suggestion(for: "color/rXd", in: order) == "color/rad")
            #expect(DidYouMean.suggestion(for: "color/rXd", in: Set(order)) == "color/rad")
        }
        var generator = SystemRandomNumberGenerator()
        // The pruned search (by length, by character counts, stopping once out of reach) gives
        // the answers of measuring every candidate in full.
        let pool = (0..<300).map { _ in String((0..<Int.random(in: 1...9, using: &generator)).map { _ in "abcdeé-.".randomElement(using: &generator)! }) }
        let prepared = DidYouMean.Candidates(pool)
        /// The answer of measuring every candidate of `pool` in full.
        func exhaustive(_ word: String, in pool: [String]) -> String? {
            let lowered = word.lowercased()
            let measured = pool.map { ($0, DidYouMean.editDistance(lowered, $0.lowercased())) }
            guard let best = measured.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
            let limit = max(2, min(lowered.count, best.0.count) / 3)
            return best.1 <= limit && best.1 < max(lowered.count, 1) ? best.0 : nil
        }
        for _ in 0..<500 {
            let word = String((0..<Int.random(in: 1...9, using: &generator)).map { _ in "abcdeÉ-.".randomElement(using: &generator)! })
            #expect(DidYouMean.suggestion(for: word, in: prepared) == exhaustive(word, in: pool), "\(word)")
        }
        // Names as long as token paths, where the search goes by shared letter pairs: words
        // made from pool names by a few random edits, and unrelated words.
        let long = (0..<400).map { _ in String((0..<Int.random(in: 10...24, using: &generator)).map { _ in "abcdeé/-".randomElement(using: &generator)! }) }
        let preparedLong = DidYouMean.Candidates(long)
        for round in 0..<400 {
            var word = Array(long.randomElement(using: &generator)!.unicodeScalars)
            if round % 5 == 0 { word = Array(String((0..<Int.random(in: 10...24, using: &generator)).map { _ in "abcdeÉ/-".randomElement(using: &generator)! }).unicodeScalars) }
            for _ in 0..<Int.random(in: 0...6, using: &generator) where !word.isEmpty {
                let at = Int.random(in: 0..<word.count, using: &generator)
                switch Int.random(in: 0...3, using: &generator) {
                case 0: word.remove(at: at)
                case 1: word.insert("abcdeé/-".unicodeScalars.randomElement(using: &generator)!, at: at)
                case 2: word[at] = "abcdeé/-".unicodeScalars.randomElement(using: &generator)!
                default: if at + 1 < word.count { word.swapAt(at, at + 1) }
                }
            }
            let text = String(String.UnicodeScalarView(word))
            #expect(DidYouMean.suggestion(for: text, in: preparedLong) == exhaustive(text, in: long), "\(text)")
        }
        let letters = Array("abcde".unicodeScalars)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...8, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...8, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let full = DidYouMean.editDistance(a, b, atMost: Int.max)!
            for bound in 0...4 {
                #expect(DidYouMean.editDistance(a, b, atMost: bound) == (full <= bound ? full : nil), "\(a) \(b) \(bound)")
            }
        }
    }

    /// 9. `café.svg` written precomposed and with a combining accent, with different contents,
    /// were merged into one file with 0 diagnostics; so were names that differ only in case.
    /// The second of each pair is an error at its path.
    @Test func namesThatDifferOnlyByNormalisationOrCaseAreAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("twins-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        let images = folder.appendingPathComponent("components/alpha")
        let composed = "caf\u{E9}.svg", decomposed = "cafe\u{301}.svg"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        for (name, title) in [(composed, "one"), (decomposed, "two"), ("Diagram.svg", "three")] {
            let path = Array(images.path.utf8) + [UInt8(ascii: "/")] + Array(name.utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
            #expect(descriptor >= 0)
            let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>\(title)</title></svg>".utf8)
            _ = svg.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let tree = try CatalogReader.read(folder.path, displayRoot: "fixture")
        let twins = tree.problems.filter { $0.rule == "file.name" }
        #expect(twins.count == 2, "\(tree.problems)")
        #expect(twins.contains { $0.message.contains("normalisation") }, "\(twins)")
        #expect(twins.contains { $0.message.contains("only in letter case") && ($0.location.file.hasSuffix("diagram.svg") || $0.location.file.hasSuffix("Diagram.svg")) }, "\(twins)")
        #expect(Fixtures.run(tree).site == nil)
    }

    /// Twins are looked for among the names of one folder: a folder that is the twin of one
    /// met before is an error at its full path and is not walked, so nothing under it is read
    /// (two paths can only be twins when their folders are one folder).
    @Test func aTwinFolderIsReportedWholeAndNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("twin-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("components/alpha"), to: folder.appendingPathComponent("components/Alpha"))
        let tree = try CatalogReader.read(folder.path, displayRoot: "fixture")
        let twins = tree.problems.filter { $0.rule == "file.name" }
        #expect(twins.count == 1, "\(tree.problems)")
        #expect(twins.first?.message.hasPrefix("'components/alpha' and 'components/Alpha' differ only in letter case") == true, "\(twins)")
        #expect(twins.first?.location.file == "fixture/components/alpha", "\(twins)")
        #expect(tree.files.keys.contains("components/Alpha/index.md"))
        #expect(!tree.files.keys.contains { $0.hasPrefix("components/alpha/") }, "\(tree.files.keys.sorted())")
    }

    /// 8. A folder made at the output's place while the build ran, holding someone's file, was
    /// replaced (the file lost) without --force. It is looked at again just before the swap.
    @Test func aFolderThatAppearsDuringTheBuildIsNotReplaced() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out")
        let staging = try SiteStaging(output: output.path, protecting: [], force: false)
        staging.accept("index.html", Array("new".utf8))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: output.appendingPathComponent("precious.txt"))
        var site = Site()
        site.add("robots.txt", text: "User-agent: *\n")
        #expect(throws: SiteWriter.Failure.self) { try staging.commit(site) }
        staging.discard()
        #expect(try String(contentsOf: output.appendingPathComponent("precious.txt"), encoding: .utf8) == "notes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])

        // An empty folder that appears, or one a previous build wrote, is replaced as before.
        try FileManager.default.removeItem(at: output)
        let second = try SiteStaging(output: output.path, protecting: [], force: false)
        second.accept("index.html", Array("new".utf8))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        _ = try second.commit(site)
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    }

    /// 11. A failed build into `np/a/b/out` left the empty `np/a/b` it had made;
    /// and `--output themes` beside the catalog worked once and was refused ever after.
    @Test func aBuildLeavesNoFolderItMadeAndNeverWritesWhereThemesAreLookedFor() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // (An interrupt's cleanup is tested from the command line: `HostileCLITests`.)
        let failed = try SiteStaging(output: root.appendingPathComponent("np/a/b/out").path, protecting: [], force: false)
        failed.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "a failed build left folders behind")

        let catalog = root.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: catalog)
        let outcome = SiteBuild.run(source: catalog.path, output: root.appendingPathComponent("themes").path)
        #expect(!outcome.succeeded)
        #expect(outcome.failure?.contains("themes are looked for") == true, "\(outcome.failure ?? "built")")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("themes").path))
    }

    /// 6. Input cmark-gfm takes quadratic time on (`![[]()` repeated: 480 KB took 14 s; a table
    /// 20,000 cells wide: 17 s) is refused at its line before it is parsed; ordinary brackets and
    /// tables are untouched.
    @Test func pathologicalMarkdownIsRefusedAtItsLine() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        tree.set("guides/brackets.md", Array(("# Brackets\n\nFine [a](b).\n\n" + String(repeating: "![[]()", count: 12_000) + "\n").utf8))
        tree.set("guides/wide.md", Array(("# Wide\n\n|" + String(repeating: "a|", count: 1_200) + "\n").utf8))
        let result = Fixtures.run(tree)
        let found = result.diagnostics.filter { $0.rule == "markdown.too-complex" }
        #expect(found.contains { $0.location.file.hasSuffix("guides/brackets.md") && $0.location.line == 5 }, "\(found)")
        #expect(found.contains { $0.location.file.hasSuffix("guides/wide.md") && $0.location.line == 3 }, "\(found)")
        #expect(ProseLoader.complexityProblem(String(repeating: "[x](y) ", count: 9_000) + "\n\n" + String(repeating: "[x](y) ", count: 9_000), displayPath: "p.md", lineOffset: 0) == nil,
                "brackets in separate paragraphs are counted apart")
        #expect(ProseLoader.complexityProblem("|" + String(repeating: "a|", count: 999) + "\n", displayPath: "p.md", lineOffset: 0) == nil)
    }

    /// 10. A broken link in the prose written `<a b>` or `a%09b` was reported twice: at its line,
    /// and again at the page's first line as if the theme's templates made it.
    @Test func aBrokenProseLinkIsReportedOnceAtItsLine() throws {
        for link in ["[t](<a b>)", "[t](a%09b)", "[t](a%20b.md)"] {
            var tree = try Fixtures.read(Fixtures.path("base"))
            tree.set("guides/links.md", Array("# Links\n\nSee \(link).\n".utf8))
            let result = Fixtures.run(tree)
            let found = result.diagnostics.filter { $0.location.file.hasSuffix("guides/links.md") && $0.rule.rawValue.hasPrefix("link.") }
            #expect(found.count == 1, "\(link): \(found)")
            #expect(found.first?.location.line == 3, "\(link): \(found)")
        }
    }

    // MARK: Issue #40's smaller findings

    /// A guide refused whole as too complex was never read for its heading: one error, not a
    /// second "has no title" besides it.
    @Test func aGuideRefusedAsTooComplexIsOneError() {
        let tree = SourceTree(displayRoot: "cat", texts: ["catalog.yaml": "title: T\n", "guides/x.md": "# P\n\n" + String(repeating: "![[]()", count: 20_000) + "\n"])
        let errors = Fixtures.run(tree).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == [.markdownTooComplex], "\(errors)")
    }

    /// A guide's first paragraph is its summary, which its page's entry shows: the same words are
    /// not a second search result; and a summary of a megabyte is not copied whole into the index.
    @Test func searchListsAPhraseOnceAndBoundsEveryField() throws {
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "guides/x.md": "---\ntitle: X\n---\n\nThe quokkas only phrase lives here.\n\n## Later\n\nMore.\n",
            "components/big/component.yaml": "name: Big\nsummary: \"" + String(repeating: "word ", count: 200_000) + "\"\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named, platforms: { ios: By its label. } }]\n",
        ])
        let site = try #require(Fixtures.run(tree).site)
        let index = try #require(site.text("search/index.js"))
        #expect(index.components(separatedBy: "quokkas only phrase").count - 1 == 1, "listed more than once")
        #expect(index.utf8.count < 50_000, "the index is \(index.utf8.count) bytes")
        #expect(index.contains("word word") && index.contains("…"))
    }

    /// An ESC (or any control character but a line break or a tab) in a code block, in prose or
    /// a component's `code:`, is shown as an escape: never sent raw to the page, the Copy button
    /// or the Markdown.
    @Test func controlCharactersInCodeAreShownAsEscapes() throws {
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "components/c/component.yaml": "name: C\nsummary: S.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named, platforms: { ios: By its label. } }]\ncode:\n  swiftui: \"Text(\\\"\\e[31mred\\\")\\n\\tindented\"\n",
            "components/c/index.md": "Prose \u{1B}[4mplain and `\u{1B}[1m` inline.\n\n```\n\u{1B}[31mred\u{7}\n\tkept\n```\n",
        ])
        let result = Fixtures.run(tree)
        let site = try #require(result.site, "\(result.diagnostics)")
        for path in ["components/c/index.html", "components/c/index.md", "llms-full.txt"] {
            let bytes = try #require(site[path])
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "\(path) has a raw control character")
        }
        let page = try #require(site.text("components/c/index.html"))
        #expect(page.contains("\\e[31mred\\u{7}") && page.contains("\\e[1m") && page.contains("\\e[4mplain"), "the escapes are shown")
        #expect(page.contains("\\e[31mred&quot;)") || page.contains("\\e[31mred\")"), "the snippet's ESC is shown")
        #expect(page.contains("\tkept") && page.contains("\tindented"), "tabs stay tabs")
    }
}
