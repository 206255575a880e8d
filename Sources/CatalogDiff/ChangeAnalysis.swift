import Foundation
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogPipeline

/// Reads both sides of a comparison (revisions through `git`, or the working tree), runs each
/// through the whole pipeline, and compares them: the one analysis `diff` prints and
/// `build --changes-since` renders.
public enum ChangeAnalysis {
    /// `base` nil: `GitRevision.defaultBase`; `head` nil: the working tree, read from `source`
    /// unless the caller already read it (`workingTree`).
    public static func run(source: String, base: String?, head: String?, workingTree: SourceTree? = nil, options: LoadOptions = LoadOptions()) throws(GitRevision.Failure) -> CatalogChanges {
        let (root, prefix) = try GitRevision.repository(containing: source)
        let baseCommit = try GitRevision.commit(base ?? GitRevision.defaultBase(in: root), in: root)
        let headCommit = try head.map { revision throws(GitRevision.Failure) in try GitRevision.commit(revision, in: root) }
        let displayRoot = source.hasSuffix("/") ? String(source.dropLast()) : source
        let baseTree = try GitRevision.tree(at: baseCommit, prefix: prefix, in: root, displayRoot: displayRoot)
        let headTree: SourceTree
        if let headCommit {
            headTree = try GitRevision.tree(at: headCommit, prefix: prefix, in: root, displayRoot: displayRoot)
        } else if let workingTree {
            headTree = workingTree
        } else {
            do {
                headTree = try CatalogReader.read(source)
            } catch {
                throw GitRevision.Failure(description: "\(error)")
            }
        }
        let baseResult = Pipeline.run(baseTree, options: options, pages: .scannedOnly)
        let headResult = Pipeline.run(headTree, options: options, pages: .scannedOnly)
        return CatalogDiff.compare(
            base: .init(result: baseResult, tree: baseTree, label: GitRevision.describe(baseCommit, in: root)),
            head: .init(result: headResult, tree: headTree, label: headCommit.map { GitRevision.describe($0, in: root) } ?? "working tree")
        )
    }
}
