import CatalogCore
import CatalogSyntax
/// Replaces every `{ "$ref": "#/…" }` in a token file with the value its JSON Pointer names in
/// the same file (DTCG 2025.10): a whole `$value`, or a part of one (`"components": [{ "$ref":
/// "#/base/$value/components/0" }, 0.5, 1]`). A pointer that is malformed, names nothing, names
/// a group or a token's metadata rather than a value, or loops back on itself is an error at the
/// `$ref`, and the object is left as it was (so the token then fails its own check quietly).
package struct JSONPointerReferences {
    /// Pointers that lead to further pointers, at most (a longer chain is an error).
    package static let maximumChain = 100

    package let root: JSONNode
    package let file: String
    package var diagnostics: [Diagnostic] = []
    /// Set when a pointer could not be followed: the file's tokens that used it are skipped.
    package var failed = false

    package init(root: JSONNode, file: String) {
        self.root = root
        self.file = file
    }

    /// The file with every pointer replaced by what it names.
    package mutating func resolved() -> JSONNode {
        resolve(root, chain: [])
    }

    private mutating func resolve(_ node: JSONNode, chain: [String]) -> JSONNode {
        switch node.value {
        case .object(let members):
            if let reference = members.first(where: { $0.key == "$ref" }) {
                return follow(reference, in: node, chain: chain)
            }
            let resolvedMembers = members.map { member in
                JSONNode.Member(key: member.key, keyLine: member.keyLine, keyColumn: member.keyColumn, value: resolve(member.value, chain: chain))
            }
            return JSONNode(value: .object(resolvedMembers), line: node.line, column: node.column)
        case .array(let items):
            return JSONNode(value: .array(items.map { resolve($0, chain: chain) }), line: node.line, column: node.column)
        default:
            return node
        }
    }

    private mutating func follow(_ reference: JSONNode.Member, in node: JSONNode, chain: [String]) -> JSONNode {
        let at = SourceLocation(file: file, line: reference.keyLine, column: reference.keyColumn)
        func fail(_ message: String) -> JSONNode {
            diagnostics.append(.error(.tokenRef, message, at: at))
            failed = true
            return node
        }
        let others = (node.members ?? []).filter { $0.key != "$ref" }
        if others.contains(where: { $0.key == "$value" }) {
            return fail("a token has either \"$value\" or \"$ref\", not both; keep one")
        }
        // `{ "$type": "color", "$ref": "#/…/$value" }`: a token whose value is what the pointer
        // names, beside its own metadata.
        let isToken = !others.isEmpty && others.allSatisfy { ["$type", "$description", "$deprecated", "$extensions"].contains($0.key) }
        guard others.isEmpty || isToken else {
            return fail("an object with \"$ref\" stands for the value it points to, so it cannot have other keys; remove them or the $ref")
        }
        guard let pointer = reference.value.string else { return fail("\"$ref\" must be a JSON Pointer string such as \"#/colors/blue/$value\"") }
        guard pointer.hasPrefix("#/") else {
            if pointer == "#" || pointer.isEmpty { return fail("the JSON Pointer '\(pointer)' names the whole file; point at a value such as \"#/colors/blue/$value\"") }
            return fail("the JSON Pointer '\(pointer)' must start with \"#/\" and point into this file (references to other files are not part of the format)")
        }
        let path = pointer.dropFirst(2)
        guard !path.isEmpty, !path.hasSuffix("/"), !path.contains("//") else {
            return fail("the JSON Pointer '\(pointer)' has an empty step; write it as \"#/group/token/$value\"")
        }
        if chain.contains(pointer) {
            return fail("the JSON Pointer '\(pointer)' leads back to itself (\((chain + [pointer]).joined(separator: " → "))); point one of them at a value")
        }
        guard chain.count < Self.maximumChain else {
            return fail("JSON Pointers lead to further pointers more than \(Self.maximumChain) times here; point at a value directly")
        }
        var steps: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: false) {
            var step = ""
            var index = raw.startIndex
            while index < raw.endIndex {
                if raw[index] == "~" {
                    let next = raw.index(after: index)
                    guard next < raw.endIndex, raw[next] == "0" || raw[next] == "1" else {
                        return fail("the JSON Pointer '\(pointer)' has a '~' that is not '~0' or '~1'")
                    }
                    step.append(raw[next] == "0" ? "~" : "/")
                    index = raw.index(after: next)
                } else {
                    step.append(raw[index])
                    index = raw.index(after: index)
                }
            }
            steps.append(step)
        }
        var current = root
        var insideValue = false
        for (position, step) in steps.enumerated() {
            switch current.value {
            case .object:
                if step.hasPrefix("$"), step != "$value", !insideValue {
                    return fail("the JSON Pointer '\(pointer)' points at '\(step)', which is metadata, not a value; point at a token's $value")
                }
                guard let next = current[step] else {
                    let keys = current.members?.map(\.key) ?? []
                    return fail("the JSON Pointer '\(pointer)' names nothing: there is no '\(step)' at step \(position + 1)\(DidYouMean.hint(for: step, in: keys))")
                }
                if step == "$value" { insideValue = true }
                current = next
            case .array(let items):
                guard let index = Int(step), String(index) == step, index >= 0, index < items.count else {
                    return fail("the JSON Pointer '\(pointer)' names nothing: '\(step)' is not an index of a list of \(items.count)")
                }
                current = items[index]
            default:
                return fail("the JSON Pointer '\(pointer)' names nothing: step \(position + 1) ('\(step)') goes inside a \(current.kindName)")
            }
        }
        if !insideValue {
            // DTCG 2025.10 points at values: a pointer to a token object (or a group) is invalid.
            guard current["$value"] != nil else {
                return fail("the JSON Pointer '\(pointer)' names a group, not a value; point at a token's $value")
            }
            return fail("the JSON Pointer '\(pointer)' names a token, not its value; point at '\(pointer)/$value'")
        }
        // The value stands where the $ref was written, so a problem with it is reported there.
        let resolvedValue = resolve(current, chain: chain + [pointer])
        if isToken {
            let value = JSONNode(value: resolvedValue.value, line: reference.value.line, column: reference.value.column)
            let member = JSONNode.Member(key: "$value", keyLine: reference.keyLine, keyColumn: reference.keyColumn, value: value)
            return JSONNode(value: .object(others + [member]), line: node.line, column: node.column)
        }
        return JSONNode(value: resolvedValue.value, line: node.line, column: node.column)
    }
}
