import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogAnalysis

/// The readiness of every component against every criterion of the rubric: the dashboard page's
/// fields and its `readiness.json` and `readiness.csv` exports, all from one matrix. The matrix
/// is a value (`Hashable`): the dashboard's render key, made from the same rows the page shows.
package struct ReadinessDashboard: Hashable, Sendable {
    package struct Cell: Hashable, Sendable {
        package var criterion: Criterion
        package var status: ReadinessStatus?
        package var notes: String?
        /// The status the code measures (C4, C7 with `code:`), and on what.
        package var measured: MeasuredReadiness? = nil
    }

    /// What the dashboard shows of one component.
    package struct Row: Hashable, Sendable {
        package var slug: String
        package var name: String
        package var pagePath: String
        package var overall: ReadinessStatus?
        package var cells: [Cell]
        package var lifecycle: Lifecycle?
        /// Files calling the component, when catalog.yaml's `code.usage` is given.
        package var usageFiles: Int?
        package var usage: String = ""

        /// `measured`: every criterion measured (from the code, the screenshots, Figma).
        package init(_ component: Component, rubric: ReadinessRubric, code: CodeReport? = nil, measured: [MeasuredReadiness] = []) {
            lifecycle = component.lifecycle?.value
            slug = component.slug
            name = component.name.value
            pagePath = component.pagePath
            overall = component.overallStatus(in: rubric)
            cells = rubric.criteria.map { criterion in
                let entry = component.readiness.first { $0.criterion.value == criterion.id }
                return Cell(criterion: criterion, status: entry.flatMap { rubric.status($0.status.value) }, notes: entry?.notes,
                            measured: measured.first { $0.criterion == criterion.id })
            }
            if let code, code.countsUsage {
                usageFiles = code.usageFiles
                usage = code.usageSummary
            }
        }
    }

    package let rubric: ReadinessRubric
    package let rows: [Row]
    /// Whether catalog.yaml has `code:` or `screenshots:` (measured statuses are shown).
    package let isMeasured: Bool
    /// Whether it names `code.usage` (the table has a usage column).
    package let countsUsage: Bool

    package init(rubric: ReadinessRubric, rows: [Row], isMeasured: Bool = false, countsUsage: Bool = false) {
        self.rubric = rubric
        self.rows = rows
        self.isMeasured = isMeasured
        self.countsUsage = countsUsage
    }

    /// How many cells of `cells` have each status, in rubric order, plus those not assessed.
    package func counts(_ cells: [Cell]) -> [(label: String, id: String, count: Int)] {
        var result = rubric.statuses.map { status in (status.label, status.id, cells.filter { $0.status?.id == status.id }.count) }
        result.append(("Not assessed", "", cells.filter { $0.status == nil }.count))
        return result
    }

    /// The dashboard page's fields, with links to the files exported beside it.
    package func fields(theme: Theme, exports: [ExportLink]) -> ReadinessPageFields {
        let totals = counts(rows.flatMap(\.cells)).map { total in
            ReadinessPageFields.Total(label: total.label, count: total.count, tone: rubric.statuses.first { $0.id == total.id }?.tone.rawValue ?? "none")
        }
        var notes: [ReadinessPageFields.Note] = []
        let rowFields = rows.map { row in
            let cells = row.cells.map { cell in
                let noteID = "note-\(row.slug)-\(HeadingIDSafe.make(cell.criterion.id))"
                // What a measured status rests on joins the cell's note (its tooltip and the list
                // under the table), so the matrix stays narrow enough to show every column.
                let evidence = cell.measured.map { "Measured from the \($0.sourceInSentence): \($0.evidence)." }
                let note = [cell.notes, evidence].compactMap { $0 }.joined(separator: " ")
                if !note.isEmpty {
                    notes.append(.init(id: noteID, component: row.name, criterion: cell.criterion.id, text: note))
                }
                return ReadinessPageFields.Cell(
                    measured: cell.measured.map { StatusBadge.context($0.status, theme: theme) },
                    evidence: cell.measured?.evidence ?? "",
                    measuredBy: cell.measured?.source ?? "",
                    disagrees: cell.measured?.differs(from: cell.status) ?? false,
                    status: StatusBadge.context(cell.status, theme: theme),
                    sortValue: cell.status.map { String(rubric.statuses.firstIndex(of: $0) ?? 99) } ?? "99",
                    note: note.isEmpty ? nil : note,
                    noteID: noteID,
                    criterion: cell.criterion.id,
                    criterionName: cell.criterion.name
                )
            }
            return ReadinessPageFields.Row(
                name: row.name,
                href: LinkResolver.relative(from: "readiness/", to: row.pagePath),
                overall: StatusBadge.context(row.overall, theme: theme),
                overallSort: row.overall.map { String(rubric.statuses.firstIndex(of: $0) ?? 99) } ?? "99",
                cells: cells,
                summary: counts(row.cells).filter { $0.count > 0 }.map { "\($0.count) \($0.label)" }.joined(separator: ", "),
                readyCount: row.cells.filter { $0.status?.tone == .positive }.count,
                stage: row.lifecycle?.rawValue ?? "",
                usageFiles: row.usageFiles ?? 0,
                usage: row.usage
            )
        }
        return ReadinessPageFields(
            criteria: rubric.criteria.map { .init(id: $0.id, name: $0.name) },
            rows: rowFields,
            totals: totals,
            notes: notes,
            statuses: rubric.statuses.map { .init(label: $0.label, tone: $0.tone.rawValue, icon: StatusBadge.icon($0.tone.rawValue, theme: theme)) },
            exports: exports,
            hasMeasured: rows.contains { $0.cells.contains { $0.measured != nil } },
            countsUsage: countsUsage
        )
    }

    /// `readiness.json`: the rubric and, per component, each criterion's status and notes.
    package func json() -> String {
        JSONText.pretty(.object([
            "statuses": .array(rubric.statuses.map { .object(["id": .string($0.id), "label": .string($0.label), "tone": .string($0.tone.rawValue)]) }),
            "criteria": .array(rubric.criteria.map { .object(["id": .string($0.id), "name": .string($0.name)]) }),
            "components": .array(rows.map { row in
                var criteria: [String: JSONText.Value] = [:]
                for cell in row.cells {
                    var entry: [String: JSONText.Value] = ["status": JSONText.Value(cell.status?.id), "notes": JSONText.Value(cell.notes)]
                    if let measured = cell.measured {
                        entry["measured"] = .object(["status": .string(measured.status.id), "evidence": .string(measured.evidence)])
                    }
                    criteria[cell.criterion.id] = .object(entry)
                }
                var object: [String: JSONText.Value] = [
                    "slug": .string(row.slug),
                    "name": .string(row.name),
                    "status": JSONText.Value(row.overall?.id),
                    "criteria": .object(criteria),
                ]
                if countsUsage { object["usage_files"] = .number(String(row.usageFiles ?? 0)) }
                return .object(object)
            }),
        ]))
    }

    /// `readiness.csv`: one row per component and criterion (RFC 4180 quoting).
    package func csv() -> String {
        // With `code:`, the status the code measures follows the declared one.
        var lines = ["component,name,criterion,criterion_name,status,status_label,notes" + (isMeasured ? ",measured_status,measured_evidence" : "")]
        for row in rows {
            for cell in row.cells {
                var fields = [
                    row.slug, row.name, cell.criterion.id, cell.criterion.name,
                    cell.status?.id ?? "", cell.status?.label ?? "", cell.notes ?? "",
                ]
                if isMeasured { fields += [cell.measured?.status.id ?? "", cell.measured?.evidence ?? ""] }
                lines.append(fields.map(Self.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    package static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        guard text.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Ids built from free text (criterion ids may hold any characters).
package enum HeadingIDSafe {
    package static func make(_ text: String) -> String {
        let cleaned = String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        return cleaned.isEmpty ? "x" : cleaned
    }
}

/// The readiness dashboard's fields: the matrix of components by criterion, the totals, the
/// audit notes and the status legend.
package struct ReadinessPageFields: TemplateFields, Hashable {
    package var criteria: [CriterionHeader]
    package var rows: [Row]
    package var totals: [Total]
    package var notes: [Note]
    package var statuses: [StatusKey]
    package var exports: [ExportLink]
    package var hasMeasured = false
    package var countsUsage = false

    package static let fields: [String: TemplateField<Self>] = [
        "criteria": .list { $0.criteria },
        "rows": .list { $0.rows },
        "has_rows": .value { !$0.rows.isEmpty },
        "totals": .list { $0.totals },
        "notes": .list { $0.notes },
        "has_notes": .value { !$0.notes.isEmpty },
        "statuses": .list { $0.statuses },
        "exports": .list { $0.exports },
        "has_measured": .value { $0.hasMeasured },
        "counts_usage": .value { $0.countsUsage },
    ]

    package struct CriterionHeader: TemplateFields, Hashable {
        package var id: String
        package var name: String

        package static let fields: [String: TemplateField<Self>] = [
            "id": .value { $0.id },
            "name": .value { $0.name },
        ]
    }

    /// A component's row.
    package struct Row: TemplateFields, Hashable {
        package var name: String
        package var href: String
        package var overall: Badge
        /// The overall status's place in the rubric, for sorting ("99" when not assessed).
        package var overallSort: String
        package var cells: [Cell]
        /// "3 Ready, 1 Requires Rework".
        package var summary: String
        package var readyCount: Int
        /// The lifecycle stage, or empty.
        package var stage: String
        package var usageFiles = 0
        package var usage = ""

        package static let fields: [String: TemplateField<Self>] = [
            "usage_files": .value { $0.usageFiles },
            "usage": .value { $0.usage },
            "has_usage": .value { !$0.usage.isEmpty },
            "name": .value { $0.name },
            "has_stage": .value { !$0.stage.isEmpty },
            "stage": .value { $0.stage },
            "stage_label": .value { Lifecycle(rawValue: $0.stage)?.label ?? "" },
            "href": .value { $0.href },
            "overall": .object { $0.overall },
            "overall_sort": .value { $0.overallSort },
            "cells": .list { $0.cells },
            "summary": .value { $0.summary },
            "ready_count": .value { $0.readyCount },
        ]
    }

    /// One criterion of one component.
    package struct Cell: TemplateFields, Hashable {
        package var measured: Badge? = nil
        package var evidence = ""
        /// What measured it (`Code`, `Screenshots`).
        package var measuredBy = ""
        package var disagrees = false
        package var status: Badge
        package var sortValue: String
        package var note: String?
        package var noteID: String
        package var criterion: String
        /// The criterion's name: each cell is labelled with it where the matrix becomes cards.
        package var criterionName = ""

        package static let fields: [String: TemplateField<Self>] = [
            "status": .object { $0.status },
            "criterion_name": .value { $0.criterionName },
            "sort_value": .value { $0.sortValue },
            "has_note": .value { $0.note != nil },
            "note": .value { $0.note ?? "" },
            "note_id": .value { $0.noteID },
            "criterion": .value { $0.criterion },
            "has_measured": .value { $0.measured != nil },
            "measured": TemplateField(shape: .object { Badge.shapes }, read: { $0.measured.map { $0 as Any } ?? NoFields() }),
            "evidence": .value { $0.evidence },
            "measured_by": .value { $0.measuredBy },
            "disagrees": .value { $0.disagrees },
        ]
    }

    package struct Total: TemplateFields, Hashable {
        package var label: String
        package var count: Int
        package var tone: String

        package static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "count": .value { $0.count },
            "tone": .value { $0.tone },
        ]
    }

    /// An audit note, listed below the matrix.
    package struct Note: TemplateFields, Hashable {
        package var id: String
        package var component: String
        package var criterion: String
        package var text: String

        package static let fields: [String: TemplateField<Self>] = [
            "id": .value { $0.id },
            "component": .value { $0.component },
            "criterion": .value { $0.criterion },
            "text": .value { $0.text },
        ]
    }

    /// A status of the rubric as the legend shows it.
    package struct StatusKey: TemplateFields, Hashable {
        package var label: String
        package var tone: String
        package var icon: String

        package static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "tone": .value { $0.tone },
            "icon": .value { $0.icon },
        ]
    }
}
