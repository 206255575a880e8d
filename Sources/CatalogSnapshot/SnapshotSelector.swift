import CatalogCore

/// What `snapshot --only` names: `SLUG` (a component), `SLUG/EXAMPLE` (one example or state:
/// its title, or its folder as the approved images are filed, `example-default`), and
/// `SLUG[/EXAMPLE]@IMAGE` (one image: its file name without `.png`, `390-dark-theme-dark`).
/// `--update --only` approves exactly what it names.
public struct SnapshotSelector: Sendable, Hashable, CustomStringConvertible {
    public var component: String
    public var subject: String?
    public var image: String?
    public let description: String

    /// Nil when the text is not of that shape.
    public init?(_ text: String) {
        description = text
        var rest = Substring(text)
        if let at = rest.firstIndex(of: "@") {
            image = String(rest[rest.index(after: at)...]).lowercased()
            rest = rest[..<at]
            if image?.hasSuffix(".png") == true { image = String(image!.dropLast(4)) }
            if image?.isEmpty ?? true { return nil }
        }
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty else { return nil }
        component = String(first)
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            subject = String(parts[1])
        }
    }

    /// Whether a shot (`switch/example-default/390-dark-theme-dark.png`) is one it names.
    public func matches(_ shot: SnapshotPlan.Shot) -> Bool { matches(file: shot.file) }

    /// Whether an approved file (`switch/example-default/390-dark.png`) is one it names.
    public func matches(file: String) -> Bool {
        let parts = file.split(separator: "/")
        guard parts.count == 3, parts[0] == component else { return false }
        if let subject {
            // The folder as filed (`example-default`), or the title (`Default` → `default`)
            // after its `example-`, `state-` or `web-`.
            let folder = String(parts[1])
            let wanted = SnapshotPlan.slug(subject, fallback: subject.lowercased())
            let named = ["example-", "state-", "web-"].contains { folder == $0 + wanted }
            guard folder == subject.lowercased() || named else { return false }
        }
        if let image {
            guard parts[2].dropLast(".png".count).lowercased() == image else { return false }
        }
        return true
    }
}
