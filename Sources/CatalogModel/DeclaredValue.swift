import CatalogCore
import CatalogSyntax

/// The value of one of component.yaml's declared fields (`ComponentFields.declared`), as written:
/// a text or a link is one entry, a list one entry per item, a mapping one entry per key.
public struct DeclaredValue: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// The mapping's key; nil for a text, a link or a list's item.
        public var name: String?
        public var value: Located<String>

        package init(name: String?, value: Located<String>) {
            self.name = name
            self.value = value
        }
    }

    /// The field's key in component.yaml.
    public var key: String
    public var entries: [Entry]
    /// Where the value is written.
    public var location: SourceLocation

    package init(key: String, entries: [Entry], location: SourceLocation) {
        self.key = key
        self.entries = entries
        self.location = location
    }

    package var field: DeclaredField? { ComponentFields.field(key) }

    /// Whether its declaration shows it in `place`.
    package func shows(_ place: DeclaredField.Place) -> Bool {
        field?.shows.contains(place) == true
    }

    /// One line for a page, the twin and the diff: the text, the list joined with commas, a
    /// mapping as `key value` pairs (`component Button`).
    public var text: String {
        entries.map { entry in entry.name.map { "\($0) \(entry.value.value)" } ?? entry.value.value }.joined(separator: ", ")
    }

    /// The address a link field leads to.
    public var href: String? {
        guard field?.holds == .link else { return nil }
        return entries.first?.value.value
    }

    /// The entry named `name` of a mapping.
    public func entry(_ name: String) -> Located<String>? {
        entries.first { $0.name == name }?.value
    }
}
