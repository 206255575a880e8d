import CatalogCore

// How the model's large values compare as the inputs of steps. Each is made by one step from
// files (a component from its folder, the tokens from the token and resolver files, a guide from
// its page), and its key is that step's input hashed where the value is made: two values with one
// key were made from the same files, so comparing keys compares the values, at the cost of one
// integer instead of their whole contents.

extension Component: Hashable {
    public static func == (left: Component, right: Component) -> Bool { left.inputKey == right.inputKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(inputKey) }
}

extension Guide: Hashable {
    public static func == (left: Guide, right: Guide) -> Bool { left.inputKey == right.inputKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(inputKey) }
}

extension GuideSection: Hashable {
    public static func == (left: GuideSection, right: GuideSection) -> Bool { left.inputKey == right.inputKey && left.slug == right.slug }
    public func hash(into hasher: inout Hasher) { hasher.combine(inputKey) }
}

extension TokenSet: Hashable {
    public static func == (left: TokenSet, right: TokenSet) -> Bool { left.contentKey == right.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}

extension TokenModes: Hashable {
    public static func == (left: TokenModes, right: TokenModes) -> Bool { left.contentKey == right.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}

extension CodeIndex: Hashable {
    public static func == (left: CodeIndex, right: CodeIndex) -> Bool { left.contentKey == right.contentKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentKey) }
}

/// A file is its path and its bytes' hash.
extension CatalogFile: Hashable {
    public static func == (left: CatalogFile, right: CatalogFile) -> Bool { left.path == right.path && left.contentHash == right.contentHash }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(contentHash)
    }
}
