import CRenameExchange
import Foundation
import CatalogCore
import CatalogRender
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes a site to disk atomically: everything goes into a staging folder beside the output
/// (`SiteStaging`), which is swapped in only when complete. A failed build never touches the old
/// output.
public enum SiteWriter {
    public enum Failure: Error, CustomStringConvertible {
        case unsafeOutput(String)
        case io(String)

        public var description: String {
            switch self {
            case .unsafeOutput(let message), .io(let message): message
            }
        }
    }

    public struct Report: Sendable {
        public var files: Int
        public var bytes: Int
        /// Files whose bytes differed from the previous output (all, on a first build).
        public var changed: Int
        /// The previous output, when it could not be removed after the swap.
        public var leftover: String?
    }

    /// Writes `site` to `output`, refusing any output the guard refuses (`OutputGuard`).
    @discardableResult
    public static func write(_ site: Site, to output: String, protecting protected: [OutputGuard.Protected] = [], force: Bool = false) throws -> Report {
        let staging = try SiteStaging(output: output, protecting: protected, force: force)
        do {
            return try staging.commit(site)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Hard-links `previous` when it holds exactly `bytes` (same bytes, same mtime for rsync-style
    /// deploys), else writes `bytes` to `path`.
    package static func placeFile(_ bytes: [UInt8], at path: String, previous: String) -> (changed: Bool, failure: String?) {
        var info = stat()
        if stat(previous, &info) == 0, Int(info.st_size) == bytes.count, contentsEqual(previous, bytes), link(previous, path) == 0 {
            return (false, nil)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return (true, sentence("could not create the file", path)) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return (true, sentence("could not write the file", path))
            }
            written += result
        }
        return (true, nil)
    }

    private static func contentsEqual(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return data.withUnsafeBytes { old in bytes.withUnsafeBytes { new in memcmp(old.baseAddress!, new.baseAddress!, bytes.count) == 0 } }
    }

    /// Puts `staging` in place of `output` in one step where the system allows (renameat2
    /// RENAME_EXCHANGE), else with two renames; the old output is removed afterwards. Returns the
    /// path of an old output that could not be removed (a file in it is immutable, say).
    package static func swap(staging: URL, output: URL, shownOutput: String) throws -> String? {
        let old = output.deletingLastPathComponent().appendingPathComponent(OutputGuard.oldPrefix(output.lastPathComponent) + "\(getpid())")
        var info = stat()
        if lstat(output.path, &info) != 0 {
            guard rename(staging.path, output.path) == 0 else { throw Failure.io(sentence("could not move the new site into", shownOutput)) }
            return nil
        }
        if crename_exchange_paths(staging.path, output.path) == 0 {
            // The old output now sits where the staging folder was.
            if rename(staging.path, old.path) != 0 { return removeTree(staging.path) ? nil : staging.path }
            return removeTree(old.path) ? nil : old.path
        }
        _ = removeTree(old.path)
        guard rename(output.path, old.path) == 0 else {
            if errno == EBUSY {
                // A mount point (or a folder in use) cannot be renamed, and a build replaces its
                // output whole by renaming.
                throw Failure.io("the output '\(TextSafety.escaped(shownOutput))' is a mount point or in use, so it cannot be replaced (a build swaps its whole output in by renaming); build into a folder inside it, such as --output \(TextSafety.escaped(shownOutput))/site")
            }
            throw Failure.io(sentence("could not move the previous output aside at", shownOutput))
        }
        guard rename(staging.path, output.path) == 0 else {
            let reason = sentence("could not move the new site into", shownOutput)
            _ = rename(old.path, output.path)
            throw Failure.io(reason)
        }
        return removeTree(old.path) ? nil : old.path
    }

    /// Puts the entries of `staging`, a folder inside `output`, in place of the output's other
    /// entries: used when the output is a mount point, which cannot be renamed. The old entries
    /// go into a folder inside the output first, and come back if a move fails, so the output
    /// is either the old site or the new one; the moves are one rename each, not one for all.
    package static func replaceContents(of output: URL, with staging: URL, shownOutput: String) throws -> String? {
        let old = output.appendingPathComponent(OutputGuard.oldPrefix(output.lastPathComponent) + "\(getpid())")
        removeTree(old.path)
        guard mkdir(old.path, 0o755) == 0 else { throw Failure.io(sentence("could not make a folder for the previous site inside", shownOutput)) }
        let manager = FileManager.default
        let previous = OutputGuard.userEntries((try? manager.contentsOfDirectory(atPath: output.path)) ?? [], output: output.path).sorted()
        var movedAside: [String] = []
        var placed: [String] = []
        func undo() {
            for entry in placed { _ = rename(output.path + "/" + entry, staging.path + "/" + entry) }
            for entry in movedAside { _ = rename(old.path + "/" + entry, output.path + "/" + entry) }
            _ = rmdir(old.path)
        }
        /// Moves each entry from one folder to another (the previous site aside, or the new one
        /// in), noting it for `undo`; on a failure puts everything back and throws `what`.
        func move(_ entries: [String], from: String, to: String, aside: Bool, failure what: String) throws {
            for entry in entries {
                guard rename(from + "/" + entry, to + "/" + entry) == 0 else {
                    let reason = sentence(what, shownOutput)
                    undo()
                    throw Failure.io(reason)
                }
                if aside { movedAside.append(entry) } else { placed.append(entry) }
            }
        }
        try move(previous, from: output.path, to: old.path, aside: true, failure: "could not move the previous site aside inside")
        let fresh = ((try? manager.contentsOfDirectory(atPath: staging.path)) ?? []).sorted()
        try move(fresh, from: staging.path, to: output.path, aside: false, failure: "could not move the new site into")
        _ = rmdir(staging.path)
        return removeTree(old.path) ? nil : old.path
    }

    /// Removes a folder and everything in it without following links; false when something
    /// could not be removed.
    @discardableResult
    package static func removeTree(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        if (info.st_mode & S_IFMT) != S_IFDIR { return unlink(path) == 0 || errno == ENOENT }
        var ok = true
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names where !removeTree(path + "/" + name) { ok = false }
        }
        return rmdir(path) == 0 && ok
    }

    /// Creates `path` and its missing parents; a failure is one sentence naming the folder.
    package static func makeDirectories(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure.io("could not create the folder \(TextSafety.escaped(path)): a file of that name is in the way; move it or choose another --output") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw Failure.io(sentence("could not create the folder", path))
        }
    }

    package static func sentence(_ what: String, _ path: String, errorNumber: Int32 = errno) -> String {
        FileSystemMessage.sentence(what, path, errorNumber: errorNumber)
    }
}
