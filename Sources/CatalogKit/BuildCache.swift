/// Work remembered between runs of the pipeline, keyed by the content of its inputs, so a
/// rebuild redoes only what a change touched: a component's files reload and rerender that
/// component (and the pages that show it), a token or theme change rerenders what uses it.
///
/// One cache serves one sequence of builds, one at a time: it is not `Sendable`, and the preview
/// server keeps it inside its rebuild lock (`Rebuilder`).
public final class BuildCache {
    struct Entry<Value> {
        var key: UInt64
        var value: Value
    }

    struct Memo<Value> {
        var key: AnyHashable
        var value: Value
        /// `key`'s hash, worked out once when stored: a reused page's render key.
        var keyHash: Int

        init(key: AnyHashable, value: Value) {
            self.key = key
            self.value = value
            keyHash = key.hashValue
        }
    }

    var components: [String: Entry<(Component?, [Diagnostic])>] = [:]
    var guides: [String: Entry<(Guide?, [Diagnostic])>] = [:]
    var tokens: Entry<(TokenSet, TokenModes?, [Diagnostic])>?
    var theme: Entry<(Theme, [Diagnostic])>?
    /// Job name (a page's output path) → the values it was made from and its files; reused only
    /// when the next run's values are equal.
    var pages: [String: Memo<[(String, [UInt8])]>] = [:]
    /// The catalog navigation as drawn, under what it was drawn from.
    var navigation: Memo<CatalogNavigation>?
    /// Component slug → what the catalog-wide pages show of it (`ComponentListing`).
    var listings: [String: Entry<ComponentListing>] = [:]
    /// Component slug → the findings of the per-component rules.
    var findings: [String: Entry<[Diagnostic]>] = [:]
    /// The findings of the catalog-wide rules.
    var catalogFindings: Entry<[Diagnostic]>?
    /// Page output path → render key and the links and ids on the page.
    var scans: [String: Entry<SiteScan.Page>] = [:]
    /// The findings of the catalog navigation's links, under the navigation and the site's files.
    var navigationLinks: Entry<[Diagnostic]>?
    /// Page output path → the key of what its template-made links depend on, and their findings.
    var links: [String: Entry<[Diagnostic]>] = [:]
    /// Page folder → the key of what its prose links depend on, and their findings.
    var proseLinks: [String: Entry<[Diagnostic]>] = [:]

    /// What the last run did, for the terminal.
    public internal(set) var lastRun = Statistics()

    public struct Statistics: Sendable {
        public var componentsLoaded = 0
        public var componentsReused = 0
        public var pagesRendered = 0
        public var pagesReused = 0
    }

    public init() {}
}

extension Dictionary {
    /// Removes the entries whose key fails `keep`, in place: a rebuild that removed nothing
    /// does not copy the cache.
    mutating func keepOnly(_ keep: (Key) -> Bool) {
        for key in keys.filter({ !keep($0) }) { removeValue(forKey: key) }
    }
}
