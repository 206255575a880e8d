import Foundation
import Testing
import Yams
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogAnalysis
import CatalogPipeline
import CatalogDiff
import CatalogTestSupport

/// Accessibility conformance from evidence (#57) without a browser: Tests/Fixtures/conformance's
/// three chips with audit results written as `audit` writes them (each keyed by the inputs it
/// saw), judged per criterion, shown, reported as OpenACR, made stale by an input change, and
/// compared by `diff`. The browser's side is Tests/browser/test_conformance.py.
@Suite("Accessibility conformance from evidence")
struct ConformanceTests {
    /// The day the fixture is judged by: Pass Chip's manual test (2026-11-01) holds, Stale Chip's
    /// (2026-01-05) is older than stale-after's 90 days.
    static let today = "2026-11-18"

    static func tree(_ replacing: [String: String] = [:]) throws -> SourceTree {
        var tree = try Fixtures.read(Fixtures.path("conformance"))
        tree.audit = AuditFile()
        for (path, text) in replacing { tree.set(path, Array(text.utf8)) }
        return tree
    }

    static func run(_ tree: SourceTree) -> PipelineResult {
        var options = LoadOptions()
        options.today = today
        let searchPath = [Fixtures.path("conformance/themes"), Fixtures.repository.appendingPathComponent("themes").path]
        var tree = tree
        tree.readTheme(searchPath: searchPath)
        return Pipeline.run(tree, options: options)
    }

    /// What `audit` records for the catalog `result` loaded: every criterion passed for each
    /// component, and the failures given (slug → criterion → failure), keyed as `audit` keys them.
    static func results(for result: PipelineResult, failures: [String: [String: AuditEvidence.Failure]] = [:]) throws -> [UInt8] {
        let catalog = try #require(result.catalog)
        var components: [String: AuditEvidence.ComponentResult] = [:]
        for component in catalog.components {
            var criteria: [String: AuditEvidence.Finding] = [
                "2.1.1": .init(passed: 4, checks: ["keyboard: Enter", "keyboard: Space"]),
                "2.4.7": .init(passed: 4, checks: ["focus-visible"]),
                "2.5.8": .init(passed: 8, checks: ["target-size"]),
                "4.1.2": .init(passed: 20, checks: ["axe:aria-toggle-field-name", "axe:button-name"]),
            ]
            for (criterion, failure) in failures[component.slug] ?? [:] { criteria[criterion, default: .init()].failures.append(failure) }
            components[component.slug] = .init(key: AuditKey.value(component, catalog: catalog.shared, theme: result.theme?.loaded), date: "2026-11-17", criteria: criteria)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(AuditEvidenceLoader.Stored(browser: "Chrome/156", components: components)))
    }

    /// The fixture with results for itself: Filter Chip's first example too small in the compact density.
    static func audited(_ replacing: [String: String] = [:], failing: Bool = true) throws -> (SourceTree, PipelineResult) {
        var tree = try Self.tree(replacing)
        let first = run(tree)
        let failure = AuditEvidence.Failure(subject: "ex1", conditions: "390 px, light, density=compact", check: "target-size", detail: "<button> “Open now” is 20 × 20 px, under the 24 × 24 px WCAG 2.5.8 asks")
        tree.audit.display = "fixture/audit/results.json"
        tree.audit.bytes = try results(for: first, failures: failing ? ["filter-chip": ["2.5.8": failure]] : [:])
        return (tree, run(tree))
    }

    static func conformance(_ result: PipelineResult, _ slug: String) throws -> [String: Any] {
        let text = try #require(result.site?.text("components/\(slug)/component.json"), "\(result.diagnostics)")
        let data = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(data["conformance"] as? [String: Any])
    }

    static func row(_ conformance: [String: Any], _ id: String) -> [String: Any]? {
        (conformance["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    @Test func unknownCriteriaAreErrorsAtTheirLineWithADidYouMean() throws {
        let model = try String(contentsOfFile: Fixtures.path("conformance/components/filter-chip/component.yaml"), encoding: .utf8)
            .replacingOccurrences(of: #"criteria: ["2.5.8"]"#, with: #"criteria: ["SC 2.5.8", "9.9.9"]"#)
        let result = Self.run(try Self.tree(["components/filter-chip/component.yaml": model]))
        let errors = result.diagnostics.filter { $0.rule == "conformance.criterion" }
        #expect(errors.count == 2, "\(result.diagnostics)")
        #expect(errors.allSatisfy { $0.severity == .error && $0.location.line == 15 && $0.location.file.hasSuffix("filter-chip/component.yaml") })
        #expect(errors.contains { $0.message.contains("'SC 2.5.8'") && $0.message.contains("did you mean '2.5.8', Target Size (Minimum)?") })
        #expect(errors.contains { $0.message.contains("'9.9.9' is not a WCAG 2.2 success criterion") })
    }

    @Test func auditResultsCountAndAFailureIsLocatedAtItsExampleAndMode() throws {
        let (_, result) = try Self.audited()
        let fails = result.diagnostics.filter { $0.rule == "conformance.fails" }
        #expect(fails.count == 1 && fails[0].severity == .warning && fails[0].location.line == 19, "\(fails)")
        #expect(fails.first?.message.contains("Filter Chip does not support WCAG 2.5.8 Target Size (Minimum): target-size failed on example “Unselected” at 390 px, light, density=compact") == true)
        #expect(!result.diagnostics.contains { $0.rule == "conformance.evidence" }, "every result matches its inputs")
        let filter = try Self.conformance(result, "filter-chip")
        let targets = try #require(Self.row(filter, "2.5.8"))
        #expect(targets["result"] as? String == "does-not-support")
        #expect((targets["summary"] as? String)?.contains("density=compact") == true)
        let located = (targets["evidence"] as? [[String: Any]] ?? []).first { $0["result"] as? String == "does-not-support" }
        #expect(located?["line"] as? Int == 19 && (located?["file"] as? String)?.hasSuffix("filter-chip/component.yaml") == true)
        #expect(Self.row(filter, "2.1.1")?["result"] as? String == "supports", "one criterion failing leaves the others as they are")
        let pass = try Self.conformance(result, "pass-chip")
        #expect(Self.row(pass, "2.5.8")?["result"] as? String == "supports")
        #expect(Self.row(pass, "4.1.3")?["result"] as? String == "not-applicable", "a consumer's requirement")
        #expect((Self.row(pass, "4.1.2")?["summary"] as? String)?.contains("the browser audit and a manual test") == true)
        // The conformance page, and the report it renders: one chip of three fails 2.5.8.
        let site = try #require(result.site)
        let page = try #require(site.text("conformance/index.html"))
        #expect(page.contains("Partially supports") && page.contains("Filter Chip"))
        let yaml = try #require(site.text("conformance/openacr.yaml"))
        let report = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        #expect(report["catalog"] as? String == "2.5-edition-wcag-2.2-508-en")
        let chapters = try #require(report["chapters"] as? [String: Any])
        let aa = try #require((chapters["success_criteria_level_aa"] as? [String: Any])?["criteria"] as? [[String: Any]])
        let components = aa.first { $0["num"] as? String == "2.5.8" }?["components"] as? [[String: Any]]
        let adherence = try #require(components?.first?["adherence"] as? [String: Any])
        #expect(adherence["level"] as? String == "partially-supports")
        #expect((adherence["notes"] as? String)?.contains("Does not support: Filter Chip (example “Unselected” at 390 px, light, density=compact") == true)
        #expect((adherence["notes"] as? String)?.contains("Supports: Pass Chip (8 automated checks passed in the browser (target-size))") == true)
        #expect(report["report_date"] as? String == "2026-11-17", "the newest evidence's day, not the build's")
    }

    @Test func theRubricsAccessibilityCriterionIsMeasuredFromTheConformance() throws {
        let (_, result) = try Self.audited()
        let catalog = try #require(result.catalog)
        func measured(_ slug: String) throws -> MeasuredReadiness? {
            ComponentAnalysis(try #require(catalog.component(slug)), in: catalog, theme: result.theme?.loaded).conformanceMeasured
        }
        let failing = try #require(try measured("filter-chip"))
        #expect(failing.criterion == "A11Y" && failing.status.id == "requires-rework" && failing.source == "Conformance")
        #expect(failing.evidence.contains("2.5.8 Target Size (Minimum)"))
        #expect(try measured("pass-chip")?.status.id == "ready")
        let dashboard = try #require(result.site?.text("readiness/index.html"))
        #expect(dashboard.contains("Conformance"), "the dashboard says what measured it")
        let twin = try #require(result.site?.text("components/filter-chip/index.md"))
        #expect(twin.contains("## Conformance") && twin.contains("| 2.5.8 Target Size (Minimum) | AA | Does not support |"))
    }

    @Test func aManualResultMadeBeforeTheComponentLastChangedInAReleaseIsStale() throws {
        let result = Self.run(try Self.tree())
        var catalog = try #require(result.catalog).shared
        let component = try #require(result.catalog?.component("pass-chip"))
        let test = try #require(component.conformanceTests.first)
        #expect(ConformanceStaleness.reason(test, component: component, catalog: catalog) == nil)
        let change = CatalogChanges.Change(impact: .notable, area: .property, kind: .changed, component: "pass-chip", subject: "size", message: "larger")
        let changes = CatalogChanges(base: "v1", head: "v2", changes: [change], componentNames: [:], baseErrors: [], headErrors: [])
        catalog.history = ReleaseHistory(entries: [
            .init(release: Release(tag: "v1", commit: "a", date: "2026-09-01T10:00:00Z"), changes: nil, components: ["pass-chip": "Pass Chip"], deprecated: []),
            .init(release: Release(tag: "v2", commit: "b", date: "2026-11-10T10:00:00Z"), changes: changes, components: ["pass-chip": "Pass Chip"], deprecated: []),
        ], current: "Next", kept: ["v1", "v2"])
        #expect(ConformanceStaleness.reason(test, component: component, catalog: catalog) == "the component changed in v2 on 2026-11-10, after the test")
    }

    @Test func anInputChangeMakesOnlyThatComponentsResultsStale() throws {
        var (tree, _) = try Self.audited()
        let model = try String(contentsOfFile: Fixtures.path("conformance/components/pass-chip/component.yaml"), encoding: .utf8)
        tree.set("components/pass-chip/component.yaml", Array(model.replacingOccurrences(of: "passes every check", with: "passes every check, larger").utf8))
        let result = Self.run(tree)
        let stale = result.diagnostics.filter { $0.rule == "conformance.evidence" }
        #expect(stale.count == 1 && stale[0].location.file.hasSuffix("pass-chip/component.yaml") && stale[0].message.contains("audit --only pass-chip"), "\(stale)")
        let pass = try Self.conformance(result, "pass-chip")
        #expect(pass["auditStale"] as? Bool == true)
        #expect(Self.row(pass, "2.1.1")?["result"] as? String == "not-evaluated", "stale evidence does not count")
        #expect(Self.row(pass, "4.1.2")?["result"] as? String == "supports", "the manual test still stands")
        #expect(try Self.conformance(result, "filter-chip")["auditStale"] as? Bool == false)
        // A theme file a demo does not depend on leaves every result as it was; the kind's script does not.
        let theme = try #require(result.theme?.loaded)
        let component = try #require(result.catalog?.component("filter-chip"))
        let catalog = try #require(result.catalog)
        var source = theme.source
        source.templates["page-readiness"]?.text += "\n"
        let unrelated = LoadedTheme(source: source, kinds: theme.kinds, symbols: theme.symbols, contentKey: source.contentKey)
        #expect(AuditKey.value(component, catalog: catalog.shared, theme: unrelated) == AuditKey.value(component, catalog: catalog.shared, theme: theme))
        source.assets["demos/chip.js"] = Array("// ignores Enter".utf8)
        let changed = LoadedTheme(source: source, kinds: theme.kinds, symbols: theme.symbols, contentKey: source.contentKey)
        #expect(AuditKey.value(component, catalog: catalog.shared, theme: changed) != AuditKey.value(component, catalog: catalog.shared, theme: theme))
    }

    @Test func aManualResultOlderThanStaleAfterIsStaleAtItsDate() throws {
        let result = Self.run(try Self.tree())
        let stale = result.diagnostics.filter { $0.rule == "conformance.stale" }
        #expect(stale.count == 1 && stale[0].location.file.hasSuffix("stale-chip/component.yaml") && stale[0].location.line == 20, "\(stale)")
        #expect(stale.first?.message.contains("made 317 days ago, more than stale-after's 90") == true)
        let row = Self.row(try Self.conformance(result, "stale-chip"), "4.1.2")
        #expect(row?["result"] as? String == "not-evaluated" && (row?["summary"] as? String)?.contains("stale") == true)
        #expect(result.diagnostics.contains { $0.rule == "conformance.evidence" && $0.message.contains("no audit results") }, "no results file yet")
    }

    @Test func contrastFailingInOneModeIsDoesNotSupportAtTheToken() throws {
        // In the compact density the label is the fill's own colour.
        let compact = ##"{ "size": { "$type": "dimension", "chip": { "$value": { "value": 20, "unit": "px" } } }, "color": { "$type": "color", "text": { "$value": { "colorSpace": "srgb", "components": [0.1, 0.3, 0.7], "hex": "#1A4DB3" } } } }"##
        let (_, result) = try Self.audited(["tokens/compact.tokens.json": compact])
        for slug in ["filter-chip", "pass-chip", "stale-chip"] {
            let conformance = try Self.conformance(result, slug)
            let text = try #require(Self.row(conformance, "1.4.3"))
            #expect(text["result"] as? String == "does-not-support", "\(slug)")
            #expect((text["summary"] as? String)?.contains("“Default” in density=compact: Label (#1A4DB3) against Fill (#1A4DB3) is 1:1") == true, "\(text)")
            let located = (text["evidence"] as? [[String: Any]] ?? []).first { $0["result"] as? String == "does-not-support" }
            #expect(located?["line"] as? Int == 9, "at the appearance's Label token")
            #expect(Self.row(conformance, "2.1.1")?["result"] as? String != "does-not-support", "exactly the right criterion")
        }
    }

    @Test func aMalformedResultsFileIsAnErrorWhereItBreaks() throws {
        var tree = try Self.tree()
        tree.audit.display = "fixture/audit/results.json"
        tree.audit.bytes = Array("{\n  \"version\": 1,\n  \"browser\": \n}".utf8)
        let result = Self.run(tree)
        let error = result.diagnostics.first { $0.rule == "conformance.evidence" && $0.severity == .error }
        #expect(error?.location.file == "fixture/audit/results.json" && error?.location.line == 4, "\(result.diagnostics)")
        tree.audit.bytes = Array(#"{ "version": 1, "browser": "x", "components": { "pass-chip": { "key": 3 } } }"#.utf8)
        let shape = Self.run(tree).diagnostics.first { $0.rule == "conformance.evidence" && $0.severity == .error }
        #expect(shape?.message.contains(".components.pass-chip.key has the wrong type") == true, "\(String(describing: shape))")
    }

    @Test func diffReportsACriterionThatRegressed() throws {
        let (_, base) = try Self.audited(failing: false)
        let (_, head) = try Self.audited(failing: true)
        let changes = CatalogDiff.conformanceChanges(base: base, head: head)
        #expect(changes.count == 1, "\(changes)")
        let change = try #require(changes.first)
        #expect(change.component == "filter-chip" && change.area == "accessibility" && change.kind == "regressed" && change.impact == .breaking)
        #expect(change.subject == "WCAG 2.5.8 Target Size (Minimum)" && change.message.contains("went from supports to does not support"))
        #expect(change.location?.line == 19)
        let fixed = CatalogDiff.conformanceChanges(base: head, head: base)
        #expect(fixed.count == 1 && fixed[0].kind == "fixed" && fixed[0].impact == .minor)
    }

    @Test func aKindsKeyboardContractIsCheckedWhereItIsWritten() throws {
        let text = """
        name: Chip
        fields:
          label: { type: text, required: true }
        keyboard:
          - { key: Spase, changes: aria-pressed }
          - { key: Enter, changes: pressed }
          - { key: Enter, changes: aria-pressed, of: ".chip" }
        """
        let (kind, problems) = DemoKindLoader.load(id: "chip", text: text, file: "themes/t/demos/chip.yaml")
        #expect(kind == nil && problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.rule == "kind.contract" && $0.location.line == 5 && $0.message.contains("did you mean 'Space'") })
        #expect(problems.contains { $0.rule == "kind.contract" && $0.location.line == 6 && $0.message.contains("'pressed' is not something the audit observes") })
        let (good, none) = DemoKindLoader.load(id: "chip", text: text.replacingOccurrences(of: "Spase", with: "Space").replacingOccurrences(of: "changes: pressed", with: "changes: aria-pressed"), file: "chip.yaml")
        #expect(none.isEmpty && good?.keyboard.map(\.keyName) == ["Space", "Enter", "Enter"] && good?.keyboard[2].of == ".chip")
    }
}
