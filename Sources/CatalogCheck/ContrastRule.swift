import CatalogCore
import CatalogLoad
import CatalogModel
/// `contrast.non-text`, `contrast.text`: the pairs of colours each appearance declares (through
/// its kind, or its own `contrast:`) meet their minimum — WCAG 2.2 asks 3:1 for the parts of a
/// control (1.4.11), 4.5:1 for text (1.4.3).
/// Disabled looks are exempt. Failures are warnings naming both colours and the ratio.
package struct ContrastRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let catalog = input.catalog
        var diagnostics: [Diagnostic] = []
        // Every mode: a pair failing only in a mode is named with it.
        for appearance in component.appearances where !ContrastPairs.isExempt(appearance) {
            for (pair, mode) in ContrastPairs.measured(for: appearance, kind: input.kind(of: component), in: catalog) where !pair.passes {
                diagnostics.append(Self.warning(pair, appearance: appearance, mode: mode))
            }
        }
        return diagnostics
    }

    package static func warning(_ pair: ContrastPair, appearance: Appearance, mode: String?) -> Diagnostic {
        let foreground = "\(pair.foreground.role) \(pair.foreground.token.value) (\(pair.foregroundColor.hex))"
        let background = pair.background.map { "\($0.role) \($0.token.value) (\(pair.backgroundColor.hex))" }
            ?? "the page surface (\(pair.backgroundColor.hex))"
        let rule: RuleID = pair.kind == .text ? .contrastText : .contrastNonText
        let need = pair.kind == .text ? "text contrast (WCAG 1.4.3) needs \(CSSNumber.format(pair.required)):1" : "non-text contrast (WCAG 1.4.11) needs \(CSSNumber.format(pair.required)):1"
        let prefix = mode.map { "in \($0), " } ?? "in "
        return .warning(rule, "\(prefix)“\(appearance.name.value)”, \(foreground) against \(background) is \(pair.ratioText); \(need) — darken or lighten one of them", at: pair.foreground.token.location)
    }
}
