import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogSyntax
import CatalogPipeline
import CatalogTestSupport

/// Figma as design truth (#56): every saved file of `Tests/Fixtures/figma/` read and counted, and
/// a catalog checked against the GOV.UK kit's Button with the drift a team meets — a renamed
/// property, a missing variant value, a token bound only in Figma, a variable whose dark value
/// differs — each reported at its line.
@Suite("Figma as design truth")
struct FigmaTests {
    static let figma = Fixtures.root.appendingPathComponent("figma")

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: figma.appendingPathComponent(path)))
    }

    static func design(files: [String] = [], variables: [String] = []) throws -> FigmaDesign {
        var read = FigmaFiles()
        read.folders = [FigmaFiles.Folder(role: .files, written: "figma/files", display: "cat/figma/files", missing: false),
                        FigmaFiles.Folder(role: .variables, written: "figma/variables", display: "cat/figma/variables", missing: false)]
        read.files[.files] = Dictionary(uniqueKeysWithValues: try files.map { ($0.split(separator: "/").last.map(String.init)!, try bytes($0)) })
        read.files[.variables] = Dictionary(uniqueKeysWithValues: try variables.map { ($0.replacingOccurrences(of: "/", with: "-"), try bytes($0)) })
        return FigmaLoader.load(read)
    }

    @Test func theGovUKButtonsFortyVariantsAreParsedFromTheirNames() throws {
        let design = try Self.design(files: ["figma-rust/govuk-button.json", "figma-rust/govuk-tag.json"])
        #expect(design.problems.isEmpty, "\(design.problems)")
        let button = try #require(design.set(named: "Button"))
        #expect(button.id == "213:6" && button.variantCount == 40 && button.axesFromNames)
        #expect(button.axes.map(\.name) == ["Viewport", "Type", "Hover", "Focus", "Disabled"])
        #expect(button.axes.map(\.values.count) == [2, 4, 2, 2, 2], "2 × 4 × 2 × 2 × 2 would be 64; the kit draws 40 of them")
        #expect(button.properties == [FigmaDesign.Property(name: "Content", kind: .text, defaultValue: "Button")], "the #18195:35 suffix is not part of the name")
        #expect(design.set(named: "tag")?.variantCount == 20, "a set is found by its name ignoring case")
    }

    @Test func wholeFileResponsesGiveTheirSetsWithVariantDefinitions() throws {
        let design = try Self.design(files: ["code-connect/dummy_api_response.json", "code-connect/dummy_api_response_for_wizard.json"])
        // A COMPONENT outside any set is checked as a set without variants.
        #expect(design.sets.map(\.name).sorted() == ["Card.Foo", "Header", "Loading Button", "Loading Spinner", "Modal (FINAL)", "Primary Button", "Secondary Button", "Test Instance Component"], "\(design.sets.map(\.name))")
        let header = try #require(design.set(named: "Header"))
        #expect(header.axes == [FigmaDesign.Axis(name: "Property 1", values: ["Default", "Variant2"], defaultValue: "Default")] && !header.axesFromNames)
        #expect(design.set(named: "Test Instance Component")?.axes.first?.values == ["Default", "Red"])
        #expect(design.set(node: "140:9")?.name == "Modal (FINAL)")
    }

    @Test func ledgersVariablesAreReadPerCollectionAndMode() throws {
        let design = try Self.design(variables: ["ldls/get-local-variables-response.json"])
        #expect(design.problems.isEmpty, "\(design.problems)")
        #expect(design.variables.count == 20 && design.collections.count == 4)
        let modes = Dictionary(uniqueKeysWithValues: design.collections.map { ($0.name, $0.modes) })
        #expect(modes["2.Theme"] == ["Light", "Dark"])
        #expect(modes["3.Brand"] == ["Ledger Live", "Entreprise", "Websites"])
        #expect(modes["4.Breakpoint"]?.count == 4)
        let white = try #require(design.variables.first { $0.name == "Background/Constant/White" })
        guard case .alias(let dark)? = white.values["Dark"] else { Issue.record("the dark value is an alias: \(white.values)"); return }
        #expect(design.variable(dark)?.name == "Colors/Dark/Constant/050")
    }

    @Test func pluginAndPerModeExportsAreReadAsCollections() throws {
        let sds = try Self.design(variables: ["sds/tokens.json"])
        #expect(sds.variables.count == 337 && sds.collections.count == 6, "\(sds.variables.count) \(sds.collections.map(\.name))")
        #expect(sds.collections.first { $0.name == "color" }?.modes == ["sds_light", "sds_dark", "brand_b_light"])
        // An alias by name (`{@color_primitives.Gray.900}`) becomes the id of the variable it names.
        let icon = try #require(sds.variables.first { $0.name == "icon/default/default" })
        guard case .alias(let target)? = icon.values["sds_dark"] else { Issue.record("\(icon.values)"); return }
        #expect(sds.variable(target)?.name.lowercased() == "white/1000")
        let bison = try Self.design(variables: ["flutter-bison-design-system/tokens/Light.tokens.json", "flutter-bison-design-system/tokens/Dark.tokens.json"])
        #expect(bison.collections.count == 1 && Set(bison.collections[0].modes) == ["Light", "Dark"])
        #expect(bison.variables.allSatisfy { $0.values.count == 2 }, "each variable has a value in both modes")
    }

    // MARK: A catalog against the GOV.UK Button

    /// A catalog folder on disk with the saved Button (and optional variables and tokens), its
    /// component.yaml as `model`.
    static func catalog(model: String, catalogExtra: String = "", button: (inout [String: Any]) -> Void = { _ in }, files: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("figma/files"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("components/button"), withIntermediateDirectories: true)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(try bytes("figma-rust/govuk-button.json"))) as? [String: Any])
        button(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: folder.appendingPathComponent("figma/files/button.json"))
        try "title: Figma\nfigma:\n  files: figma/files/\n\(catalogExtra)".write(to: folder.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        try model.write(to: folder.appendingPathComponent("components/button/component.yaml"), atomically: true, encoding: .utf8)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let model = """
        name: Button
        summary: Starts what the page is for.
        figma: { component: Button }
        properties:
          - name: label
            type: String
            platforms: { figma: "Text: String" }
        variants:
          type: [primary, secondary, warning]
          viewport: [desktop, mobile]
        states:
          - name: Hover
          - name: Focused
          - name: Disabled

        """

    static func check(_ folder: URL) throws -> PipelineResult {
        Pipeline.run(try CatalogReader.read(folder.path), pages: .kept)
    }

    @Test func aRenamedPropertyAndAMissingVariantValueAreReportedAtTheirLines() throws {
        let folder = try Self.catalog(model: Self.model)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.check(folder)
        let figma = result.diagnostics.filter { $0.rule.area == "figma" }
        let text = figma.map(\.description).joined(separator: "\n")
        // Type=Start is drawn in Figma and not listed: at `type:`.
        #expect(figma.contains { $0.rule == .figmaVariant && $0.severity == .error && $0.location.line == 9 && $0.location.column == 3 && $0.message.contains("Type=Start") }, "\(text)")
        // The TEXT property is Content in Figma; the catalog calls it Text: at the platforms line, naming what Figma has.
        #expect(figma.contains { $0.rule == .figmaProperty && $0.location.line == 7 && $0.message.contains("no property Text") && $0.message.contains("Content") }, "\(text)")
        #expect(figma.contains { $0.rule == .figmaProperty && $0.location.line == 5 && $0.message.contains("TEXT property Content") }, "\(text)")
        // Hover, Focus and Disabled are yes/no axes the states document (Focus for Focused).
        #expect(!figma.contains { $0.rule == .figmaVariant && ($0.message.contains("Hover") || $0.message.contains("Focus") || $0.message.contains("Disabled")) }, "\(text)")
        #expect(figma.count == 3, "\(text)")
        #expect(!result.succeeded, "drift is an error unless rules: lowers it")
        #expect(figma.allSatisfy { $0.location.file.hasSuffix("components/button/component.yaml") })
    }

    @Test func aDocumentedAxisFigmaLacksIsARenamedPropertyWithADidYouMean() throws {
        let model = Self.model.replacingOccurrences(of: "viewport: [desktop, mobile]", with: "viewports: [desktop, mobile]")
            .replacingOccurrences(of: "[primary, secondary, warning]", with: "[primary, secondary, warning, start]")
            .replacingOccurrences(of: "Text: String", with: "Content: String")
        let folder = try Self.catalog(model: model)
        defer { try? FileManager.default.removeItem(at: folder) }
        let figma = try Self.check(folder).diagnostics.filter { $0.rule.area == "figma" }
        #expect(figma.contains { $0.rule == .figmaVariant && $0.location.line == 10 && $0.message.contains("variants.viewports is not a variant property") && $0.message.contains("did you mean 'Viewport'") }, "\(figma)")
        #expect(figma.contains { $0.rule == .figmaVariant && $0.message.contains("variant property Viewport") }, "\(figma)")
        #expect(figma.count == 2, "\(figma)")
    }

    @Test func aStateFigmaDoesNotDrawIsReported() throws {
        // A state's figma: names a variant; Figma's Hover has no value Pressed.
        let model = Self.model.replacingOccurrences(of: "[primary, secondary, warning]", with: "[primary, secondary, warning, start]")
            .replacingOccurrences(of: "Text: String", with: "Content: String")
            .replacingOccurrences(of: "  - name: Hover\n", with: "  - name: Hover\n  - name: Pressed\n    figma: \"Hover=Pressed\"\n")
        let folder = try Self.catalog(model: model)
        defer { try? FileManager.default.removeItem(at: folder) }
        let figma = try Self.check(folder).diagnostics.filter { $0.rule.area == "figma" }
        #expect(figma.count == 1 && figma[0].rule == .figmaVariant && figma[0].location.line == 13 && figma[0].message.contains("Hover has no value Pressed"), "\(figma.map(\.description))")
    }

    @Test func aSetNamedWrongIsFoundWithADidYouMeanAndByNodeID() throws {
        let folder = try Self.catalog(model: Self.model.replacingOccurrences(of: "{ component: Button }", with: "{ component: Buton }"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let figma = try Self.check(folder).diagnostics.filter { $0.rule.area == "figma" }
        #expect(figma.count == 1 && figma[0].rule == .figmaComponent && figma[0].location.line == 3 && figma[0].message.contains("did you mean 'Button'"), "\(figma)")
        let byNode = try Self.catalog(model: Self.model.replacingOccurrences(of: "{ component: Button }", with: "{ node: \"213:6\" }")
            .replacingOccurrences(of: "[primary, secondary, warning]", with: "[primary, secondary, warning, start]").replacingOccurrences(of: "Text: String", with: "Content: String"))
        defer { try? FileManager.default.removeItem(at: byNode) }
        let result = try Self.check(byNode)
        #expect(!result.diagnostics.contains { $0.rule.area == "figma" }, "\(result.diagnostics)")
        #expect(result.succeeded)
    }

    @Test func rulesLowerFigmaDriftAndIgnoreSilencesIt() throws {
        let folder = try Self.catalog(model: Self.model, catalogExtra: "rules:\n  figma.variant: warning\n  figma.property: off\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.check(folder)
        let figma = result.diagnostics.filter { $0.rule.area == "figma" }
        #expect(figma.count == 1 && figma[0].severity == .warning && figma[0].rule == .figmaVariant, "\(figma)")
        #expect(result.succeeded)
    }

    @Test func aTruncatedOrForeignFileIsAnErrorNamingIt() throws {
        let folder = try Self.catalog(model: Self.model, files: ["figma/files/cut.json": "{\"document\": {\"id\": \"0:0\", \"children\": [", "figma/files/list.json": "[1, 2]"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let figma = try Self.check(folder).diagnostics.filter { $0.rule == .figmaFile }
        #expect(figma.contains { $0.severity == .error && $0.location.file.hasSuffix("figma/files/cut.json") && $0.location.line == 1 && $0.message.contains("ends early") }, "\(figma)")
        #expect(figma.contains { $0.severity == .error && $0.location.file.hasSuffix("figma/files/list.json") && $0.message.contains("an array") }, "\(figma)")
    }

    @Test func aMissingFolderIsAnErrorAtItsLine() throws {
        let folder = try Self.catalog(model: Self.model, catalogExtra: "  variables: figma/nowhere/\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let figma = try Self.check(folder).diagnostics.filter { $0.rule == .figmaFolder }
        #expect(figma.count == 1 && figma[0].location.line == 4 && figma[0].message.contains("figma.variables names figma/nowhere/"), "\(figma)")
    }

    /// A token bound only in Figma: one of the Button's nodes is bound to Ledger's white, which
    /// no appearance names; and a variable whose dark value differs from its token's.
    @Test func aTokenBoundOnlyInFigmaAndADarkValueThatDiffers() throws {
        let tokens = """
            { "background": { "$type": "color", "white": { "$value": "#FFFFFF" } },
              "text": { "$type": "color", "ink": { "$value": "#0B0C0C" }, "muted": { "$value": "#505A5F" } } }
            """
        let dark = """
            { "background": { "$type": "color", "white": { "$value": "#101010" } } }
            """
        let resolver = """
            { "version": "2025.10", "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
              "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }
            """
        let variables = """
            { "status": 200, "error": false, "meta": {
              "variableCollections": { "VariableCollectionId:1:1": { "id": "VariableCollectionId:1:1", "name": "Theme", "defaultModeId": "1:0",
                "modes": [{ "modeId": "1:0", "name": "Light" }, { "modeId": "1:1", "name": "Dark" }, { "modeId": "1:2", "name": "Sepia" }] } },
              "variables": {
                "VariableID:2:1": { "id": "VariableID:2:1", "name": "Background/White", "variableCollectionId": "VariableCollectionId:1:1", "resolvedType": "COLOR",
                  "valuesByMode": { "1:0": { "r": 1, "g": 1, "b": 1, "a": 1 }, "1:1": { "r": 0.0627, "g": 0.0627, "b": 0.0627, "a": 1 } } },
                "VariableID:2:2": { "id": "VariableID:2:2", "name": "Text/Ink", "variableCollectionId": "VariableCollectionId:1:1", "resolvedType": "COLOR",
                  "valuesByMode": { "1:0": { "r": 0.0431, "g": 0.0471, "b": 0.0471, "a": 1 }, "1:1": { "r": 0.9, "g": 0.9, "b": 0.9, "a": 1 } } } } } }
            """
        let model = Self.model.replacingOccurrences(of: "[primary, secondary, warning]", with: "[primary, secondary, warning, start]")
            .replacingOccurrences(of: "Text: String", with: "Content: String")
            + "appearances:\n  - name: Primary\n    tokens:\n      - { role: Label, token: text/ink }\n"
        let folder = try Self.catalog(model: model, catalogExtra: "  variables: figma/variables/\n", button: { json in
            // The first variant's first node: its fill bound to Background/White, as the REST API writes it.
            guard var variants = json["children"] as? [[String: Any]], var nodes = variants[0]["children"] as? [[String: Any]] else { return }
            nodes[0]["boundVariables"] = ["fills": [["type": "VARIABLE_ALIAS", "id": "VariableID:2:1"]]]
            variants[0]["children"] = nodes
            json["children"] = variants
        }, files: ["tokens/base.tokens.json": tokens, "tokens/dark.tokens.json": dark, "tokens/theme.resolver.json": resolver, "figma/variables/theme.json": variables])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.check(folder)
        let figma = result.diagnostics.filter { $0.rule.area == "figma" }
        let text = figma.map(\.description).joined(separator: "\n")
        // Bound only in Figma: at the appearances; the token the appearance names is bound to no node.
        #expect(figma.contains { $0.rule == .figmaTokenBound && $0.severity == .warning && $0.location.line == 16 && $0.message.contains("Background/White (the token background/white)") }, "\(text)")
        #expect(figma.contains { $0.rule == .figmaTokenBound && $0.location.line == 18 && $0.message.contains("text/ink") && $0.message.contains("no node") }, "\(text)")
        // Ink differs in dark only: at the token's line in the base file (dark.tokens.json does not set it).
        #expect(figma.contains { $0.rule == .figmaVariableValue && $0.location.file.hasSuffix("tokens/base.tokens.json") && $0.location.line == 2 && $0.message.contains("in dark") && $0.message.contains("#0B0C0C") && $0.message.contains("#E6E6E6") }, "\(text)")
        // White agrees in both modes (within the colour distance of rounding).
        #expect(!figma.contains { $0.rule == .figmaVariableValue && $0.message.contains("background/white") }, "\(text)")
        // A token in a group Figma defines with no variable; a mode no context is named like.
        #expect(figma.contains { $0.rule == .figmaVariableMissing && $0.location.line == 2 && $0.message.contains("text/muted") }, "\(text)")
        #expect(figma.contains { $0.rule == .figmaMode && $0.location.file.hasSuffix("figma/variables/theme.json") && $0.message.contains("Sepia") && $0.message.contains("did you mean") == false }, "\(text)")
        #expect(figma.count == 5, "\(text)")
    }

    /// A generated whole file over 50 MB (geometry around one component set) is read in bounded
    /// memory: what is kept is its components, not its tree. The figure is a benchmark's; this
    /// holds what is kept, node by node.
    @Test func aLargeFileKeepsOnlyWhatItCompares() throws {
        var text = #"{"name": "Big", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": ["#
        text += #"{"id": "1:0", "name": "Chip", "type": "COMPONENT_SET", "componentPropertyDefinitions": {"Size": {"type": "VARIANT", "defaultValue": "S", "variantOptions": ["S", "L"]}}, "children": [{"id": "1:1", "name": "Size=S", "type": "COMPONENT"}, {"id": "1:2", "name": "Size=L", "type": "COMPONENT"}]}"#
        for index in 0..<2_000 {
            text += #", {"id": "5:\#(index)", "type": "RECTANGLE", "absoluteBoundingBox": {"x": \#(index), "y": 0, "width": 10, "height": 10}, "fills": [{"type": "SOLID", "color": {"r": 0.5, "g": 0.5, "b": 0.5, "a": 1}}], "fillGeometry": [{"path": "M0 0L10 0L10 10Z"}]}"#
        }
        text += "]}]}}"
        func count(_ node: JSONNode) -> Int {
            switch node.value {
            case .object(let members): 1 + members.reduce(0) { $0 + count($1.value) }
            case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
            default: 1
            }
        }
        let whole = count(try JSONParser.parse(Array(text.utf8)))
        let kept = count(try JSONParser.parse(Array(text.utf8), keeping: FigmaLoader.fileKeep))
        // Each rectangle keeps itself, its id, its type and its fill's type: 6 values of the 19 it has.
        #expect(whole > 35_000 && kept < 14_000, "the rectangles' geometry is dropped while parsing: \(kept) of \(whole) values kept")
        var read = FigmaFiles()
        read.files[.files] = ["big.json": Array(text.utf8)]
        #expect(FigmaLoader.load(read).set(named: "Chip")?.axes.first?.values == ["S", "L"])
    }
}
