import Foundation
import CatalogCore
import CatalogSyntax

/// The source files catalog.yaml's `code:` names (SwiftUI and Compose implementations, and the
/// code that uses them), read at the edge with the catalog so the pipeline stays a function of
/// its input. Paths are shown as the catalog folder is (`content/../ios/Toggle.swift` becomes
/// `ios/Toggle.swift`), so a finding in code names a file the user can open.
public struct CodeFiles: Sendable, Hashable {
    /// One folder named under `code:`.
    public struct Folder: Sendable, Hashable {
        /// `swiftui`, `compose` or `usage`.
        public var role: String
        /// As written in catalog.yaml.
        public var written: String
        /// As shown in findings.
        public var display: String
        /// Not there, or not a folder (reported at its line in catalog.yaml).
        public var missing: Bool
        /// The source files read under it (display paths, sorted).
        public var files: [String]

        package init(role: String, written: String, display: String, missing: Bool, files: [String]) {
            self.role = role
            self.written = written
            self.display = display
            self.missing = missing
            self.files = files
        }
    }

    /// A file that was not read, and why (each becomes a note).
    public struct Skipped: Sendable, Hashable {
        public var file: String
        public var reason: String

        package init(file: String, reason: String) {
            self.file = file
            self.reason = reason
        }
    }

    public var folders: [Folder] = []
    /// Display path → contents.
    public var files: [String: [UInt8]] = [:]
    public var skipped: [Skipped] = []

    public init() {}

    public var isEmpty: Bool { folders.isEmpty }

    /// A hash of everything read: folders, files and what was skipped.
    public var contentKey: UInt64 {
        var key = StableHash.Combiner()
        for folder in folders {
            key.add(folder.role)
            key.add(folder.written)
            key.add(folder.missing ? "missing" : "present")
            for file in folder.files {
                key.add(file)
                key.add(StableHash.value(files[file] ?? []))
            }
        }
        for skip in skipped {
            key.add(skip.file)
            key.add(skip.reason)
        }
        return key.value
    }

    /// The file extensions read for a role.
    package static func extensions(for role: String) -> [String] {
        switch role {
        case "swiftui": [".swift"]
        case "compose": [".kt"]
        default: [".swift", ".kt"]
        }
    }

    /// Folders never read: build output, dependencies and version control.
    package static let skippedFolders: Set<String> = ["build", "node_modules", "DerivedData", "Pods", "Carthage"]

    // MARK: Paths

    /// `content` + `../ios/Sources` → `ios/Sources`: the folder as the user sees it from where
    /// they ran the tool.
    package static func displayPath(root: String, _ written: String) -> String {
        if written.hasPrefix("/") { return normalize(written) }
        let joined = root.isEmpty || root == "." ? written : root + "/" + written
        return normalize(joined)
    }

    /// A code file's path from the catalog folder (`../ios/Toggle.swift`), as the site shows it:
    /// the same wherever the build runs. `settingsFile` is catalog.yaml's display path.
    package static func relative(_ file: String, toCatalogAt settingsFile: String) -> String {
        let root = normalize(String(settingsFile.dropLast("catalog.yaml".count)))
        let target = normalize(file)
        guard root.hasPrefix("/") == target.hasPrefix("/") else { return target }
        let from = root == "." ? [] : root.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common], from[common] != ".." { common += 1 }
        // A root that climbs (`../catalog`) cannot be climbed out of by name: keep the path as shown.
        if from[common...].contains("..") { return target }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }

    /// Removes `.` and folds `..` lexically; keeps leading `..` of a relative path.
    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

/// catalog.yaml `code:`: where each platform's implementation lives, and the code that uses it.
public struct CodeSources: Sendable, Hashable {
    package static let roles = ["swiftui", "compose", "usage"]

    public var swiftui: [Located<String>] = []
    public var compose: [Located<String>] = []
    public var usage: [Located<String>] = []
    public var location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }

    /// The folders named for a role (`swiftui`, `compose`, `usage`).
    public func folders(_ role: String) -> [Located<String>] {
        switch role {
        case "swiftui": swiftui
        case "compose": compose
        case "usage": usage
        default: []
        }
    }

    /// Whether a platform's sources are named (its mappings are then checked).
    public func names(_ platform: String) -> Bool {
        switch platform {
        case "swiftui": !swiftui.isEmpty
        case "compose": !compose.isEmpty
        default: false
        }
    }
}
