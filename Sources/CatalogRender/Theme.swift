import Foundation
import CatalogMarkdown
import Mustache
import CatalogCore
import CatalogModel
import CatalogLoad

/// A theme ready to render with: its loaded kinds and symbols (`LoadedTheme`), its templates
/// compiled once with partial references checked, and its assets given content-hashed names so
/// they can be cached forever.
public struct Theme: Sendable {
    /// Page templates every theme must have.
    public static let requiredTemplates = [
        "base", "page-home", "page-components", "page-guides", "page-component", "page-guide",
        "page-readiness", "page-tokens", "page-search", "page-404",
    ]

    /// The theme's files, kinds and symbols, as the checks read them.
    public let loaded: LoadedTheme
    /// swift-mustache's parse of every template: its errors are the theme's syntax diagnostics,
    /// and it renders instead of `compiled` under `CATALOG_BUILD_MUSTACHE=swift-mustache`.
    package let library: MustacheLibrary
    /// Every template compiled for rendering (`CompiledTemplate`), by name.
    package let compiled: CompiledTemplate.Library
    /// Path under assets/ → its path in the output (`assets/site.3f2a9c1b.css`).
    public let assetPaths: [String: String]
    /// Output path → bytes of every asset.
    public let assetFiles: [String: [UInt8]]
    /// The status symbols, drawn once per page and referenced by each badge (`SymbolSprite`).
    package let sprite: SymbolSprite

    public var source: ThemeSource { loaded.source }
    /// Symbol name → inline SVG markup, hidden from assistive technology.
    public var symbols: [String: String] { loaded.symbols }
    /// A hash of every template, asset, symbol and kind contract.
    public var contentKey: UInt64 { loaded.contentKey }
    /// The demo kinds the theme declares (its own and those of the themes it extends), by id.
    public var kinds: [String: DemoKind] { loaded.kinds }
    /// Kind ids in order, for messages.
    public var kindNames: [String] { loaded.kindNames }
    public var symbolNames: [String] { loaded.symbolNames }

    public func hasTemplate(_ name: String) -> Bool { library.getTemplate(named: name) != nil }

    /// Renders a template with its context. `compile` checks that every template a page needs
    /// exists, so a failure means a theme changed under a build; it is reported, never written
    /// as an empty page.
    /// A whole page (`page-…`) leaves without the whitespace it does not need (`HTMLWhitespace`),
    /// and with the status symbols its badges reference (`SymbolSprite`).
    /// With `marking`, each list element that is a `MarkedElement` stands between its marks
    /// (the compiled templates only; swift-mustache draws none).
    package func render(_ name: String, _ context: some TemplateContext, marking: Bool = false) throws(RenderFailure) -> String {
        let text: String
        if Self.rendersWithSwiftMustache {
            guard let rendered = library.render(context, withTemplate: name) else { throw RenderFailure(template: name) }
            text = rendered
        } else {
            guard let template = compiled[name] else { throw RenderFailure(template: name) }
            text = template.render(context, library: compiled, marking: marking)
        }
        return name.hasPrefix("page-") ? sprite.completing(HTMLWhitespace.compact(text)) : text
    }

    /// A badge's symbol for `tone` (`status-<tone>`): a reference to the page's sprite.
    package func statusSymbol(_ tone: String) -> String {
        sprite.reference("status-\(tone)", symbols: symbols)
    }

    /// `CATALOG_BUILD_MUSTACHE=swift-mustache`: render with swift-mustache itself, the reference
    /// the compiled templates follow (for comparing output and speed; the result is the same).
    package static let rendersWithSwiftMustache = ProcessInfo.processInfo.environment["CATALOG_BUILD_MUSTACHE"] == "swift-mustache"

    /// A template a page needed and the theme did not have.
    package struct RenderFailure: Error {
        package let template: String

        package func diagnostic(in theme: Theme, page: String) -> Diagnostic {
            let file = theme.source.templates[template]?.displayPath ?? "\(theme.source.layers.first ?? "themes/\(theme.source.name)")/templates/\(template).mustache"
            return .error(.templateRender, "the page \(page) could not be rendered: the theme has no template '\(template)'; add templates/\(template).mustache", at: SourceLocation(file: file))
        }
    }

    public static func compile(_ loaded: LoadedTheme) -> (Theme, [Diagnostic]) {
        let source = loaded.source
        _ = EscapedHTMLContentType.registered
        var diagnostics: [Diagnostic] = []
        var library = MustacheLibrary()
        var compiled: CompiledTemplate.Library = [:]
        // Each template is parsed on its own core (swift-mustache's parse, the compiled one and
        // its tags for the checks below); the results are put together in name order.
        let ordered = source.templates.sorted(by: { $0.key < $1.key })
        let parsed = Parallel.map(ordered) { Self.parse($0.value) }
        var tags: [String: MustacheTags] = [:]
        for ((name, _), template) in zip(ordered, parsed) {
            if let mustache = template.mustache { library.register(mustache, named: name) }
            if let compiledTemplate = template.compiled { compiled[name] = compiledTemplate }
            diagnostics += template.problem.map { [$0] } ?? []
            tags[name] = template.tags
        }
        let folder = source.layers.first ?? "themes/\(source.name)"
        for name in requiredTemplates where source.templates[name] == nil {
            diagnostics.append(.error(
                .templateMissing, "the theme has no template '\(name).mustache'; add it, or declare `extends: default` in theme.yaml to inherit it",
                at: SourceLocation(file: "\(folder)/templates/\(name).mustache")
            ))
        }
        for (name, template) in ordered {
            for reference in partialReferences(in: tags[name]) where source.templates[reference.name] == nil {
                let hint = DidYouMean.hint(for: reference.name, in: source.templates.keys)
                diagnostics.append(.error(
                    .templatePartialMissing, "the partial '\(reference.name)' does not exist in the theme\(hint); add templates/\(reference.name).mustache",
                    at: SourceLocation(file: template.displayPath, line: reference.line, column: reference.column)
                ))
            }
        }
        // `{{asset.demos_button_js}}` must name an asset the theme has, else the page would
        // load nothing (`src=""`) and no one would know why.
        let assetKeys = Set(source.assets.keys.map { LayoutContext.key(for: $0) } + generatedAssetKeys)
        for (name, template) in ordered {
            for reference in assetReferences(in: tags[name]) where !assetKeys.contains(reference.name) {
                let hint = DidYouMean.hint(for: reference.name, in: assetKeys)
                diagnostics.append(.error(
                    .templateAssetMissing, "`asset.\(reference.name)` names no asset of the theme\(hint); add assets/\(reference.name.replacingOccurrences(of: "_", with: "/")) (the path with every `/` and `.` written `_`), or correct the name",
                    at: SourceLocation(file: template.displayPath, line: reference.line, column: reference.column)
                ))
            }
        }
        // Each kind's playground data is an asset too: one content-addressed file per kind.
        let (paths, files) = hashAssets(source.assets.merging(PlaygroundData.kindAssets(loaded)) { _, generated in generated })
        diagnostics += TemplateNameCheck.check(source, kinds: loaded.kinds, tags: tags)
        // Returned even with errors, so the checks that need it can still report everything.
        let sprite = SymbolSprite(symbols: loaded.symbols, names: loaded.symbols.keys.filter { $0.hasPrefix("status-") })
        return (Theme(loaded: loaded, library: library, compiled: compiled, assetPaths: paths, assetFiles: files, sprite: sprite), diagnostics)
    }

    /// Asset keys the renderer makes rather than the theme: the token stylesheet, the search index.
    package static let generatedAssetKeys = ["tokens_css", "search_index_js"]

    /// `asset.<key>` in `{{…}}` tags (variables and sections), with their positions.
    package static func assetReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        assetReferences(in: MustacheTags(text))
    }

    private static func assetReferences(in tags: MustacheTags?) -> [(name: String, line: Int, column: Int)] {
        (tags?.tags ?? []).compactMap { tag in
            guard [.variable, .unescaped, .section, .inverted].contains(tag.kind), tag.name.hasPrefix("asset.") else { return nil }
            let name = tag.name.dropFirst("asset.".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : (String(name), tag.line, tag.column)
        }
    }

    /// `{{> name}}` and `{{< name}}` tags with their positions (not dynamic `{{> *name}}` ones).
    package static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        partialReferences(in: MustacheTags(text))
    }

    private static func partialReferences(in tags: MustacheTags?) -> [(name: String, line: Int, column: Int)] {
        (tags?.tags ?? []).compactMap { tag in
            guard tag.kind == .partial || tag.kind == .parent, !tag.name.isEmpty, !tag.name.hasPrefix("*") else { return nil }
            return (tag.name, tag.line, tag.column)
        }
    }

    /// One template read every way the theme needs it: swift-mustache's parse (whose errors are
    /// the syntax diagnostics), the compiled template, and its tags.
    private struct ParsedTemplate: Sendable {
        var mustache: MustacheTemplate?
        var compiled: CompiledTemplate?
        var problem: Diagnostic?
        var tags: MustacheTags
    }

    private static func parse(_ template: ThemeSource.Template) -> ParsedTemplate {
        var parsed = ParsedTemplate(tags: MustacheTags(template.text))
        do {
            parsed.mustache = try MustacheTemplate(string: template.text)
            do throws(CompiledTemplate.ParseError) {
                parsed.compiled = try CompiledTemplate(template.text)
            } catch {
                parsed.problem = .error(
                    .templateSyntax, "the template cannot be rendered: \(error.message)",
                    at: SourceLocation(file: template.displayPath, line: error.line, column: error.column)
                )
            }
        } catch let error as MustacheTemplate.ParserError {
            parsed.problem = .error(
                .templateSyntax, "the template cannot be parsed: \(describe(error.error))",
                at: SourceLocation(file: template.displayPath, line: error.context.lineNumber, column: error.context.columnNumber)
            )
        } catch {
            parsed.problem = .error(.templateSyntax, "the template cannot be parsed: \(error)", at: SourceLocation(file: template.displayPath))
        }
        return parsed
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened with"
        case .unfinishedName: return "a tag is not finished; close it with }}"
        case .expectedSectionEnd: return "a section is never closed; add {{/name}}"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only {{$block}} overrides may appear inside {{<parent}}…{{/parent}}"
        case .textInsideInheritSection: return "text may not appear directly inside {{<parent}}…{{/parent}}; put it in a {{$block}}"
        case .invalidConfigVariableSyntax: return "a config variable tag is malformed"
        case .unrecognisedConfigVariable: return "unknown config variable"
        }
    }

    /// Gives every asset a content-hashed name; stylesheets have their `url(…)` references to
    /// other assets rewritten first, so the hash covers the final bytes.
    package static func hashAssets(_ assets: [String: [UInt8]]) -> ([String: String], [String: [UInt8]]) {
        var paths: [String: String] = [:]
        var files: [String: [UInt8]] = [:]
        let ordered = assets.keys.sorted { ($0.hasSuffix(".css") ? 1 : 0, $0) < ($1.hasSuffix(".css") ? 1 : 0, $1) }
        for relative in ordered {
            var bytes = assets[relative] ?? []
            if relative.hasSuffix(".css") {
                bytes = Array(rewriteURLs(in: String(decoding: bytes, as: UTF8.self), cssPath: relative, paths: paths).utf8)
            }
            let output = hashedName("assets/" + relative, bytes: bytes)
            paths[relative] = output
            files[output] = bytes
        }
        return (paths, files)
    }

    /// `assets/site.css` → `assets/site.1a2b3c4d.css`
    public static func hashedName(_ path: String, bytes: [UInt8]) -> String {
        let hash = StableHash.hex(bytes: bytes)
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "." + hash }
        return path[..<dot] + "." + hash + path[dot...]
    }

    private static func rewriteURLs(in css: String, cssPath: String, paths: [String: String]) -> String {
        guard css.contains("url(") else { return css }
        let cssFolder = cssPath.split(separator: "/").dropLast().map(String.init)
        var result = ""
        var rest = css[...]
        while let open = rest.range(of: "url(") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let raw = rest[..<close].trimmingCharacters(in: .whitespaces)
            let unquoted = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if !unquoted.contains(":"), !unquoted.hasPrefix("/"), !unquoted.hasPrefix("#"),
               let target = LinkResolver.normalize(cssFolder + unquoted.split(separator: "/").map(String.init)),
               let hashed = paths[target] {
                result += LinkResolver.relative(from: "assets/" + cssFolder.map { $0 + "/" }.joined(), to: hashed)
            } else {
                result += rest[..<close]
            }
            rest = rest[close...]
        }
        return result + rest
    }

}

/// HTML escaping for `{{…}}` in the default theme's templates, which select it with
/// `{{% CONTENT_TYPE: HTML_ESCAPED }}`. It escapes exactly what swift-mustache's built-in HTML
/// type escapes (`& < > " '`), over UTF-8 bytes instead of a dictionary lookup per character,
/// which makes rendering a page several times faster. Templates without the pragma get the
/// built-in HTML escaping, so a theme that leaves it out is just as safe.
package struct EscapedHTMLContentType: MustacheContentType {
    package static let name = "HTML_ESCAPED"
    package static let registered: Void = MustacheContentTypes.register(EscapedHTMLContentType(), named: name)

    package func escapeText(_ text: String) -> String {
        HTMLEscape.text(text)
    }
}

// swift-mustache prints values that are not `MustacheCustomRenderable` through
// `String(describing:)` after unwrapping them with a `Mirror`, for every `{{…}}`; the page
// contexts hold only text, numbers and flags, which print as themselves.
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}

/// A compiled theme is made from its loaded theme alone, so two with equal content keys are one.
extension Theme: Hashable {
    public static func == (left: Theme, right: Theme) -> Bool { left.contentKey == right.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}

extension Theme.RenderFailure: Sendable {}
