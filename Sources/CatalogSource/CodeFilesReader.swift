import Foundation
import CatalogCore
import CatalogModel

/// Reading the folders catalog.yaml's `code:` names.
extension CodeFiles {
    // MARK: Reading

    /// Reads the folders catalog.yaml names (`named`, relative to `catalogDirectory`) from
    /// `store` (the working tree or a revision), noting in `reads` each folder read, with the
    /// depth read, and each that is not there.
    package static func read(named: [(role: String, written: String)], catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads) -> CodeFiles {
        var code = CodeFiles()
        for (role, written) in named {
            code.read(role: role, written: written, catalogDirectory: catalogDirectory, displayRoot: displayRoot, store: store, reads: &reads)
        }
        code.skipped.sort { ($0.file, $0.reason) < ($1.file, $1.reason) }
        return code
    }

    /// Whether a path holds a control character (U+0000–U+001F, U+007F–U+009F).
    package static func hasControlCharacter(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Where a folder written under `code:` is: as written when absolute, else inside the catalog folder.
    public static func path(of written: String, catalogDirectory: String) -> String {
        written.hasPrefix("/") ? written : catalogDirectory + "/" + written
    }

    /// A path made absolute from the working folder, `.` and `..` folded.
    package static func absolute(_ path: String) -> String {
        normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// The path of `target` from the folder `from` (both absolute): `../web/app.js`.
    package static func relativePath(from: String, to target: String) -> String {
        let fromParts = from.split(separator: "/")
        let toParts = target.split(separator: "/")
        var common = 0
        while common < fromParts.count, common < toParts.count, fromParts[common] == toParts[common] { common += 1 }
        let parts = Array(repeating: "..", count: fromParts.count - common) + toParts[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Reads one folder and adds it, with its files.
    private mutating func read(role: String, written: String, catalogDirectory: String, displayRoot: String, store: some FileStore, reads: inout SourceReads) {
        // A path with a control character (a NUL cuts it short where the system reads it) names
        // no folder; the loader reports it at its line.
        guard !Self.hasControlCharacter(written) else { return }
        let limit = ReadLimit.code
        let absolute = Self.absolute(Self.path(of: written, catalogDirectory: catalogDirectory))
        var folder = Folder(role: role, written: written, display: Self.displayPath(root: displayRoot, written), missing: false, files: [])
        let (kind, resolved) = store.entry(absolute)
        guard kind == .folder else {
            folder.missing = true
            if kind.leadsOutside {
                skipped.append(Skipped(file: folder.display, reason: "is outside \(store.boundary), the folder the catalog is read from; code outside it is not read"))
            }
            folders.append(folder)
            reads.lookedFor(absolute, in: store)
            return
        }
        reads.read(folder: absolute, depth: limit.depth, in: store)
        let extensions = Self.extensions(for: role)
        var walk = store.walk(resolved, limit: limit, skip: Self.skippedFolders) { name in
            extensions.contains { name.hasSuffix($0) }
        }
        let display = folder.display
        func shown(_ relative: String) -> String { display.isEmpty ? relative : display + "/" + relative }
        // A file read already for another role is not read again.
        var known: [String] = []
        walk.files.removeAll { file in
            guard files[shown(file.relative)] != nil else { return false }
            known.append(shown(file.relative))
            return true
        }
        for (relative, bytes) in store.read(&walk) {
            files[shown(relative)] = bytes
            known.append(shown(relative))
        }
        for note in walk.notes { skipped.append(Skipped(file: shown(note.relative), reason: note.reason)) }
        folder.files = known.sorted()
        folders.append(folder)
    }
}
