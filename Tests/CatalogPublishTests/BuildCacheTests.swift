import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// A rebuild with a cache redoes only what a change touched, and produces the same site as a
/// build from scratch.
/// Paths whose bytes differ between two sites (or that only one has).
func differences(_ a: Site, _ b: Site) -> [String] {
    Set(a.files.keys).union(b.files.keys).filter { a[$0] != b[$0] }.sorted()
}

@Suite("Incremental builds")
struct BuildCacheTests {
    private func run(_ tree: SourceTree, memo: PipelineMemo?) -> PipelineResult {
        let searchPath = [Fixtures.repository.appendingPathComponent("themes").path]
        var tree = tree
        tree.readTheme(searchPath: searchPath)
        return Pipeline.run(tree, memo: memo)
    }

    @Test func anUnchangedCatalogRendersNothingTwice() throws {
        let tree = try Fixtures.read(Fixtures.path("base"))
        let memo = PipelineMemo()
        let first = try #require(run(tree, memo: memo).site)
        #expect(memo.statistics.pagesRendered == 2)
        let second = try #require(run(tree, memo: memo).site)
        #expect(memo.statistics.pagesRendered == 0)
        #expect(memo.statistics.componentsLoaded == 0)
        #expect(differences(second, first).isEmpty, "\(differences(second, first))")
    }

    @Test func aChangedComponentRerendersItselfAndThePagesThatShowIt() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let memo = PipelineMemo()
        _ = run(tree, memo: memo)
        var yaml = String(decoding: tree["components/beta/component.yaml"]!, as: UTF8.self)
        yaml = yaml.replacingOccurrences(of: "The fixture's checkbox.", with: "A renamed checkbox summary.")
        tree.set("components/beta/component.yaml", Array(yaml.utf8))

        let incremental = try #require(run(tree, memo: memo).site)
        #expect(memo.statistics.componentsLoaded == 1)
        // beta itself, and alpha, which lists beta under related.
        #expect(memo.statistics.pagesRendered == 2)
        let scratch = try #require(run(tree, memo: nil).site)
        #expect(differences(incremental, scratch).isEmpty, "\(differences(incremental, scratch))")
        #expect(incremental.text("index.html")?.contains("A renamed checkbox summary.") == true)
        #expect(incremental.text("components/alpha/index.html")?.contains("A renamed checkbox summary.") == true)
    }

    /// A prose edit writes again that component's search entries and listing (its entry in
    /// components.json and its lines in the catalog-wide Markdown) and nothing of the others',
    /// and the site equals one built from scratch.
    @Test func aProseEditRewritesOnlyItsOwnSearchEntriesAndListing() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let memo = PipelineMemo()
        _ = run(tree, memo: memo)
        let prose = String(decoding: tree["components/alpha/index.md"]!, as: UTF8.self) + "\n## A new heading\n\nNew words.\n"
        tree.set("components/alpha/index.md", Array(prose.utf8))
        let incremental = try #require(run(tree, memo: memo).site)
        #expect(memo.counts(SiteRenderer.SearchEntriesStep.self).made == 1)
        #expect(memo.counts(SiteRenderer.SearchEntriesStep.self).reused == 1)
        #expect(memo.counts(SiteRenderer.GuideSearchEntriesStep.self).made == 0)
        #expect(memo.counts(MachineReadable.ListedStep.self).made == 1)
        #expect(memo.counts(MachineReadable.ListedStep.self).reused == 1)
        let scratch = try #require(run(tree, memo: nil).site)
        #expect(differences(incremental, scratch).isEmpty, "\(differences(incremental, scratch))")
        #expect(incremental.text("search/index.js")?.contains("A new heading") == true)
    }

    @Test func aTokenChangeRerendersEveryComponentPage() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let memo = PipelineMemo()
        _ = run(tree, memo: memo)
        let json = String(decoding: tree["tokens/base.tokens.json"]!, as: UTF8.self).replacingOccurrences(of: "#005CE5", with: "#0047B3")
        tree.set("tokens/base.tokens.json", Array(json.utf8))
        let site = try #require(run(tree, memo: memo).site)
        #expect(memo.statistics.pagesRendered == 2)
        #expect(site.files.contains { $0.key.hasPrefix("assets/tokens.") && String(decoding: $0.value, as: UTF8.self).contains("#0047B3") })
    }

    /// Every kind of edit a preview session sees, applied one after another: after each, the
    /// rebuild with the cache must equal a build from scratch, byte for byte and diagnostic for
    /// diagnostic.
    @Test func everyRebuildEqualsABuildFromScratch() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        let memo = PipelineMemo()
        _ = run(tree, memo: memo)
        func text(_ path: String) -> String { String(decoding: tree[path] ?? [], as: UTF8.self) }
        func replace(_ path: String, _ old: String, _ new: String) {
            #expect(text(path).contains(old), "\(path) has no '\(old)'")
            tree.set(path, Array(text(path).replacingOccurrences(of: old, with: new).utf8))
        }
        // Each edit, and a rule whose findings it must bring (or nil).
        let edits: [(String, String?, () -> Void)] = [
            ("prose gains a heading", nil, { replace("components/alpha/index.md", "Use it.", "Use it.\n\n## Placement\n\nAt the end of a row.") }),
            // Its summary is shown on the pages that relate to it, and in no navigation.
            ("a related component's summary changes", nil, { replace("components/beta/component.yaml", "summary: The fixture's checkbox.", "summary: The fixture's tick box.") }),
            ("a related component is renamed", nil, { replace("components/beta/component.yaml", "name: Beta Checkbox", "name: Beta Tick Box") }),
            ("a readiness status changes", nil, { replace("components/alpha/component.yaml", "C1: ready", "C1: requires-rework") }),
            ("the heading another page links to goes", "link.anchor", { replace("components/beta/index.md", "## Usage", "## How to use it") }),
            ("it comes back", nil, { replace("components/beta/index.md", "## How to use it", "## Usage") }),
            ("the guide's link target heading goes", "link.anchor", { replace("components/alpha/index.md", "## Usage", "## Use") }),
            ("the guide follows it", nil, { replace("guides/handbook.md", "#usage", "#use") }),
            ("a token stops being used", "token.unused", { replace("components/alpha/component.yaml", "token: brand/ink", "token: brand/blue") }),
            ("a token value changes", nil, { replace("tokens/base.tokens.json", "#1A2B4C", "#1A2B4D") }),
            ("a component is added", nil, {
                tree.set("components/gamma/component.yaml", Array("name: Gamma\nsummary: A third one.\nrelated: [alpha]\n".utf8))
                tree.set("components/gamma/index.md", Array("See [Alpha](../alpha/index.md#use) and [Beta](../beta/index.md#usage).\n".utf8))
            }),
            ("a link breaks", "link.anchor", { replace("components/gamma/index.md", "#usage", "#nowhere") }),
            ("it is mended", nil, { replace("components/gamma/index.md", "#nowhere", "#usage") }),
            ("a component becomes a draft", "link.draft", { replace("components/beta/index.md", "## Usage", "---\ndraft: true\n---\n\n## Usage") }),
            ("a component's YAML breaks", "yaml.syntax", { replace("components/gamma/component.yaml", "name: Gamma", "name: [Gamma") }),
            ("it is fixed", nil, { replace("components/gamma/component.yaml", "name: [Gamma", "name: Gamma") }),
            ("a component is removed", nil, {
                tree.set("components/gamma/component.yaml", nil)
                tree.set("components/gamma/index.md", nil)
            }),
            ("a guide links root-relative", nil, { replace("guides/handbook.md", "The handbook links", "See [Alpha](/components/alpha/) first.\n\nThe handbook links") }),
            // The link now leads off the site: its finding depends on the base path.
            ("the catalog is retitled and moved", "link.outside-site", { replace("catalog.yaml", "title: Fixture Catalog", "title: Fixture Catalogue\nbaseURL: /docs/") }),
            ("an image is removed", "link.broken", { tree.set("components/alpha/diagram.svg", nil) }),
            ("the prose drops it", nil, { replace("components/alpha/index.md", "![A diagram](diagram.svg)", "") }),
            ("a guide is retitled", nil, { replace("guides/handbook.md", "title: Handbook", "title: Field guide") }),
            ("a guide places a demo", "demo.unknown-example", { replace("guides/handbook.md", "The handbook links", "```demo\nDefault\n```\n\nThe handbook links") }),
            ("it is taken out", nil, { replace("guides/handbook.md", "```demo\nDefault\n```\n\n", "") }),
            ("a component joins a group", nil, { replace("components/alpha/component.yaml", "name: Alpha Switch", "name: Alpha Switch\ngroup: Choices") }),
            ("the groups are ordered", "ref.group", { replace("catalog.yaml", "baseURL: /docs/", "baseURL: /docs/\ngroups: [Toggles, Choice]") }),
            ("prose places a demo", nil, { replace("components/alpha/index.md", "Use it.", "Use it.\n\n```demo\nDefault\n```") }),
            ("the placed example is renamed", "demo.unknown-example", { replace("components/alpha/component.yaml", "title: Default", "title: Standard") }),
            ("the prose follows the rename", nil, { replace("components/alpha/index.md", "```demo\nDefault\n```", "```demo\nStandard\n```") }),
            ("a status is relabelled", nil, {
                replace("catalog.yaml", "title: Fixture Catalogue", """
                    title: Fixture Catalogue
                    readiness:
                      statuses:
                        - { id: ready, label: Shippable, tone: positive }
                        - { id: requires-rework, label: Needs work, tone: caution }
                        - { id: not-applicable, label: Not Applicable, tone: neutral }
                        - { id: not-mapped, label: Not Mapped, tone: caution }
                    """)
            }),
            ("token modes are added", nil, {
                tree.set("tokens/dark.tokens.json", Array(##"{ "brand": { "$type": "color", "blue": { "$value": "#7FB0FF" } } }"##.utf8))
                tree.set("tokens/base.resolver.json", Array(##"""
                    { "version": "2025.10", "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
                      "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
                      "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }
                    """##.utf8))
            }),
            ("a mode's value changes", nil, { replace("tokens/dark.tokens.json", "#7FB0FF", "#8FC0FF") }),
            ("an appearance names an unknown role", "ref.role", { replace("components/alpha/component.yaml", "role: Track", "role: Trak") }),
        ]
        var comparedSites = 0
        for (name, rule, edit) in edits {
            edit()
            let incremental = run(tree, memo: memo)
            let scratch = run(tree, memo: nil)
            if let rule { #expect(scratch.diagnostics.contains { $0.rule == rule }, "after '\(name)': no \(rule) in \(scratch.diagnostics)") }
            #expect(incremental.diagnostics == scratch.diagnostics, "after '\(name)': \(incremental.diagnostics) vs \(scratch.diagnostics)")
            #expect((incremental.site == nil) == (scratch.site == nil), "after '\(name)'")
            if let built = incremental.site, let fresh = scratch.site {
                #expect(differences(built, fresh).isEmpty, "after '\(name)': \(differences(built, fresh))")
                comparedSites += 1
            }
        }
        // Only the edits that bring an error leave no site to compare.
        #expect(comparedSites == edits.count - edits.filter { ["yaml.syntax", "link.anchor", "link.broken", "demo.unknown-example", "ref.role"].contains($0.1) }.count)
    }

    /// A guide's page shows its section's title: retitling the section (its index.md) renders
    /// the guide again even under a theme whose navigation does not list sections, where
    /// nothing else on the page changes.
    @Test func aSectionRetitledRerendersItsGuides() throws {
        let themes = FileManager.default.temporaryDirectory.appendingPathComponent("plain-nav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: themes) }
        let partials = themes.appendingPathComponent("plain/templates/partials")
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        try Data("name: plain\nextends: default\n".utf8).write(to: themes.appendingPathComponent("plain/theme.yaml"))
        try Data("<nav class=\"catalog-nav\" aria-label=\"Catalog\"><a href=\"{{components.href}}\">Components</a></nav>\n".utf8).write(to: partials.appendingPathComponent("catalog-nav.mustache"))
        var tree = SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\ntheme: plain\n",
            "guides/patterns/index.md": "---\ntitle: Patterns\n---\n\nWays of working.\n",
            "guides/patterns/forms.md": "---\ntitle: Forms\n---\n\nLabel every field.\n",
        ])
        let searchPath = [themes.path, Fixtures.repository.appendingPathComponent("themes").path]
        tree.readTheme(searchPath: searchPath)
        let memo = PipelineMemo()
        let first = Pipeline.run(tree, memo: memo)
        #expect(first.site?.text("guides/patterns/forms/index.html")?.contains("Patterns") == true, "\(first.diagnostics)")
        tree.set("guides/patterns/index.md", Array("---\ntitle: Flows\n---\n\nWays of working.\n".utf8))
        let incremental = try #require(Pipeline.run(tree, memo: memo).site)
        let scratch = try #require(Pipeline.run(tree).site)
        #expect(scratch.text("guides/patterns/forms/index.html")?.contains("Flows") == true)
        #expect(differences(incremental, scratch).isEmpty, "\(differences(incremental, scratch))")
    }

    @Test func errorsComeBackFromTheCacheToo() throws {
        var tree = try Fixtures.read(Fixtures.path("base"))
        tree.set("components/beta/component.yaml", Array("name: Beta\nsumary: typo\n".utf8))
        let memo = PipelineMemo()
        let first = run(tree, memo: memo)
        let second = run(tree, memo: memo)
        #expect(first.diagnostics == second.diagnostics)
        #expect(second.diagnostics.contains { $0.rule == "schema.unknown-key" })
    }

    /// The theme is loaded while the catalog loads: the two run at once, and each result comes
    /// back in its place. Each piece waits for the other to start, so run one after the other
    /// (in either order) the one that runs first times out.
    @Test func bothRunsItsTwoPiecesOfWorkAtOnce() {
        let firstStarted = DispatchSemaphore(value: 0), secondStarted = DispatchSemaphore(value: 0)
        let (first, second) = Parallel.both({
            firstStarted.signal()
            return secondStarted.wait(timeout: .now() + 5) == .success ? "met second" : "ran alone"
        }, {
            secondStarted.signal()
            return firstStarted.wait(timeout: .now() + 5) == .success ? 2 : 0
        })
        #expect(first == "met second")
        #expect(second == 2)
    }
}
