import Mustache

/// A template's context is a Swift type that answers each name its template reads: swift-mustache
/// asks `child(named:)` (no reflection, no dictionary of values), and each type lists its names
/// once, in `fields`, with how each is read and what a section over it sees (its shape). The same
/// table answers the template while it renders and lets `TemplateNameCheck` find, before
/// anything renders, a name no context provides (`template.unknown-name`).
///
/// To show a new field on a page: add the property and its one line in `fields`, and the
/// `{{name}}` to the template. The page's memo key is derived from what the page is rendered
/// from (see `ComponentPage.Inputs`), never from a list of field names.
///
/// A name the type does not answer returns nil, so Mustache looks it up in the enclosing
/// section's context, exactly as it does for a dictionary without that key.
typealias TemplateContext = MustacheParent

/// What a template name gives a section over it, for the name check: nothing to look into (a
/// text, a number, a flag, a list of texts), the names of one context type, a list of such
/// contexts, or anything at all (free data such as `extra:`).
enum TemplateShape: Sendable {
    case value
    case object(@Sendable () -> [String: TemplateShape])
    case list(@Sendable () -> [String: TemplateShape])
    case open
}

/// How a context type answers one name, and the shape of the answer.
struct TemplateField<Root>: Sendable {
    let shape: TemplateShape
    let read: @Sendable (Root) -> Any?

    /// A text, number, flag or list of texts.
    static func value(_ read: @escaping @Sendable (Root) -> some TemplateScalar) -> Self {
        Self(shape: .value, read: { read($0) })
    }

    /// A text, number or flag that may be absent (nil: the section is skipped, the text empty).
    static func optional<T: TemplateScalar>(_ read: @escaping @Sendable (Root) -> T?) -> Self {
        Self(shape: .value, read: { read($0) })
    }

    /// Another context (nil: the section is skipped).
    static func object<T: TemplateFields>(_ read: @escaping @Sendable (Root) -> T?) -> Self {
        Self(shape: .object { T.shapes }, read: { read($0) })
    }

    /// A list of contexts, one section pass each.
    static func list<T: TemplateFields>(_ read: @escaping @Sendable (Root) -> [T]) -> Self {
        Self(shape: .list { T.shapes }, read: { read($0) })
    }

    /// Free data (a page's `extra:`, a dictionary by key): any name below it may exist.
    static func open(_ read: @escaping @Sendable (Root) -> Any) -> Self {
        Self(shape: .open, read: { read($0) })
    }
}

/// What `TemplateField.value` takes: what a template prints or tests.
protocol TemplateScalar: SendableMetatype {}
extension String: TemplateScalar {}
extension Bool: TemplateScalar {}
extension Int: TemplateScalar {}
extension Double: TemplateScalar {}
extension Array: TemplateScalar where Element == String {}

/// A context type whose names are a table (`fields`): lookups and the name check read the same.
protocol TemplateFields: TemplateContext, SendableMetatype {
    static var fields: [String: TemplateField<Self>] { get }
}

extension TemplateFields {
    func child(named name: String) -> Any? {
        Self.fields[name]?.read(self)
    }

    /// The names and their shapes, for the name check.
    static var shapes: [String: TemplateShape] { fields.mapValues(\.shape) }
}

/// A page's context: its own fields, then what every page's layout shows.
///
/// A class, not a struct: swift-mustache casts the root of its context stack to `MustacheParent`
/// for every name a section does not answer, and casting a struct copies it (a retain per field).
final class PageContext<Fields: TemplateContext>: TemplateContext {
    let layout: LayoutFields
    let fields: Fields

    init(layout: LayoutFields, fields: Fields) {
        self.layout = layout
        self.fields = fields
    }

    func child(named name: String) -> Any? {
        fields.child(named: name) ?? layout.child(named: name)
    }
}

/// A page that shows nothing beyond the layout (search, 404).
struct NoFields: TemplateFields {
    static let fields: [String: TemplateField<Self>] = [:]
}

/// What `base.mustache` and every page template may read of the layout.
struct LayoutFields: TemplateFields {
    /// `../../` from the page to the site root.
    var root: String
    /// The home page's address from this page (`./` at the root).
    var home: String
    var site: SiteFields
    var page: PageFields
    /// Asset key (`site_css`) → its address from this page.
    var asset: [String: String]
    var nav: [NavItem]
    /// Addresses of the page's scripts and stylesheets beyond the site's own.
    var scripts: [String]
    var stylesheets: [String]
    var generator: String
    var iconMoon: String
    var iconSearch: String
    /// The catalog navigation, this page's link marked current.
    var catalogNav: String
    var hasModes: Bool
    var modes: [ModeSwitcher]
    var brand: Brand

    static let fields: [String: TemplateField<Self>] = [
        "brand": .object { $0.brand },
        "root": .value { $0.root },
        "home": .value { $0.home },
        "site": .object { $0.site },
        "page": .object { $0.page },
        "asset": .open { $0.asset },
        "nav": .list { $0.nav },
        "scripts": .value { $0.scripts },
        "stylesheets": .value { $0.stylesheets },
        "generator": .value { $0.generator },
        "icon_moon": .value { $0.iconMoon },
        "icon_search": .value { $0.iconSearch },
        "catalog_nav": .value { $0.catalogNav },
        "has_modes": .value { $0.hasModes },
        "modes": .list { $0.modes },
    ]

    /// What `brand:` gives the layout: the logo and favicon addresses and the footer links.
    struct Brand: TemplateFields {
        var logo: String
        var favicon: String
        var stylesheet: String
        var footer: [NavItem]

        static let fields: [String: TemplateField<Self>] = [
            "has_logo": .value { !$0.logo.isEmpty },
            "logo": .value { $0.logo },
            "has_favicon": .value { !$0.favicon.isEmpty },
            "favicon": .value { $0.favicon },
            "has_stylesheet": .value { !$0.stylesheet.isEmpty },
            "stylesheet": .value { $0.stylesheet },
            "has_footer": .value { !$0.footer.isEmpty },
            "footer": .list { $0.footer },
        ]
    }

    struct SiteFields: TemplateFields {
        var title: String
        var description: String
        var language: String
        var baseURL: String

        static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "description": .value { $0.description },
            "language": .value { $0.language },
            "base_url": .value { $0.baseURL },
        ]
    }

    struct PageFields: TemplateFields {
        var title: String
        var description: String
        var canonical: String
        /// The canonical address when the base URL is absolute (for `og:url`), else empty.
        var absoluteURL: String
        var isHome: Bool
        /// The page as Markdown (`index.md` beside it), for `<link rel="alternate">`; empty for a
        /// page without one.
        var markdown: String = ""

        static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "description": .value { $0.description },
            "canonical": .value { $0.canonical },
            "absolute_url": .value { $0.absoluteURL },
            "has_absolute_url": .value { !$0.absoluteURL.isEmpty },
            "is_home": .value { $0.isHome },
            "markdown": .value { $0.markdown },
            "has_markdown": .value { !$0.markdown.isEmpty },
        ]
    }

    struct NavItem: TemplateFields {
        var label: String
        var href: String
        var currentPage: Bool
        var currentSection: Bool

        static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "href": .value { $0.href },
            "current_page": .value { $0.currentPage },
            "current_section": .value { $0.currentSection },
        ]
    }

    /// The header's switcher for one modifier of the token modes.
    struct ModeSwitcher: TemplateFields {
        var label: String
        /// The attribute it sets on `<html>` (`data-theme`).
        var attribute: String
        var id: String
        var options: [Option]
        /// Contexts that turn the site itself dark (their media query is the dark scheme), and the rest.
        var darkContexts: String
        var lightContexts: String

        static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "attribute": .value { $0.attribute },
            "id": .value { $0.id },
            "options": .list { $0.options },
            "dark_contexts": .value { $0.darkContexts },
            "light_contexts": .value { $0.lightContexts },
        ]

        struct Option: TemplateFields {
            var value: String
            var label: String

            static let fields: [String: TemplateField<Self>] = [
                "value": .value { $0.value },
                "label": .value { $0.label },
            ]
        }
    }
}
