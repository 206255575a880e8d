#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// Entries looked at and files read so far in the folder being read (see `maximumEntries`,
    /// `maximumFiles`): each folder `code:` names has its own, so one never uses up another's.
    private var entriesSeen = 0
    private var filesRead = 0

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

    /// Limits that keep a hostile or mistaken folder (a whole home directory) from stalling a build.
    package static let maximumFileBytes = 4 * 1024 * 1024
    package static let maximumFiles = 50_000
    package static let maximumDepth = 40
    /// Folder entries looked at in all, so a folder named by mistake (`/`, a home folder) ends
    /// soon with a note instead of walking the whole disk.
    package static let maximumEntries = 500_000
    /// Folders never read: build output, dependencies and version control.
    package static let skippedFolders: Set<String> = ["build", "node_modules", "DerivedData", "Pods", "Carthage"]

    // MARK: Reading from disk

    /// Reads the folders catalog.yaml names (`named`, relative to `catalogDirectory`), noting in
    /// `reads` each folder read and each that is not there.
    package static func read(named: [(role: String, written: String)], catalogDirectory: String, displayRoot: String, reads: inout SourceReads) -> CodeFiles {
        var code = CodeFiles()
        for (role, written) in named {
            code.readFromDisk(role: role, written: written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, reads: &reads)
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

    /// Reads one folder from disk and adds it, with its files.
    private mutating func readFromDisk(role: String, written: String, catalogDirectory: String, displayRoot: String, reads: inout SourceReads) {
        // A path with a control character (a NUL cuts it short where the system reads it) names
        // no folder; the loader reports it at its line.
        guard !Self.hasControlCharacter(written) else { return }
        entriesSeen = 0
        filesRead = 0
        let path = Self.path(of: written, catalogDirectory: catalogDirectory)
        var folder = Folder(role: role, written: written, display: Self.displayPath(root: displayRoot, written), missing: false, files: [])
        let absolute = Self.normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            folder.missing = true
            folders.append(folder)
            reads.lookedFor(absolute)
            return
        }
        reads.read(absolute)
        var found: [String] = []
        walk(path, display: folder.display, depth: 0, extensions: Self.extensions(for: role), into: &found)
        folder.files = found.sorted()
        folders.append(folder)
    }

    private mutating func walk(_ path: String, display: String, depth: Int, extensions: [String], into found: inout [String]) {
        guard depth <= Self.maximumDepth else {
            skipped.append(Skipped(file: display, reason: "is more than \(Self.maximumDepth) folders deep; the code below it is not read"))
            return
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            skipped.append(Skipped(file: display, reason: "could not be read (check its permissions)"))
            return
        }
        for name in entries.sorted() where !name.hasPrefix(".") && !Self.skippedFolders.contains(name) {
            entriesSeen += 1
            if entriesSeen > Self.maximumEntries {
                if entriesSeen == Self.maximumEntries + 1 {
                    skipped.append(Skipped(file: display, reason: "is not read past its first entries: the folder holds more than \(Self.maximumEntries) files and folders; name the folders of the sources themselves"))
                }
                return
            }
            let full = path + "/" + name
            let shown = display.isEmpty ? name : display + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(full, display: shown, depth: depth + 1, extensions: extensions, into: &found)
            case S_IFREG:
                guard extensions.contains(where: { name.hasSuffix($0) }) else { continue }
                if files[shown] != nil {
                    found.append(shown)  // read already for another role
                    continue
                }
                guard filesRead < Self.maximumFiles else {
                    if filesRead == Self.maximumFiles {
                        skipped.append(Skipped(file: shown, reason: "and the files after it are not read: the folder holds more than \(Self.maximumFiles) source files"))
                        filesRead += 1
                    }
                    continue
                }
                guard Int(info.st_size) <= Self.maximumFileBytes else {
                    skipped.append(Skipped(file: shown, reason: "is \(Int(info.st_size) / 1_048_576) MiB; source files over \(Self.maximumFileBytes / 1_048_576) MiB are not read"))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: full) else {
                    skipped.append(Skipped(file: shown, reason: "could not be read (check its permissions)"))
                    continue
                }
                files[shown] = [UInt8](data)
                filesRead += 1
                found.append(shown)
            default:
                continue  // links and special files are not followed
            }
        }
    }

    // MARK: Reading from a revision

    /// The same folders as `read`, as they were at a git revision: a folder inside the
    /// repository is read from the commit, one outside it from disk (it has no revisions).
    package static func read(named: [(role: String, written: String)], catalogDirectory: String, displayRoot: String,
                     gitFiles: (_ repositoryPath: String) -> [(path: String, bytes: [UInt8])]?, repositoryRoot: String, reads: inout SourceReads) -> CodeFiles {
        var code = CodeFiles()
        let root = RealPath.of(repositoryRoot) ?? repositoryRoot
        let catalog = RealPath.of(catalogDirectory) ?? catalogDirectory
        for (role, written) in named where !hasControlCharacter(written) {
            let absolute = normalize(path(of: written, catalogDirectory: catalog))
            let display = displayPath(root: displayRoot, written)
            var folder = Folder(role: role, written: written, display: display, missing: false, files: [])
            if absolute == root || absolute.hasPrefix(root + "/") {
                let inside = absolute == root ? "" : String(absolute.dropFirst(root.count + 1))
                guard let listed = gitFiles(inside), !listed.isEmpty else {
                    folder.missing = true
                    code.folders.append(folder)
                    continue
                }
                let exts = extensions(for: role)
                for entry in listed where exts.contains(where: { entry.path.hasSuffix($0) }) {
                    let relative = inside.isEmpty ? entry.path : String(entry.path.dropFirst(inside.count + 1))
                    guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") || skippedFolders.contains(String($0)) }) else { continue }
                    let shown = display.isEmpty ? relative : display + "/" + relative
                    code.files[shown] = entry.bytes
                    folder.files.append(shown)
                }
                folder.files.sort()
                code.folders.append(folder)
            } else {
                code.readFromDisk(role: role, written: written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, reads: &reads)
            }
        }
        code.skipped.sort { ($0.file, $0.reason) < ($1.file, $1.reason) }
        return code
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
