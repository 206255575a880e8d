import Foundation
import CatalogCore
import CatalogModel

/// Reading the platform screenshot folders catalog.yaml's `screenshots:` names.
extension ScreenshotFiles {
    /// Reads each platform's folder (relative to `catalogDirectory`) from `store`.
    package static func read(named: [(platform: String, written: String)], catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> ScreenshotFiles {
        var result = ScreenshotFiles()
        for (platform, written) in named where !CodeFiles.hasControlCharacter(written) && !written.isEmpty {
            let read = NamedFolderRead(written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, limit: .screenshots,
                                       store: store, reads: &reads) { $0.lowercased().hasSuffix(".png") }
            if !read.missing { result.files[platform] = read.files }
            result.skipped += read.skipped
            result.folders.append(Folder(platform: platform, written: written, display: read.display, missing: read.missing))
        }
        return result
    }
}
