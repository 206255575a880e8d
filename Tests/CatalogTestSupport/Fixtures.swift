import Foundation
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogRender
import CatalogPipeline

/// Fixture catalogs under Tests/Fixtures. An invalid case is the `base` catalog with the case's
/// files laid over it (and the paths listed in `_delete` removed); `expected.txt` lists the
/// diagnostics it must produce, one per line: `severity rule path:line[:col] [words in the message]`.
package enum Fixtures {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    package static let repository = root.deletingLastPathComponent().deletingLastPathComponent()

    package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    package static func invalidCases() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path("invalid"))) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Reads a folder into a tree displayed as `fixture` (so diagnostics read `fixture/…`).
    package static func read(_ folder: String) throws -> SourceTree {
        try CatalogReader.read(folder, displayRoot: "fixture")
    }

    /// `base` with the case laid over it, written to a temporary folder so the CLI can read it too.
    package static func materialize(invalidCase name: String) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-fixture-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root.appendingPathComponent("base"), to: target)
        let overlay = root.appendingPathComponent("invalid/\(name)")
        let enumerator = FileManager.default.enumerator(atPath: overlay.path)
        while let relative = enumerator?.nextObject() as? String {
            let source = overlay.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory)
            if isDirectory.boolValue || relative == "expected.txt" || relative == "_delete" { continue }
            let isGenerated = relative.hasSuffix(".generated")
            let destination = target.appendingPathComponent(isGenerated ? String(relative.dropLast(".generated".count)) : relative)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: destination)
            if isGenerated {
                try Data(generate(try String(contentsOf: source, encoding: .utf8)).utf8).write(to: destination)
            } else if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: source.path) {
                try FileManager.default.createSymbolicLink(atPath: destination.path, withDestinationPath: link)
            } else {
                try FileManager.default.copyItem(at: source, to: destination)
            }
        }
        if let deletions = try? String(contentsOf: overlay.appendingPathComponent("_delete"), encoding: .utf8) {
            for line in deletions.split(separator: "\n") where !line.isEmpty {
                try? FileManager.default.removeItem(at: target.appendingPathComponent(String(line)))
            }
        }
        return target
    }

    /// Large inputs are described, not committed: `repeat N text` (with `\n` for new lines)
    /// or `nested-list DEPTH` (a list nested DEPTH levels, written `- - - … item` on one line).
    package static func generate(_ spec: String) -> String {
        let words = spec.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
        switch words.first {
        case "repeat":
            let text = (words.count > 2 ? words[2] : "").replacingOccurrences(of: "\\n", with: "\n")
            return String(repeating: text, count: Int(words[1]) ?? 1)
        case "nested-list":
            return "## Usage\n\n" + String(repeating: "- ", count: Int(words[1]) ?? 1) + "item\n"
        default:
            return spec
        }
    }

    /// Runs `swiftc` with `arguments`: its exit status and what it printed to standard error.
    package static func swiftc(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A temporary folder holding a theme `brand` that extends the default and adds, after the
    /// prose of each default template named (`page-component`), the markup given; `manifest` is
    /// added to its theme.yaml. The caller removes the folder.
    package static func brandTheme(afterProse additions: [String: String], manifest: String = "") throws -> URL {
        let themes = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-brand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: themes.appendingPathComponent("brand/templates"), withIntermediateDirectories: true)
        try ("extends: default\n" + manifest).write(to: themes.appendingPathComponent("brand/theme.yaml"), atomically: true, encoding: .utf8)
        for (template, markup) in additions {
            let text = try String(contentsOf: repository.appendingPathComponent("themes/default/templates/\(template).mustache"), encoding: .utf8)
            try text.replacingOccurrences(of: "{{{prose}}}", with: "{{{prose}}}" + markup)
                .write(to: themes.appendingPathComponent("brand/templates/\(template).mustache"), atomically: true, encoding: .utf8)
        }
        return themes
    }

    /// Builds `tree` with the repository's themes, after any in `themeFolders`.
    /// A catalog of two components whose first one's index.md is `markdown`.
    package static func proseTree(_ markdown: String, frontMatter: String = "", baseURL: String = "/", extra: [String: String] = [:]) -> SourceTree {
        var texts = [
            "catalog.yaml": "title: T\nbaseURL: \(baseURL)\n",
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\n",
            "components/alpha/index.md": frontMatter + markdown,
            "components/beta/component.yaml": "name: Beta\nsummary: Second.\n",
            "components/beta/index.md": "## Usage\n\nText.\n",
        ]
        for (path, text) in extra { texts[path] = text }
        return SourceTree(displayRoot: "cat", texts: texts)
    }

    /// A token file loaded alone, as `tokens/t.tokens.json`.
    package static func tokens(_ json: String) -> (TokenSet, [Diagnostic]) {
        let tree = SourceTree(displayRoot: "cat", texts: ["tokens/t.tokens.json": json])
        return TokenLoader.load([(path: "tokens/t.tokens.json", bytes: tree.files["tokens/t.tokens.json"]!)], tree: tree)
    }

    /// A page's markup with every `<pre>` and what it shows taken out (each marked `[pre]`):
    /// code there is text, so its spaces, line breaks and `id="…"` are not the page's.
    package static func outsidePreformatted(_ page: String) -> String {
        page.components(separatedBy: "<pre").map { $0.components(separatedBy: "</pre>").last ?? "" }.joined(separator: "[pre]")
    }

    package static func run(_ tree: SourceTree, options: LoadOptions = LoadOptions(), pages: Pipeline.Pages = .kept, themeFolders: [String] = []) -> PipelineResult {
        let searchPath = themeFolders + [repository.appendingPathComponent("themes").path]
        var tree = tree
        tree.readTheme(searchPath: searchPath)
        return Pipeline.run(tree, options: options, pages: pages)
    }

    package struct Expectation: CustomStringConvertible {
        package var severity: Severity
        package var rule: String
        package var path: String
        package var line: Int
        package var column: Int?
        package var words: String?

        package var description: String { "\(severity) \(rule) \(path):\(line)\(column.map { ":\($0)" } ?? "") \(words ?? "")" }

        package func matches(_ diagnostic: Diagnostic, root: String) -> Bool {
            let file = diagnostic.location.file.hasPrefix(root + "/") ? String(diagnostic.location.file.dropFirst(root.count + 1)) : diagnostic.location.file
            return diagnostic.severity == severity && diagnostic.rule == rule && file == path
                && diagnostic.location.line == line && (column == nil || diagnostic.location.column == column)
                && (words == nil || diagnostic.message.contains(words!))
        }
    }

    package static func expectations(for name: String) throws -> [Expectation] {
        let text = try String(contentsOf: root.appendingPathComponent("invalid/\(name)/expected.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.isEmpty }.map { line in
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            let place = parts[2].split(separator: ":").map(String.init)
            return Expectation(
                severity: Severity(rawValue: parts[0]) ?? .error, rule: parts[1], path: place[0],
                line: Int(place[1]) ?? 0, column: place.count > 2 ? Int(place[2]) : nil,
                words: parts.count > 3 ? parts[3] : nil
            )
        }
    }
}

/// The search index a site ships, expanded as search.js expands it: an entry per page and per
/// section, with the fields of `SearchIndex.Entry` (those empty left out).
package enum SearchIndexReader {
    package static func entries(_ script: String) throws -> [[String: String]] {
        let json = String(script.dropFirst("window.catalogSearchIndex = ".count).dropLast(2))
        guard let data = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[Any]]] else {
            throw CocoaError(.coderReadCorrupt)
        }
        var pages: [[String: String]] = []
        for page in data["pages"] ?? [] {
            let fields = page.compactMap { $0 as? String }
            pages.append(["kind": fields[0], "title": fields[1], "url": fields[2], "summary": fields[3], "keywords": fields[4]])
        }
        var sections: [[String: String]] = []
        for section in data["sections"] ?? [] {
            let page = pages[(section[0] as? Int) ?? 0]
            let heading = section[1] as? String ?? "", anchor = section[2] as? String ?? "", text = section[3] as? String ?? ""
            var entry = ["kind": page["kind"]!, "title": page["title"]!, "url": page["url"]! + (anchor.isEmpty ? "" : "#" + anchor), "text": text]
            if !heading.isEmpty { entry["section"] = heading }
            sections.append(entry)
        }
        return pages + sections
    }
}

/// Tests name rules as users write them.
package func == (left: RuleID, right: String) -> Bool { left.rawValue == right }
package func != (left: RuleID, right: String) -> Bool { left.rawValue != right }
package func == (left: RuleID?, right: String) -> Bool { left?.rawValue == right }
package func == (left: TokenType?, right: String) -> Bool { left?.rawValue == right }
package func == (left: CatalogChanges.Area, right: String) -> Bool { left.rawValue == right }
package func == (left: CatalogChanges.Kind, right: String) -> Bool { left.rawValue == right }
package func != (left: CatalogChanges.Kind, right: String) -> Bool { left.rawValue != right }
