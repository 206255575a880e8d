import CatalogModel
/// The stylesheet the catalog's settings make (`assets/brand.<hash>.css`, loaded after the
/// theme's): the accent colour as the theme's accent and focus colour, the fonts, and the demo
/// stages drawn on the catalog's surface (`DemoStageStylesheet`). The accent is the token's
/// custom property, so it follows the token modes; in the site's dark scheme it applies only when
/// a token mode is declared dark (otherwise the theme keeps its own dark accent, which is made
/// for its dark surface): the theme's palette reads `--cb-accent-light` and `--cb-accent-dark`.
package enum BrandStylesheet {
    package static func css(_ catalog: Catalog.Shared) -> String {
        let brand = catalog.settings.brand
        var root: [String] = []
        if let accent = brand.accent, let token = catalog.tokens.token(TokenSet.normalize(accent.value)), token.color != nil {
            let value = "var(\(token.cssVariable))"
            root += ["--cb-accent-light: \(value);", "--cb-focus-light: \(value);"]
            if hasDarkMode(catalog) { root += ["--cb-accent-dark: \(value);", "--cb-focus-dark: \(value);"] }
        }
        if let body = brand.bodyFont { root.append("--cb-font: \(body.value);") }
        if let code = brand.codeFont { root.append("--cb-mono: \(code.value);") }
        // A fontFamily token: its custom property, so the font follows the token modes too.
        for (property, reference) in [("--cb-font", brand.bodyFontToken), ("--cb-mono", brand.codeFontToken)] {
            guard let reference, let token = catalog.tokens.token(reference.value), token.type == .fontFamily else { continue }
            root.append("\(property): var(\(token.cssVariable));")
        }
        var css = ""
        if !root.isEmpty {
            css += "/* catalog.yaml brand: */\n:root {\n" + root.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
        }
        return css + DemoStageStylesheet.css(catalog)
    }

    /// Whether `modes:` declares a context dark (its media query is the dark colour scheme).
    package static func hasDarkMode(_ catalog: Catalog.Shared) -> Bool {
        catalog.settings.modes.contains { $0.contexts.contains(where: \.isDarkScheme) }
    }
}
