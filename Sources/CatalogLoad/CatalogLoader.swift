import Dispatch
import Foundation
import Yams
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel
import CatalogCode

/// What a build asks of loading.
public struct LoadOptions: Sendable {
    /// Keep pages marked `draft: true`.
    public var includeDrafts: Bool
    /// `--base-url`, which wins over `baseURL:` in catalog.yaml.
    public var baseURL: String?
    /// `build --changes-since`: what changed since a revision, for the "What changed" page.
    public var changes: CatalogChanges?
    /// `versions:`: the releases and what each changed, as this version shows them.
    public var history: ReleaseHistory?
    /// Which version of the site is being built (nil: a site without versions).
    public var version: VersionContext?
    /// The day stale manual accessibility results are judged by (`YYYY-MM-DD`; nil: `BuildDay.today`).
    public var today: String?

    public init(includeDrafts: Bool = false, baseURL: String? = nil, changes: CatalogChanges? = nil, history: ReleaseHistory? = nil, version: VersionContext? = nil) {
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.changes = changes
        self.history = history
        self.version = version
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

    public static func load(_ tree: SourceTree, options: LoadOptions = LoadOptions()) -> LoadResult {
        load(tree, options: options, steps: Steps(memo: nil))
    }

    /// Each token set, component folder and guide is a piece of work whose input is its own
    /// files (`SourceTree.subtree`), so under `serve` an unchanged one is not loaded again.
    package static func load(_ tree: SourceTree, options: LoadOptions, steps: Steps) -> LoadResult {
        var diagnostics = tree.problems
        guard tree.files["catalog.yaml"] != nil else {
            diagnostics.append(.error(.fileMissing, "there is no catalog.yaml in the catalog folder; create it with at least `title: <the catalog's name>`", at: tree.location("catalog.yaml")))
            return LoadResult(catalog: nil, diagnostics: diagnostics)
        }
        let settings = loadSettings(tree, options: options, into: &diagnostics)
        let (tokens, modes) = loadTokens(tree, steps: steps, into: &diagnostics)
        let unsafe = settings?.unsafeMarkdown ?? false
        var pages = LoadedPages()
        loadComponents(tree, unsafe: unsafe, options: options, steps: steps, into: &pages, &diagnostics)
        loadGuides(tree, unsafe: unsafe, options: options, steps: steps, into: &pages, &diagnostics)
        // The site's own files: published as they are, under the same path.
        for path in tree.files.keys.sorted() where path.hasPrefix("assets/") { pages.files.append(CatalogFile(path: path, bytes: tree.files[path] ?? [], contentHash: tree.hashes[path])) }

        // A slug names one page: a component and a guide may not share it.
        let componentSlugs = Set(pages.components.map(\.slug))
        for guide in pages.guides where componentSlugs.contains(guide.slug) {
            diagnostics.append(.error(.slugDuplicate, "the slug '\(guide.slug)' is used by both components/\(guide.slug)/ and guides/\(guide.slug).md; rename one of them", at: guide.location))
        }
        // A guide and a section may not share a page either.
        let sectionSlugs = Set(pages.guideSections.map(\.slug))
        for guide in pages.guides where sectionSlugs.contains(guide.slug) {
            diagnostics.append(.error(.slugDuplicate, "guides/\(guide.slug).md and the section guides/\(guide.slug)/ would both be the page guides/\(guide.slug)/; rename the file, or move it into the section as guides/\(guide.slug)/index.md", at: guide.location))
        }
        pages.components = sortedForDisplay(pages.components) { ($0.order ?? Int.max, $0.name.value.lowercased(), $0.slug) }
        pages.guideSections = sortedForDisplay(pages.guideSections) { ($0.order ?? Int.max, $0.title.lowercased(), $0.slug) }
        let sectionRank = Dictionary(uniqueKeysWithValues: pages.guideSections.enumerated().map { ($1.slug, $0 + 1) })
        pages.guides = sortedForDisplay(pages.guides) { ($0.order ?? Int.max, $0.title.lowercased(), $0.slug) }
        // Then by section, keeping that order within each (a stable sort).
        pages.guides = pages.guides.enumerated().sorted { (sectionRank[$0.element.section ?? ""] ?? 0, $0.offset) < (sectionRank[$1.element.section ?? ""] ?? 0, $1.offset) }.map(\.element)
        pages.files += linkedFiles(of: pages.components.map { $0.prose?.links ?? [] } + pages.components.flatMap { $0.tabFiles.map(\.prose.links) } + pages.guides.map(\.prose.links) + pages.guideSections.map { $0.intro?.links ?? [] }, tree: tree, besides: pages.files)
        let copied = Set(pages.files.map(\.path))
        for path in pages.unplaced where !copied.contains(path) {
            diagnostics.append(.warning(.guideNotAPage, "'\(path)' is neither a guide (.md) nor an image, and no page links to it, so it is not part of the site; link to it from a guide, or move it out of guides/", at: tree.location(path)))
        }
        pages.files.sort { $0.path < $1.path }

        guard var settings else { return LoadResult(catalog: nil, diagnostics: diagnostics) }
        if let reference = settings.surfaceToken {
            if let color = tokens.token(reference.value)?.color {
                settings.surface = color
            } else {
                diagnostics.append(.error(.refToken, "surface must be a hex colour or a colour token; '\(reference.value)' is neither\(DidYouMean.hint(for: TokenSet.normalize(reference.value), in: tokens.names))", at: reference.location))
            }
        }
        if let modes { diagnostics += checkModePresentation(settings.modes, against: modes) }
        checkTabFiles(&pages.components, tabs: settings.componentTabs, into: &diagnostics)
        var catalog = Catalog(settings: settings, tokens: tokens, components: pages.components, guides: pages.guides, files: pages.files, excludedDrafts: pages.excludedDrafts)
        catalog.guideSections = pages.guideSections
        catalog.changes = options.changes
        catalog.history = options.history
        catalog.webFiles = tree.web
        if let screenshots = settings.screenshots {
            catalog.shared.screenshotFiles = tree.screenshots
            catalog.screenshots = ScreenshotMatcher.index(tree.screenshots, settings: screenshots, components: catalog.components, modes: modes)
        }
        if settings.figma != nil {
            catalog.shared.figmaFiles = tree.figma
            catalog.shared.figma = steps.run(FigmaLoadStep.self, tree.figma)
            diagnostics += catalog.shared.figma.problems
        }
        if let conformance = settings.conformance {
            catalog.shared.audit = AuditEvidenceLoader.load(tree.audit, folder: conformance.evidence)
            diagnostics += catalog.shared.audit.problems
        }
        catalog.shared.today = options.today ?? BuildDay.today
        catalog.version = options.version
        catalog.modes = modes
        catalog.failedPages = pages.failed
        catalog.unloadedModels = pages.unloadedModels
        if settings.code != nil {
            catalog.code = loadCode(tree.code, components: catalog.components, steps: steps)
            catalog.codeFolders = tree.code.folders
        }
        return LoadResult(catalog: catalog, diagnostics: diagnostics)
    }

    /// What the code folders say (`code:`), read once: a step whose input is the files and the
    /// names whose call sites are counted.
    private static func loadCode(_ code: CodeFiles, components: [Component], steps: Steps) -> CodeIndex {
        var names: [String: Set<String>] = [:]
        for component in components {
            if let name = component.implementation?.swiftui?.value { names["swiftui", default: []].insert(name) }
            if let name = component.implementation?.compose?.value { names["compose", default: []].insert(name) }
        }
        // Two steps: what the code declares depends on the files alone (a component.yaml that
        // changes or breaks does not parse the code again); the call sites on the names too.
        var index = steps.run(CodeDeclarationsStep.self, code)
        index.addUsage(steps.run(CodeUsageStep.self, CodeUsageStep.Input(code: code, names: names)), implementations: names)
        return index
    }

    /// The saved Figma data, parsed once for as long as its files are unchanged.
    package enum FigmaLoadStep: Step {
        package static func run(_ input: FigmaFiles) -> FigmaDesign { FigmaLoader.load(input) }
    }

    package enum CodeDeclarationsStep: Step {
        package static func run(_ input: CodeFiles) -> CodeIndex { CodeIndex.declarations(input) }
    }

    package enum CodeUsageStep: Step {
        package struct Input: Hashable, Sendable {
            var code: CodeFiles
            var names: [String: Set<String>]
        }

        package static func run(_ input: Input) -> CodeUsage { CodeUsage.count(input.code, implementations: input.names) }
    }

    /// What the component and guide folders give the catalog.
    private struct LoadedPages {
        package var components: [Component] = []
        package var guides: [Guide] = []
        package var guideSections: [GuideSection] = []
        /// Files under guides/ that are neither a page nor an image: copied when a page links
        /// to one, said otherwise.
        package var unplaced: [String] = []
        /// Images beside the pages (and, later, the files their prose links to).
        package var files: [CatalogFile] = []
        package var excludedDrafts = Set<String>()
        /// Pages that could not be loaded at all.
        package var failed = Set<String>()
        /// Components whose component.yaml is there but did not load.
        package var unloadedModels = Set<String>()
    }

    /// catalog.yaml alone (nil when it cannot be read; the load reports why).
    public static func settings(_ tree: SourceTree, options: LoadOptions = LoadOptions()) -> CatalogSettings? {
        var ignored: [Diagnostic] = []
        return loadSettings(tree, options: options, into: &ignored)
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
                // Whether a sitemap is written is the option's to say now, not catalog.yaml's.
                diagnostics.removeAll { $0.rule == .siteNoSitemap }
                if normalized.hasPrefix("/") {
                    diagnostics.append(.warning(.siteNoSitemap, "--base-url is the path '\(normalized)', so no sitemap.xml is written (a sitemap lists absolute URLs only); give the full address where the site is hosted, such as --base-url https://example.org\(normalized)", at: SourceLocation(file: "--base-url")))
                }
            } else {
                diagnostics.append(.error(.optionBaseUrl, "--base-url must be \(SettingsLoader.baseURLRule), not '\(override)'", at: SourceLocation(file: "--base-url")))
            }
        }
        return chosen
    }

    /// tokens/*.tokens.json, or what tokens/<name>.resolver.json loads: one piece of work over
    /// the token and resolver files.
    private static func loadTokens(_ tree: SourceTree, steps: Steps, into diagnostics: inout [Diagnostic]) -> (TokenSet, TokenModes?) {
        let paths = tree.files.keys.filter { CatalogPaths.isTokenFile($0) || CatalogPaths.isResolverFile($0) || CatalogPaths.isPlainJSONInTokens($0) }
        let (tokens, modes, problems, referenced) = steps.run(TokenLoadStep.self, tree.subtree(paths))
        // A plain .json file the resolver document loads is a token file, not an ignored one.
        let loaded = Set(referenced.map { tree.location($0).file })
        diagnostics.removeAll { $0.rule == .tokenUnsupportedFile && loaded.contains($0.location.file) }
        diagnostics += problems
        return (tokens, modes)
    }

    /// The token and resolver files (a subtree of the catalog's) → the tokens, their modes, the
    /// problems, and the plain JSON files a resolver document loads.
    package enum TokenLoadStep: Step {
        package static func run(_ tree: SourceTree) -> (TokenSet, TokenModes?, [Diagnostic], Set<String>) {
            let tokenPaths = tree.files.keys.filter(CatalogPaths.isTokenFile)
            let resolverPaths = tree.files.keys.filter(CatalogPaths.isResolverFile)
            var tokens: TokenSet
            var modes: TokenModes?
            var problems: [Diagnostic]
            var referenced = Set<String>()
            if resolverPaths.isEmpty {
                (tokens, problems) = TokenLoader.load(tokenPaths.map { (path: $0, bytes: tree.files[$0] ?? []) }, tree: tree)
            } else {
                (tokens, modes, problems, referenced) = TokenModesLoader.load(resolvers: resolverPaths, tokenFiles: tokenPaths, tree: tree)
            }
            var key = StableHash.Combiner()
            key.add(tree.displayRoot)
            key.add(tree.hash(of: tree.files.keys))
            tokens.contentKey = key.value
            modes?.contentKey = key.value
            return (tokens, modes, problems, referenced)
        }
    }

    /// What loading one component folder reads: its slug, its files, and whether raw HTML is kept.
    /// Two sources are compared by their slug and their key (the files' paths and content
    /// hashes, and the Markdown setting), worked out once when the source is made: the same key
    /// the component is compared by (`inputKey`), at the cost of one integer a component.
    package struct ComponentSource: Hashable, Sendable {
        package let slug: String
        package let files: SourceTree
        package let unsafe: Bool
        /// The component's `inputKey`: its files' contents and the Markdown setting.
        package let key: UInt64

        package init(slug: String, files: SourceTree, unsafe: Bool) {
            self.slug = slug
            self.files = files
            self.unsafe = unsafe
            var key = StableHash.Combiner()
            key.add(files.displayRoot)
            key.add(files.hash(of: files.files.keys))
            key.add(unsafe)
            self.key = key.value
        }

        package static func == (left: ComponentSource, right: ComponentSource) -> Bool { left.key == right.key && left.slug == right.slug }
        package func hash(into hasher: inout Hasher) { hasher.combine(key) }
    }

    /// One component folder → the component (nil when it could not be loaded) and its problems.
    package enum ComponentLoadStep: Step {
        package static func run(_ source: ComponentSource) -> (Component?, [Diagnostic]) {
            let prefix = "components/\(source.slug)/".utf8.count
            let names = source.files.files.keys.map { String(decoding: $0.utf8.dropFirst(prefix), as: UTF8.self) }
            var (component, problems) = loadComponent(slug: source.slug, files: names, tree: source.files, unsafe: source.unsafe)
            component?.inputKey = source.key
            var content = StableHash.Combiner()
            content.add(source.files.hash(of: source.files.files.keys))
            content.add(source.unsafe)
            component?.contentKey = content.value
            return (component, problems)
        }
    }

    /// components/<slug>/: a piece of work per folder, loaded in parallel.
    private static func loadComponents(_ tree: SourceTree, unsafe: Bool, options: LoadOptions, steps: Steps, into pages: inout LoadedPages, _ diagnostics: inout [Diagnostic]) {
        // Slug → the catalog paths of its files.
        var folderPaths: [String: [String]] = [:]
        for path in tree.files.keys where path.hasPrefix("components/") {
            let rest = path.utf8.dropFirst("components/".utf8.count)
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash != rest.startIndex, path.utf8.index(after: slash) != path.utf8.endIndex else { continue }
            folderPaths[String(path[rest.startIndex..<slash]), default: []].append(path)
        }
        let slugs = folderPaths.keys.sorted()
        let loaded = steps.run(ComponentLoadStep.self, slugs.map { slug in
            (id: slug, input: ComponentSource(slug: slug, files: tree.subtree(folderPaths[slug] ?? []), unsafe: unsafe))
        })
        for (slug, (component, problems)) in zip(slugs, loaded) {
            diagnostics += problems
            guard let component else {
                pages.failed.insert("components/\(slug)/")
                if tree.files["components/\(slug)/component.yaml"] != nil { pages.unloadedModels.insert(slug) }
                continue
            }
            if component.draft, !options.includeDrafts {
                pages.excludedDrafts.insert(component.pagePath)
                continue
            }
            pages.components.append(component)
            for path in folderPaths[component.slug] ?? [] where isImage(path) {
                pages.files.append(CatalogFile(path: path, bytes: tree.files[path] ?? [], contentHash: tree.hashes[path]))
            }
        }
    }

    /// What loading one guide reads: its file and whether raw HTML is kept. Compared, like a
    /// component's source, by its path and its key, worked out once when the source is made.
    package struct GuideSource: Hashable, Sendable {
        package let path: String
        package let file: SourceTree
        package let unsafe: Bool
        /// The guide's `inputKey`: its file's content and the Markdown setting.
        package let key: UInt64

        package init(path: String, file: SourceTree, unsafe: Bool) {
            self.path = path
            self.file = file
            self.unsafe = unsafe
            var key = StableHash.Combiner()
            key.add(file.displayRoot)
            key.add(path)
            key.add(file.hashes[path] ?? 0)
            key.add(unsafe)
            self.key = key.value
        }

        package static func == (left: GuideSource, right: GuideSource) -> Bool { left.key == right.key && left.path == right.path }
        package func hash(into hasher: inout Hasher) { hasher.combine(key) }
    }

    /// One guide's page (or a section's index.md) → the guide (nil when it could not be loaded)
    /// and its problems.
    package enum GuideLoadStep: Step {
        package static func run(_ source: GuideSource) -> (Guide?, [Diagnostic]) {
            var slug = String(source.path.dropFirst("guides/".count).dropLast(3))
            if slug.hasSuffix("/index") { slug = String(slug.dropLast("/index".count)) }
            let isSectionIndex = source.path.hasSuffix("/index.md") && source.path.split(separator: "/").count == 3
            var result = loadGuide(path: source.path, slug: slug, tree: source.file, unsafe: source.unsafe, titleFallback: isSectionIndex ? GuideSection.title(fromFolder: slug) : nil)
            result.0?.inputKey = source.key
            return result
        }
    }

    /// guides/<slug>.md, guides/<section>/<slug>.md (one level of sections, each with an optional
    /// index.md), and the images beside them. Anything deeper, and a file that is neither a
    /// page nor an image, is said at its path.
    private static func loadGuides(_ tree: SourceTree, unsafe: Bool, options: LoadOptions, steps: Steps, into pages: inout LoadedPages, _ diagnostics: inout [Diagnostic]) {
        var guidePaths: [String] = []
        var sectionIndexes: [String: String] = [:]
        var sectionSlugs = Set<String>()
        for path in tree.files.keys.filter({ $0.hasPrefix("guides/") }).sorted() {
            let name = String(path.dropFirst("guides/".count))
            let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if parts.count > 2 {
                diagnostics.append(.warning(.guideTooDeep, "'\(path)' is \(parts.count - 1) folders deep under guides/; one level of sections is read (guides/<section>/<page>.md), so this file is not part of the site. Move it up to guides/\(parts[0])/", at: tree.location(path)))
                continue
            }
            if parts.count == 2 {
                guard isValidSlug(parts[0]) else {
                    diagnostics.append(.error(.slugInvalid, "the section folder 'guides/\(parts[0])/' is not a valid slug; rename it to lowercase letters, digits and '-', such as '\(suggestedSlug(parts[0]))'", at: tree.location(path)))
                    continue
                }
            }
            let file = parts.last ?? ""
            if isImage(file) {
                pages.files.append(CatalogFile(path: path, bytes: tree.files[path] ?? [], contentHash: tree.hashes[path]))
            } else if file.hasSuffix(".md") {
                if parts.count == 2, file == "index.md" {
                    sectionIndexes[parts[0]] = path
                } else {
                    guidePaths.append(path)
                }
                if parts.count == 2 { sectionSlugs.insert(parts[0]) }
            } else {
                pages.unplaced.append(path)
            }
        }
        let loaded = steps.run(GuideLoadStep.self, (guidePaths + sectionIndexes.values.sorted()).map { path in
            (id: path, input: GuideSource(path: path, file: tree.subtree([path]), unsafe: unsafe))
        })
        var sectionFields: [String: Guide] = [:]
        for (path, (guide, problems)) in zip(guidePaths + sectionIndexes.values.sorted(), loaded) {
            diagnostics += problems
            if path.hasSuffix("/index.md"), path.split(separator: "/").count == 3 {
                if let guide { sectionFields[String(path.split(separator: "/")[1])] = guide }
                continue
            }
            guard let guide else {
                pages.failed.insert("guides/\(path.dropFirst("guides/".count).dropLast(3))/")
                continue
            }
            if guide.draft, !options.includeDrafts {
                pages.excludedDrafts.insert(guide.pagePath)
                continue
            }
            pages.guides.append(guide)
        }
        // A section holds at least one page to be shown; its index gives its words.
        let used = Set(pages.guides.compactMap(\.section))
        for slug in sectionSlugs.sorted() where used.contains(slug) {
            let fields = sectionFields[slug]
            var section = GuideSection(
                slug: slug, title: fields?.title ?? GuideSection.title(fromFolder: slug), description: fields?.description,
                order: fields?.order, intro: fields.map(\.prose).flatMap { $0.html.isEmpty ? nil : $0 },
                location: fields?.location ?? tree.location("guides/\(slug)/")
            )
            section.inputKey = fields?.inputKey ?? 0
            pages.guideSections.append(section)
        }
        for slug in sectionSlugs.sorted() where !used.contains(slug) {
            if let path = sectionIndexes[slug] {
                diagnostics.append(.warning(.guideEmptySection, "the section guides/\(slug)/ has an index.md but no page of its own, so it is not shown; add a guide beside it (guides/\(slug)/<page>.md)", at: tree.location(path)))
            }
        }
    }

    /// Every local file the prose links to (a video, a PDF, a download), copied to the same
    /// path in the output; images beside the Markdown are in `besides` already. A link to a file
    /// that is not in the catalog is reported by the link check at its Markdown line.
    package static func linkedFiles(of pages: [[ProseLink]], tree: SourceTree, besides: [CatalogFile]) -> [CatalogFile] {
        var copied = Set(besides.map(\.path))
        var result: [CatalogFile] = []
        for links in pages {
            for link in links {
                guard case .file(let path) = link.target, tree.files[path] != nil, copied.insert(path).inserted else { continue }
                result.append(CatalogFile(path: path, bytes: tree.files[path] ?? [], contentHash: tree.hashes[path]))
            }
        }
        return result
    }

    /// A component's tab file must be one `pages.component-tabs` names: one it does not is an
    /// error at its path (with a did-you-mean) and is not published.
    private static func checkTabFiles(_ components: inout [Component], tabs: [ComponentTabSpec], into diagnostics: inout [Diagnostic]) {
        let files = tabs.dropFirst().map(\.file)
        let names = Set(files)
        for index in components.indices where !components[index].tabFiles.isEmpty {
            for tab in components[index].tabFiles where !names.contains(tab.file) {
                diagnostics.append(.error(.componentTabUnknown, "'\(tab.file).md' is not one of the component's tabs\(DidYouMean.hint(for: tab.file, in: files)); the tabs are \(files.map { $0 + ".md" }.joined(separator: ", ")) (pages.component-tabs in catalog.yaml): rename the file or add a tab for it", at: tab.location))
            }
            components[index].tabFiles.removeAll { !names.contains($0.file) }
        }
    }

    /// `modes:` in catalog.yaml may only name the resolver's modifiers and their contexts.
    package static func checkModePresentation(_ presentations: [ModePresentation], against modes: TokenModes) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for presentation in presentations {
            guard let modifier = modes.modifier(presentation.modifier.value) else {
                diagnostics.append(.error(.refMode, "the resolver has no modifier '\(presentation.modifier.value)'\(DidYouMean.hint(for: presentation.modifier.value, in: modes.modifiers.map(\.name))); modes: names the resolver's modifiers", at: presentation.modifier.location))
                continue
            }
            for context in presentation.contexts where modifier.context(context.name.value) == nil {
                diagnostics.append(.error(.refMode, "the modifier '\(modifier.name)' has no context '\(context.name.value)'\(DidYouMean.hint(for: context.name.value, in: modifier.contexts.map(\.name))); use one of \(modifier.contexts.map(\.name).joined(separator: ", "))", at: context.name.location))
            }
        }
        return diagnostics
    }

    /// Pages in the order the site lists them: by `order`, then name (ignoring case), then slug.
    /// The keys are worked out once per page, not once per comparison.
    private static func sortedForDisplay<Page>(_ pages: [Page], by key: (Page) -> (Int, String, String)) -> [Page] {
        zip(pages.map(key), pages.indices).sorted { $0.0 < $1.0 }.map { pages[$0.1] }
    }

    package static func isImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    package static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && !slug.hasPrefix("-") && slug.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    }

    /// `name` as lowercase letters, digits and single dashes ("Ünïcode Switch" → "unicode-switch").
    package static func suggestedSlug(_ name: String, fallback: String = "component") -> String {
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
            diagnostics.append(.error(.slugInvalid, "the folder name '\(slug)' is not a valid slug; rename the folder to lowercase letters, digits and '-', such as '\(suggestedSlug(slug))'", at: tree.location(anchor)))
            return (nil, diagnostics)
        }
        guard let yamlBytes = tree.files[yamlPath] else {
            let anchor = files.contains("index.md") ? "\(folder)/index.md" : "\(folder)/\(files.sorted().first ?? "")"
            diagnostics.append(.error(.fileMissing, "\(folder)/ has no component.yaml; add one with at least `name:` and `summary:`", at: tree.location(anchor)))
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
                // An example's `html:` that names a file beside component.yaml: its markup.
                if var loaded = component {
                    for index in loaded.webExamples.indices where WebExample.namesFile(loaded.webExamples[index].html.value) {
                        let written = loaded.webExamples[index].html
                        let path = LinkResolver.normalize((folder + "/" + written.value).split(separator: "/", omittingEmptySubsequences: false).map(String.init)) ?? ""
                        guard path.hasPrefix(folder + "/"), let bytes = tree.files[path] else {
                            diagnostics.append(.error(.fileMissing, "the example “\(loaded.webExamples[index].title.value)” names \(written.value), which is not a file in \(folder)/; put the example's markup there, or write it inline after `html: |`", at: written.location))
                            continue
                        }
                        switch SourceText.decode(bytes, file: tree.displayPath(path)) {
                        case .failure(let problem): diagnostics.append(problem)
                        case .success(let text):
                            loaded.webExamples[index].markup = text
                            loaded.webExamples[index].file = path
                        }
                    }
                    component = loaded
                }
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
                    // Pages moved from another tool (GOV.UK's, Primer's) bring `title` and
                    // `description`: the description describes the page where it is listed
                    // (meta, cards, search); the title is component.yaml's `name`, so a title
                    // that is more than the name in another case is a warning, not dropped
                    // without a word.
                    let object = reader.object(frontMatter.node, "the front matter of index.md", keys: ["order", "draft", "extra", "title", "description", "aliases"], at: SourceLocation(file: display), unknownKeyAdvice: FrontMatter.extraAdvice)
                    if let title = reader.string(object?["title"], "title"), let name = component?.name.value,
                       title.value.trimmingCharacters(in: .whitespaces).lowercased() != name.lowercased() {
                        reader.warning(.markdownTitleIgnored, "the front matter's title '\(title.value)' differs from component.yaml's name '\(name)', which is the page's title; remove `title:` or make the two the same", at: object?["title"])
                    }
                    let description = reader.string(object?["description"], "description")
                    if let description, !description.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        component?.description = description
                    }
                    if let aliases = reader.stringList(object?["aliases"], "aliases"), let existing = component?.aliases {
                        component?.aliases = ComponentLoader.aliases(existing + aliases)
                    }
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
        // Every other Markdown file in the folder is a tab (code.md → components/<slug>/code/);
        // whether catalog.yaml's `pages.component-tabs` names it is checked once the settings are read.
        for name in files.sorted() where name.hasSuffix(".md") && name != "index.md" && !name.contains("/") {
            let (tab, problems) = loadTabFile(String(name.dropLast(3)), folder: folder, tree: tree, unsafe: unsafe)
            diagnostics += problems
            if let tab { component?.tabFiles.append(tab) }
        }
        return (component, diagnostics)
    }

    /// A Markdown page's bytes checked for size, read as UTF-8 and split at its front matter,
    /// or the first problem in the way (a guide's and a tab's file read alike).
    private static func markdownPage(_ path: String, in tree: SourceTree) -> Result<FrontMatter, Diagnostic> {
        let display = tree.displayPath(path)
        let bytes = tree.files[path] ?? []
        if let problem = ProseLoader.sizeProblem(bytes.count, displayPath: display) { return .failure(problem) }
        return SourceText.decode(bytes, file: display).flatMap { FrontMatter.split($0, file: display) }
    }

    /// `components/<slug>/<file>.md`: a tab's prose, rendered for its page one folder deeper.
    private static func loadTabFile(_ file: String, folder: String, tree: SourceTree, unsafe: Bool) -> (ComponentTabFile?, [Diagnostic]) {
        let path = "\(folder)/\(file).md"
        let display = tree.displayPath(path)
        guard isValidSlug(file) else {
            return (nil, [.error(.slugInvalid, "the tab file name '\(file).md' is not a slug (it is the tab's URL); rename it to lowercase letters, digits and '-', such as '\(suggestedSlug(file, fallback: "tab")).md'", at: tree.location(path))])
        }
        let frontMatter: FrontMatter
        switch markdownPage(path, in: tree) {
        case .failure(let problem): return (nil, [problem])
        case .success(let split): frontMatter = split
        }
        var reader = SchemaReader(file: display, lineOffset: frontMatter.yamlLineOffset)
        let object = reader.object(frontMatter.node, "the front matter of a tab", keys: ["description", "extra"], at: SourceLocation(file: display), unknownKeyAdvice: FrontMatter.extraAdvice)
        let description = reader.string(object?["description"], "description")?.value.trimmingCharacters(in: .whitespacesAndNewlines)
        let extra = reader.extra(object?["extra"])
        var diagnostics = reader.diagnostics
        var (prose, problems) = ProseLoader.render(
            body: frontMatter.body, path: path, displayPath: display,
            lineOffset: frontMatter.bodyLineOffset, pageDirectory: "\(folder)/\(file)/",
            unsafe: unsafe, reservedIDs: PageSections.componentReserved
        )
        prose.extra = extra
        diagnostics += problems
        let tab = ComponentTabFile(file: file, prose: prose, description: description?.isEmpty == false ? description : nil, location: SourceLocation(file: display))
        return (tab, diagnostics)
    }

    // MARK: Guides

    /// A guide, or a section's index (whose title may be left to `titleFallback`).
    private static func loadGuide(path: String, slug: String, tree: SourceTree, unsafe: Bool, titleFallback: String? = nil) -> (Guide?, [Diagnostic]) {
        let display = tree.displayPath(path)
        guard slug.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ isValidSlug(String($0)) }) else {
            return (nil, [.error(.slugInvalid, "the file name '\(slug).md' is not a valid slug; rename it to lowercase letters, digits and '-', such as '\(suggestedSlug(slug)).md'", at: tree.location(path))])
        }
        var diagnostics: [Diagnostic] = []
        let frontMatter: FrontMatter
        switch markdownPage(path, in: tree) {
        case .failure(let problem): return (nil, [problem])
        case .success(let split): frontMatter = split
        }
        var reader = SchemaReader(file: display, lineOffset: frontMatter.yamlLineOffset)
        let object = reader.object(frontMatter.node, "the front matter of a guide", keys: ["title", "order", "draft", "description", "extra", "aliases"], at: SourceLocation(file: display), unknownKeyAdvice: FrontMatter.extraAdvice)
        let title = reader.string(object?["title"], "title")
        let order = reader.int(object?["order"], "order")?.value
        let draft = reader.bool(object?["draft"], "draft")?.value ?? false
        let description = reader.string(object?["description"], "description")?.value
        let aliases = ComponentLoader.aliases(reader.stringList(object?["aliases"], "aliases") ?? []).map(\.value)
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
        let resolvedTitle = title?.value ?? prose.title ?? titleFallback
        guard let resolvedTitle, !resolvedTitle.isEmpty else {
            // A body refused whole (too complex, too deep) was never read for its heading: that
            // error says what to do, and a missing title would only repeat it.
            if !problems.contains(where: { $0.severity == .error && [.markdownTooComplex, .markdownTooDeep, .markdownTooLarge].contains($0.rule) }) {
                diagnostics.append(.error(.schemaMissingKey, "the guide has no title; add front matter `---\\ntitle: <the guide's title>\\n---` at the top", at: SourceLocation(file: display)))
            }
            return (nil, diagnostics)
        }
        var guide = Guide(slug: slug, title: resolvedTitle, description: description, order: order, draft: draft, prose: prose, location: SourceLocation(file: display))
        guide.aliases = aliases
        return (guide, diagnostics)
    }
}
