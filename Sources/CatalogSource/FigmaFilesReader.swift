import CatalogCore
import CatalogModel

/// Reading the folders catalog.yaml's `figma:` names.
extension FigmaFiles {
    /// Reads each folder (relative to `catalogDirectory`) from `store`: its `.json` files, and a
    /// renders folder's `.png` and `.svg` images.
    package static func read(named: [(role: Role, written: String)], catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> FigmaFiles {
        var result = FigmaFiles()
        for (role, written) in named where !CodeFiles.hasControlCharacter(written) && !written.isEmpty {
            let read = NamedFolderRead(written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, limit: .figma,
                                       store: store, reads: &reads) { name in
                let lower = name.lowercased()
                return role == .renders ? lower.hasSuffix(".png") || lower.hasSuffix(".svg") : lower.hasSuffix(".json")
            }
            if !read.missing { result.files[role] = read.files }
            result.skipped += read.skipped
            result.folders.append(Folder(role: role, written: written, display: read.display, missing: read.missing))
        }
        return result
    }
}
