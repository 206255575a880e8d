import ArgumentParser
import CatalogServe
import Foundation
import Logging

/// `catalog-build serve`: preview the catalog with live reload and an error overlay.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview the catalog in a browser; pages reload when files change.",
        discussion: """
            The site is built into memory with the same pipeline as `build` and served from there; \
            nothing is written. catalog.yaml, the catalog folder and the themes are watched: a save \
            rebuilds what it touched and reloads the browsers whose page changed. While the catalog \
            has errors the last good build is served with an overlay listing them. Ctrl-C stops.
            """
    )

    @OptionGroup var catalog: CatalogOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on; only this machine by default.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 takes any free port.", valueName: "port"))
    var port = 8000

    @Option(name: .customLong("allowed-host"), help: ArgumentHelp("A host name requests may be for, besides IP addresses, localhost and --host (repeat it for more); others get 403, so a page on another site cannot read the preview through a rebound name.", valueName: "name"))
    var allowedHosts: [String] = []

    @Option(name: .long, help: ArgumentHelp("The snapshot review page's folder (`snapshot --output DIR` writes DIR/snapshots): shown at /_catalog/review/ with an Approve button per image when serving on loopback.", valueName: "dir"))
    var review = "public/snapshots"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        try catalog.checkFolder()
        let logger = Logger(label: "catalog-build")
        var configuration = PreviewServer.Configuration(source: catalog.source, host: host, port: port, options: catalog.loadOptions, allowedHosts: allowedHosts)
        configuration.review = review
        let server = PreviewServer(configuration: configuration, logger: logger)
        do {
            try await server.run { url in
                logger.info("Serving \(catalog.source)/ at \(url) — press Ctrl-C to stop")
            }
        } catch let failure as PreviewServer.Failure {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
            throw ExitCode(1)
        }
    }
}
