import Foundation
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogRender
import CatalogSiteCheck
import CatalogPipeline
import CatalogOutput
import Synchronization

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
        OutputGuard.protectedFolders(forCatalog: source)
    }

    /// Removes the staging folders of the builds under way; for SIGINT and SIGTERM handlers.
    public static func discardInterrupted() {
        SiteStaging.discardActiveBuilds()
    }

    /// Whether SIGINT or SIGTERM took this process's builds away.
    public static var wasInterrupted: Bool { SiteStaging.wasInterrupted }

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

    /// What the last versioned build did with each release.
    static let lastVersionReport = Mutex(VersionReport())
    public static var versionReport: VersionReport { lastVersionReport.withLock { $0 } }

    /// Builds the catalog `tree`, read from `source`, into `output`.
    public static func run(_ tree: SourceTree, source: String, output: String, options: LoadOptions = LoadOptions(), force: Bool = false) -> Outcome {
        if let settings = CatalogLoader.settings(tree, options: options), let versions = settings.versions {
            return runVersioned(tree, source: source, output: output, options: options, force: force, versions: versions, baseURL: settings.baseURL)
        }
        let empty = PipelineResult(site: nil, catalog: nil, theme: nil, diagnostics: [])
        // Pages are written to a staging folder as they are rendered; it replaces the output only
        // when the whole build succeeded.
        let staging: SiteStaging
        do {
            staging = try SiteStaging(output: output, protecting: protectedFolders(forCatalog: source), force: force)
        } catch {
            return Outcome(result: empty, report: nil, failure: "\(error)")
        }
        let result = Pipeline.run(tree, options: options, steps: Steps(memo: nil), sink: staging)
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

