import CatalogCore
import CatalogModel
import CatalogAnalysis
import CatalogLoad

/// A component's platform grid (`screenshots:`): one row per example and state, one column per
/// platform after the web's live demo. Each cell holds the platform's image in every combination
/// of token modes its screenshots show (`dark`, `sosh.dark`), and the page shows the one of the
/// combination the reader sees — the one the live demo beside it is drawn in, chosen in the
/// header or by the system's settings (screenshots.js); without a script, the default. Each image
/// is published under its content hash with `alt` text from its row, platform and combination, a
/// missing one said in words. Part of the page's step input.
package struct ScreenshotGrid: Hashable, Sendable {
    package var platforms: [String]
    package var rows: [String: [ScreenshotIndex.Shot]]
    /// The modifiers, in order: what a file's `{mode}` is read against and how each context is
    /// labelled (`dark` → `Dark`).
    package var axes: [Axis]
    /// The evidence for C5, per platform.
    package var coverage: String

    package struct Axis: Hashable, Sendable {
        /// Lowercased, as file names give them.
        package var contexts: [String]
        package var defaultContext: String
        package var labels: [String: String]
    }

    /// `analysis`: the coverage and C5 as the screenshots measure them (worked out once).
    package init?(_ component: Component, in catalog: Catalog, analysis: ComponentAnalysis) {
        guard let settings = catalog.settings.screenshots, !settings.folders.isEmpty, !ScreenshotIndex.rows(of: component).isEmpty else { return nil }
        let platforms = settings.platforms
        let rows = catalog.screenshots.shots[component.slug] ?? [:]
        self.platforms = platforms
        self.rows = rows
        axes = (catalog.modes?.modifiers ?? []).map { modifier in
            var labels: [String: String] = [:]
            for context in modifier.contexts {
                labels[context.name.lowercased()] = catalog.settings.modes.context(context.name, of: modifier.name)?.label ?? context.name
            }
            return Axis(contexts: modifier.contexts.map { $0.name.lowercased() }, defaultContext: modifier.defaultContext.lowercased(), labels: labels)
        }
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

    /// The combination a file's `{mode}` names, one context per modifier in order: a context's
    /// name alone keeps the other modifiers at their defaults (`sosh` is Light with Sosh); a
    /// combination names one per modifier (`dark.sosh`). Nil without a mode: the default.
    package func combination(_ mode: String?) -> [String] {
        var contexts = axes.map(\.defaultContext)
        guard let mode else { return contexts }
        let parts = mode.split(separator: ".").map(String.init)
        if parts.count == axes.count, zip(axes, parts).allSatisfy({ $0.contexts.contains($1) }) { return parts }
        if let index = axes.firstIndex(where: { $0.contexts.contains(mode) }) { contexts[index] = mode }
        return contexts
    }

    /// How a combination is named everywhere (captions, `alt`, missing notes): each modifier's
    /// context label, in order (`Dark, Sosh`).
    package func label(_ combination: [String]) -> String {
        zip(axes, combination).map { $0.labels[$1] ?? $1 }.joined(separator: ", ")
    }

    /// The grid's fields; `web` gives each row's live demo (markup drawn by the kind), `href`
    /// an image's address from the page.
    package func fields(component: Component, web: (_ row: (key: String, title: String, isState: Bool), _ number: Int) throws(Theme.RenderFailure) -> String?, href: (String) -> String) throws(Theme.RenderFailure) -> ScreenshotGridFields {
        let all = rows.values.flatMap { $0 }
        let defaultCombination = combination(nil)
        // The default first, then every other combination the images show, in the modifiers' order.
        var combinations = [defaultCombination]
        for shown in Set(all.map { combination($0.mode) }).sorted(by: { order($0).lexicographicallyPrecedes(order($1)) }) where shown != defaultCombination {
            combinations.append(shown)
        }
        let rowList = ScreenshotIndex.rows(of: component)
        var liveDemos: [String: String] = [:]
        for (number, row) in rowList.enumerated() { liveDemos[row.key] = try web(row, number + 1) }
        let defaultLabel = label(defaultCombination)
        let tableRows = rowList.map { row -> ScreenshotGridFields.Row in
            .init(title: row.title, kind: row.isState ? "State" : "Example", web: liveDemos[row.key] ?? "",
                  cells: platforms.map { platform in
                      let name = PlatformName.display(platform)
                      if ScreenshotIndex.notApplicable(row, on: platform, in: component) || ScreenshotIndex.notMade(component, on: platform) {
                          let shot = ScreenshotGridFields.Shot(mode: "", isDefault: true, src: "", alt: "", missing: "Not made on \(name) (n/a)")
                          return .init(platform: name, shots: [shot], missingHere: "", isApplicable: false)
                      }
                      let shots = combinations.map { combination -> ScreenshotGridFields.Shot in
                          let key = combination.joined(separator: ".")
                          let inCombination = axes.isEmpty ? "" : " in \(label(combination))"
                          let isDefault = combination == defaultCombination
                          guard let shot = (rows[row.key] ?? []).first(where: { $0.platform == platform && self.combination($0.mode) == combination }) else {
                              return .init(mode: key, isDefault: isDefault, src: "", alt: "", missing: "No \(name) screenshot\(inCombination) yet")
                          }
                          // One image of several rows is shown once, in the first row it shows.
                          let shown = shot.shows.compactMap { key in rowList.first { $0.key == key }?.title }
                          if shot.shows.count > 1, shot.shows.first != row.key {
                              return .init(mode: key, isDefault: isDefault, src: "", alt: "", missing: "In the \(name) image of “\(shown.first ?? "")” above, which shows \(Self.list(shown))")
                          }
                          let titles = shot.shows.count > 1 ? Self.list(shown) : row.title
                          return .init(mode: key, isDefault: isDefault, src: LinkResolver.encodedPath(href(Self.path(of: shot, component: component.slug))),
                                       alt: "\(component.name.value), \(titles), on \(name)\(axes.isEmpty ? "" : ", \(label(combination))")", missing: "")
                      }
                      return .init(platform: name, shots: shots, missingHere: "No \(name) screenshot in these modes yet", isApplicable: true)
                  })
        }
        let table = ScreenshotGridFields.Table(mode: defaultCombination.joined(separator: "."), label: defaultLabel, isDefault: true, rows: tableRows)
        return ScreenshotGridFields(platforms: platforms.map { .init(name: PlatformName.display($0)) }, tables: [table], coverage: coverage)
    }

    /// A combination's place: each context's position in its modifier, in the modifiers' order.
    private func order(_ combination: [String]) -> [Int] {
        zip(axes, combination).map { $0.contexts.firstIndex(of: $1) ?? 0 }
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

    /// One platform's cell of a row: its image (or why there is none) in each combination.
    package struct Cell: TemplateFields, Hashable {
        package var platform: String
        package var shots: [Shot]
        /// Shown (by the script) when the reader sees a combination no image of the grid shows.
        package var missingHere: String
        package var isApplicable: Bool
        /// The default combination's, for a theme that shows one image per cell.
        private var first: Shot { shots[0] }
        package static let fields: [String: TemplateField<Self>] = [
            "platform": .value { $0.platform },
            "shots": .list { $0.shots },
            "missing_here": .value { $0.missingHere },
            "is_applicable": .value { $0.isApplicable },
            "has_image": .value { !$0.first.src.isEmpty },
            "src": .value { $0.first.src },
            "alt": .value { $0.first.alt },
            "missing": .value { $0.first.missing },
        ]
    }

    /// A cell's image in one combination (`dark.sosh`), or why there is none.
    package struct Shot: TemplateFields, Hashable {
        package var mode: String
        package var isDefault: Bool
        package var src: String
        package var alt: String
        package var missing: String
        package static let fields: [String: TemplateField<Self>] = [
            "mode": .value { $0.mode },
            "is_default": .value { $0.isDefault },
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
