import CatalogCore
import CatalogSyntax
import CatalogModel
extension FreeValue {
    /// The value as a template sees it: text, booleans, lists and mappings by key.
    package var templateValue: Any {
        switch self {
        case .text(let text): text
        case .bool(let flag): flag
        case .list(let items): items.map(\.templateValue)
        case .map(let pairs): Dictionary(pairs.map { ($0.key, $0.value.templateValue) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// The value in `component.json`: text as strings (YAML scalars are kept as written),
    /// mappings with their keys in the order written.
    package var jsonValue: JSONText.Value {
        switch self {
        case .text(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .list(let items): .array(items.map(\.jsonValue))
        case .map(let pairs):
            // A key written twice keeps its last value, as the templates see it.
            .members(pairs.enumerated().filter { index, pair in !pairs[(index + 1)...].contains { $0.key == pair.key } }.map { JSONText.Member($0.1.key, $0.1.value.jsonValue) })
        }
    }

    /// `extra` for a page: its front matter's `extra:` mapping, or an empty one.
    package static func extraContext(_ extra: FreeValue?) -> Any {
        extra?.templateValue ?? [String: Any]()
    }
}
