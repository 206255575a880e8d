import Dispatch
import Foundation
import Yams

/// What a build asks of loading.
public struct LoadOptions: Sendable {
    /// Keep pages marked `draft: true`.
    public var includeDrafts: Bool
    /// `--base-url`, which wins over `baseURL:` in catalog.yaml.
    public var baseURL: String?
    /// `build --changes-since`: what changed since a revision, for the "What changed" page.
    public var changes: CatalogChanges?

    public init(includeDrafts: Bool = false, baseURL: String? = nil, changes: CatalogChanges? = nil) {
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.changes = changes
    }

    /// Why `baseURL` cannot be where a site is hosted, or nil when it can.
    public static func baseURLProblem(_ baseURL: String) -> String? {
        SettingsLoader.normalizeBaseURL(baseURL) == nil ? "--base-url must be \(SettingsLoader.baseURLRule), not '\(TextSafety.escaped(baseURL))'" : nil
    }
}

public struct LoadResult: Sendable {
    /// Nil when the catalog could not be read at all (no usable catalog.yaml).
    public var catalog: Catalog?
    public var diagnostics: [Diagnostic]
}

/// Turns the catalog's files into the model: every value checked against the content format
/// and kept with its `file:line:col`.
public enum CatalogLoader {
    public static let imageExtensions: Set<String> = ["png", "svg", "jpg", "jpeg", "gif", "webp", "avif"]

    public static func load(_ tree: SourceTree, options: LoadOptions = LoadOptions(), cache: BuildCache? = nil) -> LoadResult {
        var diagnostics = tree.problems
        guard tree.files["catalog.yaml"] != nil else {
            diagnostics.append(.error("file.missing", "there is no catalog.yaml in the catalog folder; create it with at least `title: <the catalog's name>`", at: tree.location("catalog.yaml")))
            return LoadResult(catalog: nil, diagnostics: diagnostics)
        }
        let settings = loadSettings(tree, options: options, into: &diagnostics)
        let (tokens, modes) = loadTokens(tree, cache: cache, into: &diagnostics)
        let unsafe = settings?.unsafeMarkdown ?? false
        var pages = LoadedPages()
        loadComponents(tree, unsafe: unsafe, options: options, cache: cache, into: &pages, &diagnostics)
        loadGuides(tree, unsafe: unsafe, options: options, cache: cache, into: &pages, &diagnostics)

        // A slug names one page: a component and a guide may not share it.
        let componentSlugs = Set(pages.components.map(\.slug))
        for guide in pages.guides where componentSlugs.contains(guide.slug) {
            diagnostics.append(.error("slug.duplicate", "the slug '\(guide.slug)' is used by both components/\(guide.slug)/ and guides/\(guide.slug).md; rename one of them", at: guide.location))
        }
        pages.components = sortedForDisplay(pages.components) { ($0.order ?? Int.max, $0.name.value.lowercased(), $0.slug) }
        pages.guides = sortedForDisplay(pages.guides) { ($0.order ?? Int.max, $0.title.lowercased(), $0.slug) }
        pages.files += linkedFiles(of: pages.components.map { $0.prose?.links ?? [] } + pages.guides.map(\.prose.links), tree: tree, besides: pages.files)
        pages.files.sort { $0.path < $1.path }

        guard var settings else { return LoadResult(catalog: nil, diagnostics: diagnostics) }
        if let reference = settings.surfaceToken {
            if let color = tokens.token(reference.value)?.color {
                settings.surface = color
            } else {
                diagnostics.append(.error("ref.token", "surface must be a hex colour or a colour token; '\(reference.value)' is neither\(DidYouMean.hint(for: TokenSet.normalize(reference.value), in: tokens.names))", at: reference.location))
            }
        }
        if let modes { diagnostics += checkModePresentation(settings.modes, against: modes) }
        var catalog = Catalog(settings: settings, tokens: tokens, components: pages.components, guides: pages.guides, files: pages.files, excludedDrafts: pages.excludedDrafts)
        catalog.changes = options.changes
        catalog.modes = modes
        catalog.failedPages = pages.failed
        return LoadResult(catalog: catalog, diagnostics: diagnostics)
    }

    /// What the component and guide folders give the catalog.
    private struct LoadedPages {
        var components: [Component] = []
        var guides: [Guide] = []
        /// Images beside the pages (and, later, the files their prose links to).
        var files: [CatalogFile] = []
        var excludedDrafts = Set<String>()
        /// Pages that could not be loaded at all.
        var failed = Set<String>()
    }

    /// catalog.yaml, with `--base-url` applied and its content key set.
    private static func loadSettings(_ tree: SourceTree, options: LoadOptions, into diagnostics: inout [Diagnostic]) -> CatalogSettings? {
        var settings: CatalogSettings?
        let settingsFile = tree.displayPath("catalog.yaml")
        switch SourceText.decode(tree.files["catalog.yaml"] ?? [], file: settingsFile) {
        case .failure(let problem): diagnostics.append(problem)
        case .success(let text):
            switch YAMLDocument.parse(text, file: settingsFile) {
            case .failure(let problem): diagnostics.append(problem)
            case .success(let root):
                var loader = SettingsLoader(file: settingsFile)
                settings = loader.load(root)
                diagnostics += loader.reader.diagnostics
            }
        }
        guard var chosen = settings else { return nil }
        if let override = options.baseURL {
            if let normalized = SettingsLoader.normalizeBaseURL(override) {
                chosen.baseURL = normalized
            } else {
                diagnostics.append(.error("option.base-url", "--base-url must be \(SettingsLoader.baseURLRule), not '\(override)'", at: SourceLocation(file: "--base-url")))
            }
        }
        var key = StableHash.Combiner()
        key.add(tree.hashes["catalog.yaml"] ?? 0)
        key.add(chosen.baseURL)
        key.add(options.includeDrafts)
        chosen.contentKey = key.value
        return chosen
    }

    /// tokens/*.tokens.json, or what tokens/<name>.resolver.json loads (reused while no token or
    /// resolver file changed).
    private static func loadTokens(_ tree: SourceTree, cache: BuildCache?, into diagnostics: inout [Diagnostic]) -> (TokenSet, TokenModes?) {
        let tokenPaths = tree.files.keys.filter(isTokenFile)
        let resolverPaths = tree.files.keys.filter(TokenModesLoader.isResolverFile)
        let tokensKey = tree.hash(of: tokenPaths + resolverPaths)
        if let cached = cache?.tokens, cached.key == tokensKey {
            diagnostics += cached.value.2
            return (cached.value.0, cached.value.1)
        }
        var tokens: TokenSet
        var modes: TokenModes?
        var tokenDiagnostics: [Diagnostic]
        if resolverPaths.isEmpty {
            (tokens, tokenDiagnostics) = TokenLoader.load(tokenPaths.map { (path: $0, bytes: tree.files[$0] ?? []) }, tree: tree)
        } else {
            (tokens, modes, tokenDiagnostics) = TokenModesLoader.load(resolvers: resolverPaths, tokenFiles: tokenPaths, tree: tree)
        }
        tokens.contentKey = tokensKey
        cache?.tokens = BuildCache.Entry(key: tokensKey, value: (tokens, modes, tokenDiagnostics))
        diagnostics += tokenDiagnostics
        return (tokens, modes)
    }

    /// components/<slug>/: unchanged folders come from the cache, the rest load in parallel.
    private static func loadComponents(_ tree: SourceTree, unsafe: Bool, options: LoadOptions, cache: BuildCache?, into pages: inout LoadedPages, _ diagnostics: inout [Diagnostic]) {
        // Slug → the catalog paths of its files (names within the folder are cut only for the
        // folders that load: a rebuild keys every folder but loads one).
        var folderPaths: [String: [String]] = [:]
        for path in tree.files.keys where path.hasPrefix("components/") {
            let rest = path.utf8.dropFirst("components/".utf8.count)
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash != rest.startIndex, path.utf8.index(after: slash) != path.utf8.endIndex else { continue }
            folderPaths[String(path[rest.startIndex..<slash]), default: []].append(path)
        }
        func names(_ slug: String) -> [String] {
            (folderPaths[slug] ?? []).map { String(decoding: $0.utf8.dropFirst("components/".utf8.count + slug.utf8.count + 1), as: UTF8.self) }
        }
        let slugs = folderPaths.keys.sorted()
        let keys = slugs.map { slug -> UInt64 in
            var key = StableHash.Combiner()
            key.add(tree.hash(of: folderPaths[slug] ?? []))
            key.add(unsafe)
            return key.value
        }
        var loaded: [(Component?, [Diagnostic])?] = zip(slugs, keys).map { slug, key in
            guard let entry = cache?.components[slug], entry.key == key else { return nil }
            return entry.value
        }
        let missing = loaded.indices.filter { loaded[$0] == nil }
        let fresh = parallelMap(missing) { index -> (Component?, [Diagnostic]) in
            var (component, problems) = loadComponent(slug: slugs[index], files: names(slugs[index]), tree: tree, unsafe: unsafe)
            component?.inputKey = keys[index]
            return (component, problems)
        }
        for (index, result) in zip(missing, fresh) {
            loaded[index] = result
            cache?.components[slugs[index]] = BuildCache.Entry(key: keys[index], value: result)
        }
        if let cache {
            cache.lastRun.componentsLoaded = missing.count
            cache.lastRun.componentsReused = slugs.count - missing.count
            let present = Set(slugs)
            cache.components.keepOnly { present.contains($0) }
        }
        for (slug, (component, problems)) in zip(slugs, loaded.map { $0! }) {
            diagnostics += problems
            guard let component else {
                pages.failed.insert("components/\(slug)/")
                continue
            }
            if component.draft, !options.includeDrafts {
                pages.excludedDrafts.insert(component.pagePath)
                continue
            }
            pages.components.append(component)
            for path in folderPaths[component.slug] ?? [] where isImage(path) {
                pages.files.append(CatalogFile(path: path, in: tree))
            }
        }
    }

    /// guides/<slug>.md, and the images beside them.
    private static func loadGuides(_ tree: SourceTree, unsafe: Bool, options: LoadOptions, cache: BuildCache?, into pages: inout LoadedPages, _ diagnostics: inout [Diagnostic]) {
        for path in tree.files.keys.filter({ $0.hasPrefix("guides/") }).sorted() {
            let name = String(path.dropFirst("guides/".count))
            if name.contains("/") { continue }
            if isImage(name) {
                pages.files.append(CatalogFile(path: path, in: tree))
                continue
            }
            guard name.hasSuffix(".md") else { continue }
            var key = StableHash.Combiner()
            key.add(tree.hashes[path] ?? 0)
            key.add(unsafe)
            let (guide, problems): (Guide?, [Diagnostic])
            if let entry = cache?.guides[path], entry.key == key.value {
                (guide, problems) = entry.value
            } else {
                var result = loadGuide(path: path, slug: String(name.dropLast(3)), tree: tree, unsafe: unsafe)
                result.0?.inputKey = key.value
                cache?.guides[path] = BuildCache.Entry(key: key.value, value: result)
                (guide, problems) = result
            }
            diagnostics += problems
            guard let guide else {
                pages.failed.insert("guides/\(name.dropLast(3))/")
                continue
            }
            if guide.draft, !options.includeDrafts {
                pages.excludedDrafts.insert(guide.pagePath)
                continue
            }
            pages.guides.append(guide)
        }
    }

    /// Every local file the prose links to (a video, a PDF, a download), copied to the same
    /// path in the output; images beside the Markdown are in `besides` already. A link to a file
    /// that is not in the catalog is reported by the link check at its Markdown line.
    static func linkedFiles(of pages: [[ProseLink]], tree: SourceTree, besides: [CatalogFile]) -> [CatalogFile] {
        var copied = Set(besides.map(\.path))
        var result: [CatalogFile] = []
        for links in pages {
            for link in links {
                guard case .file(let path) = link.target, tree.files[path] != nil, copied.insert(path).inserted else { continue }
                result.append(CatalogFile(path: path, in: tree))
            }
        }
        return result
    }

    /// `modes:` in catalog.yaml may only name the resolver's modifiers and their contexts.
    static func checkModePresentation(_ presentations: [ModePresentation], against modes: TokenModes) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for presentation in presentations {
            guard let modifier = modes.modifier(presentation.modifier.value) else {
                diagnostics.append(.error("ref.mode", "the resolver has no modifier '\(presentation.modifier.value)'\(DidYouMean.hint(for: presentation.modifier.value, in: modes.modifiers.map(\.name))); modes: names the resolver's modifiers", at: presentation.modifier.location))
                continue
            }
            for context in presentation.contexts where modifier.context(context.name.value) == nil {
                diagnostics.append(.error("ref.mode", "the modifier '\(modifier.name)' has no context '\(context.name.value)'\(DidYouMean.hint(for: context.name.value, in: modifier.contexts.map(\.name))); use one of \(modifier.contexts.map(\.name).joined(separator: ", "))", at: context.name.location))
            }
        }
        return diagnostics
    }

    /// Pages in the order the site lists them: by `order`, then name (ignoring case), then slug.
    /// The keys are worked out once per page, not once per comparison.
    private static func sortedForDisplay<Page>(_ pages: [Page], by key: (Page) -> (Int, String, String)) -> [Page] {
        zip(pages.map(key), pages.indices).sorted { $0.0 < $1.0 }.map { pages[$0.1] }
    }

        static func isTokenFile(_ path: String) -> Bool {
        path.hasPrefix("tokens/") && (path.hasSuffix(".tokens.json") || path.hasSuffix(".tokens"))
    }

    static func isImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && !slug.hasPrefix("-") && slug.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    }

    /// `name` as lowercase letters, digits and single dashes ("Ünïcode Switch" → "unicode-switch").
    static func suggestedSlug(_ name: String, fallback: String = "component") -> String {
        var slug = ""
        for scalar in name.folding(options: .diacriticInsensitive, locale: nil).lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-"), !slug.isEmpty {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? fallback : slug
    }

    // MARK: Components

    private static func loadComponent(slug: String, files: [String], tree: SourceTree, unsafe: Bool) -> (Component?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let folder = "components/\(slug)"
        let yamlPath = "\(folder)/component.yaml"
        let yamlDisplay = tree.displayPath(yamlPath)
        guard isValidSlug(slug) else {
            let anchor = files.contains("component.yaml") ? yamlPath : "\(folder)/\(files.sorted().first ?? "")"
            diagnostics.append(.error("slug.invalid", "the folder name '\(slug)' is not a valid slug; rename the folder to lowercase letters, digits and '-', such as '\(suggestedSlug(slug))'", at: tree.location(anchor)))
            return (nil, diagnostics)
        }
        guard let yamlBytes = tree.files[yamlPath] else {
            let anchor = files.contains("index.md") ? "\(folder)/index.md" : "\(folder)/\(files.sorted().first ?? "")"
            diagnostics.append(.error("file.missing", "\(folder)/ has no component.yaml; add one with at least `name:` and `summary:`", at: tree.location(anchor)))
            return (nil, diagnostics)
        }
        var component: Component?
        switch SourceText.decode(yamlBytes, file: yamlDisplay) {
        case .failure(let problem): diagnostics.append(problem)
        case .success(let text):
            switch YAMLDocument.parse(text, file: yamlDisplay) {
            case .failure(let problem): diagnostics.append(problem)
            case .success(let root):
                var loader = ComponentLoader(file: yamlDisplay)
                component = loader.load(root, slug: slug)
                diagnostics += loader.reader.diagnostics
            }
        }

        let markdownPath = "\(folder)/index.md"
        if let markdownBytes = tree.files[markdownPath] {
            let display = tree.displayPath(markdownPath)
            if let problem = ProseLoader.sizeProblem(markdownBytes.count, displayPath: display) {
                diagnostics.append(problem)
                return (component, diagnostics)
            }
            switch SourceText.decode(markdownBytes, file: display) {
            case .failure(let problem): diagnostics.append(problem)
            case .success(let text):
                switch FrontMatter.split(text, file: display) {
                case .failure(let problem): diagnostics.append(problem)
                case .success(let frontMatter):
                    var reader = SchemaReader(file: display, lineOffset: frontMatter.yamlLineOffset)
                    let object = reader.object(frontMatter.node, "the front matter of index.md", keys: ["order", "draft", "extra"], at: SourceLocation(file: display), unknownKeyAdvice: FrontMatter.extraAdvice)
                    let order = reader.int(object?["order"], "order")?.value
                    let draft = reader.bool(object?["draft"], "draft")?.value ?? false
                    let extra = reader.extra(object?["extra"])
                    diagnostics += reader.diagnostics
                    var (prose, problems) = ProseLoader.render(
                        body: frontMatter.body, path: markdownPath, displayPath: display,
                        lineOffset: frontMatter.bodyLineOffset, pageDirectory: "\(folder)/",
                        unsafe: unsafe, reservedIDs: PageSections.componentReserved
                    )
                    prose.extra = extra
                    diagnostics += problems
                    component?.prose = prose
                    component?.order = order
                    component?.draft = draft
                }
            }
        }
        return (component, diagnostics)
    }

    // MARK: Guides

    private static func loadGuide(path: String, slug: String, tree: SourceTree, unsafe: Bool) -> (Guide?, [Diagnostic]) {
        let display = tree.displayPath(path)
        guard isValidSlug(slug) else {
            return (nil, [.error("slug.invalid", "the file name '\(slug).md' is not a valid slug; rename it to lowercase letters, digits and '-', such as '\(suggestedSlug(slug)).md'", at: tree.location(path))])
        }
        var diagnostics: [Diagnostic] = []
        if let problem = ProseLoader.sizeProblem(tree.files[path]?.count ?? 0, displayPath: display) { return (nil, [problem]) }
        let text: String
        switch SourceText.decode(tree.files[path] ?? [], file: display) {
        case .failure(let problem): return (nil, [problem])
        case .success(let decoded): text = decoded
        }
        let frontMatter: FrontMatter
        switch FrontMatter.split(text, file: display) {
        case .failure(let problem): return (nil, [problem])
        case .success(let split): frontMatter = split
        }
        var reader = SchemaReader(file: display, lineOffset: frontMatter.yamlLineOffset)
        let object = reader.object(frontMatter.node, "the front matter of a guide", keys: ["title", "order", "draft", "description", "extra"], at: SourceLocation(file: display), unknownKeyAdvice: FrontMatter.extraAdvice)
        let title = reader.string(object?["title"], "title")
        let order = reader.int(object?["order"], "order")?.value
        let draft = reader.bool(object?["draft"], "draft")?.value ?? false
        let description = reader.string(object?["description"], "description")?.value
        let extra = reader.extra(object?["extra"])
        diagnostics += reader.diagnostics
        var (prose, problems) = ProseLoader.render(
            body: frontMatter.body, path: path, displayPath: display, lineOffset: frontMatter.bodyLineOffset,
            pageDirectory: "guides/\(slug)/", unsafe: unsafe, reservedIDs: PageSections.layout,
            extractTitle: title == nil
        )
        prose.extra = extra
        diagnostics += problems
        // Without `title:`, a guide that opens with `# Heading` takes that heading as its title.
        let resolvedTitle = title?.value ?? prose.title
        guard let resolvedTitle, !resolvedTitle.isEmpty else {
            diagnostics.append(.error("schema.missing-key", "the guide has no title; add front matter `---\\ntitle: <the guide's title>\\n---` at the top", at: SourceLocation(file: display)))
            return (nil, diagnostics)
        }
        return (Guide(slug: slug, title: resolvedTitle, description: description, order: order, draft: draft, prose: prose, location: SourceLocation(file: display)), diagnostics)
    }

    /// Runs `transform` over `items` on all cores, keeping the order.
    static func parallelMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        withoutActuallyEscaping(transform) { transform in
            results.withUnsafeMutableBufferPointer { buffer in
                let work = UncheckedSendableBox((buffer, transform, items))
                DispatchQueue.concurrentPerform(iterations: items.count) { index in
                    work.value.0[index] = work.value.1(work.value.2[index])
                }
            }
        }
        return results.map { $0! }
    }
}

/// Lets `concurrentPerform` write each result into its own slot of one buffer.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
