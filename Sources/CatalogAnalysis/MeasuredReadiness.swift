import CatalogModel
/// Readiness C4 (Native Mappability) and C7 (Code Connect Linkability) measured from the code,
/// for a component that names its implementation and whose platforms' sources `code:` gives.
public struct MeasuredReadiness: Sendable, Hashable {
    /// The rubric criterion's id (`C4`).
    public var criterion: String
    public var status: ReadinessStatus
    /// What the measurement rests on, in a sentence.
    public var evidence: String
    /// What was read to measure it, as the pages label it: `Code` or `Screenshots`.
    public var source = "Code"

    /// The source as a sentence names it: `code`, `screenshots`, `Figma file`.
    public var sourceInSentence: String { source == "Figma" ? "Figma file" : source.lowercased() }

    /// Whether a declared status says otherwise (another tone); nothing declared never differs.
    public func differs(from declared: ReadinessStatus?) -> Bool {
        declared.map { $0.tone != status.tone } ?? false
    }
}

package enum CodeReadiness {
    /// The criteria measured: built-in ids, or the same names in a catalog's own rubric.
    package static let mappability = (id: "C4", name: "Native Mappability")
    package static let linkability = (id: "C7", name: "Code Connect Linkability")

    package static func criterion(_ wanted: (id: String, name: String), in rubric: ReadinessRubric) -> Criterion? {
        rubric.criteria.first { $0.id == wanted.id } ?? rubric.criteria.first { $0.name.lowercased() == wanted.name.lowercased() }
    }

    /// The rubric's first status of a tone (not-mapped falls back to the negative one).
    package static func status(_ tone: Tone, in rubric: ReadinessRubric) -> ReadinessStatus? {
        rubric.statuses.first { $0.tone == tone } ?? (tone == .caution ? rubric.statuses.first { $0.tone == .negative } : nil)
    }

    package static func measure(_ component: Component, catalog: Catalog.Shared) -> [MeasuredReadiness] {
        measure(CodeDrift.compare(component, with: catalog.code), rubric: catalog.settings.rubric)
    }

    package static func measure(_ results: [CodeDrift.PlatformResult], rubric: ReadinessRubric) -> [MeasuredReadiness] {
        guard !results.isEmpty else { return [] }
        var measured: [MeasuredReadiness] = []
        func describe(_ result: CodeDrift.PlatformResult) -> String {
            "\(PlatformName.display(result.platform)) \(result.implementation?.value ?? "")"
        }
        if let criterion = criterion(mappability, in: rubric) {
            let drifting = results.filter(\.drifts)
            let evidence: String
            if drifting.isEmpty {
                evidence = results.map(describe).joined(separator: " and ") + (results.count == 1 ? " matches" : " match") + " every mapping"
            } else {
                evidence = drifting.map { result in
                    result.api == nil ? "\(describe(result)) is not in the code"
                        : "\(describe(result)): \(result.findings.filter { $0.severity == .error }.count) mapping\(result.findings.filter { $0.severity == .error }.count == 1 ? "" : "s") drift"
                }.joined(separator: "; ")
            }
            if let status = status(drifting.isEmpty ? .positive : .negative, in: rubric) {
                measured.append(MeasuredReadiness(criterion: criterion.id, status: status, evidence: evidence))
            }
        }
        if let criterion = criterion(linkability, in: rubric) {
            let linked = results.filter(\.isLinked)
            let evidence: String
            if linked.count == results.count {
                evidence = "Code Connect links " + results.map(describe).joined(separator: " and ")
            } else {
                evidence = "no Code Connect declaration names " + results.filter { !$0.isLinked }.map(describe).joined(separator: " or ")
            }
            if let status = status(linked.count == results.count ? .positive : .caution, in: rubric) {
                measured.append(MeasuredReadiness(criterion: criterion.id, status: status, evidence: evidence))
            }
        }
        return measured
    }
}
