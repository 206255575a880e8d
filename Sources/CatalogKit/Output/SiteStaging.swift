import Foundation

/// The folder a build writes into, beside the output (`.public.staging-<pid>`): pages arrive
/// from the render workers as they are made, the rest of the site at the end, and only a
/// complete site is swapped in for the output. A file whose bytes equal the previous output's is
/// hard-linked, not written, so unchanged files keep their modification time.
final class SiteStaging: SiteSink, @unchecked Sendable {
    let output: URL
    let folder: URL
    /// The parent folder of the output, when this build created it (removed again on failure).
    private let createdParent: URL?
    private let lock = NSLock()
    private var directories: Set<String> = [""]
    private var scans: [String: SiteScan.Page] = [:]
    private var changed = 0
    private var failure: String?

    /// Refuses an output that would replace the catalog, the home folder or the working folder.
    init(output path: String, source: String?) throws {
        let manager = FileManager.default
        output = URL(fileURLWithPath: path).standardizedFileURL
        try SiteWriter.refuseDangerous(output, source: source)
        let parent = output.deletingLastPathComponent()
        createdParent = manager.fileExists(atPath: parent.path) ? nil : parent
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        folder = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(getpid())")
        try? manager.removeItem(at: folder)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func accept(_ path: String, _ bytes: [UInt8]) {
        // Folders are made under the lock, so no worker writes into one another is still making.
        let directory = (path as NSString).deletingLastPathComponent
        lock.withLock {
            if directories.insert(directory).inserted {
                try? FileManager.default.createDirectory(atPath: folder.path + "/" + directory, withIntermediateDirectories: true)
            }
        }
        let result = SiteWriter.placeFile(bytes, at: folder.path + "/" + path, previous: output.path + "/" + path)
        let page = path.hasSuffix(".html") ? bytes.withUnsafeBufferPointer { SiteScan.scan($0) } : nil
        lock.withLock {
            if result.changed { changed += 1 }
            if failure == nil { failure = result.failure }
            if let page { scans[path] = page }
        }
    }

    func scan(of page: String) -> SiteScan.Page? {
        lock.withLock { scans[page] }
    }

    /// Writes the files `site` kept in memory, then puts the staging folder in place of the output.
    func commit(_ site: Site) throws -> SiteWriter.Report {
        let files = site.files.sorted { $0.key < $1.key }
        _ = CatalogLoader.parallelMap(files) { path, bytes in accept(path, bytes) }
        if let failure = lock.withLock({ failure }) { throw SiteWriter.Failure.io(failure) }
        try SiteWriter.swap(staging: folder, output: output)
        return SiteWriter.Report(files: site.fileCount, bytes: site.totalBytes, changed: lock.withLock { changed })
    }

    /// Removes the staging folder (and the output's parent folder, when this build made it and
    /// it is empty): a failed build leaves nothing behind.
    func discard() {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        if let createdParent, (try? manager.contentsOfDirectory(atPath: createdParent.path))?.isEmpty == true {
            try? manager.removeItem(at: createdParent)
        }
    }
}
