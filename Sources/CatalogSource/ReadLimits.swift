/// How far and how much each reader reads: the one place the limits live, so the watcher of
/// `serve` watches exactly as deep as each reader went (`SourceReads` records the depth of every
/// folder read) and a change of a limit is one line.
public struct ReadLimit: Sendable, Hashable {
    /// Folders below the one named that are still read (a file directly in it is depth 0).
    public var depth: Int
    /// The largest single file read.
    public var fileBytes: Int
    /// Files read at most.
    public var files: Int
    /// Bytes read in all, at most: a folder of many large files stops with a note, never fills
    /// the disk or the memory.
    public var totalBytes: Int

    public init(depth: Int, fileBytes: Int, files: Int, totalBytes: Int) {
        self.depth = depth
        self.fileBytes = fileBytes
        self.files = files
        self.totalBytes = totalBytes
    }

    /// The catalog folder itself (`CatalogReader`).
    public static let catalog = ReadLimit(depth: 12, fileBytes: 256 * 1_048_576, files: 200_000, totalBytes: 4 * 1_073_741_824)
    /// The team's built web files (`web:`): stylesheets, scripts, the modules they import, assets.
    public static let web = ReadLimit(depth: 20, fileBytes: 16 * 1_048_576, files: 5_000, totalBytes: 256 * 1_048_576)
    /// Snapshot-test images (`screenshots:`).
    public static let screenshots = ReadLimit(depth: 20, fileBytes: 8 * 1_048_576, files: 20_000, totalBytes: 1_073_741_824)
    /// SwiftUI and Compose sources (`code:`): an Android package path is easily 15 folders deep.
    public static let code = ReadLimit(depth: 40, fileBytes: 4 * 1_048_576, files: 50_000, totalBytes: 1_073_741_824)
    /// The files and folders `tokens import` converts (a whole design system's export, kept far
    /// from the memory a hostile file could take).
    public static let tokenImport = ReadLimit(depth: 20, fileBytes: 64 * 1_048_576, files: 20_000, totalBytes: 1_073_741_824)
    /// What a team saved from Figma (`figma:`): a whole design file's REST response is tens of
    /// megabytes, read once and kept pruned to its components (`FigmaLoader`).
    public static let figma = ReadLimit(depth: 8, fileBytes: 256 * 1_048_576, files: 2_000, totalBytes: 1_073_741_824)
    /// The results `audit` keeps (`conformance.evidence`): one JSON file, read at the top of its folder.
    public static let audit = ReadLimit(depth: 4, fileBytes: 64 * 1_048_576, files: 1_000, totalBytes: 64 * 1_048_576)
    /// A theme folder of the `extends:` chain.
    public static let theme = ReadLimit(depth: 12, fileBytes: 16 * 1_048_576, files: 5_000, totalBytes: 256 * 1_048_576)
}
