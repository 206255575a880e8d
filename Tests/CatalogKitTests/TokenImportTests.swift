import Foundation
import Testing
@testable import CatalogKit

/// `catalog-build tokens import`: files from other tools become DTCG 2025.10 files that build
/// clean and resolve to the same values.
@Suite("Token import")
struct TokenImportTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("token-import-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    /// The imported files as a catalog, loaded and checked.
    static func build(_ result: TokenImport.Result) -> PipelineResult {
        var texts = ["catalog.yaml": "title: Imported\n"]
        for file in result.files { texts["tokens/" + file.name] = file.text }
        return Fixtures.run(SourceTree(displayRoot: "cat", texts: texts))
    }

    @Test func aTokensStudioFolderWithThemesBecomesSetsAndAResolver() throws {
        let source = try Self.folder([
            "global.json": ##"{ "color": { "white": { "value": "#ffffff", "type": "color" }, "navy": { "value": "#0A2757", "type": "color", "description": "Navy" } }, "space": { "s": { "value": "4", "type": "spacing" }, "calc": { "value": "{space.s} * 2", "type": "spacing" } }, "shadow": { "card": { "value": { "x": "0", "y": "2", "blur": "6", "spread": "0", "color": "rgba(0,0,0,0.25)", "type": "dropShadow" }, "type": "boxShadow" } } }"##,
            "light.json": ##"{ "surface": { "page": { "value": "{color.white}", "type": "color" } } }"##,
            "dark.json": ##"{ "surface": { "page": { "value": "#0B1220", "type": "color" } } }"##,
            "$metadata.json": ##"{ "tokenSetOrder": ["global", "light", "dark"] }"##,
            "$themes.json": ##"[ { "name": "light", "group": "theme", "selectedTokenSets": { "global": "source", "light": "enabled" } }, { "name": "dark", "group": "theme", "selectedTokenSets": { "global": "source", "dark": "enabled" } } ]"##,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.path])
        #expect(Set(result.files.map(\.name)) == ["global.tokens.json", "light.tokens.json", "dark.tokens.json", "tokens.resolver.json"])
        #expect(result.skipped == 1 && result.notes.contains { $0.contains("space.calc") && $0.contains("arithmetic") }, "\(result.notes)")
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        let catalog = try #require(built.catalog)
        #expect(catalog.tokens.token("surface.page")?.color?.hex == "#FFFFFF")
        #expect(catalog.tokens.token("space.s")?.css == "4px")
        #expect(catalog.tokens.token("shadow.card")?.css == "0px 2px 6px 0px #00000040")
        #expect(catalog.tokens.token("color.navy")?.description == "Navy")
        #expect(catalog.modes?.modifier("theme")?.context("dark")?.tokens.token("surface.page")?.color?.hex == "#0B1220")
    }

    @Test func aStyleDictionaryFileAndAJSON5FileBecomeDTCG() throws {
        let source = try Self.folder([
            "sd/colors.json": ##"{ "color": { "base": { "red": { "value": "#ff0000", "comment": "Alarm" }, "weight": { "value": "bold", "type": "fontWeight" } } } }"##,
            "five/brand.tokens.json5": "{\n  // a comment, unquoted keys, single quotes and a trailing comma\n  brand: { $type: 'color', blue: { $value: '#005CE5', }, },\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.appendingPathComponent("sd").path, source.appendingPathComponent("five/brand.tokens.json5").path])
        #expect(Set(result.files.map(\.name)) == ["colors.tokens.json", "brand.tokens.json"], "\(result.notes)")
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        #expect(built.catalog?.tokens.token("color.base.red")?.color?.hex == "#FF0000")
        #expect(built.catalog?.tokens.token("color.base.red")?.description == "Alarm")
        #expect(built.catalog?.tokens.token("color.base.weight")?.css == "700")
        #expect(built.catalog?.tokens.token("brand.blue")?.color?.hex == "#005CE5")
    }
}
