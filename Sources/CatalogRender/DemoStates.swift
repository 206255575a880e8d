import CatalogCore
import CatalogModel
/// Maps the free-form state names of a component model onto how a static gallery instance
/// looks: the kind's `states:` say which settings a word brings (`Disabled` → `disabled: true`);
/// looks no setting can show (hover, focus, pressed, busy) are classes the theme styles.
package enum DemoStates {
    /// Looks shared by every kind, unless the kind's own states claim the word.
    package static let looks: [(words: Set<String>, className: String)] = [
        (["pressed", "tap", "tapped"], "is-pressed"),
        (["hover", "hovered"], "is-hover"),
        (["focus", "focused"], "is-focused"),
        (["loading", "busy", "progress"], "is-busy"),
    ]

    /// The example in that state, and the classes that force a look. A text setting keeps the
    /// text the example (or, failing that, another example of the component) already has.
    package static func apply(_ name: String, to base: DemoExample, kind: DemoKind, others: [DemoExample]) -> (DemoExample, DemoMarkup.Forced) {
        var example = base
        var forced = DemoMarkup.Forced()
        let words = Set(name.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        var claimed = Set<String>()
        for rule in kind.states where !words.isDisjoint(with: rule.words) {
            claimed.formUnion(rule.words)
            for (fieldName, value) in rule.set {
                guard let field = kind.field(fieldName) else { continue }
                if field.type.isText {
                    if example.text(fieldName) != nil { continue }
                    let text = others.lazy.compactMap { $0.text(fieldName)?.value }.first ?? value
                    example = example.overlaid(with: setting(fieldName, .scalar(ExampleScalar(text, plain: false)), at: base.location))
                } else {
                    example = example.overlaid(with: setting(fieldName, .scalar(ExampleScalar(value, plain: true)), at: base.location))
                }
            }
        }
        for look in looks where !words.isDisjoint(with: look.words) && claimed.isDisjoint(with: look.words.intersection(words)) {
            forced.classes.append(look.className)
        }
        return (example, forced)
    }

    private static func setting(_ field: String, _ value: ExampleValue, at location: SourceLocation) -> DemoExample {
        DemoExample(entries: [.init(key: Located(field, at: location), value: Located(value, at: location))], location: location)
    }
}
