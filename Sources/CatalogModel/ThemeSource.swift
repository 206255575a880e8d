import Foundation
import CatalogCore
import CatalogSyntax

/// A theme's files, merged along its `extends:` chain (a child's file wins over its parent's).
public struct ThemeSource: Sendable, Hashable {
    public struct Template: Sendable, Hashable {
        public var text: String
        /// Where it came from, as diagnostics show it.
        public var displayPath: String

        package init(text: String, displayPath: String) {
            self.text = text
            self.displayPath = displayPath
        }
    }

    public var name: String
    /// The theme folders, the chosen theme first, then what it extends.
    public var layers: [String]
    /// Template name (path under templates/ without `.mustache`) → text.
    public var templates: [String: Template]
    /// Path under assets/ → bytes.
    public var assets: [String: [UInt8]]
    /// Path under assets/ → the file it came from, as diagnostics show it.
    public var assetFiles: [String: String] = [:]
    /// Symbol name (file name under symbols/ without `.svg`) → SVG text.
    public var symbols: [String: String]
    /// Demo kind id (file name under demos/ without `.yaml`) → its contract's text.
    public var kinds: [String: Template] = [:]
    /// `content-security-policy:` in theme.yaml (the nearest theme of the chain that says it):
    /// what the theme's pages need, written into each page's `<meta http-equiv>` and sent by
    /// `serve`.
    public var contentSecurityPolicy: String? = nil

    /// A hash of every template, asset and symbol.
    public var contentKey: UInt64 {
        var combiner = StableHash.Combiner()
        combiner.add(name)
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            combiner.add(name)
            combiner.add(template.text)
        }
        for (path, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            combiner.add(path)
            combiner.add(StableHash.value(bytes))
        }
        for (name, svg) in symbols.sorted(by: { $0.key < $1.key }) {
            combiner.add(name)
            combiner.add(svg)
        }
        for (id, contract) in kinds.sorted(by: { $0.key < $1.key }) {
            combiner.add(id)
            combiner.add(contract.text)
        }
        combiner.add(contentSecurityPolicy ?? "")
        return combiner.value
    }

    public init(name: String, layers: [String] = [], templates: [String: Template], assets: [String: [UInt8]], symbols: [String: String], kinds: [String: Template] = [:]) {
        self.kinds = kinds
        self.name = name
        self.layers = layers
        self.templates = templates
        self.assets = assets
        self.symbols = symbols
    }
}
