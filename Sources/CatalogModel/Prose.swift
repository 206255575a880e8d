import Foundation
import CatalogCore
import CatalogSyntax
/// A Markdown document rendered to HTML, with what the page and the checks need from its AST.
public struct Prose: Sendable {
    /// Catalog-relative path of the `.md` file.
    public var path: String
    public var html: String
    public var headings: [ProseHeading]
    public var links: [ProseLink] {
        didSet {
            anchoredPages = Self.anchoredPages(of: links)
            hasRootRelativeAnchors = Self.hasRootRelativeAnchors(links)
        }
    }
    /// Whether a root-relative link points at a `#fragment`: its findings depend on a page the
    /// link check cannot name before it runs, so they are never reused.
    public private(set) var hasRootRelativeAnchors = false
    /// The pages its links point into at a `#fragment` (their ids decide whether those links
    /// hold), worked out once so a rebuild's link check need not walk every link.
    public private(set) var anchoredPages: [String] = []
    /// The first paragraph as plain text: the fallback summary.
    public var summary: String?
    /// Every word of the document, for the search index.
    public var plainText: String
    /// The document's opening `# Heading` when it was taken as the page title.
    public var title: String?
    /// The Markdown as written, without its front matter: the page's `index.md` beside its HTML.
    /// Raw HTML of the source the page does not carry as HTML (`RenderedMarkdown.unrenderedHTML`).
    public var unrenderedHTML: [String] = []
    public var source = ""
    /// The front matter's `extra:` mapping, handed to the templates as `extra`.
    public var extra: FreeValue?
    /// The ```` ```demo ```` fences, in order: the example titles each places there. The HTML
    /// holds `MarkdownDemoFence.placeholder` for each.
    public var demos: [ProseDemo] = []

    public init(path: String, html: String, headings: [ProseHeading], links: [ProseLink], summary: String?, plainText: String, title: String?) {
        self.path = path
        self.html = html
        self.headings = headings
        self.links = links
        self.summary = summary
        self.plainText = plainText
        self.title = title
        anchoredPages = Self.anchoredPages(of: links)
        hasRootRelativeAnchors = Self.hasRootRelativeAnchors(links)
    }

    private static func hasRootRelativeAnchors(_ links: [ProseLink]) -> Bool {
        links.contains { link in
            if case .siteAbsolute = link.target { return link.destination.contains("#") }
            return false
        }
    }

    private static func anchoredPages(of links: [ProseLink]) -> [String] {
        links.compactMap { link in
            if case .page(let target, let fragment?) = link.target, !fragment.isEmpty { return target }
            return nil
        }
    }
}

/// A ```` ```demo ```` fence: where it starts and the example titles it names.
public struct ProseDemo: Sendable {
    public var titles: [Located<String>]
    public var location: SourceLocation

    package init(titles: [Located<String>], location: SourceLocation) {
        self.titles = titles
        self.location = location
    }
}

public struct ProseHeading: Sendable, Hashable {
    public var level: Int
    public var text: String
    public var id: String
    public var location: SourceLocation

    package init(level: Int, text: String, id: String, location: SourceLocation) {
        self.level = level
        self.text = text
        self.id = id
        self.location = location
    }
}

/// A link or image in the prose, as written and as resolved inside the catalog.
public struct ProseLink: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// http:, mailto: and the like: not checked.
        case external
        /// `#fragment` on the same page.
        case samePage(fragment: String)
        /// Another page of the site: its output folder (`components/switch/`) and fragment.
        case page(path: String, fragment: String?)
        /// A file copied to the output (an image), by its catalog path.
        case file(path: String)
        /// An absolute path on the host (`/something`): left alone.
        case siteAbsolute
        /// A relative link that names nothing the catalog has; `reason` says why.
        case unresolved(reason: String)
    }

    public var destination: String
    public var isImage: Bool
    public var target: Target
    public var location: SourceLocation
    /// Written in raw HTML (unsafe Markdown): it reaches the page as written, not rewritten.
    public var inRawHTML: Bool = false

    package init(destination: String, isImage: Bool, target: Target, location: SourceLocation, inRawHTML: Bool = false) {
        self.destination = destination
        self.isImage = isImage
        self.target = target
        self.location = location
        self.inRawHTML = inRawHTML
    }
}

/// `guides/<slug>.md`.
public struct Guide: Sendable {
    public var slug: String
    public var title: String
    public var description: String?
    /// `aliases:` in the front matter: other names search finds the guide by.
    public var aliases: [String] = []
    public var order: Int?
    public var draft: Bool
    public var prose: Prose
    public var location: SourceLocation
    /// A hash of the guide's file.
    public var inputKey: UInt64 = 0

    /// The page's output folder.
    public var pagePath: String { "guides/\(slug)/" }
    public var summary: String? { description ?? prose.summary }
    /// The slug of the section it is in (`guides/<section>/<page>.md`), or nil.
    public var section: String? { slug.contains("/") ? String(slug.prefix { $0 != "/" }) : nil }

    package init(slug: String, title: String, description: String? = nil, order: Int? = nil, draft: Bool, prose: Prose, location: SourceLocation, inputKey: UInt64 = 0) {
        self.slug = slug
        self.title = title
        self.description = description
        self.order = order
        self.draft = draft
        self.prose = prose
        self.location = location
        self.inputKey = inputKey
    }
}

/// A section of the guides (`guides/<section>/`): its title, description and order come from
/// `guides/<section>/index.md`'s front matter when there is one (its body is the section's
/// introduction); otherwise the title is the folder's name in words.
public struct GuideSection: Sendable {
    public var slug: String
    public var title: String
    public var description: String?
    public var order: Int?
    public var intro: Prose?
    public var location: SourceLocation
    public var inputKey: UInt64 = 0

    public var pagePath: String { "guides/\(slug)/" }

    /// "content-design" → "Content design".
    package static func title(fromFolder slug: String) -> String {
        let words = slug.replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    package init(slug: String, title: String, description: String? = nil, order: Int? = nil, intro: Prose? = nil, location: SourceLocation, inputKey: UInt64 = 0) {
        self.slug = slug
        self.title = title
        self.description = description
        self.order = order
        self.intro = intro
        self.location = location
        self.inputKey = inputKey
    }
}

/// A line of a ```` ```demo ```` fence in a guide: `slug/Example title`.
public struct GuideDemoReference: Sendable, Hashable {
    public var slug: String
    public var title: String

    /// nil when the line has no `/`, or nothing before or after it.
    public init?(_ line: String) {
        guard let slash = line.firstIndex(of: "/") else { return nil }
        slug = line[..<slash].trimmingCharacters(in: .whitespaces)
        title = line[line.index(after: slash)...].trimmingCharacters(in: .whitespaces)
        guard !slug.isEmpty, !title.isEmpty else { return nil }
    }
}
