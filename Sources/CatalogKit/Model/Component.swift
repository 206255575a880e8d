/// `components/<slug>/component.yaml` together with its `index.md`.
public struct Component: Sendable {
    public var slug: String
    public var name: Located<String>
    public var summary: Located<String>
    /// A rubric status id; when absent the status is derived from `readiness`.
    public var status: Located<String>?
    public var related: [Located<String>]
    public var properties: [Property]
    public var states: [ComponentState]
    public var variants: [VariantAxis]
    public var variantsLocation: SourceLocation?
    public var appearances: [Appearance]
    public var accessibility: [AccessibilityRequirement]
    public var readiness: [ReadinessEntry]
    public var demo: Demo?
    public var code: [CodeSnippet]
    public var prose: Prose?
    public var order: Int?
    public var draft: Bool
    /// `component.yaml`, line 1.
    public var location: SourceLocation
    /// A hash of the component's files: equal keys mean an equal component.
    public var inputKey: UInt64 = 0

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
