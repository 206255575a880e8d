import CRenameExchange
import Foundation

/// Writes a site to disk atomically: everything goes into a staging folder beside the output,
/// which is swapped in only when complete. A failed build never touches the old output.
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
        let manager = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        try refuseDangerous(outputURL, source: source)
        let parent = outputURL.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(outputURL.lastPathComponent).staging-\(getpid())")
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            var changed = 0
            var directories = Set<String>()
            for (path, bytes) in site.files.sorted(by: { $0.key < $1.key }) {
                let target = staging.appendingPathComponent(path)
                let folder = target.deletingLastPathComponent().path
                if directories.insert(folder).inserted {
                    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                // Unchanged files are hard-linked from the previous output: same bytes, same mtime.
                let previous = outputURL.appendingPathComponent(path).path
                if let old = manager.contents(atPath: previous), old.count == bytes.count, [UInt8](old) == bytes,
                   link(previous, target.path) == 0 {
                    continue
                }
                changed += 1
                guard manager.createFile(atPath: target.path, contents: Data(bytes)) else {
                    throw Failure.io("could not write \(target.path)")
                }
            }
            try swap(staging: staging, output: outputURL)
            return Report(files: site.files.count, bytes: site.totalBytes, changed: changed)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    /// Puts `staging` in place of `output` in one step where the system allows (renameat2
    /// RENAME_EXCHANGE), else with two renames; the old output is removed afterwards.
    private static func swap(staging: URL, output: URL) throws {
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

    private static func refuseDangerous(_ output: URL, source: String?) throws {
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
