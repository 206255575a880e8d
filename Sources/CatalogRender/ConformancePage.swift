import CatalogCore
import CatalogModel
import CatalogAnalysis

/// The catalog's conformance page (`conformance/index.html`): the totals, a matrix of criteria ×
/// components that fits a phone as the readiness matrix does, and the report — every criterion
/// of the standard up to its level with the catalog's result and remarks — which is the HTML
/// rendering of `conformance/openacr.yaml`, written beside it.
package struct ConformancePage: Hashable, Sendable {
    package var report: CatalogConformance
    package var title: String
    package var date: String?
    package var browser: String?
    /// Each component's page, by slug (relative to the site root).
    package var hrefs: [String: String]

    package init(report: CatalogConformance, catalog: Catalog) {
        self.report = report
        title = catalog.settings.title.value
        date = OpenACRReport.date(report, components: catalog.components, audit: catalog.shared.audit)
        browser = catalog.shared.audit.browser.isEmpty ? nil : catalog.shared.audit.browser
        var hrefs: [String: String] = [:]
        for component in catalog.components {
            hrefs[component.slug] = (ComponentTabs.of(component, in: catalog)?.tab(showing: .conformance).pagePath ?? component.pagePath)
        }
        self.hrefs = hrefs
    }

    package var openACR: String { OpenACRReport.yaml(report, title: title, date: date, browser: browser, toolVersion: SiteRenderer.version) }

    package func fields(theme: Theme) -> Fields {
        let evaluated = report.rows.filter { !$0.cells.isEmpty }
        return Fields(
            standard: report.settings.standard == "wcag-2.2" ? "WCAG 2.2" : report.settings.standard,
            level: report.settings.level.rawValue,
            product: report.settings.product ?? title,
            vendor: report.settings.vendor ?? "",
            contact: report.settings.contact ?? "",
            date: date ?? "",
            browser: browser ?? "",
            catalogue: WCAG.catalogue,
            totals: report.counts.map { Fields.Total(count: $0.count, label: $0.result?.label ?? "No evidence yet") },
            criteria: evaluated.map { Fields.Column(id: $0.criterion.id, name: $0.criterion.handle, level: $0.criterion.level.rawValue) },
            matrix: report.slugs.indices.map { index in
                let slug = report.slugs[index]
                return Fields.MatrixRow(
                    name: report.names[index], href: "../" + (hrefs[slug] ?? "") + "#conformance",
                    cells: evaluated.map { row in
                        let cell = row.cells.first { $0.slug == slug }
                        return Fields.MatrixCell(criterion: "\(row.criterion.id) \(row.criterion.handle)", result: cell.map { ConformanceSection.badge($0.result, theme: theme) })
                    }
                )
            },
            report: report.rows.map { row in
                Fields.ReportRow(id: row.criterion.id, handle: row.criterion.handle, level: row.criterion.level.rawValue,
                                 result: ConformanceSection.badge(row.result, theme: theme), notes: row.notes.isEmpty ? "No component's evidence covers it yet." : row.notes)
            }
        )
    }

    package struct Fields: TemplateFields {
        package var standard: String
        package var level: String
        package var product: String
        package var vendor: String
        package var contact: String
        package var date: String
        package var browser: String
        package var catalogue: String
        package var totals: [Total]
        package var criteria: [Column]
        package var matrix: [MatrixRow]
        package var report: [ReportRow]

        package static let fields: [String: TemplateField<Self>] = [
            "standard": .value { $0.standard },
            "level": .value { $0.level },
            "product": .value { $0.product },
            "vendor": .value { $0.vendor },
            "has_vendor": .value { !$0.vendor.isEmpty },
            "contact": .value { $0.contact },
            "has_contact": .value { !$0.contact.isEmpty },
            "date": .value { $0.date },
            "has_date": .value { !$0.date.isEmpty },
            "browser": .value { $0.browser },
            "has_browser": .value { !$0.browser.isEmpty },
            "catalogue": .value { $0.catalogue },
            "totals": .list { $0.totals },
            "criteria": .list { $0.criteria },
            "matrix": .list { $0.matrix },
            "has_matrix": .value { !$0.matrix.isEmpty && !$0.criteria.isEmpty },
            "report": .list { $0.report },
        ]

        package struct Total: TemplateFields {
            package var count: Int
            package var label: String
            package static let fields: [String: TemplateField<Self>] = ["count": .value { $0.count }, "label": .value { $0.label }]
        }

        package struct Column: TemplateFields {
            package var id: String
            package var name: String
            package var level: String
            package static let fields: [String: TemplateField<Self>] = ["id": .value { $0.id }, "name": .value { $0.name }, "level": .value { $0.level }]
        }

        package struct MatrixRow: TemplateFields {
            package var name: String
            package var href: String
            package var cells: [MatrixCell]
            package static let fields: [String: TemplateField<Self>] = ["name": .value { $0.name }, "href": .value { $0.href }, "cells": .list { $0.cells }]
        }

        package struct MatrixCell: TemplateFields {
            package var criterion: String
            package var result: Badge?
            package static let fields: [String: TemplateField<Self>] = [
                "criterion": .value { $0.criterion },
                "has_result": .value { $0.result != nil },
                "result": TemplateField(shape: .object { Badge.shapes }, read: { $0.result.map { $0 as Any } ?? NoFields() }),
            ]
        }

        package struct ReportRow: TemplateFields {
            package var id: String
            package var handle: String
            package var level: String
            package var result: Badge
            package var notes: String
            package static let fields: [String: TemplateField<Self>] = [
                "id": .value { $0.id }, "handle": .value { $0.handle }, "level": .value { $0.level },
                "result": .object { $0.result }, "notes": .value { $0.notes },
            ]
        }
    }
}
