/// Binds an appearance's token roles (see `DemoRole`) to the CSS variables the theme's demos
/// are painted with, so a demo shows the catalog's own colours: change a token and the demo changes.
enum DemoRoles {
    /// Black or white, whichever contrasts more with `background`.
    static func readableText(on background: RGBA, surface: RGBA = RGBA(red: 1, green: 1, blue: 1)) -> String {
        let white = RGBA.contrast(RGBA(red: 1, green: 1, blue: 1), background, over: surface)
        let black = RGBA.contrast(RGBA(red: 0, green: 0, blue: 0), background, over: surface)
        return white >= black ? "#FFFFFF" : "#000000"
    }

    /// Whether an appearance shows the control on (checked, pressed or selected).
    static func isOn(_ appearance: Appearance, kind: DemoKind?) -> Bool {
        if let example = appearance.example, let kind {
            switch kind {
            case .toggleButton: return example.pressed
            case .radioGroup: return example.selected != nil
            default: return example.checked != .unchecked
            }
        }
        let words = Set(appearance.name.value.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return words.isDisjoint(with: ["off", "inactive", "unselected", "unchecked", "unpressed"])
    }

    /// The per-page stylesheet: `.demo-roles` for the component's main demo, `.demo-roles-N`
    /// for appearance N. Empty when no role names a known token.
    static func stylesheet(for component: Component, tokens: TokenSet, surface: RGBA) -> String {
        let kind = component.demo?.kind.value
        var pageRules: [String: String] = [:]
        var pageOrder: [String] = []
        var css = ""
        for (index, appearance) in component.appearances.enumerated() {
            let state = isOn(appearance, kind: kind) ? "on" : "off"
            var rules: [String] = []
            for use in appearance.tokens {
                guard let token = tokens.token(use.token.value) else { continue }
                let role = DemoRole.canonical(use.role)
                if DemoRole.textRoles.contains(role) {
                    // Text keeps the theme's colour when the token would be hard to read.
                    guard let color = token.color, RGBA.contrast(color, surface, over: surface) >= 4.5 else { continue }
                    rules.append("--demo-\(role): var(\(token.cssVariable));")
                    if pageRules["--demo-\(role)"] == nil {
                        pageRules["--demo-\(role)"] = "var(\(token.cssVariable))"
                        pageOrder.append("--demo-\(role)")
                    }
                } else {
                    var declarations = [("--demo-\(role)-\(state)", "var(\(token.cssVariable))")]
                    if let color = token.color, role == "fill" || role == "track" {
                        // Text and icons drawn on this colour take whichever of black or white reads better.
                        declarations.append(("--demo-\(role)-\(state)-contrast", Self.readableText(on: color, surface: surface)))
                    }
                    for (name, value) in declarations {
                        rules.append("\(name): \(value);")
                        if pageRules[name] == nil {
                            pageRules[name] = value
                            pageOrder.append(name)
                        }
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
