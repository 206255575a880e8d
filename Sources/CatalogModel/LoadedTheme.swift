import Foundation
import CatalogCore

/// A theme as read (`ThemeSource`, with what it extends merged in) and loaded: its demo kinds'
/// contracts and its symbols. The checks read this; Render compiles its templates (`Theme`).
public struct LoadedTheme: Sendable {
    public let source: ThemeSource
    /// The demo kinds the theme declares (its own and those of the themes it extends), by id.
    public let kinds: [String: DemoKind]
    /// Symbol name → inline SVG markup, hidden from assistive technology.
    public let symbols: [String: String]
    /// A hash of every template, asset, symbol and kind contract.
    public let contentKey: UInt64

    package init(source: ThemeSource, kinds: [String: DemoKind], symbols: [String: String], contentKey: UInt64) {
        self.source = source
        self.kinds = kinds
        self.symbols = symbols
        self.contentKey = contentKey
    }

    /// Kind ids in order, for messages.
    public var kindNames: [String] { kinds.keys.sorted() }
    public var symbolNames: [String] { symbols.keys.sorted() }

    /// The files that make up a kind, by their path in a theme's folder: its contract, its
    /// template and header template, and its script and stylesheet (those it has).
    public func kindFiles(_ id: String) -> [String: String] {
        var files: [String: String] = [:]
        if let contract = source.kinds[id] { files["demos/\(id).yaml"] = contract.text }
        for name in ["demos/\(id)", "demos/\(id)-header"] {
            if let template = source.templates[name] { files["templates/\(name).mustache"] = template.text }
        }
        for asset in ["demos/\(id).js", "demos/\(id).css"] {
            if let bytes = source.assets[asset] { files["assets/\(asset)"] = String(decoding: bytes, as: UTF8.self) }
        }
        return files
    }
}

/// Two loaded themes are the same work's input when they were loaded from the same files.
extension LoadedTheme: Hashable {
    public static func == (left: LoadedTheme, right: LoadedTheme) -> Bool { left.contentKey == right.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}
