import Foundation

/// `token.unused` (info): a token that no component, no other token and no theme stylesheet uses.
struct UnusedTokenRule: CatalogRule {
    func check(_ input: CheckInput) -> [Diagnostic] {
        let catalog = input.catalog
        var used = Set<String>()
        for component in catalog.components {
            for appearance in component.appearances {
                for use in appearance.tokens { used.insert(TokenSet.normalize(use.token.value)) }
            }
        }
        if let reference = catalog.settings.surfaceToken { used.insert(TokenSet.normalize(reference.value)) }
        for token in catalog.tokens.tokens where used.contains(token.name) {
            used.formUnion(token.aliasChain)
        }
        var themeCSS = ""
        for (path, bytes) in input.theme?.source.assets ?? [:] where path.hasSuffix(".css") || path.hasSuffix(".js") {
            themeCSS += String(decoding: bytes, as: UTF8.self)
        }
        return catalog.tokens.tokens.compactMap { token in
            if used.contains(token.name) || themeCSS.contains("var(\(token.cssVariable)") { return nil }
            return .info("token.unused", "no component, alias or theme uses the token '\(token.slashName)'", at: token.location)
        }
    }
}
