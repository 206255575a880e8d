import CatalogModel
/// Every demo stage (the live demos, the state gallery, the appearances, demos placed in prose,
/// the playground) is drawn on the catalog's surface (`surface:` in catalog.yaml) in every site
/// scheme and token mode, as `check` measures the demos' contrast against it. The theme's own
/// colours inside a stage take the scheme that suits that surface (light or dark, by which of
/// black or white reads better on it), so a label the theme paints stays legible too.
package enum DemoStageStylesheet {
    package static let selector = ":is(.demo-stage, .state-sample__stage, .example-frame)"

    package static func css(_ catalog: Catalog.Shared) -> String {
        let settings = catalog.settings
        // `surface:` as the token's custom property, so the stage follows the token modes.
        let background = settings.surfaceToken.flatMap { catalog.tokens.token($0.value) }.map { "var(\($0.cssVariable))" } ?? settings.surface.hex
        let base = scheme(of: settings.surface)
        var css = "/* catalog.yaml surface: the demos are drawn on the catalog's surface. */\n"
        // `--cb-demo-surface` is what a kind draws a box on when the appearance gives it no Fill
        // (a field, a dialog), so its text is on the colour `check` measures it against.
        css += "\(selector) { --cb-demo-surface: \(background); background: var(--cb-demo-surface); color: var(--cb-text); color-scheme: \(base); }\n"
        var single: [String: String] = [:]
        for modifier in catalog.modes?.modifiers ?? [] {
            for context in modifier.contexts where context.name != modifier.defaultContext {
                let scheme = scheme(of: ContrastPairs.surface(settings, in: context.tokens))
                single[modifier.name + "\u{0}" + context.name] = scheme
                guard scheme != base else { continue }
                css += ModeAttribute.scoped("\(selector) { color-scheme: \(scheme); }", modifier: modifier.name, context: context.name,
                                            media: settings.modes.context(context.name, of: modifier.name)?.media)
            }
        }
        // A combination whose surface takes another scheme than its contexts' rules give together.
        for resolution in catalog.modes?.combinations ?? [] {
            let cascaded = resolution.choices.reversed().lazy.compactMap { single[$0.modifier + "\u{0}" + $0.context] }.first { $0 != base } ?? base
            let scheme = scheme(of: ContrastPairs.surface(settings, in: resolution.tokens))
            guard scheme != cascaded else { continue }
            css += ModeAttribute.scoped("\(selector) { color-scheme: \(scheme); }", choices: ModeAttribute.choices(of: resolution, presentation: settings.modes))
        }
        return css
    }

    /// `dark` when white text reads better on the colour than black, else `light`.
    package static func scheme(of surface: RGBA) -> String {
        DemoRoles.readableText(on: surface, surface: surface) == "#FFFFFF" ? "dark" : "light"
    }
}
