import Foundation

/// Everything the code folders say, read once per build: the SwiftUI types and Composable
/// functions by name, the `View` extensions, Code Connect links, the notes on what could not be
/// read, and the call sites of the components' implementations in the usage folders.
public struct CodeIndex: Sendable {
    /// SwiftUI view types, by name (simple and qualified).
    public var swiftTypes: [String: CodeAPI] = [:]
    /// Methods of `extension View`: modifiers any view takes.
    public var viewExtensions: [CodeAPI.Member] = []
    /// @Composable functions, by name (each overload a signature).
    public var composables: [String: CodeAPI] = [:]
    public var notes: [CodeNote] = []
    /// Per platform and implementation name: the files calling it and how often, sorted by file.
    public var usage: [String: [String: [(file: String, calls: Int)]]] = [:]
    /// Whether each platform's sources were given (its mappings are checked only then).
    public var platforms: Set<String> = []
    /// A hash of what it was read from: the files and the names counted.
    public var contentKey: UInt64 = 0

    public init() {}

    /// The implementation `name` on `platform`, when the code declares it.
    public func api(_ platform: String, _ name: String) -> CodeAPI? {
        platform == "swiftui" ? swiftTypes[name] : composables[name]
    }
}
