/// Element ids the page layout and the component page use. Prose headings never take one of
/// these, so an anchor from the Markdown and a section of the page can never collide.
public enum PageSections {
    /// Ids the base layout puts on every page.
    public static let layout: Set<String> = ["main", "site-header", "site-nav", "site-footer", "page-title", "toc", "toc-title"]

    /// Ids of the component page's sections, in page order.
    public static let component: [(id: String, title: String)] = [
        ("guidelines", "Guidelines"),
        ("demo", "Live demo"),
        ("examples", "Examples"),
        ("playground", "Playground"),
        ("code", "Code"),
        ("states", "States"),
        ("variants", "Variants"),
        ("appearances", "Appearances"),
        ("screenshots", "Screenshots"),
        ("properties", "Properties"),
        ("accessibility", "Accessibility"),
        ("in-code", "In code"),
        ("readiness", "Readiness"),
        ("changes", "Changes"),
        ("related", "Related components"),
    ]

    public static var componentReserved: Set<String> {
        layout.union(component.map(\.id))
    }
}
