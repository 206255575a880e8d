import Foundation

/// The readiness of every component against every criterion of the rubric: the dashboard page's
/// context and its `readiness.json` and `readiness.csv` exports, all from one matrix.
struct ReadinessDashboard {
    struct Cell {
        var criterion: Criterion
        var status: ReadinessStatus?
        var notes: String?
    }

    struct Row {
        var component: Component
        var overall: ReadinessStatus?
        var cells: [Cell]
    }

    let rubric: ReadinessRubric
    let rows: [Row]

    init(catalog: Catalog) {
        rubric = catalog.settings.rubric
        rows = catalog.components.map { component in
            Row(
                component: component,
                overall: component.overallStatus(in: catalog.settings.rubric),
                cells: catalog.settings.rubric.criteria.map { criterion in
                    let entry = component.readiness.first { $0.criterion.value == criterion.id }
                    return Cell(criterion: criterion, status: entry.flatMap { catalog.settings.rubric.status($0.status.value) }, notes: entry?.notes)
                }
            )
        }
    }

    /// How many cells of `cells` have each status, in rubric order, plus those not assessed.
    func counts(_ cells: [Cell]) -> [(label: String, id: String, count: Int)] {
        var result = rubric.statuses.map { status in (status.label, status.id, cells.filter { $0.status?.id == status.id }.count) }
        result.append(("Not assessed", "", cells.filter { $0.status == nil }.count))
        return result
    }

    func context(theme: Theme) -> [String: Any] {
        let allCells = rows.flatMap(\.cells)
        let totals = counts(allCells).map { total -> [String: Any] in
            ["label": total.label, "count": total.count, "tone": rubric.statuses.first { $0.id == total.id }?.tone.rawValue ?? "none"]
        }
        var notes: [[String: Any]] = []
        let rowContexts: [[String: Any]] = rows.map { row in
            let cells: [[String: Any]] = row.cells.map { cell in
                let noteID = "note-\(row.component.slug)-\(HeadingIDSafe.make(cell.criterion.id))"
                if let text = cell.notes {
                    notes.append(["id": noteID, "component": row.component.name.value, "criterion": cell.criterion.id, "text": text])
                }
                return [
                    "status": StatusBadge.context(cell.status, theme: theme),
                    "sort_value": cell.status.map { String(rubric.statuses.firstIndex(of: $0) ?? 99) } ?? "99",
                    "has_note": cell.notes != nil,
                    "note": cell.notes ?? "",
                    "note_id": noteID,
                    "criterion": cell.criterion.id,
                ]
            }
            let summary = counts(row.cells).filter { $0.count > 0 }.map { "\($0.count) \($0.label)" }.joined(separator: ", ")
            return [
                "name": row.component.name.value,
                "href": LinkResolver.relative(from: "readiness/", to: row.component.pagePath),
                "overall": StatusBadge.context(row.overall, theme: theme),
                "overall_sort": row.overall.map { String(rubric.statuses.firstIndex(of: $0) ?? 99) } ?? "99",
                "cells": cells,
                "summary": summary,
                "ready_count": row.cells.filter { $0.status?.tone == .positive }.count,
            ]
        }
        return [
            "criteria": rubric.criteria.map { ["id": $0.id, "name": $0.name] },
            "rows": rowContexts,
            "has_rows": !rowContexts.isEmpty,
            "totals": totals,
            "notes": notes,
            "has_notes": !notes.isEmpty,
            "statuses": rubric.statuses.map { ["label": $0.label, "tone": $0.tone.rawValue, "icon": StatusBadge.icon($0.tone.rawValue, theme: theme)] },
        ]
    }

    /// `readiness.json`: the rubric and, per component, each criterion's status and notes.
    func json() -> String {
        JSONText.pretty(.object([
            "statuses": .array(rubric.statuses.map { .object(["id": .string($0.id), "label": .string($0.label), "tone": .string($0.tone.rawValue)]) }),
            "criteria": .array(rubric.criteria.map { .object(["id": .string($0.id), "name": .string($0.name)]) }),
            "components": .array(rows.map { row in
                var criteria: [String: JSONText.Value] = [:]
                for cell in row.cells {
                    criteria[cell.criterion.id] = .object(["status": JSONText.Value(cell.status?.id), "notes": JSONText.Value(cell.notes)])
                }
                return .object([
                    "slug": .string(row.component.slug),
                    "name": .string(row.component.name.value),
                    "status": JSONText.Value(row.overall?.id),
                    "criteria": .object(criteria),
                ])
            }),
        ]))
    }

    /// `readiness.csv`: one row per component and criterion (RFC 4180 quoting).
    func csv() -> String {
        var lines = ["component,name,criterion,criterion_name,status,status_label,notes"]
        for row in rows {
            for cell in row.cells {
                lines.append([
                    row.component.slug, row.component.name.value, cell.criterion.id, cell.criterion.name,
                    cell.status?.id ?? "", cell.status?.label ?? "", cell.notes ?? "",
                ].map(Self.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        guard text.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Ids built from free text (criterion ids may hold any characters).
enum HeadingIDSafe {
    static func make(_ text: String) -> String {
        let cleaned = String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        return cleaned.isEmpty ? "x" : cleaned
    }
}
