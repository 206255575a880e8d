import CRenameExchange
import Foundation

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
    }

    /// Writes `site` to `output`. `source` guards against replacing the catalog itself.
    @discardableResult
    public static func write(_ site: Site, to output: String, source: String? = nil) throws -> Report {
        let staging = try SiteStaging(output: output, source: source)
        do {
            return try staging.commit(site)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Hard-links `previous` when it holds exactly `bytes` (same bytes, same mtime for rsync-style
    /// deploys), else writes `bytes` to `path`.
    static func placeFile(_ bytes: [UInt8], at path: String, previous: String) -> (changed: Bool, failure: String?) {
        var info = stat()
        if stat(previous, &info) == 0, Int(info.st_size) == bytes.count, contentsEqual(previous, bytes), link(previous, path) == 0 {
            return (false, nil)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return (true, "could not create \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return (true, "could not write \(path): \(String(cString: strerror(errno)))")
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
    /// RENAME_EXCHANGE), else with two renames; the old output is removed afterwards.
    static func swap(staging: URL, output: URL) throws {
        let manager = FileManager.default
        if !manager.fileExists(atPath: output.path) {
            guard rename(staging.path, output.path) == 0 else { throw Failure.io("could not move the new site into \(output.path): \(String(cString: strerror(errno)))") }
            return
        }
        if crename_exchange_paths(staging.path, output.path) == 0 {
            try? manager.removeItem(at: staging)
            return
        }
        let old = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
        try? manager.removeItem(at: old)
        guard rename(output.path, old.path) == 0 else { throw Failure.io("could not move the old output aside: \(String(cString: strerror(errno)))") }
        guard rename(staging.path, output.path) == 0 else {
            _ = rename(old.path, output.path)
            throw Failure.io("could not move the new site into \(output.path): \(String(cString: strerror(errno)))")
        }
        try? manager.removeItem(at: old)
    }

    static func refuseDangerous(_ output: URL, source: String?) throws {
        let path = output.path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if path == "/" || path == home || path == cwd {
            throw Failure.unsafeOutput("refusing to replace \(path) with the site; choose an output folder such as public/ with --output")
        }
        if let source {
            let sourcePath = URL(fileURLWithPath: source).standardizedFileURL.path
            if path == sourcePath || sourcePath.hasPrefix(path + "/") || path.hasPrefix(sourcePath + "/") {
                throw Failure.unsafeOutput("the output folder \(path) overlaps the catalog folder \(sourcePath); choose an output outside the catalog with --output")
            }
        }
    }
}
