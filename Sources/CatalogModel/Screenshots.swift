import CatalogCore

/// `screenshots:` in catalog.yaml: the folders of the PNG files each platform's snapshot tests
/// write, and how a file's name says its component, example or state, and token mode.
public struct ScreenshotSettings: Sendable, Hashable {
    /// Platform (`swiftui`, `compose`) → its folder, as written, in catalog.yaml's order.
    public var folders: [(platform: String, folder: Located<String>)] = []
    public var name = Located("{component}/{example}.{mode}.png", at: SourceLocation(file: "catalog.yaml"))
    /// The `{example}` word of an image that shows every state at once (a snapshot test that
    /// draws the whole state gallery in one image): `states` unless `gallery:` says otherwise.
    public var gallery = "states"
    public var location: SourceLocation?

    public init() {}

    public var platforms: [String] { folders.map(\.platform) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.folders.map { [$0.platform, $0.folder.value] } == rhs.folders.map { [$0.platform, $0.folder.value] } && lhs.name.value == rhs.name.value && lhs.gallery == rhs.gallery
    }

    public func hash(into hasher: inout Hasher) {
        for folder in folders { hasher.combine(folder.platform); hasher.combine(folder.folder.value) }
        hasher.combine(name.value)
        hasher.combine(gallery)
    }

    /// The keys a platform's support is written under in component.yaml (`compose` screenshots
    /// are `compose` or `android` support).
    public static func supportKeys(of platform: String) -> Set<String> {
        switch platform.lowercased() {
        case "swiftui", "uikit": [platform.lowercased(), "ios"]
        case "compose", "android-views": [platform.lowercased(), "android"]
        default: [platform.lowercased()]
        }
    }
}

/// The platform screenshots matched to the catalog: per component, per row (an example's or a
/// state's name in slug form), the files each platform has in each token mode; and the files
/// that match nothing, said so.
public struct ScreenshotIndex: Sendable, Hashable {
    public struct Shot: Sendable, Hashable {
        public var platform: String
        /// The file's path inside its platform's folder.
        public var path: String
        /// The token mode it shows (`dark`, `brand-lagoon.dark`); nil for the default.
        public var mode: String?
        public var bytes: [UInt8]
        /// The rows (keys) one image shows when it shows several (`default+pressed`, or the
        /// state gallery); empty for an image of one row.
        public var shows: [String] = []

        package init(platform: String, path: String, mode: String?, bytes: [UInt8], shows: [String] = []) {
            self.platform = platform
            self.path = path
            self.mode = mode
            self.bytes = bytes
            self.shows = shows
        }
    }

    /// Component slug → row key → the shots.
    public var shots: [String: [String: [Shot]]] = [:]
    /// Files that name no component, example, state or mode (display path, why).
    public var unmatched: [(file: String, reason: String)] = []
    /// Files named `.png` that are not PNG images (display paths).
    public var notPNG: [String] = []

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.shots == rhs.shots && lhs.unmatched.map { $0.file + $0.reason } == rhs.unmatched.map { $0.file + $0.reason } && lhs.notPNG == rhs.notPNG
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shots)
        for item in unmatched { hasher.combine(item.file); hasher.combine(item.reason) }
        hasher.combine(notPNG)
    }

    /// A title in the slug form file names use (`Disabled while selected` → `disabled-while-selected`).
    public static func key(_ title: String) -> String {
        let words = title.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return words.joined(separator: "-")
    }

    /// The rows a component's grid has: each demo example, then each state (key, title).
    public static func rows(of component: Component) -> [(key: String, title: String, isState: Bool)] {
        var rows: [(key: String, title: String, isState: Bool)] = []
        var seen = Set<String>()
        for (index, example) in (component.demo?.examples ?? []).enumerated() {
            let title = example.title?.value ?? "Example \(index + 1)"
            if seen.insert(key(title)).inserted { rows.append((key(title), title, false)) }
        }
        for state in component.states where seen.insert(key(state.name.value)).inserted {
            rows.append((key(state.name.value), state.name.value, true))
        }
        return rows
    }

    /// Whether `platform` (a screenshots folder's) is `n/a` for a row: a state whose support
    /// says so for it.
    public static func notApplicable(_ row: (key: String, title: String, isState: Bool), on platform: String, in component: Component) -> Bool {
        guard row.isState, let state = component.states.first(where: { key($0.name.value) == row.key }) else { return false }
        let keys = ScreenshotSettings.supportKeys(of: platform)
        return state.support.contains { keys.contains($0.platform.lowercased()) && $0.support == .notApplicable }
    }

    /// Whether a component is not made on `platform` at all: it has states and every one is
    /// `n/a` there (a web-only pagination on Compose).
    public static func notMade(_ component: Component, on platform: String) -> Bool {
        let states = rows(of: component).filter(\.isState)
        return !states.isEmpty && states.allSatisfy { notApplicable($0, on: platform, in: component) }
    }
}
