import Foundation
import Synchronization
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogRender
import CatalogPipeline

/// Runs the pipeline for the preview: the first build from disk, then rebuilds that read the
/// catalog exactly as `build` does (`CatalogReader.read`, which reuses the bytes of every file
/// whose stamp is unchanged) and reuse every piece of work whose input is unchanged. This is the
/// one place reuse between rebuilds lives: the memo (`PipelineMemo`) is made and kept here and
/// handed to `Pipeline.run`; the phases only run their work through `Steps`. What changes
/// between rebuilds (the tree, the memo, the last snapshot) lives behind one lock, so a rebuild
/// is whole or not started, whichever task calls it.
package final class Rebuilder: Sendable {
    package struct Outcome {
        /// Paths of the site whose bytes changed (nil when the build failed).
        package var changedFiles: [String]?
        package var diagnostics: [Diagnostic]
        /// False when the diagnostics are the same as the previous build's.
        package var diagnosticsChanged: Bool
        /// The previous build's diagnostics (nil for the first build), so the terminal can say
        /// what a rebuild changed instead of printing the whole list again.
        package var previousDiagnostics: [Diagnostic]? = nil
        package var pages: Int
        package var statistics: PipelineMemo.Statistics
        package var duration: Duration
    }

    package let source: String
    package let sourceRoot: String
    package let options: LoadOptions
    package let themeSearchPath: [String]
    /// The theme search path with symbolic links resolved, as the watcher reports paths.
    private let resolvedThemeSearchPath: [String]

    /// What one rebuild hands the next.
    private struct State {
        /// The theme last read, kept until a file below a theme folder changes.
        package var themeMemo: (name: String, location: SourceLocation, result: (ThemeSource?, [Diagnostic]))?
        package let memo = PipelineMemo()
        package var tree: SourceTree
        package var snapshot = SiteSnapshot()
        package var lastDiagnostics: [Diagnostic]?
    }

    private let state: Mutex<State>
    /// Tells this server's builds from those of an earlier run (generations restart at 1).
    private let serverID = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    /// The site as last built.
    package var snapshot: SiteSnapshot { state.withLock { $0.snapshot } }

    package init(source: String, options: LoadOptions) throws {
        self.source = source
        self.options = options
        sourceRoot = URL(fileURLWithPath: source).resolvingSymlinksInPath().standardizedFileURL.path
        themeSearchPath = ThemeReader.searchPath(forCatalog: source)
        resolvedThemeSearchPath = themeSearchPath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardizedFileURL.path }
        state = Mutex(State(tree: try CatalogReader.read(source)))
    }

    /// The folders to watch: the catalog and every folder themes are looked up in.
    package var watchedRoots: [String] {
        // The code folders catalog.yaml's `code:` names (as read at start), so saving a Swift or
        // Kotlin file rechecks the catalog against it.
        let code = state.withLock { $0.tree.code.folders }.filter { !$0.missing }.map { CodeFiles.path(of: $0.written, catalogDirectory: source) }
        var roots = [sourceRoot]
        for path in themeSearchPath.filter({ FileManager.default.fileExists(atPath: $0) }) + code {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
            guard resolved != sourceRoot, !resolved.hasPrefix(sourceRoot + "/"), !roots.contains(resolved) else { continue }
            roots.append(resolved)
        }
        return roots
    }

    /// Builds after `changedPaths` (absolute) changed on disk; an empty set builds what is there.
    package func rebuild(changedPaths: Set<String> = []) -> Outcome {
        let started = ContinuousClock.now
        let catalogPaths = changedPaths.compactMap { path -> String? in
            path.hasPrefix(sourceRoot + "/") ? String(path.dropFirst(sourceRoot.count + 1)) : nil
        }
        let themeChanged = changedPaths.contains { path in resolvedThemeSearchPath.contains { path.hasPrefix($0 + "/") } }
        return state.withLock { state in
            state.tree = Self.read(source, previous: state.tree, reread: Set(catalogPaths))
            if themeChanged { state.themeMemo = nil }
            var themeMemo = state.themeMemo
            let result = Pipeline.run(state.tree, options: options, themes: { name, location in
                readTheme(name: name, location: location, memo: &themeMemo)
            }, memo: state.memo)
            state.themeMemo = themeMemo

            let previous = state.snapshot
            var next = previous
            next.generation += 1
            next.status = BuildStatus(result.diagnostics, build: "\(serverID)-\(next.generation)")
            var changed: [String]?
            if let site = result.site {
                changed = Self.changedFiles(from: previous.site, to: site)
                var served = previous.served
                for path in served.keys.filter({ site[$0] == nil }) { served.removeValue(forKey: path) }
                for path in changed ?? [] {
                    guard let bytes = site[path] else { continue }
                    served[path] = ServedFile(path: path, bytes: bytes, etag: StableHash.hex(bytes: bytes, length: 16))
                }
                next.site = site
                next.served = served
                next.basePath = result.catalog?.settings.basePath ?? "/"
            }
            state.snapshot = next
            let diagnosticsChanged = state.lastDiagnostics != result.diagnostics
            let previousDiagnostics = state.lastDiagnostics
            state.lastDiagnostics = result.diagnostics
            return Outcome(
                changedFiles: changed, diagnostics: result.diagnostics, diagnosticsChanged: diagnosticsChanged,
                previousDiagnostics: previousDiagnostics,
                pages: result.site?.pagePaths.count ?? 0,
                statistics: state.memo.statistics, duration: started.duration(to: .now)
            )
        }
    }

    /// The catalog as `build` would read it now. A catalog folder that is gone (deleted, renamed,
    /// replaced by a file) is an error of its own, and the preview keeps the last good site.
    package static func read(_ source: String, previous: SourceTree?, reread: Set<String>) -> SourceTree {
        do {
            return try CatalogReader.read(source, previous: previous, reread: reread)
        } catch {
            let display = previous?.displayRoot ?? source
            return SourceTree(displayRoot: display, files: [:], problems: [
                .error("file.missing", "the catalog folder '\(TextSafety.escaped(display))' is gone or is no longer a folder; put it back (serve picks it up again on its own)", at: SourceLocation(file: TextSafety.escaped(display))),
            ])
        }
    }

    /// Reads a theme from disk only when its files may have changed. A theme that was not found
    /// is looked for again on every build.
    private func readTheme(name: String, location: SourceLocation, memo: inout (name: String, location: SourceLocation, result: (ThemeSource?, [Diagnostic]))?) -> (ThemeSource?, [Diagnostic]) {
        if let memo, memo.name == name, memo.location == location { return memo.result }
        let result = ThemeReader.read(name: name, searchPath: themeSearchPath, location: location)
        memo = result.0 == nil ? nil : (name, location, result)
        return result
    }

    /// Site paths whose bytes differ between two builds (added and removed ones included).
    package static func changedFiles(from old: Site?, to new: Site) -> [String] {
        guard let old else { return new.files.keys.sorted() }
        var changed: [String] = []
        for (path, bytes) in new.files where old[path] != bytes { changed.append(path) }
        for path in old.files.keys where new[path] == nil { changed.append(path) }
        return changed.sorted()
    }

}
