import CatalogCore
import CatalogSource
import CatalogModel
import CatalogPipeline
/// Compares two loaded and checked versions of a catalog (see `CatalogChanges`).
public enum CatalogDiff {
    public struct Side: Sendable {
        public var result: PipelineResult
        public var tree: SourceTree
        public var label: String

        public init(result: PipelineResult, tree: SourceTree, label: String) {
            self.result = result
            self.tree = tree
            self.label = label
        }
    }

    public static func compare(base: Side, head: Side) -> CatalogChanges {
        var changes: [CatalogChanges.Change] = []
        let baseCatalog = base.result.catalog
        let headCatalog = head.result.catalog
        changes += tokenChanges(base: baseCatalog, head: headCatalog)
        changes += componentChanges(base: base, head: head)
        changes += contrastChanges(base: base.result, head: head.result)
        changes += conformanceChanges(base: base.result, head: head.result)
        changes += problemChanges(base: base.result.diagnostics, head: head.result.diagnostics,
                                  silenced: base.result.suppressed + head.result.suppressed)
        var names: [String: String] = [:]
        for component in (baseCatalog?.components ?? []) + (headCatalog?.components ?? []) { names[component.slug] = component.name.value }
        changes.sort { ($0.component ?? "", $0.impact, $0.area.rawValue, $0.subject) < ($1.component ?? "", $1.impact, $1.area.rawValue, $1.subject) }
        return CatalogChanges(
            base: TextSafety.escaped(base.label), head: TextSafety.escaped(head.label), changes: changes.map(\.printable),
            componentNames: names.mapValues(TextSafety.escaped),
            baseErrors: base.result.diagnostics.filter { $0.severity == .error },
            headErrors: head.result.diagnostics.filter { $0.severity == .error }
        )
    }

    // MARK: Tokens

    /// Token name → the components that use it, directly or through the aliases it ends in.
    package static func users(in catalog: Catalog?) -> [String: [String]] {
        guard let catalog else { return [:] }
        var users: [String: Set<String>] = [:]
        for component in catalog.components {
            for name in TokenUsage.used(by: component, tokens: catalog.tokens, modes: catalog.modes) {
                users[catalog.tokens.token(name)?.slashName ?? name, default: []].insert(component.slug)
            }
        }
        return users.mapValues { $0.sorted() }
    }

    package static func tokenChanges(base: Catalog?, head: Catalog?) -> [CatalogChanges.Change] {
        let before = Dictionary((base?.tokens.tokens ?? []).map { ($0.slashName, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary((head?.tokens.tokens ?? []).map { ($0.slashName, $0) }, uniquingKeysWith: { first, _ in first })
        let baseUsers = users(in: base)
        let headUsers = users(in: head)
        var changes: [CatalogChanges.Change] = []
        var removed = before.keys.filter { after[$0] == nil }.sorted()
        var added = Set(after.keys.filter { before[$0] == nil })

        // A rename: gone from one path, at another with the same type, value and description.
        for name in removed {
            let old = before[name]!
            let candidates = added.filter { other in
                let new = after[other]!
                return new.type == old.type && new.displayValue == old.displayValue && new.description == old.description && new.aliasTarget.map { _ in true } == old.aliasTarget.map { _ in true }
            }
            guard let match = candidates.min(by: { DidYouMean.editDistance(name, $0) < DidYouMean.editDistance(name, $1) }) else { continue }
            added.remove(match)
            removed.removeAll { $0 == name }
            let new = after[match]!
            changes.append(.init(
                impact: .breaking, area: .token, kind: .renamed, component: nil, subject: name,
                message: "token \(name) is renamed \(match) (same value \(new.displayValue) and description); references to the old name break",
                before: name, after: match, affects: baseUsers[name] ?? [], location: new.location
            ))
        }
        for name in removed {
            let old = before[name]!
            let sameValue = (head?.tokens.tokens ?? []).filter { $0.displayValue == old.displayValue && $0.type == old.type && !$0.displayValue.isEmpty }
            let replacement = sameValue.min { DidYouMean.editDistance(name, $0.slashName) < DidYouMean.editDistance(name, $1.slashName) }?.slashName
                ?? DidYouMean.suggestion(for: name, in: after.keys)
            let advice = replacement.map { "; likeliest replacement: \($0)" } ?? ""
            changes.append(.init(
                impact: .breaking, area: .token, kind: .removed, component: nil, subject: name,
                message: "token \(name) (\(old.displayValue)) is removed\(advice)",
                before: old.displayValue, after: replacement, affects: baseUsers[name] ?? [], location: old.location
            ))
        }
        for name in added.sorted() {
            let new = after[name]!
            changes.append(.init(impact: .minor, area: .token, kind: .added, component: nil, subject: name,
                                 message: "token \(name) is added (\(new.displayValue))", before: nil, after: new.displayValue,
                                 affects: headUsers[name] ?? [], location: new.location))
        }
        for name in before.keys.filter({ after[$0] != nil }).sorted() {
            let old = before[name]!, new = after[name]!
            // A token whose alias now leads nowhere is an error the problems report.
            if new.displayValue.isEmpty && !old.displayValue.isEmpty { continue }
            let affected = Array(Set((baseUsers[name] ?? []) + (headUsers[name] ?? []))).sorted()
            if old.type != new.type {
                changes.append(.init(impact: .breaking, area: .token, kind: .changed, component: nil, subject: name,
                                     message: "token \(name) changes type from \(old.type?.rawValue ?? "none") to \(new.type?.rawValue ?? "none")",
                                     before: old.type?.rawValue, after: new.type?.rawValue, affects: affected, location: new.location))
            }
            if old.aliasTarget != new.aliasTarget {
                let from = old.aliasTarget.map { "{\($0)}" } ?? old.displayValue
                let to = new.aliasTarget.map { "{\($0)}" } ?? new.displayValue
                changes.append(.init(impact: .notable, area: .token, kind: .retargeted, component: nil, subject: name,
                                     message: "token \(name) now refers to \(to) instead of \(from)", before: from, after: to,
                                     affects: affected, location: new.location))
            }
            if old.aliasTarget == nil, new.aliasTarget == nil, old.fieldAliases != new.fieldAliases, !(old.fieldAliases.isEmpty && new.fieldAliases.isEmpty) {
                let from = old.fieldAliases.map { "{\($0)}" }.joined(separator: ", "), to = new.fieldAliases.map { "{\($0)}" }.joined(separator: ", ")
                changes.append(.init(impact: .notable, area: .token, kind: .retargeted, component: nil, subject: name,
                                     message: "token \(name)'s fields now refer to \(to.isEmpty ? "no token" : to) instead of \(from.isEmpty ? "no token" : from)",
                                     before: from, after: to, affects: affected, location: new.location))
            }
            let modeValues = modeDifferences(name, base: base, head: head)
            if old.displayValue != new.displayValue || !modeValues.isEmpty {
                var message = "token \(name) changes value"
                if old.displayValue != new.displayValue { message += ": \(old.displayValue) → \(new.displayValue)" }
                if !modeValues.isEmpty { message += (old.displayValue != new.displayValue ? "; " : " ") + "in " + modeValues.map { "\($0.mode): \($0.before) → \($0.after)" }.joined(separator: "; in ") }
                // A change in one mode only shows that mode's values.
                let shown = old.displayValue == new.displayValue ? modeValues.first.map { ($0.before, $0.after) } : nil
                changes.append(.init(impact: .notable, area: .token, kind: .changed, component: nil, subject: name, message: message,
                                     before: shown?.0 ?? old.displayValue, after: shown?.1 ?? new.displayValue, affects: affected, location: new.location))
            }
            if old.deprecated != new.deprecated {
                changes.append(.init(
                    impact: new.deprecated ? .notable : .minor, area: .token, kind: new.deprecated ? .deprecated : .undeprecated, component: nil, subject: name,
                    message: new.deprecated ? "token \(name) is deprecated\(new.deprecationMessage.map { ": \($0)" } ?? "")" : "token \(name) is no longer deprecated",
                    before: nil, after: nil, affects: affected, location: new.location
                ))
            }
        }
        return changes
    }

    /// Each mode (`theme=dark`) where the token's value changed, with both values.
    package static func modeDifferences(_ name: String, base: Catalog?, head: Catalog?) -> [(mode: String, before: String, after: String)] {
        guard let headModes = head?.modes else { return [] }
        let baseResolutions = Dictionary((base?.modes?.resolutions ?? []).map { ($0.label, $0.tokens) }, uniquingKeysWith: { first, _ in first })
        var result: [(mode: String, before: String, after: String)] = []
        for resolution in headModes.resolutions {
            guard let new = resolution.tokens.token(name)?.displayValue,
                  let old = baseResolutions[resolution.label]?.token(name)?.displayValue, old != new else { continue }
            // Only where the mode's change is its own, not the default's carried over.
            let oldDefault = base?.tokens.token(name)?.displayValue, newDefault = head?.tokens.token(name)?.displayValue
            if old == oldDefault, new == newDefault { continue }
            result.append((resolution.label, old, new))
        }
        return result
    }
}
