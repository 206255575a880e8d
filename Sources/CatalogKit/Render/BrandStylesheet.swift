/// The stylesheet `brand:` makes (`assets/brand.<hash>.css`, loaded after the theme's): the
/// accent colour as the theme's accent and focus colour, and the fonts. The accent is the token's
/// custom property, so it follows the token modes; in the site's dark scheme it applies only when
/// a token mode is declared dark (otherwise the theme keeps its own dark accent, which is made
/// for its dark surface).
enum BrandStylesheet {
    static func css(_ catalog: Catalog) -> String {
        let brand = catalog.settings.brand
        var root: [String] = []
        var dark: [String] = []
        if let accent = brand.accent, let token = catalog.tokens.token(TokenSet.normalize(accent.value)), token.color != nil {
            let value = "var(\(token.cssVariable))"
            root += ["--cb-accent: \(value);", "--cb-focus: \(value);"]
            if hasDarkMode(catalog) { dark = root }
        }
        if let body = brand.bodyFont { root.append("--cb-font: \(body.value);") }
        if let code = brand.codeFont { root.append("--cb-mono: \(code.value);") }
        guard !root.isEmpty else { return "" }
        var css = "/* catalog.yaml brand: */\n:root {\n" + root.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
        if !dark.isEmpty {
            let block = dark.map { "    " + $0 }.joined(separator: "\n")
            css += "@media (prefers-color-scheme: dark) {\n  :root:not([data-color-scheme=\"light\"]) {\n\(block)\n  }\n}\n"
            css += ":root[data-color-scheme=\"dark\"] {\n" + dark.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
        }
        return css
    }

    /// Whether `modes:` declares a context dark (its media query is the dark colour scheme).
    static func hasDarkMode(_ catalog: Catalog) -> Bool {
        catalog.settings.modes.contains { $0.contexts.contains(where: \.isDarkScheme) }
    }
}
