import Foundation
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogSiteCheck

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

    package init(site: Site? = nil, catalog: Catalog? = nil, theme: Theme? = nil, diagnostics: [Diagnostic], suppressed: [Diagnostic] = []) {
        self.site = site
        self.catalog = catalog
        self.theme = theme
        self.diagnostics = diagnostics
        self.suppressed = suppressed
    }
}

/// files (a `SourceTree`: the catalog, its theme, its code) → Load → Check → Render → (Check
/// links) → Site. `build`, `serve` and `check` all
/// drive this one function, so what the preview shows is what `build` writes.
public enum Pipeline {
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
    public static func run(_ tree: SourceTree, options: LoadOptions = LoadOptions(), memo: PipelineMemo? = nil, pages: Pages = .kept) -> PipelineResult {
        memo?.begin()
        defer { memo?.end() }
        return run(tree, options: options, steps: Steps(memo: memo), sink: pages == .scannedOnly ? ScanningSink() : nil)
    }

    /// With a `sink`, rendered files go to it as they are made, not into the result's site.
    package static func run(_ tree: SourceTree, options: LoadOptions, steps: Steps, sink: (any SiteSink)?) -> PipelineResult {
        var timer = PhaseTimer()
        defer { timer.report() }
        // The theme was read with the catalog (`SourceTree.theme`) and needs nothing of it, so it
        // is loaded and compiled while the catalog loads.
        let source = tree.theme.source
        let (loaded, themed) = Parallel.both({
            CatalogLoader.load(tree, options: options, steps: steps)
        }, {
            source.map { source in
                let (loaded, loadProblems) = steps.run(ThemeLoadStep.self, source)
                let (compiled, compileProblems) = steps.run(ThemeCompileStep.self, loaded)
                return (loaded: loaded, compiled: compiled, problems: loadProblems + compileProblems)
            }
        })
        timer.mark("load and theme")
        var diagnostics = loaded.diagnostics
        guard let catalog = loaded.catalog else {
            return PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: diagnostics.sortedForDisplay())
        }
        diagnostics += tree.theme.problems
        let theme = themed?.compiled
        let themeUsable = themed.map { !$0.problems.hasErrors } ?? false
        let loadedTheme = themed?.loaded
        diagnostics += themed?.problems ?? []
        diagnostics += Checker.checkModel(catalog, theme: loadedTheme, steps: steps)
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
        diagnostics += SiteChecker.checkSite(catalog, site: site, steps: steps)
        timer.mark("check links")
        let (shown, suppressed) = RuleConfiguration.apply(diagnostics, catalog: catalog, complete: true)
        let ok = !shown.hasErrors
        return PipelineResult(site: ok ? site : nil, catalog: catalog, theme: theme, diagnostics: shown, suppressed: suppressed)
    }
}

/// A theme's files → its kinds and symbols.
package enum ThemeLoadStep: Step {
    package static func run(_ source: ThemeSource) -> (LoadedTheme, [Diagnostic]) { LoadedTheme.load(source) }
}

/// A loaded theme → its templates compiled and checked, its assets named by content.
package enum ThemeCompileStep: Step {
    package static func run(_ loaded: LoadedTheme) -> (Theme, [Diagnostic]) { Theme.compile(loaded) }
}

/// What the last run with a memo did, for the terminal: components loaded and component pages
/// rendered, against those reused.
public struct PipelineStatistics: Sendable {
    public var componentsLoaded = 0
    public var componentsReused = 0
    public var pagesRendered = 0
    public var pagesReused = 0
}

extension PipelineMemo {
    public var statistics: PipelineStatistics {
        let loaded = counts(CatalogLoader.ComponentLoadStep.self), rendered = counts(ComponentPageStep.self)
        return PipelineStatistics(componentsLoaded: loaded.made, componentsReused: loaded.reused, pagesRendered: rendered.made, pagesReused: rendered.reused)
    }
}
