import CatalogCore
import CatalogModel

/// Reading the results file `conformance.evidence` names.
extension AuditFile {
    /// Reads `<folder>/results.json` (the folder relative to `catalogDirectory`) from `store`.
    package static func read(folder written: String, catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> AuditFile {
        var file = AuditFile()
        guard !written.isEmpty, !CodeFiles.hasControlCharacter(written) else { return file }
        let read = NamedFolderRead(written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, limit: .audit,
                                   store: store, reads: &reads) { $0 == AuditFile.name }
        file.display = read.display + "/" + AuditFile.name
        file.bytes = read.files[AuditFile.name]
        file.skipped = read.skipped
        return file
    }
}
