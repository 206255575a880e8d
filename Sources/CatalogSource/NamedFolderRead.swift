import CatalogCore
import CatalogModel

/// One folder catalog.yaml names beside the catalog (a platform's screenshots, the saved Figma
/// files), read through `store` to the depth of its `ReadLimit`: the files `accept` takes, what
/// was not read, and whether the folder is there at all. A folder that leads out of the store's
/// boundary is not read, and says so.
package struct NamedFolderRead {
    /// As diagnostics show it (`content/../ios/__Snapshots__`).
    package var display: String
    package var missing = false
    /// Path inside the folder → contents.
    package var files: [String: [UInt8]] = [:]
    /// What was not read, as sentences naming the file.
    package var skipped: [String] = []

    package init(_ written: String, catalogDirectory: String, displayRoot: String, limit: ReadLimit,
                 store: some FileStore, reads: inout SourceReads, accept: (String) -> Bool) {
        let absolute = CodeFiles.absolute(CodeFiles.path(of: written, catalogDirectory: catalogDirectory))
        display = CodeFiles.displayPath(root: displayRoot, written)
        let (kind, resolved) = store.entry(absolute)
        guard kind == .folder else {
            missing = true
            if kind.leadsOutside {
                skipped.append("\(display) is outside \(store.boundary), the folder the catalog is read from; it is not read")
            }
            reads.lookedFor(absolute, in: store)
            return
        }
        reads.read(folder: absolute, depth: limit.depth, in: store)
        var walk = store.walk(resolved, limit: limit, accept: accept)
        files = store.read(&walk)
        skipped = walk.notes.map { "\(display)/\($0.relative) \($0.reason)" }
    }
}
