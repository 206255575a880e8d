import CatalogCore
import CatalogMarkdown
import CatalogModel

/// A component's `examples:` (the team's own markup) as the site shows them: each a page of its
/// own (`components/<slug>/examples/<id>/`) that loads exactly the team's stylesheets and
/// scripts (published under `web/`), the catalog's tokens and the example's markup, with no site
/// chrome and nothing inline; and on the component's page a titled frame of it with a width
/// switch, a link that opens it alone, and its markup.
package enum WebExamplePages {
    /// Where the team's files are published: under the hash of all of them, so every version
    /// whose files are the same bytes shares one copy, and an edit gives them a new address.
    package static func folder(_ web: WebFiles) -> String { "web/\(web.folderHash)/" }

    /// A script loads as an ES module when it is one (`.mjs`, or `import`/`export` at a line's start).
    package static func isModule(_ path: String, bytes: [UInt8]?) -> Bool {
        if path.hasSuffix(".mjs") { return true }
        guard let bytes else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains("import.meta") || text.range(of: "(^|\\n)\\s*(import|export)[\\s{*]", options: .regularExpression) != nil
    }

    /// The fields the component page's Examples section shows (`src` relative to the component's page).
    package static func section(_ component: Component, settings: CatalogSettings) -> [WebExampleFields] {
        let viewports = settings.web?.viewports ?? WebSettings().viewports
        return component.webExamples.map { example in
            WebExampleFields(
                title: example.title.value, id: example.id, anchor: "example-" + example.id, src: "examples/\(example.id)/",
                frameTitle: "\(component.name.value): \(example.title.value), the team's own component",
                height: example.height ?? 120,
                markup: example.markup,
                viewports: viewports.map { .init(width: $0) }
            )
        }
    }

    /// One example's page: a whole document the theme's `example-frame` template draws.
    package static func page(_ example: WebExample, component: Component, catalog: Catalog, layout: LayoutContext, roles: String?) -> ExampleFrameFields {
        let path = example.pagePath(component: component.pagePath) + "index.html"
        let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
        let web = catalog.webFiles
        let published: (String) -> String? = { written in web.entries.first { $0.written == written && !$0.missing }?.published }
        let settings = catalog.settings.web ?? WebSettings()
        let appearanceIndex = example.appearance.flatMap { chosen in component.appearances.firstIndex { $0.name.value == chosen.value } }
        return ExampleFrameFields(
            title: "\(component.name.value): \(example.title.value)",
            language: catalog.settings.language,
            tokens: layout.href(layout.assets["tokens_css"] ?? "", root: root),
            frameStyle: layout.assets["example_frame_css"].map { layout.href($0, root: root) } ?? "",
            brand: layout.brandStylesheet.map { layout.href($0, root: root) } ?? "",
            themeScript: layout.assets["theme_js"].map { layout.href($0, root: root) } ?? "",
            frameScript: layout.assets["example_frame_js"].map { layout.href($0, root: root) } ?? "",
            roles: roles.map { layout.href($0, root: root) } ?? "",
            rolesClass: appearanceIndex.map { "demo-roles " + DemoRoles.appearanceClass($0) } ?? "demo-roles",
            styles: settings.styles.compactMap { published($0.value) }.map { layout.href(folder(web) + $0, root: root) },
            scripts: settings.scripts.compactMap { written -> ExampleFrameFields.Script? in
                guard let path = published(written.value) else { return nil }
                return .init(src: layout.href(folder(web) + path, root: root), module: isModule(path, bytes: web.files[path]))
            },
            markup: example.markup,
            contentSecurityPolicy: layout.theme.source.contentSecurityPolicy ?? ""
        )
    }
}

/// One example as the component page's Examples section shows it.
package struct WebExampleFields: TemplateFields, Hashable {
    package var title: String
    package var id: String
    /// The figure's id (`example-primary`; another where the prose shows the example again).
    package var anchor: String
    /// Where the frame is, for its scrolling region's name (unique on the page).
    package var place = "in a frame"
    /// The example's page, from the page that shows the frame.
    package var src: String
    package var frameTitle: String
    package var height: Int
    package var markup: String
    package var viewports: [Viewport]

    package struct Viewport: TemplateFields, Hashable {
        package var width: Int
        package static let fields: [String: TemplateField<Self>] = [
            "width": .value { $0.width },
            "label": .value { "\($0.width) px" },
        ]
    }

    package static let fields: [String: TemplateField<Self>] = [
        "title": .value { $0.title },
        "id": .value { $0.id },
        "anchor": .value { $0.anchor },
        "place": .value { $0.place },
        "src": .value { $0.src },
        "frame_title": .value { $0.frameTitle },
        "height": .value { $0.height },
        "markup": .value { $0.markup },
        "viewports": .list { $0.viewports },
        "has_viewports": .value { !$0.viewports.isEmpty },
    ]
}

/// What `example-frame.mustache` (a whole document) reads.
package struct ExampleFrameFields: TemplateFields {
    package var title: String
    package var language: String
    package var tokens: String
    package var frameStyle: String
    /// The catalog's brand stylesheet: its surface behind the example, in each token mode.
    package var brand: String
    package var themeScript: String
    /// `example-frame.js`: the messages that carry the scheme in and the height out.
    package var frameScript: String
    package var roles: String
    package var rolesClass: String
    package var styles: [String]
    package var scripts: [Script]
    package var markup: String
    package var contentSecurityPolicy: String

    package struct Script: TemplateFields {
        package var src: String
        package var module: Bool
        package static let fields: [String: TemplateField<Self>] = [
            "src": .value { $0.src },
            "module": .value { $0.module },
        ]
    }

    package static let fields: [String: TemplateField<Self>] = [
        "title": .value { $0.title },
        "language": .value { $0.language },
        "tokens_css": .value { $0.tokens },
        "frame_css": .value { $0.frameStyle },
        "has_brand": .value { !$0.brand.isEmpty },
        "brand_css": .value { $0.brand },
        "theme_js": .value { $0.themeScript },
        "has_frame_script": .value { !$0.frameScript.isEmpty },
        "frame_script": .value { $0.frameScript },
        "has_roles": .value { !$0.roles.isEmpty },
        "roles_css": .value { $0.roles },
        "roles_class": .value { $0.rolesClass },
        "styles": .value { $0.styles },
        "scripts": .list { $0.scripts },
        "markup": .value { $0.markup },
        "has_content_security_policy": .value { !$0.contentSecurityPolicy.isEmpty },
        "content_security_policy": .value { $0.contentSecurityPolicy },
    ]
}
