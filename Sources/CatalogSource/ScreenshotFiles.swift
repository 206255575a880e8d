#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import CatalogCore

/// The platform screenshots catalog.yaml's `screenshots:` names: for each platform (SwiftUI,
/// Compose…), a folder of the PNG files its snapshot tests write, read at the edge with the
/// catalog. Paths are kept relative to each folder, where `screenshots.name` reads them.
public struct ScreenshotFiles: Sendable, Hashable {
    public struct Folder: Sendable, Hashable {
        public var platform: String
        public var written: String
        /// As diagnostics show it (`content/../ios/__Snapshots__`).
        public var display: String
        public var missing: Bool
    }

    public var folders: [Folder] = []
    /// Platform → path inside its folder → contents.
    public var files: [String: [String: [UInt8]]] = [:]
    public var skipped: [String] = []

    public init() {}

    public var contentKey: UInt64 {
        var key = StableHash.Combiner()
        for folder in folders {
            key.add(folder.platform)
            key.add(folder.written)
            key.add(folder.missing)
        }
        for (platform, shots) in files.sorted(by: { $0.key < $1.key }) {
            key.add(platform)
            for (path, bytes) in shots.sorted(by: { $0.key < $1.key }) {
                key.add(path)
                key.add(StableHash.value(bytes))
            }
        }
        return key.value
    }

    package static let maximumFileBytes = 8 * 1024 * 1024
    package static let maximumFiles = 20_000
    package static let maximumDepth = 20

    package static func read(named: [(platform: String, written: String)], catalogDirectory: String, displayRoot: String, reads: inout SourceReads) -> ScreenshotFiles {
        var result = ScreenshotFiles()
        for (platform, written) in named where !CodeFiles.hasControlCharacter(written) && !written.isEmpty {
            let path = CodeFiles.path(of: written, catalogDirectory: catalogDirectory)
            let absolute = CodeFiles.normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            var folder = Folder(platform: platform, written: written, display: CodeFiles.displayPath(root: displayRoot, written), missing: false)
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                folder.missing = true
                result.folders.append(folder)
                reads.lookedFor(absolute)
                continue
            }
            reads.read(absolute)
            var shots: [String: [UInt8]] = [:]
            result.walk(path, relative: "", depth: 0, into: &shots)
            result.files[platform] = shots
            result.folders.append(folder)
        }
        return result
    }

    private mutating func walk(_ path: String, relative: String, depth: Int, into shots: inout [String: [UInt8]]) {
        guard depth <= Self.maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = path + "/" + name
            let shown = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(full, relative: shown, depth: depth + 1, into: &shots)
            case S_IFREG:
                guard name.lowercased().hasSuffix(".png"), shots.count < Self.maximumFiles else { continue }
                guard Int(info.st_size) <= Self.maximumFileBytes, let data = FileManager.default.contents(atPath: full) else {
                    skipped.append("\(shown) is over \(Self.maximumFileBytes / 1_048_576) MiB or could not be read; it is not published")
                    continue
                }
                shots[shown] = [UInt8](data)
            default:
                continue
            }
        }
    }

    /// Whether bytes start with the PNG signature.
    public static func isPNG(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
