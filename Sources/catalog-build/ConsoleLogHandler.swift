import Foundation
import Logging

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
        FileHandle.standardError.write(Data("\(event.message)\n".utf8))
    }
}
