import Foundation

/// Guideline lint: rules taken from the platform and design-system guidance the catalog
/// documents. Each rule is one type with its own id.

/// The examples of a component's demo, with the appearance examples that wrote their own settings.
private func examples(of component: Component) -> [DemoExample] {
    (component.demo?.examples ?? []) + component.appearances.compactMap(\.example)
}

private func words(_ text: String) -> Set<String> {
    Set(text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init))
}

/// `lint.switch-label-on-off`: a switch implies on and off, so its label should not say them.
struct SwitchLabelWordsRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let kind = component.demo?.kind.value, kind == .switch || kind == .labeledToggle else { return [] }
        return examples(of: component).compactMap { example in
            guard let label = example.label else { return nil }
            let found = words(label.value).intersection(["on", "off"])
            guard !found.isEmpty else { return nil }
            return .warning("lint.switch-label-on-off", "the label '\(label.value)' says \(found.sorted().map { "“\($0)”" }.joined(separator: " and ")); a switch already shows on and off, so name what it turns on instead (“Notify me”, “Show previews”)", at: label.location)
        }
    }
}

/// `lint.switch-mixed`: a switch is never indeterminate.
struct SwitchMixedRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let kind = component.demo?.kind.value, kind == .switch || kind == .labeledToggle else { return [] }
        return examples(of: component).compactMap { example in
            guard example.checked == .mixed else { return nil }
            return .error("lint.switch-mixed", "a switch can never be mixed or indeterminate; use `checked: true` or `false`, or make this a checkbox", at: example.checkedLocation ?? example.location)
        }
    }
}

/// `lint.radio-too-many`, `lint.radio-too-few`: two to about five options.
struct RadioOptionCountRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard component.demo?.kind.value == .radioGroup else { return [] }
        return examples(of: component).compactMap { example in
            let location = example.optionsLocation ?? example.location
            if example.options.count > 5 {
                return .warning("lint.radio-too-many", "this radio group has \(example.options.count) options; with more than about five, use a pop-up button or a select instead", at: location)
            }
            if example.options.count < 2 {
                return .error("lint.radio-too-few", "a radio group needs at least two options (it has \(example.options.count)); for a single on/off choice use a checkbox or a switch", at: location)
            }
            return nil
        }
    }
}

/// `lint.radio-group-label`: every radio group is introduced by a group label.
struct RadioGroupLabelRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard component.demo?.kind.value == .radioGroup else { return [] }
        return (component.demo?.examples ?? []).compactMap { example in
            if let legend = example.legend, !legend.value.trimmingSpaces().isEmpty { return nil }
            return .error("lint.radio-group-label", "this radio group has no group label; add `legend:` with the section title that says what the options are for", at: example.location)
        }
    }
}

/// `lint.demo-label`: every demo control has a label (a title for a control tile).
struct DemoLabelRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard let kind = component.demo?.kind.value else { return [] }
        var diagnostics: [Diagnostic] = []
        for example in component.demo?.examples ?? [] {
            switch kind {
            case .radioGroup:
                for (index, option) in example.options.enumerated() where (option.label?.value ?? "").isEmpty {
                    diagnostics.append(.error("lint.demo-label", "option \(index + 1) of this radio group has no label; give it `label:`", at: option.label?.location ?? example.optionsLocation ?? example.location))
                }
            case .control:
                if (example.title?.value ?? "").isEmpty {
                    diagnostics.append(.error("lint.demo-label", "this control has no title; add `title:` naming what it controls", at: example.location))
                }
            default:
                if (example.label?.value ?? "").isEmpty {
                    diagnostics.append(.error("lint.demo-label", "this \(kind.rawValue) example has no label; add `label:` — every control needs an accessible name", at: example.location))
                }
            }
            for (index, child) in example.children.enumerated() where (child.label?.value ?? "").isEmpty {
                diagnostics.append(.error("lint.demo-label", "child checkbox \(index + 1) has no label; give it `label:`", at: child.label?.location ?? example.location))
            }
        }
        return diagnostics
    }
}

/// `lint.toggle-button-state-label`: a toggle button's name stays the same in both states, so it
/// names the action, never the state.
struct ToggleButtonStateLabelRule: ComponentRule {
    static let stateWords: Set<String> = ["on", "off", "pressed", "unpressed", "active", "inactive", "enabled", "disabled", "selected", "unselected", "checked", "unchecked"]

    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard component.demo?.kind.value == .toggleButton else { return [] }
        return examples(of: component).compactMap { example in
            guard let label = example.label else { return nil }
            let found = words(label.value).intersection(Self.stateWords)
            guard !found.isEmpty else { return nil }
            return .warning("lint.toggle-button-state-label", "the label '\(label.value)' names a state (\(found.sorted().joined(separator: ", "))); a toggle button keeps one name in both states, so name the action (“Bold”, “Mute”)", at: label.location)
        }
    }
}

/// `lint.control-symbols`: a control toggle shows a distinct symbol for each state.
struct ControlSymbolsRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard component.demo?.kind.value == .control else { return [] }
        return examples(of: component).compactMap { example in
            guard let on = example.symbolOn, let off = example.symbolOff, on.value == off.value else { return nil }
            return .warning("lint.control-symbols", "symbol-on and symbol-off are both '\(on.value)'; give each state its own symbol so the state reads where only the symbol shows", at: off.location)
        }
    }
}

/// `lint.no-states`, `lint.no-accessibility`: the model says how the component behaves and how
/// it is made accessible.
struct ModelCompletenessRule: ComponentRule {
    func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if component.states.isEmpty {
            diagnostics.append(.warning("lint.no-states", "\(component.name.value) lists no states; add `states:` (default, pressed, disabled, focused…) with their platform support", at: component.location))
        }
        if component.accessibility.isEmpty {
            diagnostics.append(.warning("lint.no-accessibility", "\(component.name.value) lists no accessibility requirements; add `accessibility:` with what each platform must do", at: component.location))
        }
        return diagnostics
    }
}
