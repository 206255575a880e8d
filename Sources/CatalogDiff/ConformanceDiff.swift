import CatalogCore
import CatalogModel
import CatalogAnalysis
import CatalogPipeline

/// A WCAG criterion whose result got worse for a component (supports → does not support), or
/// better, with what the head's result rests on and where.
extension CatalogDiff {
    package static func conformanceChanges(base: PipelineResult, head: PipelineResult) -> [CatalogChanges.Change] {
        guard let after = head.catalog, after.settings.conformance != nil else { return [] }
        func results(_ result: PipelineResult) -> [String: [String: ComponentConformance.Row]] {
            guard let catalog = result.catalog else { return [:] }
            var rows: [String: [String: ComponentConformance.Row]] = [:]
            for component in catalog.components {
                guard let conformance = ComponentConformance.evaluate(component, catalog: catalog.shared, theme: result.theme?.loaded) else { continue }
                rows[component.slug] = Dictionary(conformance.rows.map { ($0.criterion.id, $0) }, uniquingKeysWith: { first, _ in first })
            }
            return rows
        }
        let before = results(base), now = results(head)
        var changes: [CatalogChanges.Change] = []
        for component in after.components {
            guard let rows = now[component.slug] else { continue }
            for criterion in WCAG.criteria {
                guard let row = rows[criterion.id] else { continue }
                let was = before[component.slug]?[criterion.id]?.result
                let subject = "WCAG \(criterion.id) \(criterion.handle)"
                let location = row.failures.first?.location ?? component.location
                if row.result.severity > (was ?? .supports).severity, row.result == .doesNotSupport || row.result == .partiallySupports {
                    changes.append(.init(
                        impact: row.result == .doesNotSupport ? .breaking : .notable, area: .accessibility, kind: .regressed, component: component.slug, subject: subject,
                        message: "\(subject) went from \((was ?? .notEvaluated).label.lowercased()) to \(row.result.label.lowercased()): \(row.summary)",
                        before: was?.rawValue, after: row.result.rawValue, location: location
                    ))
                } else if let was, was.severity >= Adherence.partiallySupports.severity, row.result == .supports {
                    changes.append(.init(
                        impact: .minor, area: .accessibility, kind: .fixed, component: component.slug, subject: subject,
                        message: "\(subject) went from \(was.label.lowercased()) to supports: \(row.summary)",
                        before: was.rawValue, after: row.result.rawValue, location: location
                    ))
                }
            }
        }
        return changes
    }
}
