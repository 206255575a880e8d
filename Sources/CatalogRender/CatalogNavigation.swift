import CatalogCore
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
/// and links to the rest; and a large catalog of more than `groupLimit` groups lists the run of
/// that many groups that holds the page's group (the first run on a page of no group) and links
/// to the components index for all of them, so a page's navigation never grows with the catalog.
/// Guides alike: a catalog of more than `wholeLimit` guides lists the run of `groupLimit` guides
/// that holds the page (of the guides outside sections, or of the page's own section, whose
/// other sections show their own link only) and links to the guides index for the rest.
///
/// A catalog of a thousand components would spend most of its build rendering the same list a
/// thousand times, so for each way pages reach the site root the partial is rendered once with
/// no group open, its groups marked (`MarkedElement`), and once for each view (which group is
/// open, and which run of it) with that group alone, whose text takes the closed group's place;
/// a marker stands where each link's `{{{current}}}` goes, and a page joins the pieces, marking
/// its own link with `aria-current="page"`.
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

    /// The indices of run `run` of `groupLimit` among `count` items (components of a group,
    /// groups, guides): empty past the end.
    static func indices(ofRun run: Int, among count: Int) -> Range<Int> {
        let start = min(run * groupLimit, count)
        return start..<min(start + groupLimit, count)
    }

    /// Which groups a page's navigation opens: every one (`nil` group, a small catalog), none
    /// (`nil` group, a large catalog's page that is no component's), or one, at one run.
    package struct View: Hashable, Sendable, Comparable {
        package var group: Int?
        package var run: Int = 0
        /// In a catalog of many guides, the guides a guide's page lists: of its section (nil:
        /// the guides outside sections), the run that holds it.
        package var guides: GuideRun? = nil

        package struct GuideRun: Hashable, Sendable {
            package var section: Int?
            package var run: Int
        }

        /// The run of `groupLimit` groups a large catalog's navigation lists: the one holding
        /// the open group (the first when none is open).
        package var groupRun: Int { (group ?? 0) / CatalogNavigation.groupLimit }

        package static func < (left: View, right: View) -> Bool {
            (left.group ?? -1, left.run, left.guides?.section ?? -1, left.guides?.run ?? -1) < (right.group ?? -1, right.run, right.guides?.section ?? -1, right.guides?.run ?? -1)
        }
    }

    /// A run of the drawn navigation's text, and the page path of the link that follows it.
    private struct Piece: Hashable, Sendable {
        var text: String
        var path: String?
    }

    /// A part of a drawing: text outside every group, or one group's text (`number` from 0), as
    /// a page with every group closed draws it.
    private struct Part: Hashable, Sendable {
        var pieces: [Piece]
        var group: Int?
    }

    private struct Key: Hashable, Sendable {
        var root: String
        var view: View
    }

    /// For each root and run of groups, the navigation of a page that opens no group (a small
    /// catalog: every group open), split at each group.
    private var bases: [BaseKey: [Part]] = [:]

    private struct BaseKey: Hashable, Sendable {
        var root: String
        var groupRun: Int
    }
    /// For each root and view that opens a group, that group's text as the view draws it, once
    /// for each place the partial draws the group.
    private var opened: [Key: [[Piece]]] = [:]
    /// A view drawn whole, where the partial's text outside its groups depends on which group is
    /// open (or the renderer draws no marks): its pieces.
    private var whole: [Key: [Piece]] = [:]
    /// A component page's path (`components/switch/`) → the view its navigation draws.
    private var views: [String: View] = [:]
    /// The view of every other page.
    private static let otherView = View(group: nil)

    /// Renders the partial for each root a page of this site may have: once with no group open
    /// (every group, in a small catalog), and, for each view that opens a group, that group
    /// alone, put in its place. Drawing every group for every view would cost components ×
    /// groups (a catalog of 600 one-component groups drew 360,000 groups for each root).
    package init(listing: Listing, theme: Theme, roots: [String]) throws(Theme.RenderFailure) {
        guard theme.hasTemplate("partials/catalog-nav") else { return }
        var drawn: Set<View> = []
        var groupRuns = 1
        if listing.isLarge {
            groupRuns = (listing.groups.count + Self.groupLimit - 1) / Self.groupLimit
            for (number, group) in listing.groups.enumerated() {
                for (index, entry) in group.components.enumerated() {
                    let view = View(group: number, run: index / Self.groupLimit)
                    views[entry.path] = view
                    drawn.insert(view)
                }
            }
        }
        if listing.hasManyGuides {
            // Drawn whole: a guide's page lists no component, so its drawing is small.
            for (index, entry) in listing.guides.enumerated() {
                let view = View(group: nil, guides: .init(section: nil, run: index / Self.groupLimit))
                views[entry.path] = view
                drawn.insert(view)
            }
            for (number, section) in listing.sections.enumerated() {
                let first = View(group: nil, guides: .init(section: number, run: 0))
                views[section.entry.path] = first
                drawn.insert(first)
                for (index, entry) in section.guides.enumerated() {
                    let view = View(group: nil, guides: .init(section: number, run: index / Self.groupLimit))
                    views[entry.path] = view
                    drawn.insert(view)
                }
            }
        }
        // Each root is drawn on its own, on all cores; the first failure in root order is thrown.
        let (runs, shown) = (groupRuns, drawn)
        let drawings = Parallel.map(Set(roots).sorted()) { root in
            Result { () throws(Theme.RenderFailure) in
                try Self.draw(listing: listing, theme: theme, root: root, groupRuns: runs, views: shown)
            }
        }
        for drawing in drawings {
            let made = try drawing.get()
            bases.merge(made.bases) { first, _ in first }
            opened.merge(made.opened) { first, _ in first }
            whole.merge(made.whole) { first, _ in first }
        }
    }

    /// One root's drawings: its bases (one per run of groups), and for each view its open group
    /// alone or, where that cannot be cut out, the whole navigation.
    private static func draw(listing: Listing, theme: Theme, root: String, groupRuns: Int, views drawn: Set<View>) throws(Theme.RenderFailure)
        -> (bases: [BaseKey: [Part]], opened: [Key: [[Piece]]], whole: [Key: [Piece]]) {
        var bases: [BaseKey: [Part]] = [:], opened: [Key: [[Piece]]] = [:], whole: [Key: [Piece]] = [:]
        var marked: [Int: [Part]] = [:]
        for groupRun in 0..<max(1, groupRuns) {
            let key = BaseKey(root: root, groupRun: groupRun)
            let context = Context(listing: listing, root: root, view: Self.otherView, groupRun: groupRun)
            if let base = Self.parts(try theme.render("partials/catalog-nav", context, marking: true)) {
                marked[groupRun] = base
                bases[key] = base
            } else {
                bases[key] = [Part(pieces: Self.pieces(try theme.render("partials/catalog-nav", context)), group: nil)]
            }
        }
        for view in drawn {
            let key = Key(root: root, view: view)
            if let base = marked[view.groupRun], let group = view.group,
               let alone = Self.parts(try theme.render("partials/catalog-nav", Context(listing: listing, root: root, view: view, groupRun: view.groupRun, only: group), marking: true)),
               let texts = Self.opened(group, alone: alone, base: base) {
                opened[key] = texts
            } else {
                whole[key] = Self.pieces(try theme.render("partials/catalog-nav", Context(listing: listing, root: root, view: view, groupRun: view.groupRun)))
            }
        }
        return (bases, opened, whole)
    }

    /// A drawing split at its groups' marks; nil when the marks do not pair up (a group's name
    /// with a mark's control character in it) or the renderer drew none.
    private static func parts(_ html: String) -> [Part]? {
        var parts: [Part] = []
        var text = ""
        var group: Int? = nil
        var scalars = html.unicodeScalars.makeIterator()
        var sawMark = false
        while let scalar = scalars.next() {
            switch scalar {
            case MarkedElementText.opening:
                guard group == nil else { return nil }
                var digits = ""
                while let digit = scalars.next(), digit != MarkedElementText.closing { digits.unicodeScalars.append(digit) }
                guard let number = Int(digits) else { return nil }
                parts.append(Part(pieces: pieces(text), group: nil))
                text = ""
                group = number
                sawMark = true
            case MarkedElementText.end:
                guard let number = group else { return nil }
                parts.append(Part(pieces: pieces(text), group: number))
                text = ""
                group = nil
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        guard group == nil, sawMark else { return nil }
        parts.append(Part(pieces: pieces(text), group: nil))
        return parts
    }

    /// The texts of `group` in a drawing of it alone, when the drawing is the base's with only
    /// that group in it: the same text outside the groups, and the group in as many places.
    private static func opened(_ group: Int, alone: [Part], base: [Part]) -> [[Piece]]? {
        let outside = { (parts: [Part]) in parts.filter { $0.group == nil }.flatMap(\.pieces) }
        let texts = alone.filter { $0.group == group }.map(\.pieces)
        guard alone.allSatisfy({ $0.group == nil || $0.group == group }),
              texts.count == base.count(where: { $0.group == group }),
              joined(outside(alone)) == joined(outside(base)) else { return nil }
        return texts
    }

    private static func joined(_ pieces: [Piece]) -> String {
        pieces.reduce(into: "") { text, piece in
            text += piece.text
            if let path = piece.path { text += "\(marker)\(path)\(marker)" }
        }
    }

    /// Text with each link's marker around its path → the pieces between them.
    private static func pieces(_ html: String) -> [Piece] {
        var split: [Piece] = []
        let parts = html.split(separator: Self.marker, omittingEmptySubsequences: false)
        // text, path, text, path, …, text
        var index = 0
        while index < parts.count {
            let path = index + 1 < parts.count ? String(parts[index + 1]) : nil
            split.append(Piece(text: String(parts[index]), path: path))
            index += 2
        }
        return split
    }

    /// Around the navigation on every page: the link scan skips what lies between (the same
    /// links on every page), and `SiteLinkRule` checks them once per root instead.
    package static let startMarker = "<!--catalog-nav-->"
    package static let endMarker = "<!--/catalog-nav-->"

    /// The navigation for the page at `path` (`components/switch/index.html`), reached through `root`.
    package func html(root: String, page path: String, current value: String = "page") -> String {
        let current = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        let key = Key(root: root, view: views[current] ?? Self.otherView)
        var html = Self.startMarker
        func add(_ pieces: [Piece]) {
            for piece in pieces {
                html += piece.text
                if let link = piece.path, link == current { html += " aria-current=\"\(value)\"" }
            }
        }
        if let pieces = whole[key] {
            add(pieces)
        } else if let base = bases[BaseKey(root: root, groupRun: key.view.groupRun)] {
            let texts = opened[key]
            var occurrence = 0
            for part in base {
                if let texts, part.group == key.view.group {
                    add(texts[occurrence])
                    occurrence += 1
                } else {
                    add(part.pieces)
                }
            }
        } else {
            return ""
        }
        return html + Self.endMarker
    }

    /// A text of the navigation as drawn for one root, without its current-page marks.
    package struct Drawing: Hashable, Sendable {
        package var root: String
        package var html: String
    }

    /// Every text the navigation draws, with no link current (what the link check reads): for
    /// each root the navigation with no group open, each open group's text, and each view drawn
    /// whole.
    package var rendered: [Drawing] {
        let text = { (pieces: [Piece]) in pieces.map(\.text).joined() }
        return bases.keys.sorted { ($0.root, $0.groupRun) < ($1.root, $1.groupRun) }.map { Drawing(root: $0.root, html: bases[$0]!.map { text($0.pieces) }.joined()) }
            + opened.keys.sorted { ($0.root, $0.view) < ($1.root, $1.view) }.flatMap { key in opened[key]!.map { Drawing(root: key.root, html: text($0)) } }
            + whole.keys.sorted { ($0.root, $0.view) < ($1.root, $1.view) }.map { Drawing(root: $0.root, html: text(whole[$0]!)) }
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
        /// How many guides it has, in sections or not.
        package let guideCount: Int
        /// Whether it has more guides than every page can list (`wholeLimit`).
        package var hasManyGuides: Bool { guideCount > CatalogNavigation.wholeLimit }

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
            var bySection: [String: [Entry]] = [:]
            for guide in catalog.guides { if let section = guide.section { bySection[section, default: []].append(Entry(label: guide.title, path: guide.pagePath)) } }
            sections = catalog.guideSections.map { section in
                Section(entry: Entry(label: section.title, path: section.pagePath), guides: bySection[section.slug] ?? [])
            }
            guideCount = catalog.guides.count
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
        /// Which run of `groupLimit` groups a large catalog lists.
        package let groupRun: Int
        /// Draw this group alone (its number from 0), to put in its place in another drawing.
        package var only: Int? = nil

        /// The groups listed: every one, or in a large catalog the run of `groupLimit` holding
        /// the page's own group.
        private var listed: Range<Int> {
            listing.isLarge ? indices(ofRun: groupRun, among: listing.groups.count) : listing.groups.indices
        }

        package static let fields: [String: TemplateField<Self>] = [
            "groups": .list { context in
                let listed = context.only.map { $0..<$0 + 1 } ?? context.listed
                return context.listing.groups[listed].enumerated().map { offset, group in
                    let number = listed.lowerBound + offset
                    let open = !context.listing.isLarge || context.view.group == number
                    let members = !open ? [] : context.listing.isLarge ? Self.run(of: group, view: context.view) : group.components[...]
                    return GroupContext(group: group, members: members, open: open, number: number + 1, root: context.root)
                }
            },
            "has_components": .value { !$0.listing.groups.isEmpty },
            "has_more_groups": .value { $0.listed.count < $0.listing.groups.count },
            "more_groups": .object { More(count: $0.listing.groups.count - $0.listed.count, total: $0.listing.groups.count, href: $0.root + "components/") },
            "guides": .list { context in context.listedGuides(context.listing.guides, section: nil).map { LinkContext(label: ("title", $0.label), path: $0.path, root: context.root) } },
            "has_more_guides": .value { $0.listing.hasManyGuides },
            "more_guides": .object { context in
                let total = context.listing.guideCount
                let shown = context.listedGuides(context.listing.guides, section: nil).count
                    + context.listing.sections.enumerated().reduce(0) { $0 + (context.view.guides?.section == $1.offset ? context.listedGuides($1.element.guides, section: $1.offset).count : 0) }
                return More(count: total - shown, total: total, href: context.root + "guides/")
            },
            "has_guides": .value { !$0.listing.guides.isEmpty || !$0.listing.sections.isEmpty },
            "guide_sections": .list { context in
                context.listing.sections.enumerated().map { number, section in
                    let open = !context.listing.hasManyGuides || context.view.guides?.section == number
                    return SectionContext(section: section, members: open ? context.listedGuides(section.guides, section: number) : [], open: open, number: number + 1, root: context.root)
                }
            },
            "components": .object { LinkContext(path: "components/", root: $0.root) },
            "guides_index": .object { LinkContext(path: "guides/", root: $0.root) },
            "readiness": .object { LinkContext(path: "readiness/", root: $0.root) },
            "tokens": .object { LinkContext(path: "tokens/", root: $0.root) },
        ]

        package init(listing: Listing, root: String, view: View, groupRun: Int = 0, only: Int? = nil) {
            self.listing = listing
            self.root = root
            self.view = view
            self.groupRun = groupRun
            self.only = only
        }

        /// The guides of `section` (nil: those outside sections) the view lists: every one, or in a
        /// catalog of many guides the run of `groupLimit` that holds the page (the first run on
        /// any other page).
        private func listedGuides(_ guides: [Listing.Entry], section: Int?) -> ArraySlice<Listing.Entry> {
            guard listing.hasManyGuides else { return guides[...] }
            let run = view.guides.flatMap { $0.section == section ? $0.run : nil } ?? 0
            return guides[indices(ofRun: run, among: guides.count)]
        }

        /// What a large catalog's open group lists: the run of `groupLimit` the view shows.
        private static func run(of group: Listing.Group, view: View) -> ArraySlice<Listing.Entry> {
            group.components[indices(ofRun: view.run, among: group.components.count)]
        }
    }

    private struct GroupContext: TemplateFields, MarkedElement {
        package let group: Listing.Group
        /// The components the group lists by name (none when it is closed).
        package let members: ArraySlice<Listing.Entry>
        package let open: Bool
        package let number: Int
        package let root: String

        /// Its number from 0, for finding its text in a drawing (`MarkedElement`).
        package var mark: Int { number - 1 }

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
        /// The guides it lists by name (none when it is closed).
        package let members: ArraySlice<Listing.Entry>
        package let open: Bool
        package let number: Int
        package let root: String

        package static let fields: [String: TemplateField<Self>] = [
            "id": .value { "catalog-nav-section-\($0.number)" },
            "open": .value { $0.open },
            "link": .object { LinkContext(label: ("title", $0.section.entry.label), path: $0.section.entry.path, root: $0.root) },
            "guides": .list { context in context.members.map { LinkContext(label: ("title", $0.label), path: $0.path, root: context.root) } },
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
