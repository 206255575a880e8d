#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import CatalogCore
import CatalogModel

/// What a path names in a `FileStore`, links followed.
package enum StoreEntry: Sendable, Hashable {
    case file(size: Int)
    case folder
    /// Nothing there.
    case missing
    /// A FIFO, socket, device or submodule: never read.
    case special
    /// Outside the store's boundary (the repository): nothing is read there.
    case outside
    /// A symbolic link that leads out of the boundary: never followed.
    case linkOutside
    /// A symbolic link that leads nowhere, or loops.
    case linkBroken

    /// Outside the boundary, or a link that leads there: refused, and said so.
    package var leadsOutside: Bool { self == .outside || self == .linkOutside }
}

/// Where every reader of the source layer finds its files: the working tree on disk
/// (`DiskStore`) or one commit of the repository (`RevisionStore`, git's object store read with
/// the `git` command). The catalog, its tokens, its theme, the team's `web:` files and the
/// modules they import, the `screenshots:` folders and the `code:` folders are all read through
/// one store, so a release is read whole from its tag and `diff` reads every input from the
/// revisions it compares. Paths are absolute and normalised; nothing outside `boundary` is read,
/// and a symbolic link is followed only when it stays inside it, the same rule on disk and in a
/// revision.
package protocol FileStore: Sendable {
    /// The folder nothing is read outside of (the repository holding the catalog, or the folder
    /// holding the catalog folder where there is no repository), as a real path.
    var boundary: String { get }
    /// Whether this store reads the working tree (whose reads `serve` watches).
    var isWorkingTree: Bool { get }
    /// What `path` is, and the path it resolves to (links followed).
    func entry(_ path: String) -> (kind: StoreEntry, resolved: String)
    /// The names in a folder (a resolved path), sorted byte-wise; nil when it cannot be listed.
    func names(in folder: String) -> [String]?
    /// The contents of the files at `paths` (resolved paths of regular files), or why each could
    /// not be read.
    func read(_ paths: [String]) -> [String: Result<[UInt8], CatalogReader.ReadProblem>]
}

extension FileStore {
    /// Whether `path` lies inside the boundary.
    package func contains(_ path: String) -> Bool {
        path == boundary || path.hasPrefix(boundary == "/" ? "/" : boundary + "/")
    }

    /// One file's bytes (nil when it is not a readable regular file inside the boundary).
    package func contents(_ path: String) -> [UInt8]? {
        let found = entry(path)
        guard case .file = found.kind else { return nil }
        return bytes(ofFile: found.resolved)
    }

    /// The bytes of a file already looked at (`resolved` as `entry` gave it); nil when unreadable.
    package func bytes(ofFile resolved: String) -> [UInt8]? {
        guard case .success(let bytes)? = read([resolved])[resolved] else { return nil }
        return bytes
    }

    /// Walks `folder` (a resolved path) to `limit.depth`, collecting the regular files `accept`
    /// takes, by their path relative to `folder`; folders named in `skip` and hidden entries are
    /// passed over. Every link is followed only inside the boundary; what is left out is said in
    /// `notes` (relative path, reason).
    package func walk(_ folder: String, limit: ReadLimit, skip: Set<String> = [], accept: (String) -> Bool) -> StoreWalk {
        var result = StoreWalk()
        var seen = Set<String>()
        func visit(_ path: String, relative: String, depth: Int) {
            guard seen.insert(path).inserted else {
                result.notes.append((relative, "leads back to a folder already read (a symbolic link loop); it is not read twice", .fileSymlinkLoop))
                return
            }
            guard let names = names(in: path) else {
                result.notes.append((relative, "could not be read (check its permissions)", .fileUnreadable))
                return
            }
            for name in names where !name.hasPrefix(".") {
                let shown = relative.isEmpty ? name : relative + "/" + name
                let (kind, resolved) = entry(path + "/" + name)
                switch kind {
                case .folder:
                    guard !skip.contains(name) else { continue }
                    guard depth < limit.depth else {
                        result.notes.append((shown, "is more than \(limit.depth) folders deep; what is below it is not read", .fileTooDeep))
                        continue
                    }
                    visit(resolved, relative: shown, depth: depth + 1)
                case .file(let size):
                    guard accept(name) else { continue }
                    guard result.files.count < limit.files else {
                        if !result.stoppedAtCount {
                            result.notes.append((shown, "and the files after it are not read: there are more than \(limit.files)", .fileTooMany))
                            result.stoppedAtCount = true
                        }
                        continue
                    }
                    guard size <= limit.fileBytes else {
                        result.notes.append((shown, "is \(GitRevision.megabytes(size)); files over \(GitRevision.megabytes(limit.fileBytes)) are not read", .fileTooLarge))
                        continue
                    }
                    guard result.totalBytes + size <= limit.totalBytes else {
                        result.notes.append((shown, "is not read: the files before it already hold \(GitRevision.megabytes(result.totalBytes)), the most read from one place", .fileTooLarge))
                        continue
                    }
                    result.totalBytes += size
                    result.files.append((shown, resolved, size))
                case .linkOutside:
                    result.notes.append((shown, "is a symbolic link to a place outside \(boundary); it is not followed", .fileSymlinkOutside))
                case .linkBroken:
                    result.notes.append((shown, "is a symbolic link that leads nowhere or loops; it is not read", .fileSymlinkBroken))
                case .missing:
                    // Listed, yet not found by its name: a name that is not UTF-8 (the store
                    // lists it under a readable stand-in), or one removed since.
                    result.notes.append((shown, "is listed but cannot be read by its name (a name that is not valid UTF-8?); rename it", .fileName))
                case .special, .outside:
                    continue
                }
            }
        }
        visit(folder, relative: "", depth: 0)
        return result
    }

    /// The files of a walk, read in one batch: relative path → bytes, with what could not be read
    /// added to the walk's notes.
    package func read(_ walk: inout StoreWalk) -> [String: [UInt8]] {
        let results = read(walk.files.map(\.resolved))
        var files: [String: [UInt8]] = [:]
        for file in walk.files {
            switch results[file.resolved] {
            case .success(let bytes)?: files[file.relative] = bytes
            case .failure(let problem)?: walk.notes.append((file.relative, problem.message, problem.rule))
            case nil: walk.notes.append((file.relative, "could not be read", .fileUnreadable))
            }
        }
        return files
    }
}

/// What `FileStore.walk` found.
package struct StoreWalk {
    package var files: [(relative: String, resolved: String, size: Int)] = []
    package var notes: [(relative: String, reason: String, rule: RuleID)] = []
    package var totalBytes = 0
    package var stoppedAtCount = false
}

/// The working tree.
package struct DiskStore: FileStore {
    package let boundary: String
    package var isWorkingTree: Bool { true }

    /// A store that reads nothing outside `boundary` (made a real path here).
    package init(boundary: String) {
        self.boundary = RealPath.of(boundary) ?? CodeFiles.normalize(boundary)
    }

    /// The store for a catalog folder: bounded by the repository holding it, or by the folder
    /// holding it where there is none.
    package init(forCatalog catalogDirectory: String) {
        self.init(boundary: Self.projectRoot(forCatalog: catalogDirectory))
    }

    /// The nearest folder above the catalog (or the catalog folder itself) holding `.git`; the
    /// catalog folder's parent when none does.
    package static func projectRoot(forCatalog catalogDirectory: String) -> String {
        let absolute = CodeFiles.absolute(catalogDirectory)
        let real = RealPath.of(absolute) ?? absolute
        var folder = real
        while true {
            if access(folder + "/.git", F_OK) == 0 { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        let parent = (real as NSString).deletingLastPathComponent
        return parent.isEmpty ? "/" : parent
    }

    package func entry(_ path: String) -> (kind: StoreEntry, resolved: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (.missing, path) }
        let isLink = (info.st_mode & S_IFMT) == S_IFLNK
        guard let real = RealPath.of(path) else { return (isLink ? .linkBroken : .missing, path) }
        // A link anywhere on the way that leads out is refused, whatever the path looks like.
        guard contains(real) else { return (isLink ? .linkOutside : .outside, real) }
        guard stat(real, &info) == 0 else { return (.missing, real) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return (.folder, real)
        case S_IFREG: return (.file(size: Int(info.st_size)), real)
        default: return (.special, real)
        }
    }

    package func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        // A name that is not UTF-8 cannot be part of a site: it is listed under a readable
        // stand-in, which names no file, so the walk reports it instead of passing over it.
        return names.sorted { $0.lexicographicallyPrecedes($1) }.map { String(validating: $0, as: UTF8.self) ?? TextSafety.describe(bytes: $0) }
    }

    package func read(_ paths: [String]) -> [String: Result<[UInt8], CatalogReader.ReadProblem>] {
        let results = Parallel.map(paths) { path in CatalogReader.readFile(path).map(\.bytes) }
        return Dictionary(zip(paths, results), uniquingKeysWith: { first, _ in first })
    }
}

/// One commit of the repository, read from git's object store with the `git` command: each
/// folder a reader walks is listed once, with everything below it (`ls-tree -r -t`), a single
/// path (and each folder on its way, to see a link there) only when asked for, and file contents
/// in batches (`cat-file --batch`). So a release of a catalog inside a large repository lists
/// the catalog and the folders catalog.yaml names, never the whole repository. No checkout, no
/// temporary work tree; the user's index and stash are never touched.
package final class RevisionStore: FileStore {
    package let boundary: String
    package var isWorkingTree: Bool { false }
    package let commit: String

    private struct Index {
        /// Repository-relative path → (mode, object id, size) of every entry listed so far.
        var entries: [String: (mode: String, sha: String, size: Int)] = [:]
        /// Folder → its names, for the folders listed whole.
        var children: [String: [String]] = [:]
        /// Paths looked up that the commit does not have.
        var absent: Set<String> = []
    }

    /// What is known of the commit so far (listings are made as readers ask).
    private let known = Mutex(Index())

    /// A store reading `commit` of the repository whose top folder is `root` (the commit is
    /// checked to exist).
    package init(commit: String, root: String) throws(GitRevision.Failure) {
        self.commit = commit
        boundary = RealPath.of(root) ?? root
        _ = try GitRevision.run(["cat-file", "-e", commit + "^{tree}"], in: root, input: nil, failure: "the commit \(commit) cannot be read in \(root)")
    }

    /// The repository-relative form of an absolute path inside the boundary.
    private func inside(_ path: String) -> String? {
        if path == boundary { return "" }
        let prefix = boundary == "/" ? "/" : boundary + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Makes sure each of `paths` is known (listed, or known absent): one `ls-tree` for all that
    /// are not.
    private func lookUp(_ paths: [String]) {
        let unknown = known.withLock { index in paths.filter { !$0.isEmpty && index.entries[$0] == nil && !index.absent.contains($0) } }
        guard !unknown.isEmpty, let listing = try? GitRevision.run(["ls-tree", "-z", "-l", "--full-tree", commit, "--"] + unknown, in: boundary, input: nil, failure: "") else { return }
        known.withLock { index in
            for (header, path) in GitRevision.entries(listing) { index.entries[path] = (String(header[0]), String(header[2]), Int(header[3]) ?? 0) }
            for path in unknown where index.entries[path] == nil { index.absent.insert(path) }
        }
    }

    /// Lists `folder` with everything below it, once.
    private func listWhole(_ folder: String) {
        guard known.withLock({ $0.children[folder] == nil }) else { return }
        let target = folder.isEmpty ? "." : folder + "/"
        let listing = (try? GitRevision.run(["ls-tree", "-r", "-t", "-z", "-l", "--full-tree", commit, "--", target], in: boundary, input: nil, failure: "")) ?? Data()
        known.withLock { index in
            var children: [String: Set<String>] = [folder: []]
            for (header, path) in GitRevision.entries(listing) {
                index.entries[path] = (String(header[0]), String(header[2]), Int(header[3]) ?? 0)
                let parent = (path as NSString).deletingLastPathComponent
                children[parent, default: []].insert((path as NSString).lastPathComponent)
                if header[1] == "tree" { children[path, default: []] = children[path] ?? [] }
            }
            for (name, names) in children where index.children[name] == nil {
                index.children[name] = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
        }
    }

    package func entry(_ path: String) -> (kind: StoreEntry, resolved: String) {
        let normalized = CodeFiles.normalize(path)
        guard var relative = inside(normalized) else { return (.outside, normalized) }
        // Each link on the way is replaced by its target, as the kernel would; 40 hops at most.
        var hops = 0
        var wasLink = false
        resolving: while true {
            let parts = relative.split(separator: "/").map(String.init)
            let prefixes = parts.indices.map { parts[0...$0].joined(separator: "/") }
            lookUp(prefixes)
            for (count, prefix) in prefixes.enumerated() {
                guard let blob = known.withLock({ $0.entries[prefix] }), blob.mode == "120000" else { continue }
                wasLink = true
                hops += 1
                guard hops <= 40, let target = GitRevision.blob(blob.sha, in: boundary).map({ String(decoding: $0, as: UTF8.self) }) else {
                    return (.linkBroken, normalized)
                }
                let parent = parts[0..<count].joined(separator: "/")
                let joined = target.hasPrefix("/") ? CodeFiles.normalize(target) : CodeFiles.normalize(boundary + "/" + (parent.isEmpty ? "" : parent + "/") + target)
                let rest = parts[(count + 1)...].joined(separator: "/")
                let full = rest.isEmpty ? joined : joined + "/" + rest
                guard let next = inside(full) else { return (.linkOutside, full) }
                relative = next
                continue resolving
            }
            break
        }
        let resolved = relative.isEmpty ? boundary : boundary + "/" + relative
        if relative.isEmpty { return (.folder, resolved) }
        guard let found = known.withLock({ $0.entries[relative] }) else { return (wasLink ? .linkBroken : .missing, resolved) }
        switch found.mode {
        case "040000": return (.folder, resolved)
        case "160000": return (.special, resolved)
        default: return (.file(size: found.size), resolved)
        }
    }

    package func names(in folder: String) -> [String]? {
        guard let relative = inside(folder) else { return nil }
        listWhole(relative)
        return known.withLock { $0.children[relative] }
    }

    package func read(_ paths: [String]) -> [String: Result<[UInt8], CatalogReader.ReadProblem>] {
        var wanted: [(path: String, sha: String)] = []
        var results: [String: Result<[UInt8], CatalogReader.ReadProblem>] = [:]
        lookUp(paths.compactMap(inside))
        for path in paths {
            guard let relative = inside(path), let blob = known.withLock({ $0.entries[relative] }), !["160000", "120000", "040000"].contains(blob.mode) else {
                results[path] = .failure(.init(rule: .fileUnreadable, message: "is not a file at \(commit.prefix(10))"))
                continue
            }
            wanted.append((path, blob.sha))
        }
        do {
            for (path, bytes) in try GitRevision.contents(of: wanted, in: boundary, failure: "could not read the files at \(commit)") {
                results[path] = .success(bytes)
            }
        } catch {
            for (path, _) in wanted where results[path] == nil { results[path] = .failure(.init(rule: .fileUnreadable, message: "could not be read from git (\(error))")) }
        }
        for (path, _) in wanted where results[path] == nil { results[path] = .failure(.init(rule: .fileUnreadable, message: "could not be read from git")) }
        return results
    }
}
