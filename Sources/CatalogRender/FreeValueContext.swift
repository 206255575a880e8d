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

    /// `extra` for a page: its front matter's `extra:` mapping, or an empty one.
    package static func extraContext(_ extra: FreeValue?) -> Any {
        extra?.templateValue ?? [String: Any]()
    }
}
