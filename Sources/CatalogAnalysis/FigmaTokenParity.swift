import Foundation
import CatalogCore
import CatalogModel

/// The saved Figma variables against the catalog's DTCG tokens, mode by mode: a variable with no
/// token, a token in a group Figma defines with no variable, and a value that differs (colours
/// beyond `figma.color-distance`, numbers exactly, aliases by the token they name). A collection's
/// modes are the resolver's contexts of the same name; a collection with one mode is the tokens'
/// own values.
package enum FigmaTokenParity {
    package struct Finding: Sendable, Hashable {
        package var rule: RuleID
        package var message: String
        package var location: SourceLocation
        package var isError: Bool
    }

    package static func compare(_ catalog: Catalog.Shared) -> [Finding] {
        guard let settings = catalog.settings.figma, settings.variables != nil, !catalog.figma.variables.isEmpty else { return [] }
        let design = catalog.figma
        let names = FigmaTokenNames(settings: settings, design: design, tokens: catalog.tokens)
        var findings: [Finding] = []
        // Each collection's modes, matched to the resolver's contexts by name.
        var contextOf: [String: [String: TokenModes.Context]] = [:]
        for collection in design.collections {
            var matched: [String: TokenModes.Context] = [:]
            for mode in collection.modes {
                for modifier in catalog.modes?.modifiers ?? [] {
                    if let context = modifier.contexts.first(where: { FigmaParity.fold($0.name) == FigmaParity.fold(mode) }) { matched[mode] = context }
                }
            }
            contextOf[collection.id] = matched
            let unmatched = collection.modes.filter { matched[$0] == nil }
            if collection.modes.count > 1 && !unmatched.isEmpty {
                let contexts = (catalog.modes?.modifiers ?? []).flatMap { $0.contexts.map(\.name) }
                let compared = matched.isEmpty ? "its default mode \(collection.defaultMode) is compared with the tokens' own values, the others not at all" : "those modes are not compared"
                findings.append(Finding(rule: .figmaMode,
                    message: "the Figma collection \(collection.name) has the mode\(unmatched.count == 1 ? "" : "s") \(unmatched.joined(separator: ", ")), which no resolver context is named like\(DidYouMean.hint(for: unmatched[0], in: contexts)); \(compared): name the contexts as the modes are named",
                    location: collection.location, isError: false))
            }
        }
        var mapped = Set<String>()
        for variable in design.variables {
            guard let token = names.token(for: variable) else {
                findings.append(Finding(rule: .figmaTokenMissing,
                    message: "the Figma variable \(variable.name) has no token \(names.path(of: variable)); add it to the tokens, or correct figma.token-names if its path is written otherwise",
                    location: variable.location, isError: false))
                continue
            }
            mapped.insert(token.name)
            let collection = design.collection(variable.collection)
            let single = (collection?.modes.count ?? 1) <= 1
            for mode in collection?.modes ?? Array(variable.values.keys.sorted()) {
                guard let value = variable.values[mode] else { continue }
                let context = contextOf[variable.collection]?[mode]
                if context == nil && !single && mode != collection?.defaultMode { continue }
                let inMode = context?.tokens.token(token.name) ?? token
                let label = context.map { " in \($0.name)" } ?? ""
                if let problem = difference(value, inMode, design: design, names: names, settings: settings) {
                    findings.append(Finding(rule: .figmaVariableValue,
                        message: "\(token.slashName) is \(problem.token)\(label), but the Figma variable \(variable.name) is \(problem.figma)\(label.isEmpty ? "" : " there")\(problem.why); make them agree in the tokens or in Figma",
                        location: inMode.location, isError: true))
                }
            }
        }
        // Tokens in the groups Figma defines that no variable maps to.
        let groups = names.groupsFigmaDefines
        for token in catalog.tokens.tokens where !mapped.contains(token.name) && groups.contains(FigmaTokenNames.firstGroup(token)) {
            guard let type = token.type, [.color, .dimension, .number].contains(type) else { continue }
            findings.append(Finding(rule: .figmaVariableMissing,
                message: "the token \(token.slashName) has no Figma variable, though Figma defines the group \(token.path[0]); add the variable in Figma, or remove the token",
                location: token.location, isError: false))
        }
        return findings
    }

    /// How a value differs from the token's: each said as it reads, and why it is not a match.
    private static func difference(_ value: FigmaDesign.Value, _ token: Token, design: FigmaDesign, names: FigmaTokenNames, settings: FigmaSettings) -> (token: String, figma: String, why: String)? {
        if case .alias(let id) = value, let target = design.variable(id) {
            let targetToken = names.token(for: target)
            if let aliased = token.aliasTarget {
                let same = targetToken.map { TokenSet.normalize($0.name) == TokenSet.normalize(aliased) } ?? false
                return same ? nil : ("{\(aliased)}", "an alias of \(target.name)", targetToken.map { " (the token \($0.slashName))" } ?? " (which has no token)")
            }
            guard let literal = resolve(value, design: design) else { return nil }
            return difference(literal, token, design: design, names: names, settings: settings)
        }
        switch value {
        case .color(let figma):
            guard let color = token.color else { return (shown(token), figma.hex, " (a colour in Figma)") }
            let distance = color.distance(to: figma)
            return distance > settings.colorDistance
                ? (color.hex, figma.hex, " (ΔE \(String(format: "%.1f", distance)), more than figma.color-distance \(settings.colorDistance.formatted()))") : nil
        case .number(let figma):
            guard let number = number(of: token) else { return (shown(token), figma.formatted(), " (a number in Figma)") }
            return abs(number - figma) > 1e-6 ? (shown(token), figma.formatted() + (token.type == .dimension ? "px" : ""), "") : nil
        case .text(let figma):
            let text = self.text(of: token)
            return text == figma ? nil : (shown(token), "\"\(figma)\"", "")
        case .flag(let figma):
            guard case .bool(let flag)? = token.resolvedValue?.value else { return nil }
            return flag == figma ? nil : (shown(token), figma ? "true" : "false", "")
        case .alias:
            return nil
        }
    }

    /// A token's value as the tokens page shows it.
    private static func shown(_ token: Token) -> String {
        [token.displayValue, token.resolvedCSS ?? "", token.css ?? ""].first { !$0.isEmpty } ?? "(no value)"
    }

    private static func resolve(_ value: FigmaDesign.Value, design: FigmaDesign) -> FigmaDesign.Value? {
        var current = value
        var steps = 0
        while case .alias(let id) = current {
            guard steps < 64, let target = design.variable(id), let collection = design.collection(target.collection) else { return nil }
            guard let next = target.values[collection.defaultMode] ?? target.values.values.first else { return nil }
            current = next
            steps += 1
        }
        return current
    }

    /// A dimension in px (a rem is 16 px) or a number.
    private static func number(of token: Token) -> Double? {
        guard let value = token.resolvedValue else { return nil }
        switch value.value {
        case .number(let number, _): return number
        case .object:
            guard let number = value["value"]?.number else { return nil }
            return value["unit"]?.string == "rem" ? number * 16 : number
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("rem"), let number = Double(trimmed.dropLast(3)) { return number * 16 }
            if trimmed.hasSuffix("px"), let number = Double(trimmed.dropLast(2)) { return number }
            return Double(trimmed)
        default: return nil
        }
    }

    private static func text(of token: Token) -> String? {
        switch token.resolvedValue?.value {
        case .string(let text): text
        case .array(let items): items.first?.string
        default: nil
        }
    }
}
