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
        package var statistics: PipelineStatistics
        package var duration: Duration
    }

    package let source: String
    package let sourceRoot: String
    package let options: LoadOptions

    /// What one rebuild hands the next.
    private struct State {
        let memo = PipelineMemo()
        var tree: SourceTree
        var snapshot = SiteSnapshot()
        var lastDiagnostics: [Diagnostic]?
        /// Whether the watcher watched what the last read touched from before that read began
        /// to now (its roots did not change after it): then what it reports is every change
        /// since, and the next read may read the changed files alone. Not so after the first
        /// read, which the watcher starts after, nor after a read that touched new places.
        var watchedThroughRead = false
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
        state = Mutex(State(tree: try CatalogReader.read(source)))
    }

    /// What to watch: what the last read touched (`SourceTree.reads`), so a folder that a later
    /// read would read differently — a theme folder made where it would win, a code folder
    /// added to catalog.yaml — is watched from the rebuild that first reads or looks for it.
    package var watchedRoots: [FileWatcher.Root] {
        let reads = state.withLock { $0.tree.reads }
        return FileWatcher.Root.covering(reads)
    }

    /// Builds after `changedPaths` (absolute) changed on disk, then has `watcher` watch what this
    /// read touched: the one step `serve` takes per burst of saves.
    package func rebuild(changedPaths: Set<String>, watching watcher: inout FileWatcher) -> Outcome {
        let watched = state.withLock { $0.watchedThroughRead }
        let outcome = rebuild(changedPaths: changedPaths, reported: watched && !changedPaths.isEmpty)
        let roots = watchedRoots
        let unchanged = roots == watcher.roots
        watcher.watch(roots)
        state.withLock { $0.watchedThroughRead = unchanged }
        return outcome
    }

    /// Builds after `changedPaths` (absolute) changed on disk; an empty set builds what is there.
    /// `reported`: a watcher that watched throughout saw exactly these changes (see `read`).
    package func rebuild(changedPaths: Set<String> = [], reported: Bool = false) -> Outcome {
        let started = ContinuousClock.now
        let catalogPaths = changedPaths.compactMap { path -> String? in
            path.hasPrefix(sourceRoot + "/") ? String(path.dropFirst(sourceRoot.count + 1)) : nil
        }
        let elsewhere = changedPaths.filter { !$0.hasPrefix(sourceRoot + "/") }
        return state.withLock { state in
            var timer = PhaseTimer()
            defer { timer.report() }
            state.tree = Self.read(source, previous: state.tree, reread: Set(catalogPaths), elsewhere: elsewhere, watched: reported)
            // Until a watcher is told to watch what this read touched, nothing says it did.
            state.watchedThroughRead = false
            timer.mark("read")
            let result = Pipeline.run(state.tree, options: options, memo: state.memo)

            let previous = state.snapshot
            var next = previous
            next.generation += 1
            next.status = BuildStatus(result.diagnostics, build: "\(serverID)-\(next.generation)")
            var changed: [String]?
            if let site = result.site {
                let changes = Self.changes(from: previous.site, to: site)
                changed = changes.changed
                // The served files are the previous site's, so the ones to drop are those it lost.
                var served = previous.served
                for path in changes.removed { served.removeValue(forKey: path) }
                for path in changed ?? [] {
                    guard let bytes = site[path] else { continue }
                    served[path] = ServedFile(path: path, bytes: bytes)
                }
                next.site = site
                next.served = served
                next.basePath = result.catalog?.settings.basePath ?? "/"
                next.approvedFolder = result.catalog?.settings.snapshots.folder ?? "snapshots"
                next.contentSecurityPolicy = result.theme?.source.contentSecurityPolicy ?? "default-src 'self'"
            }
            timer.mark("compare and swap")
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
    /// `watched`: the watcher reported what changed, `reread` every change it saw in the catalog
    /// and `elsewhere` every other, so when those in the catalog are files changed in place only
    /// they are read again (`CatalogReader.read(_:changed:elsewhere:previous:)`); otherwise the
    /// folder is walked.
    package static func read(_ source: String, previous: SourceTree?, reread: Set<String>, elsewhere: Set<String> = [], watched: Bool = false) -> SourceTree {
        do {
            if watched, let previous, let patched = try CatalogReader.read(source, changed: reread, elsewhere: elsewhere, previous: previous) { return patched }
            return try CatalogReader.read(source, previous: previous, reread: reread)
        } catch {
            let display = previous?.displayRoot ?? source
            // What the last read touched stays watched, so the preview sees the folder come back.
            var gone = SourceTree(displayRoot: display, files: [:], problems: [
                .error(.fileMissing, "the catalog folder '\(TextSafety.escaped(display))' is gone or is no longer a folder; put it back (serve picks it up again on its own)", at: SourceLocation(file: TextSafety.escaped(display))),
            ])
            gone.reads = previous?.reads ?? SourceReads()
            return gone
        }
    }

    /// Site paths whose bytes differ between two builds (added and removed ones included), and
    /// the paths the new site no longer has. Each path of the new site is looked
    /// up once in the old; the old site's paths are looked at only when some of them were not
    /// met that way (a file went away).
    package static func changes(from old: Site?, to new: Site) -> (changed: [String], removed: [String]) {
        guard let old else { return (new.files.keys.sorted(), []) }
        var changed: [String] = []
        var kept = 0
        for (path, bytes) in new.files {
            if let before = old[path] {
                kept += 1
                if before != bytes { changed.append(path) }
            } else {
                changed.append(path)
            }
        }
        var removed: [String] = []
        if kept < old.files.count {
            for path in old.files.keys where new[path] == nil { removed.append(path) }
        }
        return ((changed + removed).sorted(), removed)
    }

}
