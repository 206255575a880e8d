import Foundation

/// Resolves the links written in Markdown to what they name in the catalog, and rewrites them
/// into URLs relative to the page, so the site works under any path prefix.
public enum LinkResolver {
    /// What `destination`, written in the catalog file `file`, points at.
    public static func resolve(_ destination: String, from file: String) -> ProseLink.Target {
        let trimmed = destination.trimmingSpaces()
        if trimmed.isEmpty { return .unresolved(reason: "the link has no destination") }
        if trimmed.hasPrefix("#") { return .samePage(fragment: decode(String(trimmed.dropFirst()))) }
        if trimmed.hasPrefix("//") || hasScheme(trimmed) { return .external }
        if trimmed.hasPrefix("/") { return .siteAbsolute }

        var pathPart = Substring(trimmed)
        var fragment: String?
        if let hash = pathPart.firstIndex(of: "#") {
            fragment = decode(String(pathPart[pathPart.index(after: hash)...]))
            pathPart = pathPart[..<hash]
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<query] }
        let directory = file.split(separator: "/").dropLast().map(String.init)
        guard let path = normalize(directory + decode(String(pathPart)).split(separator: "/", omittingEmptySubsequences: false).map(String.init)) else {
            return .unresolved(reason: "it points outside the catalog folder")
        }
        if let page = pagePath(for: path, linkedAsDirectory: pathPart.hasSuffix("/") || pathPart.isEmpty) {
            return .page(path: page, fragment: fragment)
        }
        if path.hasSuffix(".md") {
            return .unresolved(reason: "'\(path)' is not a page; pages are components/<slug>/index.md and guides/<slug>.md")
        }
        return .file(path: path)
    }

    /// The page output folder a catalog path stands for, if it names a page.
    static func pagePath(for path: String, linkedAsDirectory: Bool) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "components", parts[2] == "index.md" { return "components/\(parts[1])/" }
        if parts.count == 2, parts[0] == "components", !parts[1].contains(".") { return "components/\(parts[1])/" }
        if parts.count == 2, parts[0] == "guides", parts[1].hasSuffix(".md") { return "guides/\(parts[1].dropLast(3))/" }
        if parts.isEmpty || (parts.count == 1 && parts[0] == "index.md") { return "" }
        if linkedAsDirectory, parts.count == 2, parts[0] == "guides" { return "guides/\(parts[1])/" }
        return nil
    }

    /// The URL to write in a page whose output folder is `pageDirectory` for a resolved target.
    public static func href(for target: ProseLink.Target, fromPage pageDirectory: String) -> String? {
        switch target {
        case .page(let path, let fragment):
            let base = relative(from: pageDirectory, to: path)
            return fragment.map { base + "#" + $0 } ?? base
        case .file(let path):
            return relative(from: pageDirectory, to: path)
        default:
            return nil
        }
    }

    /// A relative URL from the folder `from` (ends in `/` or is empty for the root) to `to`.
    public static func relative(from: String, to: String) -> String {
        // Substrings, not Strings: every page's cards and related links ask this of each other page.
        let fromParts = from.split(separator: "/")
        let toParts = to.split(separator: "/")
        let toIsDirectory = to.isEmpty || to.hasSuffix("/")
        var common = 0
        while common < fromParts.count, common < toParts.count, fromParts[common] == toParts[common],
              toIsDirectory || common < toParts.count - 1 {
            common += 1
        }
        var result = String(repeating: "../", count: fromParts.count - common)
        result += toParts[common...].joined(separator: "/")
        if toIsDirectory, common < toParts.count { result += "/" }
        return result.isEmpty ? "./" : result
    }

    static func normalize(_ parts: [String]) -> String? {
        var result: [String] = []
        for part in parts {
            switch part {
            case "", ".": continue
            case "..":
                guard !result.isEmpty else { return nil }
                result.removeLast()
            default: result.append(part)
            }
        }
        return result.joined(separator: "/")
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func decode(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }
}
