import Foundation
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogRender
import CatalogPipeline
import CatalogOutput
import CatalogHistory

/// `build` of a catalog with `versions:`: the working tree at the output's root and each kept
/// release under `v/<tag>/`, read with `git` at its tag. A release's copy is built once into the
/// cache beside the output (`HistoryCache`) and reused while what it is made from — the tag's
/// commit and those before it, the theme, the tool, the base URL and the current version's page
/// list — is unchanged; it is hard-linked into the output, whose hashed assets every version
/// shares (one copy, at the root).
extension SiteBuild {
    /// What the versions of the last build cost (for `make bench` and tests).
    public struct VersionReport: Sendable {
        public var releasesBuilt: [String] = []
        public var releasesReused: [String] = []
        public var releasesFailed: [String] = []
    }

    static func runVersioned(_ tree: SourceTree, source: String, output: String, options: LoadOptions, force: Bool, versions: VersionSettings, baseURL: String) -> Outcome {
        let empty = PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: [])
        let cache: HistoryCache
        switch HistoryCache.open(output: output) {
        case .success(let opened): cache = opened
        case .failure(let refusal): return Outcome(result: empty, report: nil, failure: refusal.description)
        }
        // Builds of one output take turns: one never deletes another's copies in progress.
        let held = cache.lock()
        defer { withExtendedLifetime(held) {} }
        var timer = PhaseTimer()
        let analysis = HistoryAnalysis.run(workingTree: tree, source: source, settings: versions, options: options, cache: cache)
        timer.mark("history")
        var staging: SiteStaging
        do {
            staging = try SiteStaging(output: output, protecting: protectedFolders(forCatalog: source), force: force)
        } catch {
            return Outcome(result: empty, report: nil, failure: "\(error)")
        }
        var options = options
        var history = analysis.history
        if let history {
            options.version = VersionContext(label: history.current, isCurrent: true, folder: "", currentLabel: history.current)
        }
        var releaseProblems: [Diagnostic] = []
        var report = VersionReport()
        // The current version first (the releases' banners name its pages), then each kept
        // release. A release that does not build is left out; the current version is then
        // rendered again without it, so no switch, list or feed links a version that is not
        // published. A release that cannot be written fails the build, as the output would.
        while true {
            options.history = history
            var result = Pipeline.run(tree, options: options, steps: Steps(memo: nil), sink: staging)
            result.diagnostics = (result.diagnostics + analysis.diagnostics).sortedForDisplay()
            guard let site = result.site, result.succeeded else {
                staging.discard()
                result.site = nil
                return Outcome(result: result, report: nil, failure: nil)
            }
            var extra = (files: 0, bytes: 0)
            var leftOut: [String] = []
            if let releases = history {
                let currentPages = Set(site.pagePaths)
                var used = Set<String>()
                for tag in releases.kept.reversed() {
                    guard let release = releases.releases.first(where: { $0.tag == tag }) else { continue }
                    switch releaseSite(release, history: releases, analysis: analysis, source: source, options: options, baseURL: baseURL, currentPages: currentPages, cache: cache, report: &report, diagnostics: &releaseProblems, at: versions.location) {
                    case .published(let folder):
                        used.insert((folder as NSString).lastPathComponent)
                        do {
                            let linked = try HistoryCache.link(folder, into: staging.folder.path, version: VersionContext.folder(of: tag))
                            extra.files += linked.files
                            extra.bytes += linked.bytes
                        } catch {
                            staging.discard()
                            return Outcome(result: result, report: nil, failure: "the release \(tag) could not be written into the site: \(error); the previous output was left as it was")
                        }
                    case .leftOut:
                        leftOut.append(tag)
                    case .unwritable(let reason):
                        staging.discard()
                        return Outcome(result: result, report: nil, failure: "the release \(tag) could not be written: \(reason); the previous output was left as it was")
                    }
                }
                timer.mark("versions")
                if !leftOut.isEmpty {
                    var fewer = releases
                    fewer.kept.removeAll { leftOut.contains($0) }
                    history = fewer
                    staging.discard()
                    do {
                        staging = try SiteStaging(output: output, protecting: protectedFolders(forCatalog: source), force: force)
                    } catch {
                        return Outcome(result: empty, report: nil, failure: "\(error)")
                    }
                    continue
                }
                cache.prune(keeping: used)
            }
            result.diagnostics = (result.diagnostics + releaseProblems).sortedForDisplay()
            lastVersionReport.withLock { $0 = report }
            do {
                defer { timer.report() }
                var written = try staging.commit(site)
                written.files += extra.files
                written.bytes += extra.bytes
                timer.mark("write")
                return Outcome(result: result, report: written, failure: nil)
            } catch {
                staging.discard()
                return Outcome(result: result, report: nil, failure: "\(error)")
            }
        }
    }

    /// What became of a kept release.
    enum ReleaseCopy {
        /// Its copy in the cache, to link into the site.
        case published(String)
        /// It does not build and no earlier copy exists: it is left out (a warning says why).
        case leftOut
        /// Its copy could not be written (a full disk, a read-only cache): the build fails.
        case unwritable(String)
    }

    /// The cached copy of a release's site, built first when the cache does not have it; nil
    /// when it does not build and no earlier copy of it exists (a warning says which).
    private static func releaseSite(_ release: Release, history: ReleaseHistory, analysis: HistoryAnalysis.Result, source: String, options: LoadOptions, baseURL: String, currentPages: Set<String>, cache: HistoryCache, report: inout VersionReport, diagnostics: inout [Diagnostic], at location: SourceLocation?) -> ReleaseCopy {
        let folderName = VersionContext.folderName(release.tag)
        let versionFolder = VersionContext.folder(of: release.tag)
        // The theme the release's catalog.yaml names: its own from the tag, a theme outside the
        // repository (the tool's) as it is on disk now.
        let catalogDirectory = analysis.prefix.isEmpty ? analysis.root : analysis.root + "/" + analysis.prefix
        var settingsOnly = SourceTree(displayRoot: source, files: ["catalog.yaml": GitRevision.file(at: release.commit, path: analysis.prefix + "catalog.yaml", in: analysis.root) ?? []])
        if let store = try? RevisionStore(commit: release.commit, root: analysis.root) {
            settingsOnly.readTheme(searchPath: ThemeReader.searchPath(forCatalog: catalogDirectory), store: store)
        }
        var key = StableHash.Combiner()
        key.add(analysis.keys[release.tag] ?? release.commit)
        key.add(settingsOnly.theme.source?.contentKey ?? 0)
        key.add(ToolIdentity.key)
        key.add(baseURL)
        key.add(options.includeDrafts)
        // What the copy says of the current version (its canonical links, its banner's link) is
        // about its own pages only: the key holds which of them the current version has, read
        // from the list kept beside the copy, so adding a page elsewhere rebuilds nothing.
        let base = folderName + "-" + StableHash.hex(String(key.value), length: 16)
        func name(forPages pages: [String]) -> String {
            var present = StableHash.Combiner()
            for page in pages.sorted() where currentPages.contains(page) { present.add(page) }
            return base + "-" + StableHash.hex(String(present.value), length: 8)
        }
        if let pages = cache.pages(of: base), let cached = cache.site(name(forPages: pages)) {
            report.releasesReused.append(release.tag)
            return .published(cached)
        }
        var problem: String
        let displayRoot = source.hasSuffix("/") ? String(source.dropLast()) : source
        var read: SourceTree?
        do {
            read = try GitRevision.tree(at: release.commit, prefix: analysis.prefix, in: analysis.root, displayRoot: displayRoot)
            problem = ""
        } catch {
            problem = "\(error)"
        }
        if let tree = read {
            do {
                var releaseOptions = options
                releaseOptions.baseURL = baseURL + versionFolder
                releaseOptions.history = history.upTo(release.tag)
                releaseOptions.version = VersionContext(label: release.tag, isCurrent: false, folder: versionFolder, currentLabel: history.current, currentPages: currentPages)
                releaseOptions.changes = nil
                let building = base + "-building"
                let staging = try SiteStaging(output: cache.sitesFolder + "/" + building, protecting: [], force: true)
                let result = Pipeline.run(tree, options: releaseOptions, steps: Steps(memo: nil), sink: staging)
                if let site = result.site, result.succeeded {
                    _ = try staging.commit(site)
                    let final = name(forPages: site.pagePaths)
                    if cache.place(building, as: final, pages: site.pagePaths, of: base), let placed = cache.site(final) {
                        report.releasesBuilt.append(release.tag)
                        return .published(placed)
                    }
                    return .unwritable("its copy could not be moved into place in \(cache.sitesFolder)")
                }
                staging.discard()
                let errors = result.diagnostics.filter { $0.severity == .error }
                problem = "\(errors.count) error\(errors.count == 1 ? "" : "s"), the first \(errors.first.map { "\($0.location): \($0.message)" } ?? "unknown")"
            } catch {
                // Writing its copy failed (a full disk, a cache that cannot be written).
                return .unwritable("\(error)")
            }
        }
        report.releasesFailed.append(release.tag)
        // The copy an earlier build made of the same release, if the cache still has one.
        let earlier = cache.latestSite(named: folderName)
        let outcome = earlier == nil ? "it is left out of the site" : "its previous copy is published again"
        diagnostics.append(.warning(.versionsReleaseFailed, "the release \(release.tag) does not build (\(problem)); \(outcome), and the other versions publish", at: location ?? SourceLocation(file: "catalog.yaml")))
        return earlier.map { .published($0) } ?? .leftOut
    }
}

extension SiteBuild {
    /// `check`: the pipeline with its pages only scanned; a catalog with `versions:` has its
    /// release tags listed, so the versions its `changes:` notes name are checked, and the
    /// problems of `versions:` itself (no tags, a shallow clone) reported.
    public static func check(_ tree: SourceTree, source: String, options: LoadOptions) -> PipelineResult {
        var options = options
        var problems: [Diagnostic] = []
        if let versions = CatalogLoader.settings(tree, options: options)?.versions {
            let found = HistoryAnalysis.releases(workingTree: tree, source: source, settings: versions)
            options.history = found.history
            problems = found.diagnostics
        }
        var result = Pipeline.run(tree, options: options, pages: .scannedOnly)
        result.diagnostics = (result.diagnostics + problems).sortedForDisplay()
        return result
    }
}
