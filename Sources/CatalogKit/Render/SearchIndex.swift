import Foundation

/// The build-time search index: page titles, summaries, headings, token names and property
/// names. It ships as a script (`window.catalogSearchIndex = […]`) that the search field loads on
/// first use, so search works offline, from disk, and under a strict Content-Security-Policy.
struct SearchIndex: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        /// A word for what it is: Component, Guide, Token, Page.
        var kind: String
        var title: String
        /// Path from the site root.
        var url: String
        var summary: String
        /// Headings, property names, token names and state names, joined.
        var keywords: String
    }

    var entries: [Entry] = []

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The dashboard's and the tokens page's entries.
    static func pages(_ settings: CatalogSettings) -> [Entry] {
        [
            Entry(kind: "Page", title: "Readiness dashboard", url: "readiness/", summary: "Every component against every readiness criterion.", keywords: settings.rubric.criteria.map { "\($0.id) \($0.name)" }.joined(separator: " ")),
            Entry(kind: "Page", title: "Design tokens", url: "tokens/", summary: "Every token with its value, aliases and the components that use it.", keywords: "tokens css swift kotlin json"),
        ]
    }

    static func entry(_ component: Component) -> Entry {
        var keywords = component.prose?.headings.map(\.text) ?? []
        keywords += component.properties.map(\.name.value)
        keywords += component.states.map(\.name.value)
        keywords += component.variants.map(\.name)
        keywords += component.appearances.flatMap { $0.tokens.map(\.token.value) }
        keywords.append(component.demo?.kind.value ?? "")
        return Entry(kind: "Component", title: component.name.value, url: component.pagePath, summary: component.summary.value, keywords: keywords.joined(separator: " "))
    }

    static func entry(_ guide: Guide) -> Entry {
        Entry(kind: "Guide", title: guide.title, url: guide.pagePath, summary: guide.summary ?? "", keywords: guide.prose.headings.map(\.text).joined(separator: " "))
    }

    static func entries(_ tokens: TokenSet) -> [Entry] {
        tokens.tokens.map { token in
            let summary = [token.displayValue, token.description ?? ""].filter { !$0.isEmpty }.joined(separator: " — ")
            return Entry(kind: "Token", title: token.slashName, url: "tokens/#" + TokenExports.anchor(token), summary: summary, keywords: token.cssVariable + " " + token.name)
        }
    }

    func script() -> String {
        let json = JSONText.compact(.array(entries.map { entry in
            .object([
                "kind": .string(entry.kind), "title": .string(entry.title), "url": .string(entry.url),
                "summary": .string(entry.summary), "keywords": .string(entry.keywords),
            ])
        }))
        return "window.catalogSearchIndex = \(json);\n"
    }
}

/// `sitemap.xml` and `robots.txt` for search engines.
enum DeployFiles {
    static func sitemap(pages: [String], baseURL: String) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"]
        for page in pages where page != "404.html" {
            let path = page == "index.html" ? "" : (page.hasSuffix("/index.html") ? String(page.dropLast("index.html".count)) : page)
            lines.append("  <url><loc>\(xmlEscape(baseURL + path))</loc></url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func robots(baseURL: String) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if isAbsolute(baseURL) { text += "Sitemap: \(baseURL)sitemap.xml\n" }
        return text
    }

    /// A base URL with a scheme and host, which the sitemap's entries need.
    static func isAbsolute(_ baseURL: String) -> Bool {
        baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")
    }

    static func xmlEscape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
