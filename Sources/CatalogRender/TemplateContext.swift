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
package typealias TemplateContext = MustacheParent

/// What a template name gives a section over it, for the name check: nothing to look into (a
/// text, a number, a flag, a list of texts), the names of one context type, a list of such
/// contexts, or anything at all (free data such as `extra:`).
package enum TemplateShape: Sendable {
    case value
    case object(@Sendable () -> [String: TemplateShape])
    case list(@Sendable () -> [String: TemplateShape])
    case open
}

/// How a context type answers one name, and the shape of the answer.
package struct TemplateField<Root>: Sendable {
    package let shape: TemplateShape
    package let read: @Sendable (Root) -> Any?

    /// A text, number, flag or list of texts.
    package static func value(_ read: @escaping @Sendable (Root) -> some TemplateScalar) -> Self {
        Self(shape: .value, read: { read($0) })
    }

    /// A text, number or flag that may be absent (nil: the section is skipped, the text empty).
    package static func optional<T: TemplateScalar>(_ read: @escaping @Sendable (Root) -> T?) -> Self {
        Self(shape: .value, read: { read($0) })
    }

    /// Another context (nil: the section is skipped).
    package static func object<T: TemplateFields>(_ read: @escaping @Sendable (Root) -> T?) -> Self {
        Self(shape: .object { T.shapes }, read: { read($0) })
    }

    /// A list of contexts, one section pass each.
    package static func list<T: TemplateFields>(_ read: @escaping @Sendable (Root) -> [T]) -> Self {
        Self(shape: .list { T.shapes }, read: { read($0) })
    }

    /// Free data (a page's `extra:`, a dictionary by key): any name below it may exist.
    package static func open(_ read: @escaping @Sendable (Root) -> Any) -> Self {
        Self(shape: .open, read: { read($0) })
    }
}

/// What `TemplateField.value` takes: what a template prints or tests.
package protocol TemplateScalar: SendableMetatype {}
extension String: TemplateScalar {}
extension Bool: TemplateScalar {}
extension Int: TemplateScalar {}
extension Double: TemplateScalar {}
extension Array: TemplateScalar where Element == String {}

/// A context type whose names are a table (`fields`): lookups and the name check read the same.
package protocol TemplateFields: TemplateContext, SendableMetatype {
    static var fields: [String: TemplateField<Self>] { get }
}

extension TemplateFields {
    package func child(named name: String) -> Any? {
        Self.fields[name]?.read(self)
    }

    /// The names and their shapes, for the name check.
    package static var shapes: [String: TemplateShape] { fields.mapValues(\.shape) }
}

/// A page's context: its own fields, then what every page's layout shows.
///
/// A class, not a struct: swift-mustache casts the root of its context stack to `MustacheParent`
/// for every name a section does not answer, and casting a struct copies it (a retain per field).
package final class PageContext<Fields: TemplateContext>: TemplateContext {
    package let layout: LayoutFields
    package let fields: Fields

    package init(layout: LayoutFields, fields: Fields) {
        self.layout = layout
        self.fields = fields
    }

    package func child(named name: String) -> Any? {
        fields.child(named: name) ?? layout.child(named: name)
    }
}

/// A page that shows nothing beyond the layout (search, 404).
package struct NoFields: TemplateFields {
    package static let fields: [String: TemplateField<Self>] = [:]
}

/// What `base.mustache` and every page template may read of the layout.
package struct LayoutFields: TemplateFields {
    /// `../../` from the page to the site root.
    package var root: String
    /// The home page's address from this page (`./` at the root).
    package var home: String
    package var site: SiteFields
    package var page: PageFields
    /// Asset key (`site_css`) → its address from this page.
    package var asset: AssetAddresses
    package var nav: [NavItem]
    /// Addresses of the page's scripts and stylesheets beyond the site's own.
    package var scripts: [String]
    package var stylesheets: [String]
    package var generator: String
    /// The theme's `content-security-policy:`, empty when it declares none.
    package var contentSecurityPolicy: String
    package var iconMoon: String
    package var iconSearch: String
    /// The catalog navigation, this page's link marked current.
    package var catalogNav: String
    /// The version switch (nil in a site without versions).
    package var version: Version?
    package var hasModes: Bool
    package var modes: [ModeSwitcher]
    package var brand: Brand

    package static let fields: [String: TemplateField<Self>] = [
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
        "content_security_policy": .value { $0.contentSecurityPolicy },
        "has_content_security_policy": .value { !$0.contentSecurityPolicy.isEmpty },
        "icon_moon": .value { $0.iconMoon },
        "icon_search": .value { $0.iconSearch },
        "catalog_nav": .value { $0.catalogNav },
        "has_modes": .value { $0.hasModes },
        "has_versions": .value { $0.version != nil },
        "version": TemplateField(shape: .object { Version.shapes }, read: { $0.version.map { $0 as Any } ?? NoFields() }),
        "modes": .list { $0.modes },
    ]

    /// What `brand:` gives the layout: the logo and favicon addresses and the footer links.
    package struct Brand: TemplateFields {
        package var logo: String
        package var darkLogo: String
        package var favicon: String
        package var stylesheet: String
        package var footer: [NavItem]

        package static let fields: [String: TemplateField<Self>] = [
            "has_logo": .value { !$0.logo.isEmpty },
            "logo": .value { $0.logo },
            "has_dark_logo": .value { !$0.darkLogo.isEmpty },
            "dark_logo": .value { $0.darkLogo },
            "has_favicon": .value { !$0.favicon.isEmpty },
            "favicon": .value { $0.favicon },
            "has_stylesheet": .value { !$0.stylesheet.isEmpty },
            "stylesheet": .value { $0.stylesheet },
            "has_footer": .value { !$0.footer.isEmpty },
            "footer": .list { $0.footer },
        ]
    }

    package struct SiteFields: TemplateFields {
        package var title: String
        package var description: String
        package var language: String
        package var baseURL: String

        package static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "description": .value { $0.description },
            "language": .value { $0.language },
            "base_url": .value { $0.baseURL },
        ]
    }

    package struct PageFields: TemplateFields {
        package var title: String
        package var description: String
        package var canonical: String
        /// The canonical address when the base URL is absolute (for `og:url`), else empty.
        package var absoluteURL: String
        package var isHome: Bool
        /// The page as Markdown (`index.md` beside it), for `<link rel="alternate">`; empty for a
        /// page without one.
        package var markdown: String = ""

        package static let fields: [String: TemplateField<Self>] = [
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

    package struct NavItem: TemplateFields {
        package var label: String
        package var href: String
        package var currentPage: Bool
        package var currentSection: Bool

        package static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "href": .value { $0.href },
            "current_page": .value { $0.currentPage },
            "current_section": .value { $0.currentSection },
        ]
    }

    /// A site with versions: which one this page belongs to and how it reaches the others.
    package struct Version: TemplateFields {
        package var label: String
        package var currentLabel: String
        package var isCurrent: Bool
        /// From the page to the whole site's root (where `versions.json` and `releases/` are).
        package var siteRoot: String
        /// The page's address inside any version (`components/switch/`).
        package var pagePath: String
        /// The same page in the current version, or its home when it has no such page.
        package var currentHref: String
        package var currentHasPage: Bool

        package static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "current_label": .value { $0.currentLabel },
            "is_current": .value { $0.isCurrent },
            "is_old": .value { !$0.isCurrent },
            "site_root": .value { $0.siteRoot },
            "page_path": .value { $0.pagePath },
            "versions_json": .value { $0.siteRoot + "versions.json" },
            "releases_href": .value { $0.siteRoot + "releases/" },
            "current_href": .value { $0.currentHref },
            "current_has_page": .value { $0.currentHasPage },
        ]
    }

    /// The header's switcher for one modifier of the token modes.
    package struct ModeSwitcher: TemplateFields {
        package var label: String
        /// The attribute it sets on `<html>` (`data-theme`).
        package var attribute: String
        package var id: String
        package var options: [Option]
        /// Contexts that turn the site itself dark (their media query is the dark scheme), and the rest.
        package var darkContexts: String
        package var lightContexts: String
        /// The context in force while none is chosen and no media query holds.
        package var defaultContext: String

        package static let fields: [String: TemplateField<Self>] = [
            "label": .value { $0.label },
            "attribute": .value { $0.attribute },
            "id": .value { $0.id },
            "options": .list { $0.options },
            "dark_contexts": .value { $0.darkContexts },
            "light_contexts": .value { $0.lightContexts },
            "default_context": .value { $0.defaultContext },
        ]

        package struct Option: TemplateFields {
            package var value: String
            package var label: String
            /// The context it chooses ("" for Automatic), and the media query that chooses that
            /// context while the reader has not.
            package var context: String = ""
            package var media: String = ""

            package static let fields: [String: TemplateField<Self>] = [
                "value": .value { $0.value },
                "label": .value { $0.label },
                "context": .value { $0.context },
                "has_context": .value { !$0.context.isEmpty },
                "media": .value { $0.media },
                "has_media": .value { !$0.media.isEmpty },
            ]
        }
    }
}
