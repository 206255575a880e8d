/// Binds an appearance's token roles to the CSS custom properties its kind declares
/// (`roles: { Track: --demo-track }`), so a demo shows the catalog's own colours: change a token
/// and the demo changes.
enum DemoRoles {
    /// Black or white, whichever contrasts more with `background`.
    static func readableText(on background: RGBA, surface: RGBA = RGBA(red: 1, green: 1, blue: 1)) -> String {
        let white = RGBA.contrast(RGBA(red: 1, green: 1, blue: 1), background, over: surface)
        let black = RGBA.contrast(RGBA(red: 0, green: 0, blue: 0), background, over: surface)
        return white >= black ? "#FFFFFF" : "#000000"
    }

    /// Whether an appearance shows the control on: its example's value of the kind's `on:`
    /// field (present and not `false`), else its name (no "off", "inactive", "unchecked"…).
    static func isOn(_ appearance: Appearance, kind: DemoKind) -> Bool {
        if let example = appearance.example, let field = kind.on {
            guard let value = example.scalar(field)?.value ?? kind.field(field)?.defaultScalar else { return false }
            return value.flag != false
        }
        let words = Set(appearance.name.value.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return words.isDisjoint(with: ["off", "inactive", "unselected", "unchecked", "unpressed"])
    }

    /// The per-page stylesheet: `.demo-roles` for the component's live demos, `.demo-roles-N`
    /// for appearance N. Empty when no role names a known token. With an `on:` field each role
    /// is set as `<property>-on` or `-off`, so the live demos are painted in both states.
    static func stylesheet(for component: Component, kind: DemoKind?, tokens: TokenSet, surface: RGBA) -> String {
        guard let kind else { return "" }
        var pageRules: [String: String] = [:]
        var pageOrder: [String] = []
        var css = ""
        for (index, appearance) in component.appearances.enumerated() {
            let state = kind.on == nil ? "" : (isOn(appearance, kind: kind) ? "-on" : "-off")
            var rules: [String] = []
            for use in appearance.tokens {
                guard let role = kind.role(use.role), let token = tokens.token(use.token.value) else { continue }
                var declarations: [(String, String)] = []
                if role.text {
                    // Text keeps the theme's colour when the token would be hard to read.
                    guard let color = token.color, RGBA.contrast(color, surface, over: surface) >= 4.5 else { continue }
                    declarations.append((role.property, "var(\(token.cssVariable))"))
                } else {
                    declarations.append((role.property + state, "var(\(token.cssVariable))"))
                    if role.readable, let color = token.color {
                        // Text and icons drawn on this colour take whichever of black or white reads better.
                        declarations.append((role.property + state + "-contrast", readableText(on: color, surface: surface)))
                    }
                }
                for (name, value) in declarations {
                    rules.append("\(name): \(value);")
                    if pageRules[name] == nil {
                        pageRules[name] = value
                        pageOrder.append(name)
                    }
                }
            }
            if !rules.isEmpty {
                css += ".demo-roles-\(index + 1) { \(rules.joined(separator: " ")) }\n"
            }
        }
        guard !pageOrder.isEmpty else { return css }
        let page = pageOrder.map { "\($0): \(pageRules[$0]!);" }.joined(separator: " ")
        return ".demo-roles { \(page) }\n" + css
    }
}
