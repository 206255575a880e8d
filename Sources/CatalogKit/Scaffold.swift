/// Starting files for `catalog-build new`: a component of a given demo kind, or a whole minimal
/// catalog. Everything scaffolded builds with no diagnostics, so a team starts from a clean check.
public enum Scaffold {
    public enum Failure: Error, CustomStringConvertible {
        case invalidSlug(String)

        public var description: String {
            switch self {
            case .invalidSlug(let slug):
                "'\(slug)' is not a valid slug; use lowercase letters, digits and '-', such as '\(CatalogLoader.suggestedSlug(slug))'"
            }
        }
    }

    /// `my-toggle` → `My Toggle`.
    public static func displayName(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// `components/<slug>/component.yaml` and `index.md` for a component shown with `kind`.
    public static func component(slug: String, kind: DemoKind, name: String? = nil) throws(Failure) -> [String: String] {
        guard CatalogLoader.isValidSlug(slug) else { throw .invalidSlug(slug) }
        let name = name ?? displayName(slug)
        let yaml = """
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
        demo:
          kind: \(kind.rawValue)
          examples:
        \(examples(for: kind))
        code:
          swiftui: |
            // The SwiftUI code for \(name)
          compose: |
            // The Compose code for \(name)

        """
        let markdown = """
        ---
        order: 100
        ---

        \(name) is a \(kind.displayName.lowercased()). Replace this paragraph with one that says what it is for; the first paragraph is the page's summary in search results.

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
            title: \(yamlString(title))
            description: \(yamlString("The components of \(title), with guidelines, tokens and readiness."))
            baseURL: /
            theme: default
            markdown:
              unsafe: false

            """,
            "tokens/color.tokens.json": """
            {
              "color": {
                "$type": "color",
                "brand": { "$value": "#0A57C9", "$description": "The accent colour of controls that are on." },
                "white": { "$value": "#FFFFFF" },
                "ink": { "$value": "#16213A", "$description": "Text." }
              },
              "switch": {
                "$type": "color",
                "track-on": { "$value": "{color.brand}" },
                "knob": { "$value": "{color.white}" },
                "label": { "$value": "{color.ink}" }
              }
            }

            """,
            "guides/getting-started.md": """
            ---
            title: Getting started
            order: 1
            ---

            This catalog documents the components of \(title). Each component lives in `components/<slug>/`: guidelines in `index.md`, the structured model in `component.yaml`.

            Start with the [example switch](../components/example-switch/index.md), then add components with `catalog-build new component <slug> --kind <kind>`.

            """,
        ]
        let component = (try? Scaffold.component(slug: "example-switch", kind: .switch, name: "Example Switch")) ?? [:]
        for (path, text) in component { files[path] = text }
        files["components/example-switch/component.yaml"] = (files["components/example-switch/component.yaml"] ?? "")
            .replacingOccurrences(of: "demo:\n", with: """
            appearances:
              - name: "On"
                description: The accent track with the white knob.
                example: { checked: true }
                tokens:
                  - { role: Track, token: switch/track-on }
                  - { role: Indicator, token: switch/knob }
                  - { role: Label, token: switch/label }
            demo:

            """)
        return files
    }

    private static func examples(for kind: DemoKind) -> String {
        let lines: [String]
        switch kind {
        case .switch:
            lines = [
                "- { title: Default, label: Notifications, checked: true }",
                "- { title: With description, label: Previews, description: Show message text in alerts }",
                "- { title: Disabled, label: Notifications, disabled: true }",
            ]
        case .labeledToggle:
            lines = [
                "- { title: Default, label: Notifications, description: Alerts on this device, checked: true }",
                "- { title: Required, label: Share usage data, required: true, error: Turn this on to continue }",
            ]
        case .checkbox:
            lines = [
                "- { title: Single, label: Remember me, checked: true }",
                "- title: Parent and children",
                "  label: All styles",
                "  children: [{ label: Bold, checked: true }, { label: Italic }]",
            ]
        case .radioGroup:
            lines = [
                "- title: Default",
                "  legend: Delivery speed",
                "  options: [Standard, Express, Overnight]",
                "  selected: Standard",
            ]
        case .toggleButton:
            lines = [
                "- { title: Pressed, label: Bold, symbol: bold, pressed: true }",
                "- { title: Not pressed, label: Italic, symbol: italic }",
            ]
        case .control:
            lines = [
                "- { title: Lamp, symbol-on: lightbulb, symbol-off: lightbulb-off, checked: true }",
                "- { title: Garage door, symbol-on: door-open, symbol-off: door-closed, value-on: Open, value-off: Closed, delay: 800 }",
            ]
        }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// A YAML scalar, quoted when it needs to be.
    static func yamlString(_ text: String) -> String {
        let plain = text.first.map { $0.isLetter || $0.isNumber } ?? false
            && !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":")
            && !["true", "false", "yes", "no", "on", "off", "null", "~"].contains(text.lowercased())
        return plain ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
