import Foundation
import MCP
import CatalogCore
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogPipeline
import CatalogModel
import CatalogHistory
import CatalogOutput

/// `catalog-build mcp`: the catalog as a Model Context Protocol server. Its tools and resources
/// answer from the same pipeline as `build` (the same reader, checks and data files), read the
/// catalog again before each answer when its files changed (as `serve` does), never write
/// anything, and answer a bad argument with an MCP error that says what to send.
public final class CatalogMCPServer: Sendable {
    public let server: Server
    package let catalog: CatalogState

    public init(source: String, options: LoadOptions = LoadOptions(), version: String) {
        catalog = CatalogState(source: source, options: options)
        server = Server(
            name: "catalog-build",
            version: version,
            instructions: "A design-system catalog: its components (properties, states, variants, appearances with tokens per mode, contrast, accessibility, readiness), its design tokens, its guidelines and its problems. Start with list_components or search; resources hold every page as Markdown and the data as JSON.",
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
    }

    /// Registers the handlers and serves `transport` until it closes.
    public func run(transport: any Transport) async throws {
        try await start(transport: transport)
        await server.waitUntilCompleted()
    }

    /// Registers the handlers and starts serving `transport` (the tests' in-process transport).
    public func start(transport: any Transport) async throws {
        let catalog = self.catalog
        await server.withMethodHandler(ListTools.self) { _ in
            .init(tools: CatalogTools.all.map(\.tool))
        }
        // Every tool answers for any kept version: `version` is taken here, before the tool runs.
        await server.withMethodHandler(CallTool.self) { params in
            guard let tool = CatalogTools.all.first(where: { $0.tool.name == params.name }) else {
                throw MCPError.invalidParams("there is no tool '\(params.name)'; tools/list names them: \(CatalogTools.all.map(\.tool.name).joined(separator: ", "))")
            }
            let arguments = Arguments(params.arguments ?? [:], tool: tool.tool.name)
            do {
                try arguments.rejectUnknown(tool.argumentNames)
                let version = try arguments.string("version", example: "\"v1.2.0\"")
                let text = try await CatalogState.$requestedVersion.withValue(version) { try await tool.answer(arguments, catalog) }
                return .init(content: [.text(text)], isError: false)
            } catch let failure as CatalogQuery.Failure {
                throw MCPError.invalidParams(failure.description)
            }
        }
        await server.withMethodHandler(ListResources.self) { _ in
            let query = try await catalog.query()
            var resources = query.pages().map { page in
                Resource(name: page.title, uri: CatalogResources.uri(page.path), description: "Markdown of the page, made from \(page.sources.joined(separator: ", "))", mimeType: "text/markdown")
            }
            for component in query.catalog.components {
                resources.append(Resource(name: "\(component.name.value) (JSON)", uri: CatalogResources.uri(component.pagePath + "component.json"),
                                          description: "Everything about \(component.name.value) as data, from \(ComponentData.catalogPath(component.location.file, in: query.catalog)):\(component.location.line)", mimeType: "application/json"))
            }
            resources.append(Resource(name: "components.json", uri: CatalogResources.uri("components.json"), description: "The catalog's index: each component's names, readiness, page and its component.json (components.schema.json describes both)", mimeType: "application/json"))
            resources.append(Resource(name: "components.schema.json", uri: CatalogResources.uri("components.schema.json"), description: "The JSON Schema of components.json", mimeType: "application/schema+json"))
            resources.append(Resource(name: "llms.txt", uri: CatalogResources.uri("llms.txt"), description: "The catalog's pages by section, as links", mimeType: "text/plain"))
            return .init(resources: resources, nextCursor: nil)
        }
        await server.withMethodHandler(ReadResource.self) { params in
            guard let path = CatalogResources.path(params.uri) else {
                throw MCPError.invalidParams("resource URIs start with \(CatalogResources.scheme), such as \(CatalogResources.uri("components/switch/index.md")); resources/list names every one")
            }
            do {
                let (text, mimeType) = try await catalog.query().file(path)
                return .init(contents: [.text(text, uri: params.uri, mimeType: mimeType)])
            } catch let failure as CatalogQuery.Failure {
                throw MCPError.invalidParams(failure.description)
            }
        }
        try await server.start(transport: transport)
    }
}

/// Resource addresses: `catalog:///components/switch/index.md` is the site's
/// `components/switch/index.md`.
package enum CatalogResources {
    package static let scheme = "catalog:///"
    package static func uri(_ path: String) -> String { scheme + path }
    package static func path(_ uri: String) -> String? {
        uri.hasPrefix(scheme) ? String(uri.dropFirst(scheme.count)) : nil
    }
}

/// The catalog as last read, read again when its files changed: the folder is walked again
/// (only files whose `stat` changed are read) and the pipeline runs again, with its memo, only
/// when a file's bytes differ.
package actor CatalogState {
    package let source: String
    package let options: LoadOptions
    private var tree: SourceTree?
    private var result: PipelineResult?
    private let memo = PipelineMemo()
    /// The releases (`versions:`), found again when the catalog changed.
    private var analysis: HistoryAnalysis.Result?
    /// Each release asked for, as loaded (by tag and commit).
    private var releases: [String: PipelineResult] = [:]
    /// What each release changed is kept here between calls and sessions (the server never
    /// writes beside the catalog): one private folder (0700, this user's) per catalog, under
    /// the user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`); nil when none can be made
    /// safely (the history is then worked out afresh each time).
    private let cache: HistoryCache?

    /// The `version` a tool call asked for (nil: the working tree).
    @TaskLocal package static var requestedVersion: String?

    package init(source: String, options: LoadOptions) {
        self.source = source
        self.options = options
        cache = Self.cache(forCatalog: source)
    }

    /// The user's cache folder for this catalog's history, made private; nil when it cannot be.
    package static func cache(forCatalog source: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> HistoryCache? {
        let folder = URL(fileURLWithPath: source).standardizedFileURL.path
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.path + "/.cache"
        }
        for path in [base, base + "/catalog-build"] where mkdir(path, 0o700) != 0 && errno != EEXIST { return nil }
        let cache = HistoryCache(folder: base + "/catalog-build/mcp-" + StableHash.hex(folder, length: 16))
        guard case .success(let ready) = cache.prepared() else { return nil }
        return ready
    }

    package func current() throws -> PipelineResult {
        let fresh: SourceTree
        do {
            fresh = try CatalogReader.read(source, previous: tree)
        } catch {
            throw CatalogQuery.Failure("the catalog folder '\(source)' cannot be read: \(error)")
        }
        if let result, fresh == tree { return result }
        tree = fresh
        var options = self.options
        analysis = nil
        if let versions = CatalogLoader.settings(fresh, options: options)?.versions {
            let found = HistoryAnalysis.run(workingTree: fresh, source: source, settings: versions, options: options, cache: cache)
            analysis = found
            options.history = found.history
        }
        var made = Pipeline.run(fresh, options: options, memo: memo, pages: .scannedOnly)
        made.diagnostics = (made.diagnostics + (analysis?.diagnostics ?? [])).sortedForDisplay()
        result = made
        return made
    }

    package func query() throws -> CatalogQuery {
        let working = try current()
        guard let version = Self.requestedVersion, version != analysis?.history?.current else { return try CatalogQuery(working) }
        return try CatalogQuery(release(version))
    }

    /// A release's catalog, read with git at its tag, with the history up to it.
    private func release(_ tag: String) throws -> PipelineResult {
        guard let analysis, let history = analysis.history else {
            throw CatalogQuery.Failure("`version` names a release, but this catalog has none: catalog.yaml needs `versions: { tags: \"v*\" }` and the catalog must be in a git repository with release tags; leave `version` out for the working tree")
        }
        guard let release = history.releases.first(where: { $0.tag == tag }) else {
            let hint = DidYouMean.suggestion(for: tag, in: history.allTags).map { " Did you mean '\($0)'?" } ?? ""
            throw CatalogQuery.Failure("there is no version '\(tag)'.\(hint) The versions are \(history.current) (the working tree) and the releases \(history.allTags.reversed().joined(separator: ", ")).")
        }
        if let known = releases[release.tag + release.commit] { return known }
        let displayRoot = source.hasSuffix("/") ? String(source.dropLast()) : source
        let releaseTree: SourceTree
        do {
            releaseTree = try GitRevision.tree(at: release.commit, prefix: analysis.prefix, in: analysis.root, displayRoot: displayRoot)
        } catch {
            throw CatalogQuery.Failure("the release \(tag) could not be read: \(error)")
        }
        var options = self.options
        options.history = history.upTo(tag)
        let made = Pipeline.run(releaseTree, options: options, pages: .scannedOnly)
        releases[release.tag + release.commit] = made
        return made
    }
}

/// A tool call's arguments, with the checks that turn a bad one into an error naming it.
package struct Arguments {
    package let values: [String: Value]
    package let tool: String

    package init(_ values: [String: Value], tool: String) {
        self.values = values
        self.tool = tool
    }

    package func string(_ name: String, required: Bool = false, example: String) throws -> String? {
        guard let value = values[name], value != .null else {
            if required { throw CatalogQuery.Failure("\(tool) needs `\(name)`, such as \(example)") }
            return nil
        }
        guard let text = value.stringValue, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CatalogQuery.Failure("`\(name)` must be non-empty text, such as \(example)")
        }
        return text
    }

    /// A finite number (a JSON number, or text that is one); `inf`, `nan` and anything else
    /// is an error that says what to send.
    package func number(_ name: String, example: String) throws -> Double? {
        guard let value = values[name], value != .null else { return nil }
        let number: Double?
        if let given = value.doubleValue {
            number = given
        } else if let given = value.intValue {
            number = Double(given)
        } else if let text = value.stringValue {
            number = Double(text.trimmingCharacters(in: .whitespaces))
        } else {
            number = nil
        }
        guard let number, number.isFinite else { throw CatalogQuery.Failure("`\(name)` must be a finite number, such as \(example)") }
        return number
    }

    /// A whole number within `range`, checked before it becomes an `Int` (a number too large
    /// for one is an error, never a crash).
    package func integer(_ name: String, in range: ClosedRange<Int>, example: String) throws -> Int? {
        guard let number = try number(name, example: example) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw CatalogQuery.Failure("`\(name)` must be a whole number from \(range.lowerBound) to \(range.upperBound), such as \(example)")
        }
        return Int(number)
    }

    package func rejectUnknown(_ known: [String]) throws {
        for name in values.keys.sorted() where !known.contains(name) {
            let hint = DidYouMean.suggestion(for: name, in: known).map { "; did you mean `\($0)`?" } ?? ""
            throw CatalogQuery.Failure("\(tool) takes no argument `\(name)`\(hint) (it takes \(known.isEmpty ? "none" : known.map { "`\($0)`" }.joined(separator: ", ")))")
        }
    }
}
