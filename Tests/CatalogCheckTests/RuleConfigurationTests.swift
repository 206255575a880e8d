import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogMCP
import CatalogTestSupport

/// `rules:` in catalog.yaml and `ignore:` in component.yaml, seen by every consumer of a run's
/// findings: the build's outcome, `check --format json`, and `diff`. (The fixtures under
/// `invalid/rules-*` and `invalid/ignore-entries` hold the diagnostics each entry gives.)
@Suite("Rule configuration")
struct RuleConfigurationTests {
    /// The `contrast-non-text` fixture's pale track, with `extra` appended to its component.yaml
    /// and `rules` to its catalog.yaml.
    private func run(rules: String = "", ignore: String = "") throws -> PipelineResult {
        let folder = try Fixtures.materialize(invalidCase: "contrast-non-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        if !rules.isEmpty {
            let file = folder.appendingPathComponent("catalog.yaml")
            try Data((try String(contentsOf: file, encoding: .utf8) + "rules:\n" + rules).utf8).write(to: file)
        }
        if !ignore.isEmpty {
            let file = folder.appendingPathComponent("components/alpha/component.yaml")
            try Data((try String(contentsOf: file, encoding: .utf8) + "ignore:\n" + ignore).utf8).write(to: file)
        }
        return Fixtures.run(try Fixtures.read(folder.path))
    }

    @Test func anIgnoredFindingIsSilencedWithItsReasonAndListedOnlyInJSON() throws {
        let plain = try run()
        #expect(plain.diagnostics.contains { $0.rule == "contrast.non-text" })
        let result = try run(ignore: "  - { rule: contrast.non-text, reason: \"Decorative track.\" }\n")
        #expect(!result.diagnostics.contains { $0.rule == "contrast.non-text" })
        #expect(!result.diagnostics.contains { $0.rule == "rule.stale-ignore" })
        let silenced = try #require(result.suppressed.first { $0.rule == "contrast.non-text" })
        #expect(silenced.suppressed == "Decorative track.")
        let json = DiagnosticFormat.json((result.diagnostics + result.suppressed).sortedForDisplay())
        #expect(json.contains("\"suppressed\" : \"Decorative track.\""))
        #expect(!DiagnosticFormat.json(result.diagnostics).contains("suppressed"))
        #expect(!DiagnosticFormat.githubAll(result.diagnostics).contains("contrast.non-text"))
    }

    @Test func anIgnoreCoversOnlyItsOwnComponentsFiles() throws {
        // alpha's ignore does not silence the unused tokens reported in tokens/.
        let result = try run(ignore: "  - { rule: token.unused, reason: \"Not ours.\" }\n")
        #expect(result.diagnostics.contains { $0.rule == "token.unused" })
        #expect(result.diagnostics.contains { $0.rule == "rule.stale-ignore" && $0.location.file.hasSuffix("components/alpha/component.yaml") })
    }

    @Test func rulesRaiseLowerAndTurnOff() throws {
        let raised = try run(rules: "  contrast.non-text: error\n")
        #expect(raised.diagnostics.contains { $0.rule == "contrast.non-text" && $0.severity == .error })
        #expect(raised.site == nil, "a raised finding fails the build")
        let lowered = try run(rules: "  contrast.non-text: note\n")
        #expect(lowered.diagnostics.contains { $0.rule == "contrast.non-text" && $0.severity == .info })
        let off = try run(rules: "  contrast.non-text: off\n  token.unused: off\n")
        #expect(!off.diagnostics.contains { $0.rule == "contrast.non-text" || $0.rule == "token.unused" })
        #expect(off.suppressed.contains { $0.rule == "token.unused" && $0.suppressed?.contains("catalog.yaml") == true })
        #expect(off.site != nil)
    }

    /// A link error lowered to a warning lets the build through, and is still shown.
    @Test func anErrorLoweredToAWarningNoLongerStopsTheBuild() throws {
        var tree = Fixtures.proseTree("See [beta](../beta/index.md#nowhere).\n")
        let strict = Fixtures.run(tree)
        #expect(strict.diagnostics.contains { $0.rule == "link.anchor" && $0.severity == .error })
        #expect(strict.site == nil)
        tree.set("catalog.yaml", Array("title: T\nrules:\n  link.anchor: warning\n".utf8))
        let lowered = Fixtures.run(tree)
        #expect(lowered.diagnostics.contains { $0.rule == "link.anchor" && $0.severity == .warning })
        #expect(lowered.site != nil)
    }

    /// An error that does not stop the catalog from being built (a lint) may be lowered, and
    /// the build then succeeds; one that does cannot, and the build still fails.
    /// An `ignore:` with `until:` silences through that day and lapses after it: the finding is
    /// back, with a warning at the day; a day that is no day is an error at it.
    @Test func anIgnoreLapsesAfterItsDay() throws {
        let entry = "  - { rule: contrast.non-text, reason: \"Waiting for the new palette.\", until: 2026-03-31 }\n"
        let folder = try Fixtures.materialize(invalidCase: "contrast-non-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("components/alpha/component.yaml")
        try Data((try String(contentsOf: file, encoding: .utf8) + "ignore:\n" + entry).utf8).write(to: file)
        let tree = try Fixtures.read(folder.path)
        let result = Fixtures.run(tree)
        let catalog = try #require(result.catalog)
        // The findings before configuration (the run judged the entry by the real today).
        let raw = (result.diagnostics + result.suppressed.map { var d = $0; d.suppressed = nil; return d })
            .filter { $0.rule != "rule.ignore-lapsed" && $0.rule != "rule.stale-ignore" }
        let before = RuleConfiguration.apply(raw, catalog: catalog, complete: true, today: "2026-03-31")
        #expect(!before.shown.contains { $0.rule == "contrast.non-text" }, "silenced through its last day")
        #expect(!before.shown.contains { $0.rule == "rule.ignore-lapsed" })
        let after = RuleConfiguration.apply(raw, catalog: catalog, complete: true, today: "2026-04-01")
        #expect(after.shown.contains { $0.rule == "contrast.non-text" }, "reported again the day after")
        let lapsed = try #require(after.shown.first { $0.rule == "rule.ignore-lapsed" })
        #expect(lapsed.severity == .warning && lapsed.message.contains("2026-03-31"))
        #expect(lapsed.location.file.hasSuffix("components/alpha/component.yaml") && lapsed.location.column > 1)
        #expect(!after.shown.contains { $0.rule == "rule.stale-ignore" }, "a lapsed entry is not also stale")
        // A day that is not a day.
        try Data((try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "2026-03-31", with: "2026-02-30")).utf8).write(to: file)
        let bad = Fixtures.run(try Fixtures.read(folder.path))
        #expect(bad.diagnostics.contains { $0.rule == "schema.type" && $0.message.contains("2026-02-30") }, "\(bad.diagnostics)")
    }

    /// An ignore: with a blank reason is an error at the reason, and silences nothing (it was
    /// dropped without a word while its finding still showed).
    @Test func aBlankReasonIsAnErrorAtItsLine() throws {
        let result = try run(ignore: "  - { rule: contrast.non-text, reason: \"   \" }\n")
        let blank = try #require(result.diagnostics.first { $0.rule == "schema.missing-key" && $0.message.contains("reason is blank") })
        #expect(blank.severity == .error && blank.location.file.hasSuffix("components/alpha/component.yaml") && blank.location.column > 1, "\(blank)")
        #expect(result.diagnostics.contains { $0.rule == "contrast.non-text" }, "the finding is not silenced")
    }

    @Test func theBuildDayIsTheCivilDateInUTC() {
        #expect(BuildDay.day(secondsSince1970: 0) == "1970-01-01")
        #expect(BuildDay.day(secondsSince1970: 951_782_400) == "2000-02-29")
        #expect(BuildDay.day(secondsSince1970: 1_795_651_199) == "2026-11-25")
        #expect(BuildDay.isDay("2024-02-29") && !BuildDay.isDay("2023-02-29") && !BuildDay.isDay("2026-13-01") && !BuildDay.isDay("26-1-1"))
    }

    @Test func onlyFindingsThatLeaveACatalogBuildableCanBeLowered() throws {
        #expect(RuleCatalogue.rule(named: "code.mapping-missing")?.lowerable == true)
        #expect(RuleCatalogue.rule(named: "lint.radio-too-few")?.lowerable == true)
        #expect(RuleCatalogue.rule(named: "contrast.text")?.lowerable == true)
        for id in ["yaml.syntax", "schema.unknown-key", "token.alias-dangling", "file.special", "template.syntax"] {
            #expect(RuleCatalogue.rule(named: id)?.lowerable == false, "\(id)")
        }
        let result = try run(rules: "  schema.unknown-key: off\n  ref.token: warning\n")
        #expect(result.diagnostics.filter { $0.rule == "rule.not-lowerable" }.count == 2)
    }

    @Test func listRulesShowsTheConfiguredSeverity() {
        let (settings, problems) = RuleCatalogue.settings(catalogYAML: "title: T\nrules:\n  token.unused: off\n  lint.no-states: error\n", file: "catalog.yaml")
        #expect(problems.isEmpty)
        let table = RuleCatalogue.configuredTable(settings)
        #expect(table.contains("| `token.unused` | info | **off** |"))
        #expect(table.contains("| `lint.no-states` | warning | **error** |"))
        #expect(table.contains("| `link.broken` | error | — |"))
    }

    /// A problem silenced on either side of a diff is neither introduced nor fixed, and a
    /// contrast regression in a component that ignores the rule is not reported.
    @Test func diffLeavesSilencedProblemsOut() throws {
        let repository = try GitRepository()
        try repository.replace("components/alpha/component.yaml", "related: [beta]\n", "related: [beta]\nignore:\n  - { rule: contrast.non-text, reason: \"Decorative.\" }\n  - { rule: lint.no-states, reason: \"Testing.\" }\n")
        try repository.commit("Ignore alpha's contrast")
        // Make alpha's track pale: a regression, but alpha ignores contrast.non-text.
        let tokens = try repository.text("tokens/base.tokens.json")
        let pale = tokens.replacing(#/"#[0-9A-Fa-f]{6}"/#, with: "\"#FAFAFA\"")
        try repository.write("tokens/base.tokens.json", pale)
        let changes = try repository.analyse()
        // The track's non-text pair is silenced; the label's text pair (contrast.text) is not.
        let regressions = changes.changes.filter { $0.area == "contrast" && $0.component == "alpha" }
        #expect(!regressions.contains { $0.message.contains("below 3:1") }, "\(ChangeReport.text(changes))")
        #expect(regressions.contains { $0.message.contains("below 4.5:1") })
        #expect(!changes.changes.contains { $0.area == "problem" && $0.subject.hasPrefix("contrast.") })

        // Removing the ignore shows the problem again: it was not fixed meanwhile, nor is it
        // new; a problem that becomes ignored is not reported as fixed.
        let silencedBefore = [Diagnostic.warning(.lintNoStates, "no states", at: SourceLocation(file: "c/components/alpha/component.yaml", line: 1))]
        var quiet = silencedBefore[0]
        quiet.suppressed = "Testing."
        let fixed = CatalogDiff.problemChanges(base: silencedBefore, head: [], silenced: [quiet])
        #expect(fixed.isEmpty)
        let introduced = CatalogDiff.problemChanges(base: [], head: silencedBefore, silenced: [quiet])
        #expect(introduced.isEmpty)
        #expect(CatalogDiff.problemChanges(base: silencedBefore, head: []).count == 1)
    }

    /// A page moved from GOV.UK's Markdown (front matter with `title` and `description`, HTML
    /// comments, `<br>`) checks with no warnings and no errors, and its line breaks are kept.
    @Test func aMigratedPageChecksWithNoWarnings() throws {
        let folder = try Fixtures.materialize(invalidCase: "contrast-non-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Back to the base fixture's own alpha, with the migrated page as its index.md.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("components/alpha"))
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base/components/alpha"), to: folder.appendingPathComponent("components/alpha"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("tokens/pale.tokens.json"))
        let page = folder.appendingPathComponent("components/alpha/index.md")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("migrated-govuk/index.md"), to: page)
        let result = Fixtures.run(try Fixtures.read(folder.path))
        let loud = result.diagnostics.filter { $0.severity != .info }
        #expect(loud.isEmpty, "\(loud)")
        let html = try #require(result.site?.text("components/alpha/index.html"))
        #expect(html.contains("straight away.<br />"))
        #expect(!html.contains("migrated") && !html.contains("Screenshots"))
        // component.yaml's name wins over the front matter's title (the same but for case).
        #expect(html.contains("<h1") && html.contains("Alpha Switch"))
        // The front matter's description describes the page where it is listed: its meta
        // description, its card, search and llms.txt; the page itself still leads with the summary.
        let description = "Use the alpha switch to let users turn one setting on or off."
        let site = try #require(result.site)
        #expect(html.contains("<meta name=\"description\" content=\"\(description)\">"), "meta")
        #expect(site.text("components/index.html")?.contains(description) == true, "card")
        #expect(site.text("search/index.js")?.contains(description) == true, "search")
        #expect(site.text("llms.txt")?.contains(description) == true, "llms.txt")
        #expect(html.contains("<p class=\"page-summary\">The fixture&#39;s switch.</p>"), "the summary stays the page's lead")
    }

    /// A front-matter title other than the name is said, at its line; the name stays the title.
    @Test func aFrontMatterTitleThatIsNotTheNameIsAWarning() throws {
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "components/plain/component.yaml": "name: Plain\nsummary: A plain thing.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named, platforms: { ios: By its label. } }]\n",
            "components/plain/index.md": "---\norder: 2\ntitle: Plain button\n---\n\nText.\n",
        ])
        let result = Fixtures.run(tree)
        let found = result.diagnostics.filter { $0.rule == .markdownTitleIgnored }
        #expect(found.count == 1 && found.first?.severity == .warning, "\(result.diagnostics)")
        #expect(found.first.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == "cat/components/plain/index.md:3:8")
        #expect(result.site?.text("components/plain/index.html")?.contains("<title>Plain") == true)
    }

    /// MCP's list_problems lists what `check --format json` lists: the silenced findings too.
    @Test func listProblemsListsSilencedFindings() throws {
        let tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "components/plain/component.yaml": "name: Plain\nsummary: No states yet.\naccessibility: [{ requirement: Named, platforms: { ios: By its label. } }]\nignore:\n  - { rule: lint.no-states, reason: Being audited. }\n",
        ])
        let result = Fixtures.run(tree)
        #expect(!result.diagnostics.contains { $0.rule == "lint.no-states" })
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(try CatalogQuery(result).problems().utf8)) as? [[String: Any]])
        #expect(listed.contains { $0["rule"] as? String == "lint.no-states" && $0["suppressed"] as? String == "Being audited." }, "\(listed)")
    }
}
