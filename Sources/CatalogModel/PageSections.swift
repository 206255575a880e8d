/// Element ids the page layout and the component page use. Prose headings never take one of
/// these, so an anchor from the Markdown and a section of the page can never collide.
public enum PageSections {
    /// Ids the base layout puts on every page.
    public static let layout: Set<String> = ["main", "site-header", "site-nav", "site-footer", "page-title", "toc", "toc-title"]

    public static var componentReserved: Set<String> {
        layout.union(ComponentSection.allCases.map(\.id))
    }
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

    /// Page order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
