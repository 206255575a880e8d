import Foundation

/// Reads a catalog folder from disk into a `SourceTree`: the one place Load touches the disk.
/// Hidden files are skipped; a symbolic link that leads outside the catalog is reported and
/// not followed, so nothing outside the folder can end up in the site.
public enum CatalogReader {
    public enum Failure: Error, CustomStringConvertible {
        case notADirectory(String)

        public var description: String {
            switch self {
            case .notADirectory(let path): "the catalog folder '\(path)' does not exist or is not a folder; pass one with --source"
            }
        }
    }

    /// Files the loader reads; anything else in the folder is left alone.
    static func isCatalogFile(_ path: String) -> Bool {
        if path == "catalog.yaml" || CatalogLoader.isTokenFile(path) { return true }
        let parts = path.split(separator: "/")
        if parts.first == "components", parts.count == 3 {
            return parts[2] == "component.yaml" || parts[2] == "index.md" || CatalogLoader.isImage(String(parts[2]))
                || parts[2].hasSuffix(".yaml") || parts[2].hasSuffix(".yml") || parts[2].hasSuffix(".md")
        }
        if parts.first == "guides", parts.count == 2 {
            return parts[1].hasSuffix(".md") || CatalogLoader.isImage(String(parts[1]))
        }
        return false
    }

    /// Rereads the catalog files among `paths` (catalog-relative) into `tree`: changed files are
    /// replaced, deleted ones removed. Used by `serve` after a save, so only what changed is read.
    public static func refresh(_ tree: inout SourceTree, root directory: String, paths: some Sequence<String>) {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
        for relative in paths {
            let shown = tree.displayPath(relative)
            tree.problems.removeAll { $0.location.file == shown }
            let full = root + "/" + relative
            guard isCatalogFile(relative), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                tree.set(relative, nil)
                continue
            }
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil {
                let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().standardizedFileURL.path
                guard target == root || target.hasPrefix(root + "/") else {
                    tree.set(relative, nil)
                    tree.problems.append(outsideLink(relative, tree: tree))
                    continue
                }
            }
            tree.set(relative, FileManager.default.contents(atPath: full).map { [UInt8]($0) })
        }
    }

    private static func outsideLink(_ relative: String, tree: SourceTree) -> Diagnostic {
        .error("file.symlink-outside", "'\(relative)' is a symbolic link to a place outside the catalog folder; it is not followed. Copy the file into the catalog instead", at: tree.location(relative))
    }

    /// Reads `directory`; diagnostics show paths under `displayRoot` (default: the folder as given).
    public static func read(_ directory: String, displayRoot: String? = nil) throws -> SourceTree {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure.notADirectory(directory)
        }
        let display = displayRoot ?? (directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory)
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
        var tree = SourceTree(displayRoot: display, files: [:])
        var pending = [""]
        while let relativeDirectory = pending.popLast() {
            let absolute = relativeDirectory.isEmpty ? root : root + "/" + relativeDirectory
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let relative = relativeDirectory.isEmpty ? name : relativeDirectory + "/" + name
                let full = absolute + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: full) else { continue }
                var type = attributes[.type] as? FileAttributeType
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil {
                    let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().standardizedFileURL.path
                    guard target == root || target.hasPrefix(root + "/") else {
                        tree.problems.append(outsideLink(relative, tree: tree))
                        continue
                    }
                    type = (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType
                }
                if type == .typeDirectory {
                    if relative.split(separator: "/").count < 3 { pending.append(relative) }
                } else if type == .typeRegular, isCatalogFile(relative) {
                    if let data = FileManager.default.contents(atPath: full) {
                        tree.set(relative, [UInt8](data))
                    } else {
                        tree.problems.append(.error("file.unreadable", "'\(relative)' could not be read; check its permissions", at: tree.location(relative)))
                    }
                }
            }
        }
        return tree
    }
}
