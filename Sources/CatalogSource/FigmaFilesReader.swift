import CatalogCore
import CatalogModel

/// Reading the folders catalog.yaml's `figma:` names.
extension FigmaFiles {
    /// Reads each folder (relative to `catalogDirectory`) from `store`: its `.json` files, and a
    /// renders folder's `.png` and `.svg` images.
    package static func read(named: [(role: Role, written: String)], catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> FigmaFiles {
        var result = FigmaFiles()
        let limit = ReadLimit.figma
        for (role, written) in named where !CodeFiles.hasControlCharacter(written) && !written.isEmpty {
            let absolute = CodeFiles.absolute(CodeFiles.path(of: written, catalogDirectory: catalogDirectory))
            var folder = Folder(role: role, written: written, display: CodeFiles.displayPath(root: displayRoot, written), missing: false)
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
            var walk = store.walk(resolved, limit: limit) { name in
                let lower = name.lowercased()
                return role == .renders ? lower.hasSuffix(".png") || lower.hasSuffix(".svg") : lower.hasSuffix(".json")
            }
            result.files[role] = store.read(&walk)
            result.skipped += walk.notes.map { "\(folder.display)/\($0.relative) \($0.reason)" }
            result.folders.append(folder)
        }
        return result
    }
}
