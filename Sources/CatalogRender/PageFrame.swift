import Foundation
import CatalogModel

/// What every page's layout needs: where the page is, how to reach the site root from it,
/// its title and description, and the site-wide navigation.
package struct PageFrame: Sendable {
    package enum Section: String, Sendable {
        case home, components, guides, tokens, readiness, conformance, releases, search, notFound
    }

    /// Output path of the page (`components/switch/index.html`).
    package var path: String
    package var title: String
    package var description: String
    package var section: Section
    /// Scripts (asset keys) this page needs besides the site script.
    package var scripts: [String] = []
    /// Stylesheets (paths relative to the page) this page needs besides the site's.
    package var stylesheets: [String] = []
    /// The page whose link the catalog navigation marks, when not this one: a component's tab
    /// marks the component (`aria-current="true"`: it is a part of that page, not the page itself).
    package var navigationPath: String?
    /// The 404 page is served at any depth, so its links start from the base URL instead.
    package var absoluteRoot: String?

    /// The page's folder (`components/switch/`).
    package var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `../../` from `components/switch/index.html` to the site root.
    package var root: String {
        if let absoluteRoot { return absoluteRoot }
        return String(repeating: "../", count: directory.split(separator: "/").count)
    }
}

/// Builds the context every template shares: every page's step takes it as part of its input,
/// so everything it holds (the settings, the theme, the asset paths, the navigation as drawn)
/// is compared by value.
package struct LayoutContext: Hashable, Sendable {
    /// A link of the site's own navigation.
    package struct NavLink: Hashable, Sendable {
        package var label: String
        package var path: String
        package var section: PageFrame.Section
    }

    package let settings: CatalogSettings
    package let theme: Theme
    /// Asset key (`site_css`) → output path, including generated stylesheets.
    package let assets: [String: String]
    package let generator: String
    package let navigation: [NavLink]
    /// The token modes, for the header's switcher (one per modifier).
    package var modes: TokenModes? = nil
    /// The catalog navigation every page carries.
    package var catalogNavigation: CatalogNavigation? = nil
    /// `assets/brand.<hash>.css` when catalog.yaml has `brand:` accent or fonts (kept apart from
    /// the theme's asset keys, which a theme's own `brand.css` would share).
    package var brandStylesheet: String? = nil
    /// Which version of a site with versions this is (nil: a site without versions).
    package var version: VersionContext? = nil

    /// A file of the site as written from a page whose way to its version's root is `root`:
    /// hashed assets are shared by every version, at the site's root.
    package func href(_ path: String, root: String) -> String {
        VersionContext.href(path, root: root, version: version)
    }

    /// `site.css` → `site_css`, `demos/switch.js` → `demos_switch_js`.
    package static func key(for assetPath: String) -> String {
        String(assetPath.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The base URL's path part (`/docs/` for `https://example.org/docs/`).
    package var basePath: String { settings.basePath }

    package func context(for frame: PageFrame) -> LayoutFields {
        let root = frame.root
        let pageURL = frame.path == "index.html" ? "" : (frame.path.hasSuffix("/index.html") ? String(frame.path.dropLast("index.html".count)) : frame.path)
        var canonical = settings.baseURL + pageURL
        // An earlier release names its current twin as canonical, when the current version has the page.
        if let version, !version.isCurrent, version.currentPages.contains(frame.path), settings.baseURL.hasSuffix(version.folder) {
            canonical = settings.baseURL.dropLast(version.folder.count) + pageURL
        }
        let nav = navigation.map { item in
            let isPage = frame.path == item.path + "index.html"
            return LayoutFields.NavItem(
                label: item.label,
                href: item.path.isEmpty ? (root.isEmpty ? "./" : root) : root + item.path,
                currentPage: isPage,
                currentSection: !isPage && item.section == frame.section
            )
        }
        return LayoutFields(
            root: root,
            home: root.isEmpty ? "./" : root,
            site: .init(title: settings.title.value, description: settings.description ?? "", language: settings.language, baseURL: settings.baseURL),
            page: .init(
                title: frame.title, description: frame.description, canonical: canonical,
                absoluteURL: canonical.hasPrefix("http") ? canonical : "", isHome: frame.section == .home,
                markdown: frame.absoluteRoot == nil && MachineReadable.hasMarkdown(frame.path) ? "index.md" : ""
            ),
            asset: AssetAddresses(paths: assets, root: root, version: version),
            nav: nav,
            scripts: frame.scripts.compactMap { assets[$0] }.map { href($0, root: root) },
            stylesheets: frame.stylesheets,
            generator: generator,
            contentSecurityPolicy: theme.source.contentSecurityPolicy ?? "",
            iconMoon: theme.symbols["moon"] ?? "",
            iconSearch: theme.symbols["search"] ?? "",
            catalogNav: catalogNavigation?.html(root: root, page: frame.navigationPath ?? frame.path, current: frame.navigationPath == nil || frame.navigationPath == frame.path ? "page" : "true") ?? "",
            version: version.map { versionFields($0, frame: frame, pageURL: pageURL) },
            hasModes: !(modes?.modifiers.isEmpty ?? true),
            modes: switchers(),
            brand: .init(
                logo: settings.brand.logo.map { root + $0.value } ?? "",
                darkLogo: settings.brand.darkLogo.map { root + $0.value } ?? "",
                favicon: settings.brand.favicon.map { root + $0.value } ?? "",
                stylesheet: brandStylesheet.map { href($0, root: root) } ?? "",
                footer: settings.brand.footer.map { link in
                    // A path from the site root is written from this page, so the site works under any base URL.
                    let href = link.href.value.hasPrefix("/") ? (root.isEmpty ? "./" : root) + link.href.value.dropFirst() : link.href.value
                    return LayoutFields.NavItem(label: link.label, href: String(href), currentPage: false, currentSection: false)
                }
            )
        )
    }

    /// The version switch and, on an earlier release, the notice that says so.
    private func versionFields(_ version: VersionContext, frame: PageFrame, pageURL: String) -> LayoutFields.Version {
        let siteRoot = (frame.absoluteRoot ?? frame.root) + version.toSiteRoot
        let currentHref = version.currentPages.contains(frame.path) ? siteRoot + pageURL : siteRoot
        return LayoutFields.Version(
            label: version.label, currentLabel: version.currentLabel, isCurrent: version.isCurrent,
            siteRoot: siteRoot.isEmpty ? "./" : siteRoot, pagePath: pageURL,
            currentHref: currentHref.isEmpty ? "./" : currentHref,
            currentHasPage: version.currentPages.contains(frame.path) || version.isCurrent
        )
    }

    /// A switcher per modifier: its label, the attribute it sets on <html>, and its options.
    /// "Automatic" comes first when a context follows a media query; a context whose media is
    /// `(prefers-color-scheme: dark)` also turns the site itself dark.
    package func switchers() -> [LayoutFields.ModeSwitcher] {
        (modes?.modifiers ?? []).map { modifier in
            let presentation = settings.modes.modifier(modifier.name)
            func contextPresentation(_ name: String) -> ModePresentation.Context? { settings.modes.context(name, of: modifier.name) }
            let hasMedia = modifier.contexts.contains { contextPresentation($0.name)?.media != nil }
            var options: [LayoutFields.ModeSwitcher.Option] = []
            if hasMedia { options.append(.init(value: "", label: "Automatic")) }
            for context in modifier.contexts {
                options.append(.init(value: context.name == modifier.defaultContext && !hasMedia ? "" : context.name, label: contextPresentation(context.name)?.label ?? context.name,
                                     context: context.name, media: contextPresentation(context.name)?.media ?? ""))
            }
            let dark = modifier.contexts.filter { contextPresentation($0.name)?.isDarkScheme == true }.map(\.name)
            let light = dark.isEmpty ? [] : modifier.contexts.map(\.name).filter { !dark.contains($0) }
            return LayoutFields.ModeSwitcher(
                label: presentation?.label ?? modifier.name,
                attribute: ModeAttribute.name(modifier.name),
                id: "mode-" + ModeAttribute.fileName(modifier.name),
                options: options,
                darkContexts: dark.joined(separator: " "),
                lightContexts: light.joined(separator: " "),
                defaultContext: modifier.defaultContext
            )
        }
    }
}

/// Asset key (`site_css`) → its address from one page, worked out when a template asks for it:
/// a theme has hundreds of assets (each demo's script, each kind's playground data) and a page
/// names a handful.
package struct AssetAddresses: TemplateContext, Sendable {
    /// Asset key → its path in the site (the layout's, shared by every page).
    let paths: [String: String]
    /// From the page to its version's root.
    let root: String
    let version: VersionContext?

    package func child(named name: String) -> Any? { self[name] }

    package subscript(key: String) -> String? {
        paths[key].map { VersionContext.href($0, root: root, version: version) }
    }
}
