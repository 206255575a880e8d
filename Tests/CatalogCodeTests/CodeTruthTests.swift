import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogLoad
import CatalogAnalysis
import CatalogRender
import CatalogPipeline
import CatalogDiff
import CatalogTestSupport

/// Code truth (`code:` in catalog.yaml): the fixture under Tests/Fixtures/code is a catalog with
/// a SwiftUI and a Compose implementation that match it; each case below makes one drift in the
/// code or the documentation and expects its rule at its file and line.
@Suite("Code truth")
struct CodeTruthTests {
    /// The fixture copied to a temporary folder, with `edits` applied: (file, text, replacement),
    /// a nil text appending, a nil replacement deleting the file.
    static func materialize(_ edits: [(file: String, text: String?, replacement: String?)]) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("code-fixture-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("code"), to: target)
        for edit in edits {
            let url = target.appendingPathComponent(edit.file)
            guard let replacement = edit.replacement else {
                try FileManager.default.removeItem(at: url)
                continue
            }
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let changed: String
            if let old = edit.text {
                #expect(text.contains(old), "\(edit.file) does not contain \(old)")
                changed = text.replacingOccurrences(of: old, with: replacement)
            } else {
                changed = text + replacement
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(changed.utf8).write(to: url)
        }
        return target
    }

    static func run(_ edits: [(file: String, text: String?, replacement: String?)] = []) throws -> PipelineResult {
        let folder = try materialize(edits)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = try CatalogReader.read(folder.appendingPathComponent("catalog").path, displayRoot: "fixture")
        return Pipeline.run(tree)
    }

    static func codeFindings(_ result: PipelineResult) -> [Diagnostic] {
        result.diagnostics.filter { $0.rule.rawValue.hasPrefix("code.") || $0.rule == "readiness.measured" }
    }

    @Test func theMatchingFixtureHasNoFindingsAndMeasuresItsReadiness() throws {
        let result = try Self.run()
        #expect(Self.codeFindings(result).isEmpty, "\(Self.codeFindings(result).map(\.description))")
        let catalog = try #require(result.catalog)
        let toggle = try #require(catalog.component("acme-toggle"))
        let report = try #require(CodeReport.make(toggle, code: catalog.code, settings: catalog.settings))
        #expect(report.measured.map { "\($0.criterion)=\($0.status.id)" } == ["C4=ready", "C7=ready"])
        #expect(report.implementations.map { "\($0.platform) \($0.file ?? "-"):\($0.line ?? 0)" } == [
            "swiftui ../swift/Controls/AcmeToggle.swift:4",
            "compose ../kotlin/com/acme/ui/AcmeToggle.kt:13",
        ])
        let chipComponent = try #require(catalog.component("acme-chip"))
        let chip = try #require(CodeReport.make(chipComponent, code: catalog.code, settings: catalog.settings))
        #expect(chip.measured.map { "\($0.criterion)=\($0.status.id)" } == ["C4=ready", "C7=not-mapped"])
    }

    /// #55 5: code truth on real code. An overload without a parameter (`AcmeToggle(icon…)`
    /// beside `AcmeToggle(label…)`) does not make it optional, and only public API is API: a
    /// Kotlin `internal` overload and a Swift extension's internal initializer of a public type
    /// are neither documented nor measured. A public one still is.
    @Test func requirednessIsJudgedAcrossOverloadsAndOnlyPublicAPICounts() throws {
        let kotlin = "kotlin/com/acme/ui/AcmeToggle.kt"
        let swift = "swift/Controls/AcmeToggle.swift"
        let result = try Self.run([
            (kotlin, "enum class ToggleSize", """
            @Composable
            fun AcmeToggle(
                icon: Int,
                checked: Boolean,
                onCheckedChange: ((Boolean) -> Unit)?,
                modifier: Modifier = Modifier,
            ) {}

            @Composable
            internal fun AcmeToggle(
                debugName: String,
                checked: Boolean,
            ) {}

            enum class ToggleSize
            """),
            (swift, nil, """

            extension AcmeToggle where Accessory == EmptyView {
                init(previewTitle: String) {
                    self.init(LocalizedStringKey(previewTitle), isOn: .constant(true))
                }
            }

            """),
        ])
        // `label` stays required (no required-mismatch); the public overload's `icon` is API
        // nobody documented (a note); the internal `debugName` and `previewTitle` are not API.
        let findings = Self.codeFindings(result)
        #expect(findings.map(\.rule) == [.codeUndocumented] && findings[0].message.contains("'icon: Int'"), "\(findings.map(\.description))")
    }

    struct Drift: CustomTestStringConvertible, Sendable {
        var name: String
        var edits: [(file: String, text: String?, replacement: String?)]
        var rule: String
        /// `file:line`, the file as shown (the catalog is displayed as `fixture`).
        var place: String
        var words: String = ""
        var testDescription: String { name }
    }

    static let toggle = "catalog/components/acme-toggle/component.yaml"
    static let swiftToggle = "swift/Controls/AcmeToggle.swift"
    static let kotlinToggle = "kotlin/com/acme/ui/AcmeToggle.kt"

    static let drifts: [Drift] = [
        Drift(name: "a SwiftUI initializer label renamed", edits: [
            (swiftToggle, "isOn: Binding<Bool>, @ViewBuilder", "isSwitchedOn isOn: Binding<Bool>, @ViewBuilder"),
            (swiftToggle, "public init(_ title: LocalizedStringKey, isOn: Binding<Bool>) {", "public init(_ title: LocalizedStringKey, isSwitchedOn isOn: Binding<Bool>) {"),
            (swiftToggle, "self.init(title, isOn: isOn)", "self.init(title, isSwitchedOn: isOn)"),
        ], rule: "code.mapping-missing", place: "fixture/components/acme-toggle/component.yaml:17", words: "'isOn' is neither an initializer parameter"),
        Drift(name: "a Compose parameter renamed", edits: [(kotlinToggle, "    checked: Boolean,", "    isChecked: Boolean,")],
              rule: "code.mapping-missing", place: "fixture/components/acme-toggle/component.yaml:17", words: "did you mean 'isChecked'"),
        Drift(name: "a SwiftUI parameter's type changed", edits: [
            (swiftToggle, "isOn: Binding<Bool>, @ViewBuilder", "isOn: Binding<Bool?>, @ViewBuilder"),
            (swiftToggle, "public init(_ title: LocalizedStringKey, isOn: Binding<Bool>) {", "public init(_ title: LocalizedStringKey, isOn: Binding<Bool?>) {"),
        ], rule: "code.type-mismatch", place: "fixture/components/acme-toggle/component.yaml:17", words: "Binding<Bool?> in the code"),
        Drift(name: "a Compose parameter's type changed", edits: [(kotlinToggle, "size: ToggleSize = ToggleSize.Regular", "size: Int = 0")],
              rule: "code.type-mismatch", place: "fixture/components/acme-toggle/component.yaml:30", words: "'size' is Int in the code"),
        Drift(name: "a Compose default removed", edits: [(kotlinToggle, "enabled: Boolean = true", "enabled: Boolean")],
              rule: "code.required-mismatch", place: "fixture/components/acme-toggle/component.yaml:26", words: "optional in component.yaml"),
        Drift(name: "a SwiftUI default removed", edits: [("swift/Controls/AcmeChip.swift", "var isSelected: Bool = false", "var isSelected: Bool")],
              rule: "code.required-mismatch", place: "fixture/components/acme-chip/component.yaml:16", words: "every initializer of AcmeChip needs it"),
        Drift(name: "a required property given a default in Compose", edits: [(kotlinToggle, "    label: String,", "    label: String = \"\",")],
              rule: "code.required-mismatch", place: "fixture/components/acme-toggle/component.yaml:12", words: "required in component.yaml"),
        Drift(name: "a SwiftUI modifier renamed", edits: [(swiftToggle, "func acmeToggleSize(", "func acmeSize(")],
              rule: "code.mapping-missing", place: "fixture/components/acme-toggle/component.yaml:30", words: "no method of AcmeToggle or View extension is called acmeToggleSize"),
        Drift(name: "an initializer call form naming a label the code lacks", edits: [(toggle, "AcmeToggle(_:isOn:accessory:)", "AcmeToggle(_:isOn:trailing:)")],
              rule: "code.mapping-missing", place: "fixture/components/acme-toggle/component.yaml:34", words: "trailing:"),
        Drift(name: "a Compose parameter nobody documented", edits: [(kotlinToggle, "    enabled: Boolean = true,", "    enabled: Boolean = true,\n    tint: Color = Color.Unspecified,")],
              rule: "code.undocumented", place: "fixture/components/acme-toggle/component.yaml:5", words: "'tint: Color'"),
        Drift(name: "a SwiftUI public property nobody documented", edits: [(swiftToggle, "    private var size = ToggleSize.regular", "    private var size = ToggleSize.regular\n    public var tint: Color = .accentColor")],
              rule: "code.undocumented", place: "fixture/components/acme-toggle/component.yaml:4", words: "public property 'tint'"),
        Drift(name: "an implementation naming no SwiftUI type", edits: [(toggle, "  swiftui: AcmeToggle", "  swiftui: AcmeTogle")],
              rule: "code.implementation-missing", place: "fixture/components/acme-toggle/component.yaml:4", words: "did you mean 'AcmeToggle'"),
        Drift(name: "an implementation naming no Composable", edits: [("kotlin/com/acme/ui/AcmeChip.kt", "@Composable\n", "")],
              rule: "code.implementation-missing", place: "fixture/components/acme-chip/component.yaml:5", words: "no @Composable function"),
        Drift(name: "a Code Connect file removed", edits: [("swift/Controls/AcmeToggle.figma.swift", nil, nil)],
              rule: "readiness.measured", place: "fixture/components/acme-toggle/component.yaml:38", words: "C7 is declared Ready"),
        Drift(name: "a Swift file that does not parse", edits: [("swift/Controls/Broken.swift", nil, "struct Broken {\n    func x( {\n")],
              rule: "code.unreadable", place: "swift/Controls/Broken.swift:2", words: "could not be parsed as Swift"),
        Drift(name: "a Kotlin file with an unclosed comment", edits: [("kotlin/com/acme/ui/Broken.kt", nil, "package x\n\n/* never closed\n@Composable fun Z() {}\n")],
              rule: "code.unreadable", place: "kotlin/com/acme/ui/Broken.kt:3", words: "is not closed"),
        Drift(name: "a Kotlin declaration it cannot read", edits: [("kotlin/com/acme/ui/Odd.kt", nil, "package x\n\n@Composable\nfun Odd(label String) {}\n")],
              rule: "code.unreadable", place: "kotlin/com/acme/ui/Odd.kt:4", words: "left out rather than guessed"),
        Drift(name: "an implementation for a platform code: does not name", edits: [("catalog/catalog.yaml", "  compose: ../kotlin\n", "")],
              rule: "code.unchecked", place: "fixture/components/acme-toggle/component.yaml:5", words: "implementation.compose is not checked"),
        Drift(name: "a code folder that does not exist", edits: [("catalog/catalog.yaml", "compose: ../kotlin", "compose: ../kotlinx")],
              rule: "code.folder-missing", place: "fixture/catalog.yaml:4", words: "kotlinx"),
    ]

    @Test("each drift is reported at its place", arguments: drifts)
    func eachDriftIsReportedAtItsPlace(_ drift: Drift) throws {
        let findings = Self.codeFindings(try Self.run(drift.edits))
        let matching = findings.filter { $0.rule == drift.rule && "\($0.location.file):\($0.location.line)" == drift.place }
        #expect(!matching.isEmpty, "expected \(drift.rule) at \(drift.place); got \(findings.map(\.description))")
        #expect(matching.contains { $0.message.contains(drift.words) }, "\(matching.map(\.message))")
    }

    @Test func aMismatchIsAnErrorAndUndocumentedAPIANote() throws {
        let renamed = try Self.run([(Self.kotlinToggle, "    checked: Boolean,", "    isChecked: Boolean,")])
        #expect(renamed.diagnostics.contains { $0.rule == "code.mapping-missing" && $0.severity == .error })
        #expect(renamed.diagnostics.contains { $0.rule == "code.undocumented" && $0.severity == .info && $0.message.contains("isChecked") })
        #expect(!renamed.succeeded)
    }

    /// A parameter renamed in another team's repository need not stop the build while the
    /// documentation catches up: `rules:` lowers code findings, and the build then succeeds with
    /// the finding as a warning at the same place.
    @Test func aCodeFindingLoweredToAWarningLetsTheBuildThrough() throws {
        let rename = (file: Self.kotlinToggle, text: String?.some("    checked: Boolean,"), replacement: String?.some("    isChecked: Boolean,"))
        let lowered = try Self.run([rename, ("catalog/catalog.yaml", "  usage: [../apps/ios, ../apps/android]\n", "  usage: [../apps/ios, ../apps/android]\nrules:\n  code.mapping-missing: warning\n")])
        #expect(!lowered.diagnostics.contains { $0.severity == .error }, "\(lowered.diagnostics.filter { $0.severity == .error })")
        #expect(lowered.diagnostics.contains { $0.rule == "code.mapping-missing" && $0.severity == .warning })
        #expect(lowered.succeeded && lowered.site != nil)
    }

    @Test func usageIsCountedPerPlatformAndFile() throws {
        let result = try Self.run()
        let catalog = try #require(result.catalog)
        let toggle = try #require(catalog.component("acme-toggle"))
        let report = try #require(CodeReport.make(toggle, code: catalog.code, settings: catalog.settings))
        #expect(report.usage.map { usage in "\(usage.platform): " + usage.files.map { "\($0.file)×\($0.calls)" }.joined(separator: ", ") } == [
            "swiftui: ../apps/ios/Onboarding.swift×1, ../apps/ios/SettingsView.swift×2",
            "compose: ../apps/android/Settings.kt×1",
        ])
        #expect(report.usageFiles == 3)
        let chipComponent = try #require(catalog.component("acme-chip"))
        let chip = try #require(CodeReport.make(chipComponent, code: catalog.code, settings: catalog.settings))
        #expect(chip.usage.map(\.calls) == [1, 2])
    }

    @Test func thePageTheDashboardAndTheJSONShowWhatTheCodeSays() throws {
        let result = try Self.run()
        let site = try #require(result.site)
        let page = String(decoding: try #require(site["components/acme-toggle/index.html"]), as: UTF8.self)
        #expect(page.contains("Used in 3 files (SwiftUI: 2 files, 3 calls; Compose: 1 file, 1 call)."))
        #expect(page.contains("../swift/Controls/AcmeToggle.swift:4"))
        #expect(page.contains(">Measured</th>") && page.contains("From code: "), "the scorecard says where each measured status comes from")
        let dashboard = String(decoding: try #require(site["readiness/index.html"]), as: UTF8.self)
        #expect(dashboard.contains(">Used in</th>"))
        #expect(dashboard.contains("measured__label"))
        let toggleData = try #require(site["components/acme-toggle/component.json"])
        let toggle = try #require(try JSONSerialization.jsonObject(with: Data(toggleData)) as? [String: Any])
        let implementation = try #require(toggle["implementation"] as? [String: Any])
        #expect((implementation["usage"] as? [String: Any])?["files"] as? Int == 3)
        let markdown = String(decoding: try #require(site["components/acme-toggle/index.md"]), as: UTF8.self)
        #expect(markdown.contains("## In code") && markdown.contains("| SwiftUI | AcmeToggle | ../swift/Controls/AcmeToggle.swift:4 |"))
        let csv = String(decoding: try #require(site["readiness.csv"]), as: UTF8.self)
        #expect(csv.hasPrefix("component,name,criterion,criterion_name,status,status_label,notes,measured_status,measured_evidence"))
    }

    /// #55 1: a generated section appears only on the tabs that list it, and in their table of
    /// contents ("In code" listed under Code only was on every tab, and in no table of contents).
    @Test func inCodeIsOnlyOnTheTabThatListsIt() throws {
        let tabs = """
        pages:
          component-tabs:
            - { file: index, title: Usage, sections: [demo, states, properties] }
            - { file: code, title: Code, sections: [code, in-code] }
            - { file: status, title: Status, sections: [readiness] }

        """
        let result = try Self.run([
            ("catalog/catalog.yaml", nil, tabs),
            ("catalog/components/acme-toggle/index.md", nil, "Use it.\n"),
            ("catalog/components/acme-toggle/code.md", nil, "Build with it.\n"),
            ("catalog/components/acme-toggle/status.md", nil, "Where it stands.\n"),
        ])
        let site = try #require(result.site, "\(result.diagnostics.filter { $0.severity == .error })")
        func page(_ path: String) throws -> String { String(decoding: try #require(site[path], "\(path)"), as: UTF8.self) }
        let code = try page("components/acme-toggle/code/index.html")
        #expect(code.contains("id=\"in-code\"") && code.contains("href=\"#in-code\""), "the Code tab shows it and lists it in its contents")
        for path in ["components/acme-toggle/index.html", "components/acme-toggle/status/index.html"] {
            let other = try page(path)
            #expect(!other.contains("id=\"in-code\""), "\(path) shows In code")
        }
    }

    /// #55 6: what the code declares depends on the code alone, so a component.yaml that breaks
    /// (or changes its implementation's name) does not parse the code again: the preview's error
    /// overlay comes at once on a catalog with much Kotlin and Swift.
    @Test func aBrokenComponentYamlDoesNotReadTheCodeAgain() throws {
        let folder = try Self.materialize([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("catalog").path
        let memo = PipelineMemo()
        let first = Pipeline.run(try CatalogReader.read(catalog, displayRoot: "fixture"), memo: memo)
        #expect(first.site != nil)
        #expect(memo.counts(CatalogLoader.CodeDeclarationsStep.self).made == 1)
        let model = folder.appendingPathComponent("catalog/components/acme-toggle/component.yaml")
        let text = try String(contentsOf: model, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "summary: Turns one setting on or off.", with: "summary: Note: turns one setting on or off.").utf8).write(to: model)
        let broken = Pipeline.run(try CatalogReader.read(catalog, displayRoot: "fixture"), memo: memo)
        #expect(broken.diagnostics.filter { $0.severity == .error }.map(\.rule) == [.yamlSyntax], "\(broken.diagnostics.filter { $0.severity == .error })")
        let declarations = memo.counts(CatalogLoader.CodeDeclarationsStep.self)
        #expect(declarations.made == 0 && declarations.reused == 1, "the code was parsed again: \(declarations)")
    }

    @Test func aDisagreementIsShownOnTheDashboard() throws {
        let result = try Self.run([("swift/Controls/AcmeToggle.figma.swift", nil, nil)])
        let catalog = try #require(result.catalog)
        let theme = try #require(result.theme)
        let site = SiteRenderer.render(catalog, theme: theme)
        let dashboard = String(decoding: try #require(site["readiness/index.html"]), as: UTF8.self)
        #expect(dashboard.contains("differs from the declared status"))
    }

    /// `implementation:` without `code:` changes nothing in the output, and a catalog without
    /// `code:` has no trace of the feature.
    @Test func withoutCodeTheOutputIsUntouched() throws {
        let folder = try Self.materialize([("catalog/catalog.yaml", "code:\n  swiftui: ../swift\n  compose: ../kotlin\n  usage: [../apps/ios, ../apps/android]\n", "")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let withImplementation = try CatalogReader.read(folder.appendingPathComponent("catalog").path, displayRoot: "fixture")
        var without = withImplementation
        for slug in ["acme-toggle", "acme-chip"] {
            let path = "components/\(slug)/component.yaml"
            let text = String(decoding: try #require(without[path]), as: UTF8.self)
            // Commented out line for line, so every other line keeps its number.
            let name = slug == "acme-chip" ? "AcmeChip" : "AcmeToggle"
            without.set(path, Array(text.replacingOccurrences(of: "implementation:\n  swiftui: \(name)\n  compose: \(name)\n", with: "# implementation:\n#   swiftui: \(name)\n#   compose: \(name)\n").utf8))
        }
        let a = try #require(Pipeline.run(withImplementation).site)
        let b = try #require(Pipeline.run(without).site)
        #expect(a.files.keys.sorted() == b.files.keys.sorted())
        for (path, bytes) in a.files where b[path] != bytes { Issue.record("\(path) differs") }
        #expect(String(decoding: try #require(a["components.schema.json"]), as: UTF8.self) == ComponentSchema.text)
        #expect(!String(decoding: try #require(a["components/acme-toggle/component.json"]), as: UTF8.self).contains("\"implementation\""))
        #expect(!String(decoding: try #require(a["components/acme-toggle/index.html"]), as: UTF8.self).contains("in-code"))
    }

    /// The `base` fixture (no `code:`) builds to the files recorded in
    /// golden/base-site.hashes, which were the output of the release before code truth: path and
    /// FNV-1a hash per file. Regenerate with `UPDATE_GOLDEN=1` only after an intended change.
    @Test func aCatalogWithoutCodeBuildsAsItDidBefore() throws {
        let tree = try CatalogReader.read(Fixtures.path("base"), displayRoot: "fixture")
        let site = try #require(Pipeline.run(tree).site)
        let manifest = site.files.keys.sorted().map { String(format: "%016llx  %@", StableHash.value(site.files[$0]!), $0) }.joined(separator: "\n") + "\n"
        let url = Fixtures.root.appendingPathComponent("golden/base-site.hashes")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try manifest.write(to: url, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: url, encoding: .utf8)
        let differing = Set(manifest.split(separator: "\n")).symmetricDifference(Set(recorded.split(separator: "\n")))
        #expect(differing.isEmpty, "differs from the recorded build: \(differing.sorted())")
    }

    /// `diff` reads the code as it was at each revision: a label renamed in a commit is drift
    /// introduced, its undocumented replacement a note introduced; renaming it back fixes both.
    @Test func diffReportsDriftIntroducedAndFixed() throws {
        let repository = try GitRepository(from: "code")
        let source = repository.catalog + "/catalog"
        try repository.replace(Self.kotlinToggle, "    checked: Boolean,", "    isChecked: Boolean,")
        try repository.commit("Rename checked")
        let introduced = try ChangeAnalysis.run(source: source, base: "HEAD~1", head: "HEAD")
        #expect(introduced.changes.contains { $0.kind == "introduced" && $0.subject == "code.mapping-missing" && $0.impact == .breaking && $0.message.contains("'checked'") })
        #expect(introduced.changes.contains { $0.kind == "introduced" && $0.subject == "code.undocumented" && $0.message.contains("isChecked") })
        try repository.replace(Self.kotlinToggle, "    isChecked: Boolean,", "    checked: Boolean,")
        try repository.commit("Rename it back")
        let fixed = try ChangeAnalysis.run(source: source, base: "HEAD~1", head: "HEAD")
        #expect(fixed.changes.contains { $0.kind == "fixed" && $0.subject == "code.mapping-missing" })
        #expect(!fixed.changes.contains { $0.kind == "introduced" })
        // A line added above the declaration moves it, and is no change to the design system.
        try repository.replace(Self.kotlinToggle, "@Composable\nfun AcmeToggle(", "// The toggle.\n@Composable\nfun AcmeToggle(")
        try repository.replace(Self.kotlinToggle, "    checked: Boolean,", "    isChecked: Boolean,")
        try repository.commit("Move and rename")
        try repository.replace(Self.kotlinToggle, "// The toggle.\n", "// The toggle,\n// moved again.\n")
        let moved = try ChangeAnalysis.run(source: source, base: "HEAD", head: nil)
        #expect(moved.changes.filter { $0.area == "problem" }.isEmpty, "\(moved.changes.map(\.message))")
    }
}
