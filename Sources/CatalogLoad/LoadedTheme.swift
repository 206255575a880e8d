import Foundation
import CatalogCore
import CatalogSource
import CatalogModel

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

    /// Loads every kind contract and symbol of `source`.
    public static func load(_ source: ThemeSource) -> (LoadedTheme, [Diagnostic]) {
        var symbols: [String: String] = [:]
        for (name, svg) in source.symbols { symbols[name] = inlineSymbol(svg) }
        let (kinds, problems) = loadKinds(source)
        return (LoadedTheme(source: source, kinds: kinds, symbols: symbols, contentKey: source.contentKey), problems)
    }

    /// Each `demos/<kind>.yaml` read against the contract format; a kind needs its template.
    package static func loadKinds(_ source: ThemeSource) -> ([String: DemoKind], [Diagnostic]) {
        var kinds: [String: DemoKind] = [:]
        var diagnostics: [Diagnostic] = []
        for (id, contract) in source.kinds.sorted(by: { $0.key < $1.key }) {
            let (kind, problems) = DemoKindLoader.load(id: id, text: contract.text, file: contract.displayPath)
            diagnostics += problems
            if source.templates["demos/\(id)"] == nil {
                let hint = DidYouMean.hint(for: "demos/\(id)", in: source.templates.keys.filter { $0.hasPrefix("demos/") })
                diagnostics.append(.error(.templateMissing, "the kind '\(id)' has no template; add templates/demos/\(id).mustache beside demos/\(id).yaml\(hint)", at: SourceLocation(file: contract.displayPath)))
                continue
            }
            guard let kind else { continue }
            for field in kind.fields {
                guard case .symbol = field.type, let name = field.defaultValue, source.symbols[name] == nil else { continue }
                diagnostics.append(.error(.kindContract, "fields.\(field.name).default names no symbol of the theme: '\(name)'\(DidYouMean.hint(for: name, in: source.symbols.keys)); add symbols/\(name).svg", at: field.location))
            }
            kinds[id] = kind
        }
        return (kinds, diagnostics)
    }

    /// Prepares a symbol for inline use: no XML prolog, hidden from assistive technology
    /// (the control's own label names it), sized by CSS.
    package static func inlineSymbol(_ svg: String) -> String {
        var text = svg
        if let start = text.range(of: "<svg") {
            text = String(text[start.lowerBound...])
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.contains("aria-hidden") {
            text = text.replacingOccurrences(of: "<svg", with: "<svg aria-hidden=\"true\"", options: [], range: text.range(of: "<svg"))
        }
        if !text.contains("class=\"symbol") {
            text = text.replacingOccurrences(of: "<svg", with: "<svg class=\"symbol\"", options: [], range: text.range(of: "<svg"))
        }
        return text
    }
}

/// Two loaded themes are the same work's input when they were loaded from the same files.
extension LoadedTheme: Hashable {
    public static func == (left: LoadedTheme, right: LoadedTheme) -> Bool { left.contentKey == right.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}
