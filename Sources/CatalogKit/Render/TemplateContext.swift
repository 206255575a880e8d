import Mustache

/// A template's context is a Swift type that answers each name its template reads: swift-mustache
/// asks `child(named:)` (no reflection, no dictionary), and each name maps to a stored property,
/// so a field a page shows is declared once, in its type, and the compiler checks every use.
///
/// To show a new field on a page: add the property to the page's fields type, one `case` to its
/// `child(named:)`, and the `{{name}}` to the template. The page's memo key is derived from what
/// the page is rendered from (see `ComponentPage.Inputs`), never from a list of field names.
///
/// A name the type does not answer returns nil, so Mustache looks it up in the enclosing
/// section's context, exactly as it does for a dictionary without that key.
typealias TemplateContext = MustacheParent

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
struct NoFields: TemplateContext {
    func child(named name: String) -> Any? { nil }
}

/// What `base.mustache` and every page template may read of the layout.
struct LayoutFields: TemplateContext {
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
    /// The catalog navigation, this page's link marked current.
    var catalogNav: String
    var hasModes: Bool
    var modes: [ModeSwitcher]

    func child(named name: String) -> Any? {
        switch name {
        case "root": root
        case "home": home
        case "site": site
        case "page": page
        case "asset": asset
        case "nav": nav
        case "scripts": scripts
        case "stylesheets": stylesheets
        case "generator": generator
        case "icon_moon": iconMoon
        case "catalog_nav": catalogNav
        case "has_modes": hasModes
        case "modes": modes
        default: nil
        }
    }

    struct SiteFields: TemplateContext {
        var title: String
        var description: String
        var language: String
        var baseURL: String

        func child(named name: String) -> Any? {
            switch name {
            case "title": title
            case "description": description
            case "language": language
            case "base_url": baseURL
            default: nil
            }
        }
    }

    struct PageFields: TemplateContext {
        var title: String
        var description: String
        var canonical: String
        /// The canonical address when the base URL is absolute (for `og:url`), else empty.
        var absoluteURL: String
        var isHome: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "title": title
            case "description": description
            case "canonical": canonical
            case "absolute_url": absoluteURL
            case "has_absolute_url": !absoluteURL.isEmpty
            case "is_home": isHome
            default: nil
            }
        }
    }

    struct NavItem: TemplateContext {
        var label: String
        var href: String
        var currentPage: Bool
        var currentSection: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "label": label
            case "href": href
            case "current_page": currentPage
            case "current_section": currentSection
            default: nil
            }
        }
    }

    /// The header's switcher for one modifier of the token modes.
    struct ModeSwitcher: TemplateContext {
        var label: String
        /// The attribute it sets on `<html>` (`data-theme`).
        var attribute: String
        var id: String
        var options: [Option]
        /// Contexts that turn the site itself dark (their media query is the dark scheme), and the rest.
        var darkContexts: String
        var lightContexts: String

        func child(named name: String) -> Any? {
            switch name {
            case "label": label
            case "attribute": attribute
            case "id": id
            case "options": options
            case "dark_contexts": darkContexts
            case "light_contexts": lightContexts
            default: nil
            }
        }

        struct Option: TemplateContext {
            var value: String
            var label: String

            func child(named name: String) -> Any? {
                switch name {
                case "value": value
                case "label": label
                default: nil
                }
            }
        }
    }
}
