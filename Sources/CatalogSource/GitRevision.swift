import Foundation
import CatalogCore
import CatalogModel

/// Reads a catalog as it was at a revision with the `git` command: `ls-tree` lists its files and
/// `cat-file --batch` reads them, so the user's checkout, index and stash are never touched, and
/// a shallow CI clone works as long as the revision was fetched.
public enum GitRevision {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// The repository holding `folder`: its top folder and `folder`'s path inside it (`content/`).
    public static func repository(containing folder: String) throws(Failure) -> (root: String, prefix: String) {
        guard FileManager.default.fileExists(atPath: folder) else { throw Failure(description: "\(folder)/ does not exist; pass the catalog folder with --source") }
        let root = try text(["rev-parse", "--show-toplevel"], in: folder, failure: "\(folder)/ is not inside a git repository; `diff` compares revisions, so run it in a clone (or use `check` for one version)")
        let prefix = try text(["rev-parse", "--show-prefix"], in: folder, failure: "could not place \(folder)/ in its repository")
        return (root, prefix)
    }

    /// The commit a revision names (`HEAD`, `main`, `v2.1`, a sha), or a failure that says so.
    public static func commit(_ revision: String, in root: String) throws(Failure) -> String {
        // A NUL would cut the argument short (`HEAD\0x` read as `HEAD`): a revision with any
        // control character is refused, not guessed at.
        guard !revision.hasPrefix("-"), !revision.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Failure(description: "'\(TextSafety.escaped(revision))' is not a revision")
        }
        return try text(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root,
                        failure: "the revision '\(revision)' does not exist in this repository (in a shallow clone, fetch it first: git fetch --depth=1 origin \(revision))")
    }

    /// What to compare the working tree with when no `--base` is given: on a branch other than
    /// the default branch, where it forked from it; otherwise `HEAD`.
    public static func defaultBase(in root: String) -> String {
        guard let branch = try? text(["symbolic-ref", "--quiet", "--short", "HEAD"], in: root, failure: "") else { return "HEAD" }
        var candidates: [String] = []
        if let remoteHead = try? text(["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"], in: root, failure: "") { candidates.append(remoteHead) }
        candidates += ["origin/main", "origin/master", "main", "master"]
        for candidate in candidates where candidate != branch && !candidate.hasSuffix("/\(branch)") {
            guard (try? commit(candidate, in: root)) != nil else { continue }
            if let base = try? text(["merge-base", "HEAD", candidate], in: root, failure: ""), !base.isEmpty { return base }
        }
        return "HEAD"
    }

    /// The catalog under `prefix` at `commit`, as a source tree shown as `displayRoot` (the same
    /// as the working tree's, so problems in both can be compared by file). Everything is read
    /// from the commit through one `RevisionStore`: the catalog, and what its catalog.yaml names
    /// — the theme (a theme folder inside the repository as it was then), the `web:` files and
    /// what they import, the `screenshots:` and `code:` folders. A file larger than
    /// `maximumFileBytes` (the reader's limit) is reported, not read.
    public static func tree(at commit: String, prefix: String, in root: String, displayRoot: String, maximumFileBytes: Int = CatalogReader.maximumFileBytes) throws(Failure) -> SourceTree {
        let store = try RevisionStore(commit: commit, root: root)
        let trimmed = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        let catalogDirectory = trimmed.isEmpty ? store.boundary : store.boundary + "/" + trimmed
        let short = String(commit.prefix(10))
        var problems: [Diagnostic] = []
        var wanted: [(relative: String, resolved: String)] = []
        func location(_ relative: String) -> SourceLocation { SourceLocation(file: displayRoot.isEmpty ? relative : displayRoot + "/" + relative) }
        var limit = ReadLimit.catalog
        limit.fileBytes = maximumFileBytes
        for top in (store.names(in: catalogDirectory) ?? []) where top == "catalog.yaml" || CatalogReader.folders.contains(top) {
            let (kind, resolved) = store.entry(catalogDirectory + "/" + top)
            if case .file = kind, top == "catalog.yaml" {
                wanted.append((top, resolved))
                continue
            }
            guard kind == .folder else { continue }
            let walk = store.walk(resolved, limit: limit) { _ in true }
            for file in walk.files {
                let relative = top + "/" + file.relative
                // As on disk: a link inside the catalog is followed, one that leads out of it is not.
                guard file.resolved.hasPrefix(catalogDirectory + "/") else {
                    problems.append(.error(.fileSymlinkOutside, "'\(relative)' is a symbolic link to a place outside the catalog folder in \(short); it is not followed. Copy the file into the catalog instead", at: location(relative)))
                    continue
                }
                wanted.append((relative, file.resolved))
            }
            for note in walk.notes {
                let relative = top + "/" + note.relative
                let message = "'\(relative)' \(note.reason) (in \(short))"
                problems.append(CatalogReader.isEssential(relative) ? .error(note.rule, message, at: location(relative)) : .warning(note.rule, message, at: location(relative)))
            }
        }
        var files: [String: [UInt8]] = [:]
        let contents = store.read(wanted.map(\.resolved))
        for file in wanted {
            if case .success(let bytes)? = contents[file.resolved] { files[file.relative] = bytes }
        }
        var tree = SourceTree(displayRoot: displayRoot, files: files, problems: problems)
        tree.readNamed(catalogDirectory: catalogDirectory, store: store, themeSearchPath: ThemeReader.searchPath(forCatalog: catalogDirectory))
        return tree
    }

    /// The entries of `ls-tree -z -l` output: "<mode> <type> <sha> <size>\t<path>" (the size
    /// padded with spaces, `-` for a submodule), as the four header fields and the path.
    package static func entries(_ listing: Data) -> [(header: [Substring], path: String)] {
        listing.split(separator: 0).compactMap { entry in
            guard let tab = entry.firstIndex(of: 9) else { return nil }
            let header = String(decoding: entry[entry.startIndex..<tab], as: UTF8.self).split(separator: " ")
            guard header.count == 4 else { return nil }
            return (header, String(decoding: entry[(tab + 1)...], as: UTF8.self))
        }
    }

    /// The contents of `blobs`, read with one `cat-file --batch`, in order.
    package static func contents(of blobs: [(path: String, sha: String)], in root: String, failure: String) throws(Failure) -> [(path: String, bytes: [UInt8])] {
        guard !blobs.isEmpty else { return [] }
        let output = try run(["cat-file", "--batch"], in: root, input: Data(blobs.map { $0.sha + "\n" }.joined().utf8), failure: failure)
        var files: [(path: String, bytes: [UInt8])] = []
        var offset = output.startIndex
        for blob in blobs {
            // "<sha> blob <size>\n<bytes>\n"
            guard let newline = output[offset...].firstIndex(of: 10) else { break }
            let header = String(decoding: output[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), newline + 1 + size <= output.endIndex else { break }
            files.append((blob.path, [UInt8](output[(newline + 1)..<(newline + 1 + size)])))
            offset = newline + 1 + size + 1
        }
        return files
    }

    /// One object's bytes by its id (a link's target, say).
    package static func blob(_ sha: String, in root: String) -> [UInt8]? {
        (try? run(["cat-file", "blob", sha], in: root, input: nil, failure: "")).map { [UInt8]($0) }
    }

    package static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? "\(bytes / 1_048_576) MiB" : "\(bytes) bytes"
    }

    /// The tags matching a glob (`v*`), each with the commit it names and that commit's date
    /// (ISO 8601), in no particular order.
    public static func tags(matching pattern: String, in root: String) throws(Failure) -> [(tag: String, commit: String, date: String)] {
        let format = "%(refname:strip=2)%09%(objectname)%09%(*objectname)%09%(committerdate:iso-strict)%09%(*committerdate:iso-strict)%09."
        let listing = try text(["for-each-ref", "--format=" + format, "refs/tags/" + pattern], in: root, failure: "could not list the tags matching \(pattern)")
        return listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // The last field is a full stop, so trimming the output never takes an empty field.
            guard fields.count == 6, !fields[0].isEmpty else { return nil }
            // An annotated tag names a tag object; its commit and date are the peeled ones.
            let commit = fields[2].isEmpty ? fields[1] : fields[2]
            let date = fields[4].isEmpty ? fields[3] : fields[4]
            return (fields[0], commit, date)
        }
    }

    /// One file at `commit` (a path in the repository), or nil when there is none.
    public static func file(at commit: String, path: String, in root: String) -> [UInt8]? {
        (try? run(["cat-file", "blob", commit + ":" + path], in: root, input: nil, failure: "")).map { [UInt8]($0) }
    }

    /// Whether the repository is a shallow clone (its history, and so its tags, incomplete).
    public static func isShallow(_ root: String) -> Bool {
        (try? text(["rev-parse", "--is-shallow-repository"], in: root, failure: "")) == "true"
    }

    /// The id of the tree at `path` in `commit` (a content address: equal trees, equal ids), or
    /// nil when the commit has no such path.
    public static func treeID(at commit: String, path: String, in root: String) -> String? {
        try? text(["rev-parse", "--verify", "--quiet", commit + ":" + path], in: root, failure: "")
    }

    /// The short name of a commit, for headings.
    public static func describe(_ commit: String, in root: String) -> String {
        (try? text(["rev-parse", "--short", commit], in: root, failure: "")) ?? String(commit.prefix(10))
    }

    // MARK: Running git

    private static func text(_ arguments: [String], in folder: String, failure: String) throws(Failure) -> String {
        let data = try run(arguments, in: folder, input: nil, failure: failure)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package static func run(_ arguments: [String], in folder: String, input: Data?, failure: String) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        do {
            try process.run()
        } catch {
            throw Failure(description: "the git command could not be started (\(error.localizedDescription)); install git")
        }
        // Written from another thread: a large request and a large answer would otherwise
        // each wait for the other's pipe to drain.
        let writer = Thread {
            if let input { standardInput.fileHandleForWriting.write(input) }
            try? standardInput.fileHandleForWriting.close()
        }
        writer.start()
        // git writes little to standard error, so it is read after the output.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = String(decoding: errorText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: failure.isEmpty ? detail : failure)
        }
        return data
    }
}
