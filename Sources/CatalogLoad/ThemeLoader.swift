import Foundation
import CatalogCore
import CatalogModel

/// A theme as read → `LoadedTheme`: its demo kinds' contracts checked against the contract
/// format, its symbols prepared for inline use.
extension LoadedTheme {
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
        let contracts = source.kinds.sorted(by: { $0.key < $1.key })
        // Each kind's contract is read on its own core; what follows keeps their order.
        let loaded = Parallel.map(contracts) { DemoKindLoader.load(id: $0.key, text: $0.value.text, file: $0.value.displayPath) }
        for ((id, contract), (kind, problems)) in zip(contracts, loaded) {
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
    /// (the control's own label names it), sized by CSS. The root's `xmlns` for SVG goes too:
    /// an HTML parser puts `<svg>` in that namespace itself, and every place a symbol is drawn
    /// (a page, a frame, the playground's markup) is parsed as HTML, where the declaration was 35
    /// bytes of every icon of every demo.
    package static func inlineSymbol(_ svg: String) -> String {
        var text = svg
        if let start = text.range(of: "<svg") {
            text = String(text[start.lowerBound...])
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let tagEnd = text.firstIndex(of: ">"), let declaration = text.range(of: " xmlns=\"http://www.w3.org/2000/svg\"", range: text.startIndex..<tagEnd) {
            text.removeSubrange(declaration)
        }
        if !text.contains("aria-hidden") {
            text = text.replacingOccurrences(of: "<svg", with: "<svg aria-hidden=\"true\"", options: [], range: text.range(of: "<svg"))
        }
        if !text.contains("class=\"symbol") {
            text = text.replacingOccurrences(of: "<svg", with: "<svg class=\"symbol\"", options: [], range: text.range(of: "<svg"))
        }
        return text
    }
}
