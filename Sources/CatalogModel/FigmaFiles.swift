import CatalogCore

/// catalog.yaml's `figma:`: the folders of what a team saved from Figma (its REST API's file and
/// variables responses, or a variables plugin's export, and optional renders), and how a
/// variable's name becomes a token's path.
public struct FigmaSettings: Sendable, Hashable {
    /// `files:` — `GET /v1/files/:key` (or `/nodes`) responses, `*.json`.
    public var files: Located<String>?
    /// `variables:` — `GET /v1/files/:key/variables/local` responses, or a plugin's export.
    public var variables: Located<String>?
    /// `renders:` — PNG or SVG images of component nodes (`GET /v1/images/:key`).
    public var renders: Located<String>?
    /// `token-names.separator`: what separates the groups of a variable's name (`/`).
    public var separator = "/"
    /// `token-names.strip-collection`: whether a variable's collection is left out of its token
    /// path (`true`, the default) or is its first group.
    public var stripCollection = true
    /// `color-distance`: how far (CIE76 ΔE) a variable's colour may be from its token's and still
    /// match; 1, what rounding to 8 bits a channel gives, unless written.
    public var colorDistance = 1.0
    public var location: SourceLocation?

    public init() {}

    /// The folder written for `role`.
    public func folder(_ role: FigmaFiles.Role) -> Located<String>? {
        switch role {
        case .files: files
        case .variables: variables
        case .renders: renders
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.files?.value == rhs.files?.value && lhs.variables?.value == rhs.variables?.value && lhs.renders?.value == rhs.renders?.value
            && lhs.separator == rhs.separator && lhs.stripCollection == rhs.stripCollection && lhs.colorDistance == rhs.colorDistance
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(files?.value)
        hasher.combine(variables?.value)
        hasher.combine(separator)
    }
}

/// The files `figma:` names, as read at the edge with the catalog: each folder's JSON files (and
/// images, for renders), keyed by their path inside the folder.
public struct FigmaFiles: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case files, variables, renders
    }

    public struct Folder: Sendable, Hashable {
        public var role: Role
        public var written: String
        /// As diagnostics show it (`content/figma/files`).
        public var display: String
        public var missing: Bool

        package init(role: Role, written: String, display: String, missing: Bool) {
            self.role = role
            self.written = written
            self.display = display
            self.missing = missing
        }
    }

    public var folders: [Folder] = []
    /// Role → path inside its folder → contents.
    public var files: [Role: [String: [UInt8]]] = [:]
    /// What was not read (too large, too many, outside the catalog's boundary), as sentences.
    public var skipped: [String] = []

    public init() {}

    public func folder(_ role: Role) -> Folder? { folders.first { $0.role == role } }

    /// A file as diagnostics show it.
    public func display(_ role: Role, _ path: String) -> String {
        (folder(role)?.display).map { $0.hasSuffix("/") ? $0 + path : $0 + "/" + path } ?? path
    }

    public var contentKey: UInt64 {
        var key = StableHash.Combiner()
        for folder in folders {
            key.add(folder.role.rawValue)
            key.add(folder.written)
            key.add(folder.missing)
        }
        for role in Role.allCases {
            key.add(role.rawValue)
            for (path, bytes) in (files[role] ?? [:]).sorted(by: { $0.key < $1.key }) {
                key.add(path)
                key.add(StableHash.value(bytes))
            }
        }
        return key.value
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.contentKey == rhs.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}
