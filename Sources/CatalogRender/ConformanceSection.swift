import CatalogCore
import CatalogModel
import CatalogAnalysis

/// A component's Conformance section (`conformance:` in catalog.yaml): each WCAG criterion with
/// its level, result and the evidence it rests on, and the same as `conformance` in
/// component.json, components.json and MCP.
package struct ConformanceSection: Hashable, Sendable {
    package var conformance: ComponentConformance
    package var slug: String
    /// Where the failing examples are shown, relative to the site root (`components/switch/`).
    package var demoPage: String
    package var standard: String
    package var level: String

    package init?(_ component: Component, in catalog: Catalog, analysis: ComponentAnalysis) {
        guard let conformance = analysis.conformance, let settings = catalog.settings.conformance else { return nil }
        self.conformance = conformance
        slug = component.slug
        demoPage = ComponentTabs.of(component, in: catalog)?.tab(showing: .demo).pagePath ?? component.pagePath
        standard = settings.standard
        level = settings.level.rawValue
    }

    /// The badge of a result: its word, a tone and the theme's icon (never colour alone).
    package static func badge(_ result: Adherence?, theme: Theme) -> Badge {
        let tone = switch result {
        case .supports: "positive"
        case .partiallySupports: "caution"
        case .doesNotSupport: "negative"
        case .notApplicable: "neutral"
        case .notEvaluated, nil: "none"
        }
        return Badge(label: result?.label ?? "No evidence", tone: tone, icon: StatusBadge.icon(tone, theme: theme), id: result?.rawValue ?? "no-evidence")
    }

    /// `Audit`, `Contrast`, `Manual test`.
    static func sourceLabel(_ source: ComponentConformance.Evidence.Source) -> String {
        switch source {
        case .audit: "Audit"
        case .contrast: "Contrast"
        case .manual: "Manual test"
        }
    }

    /// The page's fields; `href` makes a site-relative path relative to the page.
    package func fields(theme: Theme, href: (String) -> String) -> Fields {
        Fields(
            standard: standard == "wcag-2.2" ? "WCAG 2.2" : standard, level: level,
            audited: conformance.audited ?? "", browser: conformance.browser ?? "", auditStale: conformance.auditStale,
            rows: conformance.rows.map { row in
                Fields.Row(
                    id: row.criterion.id, handle: row.criterion.handle, level: row.criterion.level.rawValue,
                    result: Self.badge(row.result, theme: theme), summary: row.summary,
                    requirements: zip(row.requirementTexts, row.responsibilities).map { "\($0) (\($1.rawValue))" }.joined(separator: "; "),
                    evidence: row.evidence.map { evidence in
                        Fields.Evidence(source: Self.sourceLabel(evidence.source), text: evidence.text, passed: evidence.passed, stale: evidence.stale,
                                        href: evidence.source == .audit && !evidence.passed ? href(demoPage) + "#demo" : "")
                    }
                )
            }
        )
    }

    package struct Fields: TemplateFields {
        package var standard: String
        package var level: String
        package var audited: String
        package var browser: String
        package var auditStale: Bool
        package var rows: [Row]

        package static let fields: [String: TemplateField<Self>] = [
            "standard": .value { $0.standard },
            "level": .value { $0.level },
            "audited": .value { $0.audited },
            "has_audit": .value { !$0.audited.isEmpty },
            "browser": .value { $0.browser },
            "audit_stale": .value { $0.auditStale },
            "rows": .list { $0.rows },
            "has_rows": .value { !$0.rows.isEmpty },
        ]

        package struct Row: TemplateFields {
            package var id: String
            package var handle: String
            package var level: String
            package var result: Badge
            package var summary: String
            package var requirements: String
            package var evidence: [Evidence]

            package static let fields: [String: TemplateField<Self>] = [
                "id": .value { $0.id },
                "handle": .value { $0.handle },
                "level": .value { $0.level },
                "result": .object { $0.result },
                "summary": .value { $0.summary },
                "requirements": .value { $0.requirements },
                "has_requirements": .value { !$0.requirements.isEmpty },
                "evidence": .list { $0.evidence },
                "has_evidence": .value { !$0.evidence.isEmpty },
            ]
        }

        package struct Evidence: TemplateFields {
            package var source: String
            package var text: String
            package var passed: Bool
            package var stale: Bool
            package var href: String

            package static let fields: [String: TemplateField<Self>] = [
                "source": .value { $0.source },
                "text": .value { $0.text },
                "passed": .value { $0.passed },
                "stale": .value { $0.stale },
                "href": .value { $0.href },
                "has_href": .value { !$0.href.isEmpty },
            ]
        }
    }

    /// The twin's "Conformance" section, from `conformance` as component.json has it: a table
    /// of criterion, level, result and what it rests on.
    package static func markdown(_ conformance: JSONText.Value) -> String {
        var text = "## Conformance\n\n"
        if conformance.field("auditStale") == .bool(true) {
            text += "The audit's results were made from other inputs than the component has now; they do not count until `catalog-build audit` runs again.\n\n"
        }
        guard case .array(let rows)? = conformance.field("criteria"), !rows.isEmpty else {
            return text + "No criterion has evidence or a requirement naming it yet.\n\n"
        }
        text += PageMarkdown.table(["Criterion", "Level", "Result", "Evidence"], rows.map { row in
            [(row.field("id")?.stringValue ?? "") + " " + (row.field("name")?.stringValue ?? ""), row.field("level")?.stringValue ?? "",
             Adherence(rawValue: row.field("result")?.stringValue ?? "")?.label ?? "", row.field("summary")?.stringValue ?? ""]
        })
        return text
    }

    /// `conformance` in component.json: the standard, when it was audited, and each criterion's
    /// result with its evidence (a failure with the file and line of its example).
    package var json: JSONText.Value {
        typealias V = JSONText.Value
        return .object([
            "standard": .string(standard),
            "level": .string(level),
            "audited": V(conformance.audited),
            "browser": V(conformance.browser),
            "auditStale": .bool(conformance.auditStale),
            "criteria": .array(conformance.rows.map { row in
                .object([
                    "id": .string(row.criterion.id),
                    "name": .string(row.criterion.handle),
                    "level": .string(row.criterion.level.rawValue),
                    "result": .string(row.result.rawValue),
                    "summary": .string(row.summary),
                    "requirements": .array(zip(row.requirementTexts, row.responsibilities).map { .object(["requirement": .string($0), "responsibility": .string($1.rawValue)]) }),
                    "evidence": .array(row.evidence.map { evidence in
                        var fields: [String: V] = [
                            "source": .string(evidence.source.rawValue),
                            "result": .string(evidence.verdict.rawValue),
                            "stale": .bool(evidence.stale),
                            "text": .string(evidence.text),
                        ]
                        if let location = evidence.location {
                            fields["file"] = .string(location.file)
                            fields["line"] = .number(String(location.line))
                        }
                        return .object(fields)
                    }),
                ])
            }),
        ])
    }
}
