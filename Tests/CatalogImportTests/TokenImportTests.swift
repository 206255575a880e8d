import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogImport
import CatalogPipeline
import CatalogTestSupport

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

    /// #25 10: a file that is neither JSON nor JSON5 is named with the line and column where it
    /// goes wrong, as `check` does (it said only "the data isn't in the correct format").
    @Test func aFileLargerThanAnyTokenFileIsANoteAndIsNotRead() throws {
        let folder = try Self.folder(["small.json": ##"{ "a": { "value": "#fff", "type": "color" } }"##])
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sparse file past the import's limit: said, and never read into memory.
        let huge = folder.appendingPathComponent("huge.json")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(ReadLimit.tokenImport.fileBytes + 1))
        try handle.close()
        let alone = TokenImport.run([huge.path])
        #expect(alone.files.isEmpty && alone.notes.contains { $0.contains("huge.json") && $0.contains("is over") }, "\(alone.notes)")
        // Inside a folder, the other files are still converted.
        let both = TokenImport.run([folder.path])
        #expect(both.files.count == 1 && both.notes.contains { $0.contains("huge.json") }, "\(both.notes)")
    }

    @Test func aFigmaStyleNameIsReadAsTheWeightItNamesWithANote() throws {
        let folder = try Self.folder(["type.json": ##"""
        { "weight": {
            "expanded": { "value": "Expanded Medium", "type": "fontWeights" },
            "condensed": { "value": "Condensed Bold Italic", "type": "fontWeights" },
            "camel": { "value": "ExtraLight", "type": "fontWeights" },
            "plain": { "value": "SemiBold", "type": "fontWeights" },
            "joined": { "value": "ExtraCondensed Medium", "type": "fontWeights" },
            "nonsense": { "value": "Wobbly", "type": "fontWeights" }
        } }
        """##])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = TokenImport.run([folder.path])
        let file = try #require(result.files.first?.text)
        for (name, keyword) in [("expanded", "medium"), ("condensed", "bold"), ("camel", "extra-light"), ("plain", "semi-bold"), ("joined", "medium")] {
            #expect(file.contains("\"\(name)\": {\n      \"$type\": \"fontWeight\",\n      \"$value\": \"\(keyword)\""), "\(name) → \(keyword) in \(file)")
        }
        let note = try #require(result.notes.first { $0.contains("font style name") }, "\(result.notes)" as Comment)
        #expect(note.contains("weight.expanded 'Expanded Medium' → medium (500)") && note.contains("3 font style names"), "\(note)")
        #expect(result.notes.contains { $0.contains("'weight.nonsense'") && $0.contains("not a font weight") }, "\(result.notes)")
        #expect(!Self.build(result).diagnostics.contains { $0.severity == .error })
    }

    @Test func aSyntaxErrorIsNamedWithItsLineAndColumn() throws {
        let source = try Self.folder(["broken.json": "{\n  \"color\": {\n    \"a\": { \"value\": \"#fff\" }\n    \"b\": { \"value\": \"#000\" }\n  }\n}\n"])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.appendingPathComponent("broken.json").path])
        #expect(result.files.isEmpty)
        #expect(result.notes.contains { $0.contains("broken.json:4:") && $0.contains("line 4") }, "\(result.notes)")
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
        #expect(result.skipped == 0, "\(result.notes)")
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        let catalog = try #require(built.catalog)
        #expect(catalog.tokens.token("surface.page")?.color?.hex == "#FFFFFF")
        #expect(catalog.tokens.token("space.s")?.css == "4px")
        // #26 1: arithmetic is computed, as Tokens Studio computes it.
        #expect(catalog.tokens.token("space.calc")?.css == "8px")
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

    @Test func tokensKeepTheOrderTheirAuthorGaveThem() throws {
        let source = try Self.folder([
            "sd/type.json": ##"{ "leading": { "tight": { "value": "1.25", "type": "lineHeight" }, "snug": { "value": "1.375", "type": "lineHeight" }, "normal": { "value": "1.5", "type": "lineHeight" }, "loose": { "value": "1.75", "type": "lineHeight" } } }"##,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.appendingPathComponent("sd").path])
        let text = try #require(result.files.first?.text)
        let positions = ["tight", "snug", "normal", "loose"].map { text.range(of: "\"\($0)\"")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions == positions.sorted { $0! < $1! }, "\(text)")
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        #expect(built.catalog?.tokens.token("leading.loose")?.css == "1.75")
    }

    @Test func aJSON5FileKeepsItsOrderThroughCommentsQuotesAndEscapes() throws {
        let source = try Self.folder([
            "scale.json5": """
            // { a comment with braces, "quotes" and a key: 'fake' }
            { scale: {
                /* block { comment } */ zeta: { $type: 'color', $value: '#000000' },
                'al\\'pha': { $type: "color", $value: "#FFFFFF", $description: 'it\\'s {not} an alias, "really", }' },
                "mid\\u0041": { $type: 'number', $value: +.5 },
                beta: { $type: 'fontFamily', $value: ['A', "B}", ], },
              },
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.appendingPathComponent("scale.json5").path])
        let text = try #require(result.files.first?.text, "\(result.notes)")
        let positions = ["\"zeta\"", "\"al'pha\"", "\"midA\"", "\"beta\""].map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions == positions.sorted { $0! < $1! }, "\(text)")
        #expect(text.contains("it's {not} an alias"))
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
    }

    @Test func tokensStudioTypographyBorderAndEasingBecomeDTCGComposites() throws {
        let source = try Self.folder([
            "export.json": ##"""
            { "core": {
                "font": { "inter": { "value": "Inter, sans-serif", "type": "fontFamilies" }, "h1": { "value": "32", "type": "fontSizes" } },
                "type": {
                  "body": { "value": { "fontFamily": "{font.inter}", "fontWeight": "Regular", "fontSize": "16", "lineHeight": "24", "letterSpacing": "-2%", "paragraphSpacing": "8", "textCase": "none", "textDecoration": "none" }, "type": "typography" },
                  "title": { "value": { "fontFamily": "Inter", "fontWeight": "Bold Italic", "fontSize": "{font.h1}", "lineHeight": "120%", "textCase": "uppercase" }, "type": "typography" },
                  "auto": { "value": { "fontFamily": "Inter", "fontWeight": "Bold", "fontSize": "16", "lineHeight": "AUTO" }, "type": "typography" }
                },
                "focus": { "value": { "color": "#005CE5", "width": "2", "style": "dashed" }, "type": "border" },
                "ease": { "value": "cubic-bezier(0.4, 0, 0.2, 1)", "type": "cubicBezier" },
                "tint": { "value": "hsla(210, 100%, 45%, 0.5)", "type": "color" },
                "leading": { "value": "24", "type": "lineHeights" }
              },
              "$metadata": { "tokenSetOrder": ["core"] } }
            """##,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.appendingPathComponent("export.json").path])
        #expect(result.converted == 8 && result.skipped == 1, "\(result.notes)")
        #expect(result.notes.contains { $0.contains("'type.auto'") && $0.contains("AUTO") })
        // A standalone line height in pixels is a length (#41 9); typography divides it by its size.
        let leading = try #require(result.files.first?.text.range(of: #""leading": {"#), "\(result.files.first?.text ?? "")")
        #expect(result.files.first!.text[leading.upperBound...].prefix(120).contains(#""$type": "dimension""#), "\(result.files.first?.text ?? "")")
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        let tokens = try #require(built.catalog?.tokens)
        // 24px over 16px is 1.5; -2% of 16px is -0.32px.
        #expect(tokens.token("type.body")?.css == "400 16px/1.5 \"Inter\", sans-serif", "\(tokens.token("type.body")?.css ?? "nil")")
        let text = try #require(result.files.first?.text)
        #expect(text.contains("\"value\": -0.32"))
        // The paragraph spacing, which DTCG's typography has no field for, is kept.
        #expect(text.contains("\"studio.tokens\"") && text.contains("\"paragraphSpacing\": \"8\""))
        #expect(tokens.token("type.title")?.css?.hasPrefix("italic 700 32px/1.2") == true, "\(tokens.token("type.title")?.css ?? "nil")")
        #expect(tokens.token("focus")?.css == "2px dashed #005CE5", "\(tokens.token("focus")?.css ?? "nil")")
        #expect(tokens.token("ease")?.css == "cubic-bezier(0.4, 0, 0.2, 1)", "\(tokens.token("ease")?.css ?? "nil")")
        #expect(tokens.token("tint")?.css == "hsl(210 100% 45% / 0.5)", "\(tokens.token("tint")?.css ?? "nil")")
    }

    @Test func aTokensStudioExportInDTCGDressIsConvertedWhereItIsNotDTCG() throws {
        let source = try Self.folder([
            "export.json": ##"""
            { "core": {
                "palette": { "$type": "color", "$description": "Brand colours", "blue": { "$value": "#005CE5", "$extensions": { "studio.tokens": { "id": "1" } } } },
                "space": { "s": { "$value": "4", "$type": "spacing" }, "m": { "$value": { "value": 8, "unit": "px" }, "$type": "dimension" } },
                "text": { "body": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontWeight": "Bold", "fontSize": "16", "lineHeight": "150%", "letterSpacing": "0%" } } },
                "lift": { "$type": "boxShadow", "$value": { "x": "0", "y": "2", "blur": "4", "spread": "0", "color": "#00000040", "type": "dropShadow" } }
              },
              "$themes": [], "$metadata": { "tokenSetOrder": ["core"] } }
            """##,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.appendingPathComponent("export.json").path])
        #expect(result.files.map(\.name) == ["core.tokens.json"], "\(result.files.map(\.name)) \(result.notes)")
        #expect(result.converted == 5 && result.skipped == 0, "\(result.notes)")
        let text = try #require(result.files.first?.text)
        // DTCG tokens are kept as written, their group's type made explicit; the group's description stays.
        #expect(text.contains("\"$description\": \"Brand colours\"") && text.contains("\"id\": \"1\""))
        #expect(!text.contains("spacing") && !text.contains("boxShadow"), "\(text)")
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        let tokens = try #require(built.catalog?.tokens)
        #expect(tokens.token("palette.blue")?.color?.hex == "#005CE5")
        #expect(tokens.token("space.s")?.css == "4px")
        #expect(tokens.token("space.m")?.css == "8px")
        #expect(tokens.token("text.body")?.css == "700 16px/1.5 \"Inter\"", "\(tokens.token("text.body")?.css ?? "nil")")
        #expect(tokens.token("lift")?.css == "0px 2px 4px 0px #00000040", "\(tokens.token("lift")?.css ?? "nil")")
    }

    @Test func dtcgFilesAndTheirResolverAreWrittenBackExactlyAsTheyWere() throws {
        let files = [
            "brand.tokens.json": ##"{ "base": { "$type": "color", "$description": "Base", "blue": { "$value": "#005CE5" } }, "brand": { "$extends": "{base}", "$deprecated": "use base" } }"##,
            "dark.tokens.json": ##"{ "base": { "blue": { "$type": "color", "$value": "#5C9DFF" } } }"##,
            "modes.resolver.json": ##"{ "version": "2025.10", "sets": { "core": { "sources": [{ "$ref": "brand.tokens.json" }] } }, "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } }, "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/theme" }] }"##,
        ]
        let source = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.path])
        #expect(Set(result.files.map(\.name)) == Set(files.keys), "\(result.notes)")
        for file in result.files {
            let written = try JSONSerialization.jsonObject(with: Data(file.text.utf8)) as? NSDictionary
            let original = try JSONSerialization.jsonObject(with: Data(files[file.name]!.utf8)) as? NSDictionary
            #expect(written == original, "\(file.name): \(file.text)")
        }
        let built = Self.build(result)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.filter { $0.severity == .error })")
        #expect(built.catalog?.modes?.modifier("theme")?.context("dark")?.tokens.token("base.blue")?.color?.hex == "#5C9DFF")
    }

    @Test func twoFilesOfTheSameNameInDifferentFoldersAreBothWritten() throws {
        let source = try Self.folder([
            "web/colors.json": ##"{ "web": { "red": { "value": "#ff0000", "type": "color" } } }"##,
            "ios/colors.json": ##"{ "ios": { "red": { "value": "#ee0000", "type": "color" } } }"##,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let result = TokenImport.run([source.path])
        #expect(result.files.map(\.name) == ["colors.tokens.json", "colors-2.tokens.json"], "\(result.notes)")
        #expect(result.notes.contains { $0.contains("colors-2.tokens.json") })
        let built = Self.build(result)
        #expect(built.catalog?.tokens.token("web.red") != nil && built.catalog?.tokens.token("ios.red") != nil)
    }

    /// Foundation's JSON5 reader stops the process (a fatal error, not a thrown one) on invalid
    /// UTF-8 in an unquoted key; found by fuzzing `tokens import`.
    @Test func aJSON5FileThatIsNotUTF8IsANoteNotACrash() throws {
        let source = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: source) }
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let file = source.appendingPathComponent("broken.json5")
        try Data([0x7B, 0x0A, 0x20, 0x20, 0x61, 0xF8, 0x62, 0x3A, 0x20, 0x31, 0x2C, 0x0A, 0x7D, 0x0A]).write(to: file)  // {\n  a\xF8b: 1,\n}\n
        let result = TokenImport.run([file.path])
        #expect(result.files.isEmpty)
        #expect(result.notes.contains { $0.contains("not UTF-8") }, "\(result.notes)")
    }
}
