/// A value the catalog hands to the templates without validating it: front matter `extra:`,
/// the place for a team's own keys.
public indirect enum FreeValue: Sendable, Hashable {
    case text(String)
    case bool(Bool)
    case list([FreeValue])
    /// Keys in the order they were written.
    case map([Pair])

    public struct Pair: Sendable, Hashable {
        public var key: String
        public var value: FreeValue
    }
}
