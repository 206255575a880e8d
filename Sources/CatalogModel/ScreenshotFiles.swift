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

        package init(platform: String, written: String, display: String, missing: Bool) {
            self.platform = platform
            self.written = written
            self.display = display
            self.missing = missing
        }
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


    /// The width and height a PNG's header (its IHDR chunk) says, without decoding anything;
    /// nil when the bytes do not start like a PNG.
    public static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, isPNG(bytes), bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func number(_ start: Int) -> Int { bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// The largest screenshot shown: 8,192 px a side and 40 million pixels (a tablet at 3×); a
    /// file claiming more is not published (a page would make every reader's browser decode it).
    public static let maximumSide = 8_192
    public static let maximumPixels = 40_000_000

    /// Whether bytes start with the PNG signature.
    public static func isPNG(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
