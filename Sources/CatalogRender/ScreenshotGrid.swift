import CatalogCore
import CatalogModel
import CatalogAnalysis
import CatalogLoad

/// A component's platform grid (`screenshots:`): one row per example and state, one column per
/// platform after the web's live demo, one table per token mode the screenshots show; each image
/// published under its content hash with `alt` text from its row and platform, a missing one
/// said in words. Part of the page's step input.
package struct ScreenshotGrid: Hashable, Sendable {
    package var platforms: [String]
    package var rows: [String: [ScreenshotIndex.Shot]]
    /// How the catalog labels each mode (`dark` → `Dark`), for the tables' headings.
    package var modeLabels: [String: String]
    /// The evidence for C5, per platform.
    package var coverage: String

    /// `analysis`: the coverage and C5 as the screenshots measure them (worked out once).
    package init?(_ component: Component, in catalog: Catalog, analysis: ComponentAnalysis) {
        guard let settings = catalog.settings.screenshots, !settings.folders.isEmpty, !ScreenshotIndex.rows(of: component).isEmpty else { return nil }
        let platforms = settings.platforms
        let rows = catalog.screenshots.shots[component.slug] ?? [:]
        self.platforms = platforms
        self.rows = rows
        var labels: [String: String] = [:]
        for modifier in catalog.modes?.modifiers ?? [] {
            for context in modifier.contexts {
                labels[context.name.lowercased()] = catalog.settings.modes.context(context.name, of: modifier.name)?.label ?? context.name
            }
        }
        modeLabels = labels
        coverage = analysis.screenshotCoverage
            .map { "\(PlatformName.display($0.platform)) \($0.covered) of \($0.rows)" }.joined(separator: ", ")
        measured = analysis.screenshots
    }

    /// `A, B and C`.
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// What the screenshots measure of C5 (nil without a measurable platform).
    package var measured: MeasuredReadiness?

    /// Where an image is published (`assets/screenshots/switch/swiftui/switch/selected.1a2b3c4d.png`).
    package static func path(of shot: ScreenshotIndex.Shot, component: String) -> String {
        Theme.hashedName("assets/screenshots/\(component)/\(shot.platform)/\(shot.path)", bytes: shot.bytes)
    }

    /// The grid's fields; `web` gives each row's live demo (markup drawn by the kind), `href`
    /// an image's address from the page.
    package func fields(component: Component, web: (_ row: (key: String, title: String, isState: Bool), _ number: Int) throws(Theme.RenderFailure) -> String?, href: (String) -> String) throws(Theme.RenderFailure) -> ScreenshotGridFields {
        let all = rows.values.flatMap { $0 }
        let modes: [String?] = [nil] + Array(Set(all.compactMap(\.mode))).sorted()
        let rowList = ScreenshotIndex.rows(of: component)
        var liveDemos: [String: String] = [:]
        for (number, row) in rowList.enumerated() { liveDemos[row.key] = try web(row, number + 1) }
        let tables = modes.map { mode -> ScreenshotGridFields.Table in
            let label = mode.map { modeLabels[$0] ?? $0 } ?? "Default"
            return .init(
                mode: mode ?? "", label: label, isDefault: mode == nil,
                rows: rowList.map { row in
                    .init(title: row.title, kind: row.isState ? "State" : "Example",
                          web: mode == nil ? (liveDemos[row.key] ?? "") : "",
                          cells: platforms.map { platform in
                              let name = PlatformName.display(platform)
                              let inMode = mode.map { ", \(modeLabels[$0] ?? $0)" } ?? ""
                              if ScreenshotIndex.notApplicable(row, on: platform, in: component) || ScreenshotIndex.notMade(component, on: platform) {
                                  return .init(platform: name, src: "", alt: "", missing: "Not made on \(name) (n/a)")
                              }
                              guard let shot = (rows[row.key] ?? []).first(where: { $0.platform == platform && $0.mode == mode }) else {
                                  return .init(platform: name, src: "", alt: "", missing: "No \(name) screenshot\(mode.map { " in \(modeLabels[$0] ?? $0)" } ?? "") yet")
                              }
                              // One image of several rows is shown once, in the first row it shows.
                              let shown = shot.shows.compactMap { key in rowList.first { $0.key == key }?.title }
                              if shot.shows.count > 1, shot.shows.first != row.key {
                                  return .init(platform: name, src: "", alt: "", missing: "In the \(name) image of “\(shown.first ?? "")” above, which shows \(Self.list(shown))")
                              }
                              let titles = shot.shows.count > 1 ? Self.list(shown) : row.title
                              return .init(platform: name, src: LinkResolver.encodedPath(href(Self.path(of: shot, component: component.slug))),
                                           alt: "\(component.name.value), \(titles), on \(name)\(inMode)", missing: "")
                          })
                }
            )
        }
        return ScreenshotGridFields(platforms: platforms.map { .init(name: PlatformName.display($0)) }, tables: tables, coverage: coverage)
    }
}

/// What `sections/screenshots.mustache` reads, under `screenshots`.
package struct ScreenshotGridFields: TemplateFields, Hashable {
    package var platforms: [Platform]
    package var tables: [Table]
    package var coverage: String

    package struct Platform: TemplateFields, Hashable {
        package var name: String
        package static let fields: [String: TemplateField<Self>] = ["name": .value { $0.name }]
    }

    package struct Table: TemplateFields, Hashable {
        package var mode: String
        package var label: String
        package var isDefault: Bool
        package var rows: [Row]
        package static let fields: [String: TemplateField<Self>] = [
            "mode": .value { $0.mode },
            "label": .value { $0.label },
            "is_default": .value { $0.isDefault },
            "rows": .list { $0.rows },
        ]
    }

    package struct Row: TemplateFields, Hashable {
        package var title: String
        package var kind: String
        /// The web's live demo of the row (the default mode's table only).
        package var web: String
        package var cells: [Cell]
        package static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "kind": .value { $0.kind },
            "has_web": .value { !$0.web.isEmpty },
            "web": .value { $0.web },
            "cells": .list { $0.cells },
        ]
    }

    package struct Cell: TemplateFields, Hashable {
        package var platform: String
        package var src: String
        package var alt: String
        package var missing: String
        package static let fields: [String: TemplateField<Self>] = [
            "platform": .value { $0.platform },
            "has_image": .value { !$0.src.isEmpty },
            "src": .value { $0.src },
            "alt": .value { $0.alt },
            "missing": .value { $0.missing },
        ]
    }

    package static let fields: [String: TemplateField<Self>] = [
        "platforms": .list { $0.platforms },
        "tables": .list { $0.tables },
        "coverage": .value { $0.coverage },
    ]
}
