import Foundation
import CatalogSource

/// A team's catalog with two brands (Orange, Sosh) × light and dark, in a resolver of two
/// modifiers (Tests/Fixtures/brand-theme, which the browser tests build too): the theme picks a
/// colour, the brand sets it. The Sosh-dark fill is a light blue (#8FD3FA) that takes black text
/// while every other combination's fill takes white; and as the brand comes after the theme,
/// Sosh's `surface.raised` wins in Sosh-dark — the light theme's value, so no Sosh rule sets it
/// while the dark rule does. These are what a stylesheet of one rule per context gets wrong.
package enum BrandThemeCatalog {
    package static let folder = Fixtures.root.appendingPathComponent("brand-theme")

    /// One file of the catalog, as text.
    package static func text(_ path: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    package static var resolver: String { text("tokens/brands.resolver.json") }

    /// The catalog's files, with `replacing` files put in or changed.
    package static func tree(_ replacing: [String: String] = [:]) -> SourceTree {
        let paths = ["catalog.yaml", "components/action/component.yaml"] + ["core", "orange", "sosh", "light", "dark"].map { "tokens/\($0).tokens.json" } + ["tokens/brands.resolver.json"]
        var texts = Dictionary(uniqueKeysWithValues: paths.map { ($0, text($0)) })
        for (path, text) in replacing { texts[path] = text }
        return SourceTree(displayRoot: "cat", texts: texts)
    }
}
