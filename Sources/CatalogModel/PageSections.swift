/// Element ids the page layout and the component page use. Prose headings never take one of
/// these, so an anchor from the Markdown and a section of the page can never collide.
public enum PageSections {
    /// Ids the base layout puts on every page.
    public static let layout: Set<String> = ["main", "site-header", "site-nav", "site-footer", "page-title", "toc", "toc-title"]

    public static let componentReserved: Set<String> = layout.union(ComponentSection.allCases.map(\.id))
}

/// A section of the component page, in page order: its element id is its raw value, and a tab
/// of `pages.component-tabs` lists sections by it.
public enum ComponentSection: String, CaseIterable, Sendable, Hashable, Comparable {
    case guidelines, demo, examples, playground, code, states, variants, appearances, screenshots, figma
    case properties, accessibility, conformance, inCode = "in-code", readiness, changes, related

    /// The element id (and the word `pages.component-tabs` uses).
    public var id: String { rawValue }

    /// The heading the default theme gives it.
    public var title: String {
        switch self {
        case .guidelines: "Guidelines"
        case .demo: "Live demo"
        case .examples: "Examples"
        case .playground: "Playground"
        case .code: "Code"
        case .states: "States"
        case .variants: "Variants"
        case .appearances: "Appearances"
        case .screenshots: "Screenshots"
        case .figma: "In Figma"
        case .properties: "Properties"
        case .accessibility: "Accessibility"
        case .conformance: "Conformance"
        case .inCode: "In code"
        case .readiness: "Readiness"
        case .changes: "Changes"
        case .related: "Related components"
        }
    }

    /// Page order: the order the cases are declared in.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.position < rhs.position }

    /// Compared and hashed by its case, not by its raw value: a component's sections are a set
    /// made for every component on every run, and hashing the names was most of its cost.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.position == rhs.position }
    public func hash(into hasher: inout Hasher) { hasher.combine(position) }

    private var position: Int {
        switch self {
        case .guidelines: 0
        case .demo: 1
        case .examples: 2
        case .playground: 3
        case .code: 4
        case .states: 5
        case .variants: 6
        case .appearances: 7
        case .screenshots: 8
        case .figma: 9
        case .properties: 10
        case .accessibility: 11
        case .conformance: 12
        case .inCode: 13
        case .readiness: 14
        case .changes: 15
        case .related: 16
        }
    }
}
