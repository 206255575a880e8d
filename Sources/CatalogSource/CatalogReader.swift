import Foundation
import CatalogCore
import CatalogModel

/// Reads a catalog folder from disk into a `SourceTree`: the one place Load touches the disk.
///
/// It looks at `catalog.yaml` and descends only into `tokens/`, `components/` and `guides/`.
/// Nothing there is skipped without a word: a file that is not a regular file (a FIFO, a
/// socket, a device), a symbolic link that leads nowhere, loops or leaves the catalog, a
/// folder where a file is expected, a name that is not UTF-8, a file too large to be part of a
/// site: each is a diagnostic at its path. Hidden entries (`.git`, editor swap files) are
/// skipped, as every site generator does.
public enum CatalogReader {
    public enum Failure: Error, CustomStringConvertible {
        case notADirectory(String)

        public var description: String {
            switch self {
            case .notADirectory(let path): "the catalog folder '\(TextSafety.escaped(path))' does not exist or is not a folder; pass one with --source"
            }
        }
    }

    /// Folders below the catalog root the reader goes into at most (`components/x/images/a.png` is 3).
    public static let maximumDepth = ReadLimit.catalog.depth
    /// Entries (files and folders) it looks at, at most.
    public static let maximumEntries = ReadLimit.catalog.files
    /// The largest file it reads (a video the prose links to, say).
    public static let maximumFileBytes = ReadLimit.catalog.fileBytes

    /// The folders of a catalog; anything else at the top is not the tool's business.
    package static let folders: Set<String> = ["tokens", "components", "guides", "assets"]

    /// Files the loader reads as part of the catalog: catalog.yaml, the token files, and
    /// everything in a component's folder or under guides/ (pages, models, and the images,
    /// videos and downloads the prose links to).
    package static func isCatalogFile(_ path: String) -> Bool {
        if path == "catalog.yaml" || CatalogPaths.isTokenFile(path) || CatalogPaths.isResolverFile(path) { return true }
        // components/<slug>/<file…> and guides/<file…>, with no empty part (no `//`, no trailing `/`).
        var parts = 1
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if previous == byte { return false }
                parts += 1
            }
            previous = byte
        }
        guard previous != UInt8(ascii: "/") else { return false }
        if path.hasPrefix("components/") { return parts >= 3 }
        if path.hasPrefix("guides/") { return parts >= 2 }
        // The site's own files (`brand:`'s logo and favicon, and anything else to publish).
        if path.hasPrefix("assets/") { return parts >= 2 }
        return false
    }

    /// Files whose loss would lose a page or the model: a problem with one is an error; with
    /// any other file (an image, a download) a warning.
    package static func isEssential(_ path: String) -> Bool {
        if path == "catalog.yaml" || CatalogPaths.isTokenFile(path) || CatalogPaths.isResolverFile(path) { return true }
        // Every other essential file's last part is a page or a model (the walk asks this of
        // every folder, so most paths stop here without being split).
        guard path.utf8.last == UInt8(ascii: "/") || path.hasSuffix(".md") || path.hasSuffix("component.yaml") else { return false }
        let parts = path.split(separator: "/")
        if parts.first == "components", parts.count == 3 { return parts[2] == "index.md" || parts[2] == "component.yaml" }
        if parts.first == "guides", parts.count == 2 { return parts[1].hasSuffix(".md") }
        // A section's page or its index.md: guides/<section>/<page>.md.
        if parts.first == "guides", parts.count == 3 { return parts[2].hasSuffix(".md") }
        return false
    }

    /// Reads `directory`; diagnostics show paths under `displayRoot` (default: the folder as given).
    ///
    /// `build`, `check` and `serve` all read through here, so they see the same files with the
    /// same limits and the same problems. `serve` passes the tree it read last as `previous`: the
    /// whole folder is walked again (a walk only lists folders and looks at each entry), and a
    /// file is read again only when its stamp changed or it is among `reread` (the paths the
    /// watcher reported). The new tree starts from the previous one's tables, so an unchanged
    /// file costs one lookup; the files the walk did not meet again are dropped at the end.
    /// Whatever happened on disk — a folder swapped for a link, a file made unreadable, a link
    /// whose target changed — the result is what a fresh read would give.
    ///
    /// It also reads what catalog.yaml names beside the catalog: the code folders under `code:`
    /// and the theme (looked for along `themeSearchPath`, by default the catalog's own), and
    /// records in `SourceTree.reads` every folder it read and every place it found nothing.
    public static func read(_ directory: String, displayRoot: String? = nil, previous: SourceTree? = nil, reread: Set<String> = [],
                            themeSearchPath: [String]? = nil) throws -> SourceTree {
        try read(directory, displayRoot: displayRoot, previous: previous, reread: reread, themeSearchPath: themeSearchPath, inParts: true)
    }

    /// The same; `inParts: false` walks every folder one name at a time (to compare with).
    package static func read(_ directory: String, displayRoot: String? = nil, previous: SourceTree? = nil, reread: Set<String> = [],
                             themeSearchPath: [String]? = nil, inParts: Bool) throws -> SourceTree {
        let (info, root) = try folder(directory)
        let display = displayRoot ?? (directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory)
        var walk = Walk(root: root, tree: SourceTree(displayRoot: display, files: [:]))
        walk.isPart = !inParts
        walk.previous = previous.flatMap { $0.displayRoot == display ? $0 : nil }
        if let previous = walk.previous, previous.isStamped {
            walk.tree.carryFiles(of: previous)
            walk.carried = true
        }
        walk.reread = reread
        walk.visited.insert(FileIdentity(info))
        walk.folder("", depth: 0)
        walk.readFound()
        walk.dropFilesNotMet()
        var tree = walk.tree
        tree.reads.read(folder: root, depth: ReadLimit.catalog.depth)
        tree.readNamed(catalogDirectory: directory, store: DiskStore(forCatalog: directory), themeSearchPath: themeSearchPath ?? ThemeReader.searchPath(forCatalog: directory))
        return tree
    }

    /// `serve`'s read after a save, when its watcher reported every change below the catalog
    /// folder: `changed` holds the catalog-relative paths it saw change, and nothing else in the
    /// catalog changed. When each of them is a file `previous` read and is still a regular file,
    /// only those files are read again and the walk is skipped (at 1,000 components the walk,
    /// a `stat` of every entry, took about 19 ms of a 93 ms rebuild). What catalog.yaml names
    /// (code, web files, screenshots, Figma, the theme) is read again when catalog.yaml changed
    /// or a change — in the catalog or `elsewhere` (the absolute paths the watcher reported
    /// outside it) — touches what that reading touched; otherwise it is taken from `previous`
    /// (the theme's files alone took about 4 ms to read again). nil when
    /// anything else may have happened — a file added, removed or turned into something else,
    /// one that cannot be read now, a catalog that reaches files through a symbolic link (whose
    /// changes show under the target's name), more changes than a walk costs, a previous tree
    /// with no files (the folder was gone) — and the caller reads the whole folder. What this
    /// gives is then what a fresh read gives.
    public static func read(_ directory: String, changed: Set<String>, elsewhere: Set<String> = [], previous: SourceTree,
                            displayRoot: String? = nil, themeSearchPath: [String]? = nil) throws -> SourceTree? {
        let (_, root) = try folder(directory)
        let display = displayRoot ?? (directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory)
        guard previous.displayRoot == display, previous.isStamped, !previous.files.isEmpty, !previous.metLinks, changed.count <= maximumChangedInPlace else { return nil }
        // The previous tree as it is (its files, stamps and problems, and what catalog.yaml named),
        // with the changed files' bytes put in.
        var tree = previous
        for relative in changed.sorted() {
            var info = stat()
            guard previous.files[relative] != nil, lstat(root + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  case .success(let read) = readFile(root + "/" + relative) else { return nil }
            tree.set(relative, read.bytes, hash: StableHash.value(read.bytes), stamp: read.stamp)
        }
        tree.reads = SourceReads()
        tree.reads.read(folder: root, depth: ReadLimit.catalog.depth)
        if changed.contains("catalog.yaml") || previous.namedReads.touches(any: elsewhere.union(changed.map { root + "/" + $0 })) {
            tree.readNamed(catalogDirectory: directory, store: DiskStore(forCatalog: directory), themeSearchPath: themeSearchPath ?? ThemeReader.searchPath(forCatalog: directory))
        } else {
            tree.reads.add(previous.namedReads)
        }
        return tree
    }

    /// The most changed files `read(_:changed:elsewhere:previous:)` reads one by one; more (a branch
    /// switched, a folder replaced) and the whole folder is walked, as cheap and certain.
    package static let maximumChangedInPlace = 64

    /// Throws what `read` throws when `directory` is not a folder, without reading it.
    public static func checkFolder(_ directory: String) throws {
        _ = try folder(directory)
    }

    /// The folder's own stat and its real path.
    private static func folder(_ directory: String) throws -> (stat, String) {
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let root = RealPath.of(directory) else {
            throw Failure.notADirectory(directory)
        }
        return (info, root)
    }

    /// The same file reached twice (through a link to a folder above it, say).
    package struct FileIdentity: Hashable {
        package var device: UInt64
        package var inode: UInt64

        package init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// One pass over the folder: what it found so far.
    package struct Walk: Sendable {
        package let root: String
        package var tree: SourceTree
        package var visited: Set<FileIdentity> = []
        package var entries = 0
        package var stopped = false
        /// The catalog files the walk found, read when it is done (on all cores). Each keeps the
        /// place its read problem would have had among the walk's problems.
        package var found: [(relative: String, full: String, problemIndex: Int)] = []
        /// The tree of an earlier read of the same folder, whose unchanged files are reused.
        package var previous: SourceTree?
        /// Catalog-relative paths read again whatever their stamp says.
        package var reread: Set<String> = [] {
            didSet { rereadFew = reread.count <= 8 ? Array(reread) : nil }
        }
        /// The same, when there are few: compared one by one, which costs less than hashing every
        /// path the walk meets.
        package var rereadFew: [String]? = []
        /// Whether the tree started from `previous`'s tables (every file of it stamped): an
        /// unchanged file is then only counted, and the files the walk did not meet again are
        /// dropped at the end (`dropFilesNotMet`).
        package var carried = false
        /// With `carried`: the paths of the previous tree met again, unchanged or read again.
        package var met: [String] = []

        private func isReread(_ relative: String) -> Bool {
            if let rereadFew { return rereadFew.contains(relative) }
            return reread.contains(relative)
        }

        /// With `carried`: drops from the tree the previous files the walk did not meet again (gone,
        /// now a folder, a twin, a link out, left past the limit…), so the tree is what a fresh
        /// read gives. When every previous file was met, nothing is looked up.
        package mutating func dropFilesNotMet() {
            guard carried, let previous, met.count < previous.files.count else { return }
            let alive = Set(met)
            for path in previous.files.keys where !alive.contains(path) { tree.set(path, nil, hash: nil) }
        }

        package mutating func problem(_ relative: String, _ rule: RuleID, _ message: String) {
            tree.problems.append(diagnostic(relative, rule, message))
        }

        package func diagnostic(_ relative: String, _ rule: RuleID, _ message: String) -> Diagnostic {
            let location = tree.location(relative)
            return isEssential(relative) ? .error(rule, message, at: location) : .warning(rule, message, at: location)
        }

        /// Reads the files found, each with its content hash, and puts them (or what kept one
        /// from being read, in walk order) into the tree.
        package mutating func readFound() {
            let results = Parallel.map(found) { file in
                readFile(file.full).map { read in (read.bytes, StableHash.value(read.bytes), read.stamp) }
            }
            // Last first, so each problem goes in at the index it was found at.
            for (file, result) in zip(found, results).reversed() {
                switch result {
                case .success(let (bytes, hash, stamp)):
                    if carried, previous?.files[file.relative] != nil { met.append(file.relative) }
                    tree.set(file.relative, bytes, hash: hash, stamp: stamp)
                case .failure(let reason):
                    // With `carried`, a file that was in the tree and is not met is dropped at the end.
                    tree.problems.insert(diagnostic(file.relative, reason.rule, "'\(file.relative)' \(reason.message)"), at: file.problemIndex)
                }
            }
            found = []
        }

        /// Lists a folder (catalog-relative; "" is the root) and handles each entry in it.
        /// A folder below the root is opened by `name` in its open parent folder `parent`, so the
        /// system looks up one name, not the whole path again.
        package mutating func folder(_ relative: String, depth: Int, in parent: Int32? = nil, name: String? = nil) {
            let opened: OpaquePointer?
            if let parent, let name {
                let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                opened = descriptor < 0 ? nil : fdopendir(descriptor)
                if opened == nil, descriptor >= 0 {
                    let reason = errno
                    close(descriptor)
                    errno = reason
                }
            } else {
                opened = opendir(relative.isEmpty ? root : root + "/" + relative)
            }
            guard let directory = opened else {
                if !relative.isEmpty {
                    tree.problems.append(.error(.fileUnreadable, "the folder '\(relative)' could not be read (\(String(cString: strerror(errno)))); check its permissions", at: tree.location(relative)))
                }
                return
            }
            // Kept open while its entries are looked at: each is `fstatat` in it, by name.
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            var names: [[UInt8]] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 })
                }
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                names.append(name)
            }
            let sorted = names.sorted(by: { $0.lexicographicallyPrecedes($1) })
            if sorted.count >= Self.splitAt, !relative.isEmpty, canSplit,
               splitWalk(sorted, in: relative, depth: depth, descriptor: descriptor) { return }
            // Each name met in this folder, by its lower-case form: Swift compares strings by
            // canonical equivalence, so `café` written precomposed and with a combining accent are
            // one key, as are names that differ only in case. Two paths can only be such twins
            // if their folders are the same folder: a folder that is the twin of one met before
            // is not walked.
            var seen: [String: String] = [:]
            for nameBytes in sorted where !stopped {
                switch item(nameBytes, in: relative, seen: &seen) {
                case nil: continue
                case .problem(let diagnostic): tree.problems.append(diagnostic)
                case .stop(let diagnostic):
                    tree.problems.append(diagnostic)
                    stopped = true
                    return
                case .entry(let path, let name): entry(path, depth: depth, in: descriptor, name: name)
                }
            }
        }

        /// What one name of a folder comes to: nothing (a name outside what the catalog reads),
        /// a problem with the name, or an entry to look at. Each entry counts against the limit;
        /// the first past it is `.stop`.
        private enum Item: Sendable {
            case problem(Diagnostic)
            case stop(Diagnostic)
            case entry(path: String, name: String)
        }

        private mutating func item(_ nameBytes: [UInt8], in relative: String, seen: inout [String: String]) -> Item? {
            guard nameBytes.first != 0x2E else { return nil }
            let inReadArea = !relative.isEmpty
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                let shown = (relative.isEmpty ? "" : relative + "/") + TextSafety.describe(bytes: nameBytes)
                if inReadArea || ["catalog.yaml", "tokens", "components", "guides", "assets"].contains(where: { $0.utf8.count == nameBytes.count }) {
                    return .problem(.error(.fileName, "the name '\(shown)' is not valid UTF-8, so it cannot become part of a site; rename it", at: tree.location(shown)))
                }
                return nil
            }
            if relative.isEmpty, name != "catalog.yaml", !CatalogReader.folders.contains(name) { return nil }
            if TextSafety.needsEscaping(name) {
                let shown = (relative.isEmpty ? "" : relative + "/") + name
                return .problem(.error(.fileName, "the name '\(shown)' contains a control character (a line break, a tab or an escape), so it cannot become part of a site; rename it", at: tree.location(shown)))
            }
            entries += 1
            if entries > CatalogReader.maximumEntries {
                return .stop(.error(.fileTooMany, "the catalog folder holds more than \(CatalogReader.maximumEntries) files and folders; the rest were not read. Move what is not part of the catalog elsewhere", at: tree.location(relative.isEmpty ? "catalog.yaml" : relative)))
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            // Two names that differ only in case or Unicode normalisation would be one file
            // on a case-insensitive or normalising file system (where sites are often served
            // from) and one key in the site: the second is an error, never merged in silence.
            let folded = name.lowercased()
            if let twinName = seen[folded] {
                let twin = relative.isEmpty ? twinName : relative + "/" + twinName
                let how = twinName.utf8.elementsEqual(name.utf8) ? "" : twinName.lowercased().utf8.elementsEqual(folded.utf8) ? " only in letter case" : " only in how accented letters are encoded (Unicode normalisation) or in case"
                return .problem(.error(.fileName, "'\(path)' and '\(twin)' differ\(how), so a site served from a case-insensitive or normalising file system would have one file for both; rename one", at: tree.location(path)))
            }
            seen[folded] = name
            return .entry(path: path, name: name)
        }

        /// A folder of at least this many names (the components folder of a large catalog) is
        /// walked on all cores.
        package static let splitAt = 64

        /// Whether a folder may be walked in parts: not inside a part, and only when the walk
        /// never copies a previous file into the tree (it starts empty or from the previous
        /// tree's tables), so a part's only effects are problems, files found and files met.
        private var canSplit: Bool {
            !isPart && (previous == nil || carried) && ProcessInfo.processInfo.activeProcessorCount > 1
        }

        /// Whether this walk is a part of a folder walked on all cores (a part walks its own
        /// folders one name at a time).
        package var isPart = false

        /// Walks the entries of one large folder in as many parts as there are cores, each part a
        /// walk of its own over a run of the names, and puts their problems, files found and
        /// files met together in name order: exactly what walking the names one by one gives.
        /// When the parts could disagree with that — the catalog is near its entry limit, or two
        /// parts (or a part and the folders above) reached one folder, which only a symbolic link
        /// or a mount can do and which one by one is a loop reported where it is met second —
        /// nothing is kept and the folder is walked one name at a time (false).
        private mutating func splitWalk(_ names: [[UInt8]], in relative: String, depth: Int, descriptor: Int32) -> Bool {
            let before = entries
            var seen: [String: String] = [:]
            var items: [Item] = []
            for nameBytes in names {
                switch item(nameBytes, in: relative, seen: &seen) {
                case nil: continue
                case .stop:
                    entries = before
                    return false
                case .some(let made): items.append(made)
                }
            }
            // Names that are all hidden (or all outside what is read) leave nothing to walk.
            guard !items.isEmpty else { return true }
            let counted = entries
            let parts = min(ProcessInfo.processInfo.activeProcessorCount, 8)
            let size = (items.count + parts - 1) / parts
            var start = self
            start.isPart = true
            start.tree = SourceTree(displayRoot: tree.displayRoot, files: [:])
            start.found = []
            start.met = []
            let template = start
            let runs = stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
            let walked = Parallel.map(runs) { run in
                var part = template
                for item in run where !part.stopped {
                    switch item {
                    case .problem(let diagnostic): part.tree.problems.append(diagnostic)
                    case .stop: break // never listed: the split is given up at the first
                    case .entry(let path, let name): part.entry(path, depth: depth, in: descriptor, name: name)
                    }
                }
                return part
            }
            // The entries the parts met below the folder, and whether any folder was met twice.
            var total = counted
            var visitedAll = visited
            for part in walked {
                total += part.entries - counted
                guard !part.stopped, total <= CatalogReader.maximumEntries else {
                    entries = before
                    return false
                }
                for identity in part.visited where !visited.contains(identity) {
                    guard visitedAll.insert(identity).inserted else {
                        entries = before
                        return false
                    }
                }
            }
            for part in walked {
                let offset = tree.problems.count
                tree.problems += part.tree.problems
                found += part.found.map { ($0.relative, $0.full, $0.problemIndex + offset) }
                met += part.met
                tree.metLinks = tree.metLinks || part.tree.metLinks
            }
            visited = visitedAll
            entries = total
            return true
        }

        /// A file under tokens/ that is not a token file: said once, never dropped in silence.
        package mutating func reportIgnoredTokenFile(_ relative: String) {
            let location = tree.location(relative)
            if relative.hasSuffix(".resolver.json") {
                tree.problems.append(.error(.tokenUnsupportedFile, "'\(relative)' is a resolver document in a subfolder; keep it directly in tokens/ (tokens/<name>.resolver.json)", at: location))
            } else {
                let what = relative.hasSuffix(".json5") ? "a JSON5 file" : relative.hasSuffix(".json") ? "a JSON file (perhaps Tokens Studio or Style Dictionary 3)" : "not a token file"
                tree.problems.append(.warning(.tokenUnsupportedFile, "'\(relative)' is \(what), and only W3C DTCG files named *.tokens.json are read; convert it with `catalog-build tokens import \(tree.displayPath(relative)) --to \(tree.displayPath("tokens"))`, or move it out of tokens/", at: location))
            }
        }

        /// One entry: a folder is walked, a catalog file read, anything else reported. It is
        /// looked at by `name` in the open folder `directory`.
        package mutating func entry(_ relative: String, depth: Int, in directory: Int32, name: String) {
            var info = stat()
            guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            var kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                tree.metLinks = true
                let full = root + "/" + relative
                guard let target = RealPath.of(full) else {
                    let reason = errno == ELOOP ? "is a symbolic link that loops back on itself" : "is a symbolic link to something that does not exist"
                    problem(relative, .fileSymlinkBroken, "'\(relative)' \(reason); point it at a file in the catalog or remove it")
                    return
                }
                guard target == root || target.hasPrefix(root + "/") else {
                    // Never followed, whatever the file: an error, so nothing outside can leak in.
                    tree.problems.append(.error(.fileSymlinkOutside, "'\(relative)' is a symbolic link to a place outside the catalog folder; it is not followed. Copy the file into the catalog instead", at: tree.location(relative)))
                    return
                }
                guard stat(full, &info) == 0 else { return }
                kind = info.st_mode & S_IFMT
            }
            let isTop = !relative.containsByte(where: { $0 == UInt8(ascii: "/") })
            if kind == S_IFDIR {
                if isTop, relative == "catalog.yaml" {
                    problem(relative, .fileNotAFile, "'catalog.yaml' is a folder; it must be a file with the catalog's settings")
                    return
                }
                if isEssential(relative) || (relative.hasPrefix("guides/") && relative.hasSuffix(".md")) {
                    problem(relative, .fileNotAFile, "'\(relative)' is a folder, not a file, so the page is missing; make it a file")
                    return
                }
                guard visited.insert(FileIdentity(info)).inserted else {
                    problem(relative, .fileSymlinkLoop, "'\(relative)' leads back to a folder already read (a symbolic link loop); it is not read twice. Remove the link")
                    return
                }
                guard depth < CatalogReader.maximumDepth else {
                    problem(relative, .fileTooDeep, "'\(relative)' is nested more than \(CatalogReader.maximumDepth) folders deep; its contents were not read. Flatten the folders")
                    return
                }
                folder(relative, depth: depth + 1, in: directory, name: name)
                return
            }
            if isTop, CatalogReader.folders.contains(relative) {
                tree.problems.append(.error(.fileNotAFolder, "'\(relative)' must be a folder, not a file; move it aside and create the folder \(relative)/", at: tree.location(relative)))
                return
            }
            let plainJSON = CatalogPaths.isPlainJSONInTokens(relative)
            guard isCatalogFile(relative) || plainJSON else {
                if relative.hasPrefix("tokens/") { reportIgnoredTokenFile(relative) }
                return
            }
            if plainJSON { reportIgnoredTokenFile(relative) }
            guard kind == S_IFREG else {
                let what: String
                switch kind {
                case S_IFIFO: what = "a named pipe (FIFO)"
                case S_IFSOCK: what = "a socket"
                case S_IFCHR, S_IFBLK: what = "a device"
                default: what = "not a regular file"
                }
                problem(relative, .fileSpecial, "'\(relative)' is \(what), not a regular file, so it is not read; replace it with a regular file or remove it")
                return
            }
            if let previous, !isReread(relative), let stamp = previous.stamps[relative], stamp == FileStamp(info) {
                if carried {
                    // Already in the tree, as it was.
                    met.append(relative)
                    return
                }
                if let bytes = previous.files[relative] {
                    tree.set(relative, bytes, hash: previous.hashes[relative], stamp: stamp)
                    return
                }
            }
            found.append((relative, root + "/" + relative, tree.problems.count))
        }
    }

    package struct ReadProblem: Error {
        package var rule: RuleID
        package var message: String
    }

    /// Reads a regular file whole; never blocks on a FIFO swapped in since it was looked at.
    package static func readFile(_ path: String) -> Result<(bytes: [UInt8], stamp: FileStamp), ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(ReadProblem(rule: .fileUnreadable, message: "could not be read (\(String(cString: strerror(errno)))); check its permissions"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(ReadProblem(rule: .fileSpecial, message: "is not a regular file, so it is not read; replace it with a regular file or remove it"))
        }
        guard Int(info.st_size) <= maximumFileBytes else {
            return .failure(ReadProblem(rule: .fileTooLarge, message: "is \(Int(info.st_size) / 1_048_576) MiB; files in a catalog are limited to \(maximumFileBytes / 1_048_576) MiB. Host it elsewhere and link to it"))
        }
        // Straight into the array, with room for one byte more than `fstat` said: a file that
        // filled it grew since, and is read on in 64 KiB parts.
        var bytes: [UInt8] = []
        var room = Int(info.st_size) + 1
        while true {
            var failed = false
            let part = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                let filled = readFully(descriptor, into: buffer)
                count = filled ?? 0
                failed = filled == nil
            }
            if failed {
                return .failure(ReadProblem(rule: .fileUnreadable, message: "could not be read (\(String(cString: strerror(errno)))); check the file"))
            }
            if bytes.isEmpty { bytes = part } else { bytes += part }
            if bytes.count > maximumFileBytes {
                return .failure(ReadProblem(rule: .fileTooLarge, message: "is larger than \(maximumFileBytes / 1_048_576) MiB, the limit for a file in a catalog. Host it elsewhere and link to it"))
            }
            if part.count < room { break }
            room = 1 << 16
        }
        return .success((bytes, FileStamp(info)))
    }

    /// Reads until `buffer` is full or the file ends, retrying interrupted reads; the number of
    /// bytes read, or nil when a read fails (`errno` says why).
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var count = 0
        while count < buffer.count {
            let result = systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if result == 0 { break }
            count += result
        }
        return count
    }
}

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif
