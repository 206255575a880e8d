import CatalogMarkdown

/// Renders demo examples through the theme's `demos/<kind>` partial. The same rendered markup
/// goes into the live demo and, escaped, into the HTML code tab, so the two cannot drift apart.
struct DemoMarkup {
    let theme: Theme

    /// Visual states a static gallery instance can be forced into.
    struct Forced {
        var classes: [String] = []
        var stateLabel: String?
    }

    func render(_ example: DemoExample, kind: DemoKind, id: String, componentName: String, forced: Forced? = nil) -> String {
        let context = self.context(for: example, kind: kind, id: id, componentName: componentName, forced: forced)
        return theme.render("demos/\(kind.rawValue)", context).trimmingNewlines()
    }

    func symbol(_ name: String?) -> String {
        guard let name else { return "" }
        return theme.symbols[name] ?? ""
    }

    /// Every key any demo partial reads is set, so no partial picks up a value from an outer context.
    func context(for example: DemoExample, kind: DemoKind, id: String, componentName: String, forced: Forced?) -> [String: Any] {
        let label = (kind == .control ? example.title?.value : example.label?.value) ?? componentName
        let checkState = kind == .checkbox ? example.effectiveChecked : example.checked
        let errorText = example.error ?? (example.required ? "Turn this on to continue." : "")
        let showError = example.error != nil && checkState != .checked
        var describedBy: [String] = []
        if example.description != nil { describedBy.append("\(id)-description") }
        if example.helper != nil { describedBy.append("\(id)-helper") }
        if showError { describedBy.append("\(id)-error") }

        let children: [[String: Any]] = example.children.enumerated().map { index, child in
            [
                "id": "\(id)-child-\(index + 1)",
                "label": child.label?.value ?? "Option \(index + 1)",
                "checked": child.checked,
                "disabled": child.disabled,
            ]
        }
        let selected = example.selected?.value
        let options: [[String: Any]] = example.options.enumerated().map { index, option in
            let optionID = "\(id)-option-\(index + 1)"
            let optionLabel = option.label?.value ?? "Option \(index + 1)"
            return [
                "id": optionID,
                "label": optionLabel,
                "value": HeadingID.slug(optionLabel),
                "has_description": option.description != nil,
                "description": option.description ?? "",
                "description_id": "\(optionID)-description",
                "checked": selected == optionLabel,
                "disabled": option.disabled,
            ]
        }
        let symbolOn = example.symbolOn?.value ?? (example.symbolOff == nil ? "lightbulb" : example.symbolOff?.value)
        let symbolOff = example.symbolOff?.value ?? (example.symbolOn == nil ? "lightbulb-off" : example.symbolOn?.value)
        let classes = forced?.classes ?? []
        return [
            "id": id,
            "kind": kind.rawValue,
            "title": example.title?.value ?? "",
            "label": label,
            "has_description": example.description != nil,
            "description": example.description ?? "",
            "description_id": "\(id)-description",
            "has_helper": example.helper != nil,
            "helper": example.helper ?? "",
            "helper_id": "\(id)-helper",
            "error_text": errorText,
            "error_id": "\(id)-error",
            "show_error": showError,
            "required": example.required,
            "has_form": example.required,
            "leading": example.placement == .leading,
            "checked": checkState == .checked,
            "mixed": checkState == .mixed,
            "disabled": example.disabled,
            "pressed": example.pressed,
            "described_by": describedBy.joined(separator: " "),
            "has_described_by": !describedBy.isEmpty,
            "state_class": classes.joined(separator: " "),
            "static": forced != nil,
            "live": forced == nil,
            "has_children": !children.isEmpty,
            "children": children,
            "controls": children.map { $0["id"] as? String ?? "" }.joined(separator: " "),
            "legend": example.legend?.value ?? label,
            "legend_id": "\(id)-legend",
            "options": options,
            "name": "\(id)-choice",
            "horizontal": example.orientation == .horizontal,
            "has_symbol": example.symbol.flatMap { theme.symbols[$0.value] } != nil,
            "symbol": symbol(example.symbol?.value),
            "symbol_on": symbol(symbolOn),
            "symbol_off": symbol(symbolOff),
            "value_on": example.valueOn ?? "On",
            "value_off": example.valueOff ?? "Off",
            "delay": example.delay,
            "sensitive": example.sensitive,
            "state_label": forced?.stateLabel ?? "",
            "has_error_slot": example.required || example.error != nil,
            "icons": ["error": symbol("error"), "check": symbol("check"), "dash": symbol("dash")],
        ]
    }
}

/// Maps the free-form state names of a component model onto how a static instance looks.
enum StateAppearance {
    /// The example in that state, and the classes that force hover, focus or pressed looks.
    static func apply(_ name: String, to base: DemoExample, kind: DemoKind, errorText: String? = nil) -> (DemoExample, DemoMarkup.Forced) {
        var example = base
        var forced = DemoMarkup.Forced()
        let words = Set(name.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        func has(_ candidates: String...) -> Bool { !words.isDisjoint(with: candidates) }

        if has("on", "selected", "checked", "active", "enabled") && !has("unselected", "unchecked", "inactive") {
            example.checked = .checked
            example.pressed = true
            if kind == .radioGroup, example.selected == nil, let first = example.options.first?.label {
                example.selected = first
            }
        }
        if has("off", "unselected", "unchecked", "inactive") {
            example.checked = .unchecked
            example.pressed = false
        }
        if has("mixed", "indeterminate", "partial"), kind == .checkbox {
            example.checked = .mixed
        }
        if has("disabled", "dimmed") { example.disabled = true }
        if has("error", "invalid") {
            example.error = example.error ?? errorText ?? "Something needs your attention."
            example.checked = example.checked == .checked ? .unchecked : example.checked
        }
        if kind == .toggleButton, has("pressed") {
            // For a toggle button "pressed" is its on state, not the look while tapped.
            example.pressed = !has("unpressed", "not")
        } else if has("pressed", "tap", "tapped") {
            forced.classes.append("is-pressed")
        }
        if has("hover", "hovered") { forced.classes.append("is-hover") }
        if has("focus", "focused") { forced.classes.append("is-focused") }
        if has("loading", "busy", "progress") { forced.classes.append("is-busy") }
        return (example, forced)
    }
}
