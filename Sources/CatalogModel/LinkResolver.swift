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
            return .unresolved(reason: "'\(path)' is not a page; pages are components/<slug>/index.md (and its tabs, components/<slug>/<tab>.md), guides/<slug>.md and guides/<section>/<slug>.md")
        }
        return .file(path: path)
    }

    /// The page output folder a catalog path stands for, if it names a page.
    package static func pagePath(for path: String, linkedAsDirectory: Bool) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "components", parts[2] == "index.md" { return "components/\(parts[1])/" }
        // A component's tab (code.md → its Code page).
        if parts.count == 3, parts[0] == "components", parts[2].hasSuffix(".md") { return "components/\(parts[1])/\(parts[2].dropLast(3))/" }
        if parts.count == 2, parts[0] == "components", !parts[1].contains(".") { return "components/\(parts[1])/" }
        if parts.count == 2, parts[0] == "guides", parts[1].hasSuffix(".md") { return "guides/\(parts[1].dropLast(3))/" }
        // A guide in a section, and a section's index.
        if parts.count == 3, parts[0] == "guides", parts[2] == "index.md" { return "guides/\(parts[1])/" }
        if parts.count == 3, parts[0] == "guides", parts[2].hasSuffix(".md") { return "guides/\(parts[1])/\(parts[2].dropLast(3))/" }
        if linkedAsDirectory, parts.count == 3, parts[0] == "guides" { return "guides/\(parts[1])/\(parts[2])/" }
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
    /// Paths are compared segment by segment, byte for byte (empty segments are skipped); every
    /// page's cards and related links ask this of other pages, so it works on the UTF-8 bytes.
    public static func relative(from: String, to: String) -> String {
        var from = from, to = to
        from.makeContiguousUTF8()
        to.makeContiguousUTF8()
        return from.utf8.withContiguousStorageIfAvailable { fromBytes in
            to.utf8.withContiguousStorageIfAvailable { toBytes in relative(from: fromBytes, to: toBytes) }
        }!!
    }

    private static func relative(from: UnsafeBufferPointer<UInt8>, to: UnsafeBufferPointer<UInt8>) -> String {
        let toIsDirectory = to.isEmpty || to.last == slash
        let fromCount = segmentCount(from), toCount = segmentCount(to)
        var common = 0
        var fromPosition = 0, toPosition = 0
        while common < fromCount, common < toCount, toIsDirectory || common < toCount - 1 {
            var nextFrom = fromPosition, nextTo = toPosition
            guard let a = segment(from, after: &nextFrom), let b = segment(to, after: &nextTo),
                  a.count == b.count, zip(from[a], to[b]).allSatisfy({ $0 == $1 }) else { break }
            fromPosition = nextFrom
            toPosition = nextTo
            common += 1
        }
        var result: [UInt8] = []
        result.reserveCapacity(3 * (fromCount - common) + to.count - toPosition + 1)
        for _ in common..<fromCount { result += [UInt8(ascii: "."), UInt8(ascii: "."), slash] }
        var first = true
        while let part = segment(to, after: &toPosition) {
            if !first { result.append(slash) }
            result += to[part]
            first = false
        }
        if toIsDirectory, common < toCount { result.append(slash) }
        return result.isEmpty ? "./" : String(decoding: result, as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")

    /// The next non-empty segment at or after `position`, which moves past it.
    private static func segment(_ path: UnsafeBufferPointer<UInt8>, after position: inout Int) -> Range<Int>? {
        while position < path.count, path[position] == slash { position += 1 }
        guard position < path.count else { return nil }
        let start = position
        while position < path.count, path[position] != slash { position += 1 }
        return start..<position
    }

    private static func segmentCount(_ path: UnsafeBufferPointer<UInt8>) -> Int {
        var position = 0, count = 0
        while segment(path, after: &position) != nil { count += 1 }
        return count
    }

    /// The parts of a path with `.` and empty parts dropped and each `..` taking the part before
    /// it, joined by `/`; nil when a `..` climbs past the first part. The parts may be slices of
    /// the text they were split from (the link check's references), made into no string of their own.
    package static func normalize<Part: StringProtocol>(_ parts: [Part]) -> String? {
        var result: [Part] = []
        result.reserveCapacity(parts.count)
        for part in parts {
            if part.isEmpty || part == "." { continue }
            if part == ".." {
                guard !result.isEmpty else { return nil }
                result.removeLast()
            } else {
                result.append(part)
            }
        }
        return result.joined(separator: "/")
    }

    package static func hasScheme(_ text: String) -> Bool {
        // Most references are ASCII before their first colon (or have none): read as bytes. A
        // letter may be any script's, and a colon with a combining mark after it is no colon, so
        // anything else is read by character.
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let after = bytes.index(after: colon)
        if after == bytes.endIndex || bytes[after] < 0x80, bytes[..<colon].allSatisfy({ $0 < 0x80 }) {
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            guard let first = bytes.first, isLetter(first) else { return false }
            return bytes[..<colon].allSatisfy {
                isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }
        }
        return hasSchemeByCharacter(text)
    }

    /// `hasScheme` character by character (any text; the byte path must give the same).
    package static func hasSchemeByCharacter(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    package static func decode(_ text: String) -> String {
        // Without a `%` there is nothing to decode (Foundation's decoding copies the text through
        // NSString to find that out).
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// A path as an address: each segment percent-encoded where a URL would not keep it (a
    /// space, `#`, `?`, a quote, `%`, any non-ASCII letter), the slashes kept — the inverse of
    /// `decode` for a file name the site publishes as it is.
    public static func encodedPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: pathSegmentAllowed) ?? String(segment)
        }.joined(separator: "/")
    }

    private static let pathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#%\"'"))
}
