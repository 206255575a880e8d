import Foundation
import CatalogCore
import CatalogModel

/// The build-time search index, full text: each page (title, summary, property, state, token and
/// example names) and each section of its prose (heading and body text, linking to the section's
/// anchor), each token, the dashboard and the tokens page. It ships as a script
/// (`window.catalogSearchIndex = […]`) that the search field loads on first use, so search works
/// offline, from disk, and under a strict Content-Security-Policy.
package struct SearchIndex: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        /// A word for what it is: Component, Guide, Token, Page.
        package var kind: String
        package var title: String
        /// Path from the site root, with the section's anchor for a section.
        package var url: String
        package var summary: String
        /// Headings, property names, token names and state names, joined.
        package var keywords: String
        /// The section's heading (empty for a whole page).
        package var section: String = ""
        /// The section's text, for matching and for the snippet a result shows.
        package var text: String = ""
        /// Other names the page is found by as by its title (`aliases:`).
        package var aliases: [String] = []

        /// Every field is bounded (a summary of a megabyte went whole into the index, which every
        /// search downloads): what a result shows, and enough to find it by.
        package init(kind: String, title: String, url: String, summary: String, keywords: String, section: String = "", text: String = "", aliases: [String] = []) {
            self.aliases = aliases.prefix(SearchIndex.aliasLimit).map { SearchIndex.bounded($0, to: SearchIndex.titleLimit) }
            self.kind = SearchIndex.bounded(kind, to: SearchIndex.titleLimit)
            self.title = SearchIndex.bounded(title, to: SearchIndex.titleLimit)
            self.url = url
            self.summary = SearchIndex.bounded(summary, to: SearchIndex.summaryLimit)
            self.keywords = SearchIndex.bounded(keywords, to: SearchIndex.keywordLimit)
            self.section = SearchIndex.bounded(section, to: SearchIndex.titleLimit)
            self.text = SearchIndex.bounded(text, to: SearchIndex.sectionTextLimit)
        }
    }

    /// The most text a section gives the index: enough to find a phrase in any normal section,
    /// bounded so one huge page cannot swell the index everyone downloads.
    package static let sectionTextLimit = 3_000

    /// The entries, written for the script in chunks (the settings' pages, each component's,
    /// each guide's, the tokens').
    package var chunks: [Chunk] = []

    package init(entries: [Entry]) {
        chunks = [Chunk(entries)]
    }

    package init(chunks: [Chunk]) {
        self.chunks = chunks
    }

    /// The dashboard's and the tokens page's entries.
    package static func pages(_ settings: CatalogSettings) -> [Entry] {
        [
            Entry(kind: "Page", title: "Readiness dashboard", url: "readiness/", summary: "Every component against every readiness criterion.", keywords: settings.rubric.criteria.map { "\($0.id) \($0.name)" }.joined(separator: " ")),
            Entry(kind: "Page", title: "Design tokens", url: "tokens/", summary: "Every token with its value, aliases and the components that use it.", keywords: "tokens css swift kotlin json"),
        ]
    }

    package static func entry(_ component: Component) -> Entry {
        var keywords = component.prose?.headings.map(\.text) ?? []
        keywords += component.tabFiles.flatMap { $0.prose.headings.map(\.text) }
        keywords += component.properties.map(\.name.value)
        keywords += component.states.map(\.name.value)
        keywords += component.variants.map(\.name)
        keywords += component.appearances.flatMap { $0.tokens.map(\.token.value) }
        keywords.append(component.demo?.kind.value ?? "")
        keywords += apiNames(component)
        return Entry(kind: "Component", title: component.name.value, url: component.pagePath, summary: component.listingSummary, keywords: keywords.joined(separator: " "),
                     aliases: component.aliases.map(\.value))
    }

    /// The names a component's properties have in code (`isOn` in `isOn: Binding<Bool>`,
    /// `onCheckedChange`), so a search for an API name finds the component. (`implementation:`
    /// names are left out: without `code:` they change nothing on the site.)
    package static func apiNames(_ component: Component) -> [String] {
        var names: [String] = []
        for property in component.properties {
            for platform in property.platforms where platform.platform != "figma" {
                let identifier = platform.text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let rest = platform.text.dropFirst(identifier.count).drop { $0 == " " }
                if let first = identifier.first, first.isLetter || first == "_", rest.first == ":" || rest.first == "(" || rest.isEmpty {
                    names.append(String(identifier))
                }
            }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A component's page and its sections: the prose's, and the model's properties, states
    /// and examples.
    /// With `tabs`, each tab is a page of its own in the index (`Button: Code`), followed by its
    /// prose's sections and the generated sections it shows (`components/button/code/#properties`).
    package static func entries(_ component: Component, tabs: ComponentTabs? = nil) -> [Entry] {
        let title = component.name.value
        var generated: [(section: ComponentSection, entry: Entry)] = []
        if !component.properties.isEmpty {
            let text = component.properties.map { [$0.name.value, $0.type ?? "", $0.description ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: ". ")
            generated.append((.properties, Entry(kind: "Component", title: title, url: "#properties", summary: "", keywords: "", section: "Properties", text: bounded(text))))
        }
        if !component.states.isEmpty {
            let text = component.states.map { [$0.name.value, $0.notes ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: ". ")
            generated.append((.states, Entry(kind: "Component", title: title, url: "#states", summary: "", keywords: "", section: "States", text: bounded(text))))
        }
        if let demo = component.demo, !demo.examples.isEmpty {
            generated.append((.demo, Entry(kind: "Component", title: title, url: "#demo", summary: "", keywords: "", section: "Live demo", text: bounded(demo.examples.compactMap { ($0.title?.value ?? $0.text("label")?.value) }.joined(separator: ". ")))))
        }
        guard let tabs else {
            var entries = [entry(component)]
            if let prose = component.prose { entries += sections(prose, kind: "Component", title: title, page: component.pagePath) }
            return entries + generated.map { var entry = $0.entry; entry.url = component.pagePath + entry.url; return entry }
        }
        // A tab of its own is worth landing on; one long page's accessibility table is not a result.
        if !component.accessibility.isEmpty {
            generated.append((.accessibility, Entry(kind: "Component", title: title, url: "#accessibility", summary: "", keywords: "", section: "Accessibility", text: bounded(component.accessibility.map(\.requirement.value).joined(separator: ". ")))))
        }
        var entries: [Entry] = []
        for tab in tabs.tabs {
            let tabTitle = tab.isFirst ? title : "\(title): \(tab.title)"
            entries.append(tab.isFirst ? entry(component) : Entry(kind: "Component", title: tabTitle, url: tab.pagePath, summary: tab.description ?? "\(tab.title) of \(title)", keywords: ""))
            if let prose = tab.prose { entries += sections(prose, kind: "Component", title: tabTitle, page: tab.pagePath) }
            for (section, made) in generated where tabs.tab(showing: section).pagePath == tab.pagePath {
                var entry = made
                entry.title = tabTitle
                entry.url = tab.pagePath + made.url
                entries.append(entry)
            }
        }
        return entries
    }

    package static func entry(_ guide: Guide, section: GuideSection? = nil) -> Entry {
        Entry(kind: section.map { "Guide · \($0.title)" } ?? "Guide", title: guide.title, url: guide.pagePath, summary: guide.summary ?? "", keywords: guide.prose.headings.map(\.text).joined(separator: " "),
              aliases: guide.aliases)
    }

    /// A guide's page and each section of its prose.
    package static func entries(_ guide: Guide, section: GuideSection? = nil) -> [Entry] {
        let page = entry(guide, section: section)
        var pieces = sections(guide.prose, kind: page.kind, title: guide.title, page: guide.pagePath)
        // The text before the first heading starts with the summary the page's entry already
        // shows: the same words are not a second result.
        if let summary = guide.summary?.trimmingCharacters(in: .whitespacesAndNewlines), !summary.isEmpty,
           let first = pieces.first, first.section.isEmpty, !first.url.contains("#"), first.text.hasPrefix(summary) {
            let rest = first.text.dropFirst(summary.count).trimmingCharacters(in: .whitespacesAndNewlines)
            if rest.isEmpty {
                pieces.removeFirst()
            } else {
                pieces[0].text = rest
            }
        }
        return [page] + pieces
    }

    /// The prose cut at its headings: the text before the first heading (under the page's own
    /// title), then each heading with the text up to the next.
    package static func sections(_ prose: Prose, kind: String, title: String, page: String) -> [Entry] {
        // Looked up by id once per section (a page may have thousands of headings).
        let headings = Dictionary(prose.headings.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        return SearchText.sections(ofHTML: prose.html).compactMap { piece in
            guard !piece.text.isEmpty else { return nil }
            let heading = piece.id.flatMap { headings[$0] } ?? ""
            return Entry(kind: kind, title: title, url: page + (piece.id.map { "#" + $0 } ?? ""), summary: "", keywords: "", section: heading, text: bounded(piece.text))
        }
    }

    package static func bounded(_ text: String, to limit: Int = sectionTextLimit) -> String {
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// The longest title, heading or kind an entry keeps (characters).
    package static let titleLimit = 300
    /// The longest summary an entry keeps.
    package static let summaryLimit = 600
    /// The most keyword text an entry keeps.
    package static let keywordLimit = 4_000
    /// The most aliases an entry keeps.
    package static let aliasLimit = 50

    package static func entries(_ tokens: TokenSet) -> [Entry] {
        tokens.tokens.map { token in
            let summary = [token.displayValue, token.description ?? ""].filter { !$0.isEmpty }.joined(separator: " — ")
            return Entry(kind: "Token", title: token.slashName, url: "tokens/#" + TokenExports.anchor(token), summary: summary, keywords: token.cssVariable + " " + token.name)
        }
    }

    /// The index as the search script reads it: `{"pages": [[kind, title, url, summary,
    /// keywords, aliases?]…], "sections": [[page, heading, anchor, text]…]}`. A section names its page by
    /// position instead of repeating its kind, title and address, which keeps the file small.
    package func script() -> [UInt8] {
        let head = Array("window.catalogSearchIndex = {\"pages\":[".utf8), middle = Array("],\"sections\":[".utf8), tail = Array("]};\n".utf8)
        // One buffer, large enough (a section's page number has at most 20 digits), filled once:
        // joining texts copied the 5 MB index of 1,000 components four times over.
        var capacity = head.count + middle.count + tail.count
        for chunk in chunks {
            for page in chunk.pages { capacity += page.utf8.count + 1 }
            for section in chunk.sections { capacity += section.rest.utf8.count + 22 }
        }
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        output += head
        var pageCount = 0
        for chunk in chunks {
            for page in chunk.pages {
                if pageCount > 0 { output.append(UInt8(ascii: ",")) }
                output += page.utf8
                pageCount += 1
            }
        }
        output += middle
        var first = true
        pageCount = 0
        for chunk in chunks {
            for section in chunk.sections {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                output.append(UInt8(ascii: "["))
                output += String(pageCount + section.page).utf8
                output += section.rest.utf8
            }
            pageCount += chunk.pages.count
        }
        output += tail
        return output
    }

    /// Entries written as the script writes them, once: a rebuild that changes one component
    /// writes that component's entries again, and the index is put together from the rest as they
    /// were. A section names its page by position in its chunk (the index adds where the chunk
    /// starts); each chunk's sections follow its own pages.
    package struct Chunk: Hashable, Sendable {
        /// Each page's JSON array.
        package var pages: [String] = []
        /// Each section: its page's position in this chunk, and its JSON array after that
        /// number (`,"heading","anchor","text"]`).
        package var sections: [Section] = []

        package struct Section: Hashable, Sendable {
            package var page: Int
            package var rest: String
        }

        package init(_ entries: [Entry]) {
            var lastPage: (index: Int, url: String)?
            for entry in entries {
                let isSection = !entry.section.isEmpty || !entry.text.isEmpty
                let base = entry.url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? entry.url
                if isSection, let page = lastPage, page.url == base {
                    let anchor = entry.url.count > base.count ? String(entry.url.dropFirst(base.count + 1)) : ""
                    var rest: [UInt8] = []
                    for field in [entry.section, anchor, entry.text] {
                        rest.append(UInt8(ascii: ","))
                        JSONText.string(field, into: &rest)
                    }
                    rest.append(UInt8(ascii: "]"))
                    sections.append(Section(page: page.index, rest: String(decoding: rest, as: UTF8.self)))
                    continue
                }
                lastPage = (pages.count, entry.url)
                var page: [JSONText.Value] = [.string(entry.kind), .string(entry.title), .string(entry.url), .string(entry.summary), .string(entry.keywords)]
                if !entry.aliases.isEmpty { page.append(.array(entry.aliases.map(JSONText.Value.string))) }
                pages.append(JSONText.compact(.array(page)))
            }
        }
    }
}

/// The text of rendered prose, cut at its headings, for the search index. One pass over the
/// HTML's bytes (a page may have thousands of headings; nothing here looks back or searches the
/// whole text again).
package enum SearchText {
    /// (the heading's id, or nil before the first heading; the text) for each piece of `html`.
    package static func sections(ofHTML html: String) -> [(id: String?, text: String)] {
        let bytes = Array(html.utf8)
        var pieces: [(id: String?, text: String)] = []
        var currentID: String?
        var text: [UInt8] = []
        var lastWasSpace = true
        func append(_ byte: UInt8) {
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if isSpace {
                if !lastWasSpace { text.append(0x20) }
                lastWasSpace = true
            } else {
                text.append(byte)
                lastWasSpace = false
            }
        }
        func flush() {
            if text.last == 0x20 { text.removeLast() }
            pieces.append((currentID, String(decoding: text, as: UTF8.self)))
            text.removeAll(keepingCapacity: true)
            lastWasSpace = true
        }
        func starts(_ literal: String, at index: Int) -> Bool {
            let pattern = Array(literal.utf8)
            guard index + pattern.count <= bytes.count else { return false }
            for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                // A heading (h2–h4 with an id) starts a section; its own text and anchor are the section's name.
                if index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "h"), (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(bytes[index + 2]),
                   bytes[index + 3] == 0x20, starts(" id=\"", at: index + 3) {
                    let level = bytes[index + 2]
                    var idEnd = index + 8
                    while idEnd < bytes.count, bytes[idEnd] != UInt8(ascii: "\"") { idEnd += 1 }
                    flush()
                    currentID = String(decoding: bytes[(index + 8)..<min(idEnd, bytes.count)], as: UTF8.self)
                    // Skip to the heading's end tag.
                    var scan = idEnd
                    while scan < bytes.count, !(bytes[scan] == UInt8(ascii: "<") && starts("</h", at: scan) && scan + 3 < bytes.count && bytes[scan + 3] == level) { scan += 1 }
                    index = min(bytes.count, scan + 5)
                    continue
                }
                var close = index + 1
                while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
                // Block boundaries become spaces, so words of two blocks never join.
                append(0x20)
                index = close + 1
                continue
            }
            if byte == UInt8(ascii: "&") {
                var semicolon = index + 1
                while semicolon < bytes.count, semicolon - index <= 10, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
                if semicolon < bytes.count, bytes[semicolon] == UInt8(ascii: ";") {
                    let entity = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
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
                        for scalar in decoded.utf8 { append(scalar) }
                        index = semicolon + 1
                        continue
                    }
                }
            }
            append(byte)
            index += 1
        }
        flush()
        return pieces
    }
}
