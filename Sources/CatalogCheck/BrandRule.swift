import Foundation
import CatalogCore
import CatalogLoad
import CatalogModel
/// `brand:` in catalog.yaml: its files exist under assets/, its accent is a colour token, and
/// the accent reads as link text (4.5:1) against the site's surface in each scheme and token mode
/// it is shown in: the light scheme always; the dark one when a token mode is declared dark (the
/// accent then follows that mode's value; without one, the theme keeps its own dark accent).
package struct BrandRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        let catalog = input.catalog
        let brand = catalog.settings.brand
        var diagnostics: [Diagnostic] = []
        let files = Set(catalog.files.map(\.path))
        for (key, file) in [("logo", brand.logo), ("logo.dark", brand.darkLogo), ("favicon", brand.favicon)] {
            guard let file, !files.contains(file.value) else { continue }
            let present = files.filter { $0.hasPrefix("assets/") }
            diagnostics.append(.error(.refFile, "brand.\(key) names '\(file.value)', which is not in the catalog\(DidYouMean.hint(for: file.value, in: present)); put the file there, or fix the path", at: file.location))
        }
        for (key, reference) in [("body", brand.bodyFontToken), ("code", brand.codeFontToken)] {
            guard let reference else { continue }
            guard let token = catalog.tokens.token(reference.value) else {
                diagnostics.append(.error(.refToken, "brand.fonts.\(key) names '\(reference.value)', which no token file defines\(DidYouMean.hint(for: reference.value, in: catalog.tokens.names)); name a fontFamily token, or write a CSS font list", at: reference.location))
                continue
            }
            if token.type != .fontFamily {
                diagnostics.append(.error(.refToken, "brand.fonts.\(key) names '\(reference.value)', which is a \(token.type?.rawValue ?? "token without a type"), not a fontFamily; name a fontFamily token", at: reference.location))
            }
        }
        guard let accent = brand.accent else { return diagnostics }
        let name = TokenSet.normalize(accent.value)
        guard let token = catalog.tokens.token(name) else {
            diagnostics.append(.error(.refToken, "brand.accent names '\(accent.value)', which no token file defines\(DidYouMean.hint(for: name, in: catalog.tokens.names)); name a colour token", at: accent.location))
            return diagnostics
        }
        guard let colour = token.color else {
            diagnostics.append(.error(.refToken, "brand.accent names '\(accent.value)', which is a \(token.type?.rawValue ?? "token without a type"), not a colour; name a colour token", at: accent.location))
            return diagnostics
        }
        for check in Self.surfaces(catalog, theme: input.theme, accent: name, defaultColour: colour) {
            let ratio = RGBA.contrast(check.colour, check.surface, over: check.surface)
            guard ratio + 0.000_1 < 4.5 else { continue }
            diagnostics.append(.warning(.contrastAccent, "brand.accent \(accent.value) (\(check.colour.hex)) against the site's \(check.scheme) surface (\(check.surface.hex))\(check.mode.map { " in \($0)" } ?? "") is \(ContrastPair.format(ratio)); links and focus rings need 4.5:1 — choose a \(check.scheme == "dark" ? "lighter" : "darker") token, or give the token a value for that mode", at: accent.location))
        }
        return diagnostics
    }

    package struct Pair {
        package var colour: RGBA
        package var surface: RGBA
        package var scheme: String
        package var mode: String?
    }

    /// Each accent colour the site shows, with the surface it sits on.
    package static func surfaces(_ catalog: Catalog.Shared, theme: LoadedTheme?, accent: String, defaultColour: RGBA) -> [Pair] {
        let light = catalog.settings.surface
        var pairs = [Pair(colour: defaultColour, surface: light, scheme: "light", mode: nil)]
        guard let modes = catalog.modes else { return pairs }
        let dark = theme.flatMap(darkSurface)
        // Every resolution: each combination of contexts (a brand's accent in the dark theme).
        for resolution in modes.resolutions {
            guard let colour = resolution.tokens.token(accent)?.color else { continue }
            let isDark = resolution.choices.contains(where: { catalog.settings.modes.context($0.context, of: $0.modifier)?.isDarkScheme == true })
            guard let surface = isDark ? dark : light else { continue }
            // A combination that shows the same colours as one measured already adds nothing.
            guard !pairs.contains(where: { $0.colour == colour && $0.surface == surface }) else { continue }
            pairs.append(Pair(colour: colour, surface: surface, scheme: isDark ? "dark" : "light", mode: resolution.label))
        }
        return pairs
    }

    /// The theme's dark page colour: the dark half of `--cb-bg: light-dark(#fff, #0e1320)`, or
    /// `--cb-bg` in the `:root[data-color-scheme="dark"]` block of its stylesheets.
    package static func darkSurface(_ theme: LoadedTheme) -> RGBA? {
        for (path, bytes) in theme.source.assets.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".css") {
            let css = String(decoding: bytes, as: UTF8.self)
            if let match = css.firstMatch(of: #/--cb-bg:\s*light-dark\(\s*(#[0-9A-Fa-f]{3,8})\s*,\s*(#[0-9A-Fa-f]{3,8})\s*\)/#),
               let colour = RGBA(hex: String(match.2)) { return colour }
            guard let block = css.range(of: ":root[data-color-scheme=\"dark\"] {"),
                  let end = css[block.upperBound...].firstIndex(of: "}") else { continue }
            for declaration in css[block.upperBound..<end].split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                if parts.count == 2, parts[0] == "--cb-bg", let colour = RGBA(hex: parts[1]) { return colour }
            }
        }
        return nil
    }
}
