import Foundation
import CatalogCore
import CatalogModel
import CatalogCheck
import CatalogPipeline
/// Contrast that got worse or better, stated as ratios, and the other problems a change brings
/// or fixes.
extension CatalogDiff {
    /// A pair of one appearance that fell below its minimum (or rose above it) is one change,
    /// however many token modes it did so in: the change lists them, each with its ratios.
    package static func contrastChanges(base: PipelineResult, head: PipelineResult) -> [CatalogChanges.Change] {
        guard head.catalog != nil else { return [] }
        struct Measure {
            var ratio: Double
            var required: Double
            var pair: String
            var mode: String?
            var appearance: String
            var slug: String
            var location: SourceLocation
        }
        func measure(_ result: PipelineResult) -> [String: Measure] {
            guard let catalog = result.catalog else { return [:] }
            var pairs: [String: Measure] = [:]
            for component in catalog.components {
                let kind = component.demo.flatMap { result.theme?.kinds[$0.kind.value] }
                for appearance in component.appearances where !ContrastPairs.isExempt(appearance) {
                    for (pair, mode) in ContrastPairs.measured(for: appearance, kind: kind, in: catalog.shared) {
                        pairs["\(component.slug)\u{0}\(appearance.name.value)\u{0}\(pair.label)\u{0}\(mode ?? "")"] =
                            Measure(ratio: pair.ratio, required: pair.required, pair: pair.label, mode: mode, appearance: appearance.name.value, slug: component.slug, location: pair.foreground.token.location)
                    }
                }
            }
            return pairs
        }
        let before = measure(base), after = measure(head)
        // A pair whose finding the head silences (`ignore:`, the rule turned off) is not
        // reported: its rule is contrast.text from a minimum of 4.5, else contrast.non-text.
        let silenced = head.catalog.map { catalog in
            let ignores = RuleConfiguration.Ignores(catalog, today: BuildDay.today)
            return { (required: Double, location: SourceLocation) in
                RuleConfiguration.silences(required >= 4.5 ? .contrastText : .contrastNonText, at: location, in: catalog, ignores: ignores)
            }
        } ?? { _, _ in false }
        // Per pair of an appearance, in the order first met: the modes it regressed and fixed in.
        var order: [String] = []
        var regressed: [String: [(was: Measure?, now: Measure)]] = [:]
        var fixed: [String: [(was: Measure, now: Measure)]] = [:]
        for (key, now) in after.sorted(by: { $0.key < $1.key }) {
            let was = before[key]
            if silenced(now.required, now.location) { continue }
            let group = "\(now.slug)\u{0}\(now.appearance)\u{0}\(now.pair)"
            let passesNow = now.ratio + 0.000_1 >= now.required
            let passedBefore = was.map { $0.ratio + 0.000_1 >= $0.required }
            if !passesNow, passedBefore != false, was.map({ abs($0.ratio - now.ratio) > 0.005 }) ?? true {
                if regressed[group] == nil, fixed[group] == nil { order.append(group) }
                regressed[group, default: []].append((was, now))
            } else if passesNow, passedBefore == false, let was {
                if regressed[group] == nil, fixed[group] == nil { order.append(group) }
                fixed[group, default: []].append((was, now))
            }
        }
        func modes(_ entries: [(was: Measure?, now: Measure)]) -> String {
            entries.map { entry in
                let from = entry.was.map { ContrastPair.format($0.ratio) } ?? "not measured"
                let mode = entry.now.mode.map { " in \($0)" } ?? (entries.count > 1 ? " by default" : "")
                return "\(from) → \(ContrastPair.format(entry.now.ratio))" + mode
            }.joined(separator: "; ")
        }
        var changes: [CatalogChanges.Change] = []
        for group in order {
            if let entries = regressed[group], let first = entries.first?.now {
                let minimum = "\(CSSNumber.format(first.required)):1"
                changes.append(.init(
                    impact: .breaking, area: .contrast, kind: .regressed, component: first.slug, subject: "\(first.appearance): \(first.pair)",
                    message: "“\(first.appearance)”, \(first.pair): \(modes(entries)), below \(minimum)",
                    before: entries.count == 1 ? entries[0].was.map { ContrastPair.format($0.ratio) } : nil,
                    after: entries.count == 1 ? ContrastPair.format(first.ratio) : nil, location: first.location
                ))
            }
            if let entries = fixed[group], let first = entries.first?.now {
                let minimum = "\(CSSNumber.format(first.required)):1"
                changes.append(.init(
                    impact: .minor, area: .contrast, kind: .fixed, component: first.slug, subject: "\(first.appearance): \(first.pair)",
                    message: "“\(first.appearance)”, \(first.pair): \(modes(entries.map { ($0.was, $0.now) })), now at least \(minimum)",
                    before: entries.count == 1 ? ContrastPair.format(entries[0].was.ratio) : nil,
                    after: entries.count == 1 ? ContrastPair.format(first.ratio) : nil, location: first.location
                ))
            }
        }
        return changes
    }

    /// Diagnostics the change introduces or fixes, compared by rule, file and message (not line,
    /// which moves with every edit above it). Contrast is stated as ratios instead. A problem
    /// silenced on either side (`ignore:`, a rule turned off) is neither introduced nor fixed.
    package static func problemChanges(base: [Diagnostic], head: [Diagnostic], silenced: [Diagnostic] = []) -> [CatalogChanges.Change] {
        // A drift names the code's file and line; an edit above it in the code moves the line, not the drift.
        func key(_ diagnostic: Diagnostic) -> String {
            guard isDrift(diagnostic) else { return diagnostic.identity }
            return diagnostic.identity.replacingOccurrences(of: #"\.(swift|kt):[0-9]+\)"#, with: ".$1)", options: .regularExpression)
        }
        let quiet = Set(silenced.map(key))
        // Notes are left out, except those on code drift: undocumented API the change adds or documents.
        let relevant: (Diagnostic) -> Bool = { $0.rule.area != "contrast" && ($0.severity != .info || isDrift($0)) && !quiet.contains(key($0)) }
        let before = Set(base.filter(relevant).map(key)), after = Set(head.filter(relevant).map(key))
        var changes: [CatalogChanges.Change] = []
        var seen = Set<String>()
        for diagnostic in head.filter(relevant) where !before.contains(key(diagnostic)) && seen.insert(key(diagnostic)).inserted {
            let impact: CatalogChanges.Impact = diagnostic.severity == .error ? .breaking : diagnostic.severity == .warning ? .notable : .minor
            let what = drift(diagnostic).map { "\($0) (\(diagnostic.severity.rawValue))" } ?? diagnostic.severity.rawValue
            changes.append(.init(impact: impact, area: .problem, kind: .introduced, component: nil,
                                 subject: diagnostic.rule.rawValue, message: "new \(what) [\(diagnostic.rule)]: \(diagnostic.message)", location: diagnostic.location))
        }
        for diagnostic in base.filter(relevant) where !after.contains(key(diagnostic)) && seen.insert(key(diagnostic)).inserted {
            changes.append(.init(impact: .minor, area: .problem, kind: .fixed, component: nil, subject: diagnostic.rule.rawValue,
                                 message: "fixed \(drift(diagnostic).map { "\($0) (\(diagnostic.severity.rawValue))" } ?? diagnostic.severity.rawValue) [\(diagnostic.rule)]: \(diagnostic.message)", location: nil))
        }
        return changes
    }

    /// What a drift is called: the documentation disagreeing with the code, or with the saved
    /// Figma file and variables; nil for any other problem.
    package static func drift(_ diagnostic: Diagnostic) -> String? {
        // A readiness status Figma measures otherwise is the design file's drift.
        if diagnostic.rule == .readinessMeasured, diagnostic.message.contains("but Figma measures") { return "Figma drift" }
        if isDrift(diagnostic) { return "code drift" }
        if diagnostic.rule.area == "figma" && ![.figmaFolder, .figmaFile].contains(diagnostic.rule) { return "Figma drift" }
        return nil
    }

    /// A finding of the code checks: documentation and code that disagree.
    package static func isDrift(_ diagnostic: Diagnostic) -> Bool {
        (diagnostic.rule.area == "code" && ![.codeUnreadable, .codeUnchecked].contains(diagnostic.rule)) || diagnostic.rule == .readinessMeasured
    }
}
