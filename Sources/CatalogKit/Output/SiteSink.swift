import Foundation
import Synchronization

/// Takes each file of a site as soon as it is rendered, so the pages need not all be in memory
/// at once. Render workers call it from several threads.
protocol SiteSink: AnyObject, Sendable {
    func accept(_ path: String, _ bytes: [UInt8])
    /// The links and ids of a page it took (the link checks run after rendering).
    func scan(of page: String) -> SiteScan.Page?
}

/// For `check`: keeps what the link checks need of each page and drops the bytes.
final class ScanningSink: SiteSink {
    private let scans = Mutex<[String: SiteScan.Page]>([:])

    func accept(_ path: String, _ bytes: [UInt8]) {
        guard path.hasSuffix(".html") else { return }
        let page = bytes.withUnsafeBufferPointer { SiteScan.scan($0) }
        scans.withLock { $0[path] = page }
    }

    func scan(of page: String) -> SiteScan.Page? {
        scans.withLock { $0[page] }
    }
}
