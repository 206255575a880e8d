import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender

/// `link.broken` for links the theme's templates put on a page (navigation, related components,
/// cards): every relative `href` and `src` in the rendered site must name a file of the site.
/// Links written in Markdown are checked, at their own line, by `LinkRule`.
package struct SiteLinkRule: SiteRule {
    /// One page's template-made links, checked against what they read: the page's scan, the
    /// hrefs its prose made (those `LinkRule` reports), where findings are reported, the site's
    /// files, and the ids of the pages its `#fragment` links point into.
    package enum PageStep: Step {
        package struct Input: Hashable, Sendable {
            var page: String
            var scanned: SiteScan.Page
            var proseHrefs: Set<String>
            var location: SourceLocation
            var files: Hashed<Set<String>>
            var ids: [String: Set<String>]
            /// What catalog.yaml's `brand:` puts on every page (the footer's links, the logo, the
            /// favicon): checked once, at its own line (`BrandLinksStep`, `BrandRule`), not per page.
            var siteLevel: Set<String>
            /// A version of a site with versions is published in a folder of the whole site
            /// (`v/v2.1.0/`): its links to the shared assets and to the current version's pages
            /// leave that folder.
            var mount: [String] = []
            /// The current version's files, where a link out of `mount` lands.
            var outside: Hashed<Set<String>>? = nil
            /// The page of one of the team's examples (`“Primary” of Button`): what it loads that
            /// is missing is reported as the example's.
            var example: String? = nil
            /// `#fragment` links the team wrote in its examples (a web example's markup, a demo
            /// example's values), where each was written: a missing target is the team's
            /// placeholder markup, reported as a warning there, not as the theme's broken link.
            var teamFragments: [String: SourceLocation] = [:]
        }

        package static func run(_ input: Input) -> [Diagnostic] { check(input) }
    }

    /// What a page's own references and prose give its check, worked out once per page and kept
    /// while both are unchanged: the pages its `#fragment` links point into, and the hrefs its
    /// prose made.
    package enum PageReferencesStep: Step {
        package struct Input: Hashable, Sendable {
            var page: String
            var references: [String]
            var proseLinks: [ProseLink]
        }

        package struct Output: Sendable {
            var anchored: [String]
            var proseHrefs: Set<String>
        }

        package static func run(_ input: Input) -> Output {
            let folder = SiteLinkRule.folderParts(of: input.page)
            return Output(
                anchored: input.references.filter { $0.utf8.contains(UInt8(ascii: "#")) && SiteLinkRule.isRelative($0) }.map { SiteLinkRule.resolve($0, inFolder: folder) },
                proseHrefs: SiteLinkRule.hrefs(of: input.proseLinks, page: String(input.page.dropLast("index.html".count)))
            )
        }
    }

    /// The footer links `brand:` gives every page, checked once, each at its line in catalog.yaml.
    package enum BrandLinksStep: Step {
        package struct Input: Hashable, Sendable {
            var links: [Located<String>]
            var files: Hashed<Set<String>>
        }

        package static func run(_ input: Input) -> [Diagnostic] {
            input.links.compactMap { link in
                let target = SiteLinkRule.brandTarget(link.value)
                guard !input.files.value.contains(target) else { return nil }
                return .error(.linkBroken, "brand.footer links to '\(link.value)', which is no page or file of this site (\(target) is not in it); fix the path, or write a full URL for another site", at: link.location)
            }
        }
    }

    /// The site file a root-relative `brand:` path names (`/guides/a/` → guides/a/index.html).
    package static func brandTarget(_ path: String) -> String {
        resolve(String(path.drop { $0 == "/" }), inFolder: [])
    }

    /// The `#fragment` values a component's demo examples write, where each is written: a
    /// rebuild looks again only at the components that changed.
    package enum DemoFragmentsStep: Step {
        package static func run(_ component: Component) -> [String: SourceLocation] { TeamFragments.inDemo(of: component) }
    }

    /// The catalog navigation's links, once for each root pages reach the site through.
    package enum NavigationStep: Step {
        package struct Input: Hashable, Sendable {
            var navigation: [CatalogNavigation.Drawing]
            var files: Hashed<Set<String>>
            var location: SourceLocation
        }

        package static func run(_ input: Input) -> [Diagnostic] { checkNavigation(input) }
    }

    package func check(_ catalog: Catalog, site: Site, scan: SiteScan, steps: Steps) -> [Diagnostic] {
        // Each page's source, and its prose (whose links `LinkRule` checks at their own line).
        var sources: [String: (location: SourceLocation, links: [ProseLink])] = [:]
        for component in catalog.components {
            sources[component.pagePath + "index.html"] = (component.location, component.prose?.links ?? [])
            for tab in component.tabFiles { sources[component.pagePath + tab.file + "/index.html"] = (tab.location, tab.prose.links) }
        }
        for guide in catalog.guides { sources[guide.pagePath + "index.html"] = (guide.location, guide.prose.links) }
        var examples: [String: String] = [:]
        var teamFragments: [String: [String: SourceLocation]] = [:]
        for component in catalog.components {
            for example in component.webExamples {
                let page = example.pagePath(component: component.pagePath) + "index.html"
                sources[page] = (example.location, [])
                examples[page] = "“\(example.title.value)” of \(component.name.value)"
                teamFragments[page] = TeamFragments.inMarkup(of: example, componentFile: component.location.file)
            }
        }
        // A demo's examples are drawn on the component's page and on each of its tabs.
        let demoFragments = steps.run(DemoFragmentsStep.self, catalog.components.map { (id: $0.slug, input: $0) })
        for (component, written) in zip(catalog.components, demoFragments) {
            if !written.isEmpty {
                for page in [component.pagePath + "index.html"] + component.tabFiles.map({ component.pagePath + $0.file + "/index.html" }) {
                    teamFragments[page, default: [:]].merge(written) { first, _ in first }
                }
            }
        }
        let pages = site.pagePaths.filter { $0 != "404.html" }.compactMap { page in scan.page(page).map { (page, $0) } }
        let brand = catalog.settings.brand
        let footer = brand.footer.map(\.href).filter { $0.value.hasPrefix("/") }
        var siteLevel = Set(footer.map { Self.brandTarget($0.value) } + [brand.logo, brand.darkLogo, brand.favicon].compactMap { $0.map { Self.brandTarget($0.value) } })
        // The kept releases' copies are added beside the current version when it is published.
        if let history = catalog.history, catalog.version?.isCurrent ?? true {
            siteLevel.formUnion(history.kept.map { VersionContext.folder(of: $0) + "index.html" })
        }
        let mount = catalog.version.map { $0.folder.split(separator: "/").map(String.init) } ?? []
        let outside = mount.isEmpty ? nil : Hashed(catalog.version?.currentPages ?? [])
        let references = steps.run(PageReferencesStep.self, pages.map { page, scanned in
            (id: page, input: PageReferencesStep.Input(page: page, references: scanned.references, proseLinks: sources[page]?.links ?? []))
        })
        let results = steps.run(PageStep.self, zip(pages, references).map { pageAndScan, references in
            let (page, scanned) = pageAndScan
            return (id: page, input: PageStep.Input(
                page: page, scanned: scanned,
                proseHrefs: references.proseHrefs,
                location: sources[page]?.location ?? catalog.settings.location,
                files: scan.files, ids: scan.ids(of: references.anchored), siteLevel: siteLevel, mount: mount, outside: outside, example: examples[page],
                teamFragments: teamFragments[page] ?? [:]
            ))
        })
        let brandLinks = steps.run(BrandLinksStep.self, .init(links: footer, files: scan.files))
        let navigation = steps.run(NavigationStep.self, .init(navigation: site.navigation, files: scan.files, location: catalog.settings.location))
        return results.flatMap { $0 } + navigation + brandLinks
    }

    /// The catalog navigation's links, once for each root pages reach the site through (the
    /// page scan skips them): a page one, two or zero folders deep stands for all such pages.
    private static func checkNavigation(_ input: NavigationStep.Input) -> [Diagnostic] {
        var missing: [String] = []
        for drawing in input.navigation {
            let depth = drawing.root.split(separator: "/").filter { $0 == ".." }.count
            guard drawing.root.isEmpty || depth > 0 else { continue }  // the 404 page's absolute root
            let page = Array(repeating: "nav", count: depth).joined(separator: "/") + (depth > 0 ? "/" : "") + "index.html"
            for reference in Self.references(in: drawing.html) where Self.isRelative(reference) {
                let target = Self.resolve(reference, from: page)
                if !input.files.value.contains(target), !target.hasPrefix("nav/"), !missing.contains(target) { missing.append(target) }
            }
        }
        return missing.map { target in
            .error(.linkBroken, "the catalog navigation (the theme's partials/catalog-nav) links to \(target), which is not in the site; fix the template", at: input.location)
        }
    }

    /// The findings for one page.
    private static func check(_ input: PageStep.Input) -> [Diagnostic] {
        let (page, scanned, proseHrefs, location) = (input.page, input.scanned, input.proseHrefs, input.location)
        var diagnostics: [Diagnostic] = []
        // A page names the same file many times (its stylesheets, its section links): each
        // distinct reference is resolved once.
        let folder = folderParts(of: page)
        var resolved: [String: String] = [:]
        for reference in scanned.references where !proseHrefs.contains(reference)
            && !(reference.utf8.contains(UInt8(ascii: "%")) && proseHrefs.contains(LinkResolver.decode(reference))) {
            if reference.hasPrefix("#") {
                let fragment = String(reference.dropFirst())
                if !fragment.isEmpty, !scanned.ids.contains(fragment) {
                    if let written = input.teamFragments[reference] {
                        // The team's own markup, such as a pagination's placeholder `#p2`.
                        let owner = input.example.map { "the example \($0)" } ?? "a demo example"
                        diagnostics.append(.warning(.linkAnchor, "\(owner) links to '\(TextSafety.escaped(reference))', but nothing in it has that id; give the target `id=\"\(TextSafety.escaped(fragment))\"`, or write `href=\"#\"` for a placeholder link", at: written))
                    } else {
                        diagnostics.append(.error(.linkAnchor, "the page \(page) links to '\(reference)', but no element there has that id; the theme's templates produce this link", at: location))
                    }
                }
                continue
            }
            guard isRelative(reference) else { continue }
            var target = resolved[reference] ?? resolve(reference, inFolder: input.mount + folder)
            resolved[reference] = target
            if !input.mount.isEmpty {
                // In a version's folder: its own files, the shared assets, or the current version's pages.
                let prefix = input.mount.joined(separator: "/") + "/"
                if target.hasPrefix(prefix) {
                    target = String(target.dropFirst(prefix.count))
                    // A shared file is published once, at the site's root: linked inside the
                    // version's folder it would be missing there.
                    if VersionContext.isShared(target) {
                        diagnostics.append(.error(.linkBroken, "the page \(page) of version \(input.mount.last ?? "") links to '\(reference)' inside the version's folder, but \(target) is shared by every version and published at the site's root; the theme's templates or the model produce this link — build it with the layout's href", at: location))
                        continue
                    }
                } else if !VersionContext.isShared(target) {
                    if input.outside?.value.contains(target) == true { continue }
                    diagnostics.append(.error(.linkBroken, "the page \(page) of version \(input.mount.last ?? "") links to '\(reference)', which is neither in that version nor a page of the current one; the theme's templates or the model produce this link — fix the template or the reference", at: location))
                    continue
                }
            }
            if input.siteLevel.contains(target) { continue }
            if let example = input.example, !input.files.value.contains(target) {
                diagnostics.append(.error(.webAsset, "the example \(example) loads '\(reference)', which is not in the built site; check the paths under `web:` in catalog.yaml", at: location))
                continue
            }
            if !input.files.value.contains(target) {
                diagnostics.append(.error(.linkBroken, "the page \(page) links to '\(reference)', which is not in the site; the theme's templates or the model produce this link — fix the template or the reference", at: location))
            } else if let hash = reference.firstIndex(of: "#"), target.hasSuffix(".html") {
                let fragment = String(reference[reference.index(after: hash)...])
                guard !fragment.isEmpty else { continue }
                if !(input.ids[target] ?? []).contains(fragment) {
                    diagnostics.append(.error(.linkAnchor, "the page \(page) links to '\(reference)', but \(target) has no element with that id", at: location))
                }
            }
        }
        return diagnostics
    }

    /// The hrefs the prose's own links became (`LinkRule` reports those at their line): as
    /// rewritten, or as written when they lead nowhere. cmark-gfm percent-encodes what it writes
    /// (`<a b>` becomes `a%20b`), so the page's references are also compared decoded.
    fileprivate static func hrefs(of links: [ProseLink], page: String) -> Set<String> {
        // A link in raw HTML is on the page as written.
        Set(links.map { $0.inRawHTML ? $0.destination : LinkResolver.href(for: $0.target, fromPage: page) ?? $0.destination })
    }

    package static func isRelative(_ reference: String) -> Bool {
        !reference.isEmpty && !reference.hasPrefix("#") && !reference.hasPrefix("/") && !LinkResolver.hasScheme(reference)
    }

    /// `href="…"` and `src="…"` values of an HTML page.
    package static func references(in html: String) -> [String] {
        var html = html
        return html.withUTF8 { SiteScan.references(in: $0) }
    }

    /// The site file a relative reference names (a folder means its index.html).
    package static func resolve(_ reference: String, from page: String) -> String {
        resolve(reference, inFolder: folderParts(of: page))
    }

    /// The folders a page sits in (`components/switch/index.html` → components, switch).
    package static func folderParts(of page: String) -> [String] {
        page.split(separator: "/").dropLast().map(String.init)
    }

    package static func resolve(_ reference: String, inFolder folder: [String]) -> String {
        // Most references are ASCII without a `%` (every link the templates write): their parts
        // are read as slices of the text, without a string made for each.
        if reference.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") }) {
            let utf8 = reference.utf8
            let path = reference[..<(utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? utf8.endIndex)]
            return file(LinkResolver.normalize(folder.map { $0[...] } + path.split(separator: "/", omittingEmptySubsequences: false)) ?? "", linkedAs: path)
        }
        return resolveByCharacter(reference, inFolder: folder)
    }

    /// `resolve` for a reference with a `%` or a character beyond ASCII: read by character, the
    /// `%` escapes decoded.
    package static func resolveByCharacter(_ reference: String, inFolder folder: [String]) -> String {
        var path = reference
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? LinkResolver.decode(path) : path
        let parts = folder + decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return file(LinkResolver.normalize(parts) ?? "", linkedAs: path)
    }

    /// The file a resolved path names: a folder (linked as `…/`, `.` or nothing) means its index.html.
    private static func file(_ joined: String, linkedAs path: some StringProtocol) -> String {
        if path.isEmpty || path.hasSuffix("/") || path == "." || path.hasSuffix("/.") {
            return joined.isEmpty ? "index.html" : joined + "/index.html"
        }
        return joined
    }
}
