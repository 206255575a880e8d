import Foundation

/// The build-time search index, full text: each page (title, summary, property, state, token and
/// example names) and each section of its prose (heading and body text, linking to the section's
/// anchor), each token, the dashboard and the tokens page. It ships as a script
/// (`window.catalogSearchIndex = […]`) that the search field loads on first use, so search works
/// offline, from disk, and under a strict Content-Security-Policy.
struct SearchIndex: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        /// A word for what it is: Component, Guide, Token, Page.
        var kind: String
        var title: String
        /// Path from the site root, with the section's anchor for a section.
        var url: String
        var summary: String
        /// Headings, property names, token names and state names, joined.
        var keywords: String
        /// The section's heading (empty for a whole page).
        var section: String = ""
        /// The section's text, for matching and for the snippet a result shows.
        var text: String = ""
    }

    /// The most text a section gives the index: enough to find a phrase in any normal section,
    /// bounded so one huge page cannot swell the index everyone downloads.
    static let sectionTextLimit = 3_000

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

    /// A component's page and its sections: the prose's, and the model's properties, states
    /// and examples.
    static func entries(_ component: Component) -> [Entry] {
        var entries = [entry(component)]
        let title = component.name.value
        if let prose = component.prose {
            entries += sections(prose, kind: "Component", title: title, page: component.pagePath)
        }
        if !component.properties.isEmpty {
            let text = component.properties.map { [$0.name.value, $0.type ?? "", $0.description ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: ". ")
            entries.append(Entry(kind: "Component", title: title, url: component.pagePath + "#properties", summary: "", keywords: "", section: "Properties", text: bounded(text)))
        }
        if !component.states.isEmpty {
            let text = component.states.map { [$0.name.value, $0.notes ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: ". ")
            entries.append(Entry(kind: "Component", title: title, url: component.pagePath + "#states", summary: "", keywords: "", section: "States", text: bounded(text)))
        }
        if let demo = component.demo, !demo.examples.isEmpty {
            entries.append(Entry(kind: "Component", title: title, url: component.pagePath + "#demo", summary: "", keywords: "", section: "Live demo", text: bounded(demo.examples.compactMap { ($0.title?.value ?? $0.text("label")?.value) }.joined(separator: ". "))))
        }
        return entries
    }

    static func entry(_ guide: Guide, section: GuideSection? = nil) -> Entry {
        Entry(kind: section.map { "Guide · \($0.title)" } ?? "Guide", title: guide.title, url: guide.pagePath, summary: guide.summary ?? "", keywords: guide.prose.headings.map(\.text).joined(separator: " "))
    }

    /// A guide's page and each section of its prose.
    static func entries(_ guide: Guide, section: GuideSection? = nil) -> [Entry] {
        let page = entry(guide, section: section)
        return [page] + sections(guide.prose, kind: page.kind, title: guide.title, page: guide.pagePath)
    }

    /// The prose cut at its headings: the text before the first heading (under the page's own
    /// title), then each heading with the text up to the next.
    static func sections(_ prose: Prose, kind: String, title: String, page: String) -> [Entry] {
        SearchText.sections(ofHTML: prose.html).compactMap { piece in
            guard !piece.text.isEmpty else { return nil }
            let heading = piece.id.flatMap { id in prose.headings.first { $0.id == id }?.text } ?? ""
            return Entry(kind: kind, title: title, url: page + (piece.id.map { "#" + $0 } ?? ""), summary: "", keywords: "", section: heading, text: bounded(piece.text))
        }
    }

    static func bounded(_ text: String) -> String {
        guard text.count > sectionTextLimit else { return text }
        return String(text.prefix(sectionTextLimit)) + "…"
    }

    static func entries(_ tokens: TokenSet) -> [Entry] {
        tokens.tokens.map { token in
            let summary = [token.displayValue, token.description ?? ""].filter { !$0.isEmpty }.joined(separator: " — ")
            return Entry(kind: "Token", title: token.slashName, url: "tokens/#" + TokenExports.anchor(token), summary: summary, keywords: token.cssVariable + " " + token.name)
        }
    }

    /// The index as the search script reads it: `{"pages": [[kind, title, url, summary,
    /// keywords]…], "sections": [[page, heading, anchor, text]…]}`. A section names its page by
    /// position instead of repeating its kind, title and address, which keeps the file small.
    func script() -> String {
        var pages: [JSONText.Value] = []
        var sections: [JSONText.Value] = []
        var lastPage: (index: Int, url: String)?
        for entry in entries {
            let isSection = !entry.section.isEmpty || !entry.text.isEmpty
            let base = entry.url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? entry.url
            if isSection, let page = lastPage, page.url == base {
                let anchor = entry.url.count > base.count ? String(entry.url.dropFirst(base.count + 1)) : ""
                sections.append(.array([.number(Double(page.index)), .string(entry.section), .string(anchor), .string(entry.text)]))
                continue
            }
            lastPage = (pages.count, entry.url)
            pages.append(.array([.string(entry.kind), .string(entry.title), .string(entry.url), .string(entry.summary), .string(entry.keywords)]))
        }
        let json = JSONText.compact(.members([JSONText.Member("pages", .array(pages)), JSONText.Member("sections", .array(sections))]))
        return "window.catalogSearchIndex = \(json);\n"
    }
}

/// The text of rendered prose, cut at its headings, for the search index.
enum SearchText {
    /// (the heading's id, or nil before the first heading; the text) for each piece of `html`.
    static func sections(ofHTML html: String) -> [(id: String?, text: String)] {
        var pieces: [(id: String?, text: String)] = []
        var currentID: String?
        var text = ""
        var index = html.startIndex
        func flush() {
            let collapsed = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            pieces.append((currentID, collapsed))
            text = ""
        }
        while index < html.endIndex {
            if html[index] == "<" {
                guard let close = html[index...].firstIndex(of: ">") else { break }
                let tag = html[html.index(after: index)..<close]
                // A heading starts a section; its own text (and anchor link) is the section's name.
                if tag.count >= 2, tag.first == "h", let level = tag.dropFirst().first, ("2"..."4").contains(level), tag.dropFirst(2).first.map({ $0 == " " || $0 == ">" }) ?? true,
                   let idRange = tag.range(of: "id=\"") {
                    flush()
                    let rest = tag[idRange.upperBound...]
                    currentID = String(rest.prefix { $0 != "\"" })
                    let end = "</h\(level)>"
                    index = html[close...].range(of: end)?.upperBound ?? html.index(after: close)
                    continue
                }
                // Block boundaries become spaces, so words of two blocks never join.
                text += " "
                index = html.index(after: close)
                continue
            }
            if html[index] == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";") {
                let entity = String(html[html.index(after: index)..<semicolon])
                let decoded: String? = switch entity {
                case "amp": "&"
                case "lt": "<"
                case "gt": ">"
                case "quot": "\""
                case "#39", "apos": "'"
                case "nbsp": " "
                default: entity.hasPrefix("#") ? (entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst())).flatMap(Unicode.Scalar.init).map { String($0) } : nil
                }
                if let decoded {
                    text += decoded
                    index = html.index(after: semicolon)
                    continue
                }
            }
            text.append(html[index])
            index = html.index(after: index)
        }
        flush()
        return pieces
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
