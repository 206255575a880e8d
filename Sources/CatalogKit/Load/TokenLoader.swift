/// Reads `tokens/*.tokens.json` (W3C DTCG): nested groups, inherited `$type`, and `{…}` aliases
/// resolved transitively, with cycles and dangling aliases reported along their chain.
enum TokenLoader {
    private static let tokenKeys = ["$value", "$type", "$description", "$extensions", "$deprecated"]
    private static let groupKeys = ["$type", "$description", "$extensions", "$deprecated", "$schema"]

    static func load(_ files: [(path: String, bytes: [UInt8])], tree: SourceTree) -> (TokenSet, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var tokens: [Token] = []
        var seen: [String: SourceLocation] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let display = tree.displayPath(file.path)
            var bytes = file.bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if case .failure(let problem) = SourceText.decode(bytes, file: display) {
                diagnostics.append(problem)
                continue
            }
            let root: JSONNode
            do {
                root = try JSONParser.parse(bytes)
            } catch {
                diagnostics.append(.error("json.syntax", "invalid JSON: \(error.message)", at: SourceLocation(file: display, line: error.line, column: error.column)))
                continue
            }
            guard root.members != nil else {
                diagnostics.append(.error("schema.type", "a token file must hold a JSON object of groups and tokens, not \(root.kindName)", at: SourceLocation(file: display, line: root.line, column: root.column)))
                continue
            }
            var walker = Walker(file: file.path, display: display)
            walker.walk(root, path: [], inheritedType: nil)
            diagnostics += walker.diagnostics
            for token in walker.tokens {
                if let first = seen[token.name] {
                    diagnostics.append(.error("token.duplicate", "token '\(token.name)' is already defined at \(first); keep one definition", at: token.location))
                    continue
                }
                seen[token.name] = token.location
                tokens.append(token)
            }
        }
        var resolver = Resolver(tokens: tokens)
        resolver.resolveAll()
        diagnostics += resolver.diagnostics
        return (TokenSet(resolver.tokens), diagnostics)
    }

    /// Flattens the group tree into tokens, checking names and `$` keys on the way.
    private struct Walker {
        let file: String
        let display: String
        var tokens: [Token] = []
        var diagnostics: [Diagnostic] = []

        func at(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(file: display, line: line, column: column)
        }

        mutating func walk(_ node: JSONNode, path: [String], inheritedType: String?) {
            guard let members = node.members else { return }
            var keys = Set<String>()
            for member in members where !keys.insert(member.key).inserted {
                diagnostics.append(.error("json.duplicate-key", "the key \"\(member.key)\" appears twice in the same object; keep one", at: at(member.keyLine, member.keyColumn)))
            }
            let isToken = members.contains { $0.key == "$value" }
            var type = inheritedType
            if let typeNode = node["$type"] {
                if let declared = typeNode.string {
                    if !TokenValues.knownTypes.contains(declared) {
                        diagnostics.append(.warning("token.unknown-type", "'\(declared)' is not a DTCG type\(DidYouMean.hint(for: declared, in: TokenValues.knownTypes)); its value is used as written", at: at(typeNode.line, typeNode.column)))
                    }
                    type = declared
                } else {
                    diagnostics.append(.error("schema.type", "$type must be a string such as \"color\"", at: at(typeNode.line, typeNode.column)))
                }
            }
            if let description = node["$description"], description.string == nil {
                diagnostics.append(.error("schema.type", "$description must be a string", at: at(description.line, description.column)))
            }
            let allowed = isToken ? TokenLoader.tokenKeys : TokenLoader.groupKeys
            for member in members where member.key.hasPrefix("$") && !allowed.contains(member.key) {
                let what = isToken ? "a token" : "a group"
                // A misspelt $value turns a token into a group, so suggest from both lists.
                let hint = DidYouMean.hint(for: member.key, in: Set(TokenLoader.tokenKeys + TokenLoader.groupKeys))
                diagnostics.append(.error("schema.unknown-key", "unknown key '\(member.key)' in \(what)\(hint); allowed: \(allowed.joined(separator: ", "))", at: at(member.keyLine, member.keyColumn)))
            }
            if isToken {
                for member in members where !member.key.hasPrefix("$") {
                    diagnostics.append(.error("token.nested", "token '\(path.joined(separator: "."))' has $value, so it cannot also contain '\(member.key)'; move '\(member.key)' into a group", at: at(member.keyLine, member.keyColumn)))
                }
                guard let value = node["$value"] else { return }
                var deprecated = false
                if case .bool(let flag)? = node["$deprecated"]?.value { deprecated = flag } else if node["$deprecated"]?.string != nil { deprecated = true }
                tokens.append(Token(
                    path: path, type: type, description: node["$description"]?.string, deprecated: deprecated,
                    rawValue: value, resolvedValue: nil, aliasChain: [], css: nil, resolvedCSS: nil, color: nil,
                    file: file, location: at(value.line, value.column)
                ))
                return
            }
            for member in members where !member.key.hasPrefix("$") {
                if let problem = TokenLoader.nameProblem(member.key) {
                    diagnostics.append(.error("token.name", problem, at: at(member.keyLine, member.keyColumn)))
                    continue
                }
                guard member.value.members != nil else {
                    diagnostics.append(.error("schema.type", "'\(member.key)' must be an object: a group, or a token with \"$value\"", at: at(member.value.line, member.value.column)))
                    continue
                }
                walk(member.value, path: path + [member.key], inheritedType: type)
            }
        }
    }

    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a token or group name cannot be empty" }
        if let bad = name.first(where: { $0 == "." || $0 == "{" || $0 == "}" || $0 == "/" }) {
            return "the name '\(name)' contains '\(bad)', which token paths use as a separator or alias marker; rename it"
        }
        return nil
    }

    /// The alias target of a value written as `"{group.token}"`.
    static func aliasTarget(_ node: JSONNode) -> String? {
        guard let text = node.string, text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// Resolves aliases depth-first, remembering the chain so a cycle or a dangling end names it.
    private struct Resolver {
        var tokens: [Token]
        var diagnostics: [Diagnostic] = []
        private var index: [String: Int] = [:]
        private var state: [Int: State] = [:]

        enum State { case resolving, done, failed }

        init(tokens: [Token]) {
            self.tokens = tokens
            for (position, token) in tokens.enumerated() { index[token.name] = position }
        }

        mutating func resolveAll() {
            for position in tokens.indices { _ = resolve(position, chain: []) }
        }

        /// Returns true when the token ends in a literal value.
        private mutating func resolve(_ position: Int, chain: [String]) -> Bool {
            switch state[position] {
            case .done: return true
            case .failed: return false
            case .resolving:
                let name = tokens[position].name
                let cycleStart = chain.firstIndex(of: name) ?? 0
                let cycle = chain[cycleStart...] + [name]
                diagnostics.append(.error("token.alias-cycle", "alias cycle: \(cycle.map { "{\($0)}" }.joined(separator: " → ")); point one of them at a literal value", at: tokens[position].location))
                return false
            case nil: break
            }
            state[position] = .resolving
            let chain = chain + [tokens[position].name]
            var ok = true
            let token = tokens[position]
            var aliasChain: [String] = []

            // A whole-value alias takes the target's resolved value and, when unset, its type.
            if let target = TokenLoader.aliasTarget(token.rawValue) {
                let targetName = TokenSet.normalize(target)
                if let targetPosition = index[targetName] {
                    if resolve(targetPosition, chain: chain) {
                        let resolvedTarget = tokens[targetPosition]
                        tokens[position].resolvedValue = resolvedTarget.resolvedValue
                        tokens[position].aliasChain = [targetName] + resolvedTarget.aliasChain
                        if tokens[position].type == nil { tokens[position].type = resolvedTarget.type }
                        aliasChain = tokens[position].aliasChain
                    } else {
                        ok = false
                    }
                } else {
                    reportDangling(target: target, from: position, chain: chain)
                    ok = false
                }
            } else {
                // Composite values may alias their parts (`"color": "{color.shadow}"`).
                if let substituted = substitute(token.rawValue, from: position, chain: chain) {
                    tokens[position].resolvedValue = substituted
                } else {
                    ok = false
                }
            }

            if ok, let value = tokens[position].resolvedValue {
                let reading = TokenValues.read(value, type: tokens[position].type)
                if let problem = reading.problem {
                    if aliasChain.isEmpty {
                        diagnostics.append(.error("token.invalid-value", "token '\(token.name)': \(problem)", at: token.location))
                    }
                    ok = false
                } else {
                    tokens[position].resolvedCSS = reading.css
                    tokens[position].color = reading.color
                    if let target = aliasChain.first, let targetToken = index[target].map({ tokens[$0] }) {
                        tokens[position].css = "var(\(targetToken.cssVariable))"
                    } else {
                        tokens[position].css = reading.css
                    }
                }
            }
            state[position] = ok ? .done : .failed
            return ok
        }

        private mutating func substitute(_ node: JSONNode, from position: Int, chain: [String]) -> JSONNode? {
            if let target = TokenLoader.aliasTarget(node) {
                let targetName = TokenSet.normalize(target)
                guard let targetPosition = index[targetName] else {
                    reportDangling(target: target, from: position, chain: chain, at: node)
                    return nil
                }
                guard resolve(targetPosition, chain: chain) else { return nil }
                return tokens[targetPosition].resolvedValue
            }
            switch node.value {
            case .object(let members):
                var result: [JSONNode.Member] = []
                for member in members {
                    guard let value = substitute(member.value, from: position, chain: chain) else { return nil }
                    result.append(JSONNode.Member(key: member.key, keyLine: member.keyLine, keyColumn: member.keyColumn, value: value))
                }
                return JSONNode(value: .object(result), line: node.line, column: node.column)
            case .array(let items):
                var result: [JSONNode] = []
                for item in items {
                    guard let value = substitute(item, from: position, chain: chain) else { return nil }
                    result.append(value)
                }
                return JSONNode(value: .array(result), line: node.line, column: node.column)
            default:
                return node
            }
        }

        private mutating func reportDangling(target: String, from position: Int, chain: [String], at node: JSONNode? = nil) {
            let token = tokens[position]
            let location = node.map { SourceLocation(file: token.location.file, line: $0.line, column: $0.column) } ?? token.location
            let path = (chain + [TokenSet.normalize(target)]).map { "{\($0)}" }.joined(separator: " → ")
            let hint = DidYouMean.suggestion(for: TokenSet.normalize(target), in: index.keys).map { "; did you mean '{\($0)}'?" } ?? ""
            diagnostics.append(.error("token.alias-dangling", "'{\(target)}' names no token (\(path))\(hint)", at: location))
        }
    }
}
