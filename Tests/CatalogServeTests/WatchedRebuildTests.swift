import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogImport
import CatalogSiteCheck
import CatalogScaffold
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogPublish
import Foundation
import Testing
@testable import CatalogServe

#if canImport(Glibc)
import Glibc
#endif

/// What `serve` shows after an edit is what `build` would write for the tree as it is then: each
/// edit below is made on disk, noticed by the real watcher, rebuilt by the real `Rebuilder`, and
/// compared, diagnostic for diagnostic and byte for byte, with a build of the same folder from
/// scratch. An edit the watcher misses fails the test as surely as a stale page.
@Suite("serve equals build, driven by the watcher", .serialized)
struct WatchedRebuildTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A workspace: `catalog/` (the base fixture with a guide section, token modes, `brand:` and
    /// SwiftUI sources under `code:`, using the theme `edited`, which extends the default theme
    /// and overrides its footer, kept in `catalog/themes/`), `ios/` (the sources), and
    /// `outside/`, which is not part of it. `themes/` beside the catalog, where a theme of the
    /// same name would win, does not exist at the start.
    struct Workspace {
        let root: URL
        var catalog: URL { root.appendingPathComponent("catalog") }
        var outside: URL { root.appendingPathComponent("outside") }
        var theme: URL { catalog.appendingPathComponent("themes/edited") }
        /// Where a theme made later wins over the catalog's own (searched first).
        var besideTheme: URL { root.appendingPathComponent("themes/edited") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("watched-rebuild-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: WatchedRebuildTests.fixtures.appendingPathComponent("base"), to: root.appendingPathComponent("catalog"))
            try FileManager.default.createDirectory(at: theme.appendingPathComponent("templates/partials"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try write("theme.yaml", "name: edited\nextends: default\n", in: theme)
            let footer = try String(contentsOf: WatchedRebuildTests.defaultTheme.appendingPathComponent("templates/partials/footer.mustache"), encoding: .utf8)
            try write("templates/partials/footer.mustache", footer, in: theme)
            let settings = try String(contentsOf: catalog.appendingPathComponent("catalog.yaml"), encoding: .utf8)
            try write("catalog.yaml", settings + """
                theme: edited
                brand:
                  logo: assets/logo.svg
                  accent: brand/ink
                modes:
                  theme:
                    label: Colour theme
                    contexts:
                      dark: { label: Dark, media: "(prefers-color-scheme: dark)" }
                code:
                  swiftui: ../ios

                """)
            try write("assets/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>Logo</title></svg>")
            try write("tokens/dark.tokens.json", ##"{ "brand": { "$type": "color", "ink": { "$value": "#E8EEF8" } } }"##)
            try write("tokens/modes.resolver.json", """
                { "version": "2025.10",
                  "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
                  "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
                  "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }
                """)
            try write("guides/patterns/index.md", "---\ntitle: Patterns\n---\n\nWays of putting components together.\n")
            try write("guides/patterns/forms.md", "---\ntitle: Forms\n---\n\n# Forms\n\nLabel every field.\n")
            try write("AlphaSwitch.swift", """
                import SwiftUI

                public struct AlphaSwitch: View {
                    public init(_ label: String, isOn: Binding<Bool>) {}
                    public var body: some View { EmptyView() }
                }

                """, in: root.appendingPathComponent("ios"))
            try replace("components/alpha/component.yaml", "demo:\n", "implementation:\n  swiftui: AlphaSwitch\ndemo:\n")
        }

        func write(_ path: String, _ text: String, in folder: URL? = nil) throws {
            let url = (folder ?? catalog).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: catalog.appendingPathComponent(path), encoding: .utf8)
        }

        func replace(_ path: String, _ old: String, _ new: String) throws {
            let text = try text(path)
            #expect(text.contains(old), "\(path) has no '\(old)'")
            try write(path, text.replacingOccurrences(of: old, with: new))
        }

        func path(_ relative: String) -> String { catalog.appendingPathComponent(relative).path }
    }

    static var defaultTheme: URL {
        URL(fileURLWithPath: ThemeReader.builtInThemesFolder()!).appendingPathComponent("default")
    }

    /// A build of the folder as it is now, from scratch, as `build` makes it.
    static func scratch(_ workspace: Workspace) -> PipelineResult {
        guard let tree = try? CatalogReader.read(workspace.catalog.path) else {
            return PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: [])
        }
        return Pipeline.run(tree)
    }

    /// Waits until the watcher has seen the edit and nothing more arrives; what it reported.
    static func settle(_ watcher: inout FileWatcher) -> Set<String> {
        var seen = Set<String>()
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline {
            let more = watcher.changes()
            if more.isEmpty && !seen.isEmpty { break }
            seen.formUnion(more)
            usleep(20_000)
        }
        return seen
    }

    struct Edit {
        var name: String
        /// A rule the scratch build must report after the edit (nil: it must build cleanly).
        var rule: String?
        /// The rule's finding is an error, so the build fails (and serve keeps the last good site).
        var fails = false
        var apply: (Workspace) throws -> Void

        init(name: String, rule: String?, fails: Bool = false, apply: @escaping (Workspace) throws -> Void) {
            self.name = name
            self.rule = rule
            self.fails = fails
            self.apply = apply
        }
    }

    static let isRoot = geteuid() == 0

    static func edits() -> [Edit] {
        var edits: [Edit] = [
            Edit(name: "prose text", rule: nil) { try $0.replace("components/alpha/index.md", "Use it.", "Use it with care.") },
            // Nine folders deep: published by build; its edits must reach serve too.
            Edit(name: "an image nine folders deep, linked", rule: nil) { workspace in
                try workspace.write("components/alpha/a/b/c/d/e/f/g/h/i/deep.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>one</title></svg>")
                try workspace.replace("components/alpha/index.md", "## Usage", "![Deep](a/b/c/d/e/f/g/h/i/deep.svg)\n\n## Usage")
            },
            Edit(name: "the deep image's bytes", rule: nil) { workspace in
                try workspace.write("components/alpha/a/b/c/d/e/f/g/h/i/deep.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>two</title></svg>")
            },
            // A link to another catalog file: its target's new bytes are published through it.
            Edit(name: "a symbolic link to a catalog file", rule: nil) { workspace in
                #expect(symlink("diagram.svg", workspace.path("components/alpha/linked.svg")) == 0)
                try workspace.replace("components/alpha/index.md", "## Usage", "![Linked](linked.svg)\n\n## Usage")
            },
            Edit(name: "the link's target", rule: nil) { workspace in
                try workspace.write("components/alpha/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>changed</title></svg>")
            },
            // A component folder swapped (atomically) for a link to a copy outside the catalog.
            Edit(name: "a folder swapped for a link outside", rule: "file.symlink-outside", fails: true) { workspace in
                try FileManager.default.copyItem(at: workspace.catalog.appendingPathComponent("components/beta"), to: workspace.outside.appendingPathComponent("beta"))
                #expect(symlink(workspace.outside.appendingPathComponent("beta").path, workspace.path("components/.beta-link")) == 0)
                try FileManager.default.moveItem(atPath: workspace.path("components/beta"), toPath: workspace.root.appendingPathComponent("beta-parked").path)
                #expect(rename(workspace.path("components/.beta-link"), workspace.path("components/beta")) == 0)
            },
            Edit(name: "the folder back", rule: nil) { workspace in
                try FileManager.default.removeItem(atPath: workspace.path("components/beta"))
                try FileManager.default.moveItem(atPath: workspace.root.appendingPathComponent("beta-parked").path, toPath: workspace.path("components/beta"))
            },
            // No link in the catalog from here on, so the edits below that change files in place
            // are read from the watcher's report alone (a catalog with a link is walked).
            Edit(name: "the link to a catalog file removed", rule: nil) { workspace in
                try FileManager.default.removeItem(atPath: workspace.path("components/alpha/linked.svg"))
                try workspace.replace("components/alpha/index.md", "![Linked](linked.svg)\n\n## Usage", "## Usage")
            },
            Edit(name: "a FIFO in place of index.md", rule: "file.special", fails: true) { workspace in
                try FileManager.default.moveItem(atPath: workspace.path("components/beta/index.md"), toPath: workspace.root.appendingPathComponent("beta-index.md").path)
                #expect(mkfifo(workspace.path("components/beta/index.md"), 0o644) == 0)
            },
            Edit(name: "index.md back", rule: nil) { workspace in
                try FileManager.default.removeItem(atPath: workspace.path("components/beta/index.md"))
                try FileManager.default.moveItem(atPath: workspace.root.appendingPathComponent("beta-index.md").path, toPath: workspace.path("components/beta/index.md"))
            },
            Edit(name: "a file name with an escape", rule: "file.name", fails: true) { try $0.write("components/alpha/bad\u{1B}name.svg", "<svg/>") },
            Edit(name: "that file gone", rule: nil) { try FileManager.default.removeItem(atPath: $0.path("components/alpha/bad\u{1B}name.svg")) },
            Edit(name: "a name that is not UTF-8", rule: "file.name", fails: true) { workspace in
                let path = Array(workspace.path("components/alpha/").utf8) + [0x66, 0xFF, 0x2E, 0x73, 0x76, 0x67, 0]
                let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
                #expect(descriptor >= 0)
                close(descriptor)
            },
            Edit(name: "that name gone", rule: nil) { workspace in
                let path = Array(workspace.path("components/alpha/").utf8) + [0x66, 0xFF, 0x2E, 0x73, 0x76, 0x67, 0]
                #expect(path.withUnsafeBufferPointer { unlink(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } == 0)
            },
            // Permissions: root reads whatever the mode says, so the error only shows for others;
            // either way serve must agree with build, and see edits after the mode comes back.
            Edit(name: "index.md made unreadable", rule: isRoot ? nil : "file.unreadable", fails: !isRoot) { #expect(chmod($0.path("components/alpha/index.md"), 0) == 0) },
            Edit(name: "index.md readable again", rule: nil) { #expect(chmod($0.path("components/alpha/index.md"), 0o644) == 0) },
            Edit(name: "an edit after the permissions came back", rule: nil) { try $0.replace("components/alpha/index.md", "Use it with care.", "Use it with great care.") },
            // The theme's own templates.
            Edit(name: "a theme template", rule: nil) { workspace in
                let footer = workspace.theme.appendingPathComponent("templates/partials/footer.mustache")
                let text = try String(contentsOf: footer, encoding: .utf8)
                try workspace.write("templates/partials/footer.mustache", "<p>Edited footer</p>\n" + text, in: workspace.theme)
            },
            // A theme of the same name made beside the catalog, where none was when serve
            // started: it wins over the catalog's own, as `build` would read it.
            Edit(name: "a theme folder made where it wins", rule: nil) { workspace in
                let footer = try String(contentsOf: WatchedRebuildTests.defaultTheme.appendingPathComponent("templates/partials/footer.mustache"), encoding: .utf8)
                try workspace.write("templates/partials/footer.mustache", "<p>Beside footer</p>\n" + footer, in: workspace.besideTheme)
                try workspace.write("theme.yaml", "name: edited\nextends: default\n", in: workspace.besideTheme)
            },
            Edit(name: "a template of the theme made later", rule: nil) { workspace in
                let footer = workspace.besideTheme.appendingPathComponent("templates/partials/footer.mustache")
                let text = try String(contentsOf: footer, encoding: .utf8)
                try workspace.write("templates/partials/footer.mustache", text.replacingOccurrences(of: "Beside footer", with: "Beside footer, edited"), in: workspace.besideTheme)
            },
            // Code: a usage folder added to catalog.yaml while serving, then a file in it.
            Edit(name: "a usage folder added to code:", rule: nil) { workspace in
                try workspace.write("Settings.swift", "struct Settings { var body: some View { AlphaSwitch(\"Wi-Fi\", isOn: $on) } }\n", in: workspace.root.appendingPathComponent("apps"))
                try workspace.replace("catalog.yaml", "  swiftui: ../ios\n", "  swiftui: ../ios\n  usage: [../apps]\n")
            },
            Edit(name: "a file in the added usage folder", rule: nil) { workspace in
                try workspace.write("Onboarding.swift", "struct Onboarding { var body: some View { AlphaSwitch(\"Location\", isOn: $on) } }\n", in: workspace.root.appendingPathComponent("apps"))
            },
            // A usage folder two levels below a folder not made yet: the watcher reports the
            // first of them to appear, which is on the way to the place looked at.
            Edit(name: "a usage folder named before it exists", rule: "code.folder-missing", fails: true) { try $0.replace("catalog.yaml", "  usage: [../apps]\n", "  usage: [../apps, ../later/usage]\n") },
            Edit(name: "the usage folder made, with a file", rule: nil) { workspace in
                try workspace.write("Later.swift", "struct Later { var body: some View { AlphaSwitch(\"Later\", isOn: $on) } }\n", in: workspace.root.appendingPathComponent("later/usage"))
            },
            Edit(name: "a renamed initializer label in the SwiftUI sources", rule: nil) { workspace in
                try workspace.write("AlphaSwitch.swift", "import SwiftUI\n\npublic struct AlphaSwitch: View {\n    public init(_ label: String, isSwitchedOn isOn: Binding<Bool>) {}\n    public var body: some View { EmptyView() }\n}\n", in: workspace.root.appendingPathComponent("ios"))
            },
            // A section's page: losing it loses a page, so a FIFO there is an error, as at guides/<page>.md.
            Edit(name: "a FIFO in place of a section's page", rule: "file.special", fails: true) { workspace in
                try FileManager.default.moveItem(atPath: workspace.path("guides/patterns/forms.md"), toPath: workspace.root.appendingPathComponent("forms.md").path)
                #expect(mkfifo(workspace.path("guides/patterns/forms.md"), 0o644) == 0)
            },
            Edit(name: "the section's page back", rule: nil) { workspace in
                try FileManager.default.removeItem(atPath: workspace.path("guides/patterns/forms.md"))
                try FileManager.default.moveItem(atPath: workspace.root.appendingPathComponent("forms.md").path, toPath: workspace.path("guides/patterns/forms.md"))
            },
            // Shown on the section's guides (their breadcrumb) as on its own page.
            Edit(name: "a section's title", rule: nil) { try $0.replace("guides/patterns/index.md", "title: Patterns", "title: Patterns and flows") },
            // catalog.yaml alone changes what it names (after an edit that left the watched places as
            // they were, so only the files reported are read): the theme is read again.
            Edit(name: "the theme catalog.yaml names", rule: nil) { try $0.replace("catalog.yaml", "theme: edited\n", "theme: default\n") },
            Edit(name: "the theme named back", rule: nil) { try $0.replace("catalog.yaml", "theme: default\n", "theme: edited\n") },
            // The role stylesheets select each mode by its media query too.
            Edit(name: "a mode's media query", rule: nil) { try $0.replace("catalog.yaml", "media: \"(prefers-color-scheme: dark)\"", "media: \"(prefers-contrast: more)\"") },
            Edit(name: "a dark-mode token value", rule: nil) { try $0.write("tokens/dark.tokens.json", ##"{ "brand": { "$type": "color", "ink": { "$value": "#F1F4FA" } } }"##) },
            Edit(name: "the logo", rule: nil) { try $0.write("assets/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>New logo</title></svg>") },
            // What the readiness dashboard shows of a row, and what search holds of a page.
            Edit(name: "a readiness note", rule: nil) { try $0.replace("components/alpha/component.yaml", "Rename the variants.", "Rename the variants first.") },
            Edit(name: "a heading search holds", rule: nil) { try $0.replace("components/alpha/index.md", "Use it with great care.", "Use it with great care.\n\n## In forms\n\nLabel it.") },
            Edit(name: "a summary", rule: nil) { try $0.replace("components/alpha/component.yaml", "The fixture's switch.", "The fixture's renamed switch.") },
            Edit(name: "a token value", rule: nil) { workspace in
                let tokens = try workspace.text("tokens/base.tokens.json")
                guard let range = tokens.range(of: #"#[0-9A-Fa-f]{6}"#, options: .regularExpression) else {
                    Issue.record("no colour in the fixture's tokens")
                    return
                }
                try workspace.write("tokens/base.tokens.json", tokens.replacingCharacters(in: range, with: "#123456"))
            },
            Edit(name: "a guide in a new file", rule: nil) { try $0.write("guides/second.md", "---\ntitle: Second\n---\n\n# Second\n\nMore words.\n") },
            Edit(name: "a component removed", rule: "ref.component", fails: true) { try FileManager.default.removeItem(atPath: $0.path("components/beta")) },
        ]
        // The last edit leaves alpha's `related: [beta]` dangling; nothing after it.
        edits.append(Edit(name: "the references fixed", rule: nil) { workspace in
            try workspace.replace("components/alpha/component.yaml", "related: [beta]", "related: []")
            try workspace.replace("components/alpha/index.md", "See [Beta](../beta/index.md#usage) and", "See")
        })
        return edits
    }

    @Test func everyEditServesWhatBuildWouldWrite() throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        let rebuilder = try Rebuilder(source: workspace.catalog.path, options: LoadOptions())
        var watcher = FileWatcher(roots: rebuilder.watchedRoots)
        let first = rebuilder.rebuild(changedPaths: [], watching: &watcher)
        #expect(!first.diagnostics.hasErrors, "\(first.diagnostics)")
        var compared = 0
        for edit in Self.edits() {
            try edit.apply(workspace)
            let changes = Self.settle(&watcher)
            #expect(!changes.isEmpty, "the watcher did not see '\(edit.name)'")
            let served = rebuilder.rebuild(changedPaths: changes, watching: &watcher)
            let built = Self.scratch(workspace)
            if let rule = edit.rule {
                #expect(built.diagnostics.contains { $0.rule.rawValue == rule }, "after '\(edit.name)': no \(rule) in \(built.diagnostics)")
                #expect((built.site == nil) == edit.fails, "after '\(edit.name)': the build \(built.site == nil ? "failed" : "succeeded")")
            } else {
                #expect(!built.diagnostics.hasErrors, "after '\(edit.name)': \(built.diagnostics)")
            }
            #expect(served.diagnostics == built.diagnostics, "after '\(edit.name)': serve \(served.diagnostics) vs build \(built.diagnostics)")
            #expect((served.changedFiles == nil) == (built.site == nil), "after '\(edit.name)'")
            if let site = built.site, served.changedFiles != nil {
                let shown = try #require(rebuilder.snapshot.site)
                let differing = Set(site.files.keys).union(shown.files.keys).filter { site[$0] != shown[$0] }.sorted()
                #expect(differing.isEmpty, "after '\(edit.name)': serve shows other bytes for \(differing)")
                compared += 1
            }
        }
        #expect(compared == Self.edits().filter { $0.rule == nil }.count)
    }

    /// A rebuild reads only the files the watcher reported when the watcher watched everything
    /// the last read touched since before it began; otherwise (the first rebuild: the watcher
    /// starts after the first read) it walks the catalog. A change left out of the report shows
    /// which happened: a walk sees it, a read of the reported files does not.
    @Test func aRebuildReadsWhatTheWatcherReportedOnceItWatchedThroughARead() throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        let rebuilder = try Rebuilder(source: workspace.catalog.path, options: LoadOptions())
        var watcher = FileWatcher(roots: rebuilder.watchedRoots)
        let alpha = URL(fileURLWithPath: workspace.path("components/alpha/index.md")).resolvingSymlinksInPath().path
        func betaPage() -> String { String(decoding: rebuilder.snapshot.site?["components/beta/index.html"] ?? [], as: UTF8.self) }

        // The first rebuild after the start: beta's change, not reported, is read by the walk.
        try workspace.replace("components/beta/index.md", "Beta goes with", "Beta first goes with")
        try workspace.replace("components/alpha/index.md", "## Usage", "## Usage\n\nFirst.")
        _ = Self.settle(&watcher)
        _ = rebuilder.rebuild(changedPaths: [alpha], watching: &watcher)
        #expect(betaPage().contains("Beta first goes with"))

        // From then on the watcher has watched throughout: only alpha is read again.
        try workspace.replace("components/beta/index.md", "Beta first goes with", "Beta then goes with")
        try workspace.replace("components/alpha/index.md", "First.", "Then.")
        _ = Self.settle(&watcher)
        let outcome = rebuilder.rebuild(changedPaths: [alpha], watching: &watcher)
        #expect(outcome.changedFiles?.contains("components/alpha/index.html") == true)
        #expect(betaPage().contains("Beta first goes with"))
    }

    /// A browser showing a page that an edit deleted is told to reload (it then shows the 404
    /// page), as one showing a changed page is; the others are not.
    @Test func aBrowserOnADeletedPageIsToldToReload() async throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        let rebuilder = try Rebuilder(source: workspace.catalog.path, options: LoadOptions())
        var watcher = FileWatcher(roots: rebuilder.watchedRoots)
        _ = rebuilder.rebuild(changedPaths: [], watching: &watcher)
        let hub = ReloadHub()
        // Every page lists the guides, so the unchanged file is an image.
        let deleted = "guides/patterns/forms/index.html", kept = "components/alpha/diagram.svg"
        let before = rebuilder.snapshot
        #expect(before.etag(deleted) != nil && before.etag(kept) != nil)
        let (_, onDeleted) = await hub.subscribe(page: deleted, etag: before.etag(deleted), snapshot: before)
        let (_, onKept) = await hub.subscribe(page: kept, etag: before.etag(kept), snapshot: before)

        try FileManager.default.removeItem(atPath: workspace.path("guides/patterns/forms.md"))
        let changes = Self.settle(&watcher)
        #expect(!changes.isEmpty, "the watcher did not see the page deleted")
        let outcome = rebuilder.rebuild(changedPaths: changes, watching: &watcher)
        #expect(outcome.changedFiles != nil, "\(outcome.diagnostics)")
        #expect(rebuilder.snapshot.etag(deleted) == nil)
        #expect(await hub.publish(rebuilder.snapshot) == 1)
        await hub.closeAll()
        var deletedMessages: [String] = [], keptMessages: [String] = []
        for await message in onDeleted { deletedMessages.append(message) }
        for await message in onKept { keptMessages.append(message) }
        #expect(deletedMessages.contains { $0.hasPrefix("event: reload") }, "\(deletedMessages)")
        #expect(!keptMessages.contains { $0.hasPrefix("event: reload") }, "\(keptMessages)")
    }
}
