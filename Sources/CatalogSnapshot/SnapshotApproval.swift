import Foundation
import CatalogCore

/// Approves one image of the review page (what the Approve button does when `serve` shows the
/// page): the image the last `snapshot` run drew, left in the review folder, becomes the
/// approved one and the manifest records it, as `snapshot --update --only` that image would,
/// without drawing it again. Only an image the review lists as pending is taken.
public enum SnapshotApproval {
    public enum Failure: Error, CustomStringConvertible, Sendable {
        case notPending(String)
        case unreadable(String)
        case unwritable(String)

        public var description: String {
            switch self {
            case .notPending(let file): "'\(TextSafety.escaped(file))' is not an image the review page offers to approve; run `catalog-build snapshot` again"
            case .unreadable(let file): "the drawn image \(TextSafety.escaped(file)) is not in the review folder any more; run `catalog-build snapshot` again"
            case .unwritable(let why): "the approved image could not be written: \(why)"
            }
        }
    }

    /// The review folder's list of what it offers to approve: file → the inputs it was drawn from.
    static let pendingName = "pending.json"

    /// Whether `file` is shaped as an approved image's path (`switch/example-on/390-dark.png`):
    /// three plain names, nothing that could leave the folder.
    package static func isImagePath(_ file: String) -> Bool {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, file.hasSuffix(".png"), file.utf8.count <= 300 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.first != "." && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." || $0 == "_" }
        }
    }

    /// Approves `file` from the review folder `review` into `<catalogFolder>/<approvedFolder>`.
    public static func approve(file: String, review: URL, catalogFolder: String, approvedFolder: String) throws(Failure) {
        guard isImagePath(file),
              let data = FileManager.default.contents(atPath: review.appendingPathComponent(pendingName).path),
              let pending = try? JSONDecoder().decode([String: String].self, from: data),
              let inputHash = pending[file] else { throw .notPending(file) }
        let drawn = review.appendingPathComponent("images/new/" + file).path
        var info = stat()
        guard lstat(drawn, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 64 << 20,
              let bytes = FileManager.default.contents(atPath: drawn).map({ [UInt8]($0) }), PNGImage.size(of: bytes) != nil else {
            throw .unreadable(file)
        }
        let folder = URL(fileURLWithPath: catalogFolder).appendingPathComponent(approvedFolder).standardizedFileURL
        let target = folder.appendingPathComponent(file).standardizedFileURL
        guard target.path.hasPrefix(folder.path + "/") else { throw .notPending(file) }
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: target, options: .atomic)
        } catch {
            throw .unwritable("\(error.localizedDescription)")
        }
        let manifestURL = folder.appendingPathComponent(SnapshotRun.manifestName)
        var manifest = FileManager.default.contents(atPath: manifestURL.path).flatMap { try? JSONDecoder().decode(SnapshotRun.Manifest.self, from: $0) } ?? SnapshotRun.Manifest()
        manifest.images[file] = inputHash
        manifest.files = (manifest.files ?? [:]).merging([file: SnapshotRun.fileHash(bytes)]) { $1 }
        SnapshotRun.write(manifest, to: manifestURL)
        var rest = pending
        rest[file] = nil
        if let left = try? JSONSerialization.data(withJSONObject: rest, options: [.prettyPrinted, .sortedKeys]) {
            try? left.write(to: review.appendingPathComponent(pendingName), options: .atomic)
        }
    }
}
