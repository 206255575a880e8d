import Foundation
import CatalogCore
import CatalogSource

/// Decides whether `build` may replace an output folder, before anything is touched. A build
/// replaces its output whole, so the output must never be (or contain, or be an ancestor of)
/// anything the user keeps: the catalog, a theme in use, the working folder, the home folder.
/// Every comparison is made on paths with symbolic links resolved, so a link cannot smuggle
/// the catalog in under another name.
public enum OutputGuard {
    /// The file every build writes into its output, so the next build knows the folder is one
    /// it may replace.
    public static let markerName = ".catalog-build-output"
    package static let markerText = "This folder was written by catalog-build; the next build replaces it whole.\n"

    /// What the output must keep away from, with the word used to name each in a refusal.
    public struct Protected: Sendable {
        public var path: String
        public var what: String

        public init(path: String, what: String) {
            self.path = path
            self.what = what
        }
    }

    /// What an output folder of a catalog must keep away from: the catalog folder and every place
    /// its theme is looked for.
    public static func protectedFolders(forCatalog source: String) -> [Protected] {
        [Protected(path: source, what: "the catalog folder")]
            + ThemeReader.searchPath(forCatalog: source).map { Protected(path: $0, what: "a place themes are looked for") }
    }

    /// The resolved output path, or a one-line reason to refuse it.
    public static func check(output: String, protected: [Protected], force: Bool) -> Result<String, SiteWriter.Failure> {
        guard !output.isEmpty else { return .failure(.unsafeOutput("--output is empty; name a folder such as public/")) }
        let resolved = RealPath.resolve(output)
        let shown = TextSafety.escaped(output)
        if resolved == "/" {
            return .failure(.unsafeOutput("refusing to replace / with the site; choose an output folder such as public/ with --output"))
        }
        var info = stat()
        if lstat(resolved, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            return .failure(.unsafeOutput("the output '\(shown)' is an existing file, not a folder; a build would replace it. Choose a folder with --output"))
        }
        let home = RealPath.resolve(FileManager.default.homeDirectoryForCurrentUser.path)
        let cwd = RealPath.resolve(FileManager.default.currentDirectoryPath)
        var guarded = protected.map { Protected(path: RealPath.resolve($0.path), what: $0.what) }
        guarded.append(Protected(path: cwd, what: "the working folder"))
        guarded.append(Protected(path: home, what: "the home folder"))
        for item in guarded {
            if item.path == resolved {
                return .failure(.unsafeOutput("the output '\(shown)' is \(item.what) (\(item.path)); a build would replace it. Choose another folder with --output"))
            }
            if isInside(item.path, resolved) {
                return .failure(.unsafeOutput("the output '\(shown)' contains \(item.what) (\(item.path)); a build would delete it. Choose another folder with --output"))
            }
            // Writing inside the catalog or a theme would feed the site back into its own input;
            // inside the working or home folder is where outputs belong.
            if item.what != "the working folder", item.what != "the home folder", isInside(resolved, item.path) {
                return .failure(.unsafeOutput("the output '\(shown)' is inside \(item.what) (\(item.path)); choose a folder outside it with --output"))
            }
        }
        if !force, let names = try? FileManager.default.contentsOfDirectory(atPath: resolved),
           case let kept = userEntries(names, output: resolved), !kept.isEmpty,
           !looksLikeAPreviousBuild(resolved, names: kept) {
            return .failure(.unsafeOutput("the output '\(shown)' is a folder that holds other files (it was not written by catalog-build); a build would replace it whole. Choose an empty or new folder with --output, or pass --force to replace it"))
        }
        return .success(resolved)
    }

    /// A folder a build wrote: it has the marker, or (written before the marker existed) the
    /// pages and files every site has.
    package static func looksLikeAPreviousBuild(_ folder: String, names: [String]) -> Bool {
        if names.contains(markerName) { return true }
        let set = Set(names)
        return set.contains("index.html") && set.contains("sitemap.xml") && set.contains("tokens.css") && set.contains("assets")
    }

    /// The entries of the output folder other than the staging and old-output folders a build
    /// keeps inside an output that is a mount point (`SiteStaging`).
    package static func userEntries(_ names: [String], output: String) -> [String] {
        let name = URL(fileURLWithPath: output).lastPathComponent
        return names.filter { !$0.hasPrefix(stagingPrefix(name)) && !$0.hasPrefix(oldPrefix(name)) }
    }

    /// Whether `path` is a folder something is mounted on (a volume, a tmpfs, a bind mount):
    /// such a folder cannot be renamed, so a build swaps its contents instead of the folder.
    public static func isMountPoint(_ path: String) -> Bool {
        var info = stat()
        var parent = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, stat(path + "/..", &parent) == 0 else { return false }
        if info.st_dev != parent.st_dev || info.st_ino == parent.st_ino { return true }
        return mountedFolders().contains(path)
    }

    /// The mount points the system lists for this process (`/proc/self/mountinfo`, whose fifth
    /// field is the mount point with space, tab, newline and backslash written in octal); empty
    /// where the system has no such file. A bind mount of a folder of the same file system is
    /// only found here.
    package static func mountedFolders() -> Set<String> {
        guard let text = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return [] }
        var folders = Set<String>()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            folders.insert(unescapeMountField(String(fields[4])))
        }
        return folders
    }

    private static func unescapeMountField(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
               let value = UInt8(String(decoding: utf8[(index + 1)...(index + 3)], as: UTF8.self), radix: 8) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `descendant` lies strictly below `ancestor`.
    package static func isInside(_ descendant: String, _ ancestor: String) -> Bool {
        ancestor == "/" ? descendant != "/" : descendant.hasPrefix(ancestor + "/")
    }

    package static func realPath(_ path: String) -> String? {
        RealPath.of(path)
    }

    // MARK: Staging folders left behind

    /// The prefix of the staging folders of an output named `name`: `.public.staging-`.
    package static func stagingPrefix(_ name: String) -> String { ".\(name).staging-" }
    package static func oldPrefix(_ name: String) -> String { ".\(name).old-" }

    /// Removes the staging and old-output folders that builds of `output` left beside it when
    /// they were killed or crashed (their process is gone). Returns what could not be removed.
    @discardableResult
    public static func removeStaleStaging(beside output: String) -> [String] {
        let url = URL(fileURLWithPath: output)
        return removeStaleStaging(in: url.deletingLastPathComponent().path, name: url.lastPathComponent)
    }

    /// Removes what killed builds left inside an output that is a mount point, where its
    /// staging and old-output folders are kept.
    @discardableResult
    package static func removeStaleStaging(inside output: String) -> [String] {
        removeStaleStaging(in: output, name: URL(fileURLWithPath: output).lastPathComponent)
    }

    private static func removeStaleStaging(in parent: String, name: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        var left: [String] = []
        for entry in names {
            let rest: Substring
            if entry.hasPrefix(stagingPrefix(name)) {
                rest = entry.dropFirst(stagingPrefix(name).count)
            } else if entry.hasPrefix(oldPrefix(name)) {
                rest = entry.dropFirst(oldPrefix(name).count)
            } else {
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let pid = Int32(digits), pid > 0, pid != getpid(), !isAlive(pid) else { continue }
            let path = parent + "/" + entry
            if !SiteWriter.removeTree(path) { left.append(path) }
        }
        return left
    }

    package static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
