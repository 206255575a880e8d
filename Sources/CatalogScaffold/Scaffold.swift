import Foundation
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogRender

/// Starting files for `catalog-build new`: a component of a given demo kind, or a whole minimal
/// catalog. Everything scaffolded builds with no diagnostics, so a team starts from a clean check.
public enum Scaffold {
    public enum Failure: Error, CustomStringConvertible {
        case invalidSlug(String)
        /// A name or title with a line break or another control character (`what` names it).
        case notOneLine(String, what: String)

        public var description: String {
            switch self {
            case .invalidSlug(let slug):
                "'\(TextSafety.escaped(slug))' is not a valid slug; use lowercase letters, digits and '-', such as '\(CatalogLoader.suggestedSlug(slug))'"
            case .notOneLine(let text, let what):
                "\(what) '\(TextSafety.escaped(text))' contains a line break or another control character; write it on one line"
            }
        }
    }

    /// A folder name `new` may create: lowercase letters, digits and '-' (so it stays inside
    /// the folder it is made in).
    public static func checkSlug(_ slug: String) throws(Failure) {
        guard CatalogLoader.isValidSlug(slug) else { throw .invalidSlug(slug) }
    }

    /// A name or title `new` writes into YAML and Markdown: one line of text.
    public static func checkOneLine(_ text: String, what: String) throws(Failure) {
        guard !TextSafety.needsEscaping(text) else { throw .notOneLine(text, what: what) }
    }

    /// The name as the prose's first words: escaped, or "This component" for a name holding
    /// another tool's template syntax (`{{ x }}`), which the page would show literally and
    /// `check` would report (the page's title still shows the name).
    package static func proseName(_ name: String) -> String {
        name.contains("{{") || name.contains("{%") ? "This component" : markdownText(name)
    }

    /// Text written into Markdown as it reads: punctuation that Markdown or a template would
    /// take as syntax (`<script>`, `{{ x }}`, `*`, `[`) is escaped with a backslash.
    package static func markdownText(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_{}[]<>()#+-.!|~&".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// `my-toggle` → `My Toggle`.
    public static func displayName(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// `components/<slug>/component.yaml` and `index.md` for a component shown with `kind` (or
    /// with no demo). Its example is made from the kind's contract: every required field filled,
    /// each list given two items. `symbols` are the theme's, for a required symbol field.
    public static func component(slug: String, kind: DemoKind?, name: String? = nil, symbols: [String] = []) throws(Failure) -> [String: String] {
        try checkSlug(slug)
        let name = name ?? displayName(slug)
        try checkOneLine(name, what: "The name")
        let demo = kind.map { kind in
            """
            demo:
              kind: \(kind.id)
              examples:
            \(example(for: kind, name: name, symbols: symbols))

            """
        } ?? ""
        let yaml = """
        \(editorLine("../../schemas/component.schema.json"))
        name: \(yamlString(name))
        summary: \(yamlString("One sentence on what \(name) is for."))
        properties:
          - name: label
            type: String
            required: true
            description: Names what the control changes.
            platforms: { figma: "label: String", swiftui: "label: String", compose: "label: String" }
        states:
          - name: Default
            support: { ios: "yes", android: "yes", web: "yes" }
            notes: The control at rest.
          - name: Disabled
            support: { ios: "yes", android: "yes", web: "yes" }
            notes: Shown when a prerequisite blocks a change.
          - name: Focused
            support: { ios: "yes", android: "yes", web: "yes" }
            notes: A visible focus ring for keyboard users.
        variants:
          state: [default, disabled, focused]
        accessibility:
          - requirement: The control has a name
            platforms:
              ios: VoiceOver reads the label with the state.
              android: TalkBack reads the label with the state.
              web: A label element or aria-labelledby names the control.
        \(demo)code:
          swiftui: |
            // The SwiftUI code for \(name)
          compose: |
            // The Compose code for \(name)

        """
        let markdown = """
        ---
        order: 100
        ---

        \(proseName(name)) is \(kind.map { "a " + markdownText($0.name.lowercased()) } ?? "a component"). Replace this paragraph with one that says what it is for; the first paragraph is the page's summary in search results.

        ## When to use it

        - The situation it is made for.
        - When another component is the better choice, with a link to it.

        ## Behaviour

        How it responds to a pointer, touch and the keyboard, and what it announces to assistive technology.

        ## Content

        How to write its label and any helper or error text.

        """
        return ["components/\(slug)/component.yaml": yaml, "components/\(slug)/index.md": markdown]
    }

    /// A minimal catalog: settings, a token file, one component that uses the tokens, one guide.
    public static func catalog(title: String) -> [String: String] {
        var files: [String: String] = [
            "catalog.yaml": """
            \(editorLine("./schemas/catalog.schema.json"))
            title: \(yamlString(title))
            description: \(yamlString("The components of \(title), with guidelines, tokens and readiness."))
            # baseURL: https://example.org/docs/   # where the site is hosted; a full address also gives it a sitemap.xml
            theme: default
            markdown:
              unsafe: false

            """,
            // The example's own tokens, in a namespace of their own: a team's imported tokens
            // (`tokens import`) never share a file or a name with them, and the import keeps this
            // file loaded (its resolver lists it first), so the example builds until it is removed.
            "tokens/example.tokens.json": """
            {
              "example": {
                "$description": "The example switch's tokens. Point its appearance at your own tokens, then remove this file.",
                "color": {
                  "$type": "color",
                  "brand": { "$value": "#0A57C9", "$description": "The accent colour of controls that are on." },
                  "white": { "$value": "#FFFFFF" },
                  "ink": { "$value": "#16213A", "$description": "Text." }
                },
                "switch": {
                  "$type": "color",
                  "track-on": { "$value": "{example.color.brand}" },
                  "knob": { "$value": "{example.color.white}" },
                  "label": { "$value": "{example.color.ink}" }
                }
              }
            }

            """,
            "guides/getting-started.md": """
            ---
            title: Getting started
            order: 1
            ---

            This catalog documents the components of \(title.contains("{{") || title.contains("{%") ? "this design system" : markdownText(title)). Each component lives in `components/<slug>/`: guidelines in `index.md`, the structured model in `component.yaml`.

            Start with the [example switch](../components/example-switch/index.md), then add components with `catalog-build new component <slug> --kind <kind>`, and kinds of your own with `catalog-build new kind <name>`.

            """,
        ]
        let component = (try? Scaffold.component(slug: "example-switch", kind: nil, name: "Example Switch")) ?? [:]
        for (path, text) in component { files[path] = text }
        files["components/example-switch/component.yaml"] = (files["components/example-switch/component.yaml"] ?? "")
            .replacingOccurrences(of: "code:\n", with: """
            appearances:
              - name: "On"
                description: The accent track with the white knob.
                example: { checked: true }
                tokens:
                  - { role: Track, token: example/switch/track-on }
                  - { role: Indicator, token: example/switch/knob }
                  - { role: Label, token: example/switch/label }
            demo:
              kind: switch
              examples:
                - { title: Default, label: Notifications, checked: true }
                - { title: With description, label: Previews, description: Show message text in alerts }
                - { title: Disabled, label: Notifications, disabled: true }
            code:

            """)
        // The JSON Schemas the first lines name, so an editor checks the files from the start.
        for schema in FileFormats.schemas {
            files["schemas/" + schema.name] = schema.text
        }
        return files
    }

    /// The comment a YAML language server (VS Code's YAML extension, and others) reads to check a
    /// file with a JSON Schema; `path` is relative to the file.
    static func editorLine(_ path: String) -> String {
        "# yaml-language-server: $schema=" + path
    }

    /// One example, `- title: Default` and the fields it needs, indented for `examples:`.
    package static func example(for kind: DemoKind, name: String, symbols: [String]) -> String {
        var lines = ["- title: Default"]
        let symbol = symbols.filter { !$0.hasPrefix("status-") }.sorted().first ?? ""
        func value(_ field: DemoKind.Field, text: String) -> String? {
            switch field.type {
            case .text: return yamlString(text)
            case .number: return CSSNumber.format(field.minimum ?? 0)
            case .bool: return "false"
            case .symbol: return symbol.isEmpty ? nil : symbol
            case .choice(let values): return yamlString(values[0])
            case .item, .list: return nil
            }
        }
        for field in kind.fields {
            switch field.type {
            case .list(let itemFields):
                let needed = itemFields.filter { $0.required && $0.defaultValue == nil }
                let shown = needed.isEmpty ? Array(itemFields.prefix(1)) : needed
                lines.append("  \(field.name):")
                for index in 1...2 {
                    let pairs = shown.compactMap { item in value(item, text: "Option \(index)").map { "\(item.name): \($0)" } }
                    lines.append("    - { \(pairs.joined(separator: ", ")) }")
                }
            case .item(let from):
                if kind.field(from) != nil { lines.append("  \(field.name): \(yamlString("Option 1"))") }
            default:
                guard field.required, field.defaultValue == nil, let written = value(field, text: name) else { continue }
                lines.append("  \(field.name): \(written)")
            }
        }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// A YAML scalar, quoted when it needs to be.
    package static func yamlString(_ text: String) -> String {
        let plain = text.first.map { $0.isLetter || $0.isNumber } ?? false
            && !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":")
            && !["true", "false", "yes", "no", "on", "off", "null", "~"].contains(text.lowercased())
        return plain ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// `catalog-build new kind`: a demo kind (contract, template, script, stylesheet) in the
/// catalog's own theme, which builds clean as written.
extension Scaffold {
    /// The theme a catalog uses, read with the themes it extends.
    public struct CatalogTheme {
        /// `theme:` of catalog.yaml (`default` when absent).
        public var name: String
        /// The folder it was found in, nil when it does not exist.
        public var folder: String?
        public var theme: LoadedTheme?
        public var diagnostics: [Diagnostic]

        /// The themes shipped with the tool are not the catalog's to change.
        public var isBuiltIn: Bool {
            guard let folder, let builtIn = ThemeReader.builtInThemesFolder() else { return false }
            return URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent().path == builtIn
        }
    }

    public static func catalogTheme(source: String) -> CatalogTheme {
        let file = source + "/catalog.yaml"
        // catalog.yaml's theme, read as every reader of it reads it (`CatalogInputs`).
        let bytes = try? CatalogReader.readFile(file).get().bytes
        let name = CatalogInputs(settings: bytes, file: file).themeFolder?.value ?? "default"
        let searchPath = ThemeReader.searchPath(forCatalog: source)
        let folder = ThemeReader.folder(of: name, searchPath: searchPath)
        let (themeSource, problems) = ThemeReader.read(name: name, searchPath: searchPath, location: SourceLocation(file: file))
        var diagnostics = problems
        var theme: LoadedTheme?
        if let themeSource {
            let (loaded, loadProblems) = LoadedTheme.load(themeSource)
            theme = loaded
            diagnostics += loadProblems
        }
        return CatalogTheme(name: name, folder: folder, theme: theme, diagnostics: diagnostics)
    }

    /// `catalog.yaml` with `theme:` set to `name` (the line replaced, or added).
    public static func settingTheme(_ name: String, in catalogYAML: String) -> String {
        var lines = catalogYAML.components(separatedBy: "\n")
        if let index = lines.firstIndex(where: { $0.hasPrefix("theme:") }) {
            lines[index] = "theme: \(name)"
            return lines.joined(separator: "\n")
        }
        return catalogYAML + (catalogYAML.hasSuffix("\n") || catalogYAML.isEmpty ? "" : "\n") + "theme: \(name)\n"
    }

    /// A new kind `id` that starts as a copy of `source`, a kind some theme declares: its
    /// contract, template, header template, script and stylesheet (those it has), with the
    /// kind's name and every `data-demo="<kind>"` made the new one's. `theme.yaml` too when
    /// `extends` is given. `files` holds the source kind's files by their path in its theme.
    public static func kind(_ id: String, from source: String, files: [String: String], extends parent: String? = nil) throws(Failure) -> [String: String] {
        try checkSlug(id)
        let name = displayName(id)
        var result: [String: String] = [:]
        for (path, text) in files {
            let renamedPath = path
                .replacingOccurrences(of: "demos/\(source).yaml", with: "demos/\(id).yaml")
                .replacingOccurrences(of: "templates/demos/\(source)-header.mustache", with: "templates/demos/\(id)-header.mustache")
                .replacingOccurrences(of: "templates/demos/\(source).mustache", with: "templates/demos/\(id).mustache")
                .replacingOccurrences(of: "assets/demos/\(source).js", with: "assets/demos/\(id).js")
                .replacingOccurrences(of: "assets/demos/\(source).css", with: "assets/demos/\(id).css")
            var renamed = text
                .replacingOccurrences(of: "data-demo=\"\(source)\"", with: "data-demo=\"\(id)\"")
                .replacingOccurrences(of: "[data-demo=\\\"\(source)\\\"]", with: "[data-demo=\\\"\(id)\\\"]")
                .replacingOccurrences(of: "[data-demo=\"\(source)\"]", with: "[data-demo=\"\(id)\"]")
                .replacingOccurrences(of: "[data-demo='\(source)']", with: "[data-demo='\(id)']")
            if renamedPath == "demos/\(id).yaml" {
                var lines = renamed.components(separatedBy: "\n")
                if let index = lines.firstIndex(where: { $0.hasPrefix("name:") }) { lines[index] = "name: \(yamlString(name))" }
                renamed = "# The \(id) kind, started from the \(source) kind: change what differs. See docs/content-format.md, \"Demo kinds\".\n" + lines.joined(separator: "\n")
            }
            result[renamedPath] = renamed
        }
        if let parent { result["theme.yaml"] = "extends: \(parent)\n" }
        return result
    }

    /// The files of a new kind, relative to its theme's folder; `theme.yaml` too when `extends`
    /// is given (a new theme).
    public static func kind(_ id: String, extends parent: String? = nil) throws(Failure) -> [String: String] {
        try checkSlug(id)
        let name = displayName(id)
        var files: [String: String] = [
            "demos/\(id).yaml": """
            # The \(id) kind: what an example may say, the token roles its stylesheet paints with,
            # and the contrast `check` measures. See docs/content-format.md, "Demo kinds".
            # It starts as a labelled button; change the template, script and stylesheet to draw a \(name).
            name: \(yamlString(name))
            description: \(yamlString("What a \(name) is and when to use it."))
            fields:                              # what an example of this kind may say
              label:       { type: text, required: true }
              description: { type: text }
              disabled:    { type: bool }
            roles:                               # token roles → the CSS custom properties \(id).css paints with
              Fill:   { property: --\(id)-fill, aliases: [Background, Container], readable: true }
              Border: { property: --\(id)-border, aliases: [Outline, Stroke] }
            contrast:                            # the pairs `check` measures (WCAG 2.2)
              - { fg: Fill, bg: page, min: 3 }
              - { fg: Border, bg: page, min: 3 }
            states:                              # how the state gallery shows a model's states
              - { words: [disabled, dimmed], set: { disabled: true } }

            """,
            "templates/demos/\(id).mustache": """
            {{% CONTENT_TYPE: HTML_ESCAPED }}
            <div class="demo demo-\(id) {{state_class}}" data-demo="\(id)">
              <button class="demo-\(id)__button" type="button" id="{{id}}"{{#has_description}} aria-describedby="{{id}}-description"{{/has_description}}{{#disabled}} disabled{{/disabled}}>{{label}}</button>
              {{#has_description}}
              <p class="demo-\(id)__description" id="{{id}}-description">{{description}}</p>
              {{/has_description}}
              <p class="visually-hidden" aria-live="polite" data-announce></p>
            </div>

            """,
            "assets/demos/\(id).js": """
            // \(name) demo: a native button (Enter and Space press it); each press is announced
            // through a polite live region, so the demo shows that the action ran.
            (function () {
              "use strict";
              CatalogDemos.enhance('[data-demo="\(id)"]', function (root) {
                var button = root.querySelector("button");
                var live = root.querySelector("[data-announce]");
                if (!button || !live) return;
                var presses = 0;
                button.addEventListener("click", function () {
                  presses += 1;
                  live.textContent = button.textContent.trim() + ": done (" + presses + ")";
                });
              });
            })();

            """,
            "assets/demos/\(id).css": """
            /* \(name) demo, loaded only on pages that show it. Colours come from the appearance's
               token roles (--\(id)-fill, --\(id)-border), with the site's accent as the fallback. */
            .demo-\(id)__button {
              min-width: 44px;
              min-height: 44px;
              padding: 0.5rem 1.25rem;
              border: 2px solid var(--\(id)-border, var(--\(id)-fill, var(--cb-accent)));
              border-radius: var(--cb-radius, 8px);
              background: var(--\(id)-fill, var(--cb-accent));
              color: var(--\(id)-fill-contrast, var(--cb-accent-text));
              font: inherit;
              font-weight: 600;
              cursor: pointer;
            }
            .demo-\(id)__button:focus-visible, .is-focused .demo-\(id)__button { outline: 3px solid var(--cb-focus); outline-offset: 2px; }
            .demo-\(id)__button:active, .is-pressed .demo-\(id)__button { transform: translateY(1px); }
            .demo-\(id)__button:disabled { cursor: not-allowed; opacity: 0.6; }
            .demo-\(id)__description { margin: 0.5rem 0 0; color: var(--cb-text-muted); }
            @media (prefers-reduced-motion: reduce) { .demo-\(id)__button:active { transform: none; } }
            @media (forced-colors: active) {
              .demo-\(id)__button { border-color: ButtonText; background: ButtonFace; color: ButtonText; }
              .demo-\(id)__button:disabled { border-color: GrayText; color: GrayText; }
            }

            """,
        ]
        if let parent {
            files["theme.yaml"] = "name: \(yamlString(parent == "default" ? "Catalog theme" : "\(parent) with kinds of our own"))\ndescription: The catalog's own demo kinds, on top of the \(parent) theme.\nextends: \(parent)\n"
        }
        return files
    }
}
