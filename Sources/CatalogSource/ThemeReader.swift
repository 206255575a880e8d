import Foundation
import CatalogCore
import CatalogSyntax
import CatalogModel

/// Finds and reads themes from disk.
public enum ThemeReader {
    /// The folders searched for `themes/<name>`, in order: beside the catalog folder, inside
    /// it, `$CATALOG_BUILD_THEMES`, then the themes shipped with the tool.
    public static func searchPath(forCatalog source: String) -> [String] {
        let catalog = URL(fileURLWithPath: source).standardizedFileURL
        var folders = [
            catalog.deletingLastPathComponent().appendingPathComponent("themes").path,
            catalog.appendingPathComponent("themes").path,
        ]
        if let environment = ProcessInfo.processInfo.environment["CATALOG_BUILD_THEMES"], !environment.isEmpty {
            folders.append(environment)
        }
        if let builtIn = builtInThemesFolder() { folders.append(builtIn) }
        var seen = Set<String>()
        return folders.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    /// The `themes/` folder that ships with the tool: found from the executable (walking up from
    /// `.build/…/catalog-build` or `bin/`), else from where this source file was compiled.
    public static func builtInThemesFolder() -> String? {
        let manager = FileManager.default
        func hasDefault(_ folder: URL) -> Bool {
            manager.fileExists(atPath: folder.appendingPathComponent("default/templates").path)
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var folder = executable.deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent("themes"))
                candidates.append(folder.appendingPathComponent("share/catalog-build/themes"))
                folder = folder.deletingLastPathComponent()
            }
        }
        // Sources/CatalogSource/ThemeReader.swift → the repository's themes/.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent("themes"))
        return candidates.first(where: hasDefault)?.standardizedFileURL.path
    }

    /// Reads theme `name` and the themes it extends. `location` is where the name was written.
    /// Each folder of the chain goes into `reads`, and each place looked at before it that held
    /// no such theme (a folder made there later would win).
    /// The folder the theme `name` is read from: the first of `searchPath` that has it.
    package static func folder(of name: String, searchPath: [String]) -> String? {
        searchPath.map { $0 + "/" + name }.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    public static func read(name: String, searchPath: [String], location: SourceLocation) -> (ThemeSource?, [Diagnostic]) {
        var reads = SourceReads()
        return read(name: name, searchPath: searchPath, location: location, store: DiskStore(boundary: "/"), reads: &reads)
    }

    /// `store` reads the theme folders inside its boundary (a release's own theme, from its tag);
    /// a search folder outside it (the tool's own themes, `$CATALOG_BUILD_THEMES`) is read from
    /// disk, nothing outside that folder.
    package static func read(name: String, searchPath: [String], location: SourceLocation, store: some FileStore, reads: inout SourceReads) -> (ThemeSource?, [Diagnostic]) {
        /// The store that reads a search folder, and that folder made absolute.
        let folders: [(store: any FileStore, path: String)] = searchPath.map { folder in
            let path = absolute(folder)
            if store.contains(path) || store.contains(RealPath.of(path) ?? path) { return (store, path) }
            return (DiskStore(boundary: path), path)
        }
        func isDirectory(_ path: String, in store: any FileStore) -> Bool { store.entry(path).kind == .folder }
        var layers: [(folder: String, display: String, store: any FileStore)] = []
        var diagnostics: [Diagnostic] = []
        var policy: String?
        var current = name
        var currentLocation = location
        chain: while true {
            let candidates = folders.map { (store: $0.store, path: $0.path + "/" + current) }
            let foundIndex = candidates.firstIndex(where: { isDirectory($0.path, in: $0.store) })
            for candidate in candidates.prefix(foundIndex ?? candidates.count) where candidate.store.isWorkingTree { reads.lookedFor(candidate.path) }
            guard let foundIndex else {
                let available = folders.flatMap { $0.store.names(in: $0.store.entry($0.path).resolved) ?? [] }.filter { !$0.hasPrefix(".") }
                let hint = DidYouMean.hint(for: current, in: available)
                diagnostics.append(.error(.refTheme, "there is no theme named '\(current)' (looked in \(searchPath.joined(separator: ", ")))\(hint)", at: currentLocation))
                return (nil, diagnostics)
            }
            let folder = candidates[foundIndex].path
            let layerStore = candidates[foundIndex].store
            if layers.contains(where: { $0.folder == folder }) {
                diagnostics.append(.error(.themeExtendsCycle, "theme '\(current)' extends itself through \(layers.map(\.display).joined(separator: " → ")); break the cycle", at: currentLocation))
                return (nil, diagnostics)
            }
            layers.append((folder, displayPath(folder), layerStore))
            if layerStore.isWorkingTree { reads.read(folder: folder, depth: ReadLimit.theme.depth) }
            let manifestPath = folder + "/theme.yaml"
            guard let data = layerStore.contents(manifestPath) else { break chain }
            let manifestDisplay = displayPath(manifestPath)
            switch SourceText.decode([UInt8](data), file: manifestDisplay) {
            case .failure(let problem):
                diagnostics.append(problem)
                return (nil, diagnostics)
            case .success(let text):
                switch YAMLDocument.parse(text, file: manifestDisplay) {
                case .failure(let problem):
                    diagnostics.append(problem)
                    return (nil, diagnostics)
                case .success(let root):
                    var reader = SchemaReader(file: manifestDisplay)
                    let object = reader.object(root, "theme.yaml", fields: FileFormats.theme)
                    reader.editorSchema(object?[SchemaReader.editorSchemaKey])
                    let parent = reader.string(object?["extends"], "extends")
                    if let written = reader.string(object?["content-security-policy"], "content-security-policy"), policy == nil {
                        // One line of directives: it is written into an attribute and a header.
                        if !written.value.isEmpty, written.value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" }) {
                            policy = written.value
                        } else {
                            reader.error(.schemaType, "content-security-policy must be one line of CSP directives in printable ASCII without double quotes, such as \"default-src 'self'\"", at: written.location)
                        }
                    }
                    diagnostics += reader.diagnostics
                    if reader.diagnostics.hasErrors { return (nil, diagnostics) }
                    guard let parent else { break chain }
                    current = parent.value
                    currentLocation = parent.location
                }
            }
        }

        var source = ThemeSource(name: name, layers: layers.map(\.display), templates: [:], assets: [:], symbols: [:])
        source.contentSecurityPolicy = policy
        // Parents first, so the child's files replace theirs.
        for layer in layers.reversed() {
            for (relative, data) in files(under: layer.folder + "/templates", in: layer.store) where relative.hasSuffix(".mustache") {
                let file = "\(layer.display)/templates/\(relative)"
                switch SourceText.decode(data, file: file) {
                case .failure(let problem): diagnostics.append(problem)
                case .success(let text): source.templates[String(relative.dropLast(".mustache".count))] = .init(text: text, displayPath: file)
                }
            }
            for (relative, data) in files(under: layer.folder + "/assets", in: layer.store) {
                source.assets[relative] = data
                source.assetFiles[relative] = "\(layer.display)/assets/\(relative)"
            }
            for (relative, data) in files(under: layer.folder + "/demos", in: layer.store) where relative.hasSuffix(".yaml") && !relative.contains("/") {
                let file = "\(layer.display)/demos/\(relative)"
                switch SourceText.decode(data, file: file) {
                case .failure(let problem): diagnostics.append(problem)
                case .success(let text): source.kinds[String(relative.dropLast(".yaml".count))] = .init(text: text, displayPath: file)
                }
            }
            for (relative, data) in files(under: layer.folder + "/symbols", in: layer.store) where relative.hasSuffix(".svg") && !relative.contains("/") {
                source.symbols[String(relative.dropLast(4))] = String(decoding: data, as: UTF8.self)
            }
        }
        return (source, diagnostics)
    }

    /// `path` made absolute from the working folder, `.` and `..` folded.
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Regular files below `folder`, by relative path, read through `store`; hidden files skipped.
    package static func files(under folder: String, in store: any FileStore) -> [(String, [UInt8])] {
        let (kind, resolved) = store.entry(folder)
        guard kind == .folder else { return [] }
        var walk = store.walk(resolved, limit: ReadLimit.theme) { _ in true }
        return store.read(&walk).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A path shown relative to the working directory when it lies below it.
    package static func displayPath(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if standardized.hasPrefix(cwd + "/") { return String(standardized.dropFirst(cwd.count + 1)) }
        return standardized
    }
}
