import Synchronization
import CatalogRender

/// A sink that keeps what the link checks need of each page it took, so the pages themselves
/// need not be kept.
package protocol PageScanningSink: SiteSink {
    /// The links and ids of a page it took (the link checks run after rendering).
    func scan(of page: String) -> SiteScan.Page?
}

/// For `check`: keeps what the link checks need of each page and drops the bytes.
package final class ScanningSink: PageScanningSink {
    package init() {}

    private let scans = Mutex<[String: SiteScan.Page]>([:])

    package func accept(_ path: String, _ bytes: [UInt8]) {
        guard path.hasSuffix(".html") else { return }
        let page = bytes.withUnsafeBufferPointer { SiteScan.scan($0) }
        scans.withLock { $0[path] = page }
    }

    package func scan(of page: String) -> SiteScan.Page? {
        scans.withLock { $0[page] }
    }
}
