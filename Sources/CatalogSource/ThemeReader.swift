import Foundation
import Yams
import CatalogCore
import CatalogSyntax

/// A theme's files, merged along its `extends:` chain (a child's file wins over its parent's).
public struct ThemeSource: Sendable, Hashable {
    public struct Template: Sendable, Hashable {
        public var text: String
        /// Where it came from, as diagnostics show it.
        public var displayPath: String
    }

    public var name: String
    /// The theme folders, the chosen theme first, then what it extends.
    public var layers: [String]
    /// Template name (path under templates/ without `.mustache`) → text.
    public var templates: [String: Template]
    /// Path under assets/ → bytes.
    public var assets: [String: [UInt8]]
    /// Path under assets/ → the file it came from, as diagnostics show it.
    public var assetFiles: [String: String] = [:]
    /// Symbol name (file name under symbols/ without `.svg`) → SVG text.
    public var symbols: [String: String]
    /// Demo kind id (file name under demos/ without `.yaml`) → its contract's text.
    public var kinds: [String: Template] = [:]
    /// `content-security-policy:` in theme.yaml (the nearest theme of the chain that says it):
    /// what the theme's pages need, written into each page's `<meta http-equiv>` and sent by
    /// `serve`.
    public var contentSecurityPolicy: String? = nil

    /// A hash of every template, asset and symbol.
    public var contentKey: UInt64 {
        var combiner = StableHash.Combiner()
        combiner.add(name)
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            combiner.add(name)
            combiner.add(template.text)
        }
        for (path, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            combiner.add(path)
            combiner.add(StableHash.value(bytes))
        }
        for (name, svg) in symbols.sorted(by: { $0.key < $1.key }) {
            combiner.add(name)
            combiner.add(svg)
        }
        for (id, contract) in kinds.sorted(by: { $0.key < $1.key }) {
            combiner.add(id)
            combiner.add(contract.text)
        }
        combiner.add(contentSecurityPolicy ?? "")
        return combiner.value
    }

    public init(name: String, layers: [String] = [], templates: [String: Template], assets: [String: [UInt8]], symbols: [String: String], kinds: [String: Template] = [:]) {
        self.kinds = kinds
        self.name = name
        self.layers = layers
        self.templates = templates
        self.assets = assets
        self.symbols = symbols
    }
}

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
        // Sources/CatalogKit/Load/ThemeReader.swift → the repository's themes/.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent("themes"))
        return candidates.first(where: hasDefault)?.standardizedFileURL.path
    }

    /// Reads theme `name` and the themes it extends. `location` is where the name was written.
    /// Each folder of the chain goes into `reads`, and each place looked at before it that held
    /// no such theme (a folder made there later would win).
    public static func read(name: String, searchPath: [String], location: SourceLocation) -> (ThemeSource?, [Diagnostic]) {
        var reads = SourceReads()
        return read(name: name, searchPath: searchPath, location: location, reads: &reads)
    }

    package static func read(name: String, searchPath: [String], location: SourceLocation, reads: inout SourceReads) -> (ThemeSource?, [Diagnostic]) {
        var layers: [(folder: String, display: String)] = []
        var diagnostics: [Diagnostic] = []
        var policy: String?
        var current = name
        var currentLocation = location
        chain: while true {
            let candidates = searchPath.map { $0 + "/" + current }
            let found = candidates.first(where: { isDirectory($0) })
            for candidate in candidates.prefix(while: { $0 != found }) { reads.lookedFor(absolute(candidate)) }
            guard let folder = found else {
                let available = searchPath.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
                let hint = DidYouMean.hint(for: current, in: available)
                diagnostics.append(.error(.refTheme, "there is no theme named '\(current)' (looked in \(searchPath.joined(separator: ", ")))\(hint)", at: currentLocation))
                return (nil, diagnostics)
            }
            if layers.contains(where: { $0.folder == folder }) {
                diagnostics.append(.error(.themeExtendsCycle, "theme '\(current)' extends itself through \(layers.map(\.display).joined(separator: " → ")); break the cycle", at: currentLocation))
                return (nil, diagnostics)
            }
            layers.append((folder, displayPath(folder)))
            reads.read(absolute(folder))
            let manifestPath = folder + "/theme.yaml"
            guard let data = FileManager.default.contents(atPath: manifestPath) else { break chain }
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
                    let object = reader.object(root, "theme.yaml", keys: ["name", "description", "extends", "content-security-policy"])
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
            for (relative, data) in files(under: layer.folder + "/templates") where relative.hasSuffix(".mustache") {
                let file = "\(layer.display)/templates/\(relative)"
                switch SourceText.decode(data, file: file) {
                case .failure(let problem): diagnostics.append(problem)
                case .success(let text): source.templates[String(relative.dropLast(".mustache".count))] = .init(text: text, displayPath: file)
                }
            }
            for (relative, data) in files(under: layer.folder + "/assets") {
                source.assets[relative] = data
                source.assetFiles[relative] = "\(layer.display)/assets/\(relative)"
            }
            for (relative, data) in files(under: layer.folder + "/demos") where relative.hasSuffix(".yaml") && !relative.contains("/") {
                let file = "\(layer.display)/demos/\(relative)"
                switch SourceText.decode(data, file: file) {
                case .failure(let problem): diagnostics.append(problem)
                case .success(let text): source.kinds[String(relative.dropLast(".yaml".count))] = .init(text: text, displayPath: file)
                }
            }
            for (relative, data) in files(under: layer.folder + "/symbols") where relative.hasSuffix(".svg") && !relative.contains("/") {
                source.symbols[String(relative.dropLast(4))] = String(decoding: data, as: UTF8.self)
            }
        }
        return (source, diagnostics)
    }

    /// `path` made absolute from the working folder, `.` and `..` folded.
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    /// Regular files below `folder`, by relative path; hidden files skipped.
    package static func files(under folder: String) -> [(String, [UInt8])] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var result: [(String, [UInt8])] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let path = folder + "/" + relative
            guard !isDirectory(path), let data = FileManager.default.contents(atPath: path) else { continue }
            result.append((relative, [UInt8](data)))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// A path shown relative to the working directory when it lies below it.
    package static func displayPath(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if standardized.hasPrefix(cwd + "/") { return String(standardized.dropFirst(cwd.count + 1)) }
        return standardized
    }
}
