import CatalogMarkdown
import CatalogModel

/// The catalog navigation every page carries: the components by group, the guides, the
/// readiness dashboard and the tokens page, from the theme's `partials/catalog-nav`.
///
/// A catalog of at most `wholeLimit` components lists every one on every page. A larger one
/// lists the page's own group (open) and shows every other group as one link to its section of
/// the components index: a sidebar of a thousand links helps no one, and it was a fifth of every
/// page of a 1,000-component catalog. An open group of more than `groupLimit` components lists
/// the run of `groupLimit` that holds the page (components 51–100 on the 60th component's page)
/// and links to the rest.
///
/// A catalog of a thousand components would spend most of its build rendering the same list a
/// thousand times, so the partial is rendered once for each view (which group is open, and which
/// run of it) and each way pages reach the site root, with a marker where each link's
/// `{{{current}}}` goes; a page then joins the pieces, marking its own link with
/// `aria-current="page"`.
package struct CatalogNavigation: Hashable, Sendable {
    /// The components in their navigation groups: the groups in `groups:` order, then groups
    /// `groups:` does not list (alphabetically), then "Other" for components without one. A
    /// catalog that names no group has one unnamed group.
    package static func groups(of catalog: Catalog) -> [(name: String?, components: [Component])] {
        guard catalog.components.contains(where: { $0.group != nil }) else {
            return catalog.components.isEmpty ? [] : [(nil, catalog.components)]
        }
        let listed = catalog.settings.groups.map(\.value)
        var byGroup: [String: [Component]] = [:]
        var other: [Component] = []
        for component in catalog.components {
            if let group = component.group?.value { byGroup[group, default: []].append(component) } else { other.append(component) }
        }
        var result: [(name: String?, components: [Component])] = []
        for name in listed { if let members = byGroup[name] { result.append((name, members)) } }
        for name in byGroup.keys.filter({ !listed.contains($0) }).sorted() { result.append((name, byGroup[name]!)) }
        if !other.isEmpty { result.append(("Other", other)) }
        return result
    }

    private static let marker: Character = "\u{1}"

    /// The most components a catalog may have for every page to list them all.
    package static let wholeLimit = 100

    /// The most components an open group lists by name; a larger group lists the run of this
    /// many that holds the page, and links to its section of the components index.
    package static let groupLimit = 50

    /// Which groups a page's navigation opens: every one (`nil` group, a small catalog), none
    /// (`nil` group, a large catalog's page that is no component's), or one, at one run.
    package struct View: Hashable, Sendable, Comparable {
        package var group: Int?
        package var run: Int = 0

        package static func < (left: View, right: View) -> Bool {
            (left.group ?? -1, left.run) < (right.group ?? -1, right.run)
        }
    }

    /// A run of the drawn navigation's text, and the page path of the link that follows it.
    private struct Piece: Hashable, Sendable {
        var text: String
        var path: String?
    }

    private struct Key: Hashable, Sendable {
        var root: String
        var view: View
    }

    private var pieces: [Key: [Piece]] = [:]
    /// A component page's path (`components/switch/`) → the view its navigation draws.
    private var views: [String: View] = [:]
    /// The view of every other page.
    private static let otherView = View(group: nil)

    /// Renders the partial for each view and each root a page of this site may have.
    package init(listing: Listing, theme: Theme, roots: [String]) throws(Theme.RenderFailure) {
        guard theme.hasTemplate("partials/catalog-nav") else { return }
        var drawn: Set<View> = [Self.otherView]
        if listing.isLarge {
            for (number, group) in listing.groups.enumerated() {
                for (index, entry) in group.components.enumerated() {
                    let view = View(group: number, run: index / Self.groupLimit)
                    views[entry.path] = view
                    drawn.insert(view)
                }
            }
        }
        for root in Set(roots) {
            for view in drawn {
                let html = try theme.render("partials/catalog-nav", Context(listing: listing, root: root, view: view))
                var split: [Piece] = []
                let parts = html.split(separator: Self.marker, omittingEmptySubsequences: false)
                // text, path, text, path, …, text
                var index = 0
                while index < parts.count {
                    let path = index + 1 < parts.count ? String(parts[index + 1]) : nil
                    split.append(Piece(text: String(parts[index]), path: path))
                    index += 2
                }
                pieces[Key(root: root, view: view)] = split
            }
        }
    }

    /// Around the navigation on every page: the link scan skips what lies between (the same
    /// links on every page), and `SiteLinkRule` checks them once per root instead.
    package static let startMarker = "<!--catalog-nav-->"
    package static let endMarker = "<!--/catalog-nav-->"

    /// The navigation for the page at `path` (`components/switch/index.html`), reached through `root`.
    package func html(root: String, page path: String, current value: String = "page") -> String {
        let current = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        guard let pieces = pieces[Key(root: root, view: views[current] ?? Self.otherView)] else { return "" }
        var html = Self.startMarker
        for piece in pieces {
            html += piece.text
            if let link = piece.path, link == current { html += " aria-current=\"\(value)\"" }
        }
        return html + Self.endMarker
    }

    /// The navigation as drawn for one root and view, without its current-page marks.
    package struct Drawing: Hashable, Sendable {
        package var root: String
        package var html: String
    }

    /// Every drawing of the navigation, with no link current (what the link check reads).
    package var rendered: [Drawing] {
        pieces.keys.sorted { ($0.root, $0.view) < ($1.root, $1.view) }.map { key in Drawing(root: key.root, html: pieces[key]!.map(\.text).joined()) }
    }

    /// What the navigation lists, with paths from the site root. The partial is rendered from
    /// this alone (and the root), so equal listings under the same theme draw the same navigation.
    package struct Listing: Hashable {
        package var groups: [Group]
        package var guides: [Entry]
        package var sections: [Section]

        package struct Section: Hashable {
            package var entry: Entry
            package var guides: [Entry]
        }

        package struct Group: Hashable {
            package var name: String?
            package var components: [Entry]
        }

        /// Whether the catalog has more components than every page can list (`wholeLimit`):
        /// worked out once, since every group of every drawing asks.
        package let isLarge: Bool

        package struct Entry: Hashable {
            package var label: String
            package var path: String
            /// A component's lifecycle stage, shown beside its name unless it is stable.
            package var stage: String? = nil

            package init(label: String, path: String, stage: String? = nil) {
                self.label = label
                self.path = path
                self.stage = stage
            }
        }

        package init(_ catalog: Catalog) {
            groups = CatalogNavigation.groups(of: catalog).map { group in
                Group(
                    name: group.name,
                    components: group.components.map { Entry(label: $0.name.value, path: $0.pagePath, stage: $0.lifecycle.flatMap { $0.value == .stable ? nil : $0.value.rawValue }) }
                )
            }
            isLarge = catalog.components.count > CatalogNavigation.wholeLimit
            guides = catalog.guides.filter { $0.section == nil }.map { Entry(label: $0.title, path: $0.pagePath) }
            sections = catalog.guideSections.map { section in
                Section(entry: Entry(label: section.title, path: section.pagePath),
                        guides: catalog.guides.filter { $0.section == section.slug }.map { Entry(label: $0.title, path: $0.pagePath) })
            }
        }
    }

    /// The names the partial's context provides, for the template name check.
    package static var contextShapes: [String: TemplateShape] { Context.shapes }

    /// The partial's context for pages that reach the site root through `root` and draw `view`.
    /// Each link's `current` is a marker around its path, replaced per page by `html(root:page:)`.
    private struct Context: TemplateFields {
        package let listing: Listing
        package let root: String
        package let view: View

        package static let fields: [String: TemplateField<Self>] = [
            "groups": .list { context in
                context.listing.groups.enumerated().map { number, group in
                    let open = !context.listing.isLarge || context.view.group == number
                    let members = !open ? [] : context.listing.isLarge ? Self.run(of: group, view: context.view) : group.components[...]
                    return GroupContext(group: group, members: members, open: open, number: number + 1, root: context.root)
                }
            },
            "has_components": .value { !$0.listing.groups.isEmpty },
            "guides": .list { context in context.listing.guides.map { LinkContext(label: ("title", $0.label), path: $0.path, root: context.root) } },
            "has_guides": .value { !$0.listing.guides.isEmpty || !$0.listing.sections.isEmpty },
            "guide_sections": .list { context in context.listing.sections.enumerated().map { SectionContext(section: $1, number: $0 + 1, root: context.root) } },
            "components": .object { LinkContext(path: "components/", root: $0.root) },
            "guides_index": .object { LinkContext(path: "guides/", root: $0.root) },
            "readiness": .object { LinkContext(path: "readiness/", root: $0.root) },
            "tokens": .object { LinkContext(path: "tokens/", root: $0.root) },
        ]

        package init(listing: Listing, root: String, view: View) {
            self.listing = listing
            self.root = root
            self.view = view
        }

        /// What a large catalog's open group lists: the run of `groupLimit` the view shows.
        private static func run(of group: Listing.Group, view: View) -> ArraySlice<Listing.Entry> {
            let start = min(view.run * groupLimit, group.components.count)
            return group.components[start..<min(start + groupLimit, group.components.count)]
        }
    }

    private struct GroupContext: TemplateFields {
        package let group: Listing.Group
        /// The components the group lists by name (none when it is closed).
        package let members: ArraySlice<Listing.Entry>
        package let open: Bool
        package let number: Int
        package let root: String

        package static let fields: [String: TemplateField<Self>] = [
            "name": .value { $0.group.name ?? "All components" },
            "has_name": .value { $0.group.name != nil },
            "id": .value { "catalog-nav-group-\($0.number)" },
            "open": .value { $0.open },
            "total": .value { $0.group.components.count },
            "href": .value { $0.root + "components/#group-\($0.number)" },
            "components": .list { context in context.members.map { LinkContext(label: ("name", $0.label), path: $0.path, root: context.root, stage: $0.stage) } },
            "has_more": .value { $0.open && $0.group.components.count > $0.members.count },
            "more": .object { More(count: $0.group.components.count - $0.members.count, total: $0.group.components.count, href: $0.root + "components/#group-\($0.number)") },
        ]
    }

    private struct SectionContext: TemplateFields {
        package let section: Listing.Section
        package let number: Int
        package let root: String

        package static let fields: [String: TemplateField<Self>] = [
            "id": .value { "catalog-nav-section-\($0.number)" },
            "link": .object { LinkContext(label: ("title", $0.section.entry.label), path: $0.section.entry.path, root: $0.root) },
            "guides": .list { context in context.section.guides.map { LinkContext(label: ("title", $0.label), path: $0.path, root: context.root) } },
        ]
    }

    private struct More: TemplateFields {
        package let count: Int
        package let total: Int
        package let href: String

        package static let fields: [String: TemplateField<Self>] = [
            "count": .value { $0.count },
            "total": .value { $0.total },
            "href": .value { $0.href },
        ]
    }

    /// A link: `href` from the root, `current` the marker, and its text under the name the
    /// partial reads it by (`name` for a component, `title` for a guide).
    private struct LinkContext: TemplateFields {
        package var label: (name: String, text: String)?
        package let path: String
        package let root: String
        package var stage: String? = nil

        package static let fields: [String: TemplateField<Self>] = [
            "href": .value { $0.root + $0.path },
            "current": .value { "\(marker)\($0.path)\(marker)" },
            "name": .optional { $0.label?.name == "name" ? $0.label?.text : nil },
            "title": .optional { $0.label?.name == "title" ? $0.label?.text : nil },
            "has_stage": .value { $0.stage != nil },
            "stage": .value { $0.stage ?? "" },
            "stage_label": .value { $0.stage.flatMap(Lifecycle.init(rawValue:))?.label ?? "" },
        ]
    }
}
