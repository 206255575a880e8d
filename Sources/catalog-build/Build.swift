import ArgumentParser
import Foundation
import Logging
import CatalogSource
import CatalogLoad
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogPublish

/// `catalog-build build`: render the catalog into a static site.
struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the catalog into a static site (public/ by default).",
        discussion: "On any error nothing is written: the previous output stays exactly as it was."
    )

    @OptionGroup var catalog: CatalogOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write the site to; replaced atomically.", valueName: "dir"))
    var output = "public"

    @Flag(name: .long, help: "Replace an output folder that holds files catalog-build did not write.")
    var force = false

    @Option(name: .customLong("changes-since"), help: ArgumentHelp("Add a \"What changed\" page comparing the catalog with this git revision (as `diff` does).", valueName: "rev"))
    var changesSince: String?

    func run() async throws {
        let logger = Logger(label: "catalog-build")
        let started = ContinuousClock.now
        let tree = try catalog.readTree()
        let interrupts = InterruptCleanup.install()
        defer { interrupts.cancel() }
        var options = catalog.loadOptions
        if let changesSince {
            do {
                options.changes = try ChangeAnalysis.run(source: catalog.source, base: changesSince, head: nil, workingTree: tree, options: catalog.loadOptions)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        let outcome = SiteBuild.run(tree, source: catalog.source, output: output, options: options, force: force)
        // A build that failed because an interrupt took its staging folder away ends as the
        // interrupt says: the handler is still removing the folder and exits when it is gone.
        if outcome.failure != nil { interrupts.awaitExitIfInterrupted() }
        DiagnosticPrinter.print(outcome.result.diagnostics)
        if let failure = outcome.failure {
            logger.error("error: \(failure)")
            throw ExitCode(1)
        }
        guard let report = outcome.report, let site = outcome.result.site else {
            let errors = outcome.result.diagnostics.filter { $0.severity == .error }.count
            logger.error("Build failed with \(errors) error\(errors == 1 ? "" : "s"); \(output)/ was left as it was.")
            throw ExitCode(1)
        }
        if let leftover = report.leftover {
            logger.warning("warning: the previous output, moved to \(leftover), could not be removed (a file in it may be immutable or read-only); remove it by hand")
        }
        let elapsed = started.duration(to: .now)
        let versions = SiteBuild.versionReport
        let releases = versions.releasesBuilt.count + versions.releasesReused.count
        let versionNote = releases == 0 ? "" : " and \(releases) release\(releases == 1 ? "" : "s") under v/ (\(versions.releasesBuilt.count) built, \(versions.releasesReused.count) reused)"
        logger.info("Built \(site.pagePaths.count) pages\(versionNote) (\(report.files) files, \(report.bytes / 1024) KiB, \(report.changed) changed) into \(output)/ in \(elapsed.wholeMilliseconds) ms")
        // Done: the system frees the process's memory at once, where releasing the catalog, the
        // source files and the site's records object by object took 15-20 ms at N = 1,000.
        interrupts.cancel()
        withExtendedLifetime((tree, outcome)) { Foundation.exit(0) }
    }
}

/// The options every command that reads a catalog shares.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalog folder.", valueName: "dir"))
    var source = "content"

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Where the site is hosted, e.g. /docs/ or https://example.org/docs/; overrides baseURL in catalog.yaml.", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Include pages marked `draft: true`.")
    var drafts = false

    var loadOptions: LoadOptions { LoadOptions(includeDrafts: drafts, baseURL: baseURL) }

    func validate() throws {
        if let baseURL, let problem = LoadOptions.baseURLProblem(baseURL) { throw ValidationError(problem) }
    }

    /// Reads the catalog folder; a folder that does not exist is a usage error (exit 2).
    func readTree() throws -> SourceTree {
        try usageError { try SiteBuild.read(source) }
    }

    /// The same usage error, without reading the folder (for commands that read it later).
    func checkFolder() throws {
        try usageError { try CatalogReader.checkFolder(source) }
    }

    private func usageError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// SIGINT and SIGTERM during a build remove its staging folder before the process exits, so
/// an interrupted build leaves nothing behind.
struct InterruptCleanup {
    private let sources: [DispatchSourceSignal]
    private let interrupted: @Sendable () -> Bool

    /// Returns once both signals are watched: a signal source is armed asynchronously after
    /// `resume()`, and a signal in between (ignored, so the default exit does not skip the
    /// cleanup) would be lost and the build would go on to replace the output. The handler has
    /// its own queue, so it runs while the render workers hold every thread of the global pool.
    static func install(cleanup: @escaping @Sendable () -> Void = SiteBuild.discardInterrupted,
                        interrupted: @escaping @Sendable () -> Bool = { SiteBuild.wasInterrupted },
                        message: String = "Interrupted; the output was left as it was.") -> InterruptCleanup {
        let queue = DispatchQueue(label: "catalog-build.interrupts")
        let armed = DispatchGroup()
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                cleanup()
                FileHandle.standardError.write(Data((message + "\n").utf8))
                _exit(128 + number)
            }
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.resume()
            return source
        }
        _ = armed.wait(timeout: .now() + .seconds(2))
        return InterruptCleanup(sources: sources, interrupted: interrupted)
    }

    /// Waits for the handler to end the process when an interrupt came: the build's failure is
    /// the interrupt's doing, and reporting it (exit 1) would end the process before the
    /// handler removed the staging folder.
    func awaitExitIfInterrupted() {
        guard interrupted() else { return }
        while true { sleep(60) }
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
