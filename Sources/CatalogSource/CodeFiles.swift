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

    // MARK: Reading

    /// Reads the folders catalog.yaml names (`named`, relative to `catalogDirectory`) from
    /// `store` (the working tree or a revision), noting in `reads` each folder read, with the
    /// depth read, and each that is not there.
    package static func read(named: [(role: String, written: String)], catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> CodeFiles {
        var code = CodeFiles()
        for (role, written) in named {
            code.read(role: role, written: written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, store: store, reads: &reads)
        }
        code.skipped.sort { ($0.file, $0.reason) < ($1.file, $1.reason) }
        return code
    }

    /// Whether a path holds a control character (U+0000–U+001F, U+007F–U+009F).
    package static func hasControlCharacter(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Where a folder written under `code:` is: as written when absolute, else inside the catalog folder.
    public static func path(of written: String, catalogDirectory: String) -> String {
        written.hasPrefix("/") ? written : catalogDirectory + "/" + written
    }

    /// A path made absolute from the working folder, `.` and `..` folded.
    package static func absolute(_ path: String) -> String {
        normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// The path of `target` from the folder `from` (both absolute): `../web/app.js`.
    package static func relativePath(from: String, to target: String) -> String {
        let fromParts = from.split(separator: "/")
        let toParts = target.split(separator: "/")
        var common = 0
        while common < fromParts.count, common < toParts.count, fromParts[common] == toParts[common] { common += 1 }
        let parts = Array(repeating: "..", count: fromParts.count - common) + toParts[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Reads one folder and adds it, with its files.
    private mutating func read(role: String, written: String, catalogDirectory: String, displayRoot: String, store: some FileStore, reads: inout SourceReads) {
        // A path with a control character (a NUL cuts it short where the system reads it) names
        // no folder; the loader reports it at its line.
        guard !Self.hasControlCharacter(written) else { return }
        let limit = ReadLimit.code
        let absolute = Self.absolute(Self.path(of: written, catalogDirectory: catalogDirectory))
        var folder = Folder(role: role, written: written, display: Self.displayPath(root: displayRoot, written), missing: false, files: [])
        let (kind, resolved) = store.entry(absolute)
        guard kind == .folder else {
            folder.missing = true
            if kind.leadsOutside {
                skipped.append(Skipped(file: folder.display, reason: "is outside \(store.boundary), the folder the catalog is read from; code outside it is not read"))
            }
            folders.append(folder)
            reads.lookedFor(absolute, in: store)
            return
        }
        reads.read(folder: absolute, depth: limit.depth, in: store)
        let extensions = Self.extensions(for: role)
        var walk = store.walk(resolved, limit: limit, skip: Self.skippedFolders) { name in
            extensions.contains { name.hasSuffix($0) }
        }
        let display = folder.display
        func shown(_ relative: String) -> String { display.isEmpty ? relative : display + "/" + relative }
        // A file read already for another role is not read again.
        var known: [String] = []
        walk.files.removeAll { file in
            guard files[shown(file.relative)] != nil else { return false }
            known.append(shown(file.relative))
            return true
        }
        for (relative, bytes) in store.read(&walk) {
            files[shown(relative)] = bytes
            known.append(shown(relative))
        }
        for note in walk.notes { skipped.append(Skipped(file: shown(note.relative), reason: note.reason)) }
        folder.files = known.sorted()
        folders.append(folder)
    }

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

    /// Whether a platform's sources are named (its mappings are then checked).
    public func names(_ platform: String) -> Bool {
        switch platform {
        case "swiftui": !swiftui.isEmpty
        case "compose": !compose.isEmpty
        default: false
        }
    }
}
