import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogSiteCheck
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogImport
import CatalogPublish
import CatalogScaffold
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

    /// A workspace: `catalog/` (the base fixture, using the theme `edited`) and `themes/edited`,
    /// which extends the default theme and overrides its footer; `outside/` is not part of it.
    struct Workspace {
        let root: URL
        var catalog: URL { root.appendingPathComponent("catalog") }
        var outside: URL { root.appendingPathComponent("outside") }
        var theme: URL { root.appendingPathComponent("themes/edited") }

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
            try write("catalog.yaml", settings + "theme: edited\n", in: catalog)
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
        return Pipeline.run(tree, themes: Pipeline.diskThemes(forCatalog: workspace.catalog.path))
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
        var apply: (Workspace) throws -> Void
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
            Edit(name: "a folder swapped for a link outside", rule: "file.symlink-outside") { workspace in
                try FileManager.default.copyItem(at: workspace.catalog.appendingPathComponent("components/beta"), to: workspace.outside.appendingPathComponent("beta"))
                #expect(symlink(workspace.outside.appendingPathComponent("beta").path, workspace.path("components/.beta-link")) == 0)
                try FileManager.default.moveItem(atPath: workspace.path("components/beta"), toPath: workspace.root.appendingPathComponent("beta-parked").path)
                #expect(rename(workspace.path("components/.beta-link"), workspace.path("components/beta")) == 0)
            },
            Edit(name: "the folder back", rule: nil) { workspace in
                try FileManager.default.removeItem(atPath: workspace.path("components/beta"))
                try FileManager.default.moveItem(atPath: workspace.root.appendingPathComponent("beta-parked").path, toPath: workspace.path("components/beta"))
            },
            Edit(name: "a FIFO in place of index.md", rule: "file.special") { workspace in
                try FileManager.default.moveItem(atPath: workspace.path("components/beta/index.md"), toPath: workspace.root.appendingPathComponent("beta-index.md").path)
                #expect(mkfifo(workspace.path("components/beta/index.md"), 0o644) == 0)
            },
            Edit(name: "index.md back", rule: nil) { workspace in
                try FileManager.default.removeItem(atPath: workspace.path("components/beta/index.md"))
                try FileManager.default.moveItem(atPath: workspace.root.appendingPathComponent("beta-index.md").path, toPath: workspace.path("components/beta/index.md"))
            },
            Edit(name: "a file name with an escape", rule: "file.name") { try $0.write("components/alpha/bad\u{1B}name.svg", "<svg/>") },
            Edit(name: "that file gone", rule: nil) { try FileManager.default.removeItem(atPath: $0.path("components/alpha/bad\u{1B}name.svg")) },
            Edit(name: "a name that is not UTF-8", rule: "file.name") { workspace in
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
            Edit(name: "index.md made unreadable", rule: isRoot ? nil : "file.unreadable") { #expect(chmod($0.path("components/alpha/index.md"), 0) == 0) },
            Edit(name: "index.md readable again", rule: nil) { #expect(chmod($0.path("components/alpha/index.md"), 0o644) == 0) },
            Edit(name: "an edit after the permissions came back", rule: nil) { try $0.replace("components/alpha/index.md", "Use it with care.", "Use it with great care.") },
            // The theme's own templates.
            Edit(name: "a theme template", rule: nil) { workspace in
                let footer = workspace.theme.appendingPathComponent("templates/partials/footer.mustache")
                let text = try String(contentsOf: footer, encoding: .utf8)
                try workspace.write("templates/partials/footer.mustache", "<p>Edited footer</p>\n" + text, in: workspace.theme)
            },
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
            Edit(name: "a component removed", rule: "ref.component") { try FileManager.default.removeItem(atPath: $0.path("components/beta")) },
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
        let first = rebuilder.rebuild()
        #expect(!first.diagnostics.hasErrors, "\(first.diagnostics)")
        var compared = 0
        for edit in Self.edits() {
            try edit.apply(workspace)
            let changes = Self.settle(&watcher)
            #expect(!changes.isEmpty, "the watcher did not see '\(edit.name)'")
            let served = rebuilder.rebuild(changedPaths: changes)
            let built = Self.scratch(workspace)
            if let rule = edit.rule {
                #expect(built.diagnostics.contains { $0.rule == rule }, "after '\(edit.name)': no \(rule) in \(built.diagnostics)")
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
}
