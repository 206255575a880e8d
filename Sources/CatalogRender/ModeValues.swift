import CatalogModel
/// A token's value in each mode where it differs from the default, as the tokens page and the
/// component pages' token tables show it (`theme=dark: #2F6FD6`): `has_mode_values` and
/// `mode_values` for a template (empty without modes).
package struct ModeValues {
    package var values: [Value]

    package init(_ token: Token?, in modes: TokenModes?) {
        values = token.map { token in
            (modes?.values(of: token.name, default: token) ?? []).map { Value(mode: $0.mode, value: $0.token.displayValue) }
        } ?? []
    }


    package struct Value: TemplateFields {
        package var mode: String
        package var value: String

        package static let fields: [String: TemplateField<Self>] = [
            "mode": .value { $0.mode },
            "value": .value { $0.value },
        ]
    }
}
