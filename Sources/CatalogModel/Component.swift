import CatalogCore
import CatalogSyntax
/// `components/<slug>/component.yaml` together with its `index.md`.
///
/// A value type whose fields live in one shared box, copied only when a copy is changed: a
/// catalog's components are handed between the loader, the cache, the checks and the renderer,
/// and each holds dozens of strings and arrays, so copying them field by field dominated a
/// rebuild of a large catalog.
public struct Component: Sendable {
    /// The stored fields; `Component` exposes each one below.
    private struct Fields: Sendable {
        package var slug: String
        package var name: Located<String>
        package var summary: Located<String>
        package var status: Located<String>?
        package var related: [Located<String>]
        package var properties: [Property]
        package var states: [ComponentState]
        package var variants: [VariantAxis]
        package var variantsLocation: SourceLocation?
        package var appearances: [Appearance]
        package var accessibility: [AccessibilityRequirement]
        package var readiness: [ReadinessEntry]
        package var demo: Demo?
        package var group: Located<String>?
        package var ignores: [RuleIgnore] = []
        package var lifecycle: Located<Lifecycle>?
        package var replacement: Located<String>?
        package var implementation: Implementation?
        package var code: [CodeSnippet]
        package var prose: Prose?
        package var tabFiles: [ComponentTabFile] = []
        package var description: Located<String>?
        package var aliases: [Located<String>] = []
        package var changeNotes: [ChangeNote] = []
        package var webExamples: [WebExample] = []
        /// `conformance.tests:`: the manual results recorded for it.
        package var conformanceTests: [ConformanceTest] = []
        package var extra: FreeValue?
        package var declared: [DeclaredValue] = []
        package var order: Int?
        package var draft: Bool
        package var location: SourceLocation
        package var inputKey: UInt64 = 0
        package var contentKey: UInt64 = 0
    }

    private final class Box: @unchecked Sendable {
        // @unchecked: copy-on-write storage. It is changed only through `unique`, which copies a
        // box that is shared first, so a box seen by two threads is never written.
        package var fields: Fields
        package init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    public init(slug: String, name: Located<String>, summary: Located<String>, status: Located<String>?, related: [Located<String>], properties: [Property], states: [ComponentState], variants: [VariantAxis], variantsLocation: SourceLocation?, appearances: [Appearance], accessibility: [AccessibilityRequirement], readiness: [ReadinessEntry], demo: Demo?, code: [CodeSnippet], prose: Prose?, order: Int?, draft: Bool, location: SourceLocation) {
        box = Box(Fields(slug: slug, name: name, summary: summary, status: status, related: related, properties: properties, states: states, variants: variants, variantsLocation: variantsLocation, appearances: appearances, accessibility: accessibility, readiness: readiness, demo: demo, code: code, prose: prose, order: order, draft: draft, location: location))
    }

    /// The box, made unique first so a change is not seen by other copies.
    private var unique: Box {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            return box
        }
    }

    public var slug: String {
        _read { yield box.fields.slug }
        _modify { yield &unique.fields.slug }
    }
    public var name: Located<String> {
        _read { yield box.fields.name }
        _modify { yield &unique.fields.name }
    }
    public var summary: Located<String> {
        _read { yield box.fields.summary }
        _modify { yield &unique.fields.summary }
    }
    /// A rubric status id; when absent the status is derived from `readiness`.
    public var status: Located<String>? {
        _read { yield box.fields.status }
        _modify { yield &unique.fields.status }
    }
    public var related: [Located<String>] {
        _read { yield box.fields.related }
        _modify { yield &unique.fields.related }
    }
    public var implementation: Implementation? {
        _read { yield box.fields.implementation }
        _modify { yield &unique.fields.implementation }
    }
    public var properties: [Property] {
        _read { yield box.fields.properties }
        _modify { yield &unique.fields.properties }
    }
    public var states: [ComponentState] {
        _read { yield box.fields.states }
        _modify { yield &unique.fields.states }
    }
    public var variants: [VariantAxis] {
        _read { yield box.fields.variants }
        _modify { yield &unique.fields.variants }
    }
    public var variantsLocation: SourceLocation? {
        _read { yield box.fields.variantsLocation }
        _modify { yield &unique.fields.variantsLocation }
    }
    public var appearances: [Appearance] {
        _read { yield box.fields.appearances }
        _modify { yield &unique.fields.appearances }
    }
    public var accessibility: [AccessibilityRequirement] {
        _read { yield box.fields.accessibility }
        _modify { yield &unique.fields.accessibility }
    }
    public var readiness: [ReadinessEntry] {
        _read { yield box.fields.readiness }
        _modify { yield &unique.fields.readiness }
    }
    public var demo: Demo? {
        _read { yield box.fields.demo }
        _modify { yield &unique.fields.demo }
    }
    /// `group:`, the navigation group it is listed under.
    public var group: Located<String>? {
        _read { yield box.fields.group }
        _modify { yield &unique.fields.group }
    }
    /// `lifecycle:` (experimental, alpha, beta, stable, deprecated), nil when not stated.
    public var lifecycle: Located<Lifecycle>? {
        _read { yield box.fields.lifecycle }
        _modify { yield &unique.fields.lifecycle }
    }
    /// `replacement:`, the component to use instead of a deprecated one (a slug).
    public var replacement: Located<String>? {
        _read { yield box.fields.replacement }
        _modify { yield &unique.fields.replacement }
    }
    /// `ignore:`, the rules silenced for the component's files, with their reasons.
    public var ignores: [RuleIgnore] {
        _read { yield box.fields.ignores }
        _modify { yield &unique.fields.ignores }
    }
    public var code: [CodeSnippet] {
        _read { yield box.fields.code }
        _modify { yield &unique.fields.code }
    }
    public var prose: Prose? {
        _read { yield box.fields.prose }
        _modify { yield &unique.fields.prose }
    }
    /// The Markdown files beside index.md (`code.md`), each a tab of the component's pages, in
    /// file-name order; empty for a component of one page.
    public var tabFiles: [ComponentTabFile] {
        _read { yield box.fields.tabFiles }
        _modify { yield &unique.fields.tabFiles }
    }
    /// `description:` in index.md's front matter: what the page is described by where it is not
    /// open (its meta description, its card, search, llms.txt). Nil when not given.
    public var description: Located<String>? {
        _read { yield box.fields.description }
        _modify { yield &unique.fields.description }
    }
    /// `aliases:` (component.yaml or index.md's front matter): other names search finds the
    /// page by, as by its title (`badge` for Tag).
    public var aliases: [Located<String>] {
        _read { yield box.fields.aliases }
        _modify { yield &unique.fields.aliases }
    }
    /// `examples:`: the team's own markup, each shown in a frame with the team's web files.
    public var webExamples: [WebExample] {
        _read { yield box.fields.webExamples }
        _modify { yield &unique.fields.webExamples }
    }

    /// `conformance.tests:`: the manual results recorded for it (who, with what, which criteria).
    public var conformanceTests: [ConformanceTest] {
        _read { yield box.fields.conformanceTests }
        _modify { yield &unique.fields.conformanceTests }
    }
    /// component.yaml's declared fields (`ComponentFields.declared`) that are written, in the
    /// declarations' order.
    public var declared: [DeclaredValue] {
        _read { yield box.fields.declared }
        _modify { yield &unique.fields.declared }
    }

    /// The declared field `key`, when written.
    public func declared(_ key: String) -> DeclaredValue? {
        declared.first { $0.key == key }
    }

    /// `extra:` in component.yaml: the team's own data for its theme, any YAML value, never
    /// validated (front matter's `extra:` in index.md is the page's; `pageExtra` merges both).
    public var extra: FreeValue? {
        _read { yield box.fields.extra }
        _modify { yield &unique.fields.extra }
    }
    /// What the page's templates see as `extra`: component.yaml's `extra:` with index.md's front
    /// matter `extra:` over it (a key both name takes the front matter's value; when either is
    /// not a mapping, the front matter's wins).
    public var pageExtra: FreeValue? {
        switch (extra, prose?.extra) {
        case (.map(let model)?, .map(let page)?):
            let named = Set(page.map(\.key))
            return .map(model.filter { !named.contains($0.key) } + page)
        case (let model, nil): return model
        case (_, let page): return page
        }
    }
    /// `changes:`: notes written by hand about what a release did to the component.
    public var changeNotes: [ChangeNote] {
        _read { yield box.fields.changeNotes }
        _modify { yield &unique.fields.changeNotes }
    }
    /// The page's description where it is listed: `description:` when given, else `summary:`.
    public var listingSummary: String { description?.value ?? summary.value }
    public var order: Int? {
        _read { yield box.fields.order }
        _modify { yield &unique.fields.order }
    }
    public var draft: Bool {
        _read { yield box.fields.draft }
        _modify { yield &unique.fields.draft }
    }
    /// `component.yaml`, line 1.
    public var location: SourceLocation {
        _read { yield box.fields.location }
        _modify { yield &unique.fields.location }
    }
    /// A hash of the component's files by their paths inside the catalog, wherever the catalog
    /// is (`inputKey` also holds how the catalog folder is shown, which its locations carry):
    /// what a record kept beside the catalog (the audit's results) is keyed by.
    public var contentKey: UInt64 {
        _read { yield box.fields.contentKey }
        _modify { yield &unique.fields.contentKey }
    }
    /// A hash of the component's files: equal keys mean an equal component.
    public var inputKey: UInt64 {
        _read { yield box.fields.inputKey }
        _modify { yield &unique.fields.inputKey }
    }

    /// The page's output folder.
    public var pagePath: String { "components/\(slug)/" }

    /// The product of the variant axes' sizes (0 when there are none).
    public var variantCount: Int {
        variants.isEmpty ? 0 : variants.reduce(1) { $0 * $1.values.count }
    }
}

/// A platform name with the text written for it (`swiftui: "label: String"`).
public struct PlatformText: Sendable, Hashable {
    public var platform: String
    public var text: String
    /// Where the text is written (the code checks report a drifting mapping there); not part of
    /// its identity.
    public var location: SourceLocation?

    public init(platform: String, text: String, location: SourceLocation? = nil) {
        self.platform = platform
        self.text = text
        self.location = location
    }

    public static func == (lhs: PlatformText, rhs: PlatformText) -> Bool {
        lhs.platform == rhs.platform && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(platform)
        hasher.combine(text)
    }
}

/// component.yaml `implementation:`: the code that implements the component on each platform
/// (`swiftui: AcmeToggle`, `compose: AcmeToggle`), checked against the sources `code:` names.
public struct Implementation: Sendable {
    /// The SwiftUI view type.
    public var swiftui: Located<String>?
    /// The @Composable function.
    public var compose: Located<String>?
    public var location: SourceLocation

    package init(swiftui: Located<String>? = nil, compose: Located<String>? = nil, location: SourceLocation) {
        self.swiftui = swiftui
        self.compose = compose
        self.location = location
    }
}

public struct Property: Sendable {
    public var name: Located<String>
    public var type: String?
    public var required: Bool
    public var description: String?
    public var platforms: [PlatformText]

    package init(name: Located<String>, type: String? = nil, required: Bool, description: String? = nil, platforms: [PlatformText]) {
        self.name = name
        self.type = type
        self.required = required
        self.description = description
        self.platforms = platforms
    }
}

/// Where a component is in its life (component.yaml `lifecycle:`), a different thing from its
/// readiness; a deprecated one names its `replacement`.
public enum Lifecycle: String, Sendable, CaseIterable {
    // The JSON Schemas say these too (`FileFormats.lifecycles`, `ComponentSchema`); a test holds
    // them to this list.
    case experimental, alpha, beta, stable, deprecated

    /// As a badge says it: "Beta".
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

public enum Support: String, Sendable, CaseIterable {
    case yes, no, partial, notApplicable = "n/a"
}

public struct ComponentState: Sendable {
    public var name: Located<String>
    /// Per platform: `yes`, `no`, `partial` or `n/a`, with an optional note (`{ support:
    /// partial, note: VoiceOver only }`).
    public var support: [(platform: String, support: Support, note: String?)]
    public var figma: String?
    public var notes: String?

    package init(name: Located<String>, support: [(platform: String, support: Support, note: String?)], figma: String? = nil, notes: String? = nil) {
        self.name = name
        self.support = support
        self.figma = figma
        self.notes = notes
    }
}

public struct VariantAxis: Sendable {
    public var name: String
    public var values: [String]
    public var location: SourceLocation

    package init(name: String, values: [String], location: SourceLocation) {
        self.name = name
        self.values = values
        self.location = location
    }
}

/// A role in an appearance bound to a design token (`Track → toggle/color/default/active/bg-track`).
public struct TokenUse: Sendable {
    public var role: String
    /// The reference as written, with `/` or `.`.
    public var token: Located<String>

    package init(role: String, token: Located<String>) {
        self.role = role
        self.token = token
    }
}

public struct Appearance: Sendable {
    public var name: Located<String>
    public var description: String?
    /// Demo settings this look is shown with, live, beside its token table: the settings it
    /// wrote laid over the first demo example.
    public var example: DemoExample?
    /// Only the settings it wrote (what the check validates).
    public var exampleWritten: DemoExample?
    public var tokens: [TokenUse]
    /// Its own contrast pairs; nil when it takes its kind's.
    public var contrast: [DemoKind.ContrastSpec]?

    package init(name: Located<String>, description: String? = nil, example: DemoExample? = nil, exampleWritten: DemoExample? = nil, tokens: [TokenUse], contrast: [DemoKind.ContrastSpec]? = nil) {
        self.name = name
        self.description = description
        self.example = example
        self.exampleWritten = exampleWritten
        self.tokens = tokens
        self.contrast = contrast
    }
}

public struct AccessibilityRequirement: Sendable {
    /// Who meets a requirement: the component itself, a shared part (the theme, a token), or
    /// the product that uses the component.
    public enum Responsibility: String, Sendable, Hashable, CaseIterable {
        case component, shared, consumer
    }

    public var requirement: Located<String>
    public var platforms: [PlatformText]
    /// `criteria:`: the WCAG success criteria it serves (`2.5.8`).
    public var criteria: [Located<String>] = []
    /// `responsibility:` (component unless written).
    public var responsibility: Responsibility = .component

    package init(requirement: Located<String>, platforms: [PlatformText]) {
        self.requirement = requirement
        self.platforms = platforms
    }
}

public struct ReadinessEntry: Sendable {
    public var criterion: Located<String>
    public var status: Located<String>
    public var notes: String?

    package init(criterion: Located<String>, status: Located<String>, notes: String? = nil) {
        self.criterion = criterion
        self.status = status
        self.notes = notes
    }
}

public struct CodeSnippet: Sendable {
    /// The key under `code:` (`swiftui`, `compose`, …).
    public var language: String
    public var code: String

    package init(language: String, code: String) {
        self.language = language
        self.code = code
    }
}

/// Display names for the platform and language keys people write in lowercase.
public enum PlatformName {
    private static let known: [String: String] = [
        "figma": "Figma", "swiftui": "SwiftUI", "compose": "Compose", "ios": "iOS", "android": "Android",
        "web": "Web", "html": "HTML", "css": "CSS", "js": "JavaScript", "javascript": "JavaScript",
        "react": "React", "vue": "Vue", "uikit": "UIKit", "appkit": "AppKit", "kotlin": "Kotlin",
        "swift": "Swift", "xml": "XML", "flutter": "Flutter", "macos": "macOS", "ipados": "iPadOS",
        "watchos": "watchOS", "tvos": "tvOS", "visionos": "visionOS", "angular": "Angular", "svelte": "Svelte",
    ]

    public static func display(_ key: String) -> String {
        if let name = known[key.lowercased()] { return name }
        guard let first = key.first else { return key }
        return first.uppercased() + key.dropFirst()
    }
}
