import Foundation
import Synchronization
import CatalogCore
import CatalogRender
import CatalogSiteCheck

/// The folder a build writes into, beside the output (`.public.staging-<pid>`): pages arrive
/// from the render workers as they are made, the rest of the site at the end, and only a
/// complete site is swapped in for the output. An output that is a mount point cannot be
/// renamed, so its staging folder is made inside it and the contents are swapped instead. A file whose bytes equal the previous output's is
/// hard-linked, not written, so unchanged files keep their modification time.
package final class SiteStaging: PageScanningSink {
    /// The output with symbolic links resolved: what is replaced.
    package let output: URL
    /// The output as the user wrote it, for messages.
    package let shownOutput: String
    package let folder: URL
    /// `folder.path` and `output.path`, made once (every file written joins a path to them).
    private let folderPath: String
    private let outputPath: String
    /// The output is a mount point: the staging folder is inside it and the commit moves
    /// entries rather than renaming the output.
    private let insideOutput: Bool
    /// The folders above the output this build created, the top one first (removed again on
    /// failure or interrupt, when empty).
    private let createdFolders: [String]
    /// `--force`, and whether the output existed when the build began: what `--force` agreed
    /// to replace is that folder, not one that appears while the build runs.
    private let force: Bool
    private let outputExisted: Bool
    /// What the render workers share, behind one lock.
    private struct State {
        package var directories: Set<String> = [""]
        package var scans: [String: SiteScan.Page] = [:]
        package var changed = 0
        package var failure: String?
    }
    private let state = Mutex(State())

    /// Staging folders of builds under way in this process, with the folders above the output
    /// each build created: removed on SIGINT or SIGTERM.
    private static let active = Mutex<[String: [String]]>([:])

    /// Refuses an output the guard refuses (`OutputGuard`), removes staging folders that killed
    /// builds left, and makes this build's own.
    package init(output path: String, protecting protected: [OutputGuard.Protected], force: Bool) throws {
        switch OutputGuard.check(output: path, protected: protected, force: force) {
        case .failure(let refusal): throw refusal
        case .success(let resolved): output = URL(fileURLWithPath: resolved)
        }
        shownOutput = path
        self.force = force
        var outputInfo = stat()
        outputExisted = lstat(output.path, &outputInfo) == 0
        let parent = output.deletingLastPathComponent().path
        var missing: [String] = []
        var ancestor = parent
        var info = stat()
        while !ancestor.isEmpty, ancestor != "/", stat(ancestor, &info) != 0 {
            missing.insert(ancestor, at: 0)
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        createdFolders = missing
        do {
            try SiteWriter.makeDirectories(parent)
        } catch {
            Self.removeCreated(missing)
            throw error
        }
        OutputGuard.removeStaleStaging(beside: output.path)
        insideOutput = OutputGuard.isMountPoint(output.path)
        if insideOutput { OutputGuard.removeStaleStaging(inside: output.path) }
        folder = URL(fileURLWithPath: insideOutput ? output.path : parent).appendingPathComponent(OutputGuard.stagingPrefix(output.lastPathComponent) + "\(getpid())")
        folderPath = folder.path
        outputPath = output.path
        SiteWriter.removeTree(folder.path)
        // Made under the lock an interrupt takes, so an interrupt finds either no folder or one
        // it knows to remove.
        let failure: Int32 = Self.active.withLock { active in
            guard mkdir(self.folder.path, 0o755) == 0 else { return errno }
            active[self.folder.path] = missing
            return 0
        }
        guard failure == 0 else {
            let reason = SiteWriter.sentence("could not create the staging folder", self.folder.path, errorNumber: failure)
            SiteStaging.removeCreated(missing)
            throw SiteWriter.Failure.io(reason)
        }
    }

    package func accept(_ path: String, _ bytes: [UInt8]) {
        // Folders are made under the lock, so no worker writes into one another is still making,
        // and only while the build is active: after an interrupt took the staging folder away,
        // making a folder in it would make the staging folder again.
        // The site's paths are relative, with `/` between folders: the folder is what is before the last.
        let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        Self.active.withLock { active in
            guard active[folderPath] != nil else { return }
            state.withLock { state in
                if state.directories.insert(directory).inserted {
                    try? FileManager.default.createDirectory(atPath: folderPath + "/" + directory, withIntermediateDirectories: true)
                }
            }
        }
        let result = SiteWriter.placeFile(bytes, at: folderPath + "/" + path, previous: outputPath + "/" + path)
        let page = path.hasSuffix(".html") ? bytes.withUnsafeBufferPointer { SiteScan.scan($0) } : nil
        state.withLock { state in
            if result.changed { state.changed += 1 }
            if state.failure == nil { state.failure = result.failure }
            if let page { state.scans[path] = page }
        }
    }

    package func scan(of page: String) -> SiteScan.Page? {
        state.withLock { $0.scans[page] }
    }

    /// Writes the files `site` kept in memory and the marker, then puts the staging folder in
    /// place of the output.
    package func commit(_ site: Site) throws -> SiteWriter.Report {
        let files = site.files.sorted { $0.key < $1.key }
        _ = Parallel.map(files) { path, bytes in accept(path, bytes) }
        if let failure = state.withLock({ $0.failure }) { throw SiteWriter.Failure.io(failure) }
        let marker = SiteWriter.placeFile(Array(OutputGuard.markerText.utf8), at: folder.path + "/" + OutputGuard.markerName, previous: output.path + "/" + OutputGuard.markerName)
        if let problem = marker.failure { throw SiteWriter.Failure.io(problem) }
        // The swap happens under the lock an interrupt takes: an interrupt that came first has
        // taken the folder away (nothing is swapped), one that comes later finds it done.
        let leftover = try Self.active.withLock { active -> String? in
            // A staging folder begun after the interrupt took the others away is not swapped in
            // either (the interrupt's flag is set under this same lock).
            guard active.removeValue(forKey: folder.path) != nil, !Self.interruptedFlag.withLock({ $0 }) else {
                throw SiteWriter.Failure.io("the build was interrupted; the output was left as it was")
            }
            if let refusal = changedOutput() { throw refusal }
            if insideOutput { return try SiteWriter.replaceContents(of: output, with: folder, shownOutput: shownOutput) }
            return try SiteWriter.swap(staging: folder, output: output, shownOutput: shownOutput)
        }
        return SiteWriter.Report(files: site.fileCount, bytes: site.totalBytes, changed: state.withLock { $0.changed }, leftover: leftover)
    }

    /// Why the output may not be replaced after all: looked at again just before the swap, it is
    /// something other than what the guard let through when the build began — a folder made
    /// meanwhile that holds files without the marker, or a file.
    private func changedOutput() -> SiteWriter.Failure? {
        var info = stat()
        guard lstat(output.path, &info) == 0 else { return nil }
        let shown = TextSafety.escaped(shownOutput)
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            return .io("the output '\(shown)' became a file while the build ran; nothing was replaced. Move it aside and build again")
        }
        if force && outputExisted { return nil }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: output.path),
              case let kept = OutputGuard.userEntries(names, output: output.path), !kept.isEmpty,
              !OutputGuard.looksLikeAPreviousBuild(output.path, names: kept) else { return nil }
        return .io("the output '\(shown)' \(outputExisted ? "changed" : "appeared") while the build ran and holds files catalog-build did not write; nothing was replaced. Move them aside, or pass --force to replace the folder")
    }

    /// Removes the staging folder (and the output's parent folder, when this build made it and
    /// it is empty): a failed build leaves nothing behind.
    package func discard() {
        SiteWriter.removeTree(folder.path)
        Self.active.withLock { _ = $0.removeValue(forKey: folder.path) }
        Self.removeCreated(createdFolders)
    }

    /// Removes the folders a build created above its output, deepest first, while they are empty.
    private static func removeCreated(_ folders: [String]) {
        for path in folders.reversed() {
            guard (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true, rmdir(path) == 0 else { return }
        }
    }

    private static let interruptedFlag = Mutex(false)

    /// Whether an interrupt has taken the builds under way away: a build that then fails
    /// (its folder gone under it) failed because of the interrupt, and its process must end as
    /// the interrupt says, not report the failure.
    public static var wasInterrupted: Bool { interruptedFlag.withLock { $0 } }

    /// Removes the staging folders of builds under way (called when SIGINT or SIGTERM stops the
    /// process). Each is renamed first, so a worker still writing cannot refill it.
    public static func discardActiveBuilds() {
        let builds = active.withLock { current -> [String: [String]] in
            interruptedFlag.withLock { $0 = true }
            let all = current
            current.removeAll()
            return all
        }
        for (folder, created) in builds {
            defer { removeCreated(created) }
            let doomed = folder + ".interrupted"
            let target = rename(folder, doomed) == 0 ? doomed : folder
            // A worker may still finish a file it began in a folder being removed; up to three
            // more passes take it.
            var passes = 0
            while !SiteWriter.removeTree(target), passes < 3 { passes += 1 }
        }
    }
}
