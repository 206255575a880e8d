import Foundation
import CatalogCore
import CatalogLoad
import CatalogModel

/// `token.unused` (info): a token that no component, no other token, no theme stylesheet and
/// no catalog setting (`surface:`, `brand.accent`, `brand.fonts`) uses.
package struct UnusedTokenRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        let catalog = input.catalog
        // A component whose file does not load may use any token: until it loads, nothing is
        // said to be unused (its own error is the one to fix).
        guard catalog.unloadedModels.isEmpty else { return [] }
        var used = Set<String>()
        for references in input.tokenReferences { used.formUnion(references) }
        if let reference = catalog.settings.surfaceToken { used.insert(TokenSet.normalize(reference.value)) }
        if let accent = catalog.settings.brand.accent { used.insert(TokenSet.normalize(accent.value)) }
        for font in [catalog.settings.brand.bodyFontToken, catalog.settings.brand.codeFontToken].compactMap({ $0 }) { used.insert(font.value) }
        var themeVariables = Set<String>()
        for (path, bytes) in input.theme?.source.assets ?? [:] where path.hasSuffix(".css") || path.hasSuffix(".js") {
            themeVariables.formUnion(Self.customProperties(in: bytes))
        }
        for token in catalog.tokens.tokens where themeVariables.contains(token.cssVariable) { used.insert(token.name) }
        // Whatever a used token aliases is used too, along the whole chain and through its
        // composite fields, in every mode.
        used.formUnion(TokenUsage.reached(from: used, tokens: catalog.tokens, modes: catalog.modes))
        return catalog.tokens.tokens.compactMap { token in
            if used.contains(token.name) { return nil }
            return .info(.tokenUnused, "no component, alias or theme uses the token '\(token.slashName)'", at: token.location)
        }
    }

    /// The token references a component's appearances write, normalized: all this rule reads of
    /// a component.
    package static func references(_ component: Component) -> [String] {
        component.appearances.flatMap { $0.tokens.map { TokenSet.normalize($0.token.value) } }
    }

    /// The custom properties a stylesheet or script reads with `var(--name`.
    package static func customProperties(in bytes: [UInt8]) -> Set<String> {
        var names = Set<String>()
        let prefix = Array("var(--".utf8)
        var index = 0
        while index + prefix.count < bytes.count {
            if bytes[index] == prefix[0], Array(bytes[index..<index + prefix.count]) == prefix {
                var end = index + 4
                while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: " ") { end += 1 }
                names.insert(String(decoding: bytes[(index + 4)..<end], as: UTF8.self))
                index = end
            } else {
                index += 1
            }
        }
        return names
    }
}
