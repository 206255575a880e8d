import Foundation

/// Tokens Studio's older reference form, `$colors.Gray.Dark.11` (still resolved by the plugin),
/// read as the `{colors.Gray.Dark.11}` every later step knows. Only a `$` followed by the whole
/// path of a token some set defines is read so: a `$` in other text is left alone.
extension TokenImport {
    /// The sets with every legacy reference rewritten, and how many were.
    package static func readingLegacyReferences(_ sets: [(name: String, members: [Value.Member])]) -> (sets: [(name: String, members: [Value.Member])], count: Int) {
        var paths = Set<String>()
        for set in sets { collectPaths(set.members, prefix: [], into: &paths) }
        guard !paths.isEmpty else { return (sets, 0) }
        var count = 0
        let rewritten = sets.map { set in
            (name: set.name, members: set.members.map { member in
                Value.Member(key: member.key, value: rewrite(member.value, paths: paths, count: &count))
            })
        }
        return (rewritten, count)
    }

    private static func collectPaths(_ members: [Value.Member], prefix: [String], into paths: inout Set<String>) {
        for member in members where !member.key.hasPrefix("$") {
            guard case .object(let children) = member.value else { continue }
            let path = prefix + [member.key]
            if member.value["value"] != nil || member.value["$value"] != nil {
                paths.insert(path.joined(separator: "."))
            } else {
                collectPaths(children, prefix: path, into: &paths)
            }
        }
    }

    private static func rewrite(_ value: Value, paths: Set<String>, count: inout Int) -> Value {
        switch value {
        case .string(let text) where text.contains("$"):
            return .string(rewriteText(text, paths: paths, count: &count))
        case .array(let items):
            return .array(items.map { rewrite($0, paths: paths, count: &count) })
        case .object(let members):
            // Keys stay as written (`$value`, `$type`); values inside are read.
            return .object(members.map { Value.Member(key: $0.key, value: rewrite($0.value, paths: paths, count: &count)) })
        default:
            return value
        }
    }

    /// Each `$path` whose longest run of path characters (letters, digits, `-`, `_`, `.`) names a
    /// token, written `{path}`; a trailing `.` is not part of the path.
    private static func rewriteText(_ text: String, paths: Set<String>, count: inout Int) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        func isPathCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "-" || character == "_" || character == "."
        }
        while index < characters.count {
            guard characters[index] == "$" else {
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, isPathCharacter(characters[end]) { end += 1 }
            var candidate = String(characters[(index + 1)..<end])
            while candidate.hasSuffix(".") { candidate.removeLast() }
            if paths.contains(candidate) {
                result += "{\(candidate)}"
                count += 1
                index += 1 + candidate.count
            } else {
                result.append("$")
                index += 1
            }
        }
        return result
    }
}
