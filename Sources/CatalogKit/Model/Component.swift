/// `components/<slug>/component.yaml` together with its `index.md`.
///
/// A value type whose fields live in one shared box, copied only when a copy is changed: a
/// catalog's components are handed between the loader, the cache, the checks and the renderer,
/// and each holds dozens of strings and arrays, so copying them field by field dominated a
/// rebuild of a large catalog.
public struct Component: Sendable {
    private final class Box: @unchecked Sendable {
        // Changed only through `fields`, which copies a box that is shared first.
        var slug: String
        var name: Located<String>
        var summary: Located<String>
        var status: Located<String>?
        var related: [Located<String>]
        var properties: [Property]
        var states: [ComponentState]
        var variants: [VariantAxis]
        var variantsLocation: SourceLocation?
        var appearances: [Appearance]
        var accessibility: [AccessibilityRequirement]
        var readiness: [ReadinessEntry]
        var demo: Demo?
        var code: [CodeSnippet]
        var prose: Prose?
        var order: Int?
        var draft: Bool
        var location: SourceLocation
        var inputKey: UInt64
        var facets: ComponentFacets?

        init(slug: String, name: Located<String>, summary: Located<String>, status: Located<String>?, related: [Located<String>], properties: [Property], states: [ComponentState], variants: [VariantAxis], variantsLocation: SourceLocation?, appearances: [Appearance], accessibility: [AccessibilityRequirement], readiness: [ReadinessEntry], demo: Demo?, code: [CodeSnippet], prose: Prose?, order: Int?, draft: Bool, location: SourceLocation) {
            self.slug = slug
            self.name = name
            self.summary = summary
            self.status = status
            self.related = related
            self.properties = properties
            self.states = states
            self.variants = variants
            self.variantsLocation = variantsLocation
            self.appearances = appearances
            self.accessibility = accessibility
            self.readiness = readiness
            self.demo = demo
            self.code = code
            self.prose = prose
            self.order = order
            self.draft = draft
            self.location = location
            self.inputKey = 0
            self.facets = nil
        }

        func copy() -> Box {
            let box = Box(slug: slug, name: name, summary: summary, status: status, related: related, properties: properties, states: states, variants: variants, variantsLocation: variantsLocation, appearances: appearances, accessibility: accessibility, readiness: readiness, demo: demo, code: code, prose: prose, order: order, draft: draft, location: location)
            box.inputKey = inputKey
            box.facets = facets
            return box
        }
    }

    private var box: Box

    public init(slug: String, name: Located<String>, summary: Located<String>, status: Located<String>?, related: [Located<String>], properties: [Property], states: [ComponentState], variants: [VariantAxis], variantsLocation: SourceLocation?, appearances: [Appearance], accessibility: [AccessibilityRequirement], readiness: [ReadinessEntry], demo: Demo?, code: [CodeSnippet], prose: Prose?, order: Int?, draft: Bool, location: SourceLocation) {
        box = Box(slug: slug, name: name, summary: summary, status: status, related: related, properties: properties, states: states, variants: variants, variantsLocation: variantsLocation, appearances: appearances, accessibility: accessibility, readiness: readiness, demo: demo, code: code, prose: prose, order: order, draft: draft, location: location)
    }

    /// The box, made unique first so a change is not seen by other copies.
    private var fields: Box {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            return box
        }
    }

    public var slug: String {
        get { box.slug }
        _modify { yield &fields.slug }
        set { fields.slug = newValue }
    }
    public var name: Located<String> {
        get { box.name }
        _modify { yield &fields.name }
        set { fields.name = newValue }
    }
    public var summary: Located<String> {
        get { box.summary }
        _modify { yield &fields.summary }
        set { fields.summary = newValue }
    }
    /// A rubric status id; when absent the status is derived from `readiness`.
    public var status: Located<String>? {
        get { box.status }
        _modify { yield &fields.status }
        set { fields.status = newValue }
    }
    public var related: [Located<String>] {
        get { box.related }
        _modify { yield &fields.related }
        set { fields.related = newValue }
    }
    public var properties: [Property] {
        get { box.properties }
        _modify { yield &fields.properties }
        set { fields.properties = newValue }
    }
    public var states: [ComponentState] {
        get { box.states }
        _modify { yield &fields.states }
        set { fields.states = newValue }
    }
    public var variants: [VariantAxis] {
        get { box.variants }
        _modify { yield &fields.variants }
        set { fields.variants = newValue }
    }
    public var variantsLocation: SourceLocation? {
        get { box.variantsLocation }
        _modify { yield &fields.variantsLocation }
        set { fields.variantsLocation = newValue }
    }
    public var appearances: [Appearance] {
        get { box.appearances }
        _modify { yield &fields.appearances }
        set { fields.appearances = newValue }
    }
    public var accessibility: [AccessibilityRequirement] {
        get { box.accessibility }
        _modify { yield &fields.accessibility }
        set { fields.accessibility = newValue }
    }
    public var readiness: [ReadinessEntry] {
        get { box.readiness }
        _modify { yield &fields.readiness }
        set { fields.readiness = newValue }
    }
    public var demo: Demo? {
        get { box.demo }
        _modify { yield &fields.demo }
        set { fields.demo = newValue }
    }
    public var code: [CodeSnippet] {
        get { box.code }
        _modify { yield &fields.code }
        set { fields.code = newValue }
    }
    public var prose: Prose? {
        get { box.prose }
        _modify { yield &fields.prose }
        set { fields.prose = newValue }
    }
    public var order: Int? {
        get { box.order }
        _modify { yield &fields.order }
        set { fields.order = newValue }
    }
    public var draft: Bool {
        get { box.draft }
        _modify { yield &fields.draft }
        set { fields.draft = newValue }
    }
    /// `component.yaml`, line 1.
    public var location: SourceLocation {
        get { box.location }
        _modify { yield &fields.location }
        set { fields.location = newValue }
    }
    /// A hash of the component's files: equal keys mean an equal component.
    public var inputKey: UInt64 {
        get { box.inputKey }
        _modify { yield &fields.inputKey }
        set { fields.inputKey = newValue }
    }
    /// Hashes of what the catalog-wide pages show of it, worked out by the loader once per load
    /// (nil for a component made in code: then they are worked out when needed).
    public var facets: ComponentFacets? {
        get { box.facets }
        _modify { yield &fields.facets }
        set { fields.facets = newValue }
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
}

public struct Property: Sendable {
    public var name: Located<String>
    public var type: String?
    public var required: Bool
    public var description: String?
    public var platforms: [PlatformText]
}

public enum Support: String, Sendable, CaseIterable {
    case yes, no, notApplicable = "n/a"
}

public struct ComponentState: Sendable {
    public var name: Located<String>
    public var support: [(platform: String, support: Support)]
    public var figma: String?
    public var notes: String?
}

public struct VariantAxis: Sendable {
    public var name: String
    public var values: [String]
    public var location: SourceLocation
}

/// A role in an appearance bound to a design token (`Track → toggle/color/default/active/bg-track`).
public struct TokenUse: Sendable {
    public var role: String
    /// The reference as written, with `/` or `.`.
    public var token: Located<String>
}

public struct Appearance: Sendable {
    public var name: Located<String>
    public var description: String?
    /// Demo settings this look is shown with, live, beside its token table.
    public var example: DemoExample?
    public var tokens: [TokenUse]
}

public struct AccessibilityRequirement: Sendable {
    public var requirement: Located<String>
    public var platforms: [PlatformText]
}

public struct ReadinessEntry: Sendable {
    public var criterion: Located<String>
    public var status: Located<String>
    public var notes: String?
}

public struct CodeSnippet: Sendable {
    /// The key under `code:` (`swiftui`, `compose`, …).
    public var language: String
    public var code: String
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
