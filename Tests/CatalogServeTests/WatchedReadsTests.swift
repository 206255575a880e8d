import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogPipeline
import Foundation
import Testing
@testable import CatalogServe

#if canImport(Glibc)
import Glibc
#endif

/// #51: the watcher watches what the readers read — each file on its own, each folder to the
/// depth its reader went. Every edit below, to a file outside the catalog folder that `web:`,
/// `screenshots:` or `code:` reads (however deep), is noticed by the real watcher, rebuilt by
/// the real `Rebuilder`, and compared byte for byte with a build from scratch.
@Suite("serve watches exactly what was read", .serialized)
struct WatchedReadsTests {
    /// The web fixture (`catalog/` and the team's `ui/`), with `shots/` (SwiftUI snapshot
    /// images) and `android/` (Compose sources) named in catalog.yaml.
    struct Workspace {
        let root: URL
        var catalog: URL { root.appendingPathComponent("catalog") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("watched-reads-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for folder in ["catalog", "ui"] {
                try FileManager.default.copyItem(at: WatchedRebuildTests.fixtures.appendingPathComponent("web/\(folder)"), to: root.appendingPathComponent(folder))
            }
            try write("shots/button/default.png", bytes: Self.png("on.png"))
            try write("android/Button.kt", "package ui\n\n@Composable\nfun UIButton(text: String) {}\n")
            let settings = try String(contentsOf: catalog.appendingPathComponent("catalog.yaml"), encoding: .utf8)
            try write("figma/files/ds.json", Self.figmaFile(set: "Card"))
            try write("catalog/catalog.yaml", settings + "screenshots:\n  swiftui: ../shots\n  name: \"{component}/{example}.png\"\ncode:\n  compose: ../android\nfigma:\n  files: ../figma/files/\n")
        }

        /// A saved Figma file holding one component set, or none (`set` nil).
        static func figmaFile(set: String?) -> String {
            let children = set.map { #"[{ "id": "1:0", "name": "\#($0)", "type": "COMPONENT_SET", "children": [] }]"# } ?? "[]"
            return #"{ "name": "DS", "document": { "id": "0:0", "type": "DOCUMENT", "children": \#(children) } }"#
        }

        static func png(_ name: String) -> [UInt8] {
            [UInt8](FileManager.default.contents(atPath: WatchedRebuildTests.fixtures.appendingPathComponent("screenshots/ios/toggle/\(name)").path) ?? Data())
        }

        func write(_ path: String, _ text: String) throws { try write(path, bytes: Array(text.utf8)) }

        func write(_ path: String, bytes: [UInt8]) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }

        func replace(_ path: String, _ old: String, _ new: String) throws {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(old), "\(path) has no '\(old)'")
            try write(path, text.replacingOccurrences(of: old, with: new))
        }
    }

    /// `count` folders, `d1/d2/…`.
    static func deep(_ count: Int) -> String { (1...count).map { "d\($0)" }.joined(separator: "/") }

    struct Step {
        var name: String
        var rule: String?
        var apply: (Workspace) throws -> Void
    }

    static var steps: [Step] { [
        Step(name: "a script web: names, outside the assets folder", rule: nil) { try $0.replace("ui/ui-card.js", "ui-card", "ui-card ") },
        Step(name: "a module chunk imported from a sub-folder", rule: nil) { workspace in
            try workspace.write("ui/chunks/extra.js", "export const extra = 1;\n")
            try workspace.replace("ui/ui-button.js", "import { stylesheet } from \"./ui-shared.js\";", "import { stylesheet } from \"./ui-shared.js\";\nimport { extra } from \"./chunks/extra.js\";")
        },
        Step(name: "the chunk's bytes", rule: nil) { try $0.write("ui/chunks/extra.js", "export const extra = 2;\n") },
        Step(name: "a url() asset outside the assets folder", rule: nil) { workspace in
            try workspace.write("ui/images/mark.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>one</title></svg>")
            try workspace.replace("ui/ui.css", ".ui-card__title { margin", ".ui-card__title { background: url(images/mark.svg); margin")
        },
        Step(name: "the url() asset's bytes", rule: nil) { try $0.write("ui/images/mark.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>two</title></svg>") },
        Step(name: "a web asset 14 folders deep", rule: nil) { try $0.write("ui/assets/\(deep(14))/deep.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>") },
        Step(name: "its bytes", rule: nil) { try $0.write("ui/assets/\(deep(14))/deep.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>x</title></svg>") },
        Step(name: "a web asset 25 folders deep", rule: "web.asset") { try $0.write("ui/assets/\(deep(25))/deeper.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>") },
        Step(name: "a screenshot", rule: nil) { try $0.write("shots/button/default.png", bytes: Workspace.png("off.png")) },
        Step(name: "a screenshot 14 folders deep", rule: "screenshots.unmatched") { try $0.write("shots/\(deep(14))/x.png", bytes: Workspace.png("on.png")) },
        Step(name: "its bytes", rule: "screenshots.unmatched") { try $0.write("shots/\(deep(14))/x.png", bytes: Workspace.png("disabled.png")) },
        Step(name: "a screenshot 25 folders deep", rule: "screenshots.folder") { try $0.write("shots/\(deep(25))/y.png", bytes: Workspace.png("on.png")) },
        Step(name: "a Kotlin file 14 folders deep", rule: nil) { try $0.write("android/\(deep(14))/Card.kt", "package ui\n\n@Composable\nfun UICard(title: String) {}\n") },
        Step(name: "its bytes", rule: nil) { try $0.write("android/\(deep(14))/Card.kt", "package ui\n\n@Composable\nfun UICard(heading: String) {}\n") },
        Step(name: "a Kotlin file 25 folders deep", rule: nil) { try $0.write("android/\(deep(25))/Deep.kt", "package ui\n\nfun deep() {}\n") },
        Step(name: "a Kotlin file 45 folders deep", rule: nil) { try $0.write("android/\(deep(45))/Deeper.kt", "package ui\n\nfun deeper() {}\n") },
        Step(name: "a saved Figma file", rule: nil) { try $0.write("figma/files/\(deep(3))/more.json", Workspace.figmaFile(set: "Chip")) },
        Step(name: "a Figma file's bytes, its sets gone", rule: "figma.file") { try $0.write("figma/files/ds.json", Workspace.figmaFile(set: nil)) },
        Step(name: "a tab file", rule: nil) { try $0.write("catalog/components/button/code.md", "Import it.\n") },
        Step(name: "the tab file's words", rule: nil) { try $0.write("catalog/components/button/code.md", "Import it once.\n") },
        Step(name: "a token file", rule: nil) { workspace in
            try workspace.replace("catalog/tokens/base.tokens.json", "#FFFFFF", "#FEFEFE")
        },
    ] }

    static func scratch(_ workspace: Workspace) -> PipelineResult {
        guard let tree = try? CatalogReader.read(workspace.catalog.path) else {
            return PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: [])
        }
        return Pipeline.run(tree)
    }

    @Test func everyReadFileAndFolderIsWatchedToItsDepth() throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        let rebuilder = try Rebuilder(source: workspace.catalog.path, options: LoadOptions())
        var watcher = FileWatcher(roots: rebuilder.watchedRoots)
        let first = rebuilder.rebuild(changedPaths: [], watching: &watcher)
        #expect(!first.diagnostics.hasErrors, "\(first.diagnostics)")
        for step in Self.steps {
            try step.apply(workspace)
            let changes = WatchedRebuildTests.settle(&watcher)
            #expect(!changes.isEmpty, "the watcher did not see '\(step.name)'")
            let served = rebuilder.rebuild(changedPaths: changes, watching: &watcher)
            let built = Self.scratch(workspace)
            #expect(!built.diagnostics.hasErrors, "after '\(step.name)': \(built.diagnostics.filter { $0.severity == .error })")
            if let rule = step.rule {
                #expect(built.diagnostics.contains { $0.rule.rawValue == rule }, "after '\(step.name)': no \(rule) in \(built.diagnostics)")
            }
            #expect(served.diagnostics == built.diagnostics, "after '\(step.name)': serve \(served.diagnostics) vs build \(built.diagnostics)")
            let site = try #require(built.site)
            let shown = try #require(rebuilder.snapshot.site)
            let differing = Set(site.files.keys).union(shown.files.keys).filter { site[$0] != shown[$0] }.sorted()
            #expect(differing.isEmpty, "after '\(step.name)': serve shows other bytes for \(differing)")
        }
    }

    /// The roots come from the reads: a file through its folder for that name alone, a folder to
    /// its reader's depth, one inside another only when the outer one does not reach as deep.
    @Test func rootsAreDerivedFromTheReads() {
        var reads = SourceReads()
        reads.read(folder: "/w/catalog", depth: 12)
        reads.read(folder: "/w/ui/assets", depth: 20)
        reads.read(file: "/w/ui/ui.css")
        reads.read(file: "/w/ui/assets/font.woff2")
        reads.read(folder: "/w/catalog/themes/own", depth: 2)
        reads.read(folder: "/w/catalog/a/b/c/d/e/f/g/h/i/j/k", depth: 12)
        let roots = FileWatcher.Root.covering(reads)
        #expect(roots.contains(FileWatcher.Root("/w/catalog", depth: 12)))
        #expect(roots.contains(FileWatcher.Root("/w/ui/assets", depth: 20)))
        #expect(roots.contains(FileWatcher.Root("/w/ui", only: ["ui.css"], depth: 0)))
        #expect(!roots.contains { $0.path == "/w/catalog/themes/own" }, "inside a root that reaches as deep")
        var deeper = reads
        deeper.read(folder: "/w/catalog/themes/own", depth: 12)
        #expect(FileWatcher.Root.covering(deeper).contains(FileWatcher.Root("/w/catalog/themes/own", depth: 12)), "read deeper than the outer root reaches")
        #expect(roots.contains(FileWatcher.Root("/w/catalog/a/b/c/d/e/f/g/h/i/j/k", depth: 12)), "deeper than the outer root reaches")
        #expect(!roots.contains { $0.only?.contains("font.woff2") == true }, "a file inside a watched folder")
    }
}
