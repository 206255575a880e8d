import CatalogModel
import CatalogLoad
/// A component's lifecycle as pages show it: a badge whose word says the stage (never colour
/// alone), and for a deprecated component the one to use instead.
package struct LifecycleBadge: TemplateFields, Hashable {
    package var stage: String
    package var label: String
    package var replacementName: String
    package var replacementHref: String

    /// nil when the component states no lifecycle. Without the catalog (a card, made from the
    /// component alone), the badge names no replacement.
    package init?(_ component: Component, catalog: Catalog?, from directory: String) {
        guard let lifecycle = component.lifecycle?.value else { return nil }
        stage = lifecycle.rawValue
        label = lifecycle.label
        let replacement = lifecycle == .deprecated ? component.replacement.flatMap { catalog?.component($0.value) } : nil
        replacementName = replacement?.name.value ?? ""
        replacementHref = replacement.map { LinkResolver.relative(from: directory, to: $0.pagePath) } ?? ""
    }

    package static let fields: [String: TemplateField<Self>] = [
        "stage": .value { $0.stage },
        "label": .value { $0.label },
        "is_deprecated": .value { $0.stage == "deprecated" },
        "has_replacement": .value { !$0.replacementName.isEmpty },
        "replacement_name": .value { $0.replacementName },
        "replacement_href": .value { $0.replacementHref },
    ]
}
