/// What "uses a token" means, once, for the tokens page's "Used by", `diff`'s "used by", the
/// `token.unused` rule, `components.json` and `catalog-build mcp`: a component uses a token when
/// one of its appearances names it, or names a token whose alias chain reaches it, in the default
/// resolution or in any token mode (a dark mode that aliases another palette colour uses that
/// colour).
public enum TokenUsage {
    /// The tokens (by dotted name) that `names` reach: themselves and every token along their
    /// alias chains and the aliases of their composite fields, in every resolution. Each token is
    /// visited once per resolution.
    public static func reached(from names: some Sequence<String>, tokens: TokenSet, modes: TokenModes?) -> [String] {
        var order: [String] = []
        var seen = Set<String>()
        let starts = Array(names)
        for set in [tokens] + (modes?.resolutions.map(\.tokens) ?? []) {
            var visited = Set<String>()
            var stack = starts.reversed().compactMap { set.token($0) }
            while let token = stack.popLast() {
                guard visited.insert(token.name).inserted else { continue }
                if seen.insert(token.name).inserted { order.append(token.name) }
                let next = (token.aliasTarget.map { [$0] } ?? []) + token.fieldAliases
                stack += next.reversed().compactMap { set.token($0) }
            }
        }
        return order
    }

    /// The tokens whose value names `name`: as a whole alias or in a composite's field.
    public static func aliases(of name: String, in tokens: TokenSet) -> [Token] {
        tokens.tokens.filter { token in
            token.aliasTarget.map { tokens.token($0)?.name == name } == true || token.fieldAliases.contains(name)
        }
    }

    /// The tokens a component uses, in the order its appearances name them (then what their
    /// aliases reach).
    public static func used(by component: Component, tokens: TokenSet, modes: TokenModes?) -> [String] {
        reached(from: component.appearances.flatMap { $0.tokens.map(\.token.value) }, tokens: tokens, modes: modes)
    }
}
