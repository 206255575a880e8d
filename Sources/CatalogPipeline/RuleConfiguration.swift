import CatalogCore
import CatalogLoad
import CatalogModel
/// Applies catalog.yaml's `rules:` and the components' `ignore:` to the findings of a run. The
/// pipeline calls it once, so `check`, `build`, `serve`'s overlay and `diff` (which compares
/// two runs' findings) see the same configured findings; a silenced finding is kept aside with
/// its reason for `check --format json` and shown nowhere else.
package enum RuleConfiguration {
    /// The findings to show, with their configured severities, and the silenced ones (each with
    /// `suppressed` set to its reason). `complete` says every check ran, so an `ignore:` that
    /// silenced nothing is stale.
    /// An `ignore:` whose `until:` day is before `today` silences nothing and is a warning.
    package static func apply(_ diagnostics: [Diagnostic], catalog: Catalog, complete: Bool, today: String = BuildDay.today) -> (shown: [Diagnostic], suppressed: [Diagnostic]) {
        let levels = Dictionary(catalog.settings.rules.map { ($0.rule, $0.level) }, uniquingKeysWith: { _, last in last })
        let index = Ignores(catalog, today: today)
        guard !levels.isEmpty || !index.isEmpty else { return (diagnostics.sortedForDisplay(), []) }
        var used = Set<RuleIgnore>()
        var shown: [Diagnostic] = []
        var suppressed: [Diagnostic] = []

        func configure(_ diagnostic: Diagnostic) {
            if let ignore = index.entry(for: diagnostic.rule, in: diagnostic.location.file) {
                used.insert(ignore)
                var silenced = diagnostic
                silenced.suppressed = ignore.reason
                suppressed.append(silenced)
                return
            }
            guard let level = levels[diagnostic.rule] else { return shown.append(diagnostic) }
            guard let severity = level.severity else {
                var silenced = diagnostic
                silenced.suppressed = "turned off by rules: in catalog.yaml"
                suppressed.append(silenced)
                return
            }
            var configured = diagnostic
            configured.severity = severity
            shown.append(configured)
        }

        for diagnostic in diagnostics { configure(diagnostic) }
        for ignore in index.lapsed {
            let day = ignore.until?.value ?? ""
            configure(.warning(.ruleIgnoreLapsed, "this ignore: of '\(ignore.rule)' was until \(day), so what it silenced is reported again; fix it, or move the day on with a reason", at: ignore.until?.location ?? ignore.location))
        }
        if complete {
            for ignore in index.inForce where !used.contains(ignore) {
                configure(.warning(.ruleStaleIgnore, "this ignore: of '\(ignore.rule)' silenced nothing in the component's files (the problem was fixed, or the rule never applied here); remove the entry", at: ignore.location))
            }
        }
        return (shown.sortedForDisplay(), suppressed.sortedForDisplay())
    }

    /// Whether a finding of `rule` at `location` would be silenced (`diff` asks this of the
    /// contrast pairs it measures itself; build the `Ignores` once for many questions).
    package static func silences(_ rule: RuleID, at location: SourceLocation, in catalog: Catalog, ignores: Ignores? = nil) -> Bool {
        if catalog.settings.rules.last(where: { $0.rule == rule })?.level == .off { return true }
        return (ignores ?? Ignores(catalog, today: BuildDay.today)).entry(for: rule, in: location.file) != nil
    }

    /// The components' `ignore:` entries, found by the folder a file is in and the rule, in time
    /// that does not grow with their number (30,000 entries took 97 s when each finding and each
    /// stale check scanned them all).
    package struct Ignores {
        /// A component folder (its path with a final `/`, as diagnostics name files) → the first
        /// entry in force for each rule.
        private var byFolder: [String: [RuleID: RuleIgnore]] = [:]
        /// Every entry in force, in order, and every lapsed one.
        package private(set) var inForce: [RuleIgnore] = []
        package private(set) var lapsed: [RuleIgnore] = []

        package init(_ catalog: Catalog, today: String) {
            for component in catalog.components where !component.ignores.isEmpty {
                let file = component.location.file
                guard let slash = file.lastIndex(of: "/") else { continue }
                let folder = TextSafety.escaped(String(file[...slash]))
                for ignore in component.ignores {
                    if ignore.lapsed(on: today) {
                        lapsed.append(ignore)
                        continue
                    }
                    inForce.append(ignore)
                    if byFolder[folder, default: [:]][ignore.rule] == nil { byFolder[folder, default: [:]][ignore.rule] = ignore }
                }
            }
        }

        package var isEmpty: Bool { inForce.isEmpty && lapsed.isEmpty }

        /// The entry that silences `rule` in `file`, if one does: the folders above the file are
        /// looked up one by one.
        package func entry(for rule: RuleID, in file: String) -> RuleIgnore? {
            guard !byFolder.isEmpty else { return nil }
            let escaped = TextSafety.escaped(file)
            var index = escaped.startIndex
            while let slash = escaped[index...].firstIndex(of: "/") {
                if let found = byFolder[String(escaped[...slash])]?[rule] { return found }
                index = escaped.index(after: slash)
            }
            return nil
        }
    }
}
