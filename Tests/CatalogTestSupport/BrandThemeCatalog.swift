import CatalogSource

/// A team's catalog with two brands (Orange, Sosh) × light and dark, in a resolver of two
/// modifiers: the brand sets the palette, the theme picks from it. The Sosh-dark fill is a light
/// blue (#8FD3FA) that takes black text while every other combination's fill takes white, and
/// only the pair defines `surface/raised` as written — the cases a stylesheet of one rule per
/// context gets wrong.
package enum BrandThemeCatalog {
    package static let core = """
    { "palette": { "$type": "color", "white": { "$value": "#FFFFFF" }, "ink": { "$value": "#111111" }, "night": { "$value": "#0B1220" } } }
    """
    package static let orange = """
    { "brand": { "$type": "color", "primary": { "$value": "#B34700" }, "on-dark": { "$value": "#C05000" } } }
    """
    package static let sosh = """
    { "brand": { "$type": "color", "primary": { "$value": "#0050A0" }, "on-dark": { "$value": "#8FD3FA" } },
      "surface": { "$type": "color", "raised": { "$value": "#F4F4F4" } } }
    """
    package static let light = ##"""
    { "action": { "$type": "color", "fill": { "$value": "{brand.primary}" } },
      "surface": { "$type": "color", "page": { "$value": "{palette.white}" }, "text": { "$value": "{palette.ink}" }, "raised": { "$value": "#F4F4F4" } } }
    """##
    package static let dark = ##"""
    { "action": { "$type": "color", "fill": { "$value": "{brand.on-dark}" } },
      "surface": { "$type": "color", "page": { "$value": "{palette.night}" }, "text": { "$value": "#E6EDF7" }, "raised": { "$value": "#1B2330" } } }
    """##
    /// The brand comes after the theme, so Sosh's `surface.raised` wins in Sosh-dark: the light
    /// theme's value, so no Sosh rule sets it, while the dark rule does.
    package static let resolver = """
    {
      "version": "2025.10",
      "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
      "modifiers": {
        "theme": { "contexts": { "light": [{ "$ref": "light.tokens.json" }], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" },
        "brand": { "contexts": { "orange": [{ "$ref": "orange.tokens.json" }], "sosh": [{ "$ref": "sosh.tokens.json" }] }, "default": "orange" }
      },
      "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/brand" }]
    }
    """
    package static let catalog = """
    title: Brands
    surface: surface/page
    modes:
      theme:
        label: Theme
        contexts:
          light: { label: Light, media: "(prefers-color-scheme: light)" }
          dark: { label: Dark, media: "(prefers-color-scheme: dark)" }
      brand:
        label: Brand
        contexts:
          orange: { label: Orange }
          sosh: { label: Sosh }
    """
    package static let button = """
    name: Action
    summary: Runs the main action of a screen.
    appearances:
      - name: Primary
        tokens:
          - { role: Fill, token: action/fill }
    demo:
      kind: button
      examples:
        - { title: Save, label: Save the draft, appearance: Primary }
    """

    /// The catalog's files, with `replacing` files put in or changed.
    package static func tree(_ replacing: [String: String] = [:]) -> SourceTree {
        var texts = [
            "catalog.yaml": catalog,
            "tokens/core.tokens.json": core,
            "tokens/orange.tokens.json": orange,
            "tokens/sosh.tokens.json": sosh,
            "tokens/light.tokens.json": light,
            "tokens/dark.tokens.json": dark,
            "tokens/brands.resolver.json": resolver,
            "components/action/component.yaml": button,
        ]
        for (path, text) in replacing { texts[path] = text }
        return SourceTree(displayRoot: "cat", texts: texts)
    }
}
