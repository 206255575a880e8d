import CatalogCore
import CatalogModel

/// One component's conformance: for each WCAG success criterion its requirements name, its
/// manual results check, or the audit and the contrast measurement found something for, the
/// result (supports / partially supports / does not support / not applicable / not evaluated)
/// and the evidence it rests on. Worked out once a run: the check, the page, the conformance
/// page, the OpenACR report, `component.json`, MCP and `diff` all read this.
public struct ComponentConformance: Sendable, Hashable {
    public struct Evidence: Sendable, Hashable {
        public enum Source: String, Sendable, Hashable {
            /// What `catalog-build audit` found in the browser.
            case audit
            /// A contrast pair measured from the tokens in every mode.
            case contrast
            /// A manual result of `conformance.tests`.
            case manual
        }

        public var source: Source
        /// What it found: supports, partially supports, does not support or not applicable.
        public var verdict: Adherence
        /// Whether it found the criterion met (or not applicable).
        public var passed: Bool { verdict == .supports || verdict == .notApplicable }
        /// What it says, in a sentence.
        public var text: String
        /// Whether it no longer counts (inputs changed since, or too old).
        public var stale: Bool = false
        /// Where its reason is (the failing example's line, the manual result, the token).
        public var location: SourceLocation?
    }

    public struct Row: Sendable, Hashable {
        public var criterion: WCAG.Criterion
        public var result: Adherence
        /// Why, in a sentence (what the result rests on).
        public var summary: String
        public var evidence: [Evidence]
        /// The requirements that name the criterion, and who meets each.
        public var requirementTexts: [String] = []
        public var responsibilities: [AccessibilityRequirement.Responsibility] = []

        /// What its support rests on, each passing piece of evidence said (nil: nothing passed).
        public var basis: String? {
            let passed = evidence.filter { !$0.stale && $0.verdict == .supports }
            return passed.isEmpty ? nil : passed.map(\.text).joined(separator: "; ")
        }

        /// The evidence that counts and failed: what makes the row "does not support".
        public var failures: [Evidence] { evidence.filter { !$0.stale && !$0.passed } }
    }

    public var rows: [Row]
    /// The day the audit ran for the component (nil: never).
    public var audited: String?
    /// Whether the audit's results were made from other inputs than the component has now.
    public var auditStale: Bool
    /// The browser the audit ran in.
    public var browser: String?

    /// The row of a criterion.
    public func row(_ id: String) -> Row? { rows.first { $0.criterion.id == id } }

    /// nil without `conformance:` in catalog.yaml.
    public static func evaluate(_ component: Component, catalog: Catalog.Shared, theme: LoadedTheme?) -> ComponentConformance? {
        guard let settings = catalog.settings.conformance else { return nil }
        var byCriterion: [String: (evidence: [Evidence], requirements: [(String, AccessibilityRequirement.Responsibility)], named: Bool)] = [:]
        func add(_ id: String, _ evidence: Evidence) { byCriterion[id, default: ([], [], false)].evidence.append(evidence) }

        for requirement in component.accessibility {
            for criterion in requirement.criteria where WCAG.criterion(criterion.value) != nil {
                byCriterion[criterion.value, default: ([], [], false)].requirements.append((requirement.requirement.value, requirement.responsibility))
                byCriterion[criterion.value]?.named = true
            }
        }
        // Manual results.
        for test in component.conformanceTests {
            let stale = ConformanceStaleness.reason(test, component: component, catalog: catalog)
            var text = "\(test.result == .pass ? "Passed" : test.result == .fail ? "Failed" : test.result == .partial ? "Partly passed" : "Not applicable") with \(test.with) on \(test.date.value)"
            if let by = test.by { text += " by \(by)" }
            if let notes = test.notes { text += ": \(notes)" }
            if let stale { text += " (stale: \(stale))" }
            for criterion in test.criteria where WCAG.criterion(criterion.value) != nil {
                add(criterion.value, Evidence(source: .manual, verdict: test.result.adherence, text: text, stale: stale != nil, location: test.location))
                byCriterion[criterion.value]?.named = true
            }
        }
        // The audit's results, stale when the inputs they were made from changed.
        let result = catalog.audit.components[component.slug]
        let key = AuditKey.value(component, catalog: catalog, theme: theme)
        let auditStale = result.map { $0.key != key } ?? false
        for (id, finding) in (result?.criteria ?? [:]).sorted(by: { $0.key < $1.key }) where WCAG.criterion(id) != nil {
            if finding.passed > 0 {
                let checks = finding.checks.prefix(6).joined(separator: ", ") + (finding.checks.count > 6 ? ", …" : "")
                add(id, Evidence(source: .audit, verdict: .supports, text: "\(finding.passed) automated check\(finding.passed == 1 ? "" : "s") passed in the browser (\(checks))", stale: auditStale))
            }
            for failure in finding.failures {
                add(id, Evidence(source: .audit, verdict: .doesNotSupport, text: "\(Self.subjectName(failure.subject, component)) at \(failure.conditions): \(failure.detail)",
                                 stale: auditStale, location: Self.location(ofSubject: failure.subject, in: component)))
            }
        }
        // Contrast, measured from the tokens in every mode.
        let kind = component.demo.flatMap { theme?.kinds[$0.kind.value] }
        var measured: [String: (count: Int, failures: [Evidence])] = [:]
        for appearance in component.appearances where !ContrastPairs.isExempt(appearance) {
            for (pair, mode) in ContrastPairs.measured(for: appearance, kind: kind, in: catalog) {
                let id = pair.kind.criterion
                measured[id, default: (0, [])].count += 1
                guard !pair.passes else { continue }
                let against = pair.background.map { "\($0.role) (\(pair.backgroundColor.hex))" } ?? "the page (\(pair.backgroundColor.hex))"
                measured[id]?.failures.append(Evidence(source: .contrast, verdict: .doesNotSupport,
                    text: "“\(appearance.name.value)”\(mode.map { " in \($0)" } ?? ""): \(pair.foreground.role) (\(pair.foregroundColor.hex)) against \(against) is \(pair.ratioText), under \(CSSNumber.format(pair.required)):1",
                    location: pair.foreground.token.location))
            }
        }
        for (id, found) in measured.sorted(by: { $0.key < $1.key }) {
            let modes = (catalog.modes?.resolutions.count ?? 0) + 1
            if found.failures.count < found.count {
                add(id, Evidence(source: .contrast, verdict: .supports, text: "\(found.count - found.failures.count) of \(found.count) colour pairs meet their minimum, measured from the tokens in \(modes) mode\(modes == 1 ? "" : "s")"))
            }
            for failure in found.failures { add(id, failure) }
        }

        var rows: [Row] = []
        for criterion in WCAG.criteria {
            guard let entry = byCriterion[criterion.id] else { continue }
            // A criterion above the level reported is shown only when the team names it.
            guard criterion.level <= settings.level || entry.named else { continue }
            var row = Row(criterion: criterion, result: .notEvaluated, summary: "", evidence: entry.evidence)
            row.requirementTexts = entry.requirements.map(\.0)
            row.responsibilities = entry.requirements.map(\.1)
            (row.result, row.summary) = Self.judge(row)
            rows.append(row)
        }
        return ComponentConformance(rows: rows, audited: result?.date, auditStale: auditStale, browser: result == nil ? nil : catalog.audit.browser)
    }

    /// A row's result from the evidence that counts.
    static func judge(_ row: Row) -> (Adherence, String) {
        let counted = row.evidence.filter { !$0.stale }
        if let failure = counted.first(where: { $0.verdict == .doesNotSupport }) {
            let more = counted.filter { $0.verdict == .doesNotSupport }.count - 1
            return (.doesNotSupport, failure.text + (more > 0 ? " (and \(more) more)" : ""))
        }
        if let partial = counted.first(where: { $0.verdict == .partiallySupports }) {
            return (.partiallySupports, partial.text)
        }
        if let basis = basis(counted) {
            return (.supports, "Supported, with nothing failing: \(basis)")
        }
        if let notApplicable = counted.first(where: { $0.verdict == .notApplicable }) {
            return (.notApplicable, notApplicable.text)
        }
        if !row.responsibilities.isEmpty, row.responsibilities.allSatisfy({ $0 == .consumer }) {
            return (.notApplicable, "Met by the product that uses the component: " + row.requirementTexts.joined(separator: "; "))
        }
        if !row.evidence.isEmpty {
            return (.notEvaluated, "Its evidence is stale: run catalog-build audit again, or test it again")
        }
        return (.notEvaluated, "No evidence yet: no audit check or manual result covers it")
    }

    /// What a supported criterion rests on: `the browser audit, the contrast of its tokens in
    /// every mode and 2 manual tests` (nil: nothing passed).
    static func basis(_ evidence: [Evidence]) -> String? {
        let passed = evidence.filter { $0.verdict == .supports }
        guard !passed.isEmpty else { return nil }
        var parts: [String] = []
        let audit = passed.filter { $0.source == .audit }.count
        let contrast = passed.filter { $0.source == .contrast }.count
        let manual = passed.filter { $0.source == .manual }.count
        if audit > 0 { parts.append("the browser audit") }
        if contrast > 0 { parts.append("the contrast of its tokens in every mode") }
        if manual > 0 { parts.append(manual == 1 ? "a manual test" : "\(manual) manual tests") }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1] : parts[0]
    }

    /// `example “Default”`, `state “Disabled”`, `web example “Inline”` for a subject id.
    public static func subjectName(_ subject: String, _ component: Component) -> String {
        if subject.hasPrefix("web:") {
            let id = String(subject.dropFirst(4))
            return component.webExamples.first { $0.id == id }.map { "web example “\($0.title.value)”" } ?? "web example \(id)"
        }
        if subject.hasPrefix("ex"), let index = Int(subject.dropFirst(2)), let demo = component.demo, index >= 1, index <= demo.examples.count {
            return "example “\(demo.examples[index - 1].title?.value ?? "Example \(index)")”"
        }
        if subject.hasPrefix("st"), let index = Int(subject.dropFirst(2)), index >= 1, index <= component.states.count {
            return "state “\(component.states[index - 1].name.value)”"
        }
        return subject
    }

    /// Where a subject is written in component.yaml (nil: it is gone).
    public static func location(ofSubject subject: String, in component: Component) -> SourceLocation? {
        if subject.hasPrefix("web:") {
            let id = String(subject.dropFirst(4))
            return component.webExamples.first { $0.id == id }?.title.location
        }
        if subject.hasPrefix("ex"), let index = Int(subject.dropFirst(2)), let demo = component.demo, index >= 1, index <= demo.examples.count {
            let example = demo.examples[index - 1]
            return example.title?.location ?? example.location
        }
        if subject.hasPrefix("st"), let index = Int(subject.dropFirst(2)), index >= 1, index <= component.states.count {
            return component.states[index - 1].name.location
        }
        return nil
    }
}

/// When a manual result stops counting.
public enum ConformanceStaleness {
    /// Why `test` is stale (nil: it still counts): older than `stale-after`, or made before the
    /// component last changed in a release.
    public static func reason(_ test: ConformanceTest, component: Component, catalog: Catalog.Shared) -> String? {
        if let days = catalog.settings.conformance?.staleAfterDays, let made = BuildDay.number(test.date.value),
           let today = BuildDay.number(catalog.today), today - made > days {
            return "made \(today - made) days ago, more than stale-after's \(days)"
        }
        if let history = catalog.history {
            let changed = history.component(component.slug, notes: []).compactMap { $0.release }
            if let last = changed.first, last.day > test.date.value {
                return "the component changed in \(last.tag) on \(last.day), after the test"
            }
        }
        return nil
    }
}

/// The key of the inputs an audit of a component saw: its files, the theme (templates, scripts,
/// each kind's keyboard contract), the page colour, the values of every token it reaches in every
/// mode, and the team's web files when it has examples of its own. A result recorded under
/// another key was made from other inputs and no longer counts.
public enum AuditKey {
    public static func value(_ component: Component, catalog: Catalog.Shared, theme: LoadedTheme?) -> String {
        var hash = StableHash.Combiner()
        hash.add(component.contentKey)
        hash.add(themeKey(theme, kind: component.demo?.kind.value))
        hash.add(catalog.settings.surface.hex)
        let sets = [catalog.tokens] + (catalog.modes?.resolutions.map(\.tokens) ?? [])
        for name in TokenUsage.used(by: component, tokens: catalog.tokens, modes: catalog.modes) {
            hash.add(name)
            for tokens in sets { hash.add(tokens.token(name)?.displayValue ?? "") }
        }
        if let surface = catalog.settings.surfaceToken?.value {
            for tokens in sets { hash.add(tokens.token(surface)?.displayValue ?? "") }
        }
        if !component.webExamples.isEmpty {
            // The team's files by their published paths and bytes (not where the catalog is).
            for (path, bytes) in catalog.webFiles.files.sorted(by: { $0.key < $1.key }) {
                hash.add(path)
                hash.add(StableHash.value(bytes))
            }
            for entry in catalog.webFiles.entries {
                hash.add(entry.written)
                hash.add(entry.published)
            }
            // Its markup may use any token: every token's value in every mode.
            for tokens in sets {
                for name in tokens.names {
                    hash.add(name)
                    hash.add(tokens.token(name)?.displayValue ?? "")
                }
            }
        }
        return String(hash.value, radix: 16)
    }

    /// What of the theme an audit of a component of `kind` depends on: every demo template, the
    /// page templates a demo is drawn in, the kind's contract (its keyboard), its own script and
    /// stylesheet, the shared assets and the symbols. Another kind's script, or the template
    /// of another page (this one, the readiness dashboard), leaves its results as they are.
    static func themeKey(_ theme: LoadedTheme?, kind: String?) -> UInt64 {
        guard let source = theme?.source else { return 0 }
        var hash = StableHash.Combiner()
        let pages: Set<String> = ["base", "page-component", "sections/demo", "sections/states", "sections/examples", "example-frame"]
        for (name, template) in source.templates.sorted(by: { $0.key < $1.key }) where name.hasPrefix("demos/") || pages.contains(name) {
            hash.add(name)
            hash.add(template.text)
        }
        for (path, bytes) in source.assets.sorted(by: { $0.key < $1.key }) {
            guard !path.hasPrefix("demos/") || (kind.map { path.hasPrefix("demos/\($0).") } ?? false) else { continue }
            hash.add(path)
            hash.add(StableHash.value(bytes))
        }
        if let kind, let contract = source.kinds[kind] { hash.add(contract.text) }
        for (name, symbol) in source.symbols.sorted(by: { $0.key < $1.key }) {
            hash.add(name)
            hash.add(symbol)
        }
        hash.add(source.contentSecurityPolicy ?? "")
        return hash.value
    }
}

/// A rubric criterion about accessibility (its id or name says so: `Accessibility`, `A11Y`),
/// measured from the conformance: negative when a criterion is not supported, positive when
/// every criterion with evidence is supported; nothing when nothing has evidence yet.
package enum ConformanceReadiness {
    package static func criterion(in rubric: ReadinessRubric) -> Criterion? {
        rubric.criteria.first { criterion in
            let words = (criterion.id + " " + criterion.name).lowercased()
            return words.contains("accessib") || words.contains("a11y")
        }
    }

    package static func measure(_ conformance: ComponentConformance, rubric: ReadinessRubric) -> MeasuredReadiness? {
        guard let criterion = criterion(in: rubric) else { return nil }
        let failing = conformance.rows.filter { $0.result == .doesNotSupport || $0.result == .partiallySupports }
        let supported = conformance.rows.filter { $0.result == .supports }
        if let first = failing.first {
            guard let status = CodeReadiness.status(.negative, in: rubric) else { return nil }
            let names = failing.prefix(3).map { "\($0.criterion.id) \($0.criterion.handle)" }.joined(separator: ", ")
            return MeasuredReadiness(criterion: criterion.id, status: status, evidence: "\(failing.count) WCAG criteri\(failing.count == 1 ? "on is" : "a are") not supported (\(names)\(failing.count > 3 ? ", …" : "")): \(first.summary)", source: "Conformance")
        }
        guard !supported.isEmpty, let status = CodeReadiness.status(.positive, in: rubric) else { return nil }
        return MeasuredReadiness(criterion: criterion.id, status: status, evidence: "\(supported.count) WCAG criteri\(supported.count == 1 ? "on is" : "a are") supported, each with evidence", source: "Conformance")
    }
}
