import CatalogCore

/// One entry of `pages.component-tabs` in catalog.yaml: a tab's Markdown file (without `.md`),
/// its title, and the generated sections it shows.
public struct ComponentTabSpec: Sendable, Hashable {
    /// The most tabs a component shows: each tab's page lists every tab, so the pages grow with
    /// the square of their number, and a tab bar of more does not fit a phone.
    public static let maximumTabs = 12

    public var file: String
    public var title: String
    public var sections: [ComponentSection]
    public var location: SourceLocation?

    public init(file: String, title: String, sections: [ComponentSection], location: SourceLocation? = nil) {
        self.file = file
        self.title = title
        self.sections = sections
        self.location = location
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.file == rhs.file && lhs.title == rhs.title && lhs.sections == rhs.sections
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(title)
        hasher.combine(sections)
    }

    /// The tabs a catalog has when catalog.yaml does not list its own: Usage, Code,
    /// Accessibility, Style and Status, as Carbon, Material and Primer split a component.
    public static let defaults: [ComponentTabSpec] = [
        .init(file: "index", title: "Usage", sections: [.demo, .examples, .states, .variants]),
        .init(file: "code", title: "Code", sections: [.playground, .code, .properties, .inCode]),
        .init(file: "accessibility", title: "Accessibility", sections: [.accessibility, .conformance]),
        .init(file: "style", title: "Style", sections: [.appearances, .screenshots, .figma]),
        .init(file: "status", title: "Status", sections: [.readiness, .changes]),
    ]

    /// The generated sections a tab may list: the component page's sections, and those the
    /// contract adds (a team's web examples, platform screenshots, the changes).
    public static var sectionNames: [String] {
        ComponentSection.allCases.filter { $0 != .guidelines }.map(\.id)
    }
}

/// A Markdown file beside a component's `index.md` (`code.md`): the prose of one tab.
public struct ComponentTabFile: Sendable {
    /// The file name without `.md` (`code`).
    public var file: String
    public var prose: Prose
    /// `description:` in its front matter (the tab page's meta description).
    public var description: String?
    public var location: SourceLocation

    public init(file: String, prose: Prose, description: String?, location: SourceLocation) {
        self.file = file
        self.prose = prose
        self.description = description
        self.location = location
    }
}

/// A tabbed component's pages: which tabs it has, each tab's URL, prose and sections.
public struct ComponentTabs: Sendable {
    public struct Tab: Sendable {
        public var file: String
        public var title: String
        /// The tab page's output folder (`components/button/code/`; the first is the component's).
        public var pagePath: String
        /// Its prose: index.md's for the first tab, the tab file's for the others.
        public var prose: Prose?
        public var description: String?
        /// The Markdown file the tab's prose comes from (catalog-relative), if any.
        public var source: SourceLocation?
        /// The generated sections shown on this tab.
        public var sections: Set<ComponentSection>
        public var isFirst: Bool
    }

    public var tabs: [Tab]

    /// The tabs of `component` under `specs`, given the generated sections it has (`present`):
    /// nil when the folder has no tab file (one page, as before). A tab is shown when it has a
    /// file or one of its sections has something to show; a section no tab lists goes to the
    /// first tab. Tab files `specs` does not name are left out (the loader reported them).
    public init?(_ component: Component, specs: [ComponentTabSpec], present: Set<ComponentSection>) {
        let files = Dictionary(component.tabFiles.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        guard !component.tabFiles.isEmpty, !specs.isEmpty else { return nil }
        let listed = Set(specs.flatMap(\.sections))
        var tabs: [Tab] = []
        for (index, spec) in specs.enumerated() {
            let isFirst = index == 0
            var sections = Set(spec.sections).intersection(present)
            if isFirst { sections.formUnion(present.subtracting(listed)) }
            sections.remove(.guidelines)
            let file = isFirst ? nil : files[spec.file]
            let prose = isFirst ? component.prose : file?.prose
            guard isFirst || file != nil || !sections.isEmpty else { continue }
            tabs.append(Tab(
                file: spec.file, title: spec.title,
                pagePath: isFirst ? component.pagePath : component.pagePath + spec.file + "/",
                prose: prose, description: file?.description,
                source: prose.map { SourceLocation(file: $0.path) },
                sections: sections, isFirst: isFirst
            ))
        }
        self.tabs = tabs
    }

    /// The tab that shows `section`, or the first.
    public func tab(showing section: ComponentSection) -> Tab {
        tabs.first { $0.sections.contains(section) } ?? tabs[0]
    }

    /// The tabs of a component of `catalog`, with its sections worked out from the model (what
    /// the data files, search and the MCP server say; the page itself shows the same).
    public static func of(_ component: Component, in catalog: Catalog) -> ComponentTabs? {
        guard !component.tabFiles.isEmpty else { return nil }
        return ComponentTabs(component, specs: catalog.settings.componentTabs, present: presentSections(of: component, in: catalog))
    }

    /// The sections `component` has something to show in, from the model.
    public static func presentSections(of component: Component, in catalog: Catalog) -> Set<ComponentSection> {
        presentSections(of: component, settings: catalog.settings, readsCode: catalog.code != nil, history: catalog.history, exists: { catalog.component($0) != nil })
    }

    /// The same from what a component's data knows of the catalog (its settings, whether it reads
    /// code, the releases, which slugs exist): the one place the page, its tabs, the data files,
    /// search and the MCP server learn which sections a component has.
    public static func presentSections(of component: Component, settings: CatalogSettings, readsCode: Bool, history: ReleaseHistory?, exists: (String) -> Bool) -> Set<ComponentSection> {
        var present = presentSections(of: component, readsCode: readsCode, exists: exists)
        if let history, hasHistory(component, in: history, exists: exists) { present.insert(.changes) }
        if let screenshots = settings.screenshots, !screenshots.folders.isEmpty, !ScreenshotIndex.rows(of: component).isEmpty { present.insert(.screenshots) }
        if settings.figma?.files != nil, component.declared("figma") != nil { present.insert(.figma) }
        if settings.conformance != nil { present.insert(.conformance) }
        return present
    }

    /// Whether a component's page has a Changes section: a release changed it, a note names a
    /// release, or it is deprecated with a replacement to migrate to.
    public static func hasHistory(_ component: Component, in history: ReleaseHistory, exists: (String) -> Bool) -> Bool {
        if !history.component(component.slug, notes: component.changeNotes).isEmpty { return true }
        guard component.lifecycle?.value == .deprecated, let replacement = component.replacement, exists(replacement.value) else { return false }
        return !(history.migrations[component.slug] ?? []).isEmpty
    }

    /// The same, from what is known of the catalog: whether it reads code, and which slugs exist.
    public static func presentSections(of component: Component, readsCode: Bool, exists: (String) -> Bool) -> Set<ComponentSection> {
        let hasDemo = !(component.demo?.examples.isEmpty ?? true)
        return presentSections(
            of: component, hasDemo: hasDemo, hasCode: hasDemo || !component.code.isEmpty,
            hasInCode: readsCode && component.implementation != nil,
            hasRelated: component.related.contains { exists($0.value) }
        )
    }

    /// The sections a component has something to show in (the page shows only these).
    public static func presentSections(of component: Component, hasDemo: Bool, hasCode: Bool, hasInCode: Bool, hasRelated: Bool) -> Set<ComponentSection> {
        var present: Set<ComponentSection> = [.readiness]
        if component.prose != nil { present.insert(.guidelines) }
        if hasDemo { present.insert(.demo); present.insert(.playground) }
        if !component.states.isEmpty { present.insert(.states) }
        if !component.variants.isEmpty { present.insert(.variants) }
        if !component.appearances.isEmpty { present.insert(.appearances) }
        if !component.properties.isEmpty { present.insert(.properties) }
        if !component.accessibility.isEmpty { present.insert(.accessibility) }
        if hasInCode { present.insert(.inCode) }
        if hasCode { present.insert(.code) }
        if hasRelated { present.insert(.related) }
        if !component.webExamples.isEmpty { present.insert(.examples) }
        return present
    }
}
