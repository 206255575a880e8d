import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogPipeline
import CatalogTestSupport

/// Demo kinds are declared data: a theme's `demos/<kind>.yaml`, template and script. A kind
/// written by someone else to the contract gets everything a built-in one gets, and every
/// mistake, in the contract or in an example, is reported at its line.
@Suite("Demo kinds")
struct DemoKindTests {
    static let slider = """
    name: Slider
    description: A range with a visible value.
    fields:
      label:    { type: text, required: true }
      min:      { type: number, default: 0 }
      max:      { type: number, default: 100 }
      value:    { type: number }
      disabled: { type: bool }
      size:     { type: enum, values: [small, medium, large], default: medium }
      marks:    { type: list, of: { label: { type: text, required: true }, at: { type: number } } }
    roles:
      Track: --demo-track
      Fill:  --demo-fill
      Thumb: --demo-thumb
      Label: --demo-label
    contrast:
      - { fg: Thumb, bg: Track, min: 3 }
      - { fg: Fill,  bg: page,  min: 3 }
      - { fg: Label, bg: page,  min: 4.5 }
    states:
      - { words: [disabled], set: { disabled: true } }

    """

    static let sliderTemplate = """
    {{% CONTENT_TYPE: HTML_ESCAPED }}
    <div class="demo demo-slider {{state_class}}" data-demo="slider">
      <label class="slider__label" for="{{id}}">{{label}}</label>
      <input class="slider__input slider--{{size}}" type="range" id="{{id}}" min="{{min}}" max="{{max}}"{{#has_value}} value="{{value}}"{{/has_value}}{{#disabled}} disabled{{/disabled}}>
      {{#has_marks}}
      <ul class="slider__marks">
        {{#marks}}
        <li id="{{id}}">{{label}}{{#has_at}} at {{at}}{{/has_at}}</li>
        {{/marks}}
      </ul>
      {{/has_marks}}
    </div>

    """

    static let volume = """
    name: Volume
    summary: Sets how loud the device plays.
    group: Inputs
    states:
      - name: Default
      - name: Disabled
    accessibility: [{ requirement: Named by its label }]
    appearances:
      - name: Default
        example: { value: 30 }
        tokens:
          - { role: Track, token: brand/ink }
          - { role: Thumb, token: brand/white }
          - { role: Fill, token: brand/blue }
          - { role: Label, token: brand/ink }
    demo:
      kind: slider
      examples:
        - { title: Default, label: Volume, value: 40, marks: [{ label: Quiet, at: 10 }, Loud] }
        - { title: Disabled, label: Volume, disabled: true, size: small }

    """

    /// A theme `acme` (extends default) with the slider kind and `files` laid over it.
    static func theme(_ files: [String: String] = [:]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-\(UUID().uuidString)")
        var all = [
            "acme/theme.yaml": "name: Acme\nextends: default\n",
            "acme/demos/slider.yaml": slider,
            "acme/templates/demos/slider.mustache": sliderTemplate,
            "acme/assets/demos/slider.js": "document.documentElement.dataset.slider = 'ready';\n",
            "acme/assets/demos/slider.css": ".slider__input { min-height: 44px; accent-color: var(--demo-fill); }\n",
        ]
        for (path, text) in files { all[path] = text }
        for (path, text) in all {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    static func build(_ overrides: [String: String], theme files: [String: String] = [:]) throws -> PipelineResult {
        var tree = try Fixtures.read(Fixtures.path("base"))
        tree.set("catalog.yaml", Array("title: Fixture Catalog\ntheme: acme\ngroups: [Selection, Inputs]\n".utf8))
        tree.set("components/volume/component.yaml", Array(volume.utf8))
        for (path, text) in overrides { tree.set(path, Array(text.utf8)) }
        let folder = try theme(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return Fixtures.run(tree, themeFolders: [folder])
    }

    /// #55 3: a fragment link the team writes in a demo example (a pagination's `#p2`) is its
    /// own markup: at most a warning at the example's line, never the theme's broken link.
    @Test func aFragmentInADemoExampleIsTheTeamsWarningAtItsLine() throws {
        let pager = "name: Pager\nfields:\n  label: { type: text, required: true }\n  next: { type: text }\n"
        let template = "{{% CONTENT_TYPE: HTML_ESCAPED }}\n<nav class=\"demo\" data-demo=\"pager\" aria-label=\"{{label}}\"><a href=\"{{next}}\">Next page</a></nav>\n"
        let component = "name: Results\nsummary: Pages of results.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\ndemo:\n  kind: pager\n  examples:\n    - title: Default\n      label: Results\n      next: \"#p2\"\n"
        let result = try Self.build(["components/results/component.yaml": component], theme: ["acme/demos/pager.yaml": pager, "acme/templates/demos/pager.mustache": template])
        #expect(!result.diagnostics.contains { $0.rule == .linkAnchor && $0.severity == .error }, "\(result.diagnostics.filter { $0.rule == .linkAnchor })")
        let warning = try #require(result.diagnostics.first { $0.rule == .linkAnchor }, "\(result.diagnostics)")
        #expect(warning.severity == .warning && warning.location.file.hasSuffix("components/results/component.yaml") && warning.location.line == 10, "\(warning)")
        #expect(!warning.message.contains("theme") && warning.message.contains("#p2"), "\(warning.message)")
    }

    @Test func aCustomKindGetsWhatABuiltInKindGets() throws {
        let result = try Self.build([
            "components/volume/index.md": "Drag the thumb.\n\n```demo\nDefault\n```\n\nThe same again, disabled beside it:\n\n```demo\nDefault\nDisabled\n```\n",
        ])
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(result.diagnostics.filter { $0.location.file.contains("volume") }.isEmpty, "\(result.diagnostics)")
        let site = try #require(result.site)
        let page = try #require(site.text("components/volume/index.html"))
        // Live examples with defaults applied, list items with their own ids, plain-text items.
        #expect(page.contains("id=\"volume-ex1\" min=\"0\" max=\"100\" value=\"40\""))
        #expect(page.contains("<li id=\"volume-ex1-marks-1\">Quiet at 10</li>"))
        #expect(page.contains("<li id=\"volume-ex1-marks-2\">Loud</li>"))
        #expect(page.contains("slider--small") && page.contains(" disabled>"))
        // The state gallery, from the kind's states.
        #expect(page.contains("id=\"volume-st2\" min=\"0\" max=\"100\" value=\"40\" disabled"))
        // The HTML code tab is the same markup, escaped as text (its quotes as written).
        #expect(page.contains("&lt;input class=\"slider__input slider--medium\" type=\"range\" id=\"volume-ex1\""))
        // Demos placed in prose: ids unique however often an example appears.
        #expect(page.contains("id=\"volume-pr1\"") && page.contains("id=\"volume-pr2\"") && page.contains("id=\"volume-pr3\""))
        #expect(!page.contains("language-demo"))
        // Its roles painted by its tokens; contrast measured from its declared pairs only.
        let roles = try #require(page.components(separatedBy: "href=\"../../").first { $0.hasPrefix("assets/roles.") }?.components(separatedBy: "\"").first)
        let css = try #require(site.text(roles))
        #expect(css.contains("--demo-track: var(--brand-ink)") && css.contains("--demo-thumb: var(--brand-white)"))
        #expect(page.contains("Thumb against Track") && page.contains("Fill against the page") && page.contains("Label against the page"))
        #expect(!page.contains("Track against the page"))
        // Its script and stylesheet load on its page only; no inline script or style.
        #expect(page.contains("assets/demos/slider.") && page.contains(".js\" defer></script>"))
        #expect(page.contains("assets/demos/slider.") && page.contains(".css\">"))
        #expect(!page.contains("<script>") && !page.contains("style=\""))
        let alpha = try #require(site.text("components/alpha/index.html"))
        #expect(!alpha.contains("slider"))
        // Search finds the component, and by its kind.
        let search = try #require(site.text("search/index.js"))
        #expect(search.contains("Volume") && search.contains("slider"))
    }

    /// A broken contract is an error at its line in the theme.
    @Test("broken contracts", arguments: [
        ("name: Slider\nfeilds: {}\n", "schema.unknown-key", 2, "did you mean 'fields'"),
        ("name: Slider\nfields:\n  label: { type: string }\n", "schema.enum", 3, "text, number, bool"),
        ("name: Slider\nfields:\n  size: { type: enum }\n", "kind.contract", 3, "values"),
        ("name: Slider\nfields:\n  min: { type: number, default: lots }\n", "kind.contract", 3, "must be a number"),
        ("name: Slider\nfields:\n  pick: { type: item, from: marks }\n", "kind.contract", 3, "not a list field"),
        ("name: Slider\nroles:\n  Track: track-colour\n", "kind.contract", 3, "custom property"),
        ("name: Slider\nroles:\n  Track: { aliases: [Rail] }\n", "schema.missing-key", 3, "property"),
        ("name: Slider\nroles:\n  Track: --demo-track\n  Rail: { property: --demo-rail, aliases: [track] }\n", "kind.contract", 4, "already the role 'Track'"),
        // Names are compared as role keys (case and punctuation aside); the first role met is named.
        ("name: Slider\nroles:\n  Thumb: --demo-thumb\n  Thumb Fill: --demo-a\n  Fill: { property: --demo-b, aliases: [thumb-fill, THUMB] }\n", "kind.contract", 5, "already the role 'Thumb'"),
        ("name: Slider\nroles:\n  Thumb: --demo-thumb\ncontrast:\n  - { fg: Thumbb, bg: page }\n", "kind.contract", 5, "did you mean 'Thumb'"),
        ("name: Slider\nroles:\n  Thumb: --demo-thumb\ncontrast:\n  - { fg: Thumb, bg: Trak }\n", "kind.contract", 5, "Trak"),
        ("name: Slider\nfields:\n  label: { type: text }\non: lable\n", "kind.contract", 4, "did you mean 'label'"),
        ("name: Slider\nfields:\n  label: { type: text }\nstates:\n  - { words: [off], set: { lable: x } }\n", "kind.contract", 5, "did you mean 'label'"),
        ("name: Slider\nfields:\n  id: { type: text }\n", "kind.contract", 3, "reserved"),
        ("name: Slider\nfields:\n  example_id: { type: text }\n", "kind.contract", 3, "reserved"),
        ("name: Slider\nfields:\n  appearance: { type: text }\n", "kind.contract", 3, "reserved"),
        ("name: Banner\nfields:\n  title: { type: text }\n", "kind.contract", 3, "reserved"),
        ("name: Slider\nfields:\n  has_marks: { type: bool }\n", "kind.contract", 3, "reserved"),
    ])
    func brokenContract(yaml: String, rule: String, line: Int, words: String) throws {
        let result = try Self.build([:], theme: ["acme/demos/slider.yaml": yaml])
        #expect(result.site == nil)
        #expect(result.diagnostics.contains { $0.rule == rule && $0.location.file.hasSuffix("acme/demos/slider.yaml") && $0.location.line == line && $0.message.contains(words) },
                "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test func aKindWithoutItsTemplateIsAnError() throws {
        let result = try Self.build([:], theme: ["acme/demos/meter.yaml": "name: Meter\nfields:\n  label: { type: text }\n"])
        #expect(result.diagnostics.contains { $0.rule == "template.missing" && $0.location.file.hasSuffix("demos/meter.yaml") && $0.message.contains("templates/demos/meter.mustache") })
    }

    /// Examples, appearance examples and roles are checked against the kind, at their line.
    @Test("examples against the contract", arguments: [
        ("- { title: A, lable: Volume }", "schema.unknown-key", 19, "did you mean 'label'"),
        ("- { title: A, label: Volume, disabled: maybe }", "schema.type", 19, "true or false"),
        ("- { title: A, label: Volume, value: loud }", "schema.type", 19, "must be a number"),
        ("- { title: A, label: Volume, size: huge }", "schema.enum", 19, "small, medium, large"),
        ("- { title: A, value: 3 }", "schema.missing-key", 19, "label"),
        ("- { title: A, label: Volume, marks: [{ label: Quiet, att: 3 }] }", "schema.unknown-key", 19, "did you mean 'at'"),
        ("- { title: A, label: Volume, marks: quiet }", "schema.type", 19, "a list"),
    ])
    func exampleAgainstContract(example: String, rule: String, line: Int, words: String) throws {
        let yaml = Self.volume.replacingOccurrences(of: "    - { title: Default, label: Volume, value: 40, marks: [{ label: Quiet, at: 10 }, Loud] }", with: "    " + example)
        let result = try Self.build(["components/volume/component.yaml": yaml])
        #expect(result.diagnostics.contains { $0.rule == rule && $0.location.file.hasSuffix("volume/component.yaml") && $0.location.line == line && $0.message.contains(words) },
                "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
    }

    /// An example's values are read as YAML wrote them: `1_000` is a number, a plain `yes` is
    /// the enum value `true`, a quoted "yes" is only the text yes.
    @Test func exampleValuesAreReadAsWritten() throws {
        let numbered = Self.volume.replacingOccurrences(of: "label: Volume, value: 40,", with: "label: Volume, value: 4_0,")
        let result = try Self.build(["components/volume/component.yaml": numbered])
        #expect(!result.diagnostics.contains { $0.location.file.hasSuffix("volume/component.yaml") && $0.severity == .error }, "\(result.diagnostics)")
        let page = try #require(result.site?.text("components/volume/index.html"))
        #expect(page.contains("value=\"40\""), "4_0 is the number 40")

        func checkbox(_ checked: String) throws -> PipelineResult {
            var tree = try Fixtures.read(Fixtures.path("base"))
            let yaml = String(decoding: tree["components/beta/component.yaml"]!, as: UTF8.self)
            tree.set("components/beta/component.yaml", Array(yaml.replacingOccurrences(of: "    - label: All\n", with: "    - label: All\n      checked: \(checked)\n").utf8))
            return Fixtures.run(tree)
        }
        let plain = try checkbox("yes")
        #expect(!plain.diagnostics.contains { $0.rule == "schema.enum" }, "\(plain.diagnostics)")
        #expect(plain.site?.text("components/beta/index.html")?.contains("aria-checked=\"true\"") == true || plain.site?.text("components/beta/index.html")?.contains(" checked") == true)
        let quoted = try checkbox("\"yes\"")
        #expect(quoted.diagnostics.contains { $0.rule == "schema.enum" && $0.message.contains("'yes'") }, "\(quoted.diagnostics)")
    }

    @Test func appearanceExamplesAndRolesAreChecked() throws {
        let yaml = Self.volume
            .replacingOccurrences(of: "example: { value: 30 }", with: "example: { size: tiny }")
            .replacingOccurrences(of: "{ role: Thumb, token: brand/white }", with: "{ role: Thumbb, token: brand/white }")
        let result = try Self.build(["components/volume/component.yaml": yaml])
        let text = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(result.diagnostics.contains { $0.rule == "schema.enum" && $0.location.line == 10 && $0.message.contains("tiny") }, "\(text)")
        #expect(result.diagnostics.contains { $0.rule == "ref.role" && $0.location.line == 13 && $0.message.contains("did you mean 'Thumb'") }, "\(text)")
    }

    @Test func anUnknownKindNamesTheThemesKinds() throws {
        let yaml = Self.volume.replacingOccurrences(of: "kind: slider", with: "kind: slidr")
        let result = try Self.build(["components/volume/component.yaml": yaml])
        #expect(result.diagnostics.contains { $0.rule == "schema.enum" && $0.location.line == 17 && $0.message.contains("did you mean 'slider'") && $0.message.contains("switch") })
    }

    @Test func aDemoFenceNamesExamplesByTitle() throws {
        let result = try Self.build(["components/volume/index.md": "Intro.\n\n```demo\nDefualt\n```\n"])
        #expect(result.diagnostics.contains { $0.rule == "demo.unknown-example" && $0.location.file.hasSuffix("volume/index.md") && $0.location.line == 4 && $0.message.contains("did you mean 'Default'") },
                "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        let empty = try Self.build(["components/volume/index.md": "Intro.\n\n```demo\n```\n"])
        #expect(empty.diagnostics.contains { $0.rule == "demo.unknown-example" && $0.location.line == 3 })
        let guide = try Self.build(["guides/handbook.md": "# Handbook\n\nText.\n\n```demo\nDefault\n```\n"])
        #expect(guide.diagnostics.contains { $0.rule == "demo.unknown-example" && $0.location.file.hasSuffix("handbook.md") && $0.location.line == 6 && $0.message.contains("component-slug/Example title") })
    }

    /// A guide's fence names `slug/Example title`: each miss is an error at its line with a
    /// did-you-mean for the component or the example.
    @Test func aGuidesDemoFenceNamesAComponentAndAnExample() throws {
        let result = try Self.build(["guides/handbook.md": "# Handbook\n\n```demo\nvolume/Default\nvolum/Default\nvolume/Disabeld\nbeta/Anything\n```\n"])
        let problems = result.diagnostics.filter { $0.rule == "demo.unknown-example" }
        let text = problems.map(\.description).joined(separator: "\n")
        #expect(problems.count == 3, "\(text)")
        #expect(problems.contains { $0.location.line == 5 && $0.message.contains("'volum'") && $0.message.contains("did you mean 'volume'") }, "\(text)")
        #expect(problems.contains { $0.location.line == 6 && $0.message.contains("did you mean 'Disabled'") }, "\(text)")
        #expect(problems.contains { $0.location.line == 7 && $0.message.contains("beta has no titled demo examples") }, "\(text)")
    }

    /// A guide draws the examples it names as their pages do: the kind's markup, script and
    /// stylesheet loaded on that guide only, each component's roles in classes of its own.
    @Test func aGuideDrawsTheExamplesItNames() throws {
        let result = try Self.build([
            "guides/handbook.md": "# Handbook\n\nTwo controls:\n\n```demo\nvolume/Disabled\nalpha/Default\n```\n",
            "guides/other.md": "# Other\n\nNo demo here.\n",
        ])
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let site = try #require(result.site)
        let guide = try #require(site.text("guides/handbook/index.html"))
        #expect(guide.contains("class=\"slider") && guide.contains("role=\"switch\""), "both kinds' markup")
        #expect(guide.contains("Live example: Volume: Disabled") && guide.contains("Live example: Alpha Switch: Default"))
        #expect(guide.contains("demo-stage demo-roles-volume") && guide.contains("demo-stage demo-roles-alpha"))
        let scripts = ["demo-runtime", "demos/slider.", "demos/switch."]
        for script in scripts { #expect(guide.contains("assets/\(script)"), "\(script)") }
        let other = try #require(site.text("guides/other/index.html"))
        for script in scripts { #expect(!other.contains("assets/\(script)"), "\(script) loads on a guide without demos") }
        let roles = try #require(site.files.keys.first { $0.hasPrefix("assets/guide-roles.") })
        #expect(guide.contains(roles))
        let css = try #require(site.text(roles))
        #expect(css.contains(".demo-roles-volume {") && css.contains(".demo-roles-alpha {") && !css.contains(".demo-roles {"))
        #expect(css.contains("--demo-fill: var(--brand-blue)") || css.contains("var(--brand-blue)"), "\(css)")
    }

    /// A kind's roles may paint with any DTCG type: an appearance binds a dimension, a
    /// typography (each field too) and a shadow token to them; a token of another type is an
    /// error at its line; a non-colour role cannot be text or readable.
    @Test func rolesOfEveryTypePaintTheDemo() throws {
        let kind = Self.slider.replacingOccurrences(of: "  Label: --demo-label\n", with: """
              Label: --demo-label
              Radius: { property: --demo-radius, type: dimension }
              Type: { property: --demo-type, type: typography, aliases: [Font] }
              Shadow: { property: --demo-shadow, type: shadow }

            """)
        let tokens = """
        {
          "radius": { "$type": "dimension", "medium": { "$value": { "value": 8, "unit": "px" } } },
          "label": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontSize": { "value": 15, "unit": "px" }, "fontWeight": 600, "lineHeight": 1.4, "letterSpacing": { "value": 0, "unit": "px" } } },
          "lift": { "$type": "shadow", "$value": { "color": "#00000040", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 1, "unit": "px" }, "blur": { "value": 3, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } }
        }
        """
        let painted = Self.volume.replacingOccurrences(of: "      - { role: Label, token: brand/ink }\n", with: "      - { role: Label, token: brand/ink }\n      - { role: Radius, token: radius/medium }\n      - { role: Font, token: label }\n      - { role: Shadow, token: lift }\n")
        let result = try Self.build(["components/volume/component.yaml": painted, "tokens/shape.tokens.json": tokens], theme: ["acme/demos/slider.yaml": kind])
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let site = try #require(result.site)
        let css = try #require(site.files.first { $0.key.hasPrefix("assets/roles.") && String(decoding: $0.value, as: UTF8.self).contains("--demo-radius") }.map { String(decoding: $0.value, as: UTF8.self) })
        #expect(css.contains("--demo-radius: var(--radius-medium);"))
        #expect(css.contains("--demo-type: var(--label);") && css.contains("--demo-type-font-size: var(--label-font-size);") && css.contains("--demo-type-font-weight: var(--label-font-weight);"))
        #expect(css.contains("--demo-shadow: var(--lift);"))
        // Not split by state like a colour.
        #expect(!css.contains("--demo-radius-on") && !css.contains("--demo-radius-off"))

        // A colour on the dimension role, a dimension on a colour role: errors at their lines.
        let wrong = painted.replacingOccurrences(of: "{ role: Radius, token: radius/medium }", with: "{ role: Radius, token: brand/blue }")
            .replacingOccurrences(of: "{ role: Fill, token: brand/blue }", with: "{ role: Fill, token: radius/medium }")
        let mistaken = try Self.build(["components/volume/component.yaml": wrong, "tokens/shape.tokens.json": tokens], theme: ["acme/demos/slider.yaml": kind])
        let problems = mistaken.diagnostics.filter { $0.rule == .refTokenType }
        let lines = wrong.split(separator: "\n", omittingEmptySubsequences: false)
        let radiusLine = lines.firstIndex { $0.contains("role: Radius") }! + 1, fillLine = lines.firstIndex { $0.contains("role: Fill") }! + 1
        #expect(problems.contains { $0.location.line == radiusLine && $0.message.contains("Radius") && $0.message.contains("dimension tokens") && $0.message.contains("brand/blue is a color token") }, "\(problems)")
        #expect(problems.contains { $0.location.line == fillLine && $0.message.contains("color tokens") && $0.message.contains("Radius") }, "\(problems)")

        // A kind contract: an unknown type, and text on a dimension.
        let broken = kind.replacingOccurrences(of: "type: shadow", with: "type: shadw").replacingOccurrences(of: "{ property: --demo-radius, type: dimension }", with: "{ property: --demo-radius, type: dimension, text: true }")
        let contract = try Self.build(["components/volume/component.yaml": Self.volume], theme: ["acme/demos/slider.yaml": broken])
        #expect(contract.diagnostics.contains { $0.rule == .schemaEnum && $0.message.contains("shadw") && $0.message.contains("shadow") }, "\(contract.diagnostics)")
        #expect(contract.diagnostics.contains { $0.rule == .kindContract && $0.message.contains("Radius") && $0.message.contains("cannot be `text:`") }, "\(contract.diagnostics)")
    }

    /// Every built-in kind declares the radius, padding, gap, type and shadow roles its own
    /// stylesheet paints with, and each such role's property is used by the theme's stylesheets.
    @Test func everyBuiltInKindDeclaresTheShapeAndTypeRolesItsStylesheetUses() throws {
        let theme = Fixtures.repository.appendingPathComponent("themes/default")
        let shared = try String(contentsOf: theme.appendingPathComponent("assets/demos.css"), encoding: .utf8)
        let properties = ["--demo-radius": "dimension", "--demo-padding": "dimension", "--demo-gap": "dimension", "--demo-type": "typography", "--demo-shadow": "shadow"]
        let kinds = try FileManager.default.contentsOfDirectory(atPath: theme.appendingPathComponent("demos").path).filter { $0.hasSuffix(".yaml") }
        #expect(kinds.count == 14)
        for file in kinds {
            let id = String(file.dropLast(5))
            let contract = try String(contentsOf: theme.appendingPathComponent("demos/\(file)"), encoding: .utf8)
            let own = (try? String(contentsOf: theme.appendingPathComponent("assets/demos/\(id).css"), encoding: .utf8)) ?? ""
            var declared = 0
            for (property, type) in properties where contract.contains("property: \(property),") {
                declared += 1
                #expect(contract.contains("property: \(property), type: \(type)"), "\(id): \(property) is a \(type) role")
                #expect((own + shared).contains("var(\(property)"), "\(id) declares \(property), which no stylesheet uses")
            }
            #expect(declared >= 3, "\(id) declares \(declared) shape and type roles")
            for property in properties.keys where own.contains("var(\(property)") {
                #expect(contract.contains("property: \(property),"), "\(id)'s stylesheet uses \(property), which its contract does not declare")
            }
        }
    }

    @Test func contrastComesFromDeclaredPairsOnly() throws {
        let tokens = "{ \"grey\": { \"$type\": \"color\", \"label\": { \"$value\": \"#AAAAAA\" } } }\n"
        let plain = """
        name: Banner
        summary: A component without a demo.
        states: [{ name: Default }]
        accessibility: [{ requirement: Readable }]
        appearances:
          - name: Default
            tokens:
              - { role: Label, token: grey/label }

        """
        let none = try Self.build(["components/banner/component.yaml": plain, "tokens/grey.tokens.json": tokens])
        #expect(!none.diagnostics.contains { $0.rule.rawValue.hasPrefix("contrast.") && $0.location.file.contains("banner") })
        let own = plain + "    contrast: [{ fg: Label, bg: page, min: 4.5 }]\n"
        let declared = try Self.build(["components/banner/component.yaml": own, "tokens/grey.tokens.json": tokens])
        #expect(declared.diagnostics.contains { $0.rule == "contrast.text" && $0.location.file.contains("banner") && $0.location.line == 8 })
        let wrong = plain + "    contrast: [{ fg: Lable, bg: page }]\n"
        let unknown = try Self.build(["components/banner/component.yaml": wrong, "tokens/grey.tokens.json": tokens])
        #expect(unknown.diagnostics.contains { $0.rule == "ref.role" && $0.message.contains("did you mean 'Label'") })
    }

    @Test func groupsOrderTheNavigation() throws {
        let result = try Self.build([
            "components/alpha/component.yaml": (try String(contentsOfFile: Fixtures.path("base/components/alpha/component.yaml"), encoding: .utf8)) + "group: Selection\n",
            "components/beta/component.yaml": (try String(contentsOfFile: Fixtures.path("base/components/beta/component.yaml"), encoding: .utf8)) + "group: Selectoin\n",
        ])
        #expect(result.diagnostics.contains { $0.rule == "ref.group" && $0.severity == .warning && $0.message.contains("did you mean 'Selection'") })
        let site = try #require(result.site)
        let index = try #require(site.text("components/index.html"))
        let selection = try #require(index.range(of: ">Selection</h2>"))
        let inputs = try #require(index.range(of: ">Inputs</h2>"))
        let unlisted = try #require(index.range(of: ">Selectoin</h2>"))
        #expect(selection.lowerBound < inputs.lowerBound && inputs.lowerBound < unlisted.lowerBound)
        // Every page carries the navigation; only the page's own link is current.
        let page = try #require(site.text("components/volume/index.html"))
        #expect(page.contains("<nav class=\"catalog-nav\" aria-label=\"Catalog\">"))
        #expect(page.contains("href=\"../../components/volume/\" aria-current=\"page\">Volume</a>"))
        #expect(page.components(separatedBy: "aria-current=\"page\"").count == 2)
        #expect(page.contains("href=\"../../components/alpha/\">"))
        let tokens = try #require(site.text("tokens/index.html"))
        #expect(tokens.contains("href=\"../tokens/\" aria-current=\"page\">Design tokens</a>"))
        #expect(tokens.contains("href=\"../components/volume/\">Volume</a>"))
    }

    /// The component links inside the catalog navigation of `page`.
    private static func navigationLinks(_ page: String) throws -> [String] {
        let nav = try #require(page.components(separatedBy: "<nav class=\"catalog-nav\"").last?.components(separatedBy: "</nav>").first)
        return nav.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.filter { $0.contains("/components/c") }
    }

    @Test func aLargeCatalogListsTheRunOfItsGroupThatHoldsThePage() throws {
        var files: [String: String] = ["catalog.yaml": "title: Many\n"]
        let count = CatalogNavigation.wholeLimit + 30
        for index in 0..<count {
            files["components/c\(1000 + index)/component.yaml"] = "name: C\(1000 + index)\nsummary: One of many.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n"
        }
        let result = Fixtures.run(SourceTree(displayRoot: "many", texts: files))
        let site = try #require(result.site, "\(result.diagnostics)")
        let first = try #require(site.text("components/c1000/index.html"))
        #expect(try Self.navigationLinks(first) == (1000..<1000 + CatalogNavigation.groupLimit).map { "../../components/c\($0)/" })
        #expect(first.contains("href=\"../../components/c1000/\" aria-current=\"page\">C1000</a>"))
        #expect(first.contains("href=\"../../components/#group-1\">All \(count) in All components (\(count - CatalogNavigation.groupLimit) more)</a>"))
        // The 76th component's page lists the second run (51–100), its own link current.
        let later = try #require(site.text("components/c1075/index.html"))
        let run = (1000 + CatalogNavigation.groupLimit)..<(1000 + 2 * CatalogNavigation.groupLimit)
        #expect(try Self.navigationLinks(later) == run.map { "../../components/c\($0)/" })
        #expect(later.contains("href=\"../../components/c1075/\" aria-current=\"page\">C1075</a>"))
        // The last run holds what is left.
        let last = try #require(site.text("components/c\(1000 + count - 1)/index.html"))
        #expect(try Self.navigationLinks(last).count == count - 2 * CatalogNavigation.groupLimit)
        // A page of no component lists no component; the components index has the section the "more" link names.
        #expect(try Self.navigationLinks(try #require(site.text("tokens/index.html"))).isEmpty)
        #expect(site.text("components/index.html")?.contains("id=\"group-1\"") == true)
    }

    @Test func aLargeCatalogOpensOnlyThePageOwnGroup() throws {
        var files: [String: String] = ["catalog.yaml": "title: Many\ngroups: [Inputs, Feedback]\n"]
        let half = CatalogNavigation.wholeLimit / 2 + 10
        for index in 0..<(2 * half) {
            files["components/c\(1000 + index)/component.yaml"] = "name: C\(1000 + index)\nsummary: One of many.\ngroup: \(index < half ? "Inputs" : "Feedback")\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n"
        }
        let result = Fixtures.run(SourceTree(displayRoot: "many", texts: files))
        let site = try #require(result.site, "\(result.diagnostics)")
        let feedback = try #require(site.text("components/c\(1000 + half)/index.html"))
        // Its own group lists its first run; the other group is one link to its section, with its count.
        #expect(try Self.navigationLinks(feedback) == (1000 + half..<1000 + half + CatalogNavigation.groupLimit).map { "../../components/c\($0)/" })
        #expect(feedback.contains("<a class=\"catalog-nav__section-link\" href=\"../../components/#group-1\">Inputs <span class=\"catalog-nav__count\">(\(half))</span></a>"))
        #expect(!feedback.contains("href=\"../../components/#group-2\">Feedback"))
        // A guide-less page of no group shows both groups closed.
        let tokens = try #require(site.text("tokens/index.html"))
        #expect(try Self.navigationLinks(tokens).isEmpty)
        #expect(tokens.contains("href=\"../components/#group-1\">Inputs") && tokens.contains("href=\"../components/#group-2\">Feedback"))
    }

    @Test func aSmallCatalogListsEveryComponentOnEveryPage() throws {
        var files: [String: String] = ["catalog.yaml": "title: Some\n"]
        let count = CatalogNavigation.wholeLimit
        for index in 0..<count {
            files["components/c\(1000 + index)/component.yaml"] = "name: C\(1000 + index)\nsummary: One of some.\ngroup: \(index % 2 == 0 ? "Even" : "Odd")\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n"
        }
        let result = Fixtures.run(SourceTree(displayRoot: "some", texts: files))
        let site = try #require(result.site, "\(result.diagnostics)")
        for page in ["components/c1000/index.html", "components/c1099/index.html"] {
            #expect(try Set(Self.navigationLinks(try #require(site.text(page)))) == Set((1000..<1000 + count).map { "../../components/c\($0)/" }))
        }
        #expect(try Self.navigationLinks(try #require(site.text("tokens/index.html"))).count == count)
    }
}
