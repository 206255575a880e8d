/// What "uses a token" means, once, for the tokens page's "Used by", `diff`'s "used by", the
/// `token.unused` rule, `components.json` and `catalog-build mcp`: a component uses a token when
/// one of its appearances names it, or names a token whose alias chain reaches it, in the default
/// resolution or in any token mode (a dark mode that aliases another palette colour uses that
/// colour).
public enum TokenUsage {
    /// The tokens (by dotted name) that `names` reach: themselves and every token along their
    /// alias chains, in every resolution. Each token is visited once per resolution.
    public static func reached(from names: some Sequence<String>, tokens: TokenSet, modes: TokenModes?) -> [String] {
        var order: [String] = []
        var seen = Set<String>()
        let starts = Array(names)
        for set in [tokens] + (modes?.resolutions.map(\.tokens) ?? []) {
            var visited = Set<String>()
            for start in starts {
                var current = set.token(start)
                while let token = current, visited.insert(token.name).inserted {
                    if seen.insert(token.name).inserted { order.append(token.name) }
                    current = token.aliasTarget.flatMap { set.token($0) }
                }
            }
        }
        return order
    }

    /// The tokens a component uses, in the order its appearances name them (then what their
    /// aliases reach).
    public static func used(by component: Component, tokens: TokenSet, modes: TokenModes?) -> [String] {
        reached(from: component.appearances.flatMap { $0.tokens.map(\.token.value) }, tokens: tokens, modes: modes)
    }
}
