import Foundation
import Synchronization
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogRender
import CatalogOutput

/// `catalog-build snapshot`: draws what the plan lists (only what changed since the approved
/// set was drawn), compares each image with its approved one, reports the differences as
/// diagnostics, approves with `update`, and writes a review page.
public enum SnapshotRun {
    public struct Options: Sendable {
        /// The catalog folder (the approved folder is inside it).
        public var catalogFolder: String
        /// Where the review page goes (`<output>/snapshots/`); nil writes none.
        public var output: String?
        public var update = false
        /// `--only`: the components, examples or images drawn (and with `update`, approved).
        public var only: [SnapshotSelector] = []
        /// Seconds a page may take to load and settle.
        public var timeout = 30.0
        public var environment = ProcessInfo.processInfo.environment

        public init(catalogFolder: String, output: String?) {
            self.catalogFolder = catalogFolder
            self.output = output
        }
    }

    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var drawn = 0
        /// Images not drawn because nothing that decides them changed.
        public var reused = 0
        public var unchanged = 0
        public var changed = 0
        public var new = 0
        public var missing = 0
        public var approved = 0
        /// The review page, when one was written.
        public var reviewPage: String?
        /// Why nothing was drawn: the review page's folder is one the tool must not replace.
        public var failure: String?
        public var summary: String {
            var parts = ["\(drawn) drawn", "\(reused) unchanged inputs (not drawn)", "\(unchanged) unchanged", "\(changed) changed", "\(new) new", "\(missing) missing"]
            if approved > 0 { parts.append("\(approved) approved") }
            return "Snapshots: " + parts.joined(separator: ", ")
        }
    }

    /// The approved set's record of what each image was drawn from.
    struct Manifest: Codable {
        var version = 1
        var browser = ""
        /// File → the hash of the inputs it was drawn from.
        var images: [String: String] = [:]
        /// File → the hash of its bytes when approved: an approved image corrupted or replaced
        /// since is drawn and compared again, even when nothing it depends on changed.
        var files: [String: String]?
    }

    /// Writes the approved set's manifest (`snapshot --update`, and one image approved from the
    /// review page).
    static func write(_ manifest: Manifest, to url: URL) {
        let files = (manifest.files ?? [:]).filter { manifest.images[$0.key] != nil }
        if let data = try? JSONSerialization.data(withJSONObject: ["version": 1, "browser": manifest.browser, "images": manifest.images, "files": files], options: [.prettyPrinted, .sortedKeys]) {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? (data + Data("\n".utf8)).write(to: url, options: .atomic)
        }
    }

    /// The hash an approved file's bytes are recorded under.
    static func fileHash(_ bytes: [UInt8]) -> String { StableHash.hex(bytes: bytes, length: 16) }

    static let manifestName = "manifest.json"

    /// Runs over a built catalog: `catalog` with its `theme`, and its `site` (every file).
    public static func run(catalog: Catalog, theme: Theme, site: Site, options: Options) -> Outcome {
        var outcome = Outcome()
        let settings = catalog.settings.snapshots
        let configLocation = settings.location ?? catalog.settings.location
        // The review page replaces `<output>/snapshots/`: the output is held to `build`'s guard
        // first (never the catalog, its approved images, a theme, the working or home folder).
        if let output = options.output {
            let approved = URL(fileURLWithPath: options.catalogFolder).appendingPathComponent(settings.folder).path
            let protected = OutputGuard.protectedFolders(forCatalog: options.catalogFolder) + [OutputGuard.Protected(path: approved, what: "the approved images")]
            if case .failure(let refusal) = OutputGuard.check(output: output, protected: protected, force: false) {
                outcome.failure = "\(refusal)"
                return outcome
            }
        }
        guard let browser = DevToolsPipe.findBrowser(environment: options.environment) else {
            let chosen = options.environment["CATALOG_BUILD_CHROMIUM"].map { " (CATALOG_BUILD_CHROMIUM is '\(TextSafety.escaped($0))', which is not an executable file)" } ?? ""
            outcome.diagnostics.append(.error(.snapshotBrowser, "snapshot draws with Chromium, and none was found\(chosen); install Debian's `chromium` package (apt-get install chromium) or set CATALOG_BUILD_CHROMIUM to the browser's path", at: configLocation))
            return outcome
        }
        // The site the browser draws is written to a private folder and served on loopback;
        // the browser reaches nothing else.
        let siteFolder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-build-snapshot-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        SnapshotCleanup.register(folder: siteFolder.path)
        defer {
            try? FileManager.default.removeItem(at: siteFolder)
            SnapshotCleanup.unregister(folder: siteFolder.path)
        }
        let server: LoopbackSite
        let pipe: DevToolsPipe
        do {
            server = try LoopbackSite(folder: siteFolder.path, contentSecurityPolicy: theme.source.contentSecurityPolicy)
            pipe = try DevToolsPipe(browser: browser, proxy: server.proxy, environment: options.environment)
        } catch {
            outcome.diagnostics.append(.error(.snapshotBrowser, "\(error.description); check that \(browser) runs (`\(browser) --headless --version`)", at: configLocation))
            return outcome
        }
        defer {
            pipe.close()
            server.stop()
        }
        let version: String
        do {
            version = (try pipe.call("Browser.getVersion", timeout: 60))["product"] as? String ?? "unknown"
        } catch {
            outcome.diagnostics.append(.error(.snapshotBrowser, "\(browser) started but does not answer over the DevTools pipe (\(error.description)); check that it is Chromium 100 or newer", at: configLocation))
            return outcome
        }
        var plan = SnapshotPlan(catalog: catalog, theme: theme, only: Set(options.only.map(\.component)), browserVersion: version)
        outcome.diagnostics += plan.problems
        let selected: (String) -> Bool = { file in options.only.isEmpty || options.only.contains { $0.matches(file: file) } }
        // A selector that names no image is a mistake, said with what it could name.
        let folder = URL(fileURLWithPath: options.catalogFolder).appendingPathComponent(settings.folder)
        // The approved folder is listed once: for the selectors here, for the images no longer
        // drawn at the end (what a run writes meanwhile is always a planned image).
        let approvedFiles = approvedImages(in: folder)
        for selector in options.only where !plan.shots.contains(where: { selector.matches($0) }) && !approvedFiles.contains(where: { selector.matches(file: $0) }) {
            let files = plan.shots.filter { $0.component == selector.component }.map(\.file)
            let subjects = Array(Set(files.map { String($0.split(separator: "/")[1]) })).sorted()
            let images = Array(Set(files.map { String($0.split(separator: "/")[2].dropLast(4)) })).sorted()
            outcome.failure = "--only \(TextSafety.escaped(selector.description)) names no image; \(selector.component)'s examples and states are \(subjects.joined(separator: ", ")), each drawn as \(images.prefix(8).joined(separator: ", "))\(images.count > 8 ? "…" : "")"
            return outcome
        }
        plan.shots = plan.shots.filter { selected($0.file) }
        let manifestURL = folder.appendingPathComponent(manifestName)
        // The approved images are read from the working tree through the source layer, as every
        // input is: nothing outside the repository, no link leading out of it.
        let store = DiskStore(forCatalog: options.catalogFolder)
        var manifest = store.contents(manifestURL.path).flatMap { try? JSONDecoder().decode(Manifest.self, from: Data($0)) } ?? Manifest()
        let source = ReviewPage.shellWord(options.catalogFolder)
        let review = options.output.map { ReviewPage(output: URL(fileURLWithPath: $0).appendingPathComponent("snapshots"), catalogTitle: catalog.settings.title.value,
                                                     approveCommand: { "catalog-build snapshot --source \(source) --update --only " + ReviewPage.shellWord(ReviewPage.selector(of: $0)) }) }
        review?.reset()

        // What must be drawn: an image with no approved file, whose inputs changed since, or
        // whose approved file is not what was approved (corrupted, replaced, unreadable).
        var toDraw: [Int] = []
        for (index, shot) in plan.shots.enumerated() {
            let approved = folder.appendingPathComponent(shot.file)
            if manifest.images[shot.file] == shot.inputHash, case .file = store.entry(approved.path).kind,
               let bytes = store.contents(approved.path), Self.isIntact(bytes, recorded: manifest.files?[shot.file]) {
                outcome.reused += 1
            } else {
                toDraw.append(index)
            }
        }
        if !toDraw.isEmpty {
            do {
                try SiteWriter.write(site, to: siteFolder.path)
            } catch {
                outcome.diagnostics.append(.error(.snapshotBrowser, "could not write the site for the browser to \(siteFolder.path): \(error)", at: configLocation))
                return outcome
            }
            let drawing = SnapshotDrawing(pipe: pipe, site: server, timeout: options.timeout)
            let shots = toDraw.map { plan.shots[$0] }
            let collector = Collector()
            // Pages drawn at once: two to four tabs, or `CATALOG_BUILD_SNAPSHOT_WORKERS`.
            let workers = options.environment["CATALOG_BUILD_SNAPSHOT_WORKERS"].flatMap { Int($0) }.map { max(1, min($0, 16)) }
                ?? min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
            drawing.draw(shots, workers: workers) { index, drawn in
                let shot = shots[index]
                collector.record(compare(shot, drawn, folder: folder, store: store, threshold: settings.threshold, update: options.update, review: review))
            }
            for result in collector.results.sorted(by: { $0.order < $1.order }) {
                outcome.diagnostics += result.diagnostics
                switch result.verdict {
                case .unchanged: outcome.unchanged += 1
                case .changed: outcome.changed += 1
                case .new: outcome.new += 1
                case .notDrawn: break
                }
                if result.verdict != .notDrawn { outcome.drawn += 1 }
                if result.approved { outcome.approved += 1 }
                if let hash = result.approvedHash { manifest.images[result.file] = hash }
                if let bytes = result.approvedFileHash { manifest.files = (manifest.files ?? [:]).merging([result.file: bytes]) { $1 } }
            }
        }
        // Approved images nothing draws any more.
        let planned = Set(plan.shots.map(\.file))
        for file in approvedFiles where !planned.contains(file) {
            guard selected(file) else { continue }
            outcome.missing += 1
            let location = SourceLocation(file: folder.appendingPathComponent(file).path)
            if options.update {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
                manifest.images[file] = nil
                manifest.files?[file] = nil
                outcome.approved += 1
            } else {
                outcome.diagnostics.append(.warning(.snapshotMissing, "the approved image \(settings.folder)/\(file) is no longer drawn: its example, state, width, scheme or mode is gone; `catalog-build snapshot --update` removes it", at: location))
                review?.addMissing(file)
            }
        }
        if options.update {
            manifest.browser = version
            manifest.images = manifest.images.filter { planned.contains($0.key) || !selected($0.key) }
            write(manifest, to: manifestURL)
        }
        if let review {
            outcome.reviewPage = review.write(summary: outcome.summary)
        }
        return outcome
    }

    enum Verdict { case unchanged, changed, new, notDrawn }

    struct Compared: Sendable {
        var order: String
        var file: String
        var verdict: Verdict
        var diagnostics: [Diagnostic] = []
        var approved = false
        /// The inputs hash to record for the approved image (nil: leave the record as it is).
        var approvedHash: String?
        /// The hash of the approved file's bytes, as it now is.
        var approvedFileHash: String?
    }

    /// Whether an approved file is the one approved: its bytes' hash as recorded, or (recorded
    /// before hashes were kept) at least a PNG whose header reads.
    static func isIntact(_ bytes: [UInt8], recorded: String?) -> Bool {
        if let recorded { return fileHash(bytes) == recorded }
        return PNGImage.size(of: bytes) != nil
    }

    final class Collector: Sendable {
        private let collected = Mutex<[Compared]>([])
        var results: [Compared] { collected.withLock { $0 } }
        func record(_ result: Compared) {
            collected.withLock { $0.append(result) }
        }
    }

    /// One drawn image against its approved file.
    static func compare(_ shot: SnapshotPlan.Shot, _ drawn: SnapshotDrawing.Drawn, folder: URL, store: DiskStore, threshold: Double, update: Bool, review: ReviewPage?) -> Compared {
        var result = Compared(order: shot.file, file: shot.file, verdict: .notDrawn)
        let what = "the \(shot.subject) of \(shot.componentName) at \(shot.conditions)"
        let image: PNGImage
        switch drawn {
        case .failed(let reason):
            result.diagnostics.append(.error(.snapshotNotDrawn, "\(what) was not drawn: \(reason)", at: shot.location))
            return result
        case .image(let made):
            image = made
        }
        let bytes = image.encode()
        let approvedURL = folder.appendingPathComponent(shot.file)
        func approve() {
            try? FileManager.default.createDirectory(at: approvedURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? Data(bytes).write(to: approvedURL, options: .atomic)) != nil {
                result.approved = true
                result.approvedHash = shot.inputHash
                result.approvedFileHash = fileHash(bytes)
            }
        }
        guard let approvedBytes = store.contents(approvedURL.path) else {
            result.verdict = .new
            if update {
                approve()
            } else {
                result.diagnostics.append(.warning(.snapshotNew, "\(what) has no approved image yet (\(shot.file)); `catalog-build snapshot --update` approves it", at: shot.location))
                review?.add(shot, approved: nil, new: bytes, difference: nil, note: "New: no approved image yet.")
            }
            return result
        }
        if approvedBytes == bytes {
            result.verdict = .unchanged
            result.approvedHash = shot.inputHash
            result.approvedFileHash = fileHash(approvedBytes)
            return result
        }
        var share = 1.0, count = image.width * image.height
        var difference: PNGImage?
        var sizeNote = ""
        // Its size is read from the header first: an image of another size is changed without
        // being decoded (a small file claiming 16,384 × 16,384 pixels costs nothing).
        if let size = PNGImage.size(of: approvedBytes), size != (image.width, image.height) {
            sizeNote = ", and its size from \(size.width) × \(size.height) to \(image.width) × \(image.height) px"
        } else {
            let approvedImage: PNGImage
            do {
                approvedImage = try PNGImage.decode(approvedBytes)
            } catch {
                result.diagnostics.append(.error(.snapshotUnreadable, "the approved image \(approvedURL.path) is not a readable PNG (\(error.description)); restore it from version control, or delete it and approve a new one with `catalog-build snapshot --update`", at: SourceLocation(file: approvedURL.path)))
                return result
            }
            let compared = PixelDifference.compare(approvedImage, image, threshold: threshold)
            share = compared.share
            count = compared.changed
            difference = compared.image
        }
        if count == 0, sizeNote.isEmpty {
            // Only smoothed edges moved: the same image as people see it.
            result.verdict = .unchanged
            result.approvedHash = shot.inputHash
            result.approvedFileHash = fileHash(approvedBytes)
            return result
        }
        result.verdict = .changed
        let percent = share * 100 < 0.01 ? "under 0.01" : String(format: "%.2f", share * 100)
        let sentence = "\(percent)% of its pixels changed (\(count) of \(image.width * image.height))\(sizeNote)"
        if update {
            approve()
        } else {
            result.diagnostics.append(.error(.snapshotChanged, "\(what) looks different from its approved image: \(sentence); see the review page, and approve it with `catalog-build snapshot --update` if the change is meant", at: shot.location))
            review?.add(shot, approved: approvedBytes, new: bytes, difference: difference?.encode(), note: "Changed: \(sentence).")
        }
        return result
    }

    /// Every PNG under the approved folder, relative to it.
    static func approvedImages(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var files: [String] = []
        let prefix = folder.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "png" {
            let path = url.standardizedFileURL.path
            if path.hasPrefix(prefix) { files.append(String(path.dropFirst(prefix.count))) }
        }
        return files.sorted()
    }
}
