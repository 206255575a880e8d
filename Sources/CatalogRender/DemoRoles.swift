import CatalogModel
/// Binds an appearance's token roles to the CSS custom properties its kind declares
/// (`roles: { Track: --demo-track }`), so a demo shows the catalog's own colours: change a token
/// and the demo changes.
package enum DemoRoles {
    /// Black or white, whichever contrasts more with `background` (as `#FFFFFF` or `#000000`).
    package static func readableText(on background: RGBA, surface: RGBA = .white) -> String {
        background.readableText(over: surface).hex
    }

    /// Whether an appearance shows the control on: its example's value of the kind's `on:`
    /// field (present and not `false`), else its name (no "off", "inactive", "unchecked"…).
    package static func isOn(_ appearance: Appearance, kind: DemoKind) -> Bool {
        if let example = appearance.example, let field = kind.on {
            guard let value = example.scalar(field)?.value ?? kind.field(field)?.defaultScalar else { return false }
            return value.flag != false
        }
        let words = Set(appearance.name.value.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return words.isDisjoint(with: ["off", "inactive", "unselected", "unchecked", "unpressed"])
    }

    /// The per-page stylesheet: `.demo-roles` for the component's live demos, `.demo-roles-N`
    /// for appearance N. Empty when no role names a known token. With an `on:` field each role
    /// is set as `<property>-on` or `-off`, so the live demos are painted in both states. Where a
    /// token mode changes what is readable (black or white on a fill, whether a text colour reads
    /// on the surface), that mode's selectors set the declarations that differ.
    ///
    /// With a `scope` (a guide showing several components' examples), the classes are the
    /// component's own: `.demo-roles-<scope>` and `.demo-roles-<scope>-N`.
    package static func stylesheet(for component: Component, kind: DemoKind?, tokens: TokenSet, modes: TokenModes?, settings: CatalogSettings, scope: String? = nil) -> String {
        guard let kind else { return "" }
        let pageClass = scope.map { ".demo-roles-" + $0 } ?? ".demo-roles"
        func appearanceSelector(_ index: Int) -> String { "." + appearanceClass(index, scope: scope) }
        let base = declarations(for: component, kind: kind, tokens: tokens, surface: settings.surface)
        var css = ""
        if !base.page.isEmpty { css += rule(pageClass, base.page) }
        for (index, declarations) in base.appearances.enumerated() where !declarations.isEmpty {
            css += rule(appearanceSelector(index), declarations)
        }
        guard !css.isEmpty, let modes else { return css }
        typealias Declarations = (page: [(String, String)], appearances: [[(String, String)]])
        func scopedRules(from before: Declarations, to after: Declarations) -> String {
            var rules = ""
            let page = changed(from: before.page, to: after.page)
            if !page.isEmpty { rules += rule(pageClass, page) }
            for index in before.appearances.indices {
                let declarations = changed(from: before.appearances[index], to: after.appearances[index])
                if !declarations.isEmpty { rules += rule(appearanceSelector(index), declarations) }
            }
            return rules
        }
        func resolved(_ tokens: TokenSet) -> Declarations {
            declarations(for: component, kind: kind, tokens: tokens, surface: ContrastPairs.surface(settings, in: tokens))
        }
        var single: [String: Declarations] = [:]
        for modifier in modes.modifiers {
            for context in modifier.contexts where context.name != modifier.defaultContext {
                let other = resolved(context.tokens)
                single[modifier.name + "\u{0}" + context.name] = other
                let rules = scopedRules(from: base, to: other)
                guard !rules.isEmpty else { continue }
                css += ModeAttribute.scoped(rules, modifier: modifier.name, context: context.name,
                                            media: settings.modes.context(context.name, of: modifier.name)?.media)
            }
        }
        // A combination (`brand=sosh, theme=dark`) sets what differs from what its contexts'
        // rules give together: a fill that is light only in the pair takes black text there.
        for resolution in modes.combinations {
            var cascaded = base
            for choice in resolution.choices {
                guard let other = single[choice.modifier + "\u{0}" + choice.context] else { continue }
                cascaded.page = overlaid(cascaded.page, changed(from: base.page, to: other.page))
                for index in cascaded.appearances.indices {
                    cascaded.appearances[index] = overlaid(cascaded.appearances[index], changed(from: base.appearances[index], to: other.appearances[index]))
                }
            }
            let rules = scopedRules(from: cascaded, to: resolved(resolution.tokens))
            guard !rules.isEmpty else { continue }
            css += ModeAttribute.scoped(rules, choices: ModeAttribute.choices(of: resolution, presentation: settings.modes))
        }
        return css
    }

    /// `declarations` with each of `changes` set: in place where it is already set, else after.
    private static func overlaid(_ declarations: [(String, String)], _ changes: [(String, String)]) -> [(String, String)] {
        var result = declarations
        for (name, value) in changes {
            if let index = result.firstIndex(where: { $0.0 == name }) { result[index].1 = value } else { result.append((name, value)) }
        }
        return result
    }

    /// The class that paints with the appearance at `index` of the component's `appearances`.
    package static func appearanceClass(_ index: Int, scope: String? = nil) -> String { "demo-roles-" + (scope.map { $0 + "-" } ?? "") + "\(index + 1)" }

    private static func rule(_ selector: String, _ declarations: [(String, String)]) -> String {
        "\(selector) { \(declarations.map { "\($0.0): \($0.1);" }.joined(separator: " ")) }\n"
    }

    /// The declarations of `to` that differ from `from`; one `from` has that `to` lacks is reset.
    private static func changed(from: [(String, String)], to: [(String, String)]) -> [(String, String)] {
        let before = Dictionary(from, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(to, uniquingKeysWith: { first, _ in first })
        var result = to.filter { before[$0.0] != $0.1 }
        result += from.filter { after[$0.0] == nil }.map { ($0.0, "initial") }
        return result
    }

    /// The custom properties of the page and of each appearance, in the order they are set.
    private static func declarations(for component: Component, kind: DemoKind, tokens: TokenSet, surface: RGBA) -> (page: [(String, String)], appearances: [[(String, String)]]) {
        var pageRules: [String: String] = [:]
        var pageOrder: [String] = []
        var appearances: [[(String, String)]] = []
        for appearance in component.appearances {
            let state = kind.on == nil ? "" : (isOn(appearance, kind: kind) ? "-on" : "-off")
            var rules: [(String, String)] = []
            for use in appearance.tokens {
                guard let role = kind.role(use.role), let token = tokens.token(use.token.value) else { continue }
                if role.type != .color {
                    // A radius, a padding, a type style, a shadow: the same in either state.
                    guard token.type == role.type else { continue }
                    rules.append((role.property, "var(\(token.cssVariable))"))
                    // A composite's fields too (`--demo-type-font-size`), so a stylesheet can take
                    // one field and keep its own value for the others.
                    for part in token.subValues { rules.append((role.property + "-" + part.suffix, "var(\(token.cssVariable(part.suffix)))")) }
                } else if role.text {
                    // Text keeps the theme's colour when the token would be hard to read.
                    guard let color = token.color, RGBA.contrast(color, surface, over: surface) >= 4.5 else { continue }
                    rules.append((role.property, "var(\(token.cssVariable))"))
                } else {
                    rules.append((role.property + state, "var(\(token.cssVariable))"))
                    if role.readable, let color = token.color {
                        // Text and icons drawn on this colour take whichever of black or white reads better.
                        rules.append((role.property + state + "-contrast", readableText(on: color, surface: surface)))
                    }
                }
            }
            for (name, value) in rules where pageRules[name] == nil {
                pageRules[name] = value
                pageOrder.append(name)
            }
            appearances.append(rules)
        }
        // An appearance paints with its own roles only: a role another appearance binds (which the
        // page's rule sets) is reset, so a Primary example never takes a Secondary border.
        let complete = appearances.map { rules -> [(String, String)] in
            let own = Set(rules.map(\.0))
            return rules + pageOrder.filter { !own.contains($0) }.map { ($0, "initial") }
        }
        return (pageOrder.map { ($0, pageRules[$0]!) }, complete)
    }
}
