import CatalogModel

/// The catalog's conformance: every criterion of the standard up to its level (and any above it
/// a component names), with each component's result and one result for the catalog — what the
/// conformance page's matrix and the OpenACR report show.
public struct CatalogConformance: Sendable, Hashable {
    public struct Cell: Sendable, Hashable {
        public var slug: String
        public var name: String
        public var result: Adherence
        public var summary: String
        /// What its support rests on (`the browser audit and a manual test`).
        public var basis: String?
    }

    public struct Row: Sendable, Hashable {
        public var criterion: WCAG.Criterion
        /// The components with a result for it, in the catalog's order.
        public var cells: [Cell]
        /// For the catalog as a whole: nil when no component has evidence for it.
        public var result: Adherence?
        /// The report's remarks: what supports it and what does not, by component.
        public var notes: String
    }

    public var settings: ConformanceSettings
    public var rows: [Row]
    /// Components with a conformance section, in the catalog's order.
    public var components: [(slug: String, name: String)] {
        get { zip(slugs, names).map { ($0, $1) } }
        set {
            slugs = newValue.map(\.slug)
            names = newValue.map(\.name)
        }
    }
    public var slugs: [String] = []
    public var names: [String] = []

    /// How many criteria each result has (`supports: 12`), for the summary line.
    public var counts: [(result: Adherence?, count: Int)] {
        let order: [Adherence?] = Adherence.allCases.map { $0 } + [nil]
        return order.compactMap { result in
            let count = rows.filter { $0.result == result }.count
            return count > 0 ? (result, count) : nil
        }
    }

    public static func == (left: CatalogConformance, right: CatalogConformance) -> Bool {
        left.settings == right.settings && left.rows == right.rows && left.slugs == right.slugs && left.names == right.names
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(slugs)
    }

    /// nil without `conformance:` in catalog.yaml.
    public static func make(_ components: [(Component, ComponentConformance?)], settings: ConformanceSettings?) -> CatalogConformance? {
        guard let settings else { return nil }
        let judged = components.compactMap { component, conformance in conformance.map { (component, $0) } }
        var named = Set<String>()
        for (_, conformance) in judged { named.formUnion(conformance.rows.map(\.criterion.id)) }
        var rows: [Row] = []
        for criterion in WCAG.criteria where criterion.level <= settings.level || named.contains(criterion.id) {
            let cells = judged.compactMap { component, conformance in
                conformance.row(criterion.id).map { Cell(slug: component.slug, name: component.name.value, result: $0.result, summary: $0.summary, basis: $0.basis) }
            }
            rows.append(Row(criterion: criterion, cells: cells, result: Self.aggregate(cells.map(\.result)), notes: Self.notes(cells)))
        }
        var report = CatalogConformance(settings: settings, rows: rows)
        report.components = judged.map { ($0.0.slug, $0.0.name.value) }
        return report
    }

    /// The catalog's result from its components': supports when every component evaluated
    /// supports it; does not support when none does; partially supports between; not
    /// applicable when it applies to none; nil when no component was evaluated against it.
    static func aggregate(_ results: [Adherence]) -> Adherence? {
        let evaluated = results.filter { $0 == .supports || $0 == .partiallySupports || $0 == .doesNotSupport }
        if evaluated.isEmpty {
            return results.contains(.notApplicable) ? .notApplicable : nil
        }
        if evaluated.allSatisfy({ $0 == .supports }) { return .supports }
        if evaluated.allSatisfy({ $0 == .doesNotSupport }) { return .doesNotSupport }
        return .partiallySupports
    }

    /// `Supports: Switch, Checkbox. Does not support: Radio group (example “Default” at 390 px: …).`
    static func notes(_ cells: [Cell]) -> String {
        var parts: [String] = []
        for result in Adherence.allCases {
            let matching = cells.filter { $0.result == result }
            guard !matching.isEmpty else { continue }
            // What supports it is named; what does not, or why it does not apply, is said.
            let names = matching.map { result == .supports ? "\($0.name) (\($0.basis ?? $0.summary))" : "\($0.name) (\($0.summary))" }
            parts.append("\(result.label): " + names.joined(separator: "; ") + ".")
        }
        return parts.joined(separator: " ")
    }
}
