import CatalogCore
import CatalogSource
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
        let folders = ignoringFolders(catalog, today: today)
        let lapsed = catalog.components.flatMap { $0.ignores.filter { $0.lapsed(on: today) } }
        guard !levels.isEmpty || !folders.isEmpty || !lapsed.isEmpty else { return (diagnostics.sortedForDisplay(), []) }
        var used = Set<RuleIgnore>()
        var shown: [Diagnostic] = []
        var suppressed: [Diagnostic] = []

        func configure(_ diagnostic: Diagnostic) {
            if let ignore = folders.first(where: { diagnostic.location.file.hasPrefix($0.prefix) })?.ignores.first(where: { $0.rule == diagnostic.rule }) {
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
        for ignore in lapsed {
            let day = ignore.until?.value ?? ""
            configure(.warning(.ruleIgnoreLapsed, "this ignore: of '\(ignore.rule)' was until \(day), so what it silenced is reported again; fix it, or move the day on with a reason", at: ignore.until?.location ?? ignore.location))
        }
        if complete {
            for (_, ignores) in folders {
                for ignore in ignores where !used.contains(ignore) {
                    configure(.warning(.ruleStaleIgnore, "this ignore: of '\(ignore.rule)' silenced nothing in the component's files (the problem was fixed, or the rule never applied here); remove the entry", at: ignore.location))
                }
            }
        }
        return (shown.sortedForDisplay(), suppressed.sortedForDisplay())
    }

    /// Whether a finding of `rule` at `location` would be silenced (`diff` asks this of the
    /// contrast pairs it measures itself).
    package static func silences(_ rule: RuleID, at location: SourceLocation, in catalog: Catalog) -> Bool {
        if catalog.settings.rules.last(where: { $0.rule == rule })?.level == .off { return true }
        let file = TextSafety.escaped(location.file)
        return ignoringFolders(catalog, today: BuildDay.today).contains { file.hasPrefix($0.prefix) && $0.ignores.contains { $0.rule == rule } }
    }

    /// Each component folder with an `ignore:` in force (its path with a final `/`, as
    /// diagnostics name files), and those entries.
    private static func ignoringFolders(_ catalog: Catalog, today: String) -> [(prefix: String, ignores: [RuleIgnore])] {
        catalog.components.compactMap { component in
            let ignores = component.ignores.filter { !$0.lapsed(on: today) }
            guard !ignores.isEmpty else { return nil }
            let file = component.location.file
            guard let slash = file.lastIndex(of: "/") else { return nil }
            return (TextSafety.escaped(String(file[...slash])), ignores)
        }
    }
}
