/// component.yaml's declared fields: a field the engine carries from component.yaml to the
/// page, component.json, the Markdown twin and `diff` without a behaviour of its own is
/// declared here, once — its key, what it holds, its label, its doc and where it shows — and
/// everything follows the declaration: the loader's key check and component.yaml's JSON Schema
/// (`FileFormats.component`), the value on the model (`Component.declared`), the page's template
/// fields (`declared.<key>` and the `declared_fields` list), component.json and its schema, the
/// twin and the diff. A new such field is a line here, a line in a template that shows it (the
/// default theme lists every declared field in the page header already), a line in
/// docs/content-format.md and a test.
package struct DeclaredField: Sendable {
    /// What the field holds.
    package enum Holds: Sendable, Equatable {
        /// One line of text.
        case text
        /// An `https:` or `http:` address, shown as a link.
        case link
        /// A list of text.
        case texts
        /// A mapping of these keys, each one line of text, at least one of them written.
        case object([String])
    }

    /// Where a field shows.
    package enum Place: Sendable, CaseIterable {
        /// The component page's template fields (the default theme lists it in the header).
        case page
        /// component.json (and so the MCP server's answers).
        case json
        /// The page's Markdown twin (index.md).
        case twin
        /// `diff` and the changes page: a change of value is reported.
        case diff
    }

    package let key: String
    package let holds: Holds
    /// How pages and the twin name it ("Figma").
    package let label: String
    /// One sentence for component.yaml's JSON Schema and the docs.
    package let doc: String
    package let shows: Set<Place>

    package init(_ key: String, _ holds: Holds, label: String, doc: String, shows: Set<Place> = Set(Place.allCases)) {
        self.key = key
        self.holds = holds
        self.label = label
        self.doc = doc
        self.shows = shows
    }

    /// Its shape for the key check and the JSON Schema.
    package var shape: YAMLShape {
        switch holds {
        case .text: .text
        case .link: .text
        case .texts: .list(.text)
        case .object(let keys): .object(YAMLFields(keys.map { YAMLFields.Field($0, .text, "\(label): its \($0).") }))
        }
    }
}

package enum ComponentFields {
    /// The declared fields, in the order pages, component.json and the twin show them.
    package static let declared: [DeclaredField] = [
        DeclaredField("figma", .object(["component", "node"]), label: "Figma",
                      doc: "Its component set in the team's saved Figma file: { component: <the set's name> } or { node: \"<node id>\" }."),
    ]

    /// The declaration of `key`, if it is one.
    package static func field(_ key: String) -> DeclaredField? {
        declared.first { $0.key == key }
    }
}
