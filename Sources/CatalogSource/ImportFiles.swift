import Foundation
import CatalogCore
import CatalogModel

/// What `tokens import` reads: the files and folders named on its command line, read through the
/// source layer like everything else the tool reads, within `ReadLimit.tokenImport` (a file or a
/// folder past it is said in a note, never read whole into memory).
package enum ImportFiles {
    /// One path named on the command line, as read.
    package enum Entry {
        /// Not there (or neither a file nor a folder).
        case missing(path: String)
        /// A file; nil bytes when it could not be read (`note` says why).
        case file(path: String, bytes: [UInt8]?, note: String?)
        /// A folder: its `.json` and `.json5` files by their path inside it, sorted, with what was
        /// not read.
        case folder(path: String, files: [(name: String, bytes: [UInt8])], notes: [String])
    }

    package static func read(_ paths: [String]) -> [Entry] {
        let store = DiskStore(boundary: "/")
        let limit = ReadLimit.tokenImport
        return paths.map { path in
            let absolute = CodeFiles.absolute(path)
            let (kind, resolved) = store.entry(absolute)
            switch kind {
            case .folder:
                var walk = store.walk(resolved, limit: limit) { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }
                let files = store.read(&walk).sorted { $0.key < $1.key }.map { (name: $0.key, bytes: $0.value) }
                return .folder(path: path, files: files, notes: walk.notes.map { "\(path)/\($0.relative) \($0.reason)" })
            case .file(let size):
                guard size <= limit.fileBytes else {
                    return .file(path: path, bytes: nil, note: "is over \(GitRevision.megabytes(limit.fileBytes)), larger than any token file; skipped")
                }
                guard let bytes = store.bytes(ofFile: resolved) else { return .file(path: path, bytes: nil, note: "could not be read; skipped") }
                return .file(path: path, bytes: bytes, note: nil)
            default:
                return .missing(path: path)
            }
        }
    }
}
