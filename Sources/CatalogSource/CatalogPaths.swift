/// What a path inside a catalog folder is, by its name alone: the reader decides what to read
/// with these, and the loader what each file it was given is.
package enum CatalogPaths {
    /// A DTCG token file: `tokens/<name>.tokens.json` (or `.tokens`), in any folder below tokens/.
    package static func isTokenFile(_ path: String) -> Bool {
        path.hasPrefix("tokens/") && (path.hasSuffix(".tokens.json") || path.hasSuffix(".tokens"))
    }

    /// A resolver document (token modes): `tokens/<name>.resolver.json`, directly in tokens/.
    package static func isResolverFile(_ path: String) -> Bool {
        path.hasPrefix("tokens/") && path.hasSuffix(".resolver.json") && !path.dropFirst("tokens/".count).contains("/")
    }

    /// A `.json` file under tokens/ not named as a token file: read, because a resolver document
    /// may load it, and reported as ignored unless one does.
    package static func isPlainJSONInTokens(_ path: String) -> Bool {
        path.hasPrefix("tokens/") && path.hasSuffix(".json") && !path.hasSuffix(".tokens.json") && !path.hasSuffix(".resolver.json")
    }
}
