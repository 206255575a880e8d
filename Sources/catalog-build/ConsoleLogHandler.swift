import Foundation
import Logging
import CatalogCore

/// Log lines for people: the message alone on standard error, no timestamps or labels.
struct ConsoleLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = ProcessInfo.processInfo.environment["CATALOG_BUILD_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // Messages carry paths and names from the catalog and the command line: escaped, so
        // none can start a line or drive the terminal.
        FileHandle.standardError.write(Data("\(TextSafety.escaped("\(event.message)"))\n".utf8))
    }
}
