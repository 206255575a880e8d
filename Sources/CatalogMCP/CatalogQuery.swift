import Foundation
import CatalogCore
import CatalogModel
import CatalogAnalysis
import CatalogRender
import CatalogPipeline
import CatalogOutput

/// Questions about a loaded catalog, answered as JSON or Markdown text from the same model and
/// the same code as the site's data files: what `catalog-build mcp`'s tools return. A question
/// that cannot be answered as asked throws `Failure` with what to send instead.
public struct CatalogQuery: Sendable {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public let catalog: Catalog
    public let theme: Theme?
    public let diagnostics: [Diagnostic]
    /// The findings the catalog silenced (`ignore:`, `rules: … off`), each with its reason.
    public let suppressed: [Diagnostic]

    public init(_ result: PipelineResult) throws {
        guard let catalog = result.catalog else {
            let problems = result.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.description).joined(separator: "; ")
            throw Failure("the catalog could not be read: \(problems); fix catalog.yaml (list_problems lists every problem)")
        }
        self.catalog = catalog
        theme = result.theme
        diagnostics = result.diagnostics
        suppressed = result.suppressed
    }

    // MARK: Components

    /// Every component, or those of a group, lifecycle or readiness status, one summary each.
    public func components(group: String? = nil, lifecycle: String? = nil, readiness: String? = nil) throws -> String {
        if let lifecycle, Lifecycle(rawValue: lifecycle.lowercased()) == nil {
            throw Failure("`lifecycle` must be one of \(Lifecycle.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let rubric = catalog.settings.rubric
        let list: [JSONText.Value] = catalog.components.compactMap { component in
            if let group, component.group?.value.lowercased() != group.lowercased() { return nil }
            if let lifecycle, component.lifecycle?.value.rawValue != lifecycle.lowercased() { return nil }
            let overall = component.overallStatus(in: rubric)
            if let readiness, overall?.id.lowercased() != readiness.lowercased(), overall?.label.lowercased() != readiness.lowercased() { return nil }
            return .object([
                "slug": .string(component.slug),
                "name": .string(component.name.value),
                "summary": .string(component.summary.value),
                "group": JSONText.Value(component.group?.value),
                "lifecycle": JSONText.Value(component.lifecycle?.value.rawValue),
                "readiness": JSONText.Value(overall?.label),
                "demo": JSONText.Value(component.demo?.kind.value),
                "url": .string(component.pagePath),
            ])
        }
        return JSONText.pretty(.array(list))
    }

    /// One component as JSON (its `component.json`) or Markdown (its `index.md`).
    public func component(_ reference: String, markdown: Bool) throws -> String {
        let component = try find(reference)
        let context = ComponentContext(catalog)
        let analysis = ComponentAnalysis(component, in: catalog, theme: theme?.loaded)
        let code = analysis.code
        let data = ComponentData.value(component, catalog: context, theme: theme, code: code, figma: FigmaSection(component, in: catalog, analysis: analysis),
                                       conformance: ConformanceSection(component, in: catalog, analysis: analysis))
        return markdown ? PageMarkdown.component(component, data: data, catalog: context, codeReport: code) : JSONText.compact(data)
    }

    /// What the releases did to a component (`versions:` in catalog.yaml): since when it exists,
    /// the release that deprecated it, and each release's changes to it, newest first.
    public func history(_ reference: String) throws -> String {
        let component = try find(reference)
        guard let history = catalog.history else {
            throw Failure("the catalog has no history: catalog.yaml needs `versions: { tags: \"v*\" }` and the catalog must be in a git repository with release tags (list_problems says what is missing)")
        }
        var value = ComponentData.history(component, in: history)
        if case .object(var members) = value {
            members["component"] = .string(component.slug)
            members["name"] = .string(component.name.value)
            members["version"] = .string(history.shownIn ?? history.current)
            value = .object(members)
        }
        return JSONText.pretty(value)
    }

    /// Accessibility conformance (`conformance:` in catalog.yaml): for one component, each WCAG
    /// criterion's result with its evidence (a failure with the file and line of its example);
    /// without one, the catalog's result per criterion with its remarks, as the OpenACR report has it.
    public func conformance(_ reference: String?) throws -> String {
        guard let settings = catalog.settings.conformance else {
            throw Failure("the catalog reports no conformance: catalog.yaml needs `conformance: { standard: wcag-2.2 }`, and `catalog-build audit` records the evidence")
        }
        typealias V = JSONText.Value
        if let reference {
            let component = try find(reference)
            let analysis = ComponentAnalysis(component, in: catalog, theme: theme?.loaded)
            guard let section = ConformanceSection(component, in: catalog, analysis: analysis), case .object(var members) = section.json else {
                throw Failure("\(component.slug) has no conformance")
            }
            members["component"] = .string(component.slug)
            return JSONText.pretty(.object(members))
        }
        let analyses = catalog.components.map { ($0, ComponentAnalysis($0, in: catalog, theme: theme?.loaded).conformance) }
        guard let report = CatalogConformance.make(analyses, settings: settings) else { throw Failure("the catalog reports no conformance") }
        return JSONText.pretty(.object([
            "standard": .string(settings.standard),
            "level": .string(settings.level.rawValue),
            "catalogue": .string(WCAG.catalogue),
            "report": .string("conformance/openacr.yaml"),
            "criteria": .array(report.rows.map { row in
                .object([
                    "id": .string(row.criterion.id), "name": .string(row.criterion.handle), "level": .string(row.criterion.level.rawValue),
                    "result": V(row.result?.rawValue), "notes": .string(row.notes),
                    "components": .object(Dictionary(row.cells.map { ($0.slug, V.string($0.result.rawValue)) }, uniquingKeysWith: { first, _ in first })),
                ])
            }),
        ]))
    }

    /// Where the saved Figma file and the catalog disagree (`figma:` in catalog.yaml): for one
    /// component, its parity as component.json has it; without one, each component that names a
    /// Figma component set with whether it matches, and every difference between the variables
    /// and the tokens, located.
    public func figmaParity(_ reference: String?) throws -> String {
        guard catalog.settings.figma != nil else {
            throw Failure("the catalog reads no Figma data: catalog.yaml needs `figma: { files: figma/files/, variables: figma/variables/ }` naming the saved REST responses")
        }
        if let reference {
            let component = try find(reference)
            guard let section = FigmaSection(component, in: catalog, analysis: ComponentAnalysis(component, in: catalog)) else {
                throw Failure("\(component.slug) names no Figma component: add `figma: { component: <the component set's name> }` to its component.yaml")
            }
            return JSONText.pretty(section.json)
        }
        typealias V = JSONText.Value
        let components: [V] = catalog.components.compactMap { component in
            guard let parity = FigmaParity.compare(component, catalog: catalog.shared) else { return nil }
            return .object(["component": .string(component.slug), "set": V(parity.figmaSet?.name), "matches": .bool(parity.matches), "differences": .number(String(parity.findings.count))])
        }
        let tokens: [V] = FigmaTokenParity.compare(catalog.shared).map { finding in
            .object(["rule": .string(finding.rule.rawValue), "message": .string(finding.message), "file": .string(finding.location.file),
                     "line": .number(String(finding.location.line)), "column": .number(String(finding.location.column))])
        }
        return JSONText.pretty(.object(["components": .array(components), "tokens": .array(tokens)]))
    }

    private func find(_ reference: String) throws -> Component {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let component = catalog.component(wanted) ?? catalog.components.first(where: { $0.name.value.lowercased() == wanted.lowercased() }) {
            return component
        }
        let hint = DidYouMean.suggestion(for: wanted, in: catalog.components.map(\.slug)).map { " Did you mean '\($0)'?" } ?? ""
        throw Failure("there is no component '\(wanted)'.\(hint) Send a slug or a name that list_components returns.")
    }

    // MARK: Pages

    /// Every page that has Markdown, with the files it is made from.
    public func pages() -> [(path: String, title: String, sources: [String])] {
        var pages: [(String, String, [String])] = [("index.md", catalog.settings.title.value, [relative(catalog.settings.location)])]
        for component in catalog.components {
            var sources = [relative(component.location)]
            if let prose = component.prose { sources.insert(prose.path + ":1", at: 0) }
            pages.append((component.pagePath + "index.md", component.name.value, sources))
            for tab in ComponentTabs.of(component, in: catalog)?.tabs ?? [] where !tab.isFirst {
                pages.append((tab.pagePath + "index.md", "\(component.name.value): \(tab.title)", (tab.prose.map { [$0.path + ":1"] } ?? []) + [relative(component.location)]))
            }
        }
        for guide in catalog.guides { pages.append((guide.pagePath + "index.md", guide.title, [relative(guide.location)])) }
        pages.append(("tokens/index.md", "Design tokens", Array(Set(catalog.tokens.tokens.map { ComponentData.catalogPath($0.location.file, in: catalog) })).sorted()))
        pages.append(("readiness/index.md", "Readiness", [relative(catalog.settings.location)]))
        return pages
    }

    /// A page's Markdown by its path (`components/switch/index.md`), or a data file
    /// (`components.json`, `components/switch/component.json`, `llms.txt`).
    public func file(_ path: String) throws -> (text: String, mimeType: String) {
        if path == "components.json" {
            return (String(decoding: MachineReadable.catalogJSON(catalog.shared, components: catalog.components), as: UTF8.self), "application/json")
        }
        if path == "components.schema.json" { return (ComponentSchema.text(for: catalog), "application/schema+json") }
        if path == "llms.txt" { return (LLMsText.index(catalog), "text/plain") }
        if path == "index.md" { return (PageMarkdown.home(catalog), "text/markdown") }
        if path == "components/index.md" { return (PageMarkdown.components(catalog), "text/markdown") }
        if path == "guides/index.md" { return (PageMarkdown.guides(catalog), "text/markdown") }
        if path == "readiness/index.md" { return (PageMarkdown.readiness(catalog), "text/markdown") }
        if path == "tokens/index.md" {
            // The users the tokens page lists, as the build finds them.
            let used = catalog.components.map { TokenUsage.used(by: $0, tokens: catalog.tokens, modes: catalog.modes) }
            let exports = TokenExports(tokens: catalog.tokens, modes: catalog.modes, presentation: catalog.settings.modes, names: catalog.settings.exports)
            return (PageMarkdown.tokens(exports, users: TokenRows.users(of: catalog.components, using: used)), "text/markdown")
        }
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "components", let component = catalog.component(parts[1]) {
            if parts[2] == "index.md" { return (try self.component(component.slug, markdown: true), "text/markdown") }
            if parts[2] == "component.json" { return (try self.component(component.slug, markdown: false), "application/json") }
        }
        // A tab's page (`components/button/code/index.md`).
        if parts.count == 4, parts[0] == "components", parts[3] == "index.md", let component = catalog.component(parts[1]),
           let tab = ComponentTabs.of(component, in: catalog)?.tabs.first(where: { !$0.isFirst && $0.file == parts[2] }) {
            return (PageMarkdown.tab(tab, of: component, examples: component.demo?.examples ?? []), "text/markdown")
        }
        if parts.count == 3, parts[0] == "guides", parts[2] == "index.md", let guide = catalog.guides.first(where: { $0.slug == parts[1] }) {
            return (PageMarkdown.guide(guide), "text/markdown")
        }
        throw Failure("there is no page or data file '\(path)'; resources/list names every one")
    }

    // MARK: Search

    /// The pages, sections, components and tokens whose text holds every word of `query`, best
    /// first: a title match before a heading, a heading before body text. Each result has its
    /// page (and section anchor when the match is under a heading) and a snippet.
    public func search(_ query: String, limit: Int = 10) throws -> String {
        let words = query.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { throw Failure("send a non-empty `query`, such as \"sentence case\"") }
        var results: [(score: Int, order: Int, value: JSONText.Value)] = []
        func has(_ text: String) -> Bool {
            let lower = text.lowercased()
            return words.allSatisfy { lower.contains($0) }
        }
        /// A page: its title and the text before its first heading, then each section.
        func consider(title: String, aliases: [String] = [], kind: String, url: String, intro: String, sections: [(heading: ProseHeading, text: String)]) {
            var found: (score: Int, heading: ProseHeading?, text: String)?
            // An alias finds the page as its title does (`badge` for Tag).
            if has(title) || aliases.contains(where: has) {
                found = (3, nil, intro)
            } else if let section = sections.first(where: { has($0.heading.text) }) {
                found = (2, section.heading, section.text)
            } else if has(title + " " + intro) {
                found = (1, nil, intro)
            } else if let section = sections.first(where: { has($0.heading.text + " " + $0.text) }) {
                found = (1, section.heading, section.text)
            }
            guard let found else { return }
            var object: [String: JSONText.Value] = [
                "title": .string(title), "kind": .string(kind),
                "url": .string(url + (found.heading.map { "#\($0.id)" } ?? "")),
                "snippet": .string(Self.snippet(found.text, around: words[0])),
            ]
            if let heading = found.heading { object["section"] = .string(heading.text) }
            results.append((found.score, results.count, .object(object)))
        }
        for component in catalog.components {
            let (intro, sections) = component.prose.map(Self.sections) ?? ("", [])
            let model = [component.summary.value, intro, component.properties.map(\.name.value).joined(separator: " "),
                         component.states.map(\.name.value).joined(separator: " ")].joined(separator: " ")
            consider(title: component.name.value, aliases: component.aliases.map(\.value), kind: "component", url: component.pagePath, intro: model, sections: sections)
            // Each tab's prose is found on the tab's own page.
            for tab in ComponentTabs.of(component, in: catalog)?.tabs ?? [] where !tab.isFirst {
                guard let prose = tab.prose else { continue }
                let (tabIntro, tabSections) = Self.sections(prose)
                consider(title: "\(component.name.value): \(tab.title)", kind: "component", url: tab.pagePath, intro: tabIntro, sections: tabSections)
            }
        }
        for guide in catalog.guides {
            let (intro, sections) = Self.sections(guide.prose)
            consider(title: guide.title, aliases: guide.aliases, kind: "guide", url: guide.pagePath, intro: guide.description.map { $0 + " " + intro } ?? intro, sections: sections)
        }
        for token in catalog.tokens.tokens {
            let name = token.path.joined(separator: "/")
            consider(title: name, kind: "token", url: "tokens/#token-\(HeadingIDSafe.make(name))", intro: [token.description ?? "", token.displayValue].joined(separator: " "), sections: [])
        }
        let best = results.sorted { ($0.score, -$0.order) > ($1.score, -$1.order) }.prefix(max(1, limit)).map(\.value)
        return JSONText.pretty(.array(Array(best)))
    }

    /// A page's Markdown cut at its headings: the text before the first, then each heading with
    /// the text under it (headings found as the renderer found them, in order, outside code).
    package static func sections(_ prose: Prose) -> (intro: String, sections: [(heading: ProseHeading, text: String)]) {
        var intro = ""
        var sections: [(heading: ProseHeading, text: String)] = []
        var fence: Substring?
        var next = 0
        var skippedTitle = prose.title == nil
        for line in prose.source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
            } else if trimmed.hasPrefix("#"), case let marks = trimmed.prefix { $0 == "#" }, marks.count <= 6,
                      trimmed.dropFirst(marks.count).first.map({ $0 == " " || $0 == "\t" }) ?? true {
                if !skippedTitle, marks.count == 1 {
                    skippedTitle = true
                    continue
                }
                if next < prose.headings.count {
                    sections.append((prose.headings[next], ""))
                    next += 1
                    continue
                }
            }
            if sections.isEmpty { intro += line + "\n" } else { sections[sections.count - 1].text += line + "\n" }
        }
        return (intro, sections)
    }

    package static func snippet(_ text: String, around word: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard let range = flat.range(of: word, options: .caseInsensitive) else { return String(flat.prefix(160)) }
        let start = flat.index(range.lowerBound, offsetBy: -60, limitedBy: flat.startIndex) ?? flat.startIndex
        let end = flat.index(range.upperBound, offsetBy: 100, limitedBy: flat.endIndex) ?? flat.endIndex
        return (start > flat.startIndex ? "…" : "") + flat[start..<end] + (end < flat.endIndex ? "…" : "")
    }

    // MARK: Tokens

    /// A token: its type, value in every mode, the aliases along its chain, the tokens that
    /// alias it and the components that use it (directly or through aliases, in any mode).
    public func token(_ reference: String) throws -> String {
        guard let token = catalog.tokens.token(reference) else {
            let names = catalog.tokens.tokens.map { $0.path.joined(separator: "/") }
            let hint = DidYouMean.suggestion(for: reference.replacingOccurrences(of: ".", with: "/"), in: names).map { " Did you mean '\($0)'?" } ?? ""
            throw Failure("there is no token '\(reference)'.\(hint) Send a token name with `/` or `.` between its parts, such as color/text/primary.")
        }
        let name = token.path.joined(separator: "/")
        var modes: [String: JSONText.Value] = ["default": .string(token.displayValue)]
        for (mode, other) in catalog.modes?.inEveryResolution(token.name) ?? [] {
            modes[mode] = JSONText.Value(other?.displayValue)
        }
        let aliasedBy = TokenUsage.aliases(of: token.name, in: catalog.tokens).map { $0.path.joined(separator: "/") }
        return JSONText.pretty(.object([
            "name": .string(name),
            "type": JSONText.Value(token.type?.rawValue),
            "description": JSONText.Value(token.description),
            "deprecated": .bool(token.deprecated),
            "value": .string(token.displayValue),
            "modes": .object(modes),
            "aliasOf": JSONText.Value(token.aliasTarget),
            "resolvesTo": JSONText.Value(token.aliasEnd),
            "aliasedBy": .array(aliasedBy.sorted().map(JSONText.Value.string)),
            "usedBy": .array((tokenUsers()[name] ?? []).map(JSONText.Value.string)),
            "source": ComponentData.source(token.location, settings: catalog.settings),
        ]))
    }

    /// Token name (with `/`) → the names of the components that use it, directly, through the
    /// aliases that end in it, or in any mode.
    private func tokenUsers() -> [String: [String]] {
        var users: [String: Set<String>] = [:]
        for component in catalog.components {
            for name in TokenUsage.used(by: component, tokens: catalog.tokens, modes: catalog.modes) {
                let slash = catalog.tokens.token(name)?.slashName ?? name
                users[slash, default: []].insert(component.name.value)
            }
        }
        return users.mapValues { $0.sorted() }
    }

    // MARK: Contrast

    /// The contrast of two colours, each a token name or a colour (`#0A2757`), in every token
    /// mode, against `minimum`.
    public func contrast(foreground: String, background: String, minimum: Double = 4.5) throws -> String {
        guard minimum >= 1, minimum <= 21 else { throw Failure("`minimum` must be a ratio between 1 and 21, such as 4.5 for text or 3 for parts of a control") }
        var rows: [JSONText.Value] = []
        let sets = [("default", catalog.tokens)] + (catalog.modes?.resolutions.map { ($0.label, $0.tokens) } ?? [])
        for (mode, tokens) in sets {
            let front = try color(foreground, in: tokens, argument: "foreground")
            let back = try color(background, in: tokens, argument: "background")
            let ratio = RGBA.contrast(front, back, over: catalog.settings.surface)
            rows.append(.object([
                "mode": .string(mode), "foreground": .string(front.hex), "background": .string(back.hex),
                "ratio": .number((ratio * 100).rounded(.down) / 100), "minimum": .number(minimum),
                "passes": .bool(ratio + 0.000_1 >= minimum),
            ]))
        }
        return JSONText.pretty(.array(rows))
    }

    private func color(_ written: String, in tokens: TokenSet, argument: String) throws -> RGBA {
        if let color = RGBA(hex: written.trimmingCharacters(in: .whitespaces)) { return color }
        guard let token = tokens.token(written) else {
            let names = catalog.tokens.tokens.filter { $0.type == .color }.map { $0.path.joined(separator: "/") }
            let hint = DidYouMean.suggestion(for: written.replacingOccurrences(of: ".", with: "/"), in: names).map { " Did you mean '\($0)'?" } ?? ""
            throw Failure("`\(argument)` must be a colour token's name or a hex colour such as #0A2757; there is no token '\(written)'.\(hint)")
        }
        guard let color = RGBA(hex: token.displayValue) ?? token.css.flatMap({ RGBA(hex: $0) }) else {
            throw Failure("`\(argument)` names '\(written)', which is a \(token.type?.rawValue ?? "untyped") token, not a colour")
        }
        return color
    }

    // MARK: Problems

    /// What `check` reports, as its JSON format does, optionally of one severity, rule or file.
    public func problems(severity: String? = nil, rule: String? = nil, file: String? = nil) throws -> String {
        if let severity, !["error", "warning", "info", "note"].contains(severity) {
            throw Failure("`severity` must be error, warning or note")
        }
        let wanted = severity == "note" ? "info" : severity
        var wantedRule: RuleID?
        if let rule {
            guard let id = RuleID(rawValue: rule) else {
                let hint = DidYouMean.suggestion(for: rule, in: RuleID.allCases.map(\.rawValue)).map { " Did you mean '\($0)'?" } ?? ""
                throw Failure("there is no rule '\(rule)'.\(hint) `catalog-build check --list-rules` lists them.")
            }
            wantedRule = id
        }
        // As `check --format json` lists them: the silenced ones too, with their reasons.
        let chosen = (diagnostics + suppressed).sortedForDisplay().filter { diagnostic in
            (wanted == nil || diagnostic.severity.rawValue == wanted)
                && (wantedRule == nil || diagnostic.rule == wantedRule)
                && (file == nil || diagnostic.location.file.hasSuffix(file!))
        }
        return DiagnosticFormat.json(chosen)
    }

    private func relative(_ location: SourceLocation) -> String {
        "\(ComponentData.catalogPath(location.file, in: catalog)):\(location.line)"
    }
}
