import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogOutput
import CatalogDiff
import CatalogTestSupport

/// `catalog-build diff` on git repositories the tests make: every kind of change, the four
/// formats against golden files, a contrast regression in one mode, a shallow clone, and the
/// ways it refuses.
@Suite("Diff")
struct DiffTests {
    typealias Repository = GitRepository


    /// Every kind of change the diff reports, on one branch.
    static func changedRepository() throws -> Repository {
        let repository = try Repository()
        // Tokens: a rename, a removal with a same-valued replacement, a value change, an alias
        // retargeted, a deprecation, an addition.
        try repository.write("tokens/base.tokens.json", """
        {
          "brand": {
            "$type": "color",
            "primary": { "$value": "#005CE5" },
            "white": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1], "hex": "#FFFFFF" } },
            "ink": { "$value": "#1A2B4D", "$deprecated": "Use brand/primary for text on white." },
            "accent": { "$value": "#E5005C" }
          },
          "alpha": {
            "track-on": { "$type": "color", "$value": "{brand.primary}" },
            "knob": { "$type": "color", "$value": "{brand.white}" },
            "track-on-knob": { "$type": "color", "$value": "{brand.white}" }
          },
          "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }
        }

        """)
        // Component alpha: a property removed, a mapping changed, a state added and one's
        // support changed, a variant axis changed, readiness to ready, an example added, an
        // accessibility requirement removed, guideline sections added and rewritten.
        try repository.write("components/alpha/component.yaml", """
        name: Alpha Switch
        summary: The fixture's switch.
        related: [beta]
        states:
          - name: Default
            support: { ios: "yes", android: "yes" }
          - name: Disabled
            support: { ios: n/a, android: "yes" }
          - name: Focused
            support: { web: "yes" }
        variants:
          state: [default, disabled, focused]
          size: [small, medium, large]
        appearances:
          - name: On
            example: { checked: true }
            tokens:
              - { role: Track, token: alpha/track-on }
              - { role: Indicator, token: alpha.knob }
              - { role: Label, token: brand/ink }
        readiness:
          C1: ready
          C2: ready
        demo:
          kind: switch
          examples:
            - { title: Default, label: Airplane mode, checked: true }
            - { title: Off, label: Airplane mode }
        code:
          swiftui: |
            Toggle("Airplane mode", isOn: $on)

        """)
        try repository.replace("components/alpha/index.md", "Use it.", "Use it whenever a setting takes effect at once.\n\n## Content\n\nName the setting, not the state.")
        // Component beta removed; gamma added.
        try FileManager.default.removeItem(atPath: repository.catalog + "/components/beta")
        try repository.replace("components/alpha/index.md", "See [Beta](../beta/index.md#usage) and", "See")
        try repository.replace("components/alpha/component.yaml", "related: [beta]\n", "")
        try repository.write("components/gamma/component.yaml", "name: Gamma\nsummary: A third one.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n")
        try repository.write("components/gamma/index.md", "Gamma.\n")
        return repository
    }

    static func analyse(_ repository: Repository, base: String? = nil, head: String? = nil) throws -> CatalogChanges {
        try repository.analyse(base: base, head: head)
    }

    @Test func everyKindOfChangeIsReported() throws {
        let repository = try Self.changedRepository()
        let changes = try Self.analyse(repository)
        func has(_ impact: CatalogChanges.Impact, _ area: String, _ kind: String, _ subject: String, _ words: String = "") -> Bool {
            changes.changes.contains { $0.impact == impact && $0.area == area && $0.kind == kind && $0.subject == subject && (words.isEmpty || $0.message.contains(words)) }
        }
        let report = ChangeReport.text(changes)
        #expect(changes.base == (try repository.git("rev-parse", "--short", "HEAD")) && changes.head == "working tree")
        #expect(has(.breaking, "token", "renamed", "brand/blue", "brand/primary"), "\(report)")
        #expect(has(.minor, "token", "added", "brand/accent", "#E5005C"), "\(report)")
        #expect(has(.notable, "token", "changed", "brand/ink", "#1A2B4C → #1A2B4D"), "\(report)")
        #expect(has(.notable, "token", "deprecated", "brand/ink", "Use brand/primary"), "\(report)")
        #expect(has(.notable, "token", "retargeted", "alpha/knob", "{brand.white}"), "\(report)")
        #expect(changes.changes.first { $0.subject == "brand/ink" && $0.kind == "changed" }?.affects == ["alpha"])
        #expect(has(.breaking, "property", "removed", "label"), "\(report)")
        #expect(has(.minor, "state", "added", "Focused"), "\(report)")
        #expect(has(.notable, "variants", "changed", "variants", "6 → 9 variants"), "\(report)")
        #expect(has(.minor, "readiness", "changed", "C2", "requires-rework → ready"), "\(report)")
        #expect(has(.minor, "demo", "added", "Off"), "\(report)")
        #expect(has(.notable, "accessibility", "removed", "Labelled"), "\(report)")
        #expect(has(.minor, "guidelines", "added", "Content"), "\(report)")
        #expect(has(.minor, "guidelines", "changed", "Usage"), "\(report)")
        #expect(has(.breaking, "component", "removed", "Beta Checkbox"), "\(report)")
        #expect(has(.minor, "component", "added", "Gamma"), "\(report)")
        #expect(changes.hasBreaking)
    }

    @Test func aTabsGuidelineSectionsAreComparedToo() throws {
        let repository = try Repository()
        try repository.write("components/alpha/code.md", "Intro.\n\n## Binding\n\nBind it.\n")
        try repository.commit("A Code tab")
        try repository.write("components/alpha/code.md", "Intro.\n\n## Binding\n\nBind it to the model.\n\n## Errors\n\nSay so.\n")
        let changes = try Self.analyse(repository)
        let rewritten = try #require(changes.changes.first { $0.area == "guidelines" && $0.kind == "changed" })
        #expect(rewritten.subject == "code.md › Binding" && rewritten.message == "guideline section “Binding” of code.md is rewritten")
        #expect(rewritten.location?.file.hasSuffix("components/alpha/code.md") == true && rewritten.location?.line == 3)
        #expect(changes.changes.contains { $0.area == "guidelines" && $0.kind == "added" && $0.subject == "code.md › Errors" })
        try FileManager.default.removeItem(atPath: repository.catalog + "/components/alpha/code.md")
        let removed = try Self.analyse(repository)
        #expect(removed.changes.filter { $0.area == "guidelines" && $0.kind == "removed" }.map(\.subject).sorted() == ["code.md › Binding", "code.md › Introduction"])
    }

    @Test("each format matches its golden file", arguments: ["text", "json", "github", "md"])
    func formatsMatchTheirGoldenFiles(format: String) throws {
        let repository = try Self.changedRepository()
        try repository.commit("The change")
        let changes = try Self.analyse(repository, base: "HEAD~1", head: "HEAD")
        var output: String
        switch format {
        case "text": output = ChangeReport.text(changes)
        case "json": output = ChangeReport.json(changes)
        case "github": output = ChangeReport.github(changes)
        default: output = ChangeReport.markdown(changes)
        }
        // The catalog folder's temporary path is shown as it was given.
        output = output.replacingOccurrences(of: repository.catalog, with: "catalog")
        let golden = Fixtures.root.appendingPathComponent("diff/expected.\(format)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try output.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(output == (try String(contentsOf: golden, encoding: .utf8)), "regenerate with UPDATE_GOLDEN=1 if intended")
    }

    @Test func aContrastRegressionInOneModeOnly() throws {
        let repository = try Repository()
        try repository.write("tokens/modes.resolver.json", """
        { "version": "2025.10",
          "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
          "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
          "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }
        """)
        try repository.write("tokens/dark.tokens.json", ##"{ "brand": { "$type": "color", "blue": { "$value": "#3B82F6" } } }"## + "\n")
        try repository.commit("Dark mode")
        try repository.write("tokens/dark.tokens.json", ##"{ "brand": { "$type": "color", "blue": { "$value": "#E8EEF9" } } }"## + "\n")
        let changes = try Self.analyse(repository)
        let regressions = changes.changes.filter { $0.area == "contrast" && $0.kind == "regressed" }
        #expect(!regressions.isEmpty, "\(ChangeReport.text(changes))")
        #expect(regressions.allSatisfy { $0.impact == .breaking && $0.message.contains("in theme=dark") && $0.message.contains("below 3:1") && $0.component == "alpha" })
        #expect(changes.changes.contains { $0.subject == "brand/blue" && $0.message.contains("in theme=dark: #3B82F6 → #E8EEF9") })
    }

    /// One token edit that breaks a pair in every combination of two modifiers is one breaking
    /// change listing the combinations, not one per combination; its fix is one change too.
    @Test func aChangeInEveryModeIsCountedOnce() throws {
        let repository = try Repository()
        try repository.write("tokens/modes.resolver.json", """
        { "version": "2025.10",
          "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
          "modifiers": {
            "brand": { "contexts": { "harbor": [], "lagoon": [{ "$ref": "lagoon.tokens.json" }] }, "default": "harbor" },
            "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
          "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/brand" }, { "$ref": "#/modifiers/theme" }] }
        """)
        try repository.write("tokens/lagoon.tokens.json", ##"{ "brand": { "$type": "color", "white": { "$value": "#F4F4F4" } } }"## + "\n")
        try repository.write("tokens/dark.tokens.json", ##"{ "brand": { "$type": "color", "white": { "$value": "#E6E6E6" } } }"## + "\n")
        try repository.commit("Brands and themes")
        try repository.replace("tokens/base.tokens.json", "\"#005CE5\"", "\"#D8E6FA\"")
        let changes = try Self.analyse(repository)
        let regressions = changes.changes.filter { $0.area == "contrast" && $0.kind == "regressed" && $0.subject == "On: Indicator against Track" }
        #expect(regressions.count == 1, "\(ChangeReport.text(changes))")
        let message = try #require(regressions.first?.message)
        for combination in ["in brand=lagoon", "in theme=dark", "in brand=lagoon, theme=dark", "by default"] {
            #expect(message.contains(combination), "\(message)")
        }
        // The token itself changed once: it is not overridden in any context.
        #expect(changes.changes.filter { $0.area == "token" && $0.subject == "brand/blue" }.count == 1, "\(ChangeReport.text(changes))")
        // And the edit undone is one fix.
        try repository.commit("Pale blue")
        try repository.replace("tokens/base.tokens.json", "\"#D8E6FA\"", "\"#005CE5\"")
        let undone = try Self.analyse(repository)
        #expect(undone.changes.filter { $0.area == "contrast" && $0.kind == "fixed" && $0.subject == "On: Indicator against Track" }.count == 1, "\(ChangeReport.text(undone))")
    }

    @Test func aShallowCloneWithTheBaseFetchedWorks() throws {
        let repository = try Self.changedRepository()
        try repository.commit("The change")
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("diff-clone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try repository.git("clone", "-q", "--depth", "2", "file://" + repository.root.path, clone.path)
        #expect((try? String(contentsOf: clone.appendingPathComponent(".git/shallow"), encoding: .utf8)) != nil)
        let changes = try ChangeAnalysis.run(source: clone.appendingPathComponent("catalog").path, base: "HEAD~1", head: "HEAD")
        #expect(changes.changes.contains { $0.kind == "renamed" && $0.subject == "brand/blue" })
        #expect(throws: GitRevision.Failure.self) { try ChangeAnalysis.run(source: clone.appendingPathComponent("catalog").path, base: "HEAD~2", head: "HEAD") }
    }

    @Test func outsideARepositoryOrWithAnUnknownRevisionItSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-repo-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("base"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try ChangeAnalysis.run(source: folder.path, base: nil, head: nil)
            Issue.record("a folder outside git must fail")
        } catch {
            #expect("\(error)".contains("not inside a git repository"))
        }
        let repository = try Repository()
        do {
            _ = try Self.analyse(repository, base: "v9.9")
            Issue.record("an unknown revision must fail")
        } catch {
            #expect("\(error)".contains("'v9.9' does not exist"))
        }
    }

    @Test func aBaseWithErrorsIsReportedAndStillCompared() throws {
        let repository = try Repository()
        try repository.write("components/beta/component.yaml", "name: [Beta\n")
        try repository.commit("Broken beta")
        try repository.replace("tokens/base.tokens.json", "#1A2B4C", "#101010")
        try repository.write("components/beta/component.yaml", "name: Beta\nsummary: Fixed.\n")
        let changes = try Self.analyse(repository)
        #expect(changes.baseErrors.contains { $0.rule == "yaml.syntax" })
        #expect(changes.headErrors.isEmpty)
        #expect(changes.changes.contains { $0.subject == "brand/ink" && $0.kind == "changed" })
        #expect(changes.changes.contains { $0.area == "problem" && $0.kind == "fixed" && $0.subject == "yaml.syntax" })
        #expect(ChangeReport.markdown(changes).contains("has 1 error"))
    }

    @Test func theDefaultBaseIsTheForkPointOfABranch() throws {
        let repository = try Repository()
        let fork = try repository.git("rev-parse", "HEAD")
        try repository.git("checkout", "-q", "-b", "feature")
        try repository.replace("tokens/base.tokens.json", "#1A2B4C", "#202020")
        try repository.commit("On the branch")
        #expect(GitRevision.defaultBase(in: repository.root.path) == fork)
        let changes = try Self.analyse(repository)
        #expect(changes.changes.contains { $0.subject == "brand/ink" && $0.kind == "changed" })
    }

    @Test func buildChangesSinceAddsAWhatChangedPage() throws {
        let repository = try Self.changedRepository()
        let changes = try Self.analyse(repository)
        var tree = try CatalogReader.read(repository.catalog, displayRoot: "catalog")
        tree.displayRoot = "catalog"
        let result = Fixtures.run(tree, options: LoadOptions(changes: changes))
        let site = try #require(result.site, "\(result.diagnostics)")
        let page = try #require(site.text("changes/index.html"))
        #expect(page.contains("<h1 id=\"page-title\">What changed</h1>"))
        #expect(page.contains("token brand/blue is renamed brand/primary"))
        #expect(page.contains("id=\"changes-alpha\"") && page.contains("href=\"../components/alpha/\""))
        #expect(site.text("index.html")?.contains("href=\"changes/\">What changed</a>") == true)
        #expect(site.text("components/alpha/index.html")?.contains("href=\"../../changes/#changes-alpha\"") == true)
        // Without --changes-since there is no such page.
        #expect(Fixtures.run(tree).site?.text("changes/index.html") == nil)
    }

    @Test func guidelineSectionsAreFoundWhateverTheLineEnds() {
        let markdown = "Intro text.\n\n## Usage\n\nUse it.\n\n```\n## not a heading\n```\n\n### Content\nName it.\n"
        let expected = [("Introduction", "Intro text.", 1), ("Usage", "Use it.", 3), ("Content", "Name it.", 11)]
        for ending in ["\n", "\r\n", "\r"] {
            let sections = CatalogDiff.sections(Array(markdown.replacingOccurrences(of: "\n", with: ending).utf8))
            #expect(sections.map(\.heading) == expected.map(\.0), "\(ending.debugDescription)")
            #expect(sections.map(\.line) == expected.map(\.2), "\(ending.debugDescription)")
            #expect(sections.first?.text == "Intro text.")
        }
        // A byte-order mark before a first heading does not hide it.
        #expect(CatalogDiff.sections([0xEF, 0xBB, 0xBF] + Array("# Title\nText.\n".utf8)).map(\.heading) == ["Title"])
    }
}

/// #25 7: a revision's files are held to the working tree's size limit: one over it is a
/// `file.too-large` problem at its path and is never read (a 700 MB blob cost 1.4 GB and 31 s).
@Suite("Diff: revision limits")
struct RevisionLimitTests {
    @Test func aBlobOverTheLimitIsReportedNotRead() throws {
        let repository = try DiffTests.Repository()
        try repository.write("components/alpha/huge.svg", String(repeating: "x", count: 5_000))
        try repository.commit("A large file")
        let commit = try repository.git("rev-parse", "HEAD")
        let tree = try GitRevision.tree(at: commit, prefix: "catalog/", in: repository.root.path, displayRoot: "catalog", maximumFileBytes: 4_096)
        #expect(tree["components/alpha/huge.svg"] == nil)
        #expect(tree["components/alpha/index.md"] != nil)
        let problem = try #require(tree.problems.first { $0.rule == "file.too-large" })
        #expect(problem.location.file == "catalog/components/alpha/huge.svg")
        #expect(problem.severity == .warning, "an image is not a page: a warning")
        #expect(problem.message.contains("5000 bytes"))
        let whole = try GitRevision.tree(at: commit, prefix: "catalog/", in: repository.root.path, displayRoot: "catalog")
        #expect(whole["components/alpha/huge.svg"]?.count == 5_000)
    }
}

/// `diff` and the saved Figma file (#56 4): the file is read from each revision like the rest of
/// the catalog, and drift it brings or a later change fixes is said as Figma drift.
@Suite("Diff of Figma drift")
struct FigmaDriftDiffTests {
    static func set(sizes: [String]) -> String {
        """
        { "name": "Fixture", "document": { "id": "0:0", "type": "DOCUMENT", "children": [
          { "id": "1:0", "name": "Alpha Switch", "type": "COMPONENT_SET", "componentPropertyDefinitions": {
            "State": { "type": "VARIANT", "defaultValue": "Default", "variantOptions": ["Default", "Disabled"] },
            "Size": { "type": "VARIANT", "defaultValue": "Small", "variantOptions": [\(sizes.map { "\"\($0)\"" }.joined(separator: ", "))] },
            "label#1:2": { "type": "TEXT", "defaultValue": "Label" } },
            "children": [] } ] } }
        """
    }

    @Test func driftAFigmaChangeBringsIsIntroducedAndItsFixIsFixed() throws {
        let repository = try GitRepository()
        try repository.replace("catalog.yaml", "title: Fixture Catalog\n", "title: Fixture Catalog\nfigma:\n  files: figma/files/\n")
        try repository.replace("components/alpha/component.yaml", "related: [beta]\n", "related: [beta]\nfigma: { component: Alpha Switch }\n")
        try repository.write("figma/files/fixture.json", Self.set(sizes: ["Small", "Medium", "Large"]))
        try repository.commit("Alpha checked against Figma")
        // The designer renames Medium to Regular in Figma; the saved file is committed.
        try repository.write("figma/files/fixture.json", Self.set(sizes: ["Small", "Regular", "Large"]))
        try repository.commit("Figma saved again")
        let introduced = try repository.analyse(base: "HEAD~1", head: "HEAD").changes.filter { $0.area == .problem }
        #expect(introduced.contains { $0.kind == .introduced && $0.impact == .breaking && $0.subject == "figma.variant" && $0.message.hasPrefix("new Figma drift (error) [figma.variant]") && $0.message.contains("Size=Regular") }, "\(introduced.map(\.message))")
        #expect(introduced.contains { $0.message.contains("variants.size lists medium") }, "\(introduced.map(\.message))")
        // The catalog follows: the drift is fixed.
        try repository.replace("components/alpha/component.yaml", "size: [small, medium, large]", "size: [small, regular, large]")
        try repository.commit("Alpha follows Figma")
        let fixed = try repository.analyse(base: "HEAD~1", head: "HEAD").changes.filter { $0.area == .problem }
        #expect(fixed.filter { $0.subject == "figma.variant" }.count == 2 && fixed.filter { $0.subject == "figma.variant" }.allSatisfy { $0.kind == .fixed && $0.message.hasPrefix("fixed Figma drift (error) [figma.variant]") }, "\(fixed.map(\.message))")
        // Alpha declares C2 Requires Rework; with the variants matching, Figma measures it Ready.
        #expect(fixed.contains { $0.kind == .introduced && $0.message.hasPrefix("new Figma drift (warning) [readiness.measured]: C2 is declared Requires Rework, but Figma measures Ready") }, "\(fixed.map(\.message))")
    }
}
