import Foundation

/// The result of running the pipeline once.
public struct PipelineResult: Sendable {
    /// The rendered site; nil when an error stopped the run.
    public var site: Site?
    public var catalog: Catalog?
    public var theme: Theme?
    /// Every diagnostic shown, with the severity `rules:` gives it, sorted by file, line and
    /// column.
    public var diagnostics: [Diagnostic]
    /// The findings `ignore:` or `rules: … off` silenced, each with its reason (`suppressed`).
    public var suppressed: [Diagnostic] = []

    public var succeeded: Bool { site != nil && !diagnostics.hasErrors }
}

/// files → Load → Check → Render → (Check links) → Site. `build`, `serve` and `check` all
/// drive this one function, so what the preview shows is what `build` writes.
public enum Pipeline {
    /// Reads a theme by name; the CLI passes one that looks on disk, tests may pass their own.
    public typealias ThemeProvider = (_ name: String, _ location: SourceLocation) -> (ThemeSource?, [Diagnostic])

    public static func diskThemes(forCatalog source: String) -> ThemeProvider {
        let searchPath = ThemeReader.searchPath(forCatalog: source)
        return { name, location in ThemeReader.read(name: name, searchPath: searchPath, location: location) }
    }

    /// What happens to the rendered files.
    public enum Pages: Sendable {
        /// Kept in memory, in the result's site (`serve`, tests).
        case kept
        /// Scanned for the link checks and dropped (`check`: a large catalog never holds them all).
        case scannedOnly
    }

    /// With the rebuild loop's `memo`, a run redoes only the work whose inputs changed since the
    /// last run with the same memo (this and `Steps` are all that know it exists; the phases
    /// run their work through `Steps`).
    public static func run(_ tree: SourceTree, options: LoadOptions = LoadOptions(), themes: ThemeProvider, memo: PipelineMemo? = nil, pages: Pages = .kept) -> PipelineResult {
        memo?.begin()
        defer { memo?.end() }
        return run(tree, options: options, themes: themes, steps: Steps(memo: memo), sink: pages == .scannedOnly ? ScanningSink() : nil)
    }

    /// With a `sink`, rendered files go to it as they are made, not into the result's site.
    static func run(_ tree: SourceTree, options: LoadOptions, themes: ThemeProvider, steps: Steps, sink: (any SiteSink)?) -> PipelineResult {
        var timer = PhaseTimer()
        defer { timer.report() }
        let loaded = CatalogLoader.load(tree, options: options, steps: steps)
        timer.mark("load")
        var diagnostics = loaded.diagnostics
        guard let catalog = loaded.catalog else {
            return PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: diagnostics.sortedForDisplay())
        }
        let (source, themeProblems) = themes(catalog.settings.theme.value, catalog.settings.theme.location)
        diagnostics += themeProblems
        var theme: Theme?
        var themeUsable = false
        if let source {
            let (compiled, compileProblems) = steps.one("theme", source, Theme.compile)
            theme = compiled
            themeUsable = !compileProblems.hasErrors
            diagnostics += compileProblems
        }
        timer.mark("theme")
        diagnostics += Checker.checkModel(catalog, theme: theme, steps: steps)
        timer.mark("check model")
        guard let theme, themeUsable else {
            let (shown, suppressed) = RuleConfiguration.apply(diagnostics, catalog: catalog, complete: false)
            return PipelineResult(site: nil, catalog: catalog, theme: theme, diagnostics: shown, suppressed: suppressed)
        }
        // Rendered even when the model has errors, so link problems are reported in the same run;
        // the site is only handed out when there are none.
        let site = SiteRenderer.render(catalog, theme: theme, steps: steps, sink: sink)
        timer.mark("render")
        diagnostics += site.problems
        diagnostics += Checker.checkSite(catalog, site: site, steps: steps)
        timer.mark("check links")
        let (shown, suppressed) = RuleConfiguration.apply(diagnostics, catalog: catalog, complete: true)
        let ok = !shown.hasErrors
        return PipelineResult(site: ok ? site : nil, catalog: catalog, theme: theme, diagnostics: shown, suppressed: suppressed)
    }
}

/// `build` from start to finish: read the catalog, run the pipeline, and write the site only
/// when no error was found.
public enum SiteBuild {
    public struct Outcome: Sendable {
        public var result: PipelineResult
        /// Set when the site was written.
        public var report: SiteWriter.Report?
        /// Why the catalog folder could not be read or the output could not be written.
        public var failure: String?

        public var succeeded: Bool { report != nil }
    }

    /// What an output must never replace, contain or sit inside: the catalog and every place
    /// the catalog's themes are looked for, whether a folder is there yet or not (an output
    /// written to `themes/` beside the catalog would be refused by every later build).
    public static func protectedFolders(forCatalog source: String) -> [OutputGuard.Protected] {
        [OutputGuard.Protected(path: source, what: "the catalog folder")]
            + ThemeReader.searchPath(forCatalog: source).map { OutputGuard.Protected(path: $0, what: "a place themes are looked for") }
    }

    /// Removes the staging folders of the builds under way; for SIGINT and SIGTERM handlers.
    public static func discardInterrupted() {
        SiteStaging.discardActiveBuilds()
    }

    public static func run(source: String, output: String, options: LoadOptions = LoadOptions(), force: Bool = false) -> Outcome {
        let tree: SourceTree
        do {
            tree = try read(source)
        } catch {
            return Outcome(result: PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: []), report: nil, failure: "\(error)")
        }
        return run(tree, source: source, output: output, options: options, force: force)
    }

    /// Reads the catalog folder (timed for `make bench`).
    public static func read(_ source: String) throws -> SourceTree {
        var timer = PhaseTimer()
        let tree = try CatalogReader.read(source)
        timer.mark("read")
        timer.report()
        return tree
    }

    /// Builds the catalog `tree`, read from `source`, into `output`.
    public static func run(_ tree: SourceTree, source: String, output: String, options: LoadOptions = LoadOptions(), force: Bool = false) -> Outcome {
        let empty = PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: [])
        // Pages are written to a staging folder as they are rendered; it replaces the output only
        // when the whole build succeeded.
        let staging: SiteStaging
        do {
            staging = try SiteStaging(output: output, protecting: protectedFolders(forCatalog: source), force: force)
        } catch {
            return Outcome(result: empty, report: nil, failure: "\(error)")
        }
        let result = Pipeline.run(tree, options: options, themes: Pipeline.diskThemes(forCatalog: source), steps: Steps(memo: nil), sink: staging)
        guard let site = result.site, result.succeeded else {
            staging.discard()
            return Outcome(result: result, report: nil, failure: nil)
        }
        do {
            var timer = PhaseTimer()
            defer { timer.report() }
            let report = try staging.commit(site)
            timer.mark("write")
            return Outcome(result: result, report: report, failure: nil)
        } catch {
            staging.discard()
            return Outcome(result: result, report: nil, failure: "\(error)")
        }
    }
}

/// Prints how long each phase took, and the resident memory after it, when `CATALOG_BUILD_TIMING`
/// is set (for `make bench`).
struct PhaseTimer {
    private static let enabled = ProcessInfo.processInfo.environment["CATALOG_BUILD_TIMING"] != nil
    private var last = ContinuousClock.now
    private var phases: [(String, Duration, Int)] = []

    mutating func mark(_ phase: String) {
        guard Self.enabled else { return }
        let now = ContinuousClock.now
        phases.append((phase, last.duration(to: now), Self.residentMiB()))
        last = now
    }

    func report() {
        guard Self.enabled, !phases.isEmpty else { return }
        let text = phases.map { "\($0.0) \($0.1.wholeMilliseconds) ms (\($0.2) MiB)" }.joined(separator: ", ")
        FileHandle.standardError.write(Data("timing: \(text)\n".utf8))
    }

    /// The process's resident memory now, from /proc (0 where there is none).
    private static func residentMiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
