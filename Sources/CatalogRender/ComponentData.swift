import CatalogCore
import CatalogModel
import CatalogAnalysis
/// What a component's data and its Markdown read besides the component: a step that makes them
/// takes this (and the theme) as its input.
package struct ComponentContext: Hashable, Sendable {
    package var settings: CatalogSettings
    package var tokens: TokenSet
    package var modes: TokenModes?
    package var code: CodeIndex?
    /// The other components' names, summaries and pages (related links, a replacement).
    package var directory: ComponentDirectory
    /// The releases (`versions:`), for each component's `history`.
    package var history: ReleaseHistory?

    package init(_ catalog: Catalog) {
        history = catalog.history
        settings = catalog.settings
        tokens = catalog.tokens
        modes = catalog.modes
        code = catalog.code
        directory = catalog.directory
    }

    /// The component's tabs (nil for a component of one page), as `ComponentTabs.of` finds them.
    package func tabs(of component: Component) -> ComponentTabs? {
        guard !component.tabFiles.isEmpty else { return nil }
        let present = ComponentTabs.presentSections(of: component, settings: settings, readsCode: code != nil, history: history, exists: { directory[$0] != nil })
        return ComponentTabs(component, specs: settings.componentTabs, present: present)
    }
}

/// The design system as data: `components/<slug>/component.json` (one component, whole) and
/// `components.json` (the catalog's index: each component's names, page and data file), described
/// by `components.schema.json`. Each component's data is published once. Made from the
/// same model as the pages, so tools and agents read what the site shows: properties with their
/// platform mappings, states with support, variants, appearances with their tokens resolved in
/// every mode, contrast per mode, accessibility, demo examples, code, readiness and where each
/// came from.
public enum ComponentData {
    /// The schema's version; a change that is not backward compatible raises it.
    /// 2: `components.json` lists each component's entry (`entry`) and where its
    /// `component.json` is, instead of repeating every `component.json`.
    public static let version = 2

    /// What the releases did to a component: `history` in its JSON, `get_history` over MCP.
    package static func history(_ component: Component, in history: ReleaseHistory) -> JSONText.Value {
        typealias V = JSONText.Value
        return .object([
            "since": V(history.since(component.slug)),
            "deprecatedIn": V(component.lifecycle?.value == .deprecated ? history.deprecatedIn(component.slug) : nil),
            "releases": .array(history.component(component.slug, notes: component.changeNotes).map { release in
                .object([
                    "version": .string(release.version),
                    "date": V(release.release?.date),
                    "unreleased": .bool(release.release == nil),
                    "changes": .array(release.changes.map { change in
                        .object(["impact": .string(change.impact.rawValue), "area": .string(change.area.rawValue), "kind": .string(change.kind.rawValue), "subject": .string(change.subject), "message": .string(change.message)])
                    }),
                    "notes": .array(release.notes.map(V.string)),
                ])
            }),
        ])
    }

    /// One component as a JSON value.
    /// `code`: what the code says of it (`ComponentAnalysis`, worked out once).
    package static func value(_ component: Component, catalog: ComponentContext, theme: Theme?, code: CodeReport?, figma: FigmaSection? = nil, conformance: ConformanceSection? = nil) -> JSONText.Value {
        typealias V = JSONText.Value
        let rubric = catalog.settings.rubric
        let kind = component.demo.flatMap { theme?.kinds[$0.kind.value] }
        let own: [String: V] = [
            "source": source(component.location, settings: catalog.settings),
            "related": .array(component.related.map { .string($0.value) }),
            "readiness": .object([
                "status": overallStatus(component, rubric: rubric),
                "criteria": .array(component.readiness.map { entry in
                    .object([
                        "criterion": .string(entry.criterion.value),
                        "status": .string(entry.status.value),
                        "label": V(rubric.status(entry.status.value)?.label),
                        "notes": V(entry.notes),
                    ])
                }),
            ]),
            "properties": .array(component.properties.map { property in
                .object([
                    "name": .string(property.name.value),
                    "type": V(property.type),
                    "required": .bool(property.required),
                    "description": V(property.description),
                    "platforms": platforms(property.platforms),
                    "source": source(property.name.location, settings: catalog.settings),
                ])
            }),
            "states": .array(component.states.map { state in
                .object([
                    "name": .string(state.name.value),
                    "support": .array(state.support.map { support in
                        .object(["platform": .string(support.platform), "support": .string(support.support.rawValue), "note": V(support.note)])
                    }),
                    "figma": V(state.figma),
                    "notes": V(state.notes),
                ])
            }),
            "variants": .object([
                "axes": .array(component.variants.map { axis in
                    .object(["name": .string(axis.name), "values": .array(axis.values.map(V.string))])
                }),
                "count": .number(String(component.variantCount)),
            ]),
            "appearances": .array(component.appearances.map { appearance($0, catalog: catalog) }),
            "contrast": .array(component.appearances.flatMap { appearance in
                ContrastPairs.measured(for: appearance, kind: kind, tokens: catalog.tokens, modes: catalog.modes, settings: catalog.settings).map { measured in
                    let pair = measured.pair
                    return V.object([
                        "appearance": .string(appearance.name.value),
                        "pair": .string(pair.label),
                        "mode": V(measured.mode),
                        "foreground": .string(pair.foregroundColor.hex),
                        "background": .string(pair.backgroundColor.hex),
                        "ratio": .number((pair.ratio * 100).rounded(.down) / 100),
                        "required": .number(pair.required),
                        "criterion": .string("WCAG \(pair.kind.criterion)"),
                        "passes": .bool(pair.passes),
                    ])
                }
            }),
            "accessibility": .array(component.accessibility.map { requirement in
                .object(["requirement": .string(requirement.requirement.value), "platforms": platforms(requirement.platforms),
                         "criteria": .array(requirement.criteria.map { V.string($0.value) }), "responsibility": .string(requirement.responsibility.rawValue)])
            }),
            "code": .array(component.code.map { .object(["language": .string($0.language), "code": .string($0.code)]) }),
        ]
        var object = names(component).merging(own) { _, mine in mine }
        if let extra = component.extra {
            object["extra"] = extra.jsonValue
        }
        for value in component.declared where value.shows(.json) {
            object[value.key] = Self.json(value)
        }
        if let report = code {
            object["implementation"] = report.json
        }
        if let figma {
            object["figmaParity"] = figma.json
        }
        if let conformance {
            object["conformance"] = conformance.json
        }
        if let history = catalog.history {
            object["history"] = Self.history(component, in: history)
        }
        if let demo = component.demo {
            object["demo"] = .object([
                "kind": .string(demo.kind.value),
                "examples": .array(demo.examples.map { example($0) }),
            ])
        } else {
            object["demo"] = .null
        }
        // A component split into tabs: each tab's page, its Markdown, its sections and its file.
        if let tabs = catalog.tabs(of: component) {
            object["tabs"] = .array(tabs.tabs.map { tab in
                .object([
                    "file": .string(tab.file), "title": .string(tab.title), "url": .string(tab.pagePath),
                    "markdown": .string(tab.pagePath + "index.md"),
                    "sections": .array(tab.sections.sorted().map { V.string($0.id) }),
                    "source": tab.source.map { source($0, settings: catalog.settings) } ?? .null,
                ])
            })
        }
        return .object(object)
    }

    /// What names a component and where it is: the first members of its `component.json`, and
    /// its whole entry in `components.json` with its readiness and its data file, so the index
    /// says what the data says.
    private static func names(_ component: Component) -> [String: JSONText.Value] {
        typealias V = JSONText.Value
        return [
            "slug": .string(component.slug),
            "name": .string(component.name.value),
            "summary": .string(component.summary.value),
            "description": V(component.description?.value),
            "group": V(component.group?.value),
            "lifecycle": V(component.lifecycle?.value.rawValue),
            "replacement": V(component.replacement?.value),
            "url": .string(component.pagePath),
            "markdown": .string(component.pagePath + "index.md"),
        ]
    }

    /// The overall readiness status (`readiness.status`), null when the rubric gives none.
    private static func overallStatus(_ component: Component, rubric: ReadinessRubric) -> JSONText.Value {
        component.overallStatus(in: rubric).map { .object(["id": .string($0.id), "label": .string($0.label)]) } ?? .null
    }

    /// A component's entry in `components.json`: what a tool needs to list it and find the rest.
    package static func entry(_ component: Component, rubric: ReadinessRubric) -> JSONText.Value {
        var entry = names(component)
        entry["readiness"] = overallStatus(component, rubric: rubric)
        entry["data"] = .string(component.pagePath + dataFileName)
        return .object(entry)
    }

    /// Each component's data file, in its page's folder.
    package static let dataFileName = "component.json"

    /// `components.json`: the catalog's title and modes, and each component's entry.
    package static func catalogValue(_ catalog: Catalog.Shared, components: [JSONText.Value]) -> JSONText.Value {
        .object([
            "$schema": .string("components.schema.json"),
            "version": .number(String(version)),
            "title": .string(catalog.settings.title.value),
            "description": JSONText.Value(catalog.settings.description),
            "modes": .array((catalog.modes?.resolutions ?? []).map { .string($0.label) }),
            "components": .array(components),
        ])
    }

    private static func appearance(_ appearance: Appearance, catalog: ComponentContext) -> JSONText.Value {
        typealias V = JSONText.Value
        return .object([
            "name": .string(appearance.name.value),
            "description": V(appearance.description),
            "tokens": .array(appearance.tokens.map { use in
                let token = catalog.tokens.token(use.token.value)
                var modes: [String: V] = [:]
                if let token {
                    for difference in catalog.modes?.values(of: token.name, default: token) ?? [] {
                        modes[difference.mode] = .string(difference.token.displayValue)
                    }
                }
                return V.object([
                    "role": .string(use.role),
                    "token": .string(use.token.value),
                    "type": V(token?.type?.rawValue),
                    "value": V(token?.displayValue),
                    "aliasOf": V(token?.aliasEnd ?? token?.aliasTarget),
                    "modes": .object(modes),
                    "source": source(use.token.location, settings: catalog.settings),
                ])
            }),
        ])
    }

    private static func example(_ example: DemoExample) -> JSONText.Value {
        .object(Dictionary(example.entries.map { ($0.key.value, value($0.value.value)) }, uniquingKeysWith: { first, _ in first }))
    }

    private static func value(_ value: ExampleValue) -> JSONText.Value {
        switch value {
        case .scalar(let scalar):
            if scalar.plain, let flag = scalar.flag { return .bool(flag) }
            if scalar.plain, let number = scalar.number { return .number(number) }
            return .string(scalar.text)
        case .list(let items): return .array(items.map { Self.value($0.value) })
        case .map(let nested): return example(nested)
        case .null: return .null
        }
    }

    private static func platforms(_ texts: [PlatformText]) -> JSONText.Value {
        .object(Dictionary(texts.map { ($0.platform, JSONText.Value.string($0.text)) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Where a value was written: `{ "file": …, "line": … }`, the file relative to the catalog
    /// folder (so the data does not depend on where the build was run from).
    package static func source(_ location: SourceLocation, settings: CatalogSettings) -> JSONText.Value {
        .object(["file": .string(catalogPath(location.file, settings: settings)), "line": .number(String(location.line))])
    }

    /// A diagnostic's file name relative to the catalog folder.
    public static func catalogPath(_ file: String, in catalog: Catalog) -> String {
        catalogPath(file, settings: catalog.settings)
    }

    /// A file name relative to the folder of catalog.yaml (as `settings` was read from).
    public static func catalogPath(_ file: String, settings: CatalogSettings) -> String {
        let prefix = settings.shownFolder
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }
}

extension ComponentData {
    /// A declared field in component.json: a string, a list of strings, or an object of strings.
    static func json(_ value: DeclaredValue) -> JSONText.Value {
        switch value.field?.holds {
        case .texts: .array(value.entries.map { .string($0.value.value) })
        case .object: .object(Dictionary(value.entries.map { ($0.name ?? "", .string($0.value.value)) }, uniquingKeysWith: { first, _ in first }))
        default: .string(value.entries.first?.value.value ?? "")
        }
    }
}
