import Foundation
import CatalogCore
import CatalogModel

/// Reading the platform screenshot folders catalog.yaml's `screenshots:` names.
extension ScreenshotFiles {
    /// Reads each platform's folder (relative to `catalogDirectory`) from `store`.
    package static func read(named: [(platform: String, written: String)], catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> ScreenshotFiles {
        var result = ScreenshotFiles()
        let limit = ReadLimit.screenshots
        for (platform, written) in named where !CodeFiles.hasControlCharacter(written) && !written.isEmpty {
            let absolute = CodeFiles.absolute(CodeFiles.path(of: written, catalogDirectory: catalogDirectory))
            var folder = Folder(platform: platform, written: written, display: CodeFiles.displayPath(root: displayRoot, written), missing: false)
            let (kind, resolved) = store.entry(absolute)
            guard kind == .folder else {
                folder.missing = true
                if kind.leadsOutside {
                    result.skipped.append("\(folder.display) is outside \(store.boundary), the folder the catalog is read from; it is not read")
                }
                result.folders.append(folder)
                reads.lookedFor(absolute, in: store)
                continue
            }
            reads.read(folder: absolute, depth: limit.depth, in: store)
            var walk = store.walk(resolved, limit: limit) { $0.lowercased().hasSuffix(".png") }
            result.files[platform] = store.read(&walk)
            result.skipped += walk.notes.map { "\(folder.display)/\($0.relative) \($0.reason)" }
            result.folders.append(folder)
        }
        return result
    }
}
