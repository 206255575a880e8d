import Foundation
import CatalogCore
import CatalogModel
import CatalogAnalysis

/// `conformance.criterion`: every WCAG success criterion an accessibility requirement or a
/// manual result names is one the standard's catalogue has.
package struct ConformanceCriterionRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        let named = component.accessibility.flatMap(\.criteria) + component.conformanceTests.flatMap(\.criteria)
        return named.compactMap { criterion -> Diagnostic? in
            guard WCAG.criterion(criterion.value) == nil else { return nil }
            let written = criterion.value.trimmingCharacters(in: .whitespaces)
            // `SC 2.5.8`, `wcag258`, `2.5.8 Target Size`: the number the catalogue knows.
            let digits = written.filter { $0.isNumber || $0 == "." }.trimmingCharacters(in: CharacterSet(charactersIn: "."))
            let guess = WCAG.criterion(digits).map { " (did you mean '\($0.id)', \($0.handle)?)" }
                ?? DidYouMean.hint(for: written, in: WCAG.criteria.map(\.id))
            return .error(.conformanceCriterion, "'\(TextSafety.escaped(criterion.value))' is not a WCAG 2.2 success criterion\(guess); write its number as WCAG numbers it, such as \"2.5.8\" (Target Size (Minimum))", at: criterion.location)
        }
    }
}

/// `conformance.stale`: a manual result older than `stale-after`, or made before the component
/// last changed in a release, no longer counts.
package struct ConformanceStaleRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard input.catalog.settings.conformance != nil else { return [] }
        return component.conformanceTests.compactMap { test in
            ConformanceStaleness.reason(test, component: component, catalog: input.catalog).map { reason in
                .warning(.conformanceStale, "the manual result with \(test.with) of \(test.date.value) is stale (\(reason)), so it no longer counts as evidence; test again and record the new result", at: test.date.location)
            }
        }
    }
}

/// `conformance.evidence` and `conformance.fails`: the audit's results for a component were made
/// from its inputs as they are (else they are stale), and each check they record as failed is
/// said at the example or state it failed on.
package struct ConformanceEvidenceRule: ComponentRule {
    package func check(_ component: Component, in input: CheckInput) -> [Diagnostic] {
        guard input.catalog.settings.conformance != nil, let result = input.catalog.audit.components[component.slug] else { return [] }
        if result.key != AuditKey.value(component, catalog: input.catalog, theme: input.theme) {
            return [.warning(.conformanceEvidence, "the audit's results for \(component.name.value) (\(result.date)) were made before its files, its tokens or the theme changed, so they no longer count; run `catalog-build audit --only \(component.slug)`", at: component.location)]
        }
        var diagnostics: [Diagnostic] = []
        for (id, finding) in result.criteria.sorted(by: { $0.key < $1.key }) {
            let criterion = WCAG.criterion(id).map { "\($0.id) \($0.handle)" } ?? id
            for failure in finding.failures {
                let location = ComponentConformance.location(ofSubject: failure.subject, in: component) ?? component.location
                diagnostics.append(.warning(.conformanceFails, "\(component.name.value) does not support WCAG \(criterion): \(failure.check) failed on \(ComponentConformance.subjectName(failure.subject, component)) at \(failure.conditions): \(failure.detail)", at: location))
            }
        }
        return diagnostics
    }
}

/// `conformance.evidence`: the results file is there once the catalog has something to audit.
package struct ConformanceFilesRule: CatalogRule {
    package func check(_ input: CheckInput) -> [Diagnostic] {
        guard let settings = input.catalog.settings.conformance, input.catalog.audit.file == nil, input.catalog.audit.problems.isEmpty else { return [] }
        return [.warning(.conformanceEvidence, "there are no audit results in \(settings.evidence.value)/\(AuditFile.name) yet, so only contrast and manual results are evidence; run `catalog-build audit` and commit what it writes", at: settings.evidence.location)]
    }
}
