import Foundation
import CatalogCore
import CatalogLoad
import CatalogModel

/// Guideline lint: rules taken from the platform and design-system guidance the catalog
/// documents. Each rule is one type with its own id.

/// The examples of a component's demo, with the settings appearances wrote.
private func examples(of component: Component) -> [DemoExample] {
    (component.demo?.examples ?? []) + component.appearances.compactMap(\.exampleWritten)
}

private func words(_ text: String) -> Set<String> {
    Set(text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init))
}

/// The kind of a component's demo, as written (guideline rules name the default theme's kinds).
private func kind(of component: Component) -> String? { component.demo?.kind.value }

/// `lint.switch-label-on-off`: a switch implies on and off, so its label should not say them.
package struct SwitchLabelWordsRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard ["switch", "labeled-toggle"].contains(kind(of: component)) else { return [] }
        return examples(of: component).compactMap { example in
            guard let label = example.text("label") else { return nil }
            let found = words(label.value).intersection(["on", "off"])
            guard !found.isEmpty else { return nil }
            return .warning(.lintSwitchLabelOnOff, "the label '\(label.value)' says \(found.sorted().map { "“\($0)”" }.joined(separator: " and ")); a switch already shows on and off, so name what it turns on instead (“Notify me”, “Show previews”)", at: label.location)
        }
    }
}

/// `lint.radio-too-many`, `lint.radio-too-few`: two to about five options; `ref.option`: the
/// selected option is not a disabled one.
package struct RadioOptionCountRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard kind(of: component) == "radio-group" else { return [] }
        // An appearance that writes no options shows the first example's.
        let shown = (component.demo?.examples ?? []) + component.appearances.filter { $0.exampleWritten?.entry("options") != nil || $0.exampleWritten?.entry("selected") != nil }.compactMap(\.example)
        var seen = Set<Diagnostic>()
        return shown.flatMap { example -> [Diagnostic] in
            let options = example.items("options")
            let location = example.entry("options")?.value.location ?? example.location
            var diagnostics: [Diagnostic] = []
            if options.count > 5 {
                diagnostics.append(.warning(.lintRadioTooMany, "this radio group has \(options.count) options; with more than about five, use a pop-up button or a select instead", at: location))
            }
            if options.count < 2 {
                diagnostics.append(.error(.lintRadioTooFew, "a radio group needs at least two options (it has \(options.count)); for a single on/off choice use a checkbox or a switch", at: location))
            }
            if let selected = example.text("selected"),
               let option = options.first(where: { ExampleValidator.itemLabel($0) == selected.value }),
               case .map(let fields) = option.value, fields.scalar("disabled")?.value.flag == true {
                diagnostics.append(.warning(.refOption, "the selected option '\(selected.value)' is disabled; a disabled option should not be the selection", at: selected.location))
            }
            return diagnostics.filter { seen.insert($0).inserted }
        }
    }
}

/// `lint.toggle-button-state-label`: a toggle button's name stays the same in both states, so it
/// names the action, never the state.
package struct ToggleButtonStateLabelRule: ComponentRule {
    package static let stateWords: Set<String> = ["on", "off", "pressed", "unpressed", "active", "inactive", "enabled", "disabled", "selected", "unselected", "checked", "unchecked"]

    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard kind(of: component) == "toggle-button" else { return [] }
        return examples(of: component).compactMap { example in
            guard let label = example.text("label") else { return nil }
            let found = words(label.value).intersection(Self.stateWords)
            guard !found.isEmpty else { return nil }
            return .warning(.lintToggleButtonStateLabel, "the label '\(label.value)' names a state (\(found.sorted().joined(separator: ", "))); a toggle button keeps one name in both states, so name the action (“Bold”, “Mute”)", at: label.location)
        }
    }
}

/// `lint.control-symbols`: a control toggle shows a distinct symbol for each state.
package struct ControlSymbolsRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard kind(of: component) == "control" else { return [] }
        return examples(of: component).compactMap { example in
            guard let on = example.text("symbol-on"), let off = example.text("symbol-off"), on.value == off.value else { return nil }
            return .warning(.lintControlSymbols, "symbol-on and symbol-off are both '\(on.value)'; give each state its own symbol so the state reads where only the symbol shows", at: off.location)
        }
    }
}

/// `lint.no-states`, `lint.no-accessibility`: the model says how the component behaves and how
/// it is made accessible.
package struct ModelCompletenessRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if component.states.isEmpty {
            diagnostics.append(.warning(.lintNoStates, "\(component.name.value) lists no states; add `states:` (default, pressed, disabled, focused…) with their platform support", at: component.location))
        }
        if component.accessibility.isEmpty {
            diagnostics.append(.warning(.lintNoAccessibility, "\(component.name.value) lists no accessibility requirements; add `accessibility:` with what each platform must do", at: component.location))
        }
        return diagnostics
    }
}
