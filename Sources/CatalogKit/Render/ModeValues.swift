/// A token's value in each mode where it differs from the default, as the tokens page and the
/// component pages' token tables show it (`theme=dark: #2F6FD6`).
enum ModeValues {
    /// `has_mode_values` and `mode_values` for a template (empty without modes).
    static func context(_ token: Token?, in modes: TokenModes?) -> [String: Any] {
        let values: [[String: Any]] = token.map { token in
            (modes?.differences(of: token.name) ?? []).map { ["mode": $0.mode, "value": $0.token.displayValue] }
        } ?? []
        return ["has_mode_values": !values.isEmpty, "mode_values": values]
    }
}
