import CatalogCore
import CatalogMarkdown
import CatalogModel

/// The live examples a guide's ```` ```demo ```` fences name (`switch/Selected`), drawn as on
/// their components' pages: each component's appearance tokens in a stylesheet of the guide's
/// own (its classes scoped to the component, so two components' roles never collide), and the
/// kinds' scripts and stylesheets loaded on that guide alone.
package struct GuideDemos: Hashable, Sendable {
    package struct Item: Hashable, Sendable {
        var component: Component
        /// A demo example's place in `demo.examples`, or the team's web example's in `webExamples`.
        var example: Int
        var web = false
    }

    /// Per fence, in order, the examples it names (lines naming nothing are errors elsewhere).
    package var fences: [[Item]]
    /// `assets/guide-roles.<hash>.css`, when a named component binds tokens to roles.
    package var stylesheet: String?

    /// nil for a guide without fences. The stylesheet is added to `site`.
    package static func make(_ guide: Guide, catalog: Catalog, theme: Theme, into site: inout Site) -> GuideDemos? {
        guard !guide.prose.demos.isEmpty else { return nil }
        var fences: [[Item]] = []
        var shown: [Component] = []
        for fence in guide.prose.demos {
            var items: [Item] = []
            for line in fence.titles {
                guard let reference = GuideDemoReference(line.value), let component = catalog.component(reference.slug) else { continue }
                if let index = component.webExamples.firstIndex(where: { $0.title.value == reference.title }) {
                    items.append(Item(component: component, example: index, web: true))
                    continue
                }
                guard let index = component.demo?.examples.firstIndex(where: { $0.title?.value == reference.title }) else { continue }
                items.append(Item(component: component, example: index))
                if !shown.contains(where: { $0.slug == component.slug }) { shown.append(component) }
            }
            fences.append(items)
        }
        var css = ""
        for component in shown {
            let kind = component.demo.flatMap { theme.kinds[$0.kind.value] }
            css += DemoRoles.stylesheet(for: component, kind: kind, tokens: catalog.tokens, modes: catalog.modes, settings: catalog.settings, scope: component.slug)
        }
        var stylesheet: String?
        if !css.isEmpty {
            let path = Theme.hashedName("assets/guide-roles.css", bytes: Array(css.utf8))
            site.add(path, Array(css.utf8))
            stylesheet = path
        }
        return GuideDemos(fences: fences, stylesheet: stylesheet)
    }

    /// The kinds the guide shows, once each, in the order they first appear.
    package func kinds(in theme: Theme) -> [DemoKind] {
        var kinds: [DemoKind] = []
        for item in fences.joined() where !item.web {
            guard let kind = item.component.demo.flatMap({ theme.kinds[$0.kind.value] }), !kinds.contains(where: { $0.id == kind.id }) else { continue }
            kinds.append(kind)
        }
        return kinds
    }

    /// Whether the guide shows one of the team's web examples (the page then loads examples.js).
    package var showsWebExamples: Bool { fences.joined().contains { $0.web } }

    /// The guide's HTML with each fence's placeholder replaced by its examples.
    package func html(_ prose: Prose, guide: Guide, theme: Theme, settings: CatalogSettings) throws(Theme.RenderFailure) -> String {
        let placeholder = MarkdownDemoFence.placeholder
        var pieces = prose.html.components(separatedBy: placeholder)
        guard pieces.count == fences.count + 1 else { return prose.html }
        let demos = DemoMarkup(theme: theme)
        var html = pieces.removeFirst()
        var instance = 0
        let prefix = "guide-" + guide.slug.map { $0.isLetter || $0.isNumber ? $0 : "-" }
        for (items, rest) in zip(fences, pieces) {
            var figures: [String] = []
            for item in items {
                if item.web {
                    let example = item.component.webExamples[item.example]
                    guard theme.hasTemplate("partials/web-example"),
                          var fields = WebExamplePages.section(item.component, settings: settings).first(where: { $0.id == example.id }) else { continue }
                    instance += 1
                    fields.src = String(repeating: "../", count: guide.pagePath.split(separator: "/").count) + item.component.pagePath + fields.src
                    fields.anchor = "\(prefix)-\(instance)"
                    fields.place = "in a frame (\(instance))"
                    fields.title = "\(item.component.name.value): \(fields.title)"
                    figures.append(try theme.render("partials/web-example", fields).trimmingNewlines())
                    continue
                }
                guard let demo = item.component.demo, let kind = theme.kinds[demo.kind.value] else { continue }
                let example = demo.examples[item.example]
                instance += 1
                let markup = try demos.render(example, kind: kind, id: "\(prefix)-\(instance)", componentName: item.component.name.value)
                var classes = ["demo-roles-" + item.component.slug]
                if let chosen = example.appearance?.value, let index = item.component.appearances.firstIndex(where: { $0.name.value == chosen }) {
                    classes.append(DemoRoles.appearanceClass(index, scope: item.component.slug))
                }
                let figure = DemoFigure(title: "\(item.component.name.value): \(example.title?.value ?? "")", markup: markup, kind: kind.id, rolesClass: classes.joined(separator: " "))
                figures.append(theme.hasTemplate("partials/prose-demo") ? try theme.render("partials/prose-demo", figure).trimmingNewlines() : markup)
            }
            html += figures.joined(separator: "\n") + rest
        }
        return html
    }
}
