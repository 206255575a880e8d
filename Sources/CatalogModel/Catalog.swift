import Foundation
import CatalogCore


/// A whole catalog, loaded and resolved: what Check and Render take. Everything but the
/// components' contents is `shared`, a value of its own: a piece of work that reads the catalog
/// beside one component takes `shared` (or the parts of it it reads) as its input, and no key
/// has to list what it holds.
public struct Catalog: Sendable {
    /// Everything in the catalog but its components' contents.
    public struct Shared: Sendable, Hashable {
        public var settings: CatalogSettings
        public var tokens: TokenSet
        /// The token modes of a resolver document (nil without one: version 1).
        public var modes: TokenModes?
        /// The components' slugs, in the catalog's order.
        public var slugs: [String] = []
        /// Sorted by section (guides in none first, then the sections in their order), then by
        /// `order`, then title.
        public var guides: [Guide]
        /// The sections of the guides, sorted by `order`, then title.
        public var guideSections: [GuideSection] = []
        /// Images and other files beside the Markdown, copied to the same path in the output.
        public var files: [CatalogFile]
        /// Page folders of drafts left out of this build, so links to them are told apart from typos.
        public var excludedDrafts: Set<String>
        /// Page folders whose files exist but could not be loaded: their own errors are reported,
        /// so links to them are not reported again.
        public var failedPages: Set<String> = []

        /// Slugs of the components whose component.yaml exists but could not be loaded: what it
        /// names (tokens) is unknown until it loads, so nothing is reported unused meanwhile.
        public var unloadedModels: Set<String> = []

        /// Slugs of the components whose folder exists but could not be loaded: still known by
        /// their folder, so nothing that names them reports them missing (one mistake, one error).
        public var unreadableComponents: Set<String> {
            Set(failedPages.compactMap { page in
                let parts = page.split(separator: "/")
                return parts.count == 2 && parts[0] == "components" ? String(parts[1]) : nil
            })
        }
        /// What changed since a revision (`build --changes-since`), shown on the "What changed" page.
        public var changes: CatalogChanges?
        /// The team's web files `web:` names, as read.
        public var webFiles = WebFiles()
        /// The platform screenshots `screenshots:` names, as read and matched to the components.
        public var screenshotFiles = ScreenshotFiles()
        public var screenshots = ScreenshotIndex()
        /// What the saved Figma data `figma:` names holds (empty without it), and the folders as read.
        public var figma = FigmaDesign()
        public var figmaFiles = FigmaFiles()
        /// What `catalog-build audit` recorded (empty without `conformance:` or before a first audit).
        public var audit = AuditEvidence()
        /// The day stale manual results are judged by (`YYYY-MM-DD`, `SOURCE_DATE_EPOCH`'s day when set).
        public var today = ""
        /// The releases and what each changed (`versions:` in catalog.yaml), as this version shows them.
        public var history: ReleaseHistory?
        /// Which version of the site this is, when the site has versions.
        public var version: VersionContext?
        /// What the sources catalog.yaml's `code:` names declare; nil without `code:`.
        public var code: CodeIndex?
        /// The folders `code:` names, as read (which exist, which files each holds).
        public var codeFolders: [CodeFiles.Folder] = []
    }

    public var shared: Shared
    /// Sorted by `order`, then name. Drafts are left out unless the build asks for them.
    public var components: [Component] {
        didSet {
            indexBySlug = Self.index(components)
            shared.slugs = components.map(\.slug)
        }
    }
    /// Slug → position in `components`, so `component(_:)` is a lookup, not a scan (every page's
    /// related links and the changes page ask it).
    private var indexBySlug: [String: Int]

    public init(settings: CatalogSettings, tokens: TokenSet, components: [Component], guides: [Guide], files: [CatalogFile], excludedDrafts: Set<String> = []) {
        shared = Shared(settings: settings, tokens: tokens, slugs: components.map(\.slug), guides: guides, files: files, excludedDrafts: excludedDrafts)
        self.components = components
        self.indexBySlug = Self.index(components)
    }

    public var settings: CatalogSettings {
        get { shared.settings }
        set { shared.settings = newValue }
    }
    public var tokens: TokenSet {
        get { shared.tokens }
        set { shared.tokens = newValue }
    }
    public var modes: TokenModes? {
        get { shared.modes }
        set { shared.modes = newValue }
    }
    public var guides: [Guide] {
        get { shared.guides }
        set { shared.guides = newValue }
    }
    public var guideSections: [GuideSection] {
        get { shared.guideSections }
        set { shared.guideSections = newValue }
    }
    public var files: [CatalogFile] {
        get { shared.files }
        set { shared.files = newValue }
    }
    public var excludedDrafts: Set<String> {
        get { shared.excludedDrafts }
        set { shared.excludedDrafts = newValue }
    }
    public var failedPages: Set<String> {
        get { shared.failedPages }
        set { shared.failedPages = newValue }
    }
    public var unloadedModels: Set<String> {
        get { shared.unloadedModels }
        set { shared.unloadedModels = newValue }
    }
    public var screenshots: ScreenshotIndex {
        get { shared.screenshots }
        set { shared.screenshots = newValue }
    }
    public var webFiles: WebFiles {
        get { shared.webFiles }
        set { shared.webFiles = newValue }
    }
    public var history: ReleaseHistory? {
        get { shared.history }
        set { shared.history = newValue }
    }
    public var version: VersionContext? {
        get { shared.version }
        set { shared.version = newValue }
    }
    public var changes: CatalogChanges? {
        get { shared.changes }
        set { shared.changes = newValue }
    }
    public var code: CodeIndex? {
        get { shared.code }
        set { shared.code = newValue }
    }
    public var codeFolders: [CodeFiles.Folder] {
        get { shared.codeFolders }
        set { shared.codeFolders = newValue }
    }

    public func guideSection(_ slug: String) -> GuideSection? {
        shared.guideSection(slug)
    }

    public func component(_ slug: String) -> Component? {
        indexBySlug[slug].map { components[$0] }
    }

    private static func index(_ components: [Component]) -> [String: Int] {
        Dictionary(components.indices.map { (components[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// What a page made from one component shows of the others: each one's name, summary and page
/// (a related link, a deprecated component's replacement).
public struct ComponentDirectory: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var slug: String
        public var name: String
        public var summary: String
        public var pagePath: String
    }

    private var entries: [String: Entry]

    public init(_ components: [Component]) {
        entries = Dictionary(components.map { ($0.slug, Entry(slug: $0.slug, name: $0.name.value, summary: $0.summary.value, pagePath: $0.pagePath)) },
                             uniquingKeysWith: { first, _ in first })
    }

    public subscript(slug: String) -> Entry? { entries[slug] }
}

extension Catalog {
    /// Each component's name, summary and page.
    public var directory: ComponentDirectory { ComponentDirectory(components) }
}

extension Catalog.Shared {
    public func guideSection(_ slug: String) -> GuideSection? {
        guideSections.first { $0.slug == slug }
    }
}

/// A file copied unchanged into the output (an image the prose shows).
public struct CatalogFile: Sendable {
    /// Path inside the catalog, which is also its path inside the output.
    public var path: String
    public var bytes: [UInt8]
    /// `StableHash.value(bytes)`, as the reader worked it out.
    package var contentHash: UInt64

    package init(path: String, bytes: [UInt8], contentHash: UInt64?) {
        self.path = path
        self.bytes = bytes
        self.contentHash = contentHash ?? StableHash.value(bytes)
    }
}

/// `catalog.yaml`.
public struct CatalogSettings: Sendable, Hashable {
    /// The base URL's path part: `/docs/` for `https://example.org/docs/` or `/docs/`.
    public var basePath: String { Self.basePath(of: baseURL) }

    /// The catalog folder as diagnostics show it, with its slash (`content/`): catalog.yaml's
    /// shown path less its name.
    public var shownFolder: String { String(location.file.dropLast("catalog.yaml".count)) }

    /// A base URL with a scheme and host, which a sitemap's entries and canonical links need.
    package static func isAbsolute(_ baseURL: String) -> Bool {
        baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")
    }

    public static func basePath(of baseURL: String) -> String {
        if baseURL.hasPrefix("/") { return baseURL }
        guard let url = URL(string: baseURL), !url.path.isEmpty else { return "/" }
        return url.path.hasSuffix("/") ? url.path : url.path + "/"
    }

    public var title: Located<String>
    public var description: String?
    /// Where the output is hosted: a path prefix such as `/docs/` or a full URL; always ends in `/`.
    public var baseURL: String
    public var theme: Located<String>
    /// The `lang` of every page (`language:`, default `en`).
    public var language: String
    public var unsafeMarkdown: Bool
    /// The page background appearance colours are measured against (`surface:`, default white).
    public var surface: RGBA
    /// `surface:` when it names a token rather than a hex colour.
    public var surfaceToken: Located<String>?
    public var rubric: ReadinessRubric
    /// `modes:`: how the site labels each modifier and context, and which media query chooses one.
    public var modes: [ModePresentation] = []
    /// `groups:`: the order of the navigation's component groups.
    public var groups: [Located<String>] = []
    /// `rules:`: the severity each listed rule's findings get, or off.
    public var rules: [RuleSetting] = []
    /// `brand:`: the site's logo, favicon, accent colour, fonts and footer links.
    public var brand = SiteBrand()
    /// `code:`: the SwiftUI and Compose sources the components are checked against.
    public var code: CodeSources?
    /// `exports:`: the names the Swift and Kotlin token files declare.
    public var exports = ExportNames()
    /// `snapshots:`: where the approved images live and what `snapshot` draws.
    public var snapshots = SnapshotSettings()
    /// `versions:`: which git tags are releases (nil: the site has no versions).
    public var versions: VersionSettings?
    /// `web:`: the team's built web files, for the components' `examples:` (nil without it).
    public var web: WebSettings?
    /// `screenshots:`: each platform's snapshot images (nil without it).
    public var screenshots: ScreenshotSettings?
    /// `figma:`: the saved Figma file and variables the catalog is checked against (nil without it).
    public var figma: FigmaSettings?
    /// `conformance:`: the accessibility standard reported against (nil without it).
    public var conformance: ConformanceSettings?
    /// `pages.component-tabs`: the tabs a component's Markdown files make (Usage, Code…).
    public var componentTabs = ComponentTabSpec.defaults
    public var location: SourceLocation

    public init(
        title: Located<String>, description: String? = nil, baseURL: String = "/",
        theme: Located<String>, language: String = "en", unsafeMarkdown: Bool = false,
        rubric: ReadinessRubric = .builtIn, location: SourceLocation
    ) {
        self.language = language
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.theme = theme
        self.unsafeMarkdown = unsafeMarkdown
        self.surface = RGBA(red: 1, green: 1, blue: 1)
        self.surfaceToken = nil
        self.rubric = rubric
        self.location = location
    }
}

/// How a readiness status reads at a glance; each tone has its own icon, never colour alone.
public enum Tone: String, Sendable, CaseIterable {
    case positive, negative, neutral, caution

    /// Which tone wins when a component's overall status is derived from its criteria.
    package var severity: Int {
        switch self {
        case .negative: 3
        case .caution: 2
        case .positive: 1
        case .neutral: 0
        }
    }
}

public struct ReadinessStatus: Sendable, Hashable {
    public var id: String
    public var label: String
    public var tone: Tone

    package init(id: String, label: String, tone: Tone) {
        self.id = id
        self.label = label
        self.tone = tone
    }
}

public struct Criterion: Sendable, Hashable {
    public var id: String
    public var name: String
    public var description: String?

    package init(id: String, name: String, description: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
    }
}

/// The statuses and criteria components are scored against (C1–C7 unless `catalog.yaml` says otherwise).
public struct ReadinessRubric: Sendable, Hashable {
    public var statuses: [ReadinessStatus]
    public var criteria: [Criterion]

    public func status(_ id: String) -> ReadinessStatus? { statuses.first { $0.id == id } }
    public func criterion(_ id: String) -> Criterion? { criteria.first { $0.id == id } }

    public static let builtIn = ReadinessRubric(
        statuses: [
            ReadinessStatus(id: "ready", label: "Ready", tone: .positive),
            ReadinessStatus(id: "requires-rework", label: "Requires Rework", tone: .negative),
            ReadinessStatus(id: "not-applicable", label: "Not Applicable", tone: .neutral),
            ReadinessStatus(id: "not-mapped", label: "Not Mapped", tone: .caution),
        ],
        criteria: [
            Criterion(id: "C1", name: "Layer Structure & Naming"),
            Criterion(id: "C2", name: "Variant & Property Naming"),
            Criterion(id: "C3", name: "Token Coverage"),
            Criterion(id: "C4", name: "Native Mappability"),
            Criterion(id: "C5", name: "Interaction State Coverage"),
            Criterion(id: "C6", name: "Asset & Icon Quality"),
            Criterion(id: "C7", name: "Code Connect Linkability"),
        ]
    )
}

/// `brand:` in catalog.yaml: what makes the site look like the team's, with no template copied.
/// Every part is optional.
/// `exports:` in catalog.yaml: the type `Tokens.swift` declares and the package `Tokens.kt` is in.
public struct ExportNames: Sendable, Hashable {
    public var swiftType = "CatalogTokens"
    public var kotlinPackage = "catalog.tokens"

    public init() {}
}

public struct SiteBrand: Sendable, Hashable {
    /// Files under the catalog's assets/ folder (`assets/logo.svg`).
    public var logo: Located<String>?
    /// The logo drawn in the dark scheme (`brand.logo: { light:, dark: }`); nil draws `logo` in both.
    public var darkLogo: Located<String>?
    public var favicon: Located<String>?
    /// A colour token for links, focus rings and current-page marks.
    public var accent: Located<String>?
    /// CSS font-family lists.
    public var bodyFont: Located<String>?
    public var codeFont: Located<String>?
    /// Font-family tokens named instead of a list (`brand.fonts.body: font/family/sans`).
    public var bodyFontToken: Located<String>?
    public var codeFontToken: Located<String>?
    public var footer: [FooterLink] = []

    public struct FooterLink: Sendable, Hashable {
        public var label: String
        /// As written: an absolute URL, or a path from the site root (`/guides/accessibility/`).
        public var href: Located<String>

        package init(label: String, href: Located<String>) {
            self.label = label
            self.href = href
        }
    }

    public init() {}

    public var isEmpty: Bool { self == SiteBrand() }
}
