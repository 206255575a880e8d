import CatalogCore
import CatalogLoad
import CatalogModel
/// A component's demo against its kind's contract: the kind exists in the theme
/// (`schema.enum`), every example and appearance `example:` writes only the kind's fields with
/// values of their type (`schema.*`, `ref.symbol`, `ref.option`, `lint.demo-label`), every
/// token role is one of the kind's roles (`ref.role`), and an appearance's own contrast pairs
/// name roles it has (`ref.role`).
package struct DemoContractRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard let theme = input.theme else { return [] }
        var kind: DemoKind?
        if let demo = component.demo {
            kind = theme.kinds[demo.kind.value]
            if kind == nil {
                let names = theme.kindNames
                diagnostics.append(.error(.schemaEnum, "demo.kind must be one of the kinds the theme '\(theme.source.name)' declares (\(names.joined(separator: ", "))), not '\(demo.kind.value)'\(DidYouMean.hint(for: demo.kind.value, in: names)); a theme adds a kind with demos/\(demo.kind.value).yaml and templates/demos/\(demo.kind.value).mustache (`catalog-build new kind \(demo.kind.value)`)", at: demo.kind.location))
            }
        }
        let symbols = Set(theme.symbols.keys)
        if let kind, let demo = component.demo {
            let appearanceNames = component.appearances.map(\.name.value)
            for (index, example) in demo.examples.enumerated() {
                diagnostics += ExampleValidator.diagnostics(for: example, kind: kind, path: "demo.examples[\(index)]", symbols: symbols)
                if let chosen = example.appearance, !appearanceNames.contains(chosen.value) {
                    let known = appearanceNames.isEmpty ? "; the component has no appearances: add them under `appearances:`" : DidYouMean.hint(for: chosen.value, in: appearanceNames) + "; the appearances are \(appearanceNames.joined(separator: ", "))"
                    diagnostics.append(.error(.refAppearance, "demo.examples[\(index)].appearance '\(chosen.value)' is not one of the component's appearances\(known)", at: chosen.location))
                }
            }
            var titles: [String: SourceLocation] = [:]
            for example in demo.examples {
                guard let title = example.title else { continue }
                if let first = titles[title.value] {
                    diagnostics.append(.error(.demoDuplicateTitle, "two examples are titled '\(title.value)' (the first at line \(first.line)); give each its own title so prose can place it", at: title.location))
                } else {
                    titles[title.value] = title.location
                }
            }
        }
        for (index, appearance) in component.appearances.enumerated() {
            let path = "appearances[\(index)]"
            if let kind, let written = appearance.exampleWritten {
                diagnostics += ExampleValidator.diagnostics(for: written, kind: kind, path: "\(path).example", symbols: symbols, partial: appearance.example ?? written)
            }
            if let kind {
                for use in appearance.tokens {
                    guard let role = kind.role(use.role), let token = input.catalog.tokens.token(use.token.value), let type = token.type, type != role.type else { continue }
                    let others = kind.roles.filter { $0.type == type }.map(\.name)
                    let advice = others.isEmpty ? "the \(kind.id) kind has no \(type.rawValue) role" : "a \(type.rawValue) token paints \(others.joined(separator: ", "))"
                    diagnostics.append(.error(.refTokenType, "the role \(role.name) of the \(kind.id) kind paints with \(role.type.rawValue) tokens, but \(use.token.value) is a \(type.rawValue) token; name a \(role.type.rawValue) token (\(advice))", at: use.token.location))
                }
                for use in appearance.tokens where kind.role(use.role) == nil {
                    let names = kind.roles.map(\.name)
                    let list = names.isEmpty ? "the kind declares no roles" : "use one of \(names.joined(separator: ", "))"
                    diagnostics.append(.error(.refRole, "the \(kind.id) kind has no role '\(use.role)'\(DidYouMean.hint(for: use.role, in: names + kind.roles.flatMap(\.aliases))); \(list), or declare it in the kind's roles:", at: use.token.location))
                }
            }
            for spec in appearance.contrast ?? [] {
                let playable = kind?.roles.map(\.name) ?? appearance.tokens.map(\.role)
                for role in [spec.foreground] + spec.background where role != DemoKind.ContrastSpec.page {
                    let known = kind.map { $0.role(role) != nil } ?? appearance.tokens.contains { DemoKind.roleKey($0.role) == DemoKind.roleKey(role) }
                    if !known {
                        diagnostics.append(.error(.refRole, "\(path).contrast names the role '\(role)', which \(kind == nil ? "no token of this appearance plays" : "the \(kind!.id) kind does not declare")\(DidYouMean.hint(for: role, in: playable)); name one of \(playable.joined(separator: ", ")) or page", at: spec.location))
                    }
                }
            }
        }
        return diagnostics
    }
}
