import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel
/// Reads `tokens/*.tokens.json` (W3C DTCG): nested groups, inherited `$type`, and `{…}` aliases
/// resolved transitively, with cycles and dangling aliases reported along their chain.
package enum TokenLoader {
    /// The `$extensions` key under which `tokens import` records the tokens it could not
    /// convert, so an alias to one says why it is missing.
    package static let importRecordKey = "org.catalog-build.import"

    private static let tokenKeys = ["$value", "$type", "$description", "$extensions", "$deprecated"]
    private static let groupKeys = ["$type", "$description", "$extensions", "$deprecated", "$schema", "$extends", "$root"]

    /// One token file's JSON, or an inline token object of a resolver document.
    package struct Source {
        /// Catalog path of the file the JSON was written in.
        package var file: String
        package var display: String
        package var root: JSONNode
    }

    /// Version 1: every `tokens/*.tokens.json`, in path order; a token defined twice is an error.
    package static func load(_ files: [(path: String, bytes: [UInt8])], tree: SourceTree) -> (TokenSet, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [Source] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let (root, problems) = parse(file.bytes, display: tree.displayPath(file.path))
            diagnostics += problems
            if let root { sources.append(Source(file: file.path, display: tree.displayPath(file.path), root: root)) }
        }
        let (set, problems) = resolve(sources, laterOverrides: false)
        return (set, diagnostics + problems)
    }

    /// Parses a token file: UTF-8, JSON, an object in the DTCG format (not another tool's).
    package static func parse(_ input: [UInt8], display: String) -> (JSONNode?, [Diagnostic]) {
        let (parsed, problems) = parseJSON(input, display: display)
        guard let root = parsed else { return (nil, problems) }
        guard root.members != nil else {
            return (nil, [.error(.schemaType, "a token file must hold a JSON object of groups and tokens, not \(root.kindName)", at: SourceLocation(file: display, line: root.line, column: root.column))])
        }
        if let format = foreignFormat(root) {
            return (nil, [.error(.tokenForeignFormat, "this file looks like \(format): its tokens use `value` and `type`, not the DTCG `$value` and `$type`, so none of it is read. Convert it with `catalog-build tokens import <this file> --to <catalog>/tokens`, which writes W3C DTCG 2025.10 files", at: SourceLocation(file: display, line: root.line, column: root.column))])
        }
        return (root, [])
    }

    /// A JSON file (a token file or the resolver document): UTF-8 (a BOM is skipped), then JSON.
    package static func parseJSON(_ input: [UInt8], display: String) -> (JSONNode?, [Diagnostic]) {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if case .failure(let problem) = SourceText.decode(bytes, file: display) { return (nil, [problem]) }
        do {
            return (try JSONParser.parse(bytes), [])
        } catch {
            return (nil, [.error(.jsonSyntax, "invalid JSON: \(error.message)", at: SourceLocation(file: display, line: error.line, column: error.column))])
        }
    }

    /// The tokens of `sources` taken in order, with `$ref`s, `$extends` and aliases resolved.
    /// With `laterOverrides` (a resolver's sources) a later definition of a token replaces an
    /// earlier one; without it (version 1) the second definition is an error.
    package static func resolve(_ sources: [Source], laterOverrides: Bool) -> (TokenSet, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var tokens: [Token] = []
        var seen: [String: (location: SourceLocation, position: Int)] = [:]
        var groups = Set<String>()
        var groupTypes: [String: String] = [:]
        var extends: [ExtendsDeclaration] = []
        for source in sources {
            var pointers = JSONPointerReferences(root: source.root, file: source.display)
            let expanded = pointers.resolved()
            diagnostics += pointers.diagnostics
            var walker = Walker(file: source.file, display: source.display)
            walker.walk(expanded, path: [], inheritedType: nil, inheritedDeprecation: nil)
            diagnostics += walker.diagnostics
            groups.formUnion(walker.groups)
            groupTypes.merge(walker.groupTypes) { _, later in later }
            extends += walker.extends
            for token in walker.tokens {
                if let first = seen[token.name] {
                    if laterOverrides {
                        tokens[first.position] = token
                        seen[token.name] = (token.location, first.position)
                    } else {
                        diagnostics.append(.error(.tokenDuplicate, "token '\(token.name)' is already defined at \(first.location); keep one definition", at: token.location))
                    }
                    continue
                }
                seen[token.name] = (token.location, tokens.count)
                tokens.append(token)
            }
        }
        let extended = TokenExtends.apply(tokens, groups: groups, groupTypes: groupTypes, declarations: extends)
        tokens = extended.tokens
        diagnostics += extended.diagnostics
        var resolver = Resolver(tokens: tokens)
        // What `tokens import` recorded it skipped, so an alias to it says so.
        for source in sources {
            for member in source.root["$extensions"]?[importRecordKey]?["skipped"]?.members ?? [] {
                resolver.skippedByImport[TokenSet.normalize(member.key)] = member.value.string ?? "it could not be converted"
            }
        }
        resolver.resolveAll()
        diagnostics += resolver.diagnostics
        return (TokenSet(resolver.tokens), diagnostics)
    }

    /// Flattens the group tree into tokens, checking names and `$` keys on the way.
    private struct Walker {
        package let file: String
        package let display: String
        package var tokens: [Token] = []
        package var diagnostics: [Diagnostic] = []
        /// Every group's name (`button.background`), for `$extends` targets.
        package var groups = Set<String>()
        /// The `$type` each group declares, which a group extending it takes as its own default.
        package var groupTypes: [String: String] = [:]
        package var extends: [ExtendsDeclaration] = []

        package func at(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(file: display, line: line, column: column)
        }

        package mutating func walk(_ node: JSONNode, path: [String], inheritedType: String?, inheritedDeprecation: (Bool, String?)?) {
            guard let members = node.members else { return }
            var keys = Set<String>()
            for member in members where !keys.insert(member.key).inserted {
                diagnostics.append(.error(.jsonDuplicateKey, "the key \"\(member.key)\" appears twice in the same object; keep one", at: at(member.keyLine, member.keyColumn)))
            }
            let isToken = members.contains { $0.key == "$value" }
            var type = inheritedType
            if let typeNode = node["$type"] {
                if let declared = typeNode.string {
                    if !(TokenType(rawValue: declared) != nil) {
                        diagnostics.append(.error(.tokenUnknownType, "'\(declared)' is not a DTCG type\(DidYouMean.hint(for: declared, in: TokenType.allCases.map(\.rawValue))); use one of \(TokenType.allCases.map(\.rawValue).joined(separator: ", "))", at: at(typeNode.line, typeNode.column)))
                    }
                    type = declared
                } else {
                    diagnostics.append(.error(.schemaType, "$type must be a string such as \"color\"", at: at(typeNode.line, typeNode.column)))
                }
            }
            if let description = node["$description"], description.string == nil {
                diagnostics.append(.error(.schemaType, "$description must be a string", at: at(description.line, description.column)))
            }
            if let extensions = node["$extensions"], extensions.members == nil {
                diagnostics.append(.error(.schemaType, "$extensions must be an object whose keys name the tool (such as \"com.example.tool\")", at: at(extensions.line, extensions.column)))
            }
            var deprecation = inheritedDeprecation
            if let flag = node["$deprecated"] {
                switch flag.value {
                case .bool(let value): deprecation = (value, nil)
                case .string(let message): deprecation = (true, message)
                default:
                    diagnostics.append(.error(.schemaType, "$deprecated must be true, false or a message saying what to use instead, not \(flag.kindName)", at: at(flag.line, flag.column)))
                }
            }
            let allowed = isToken ? TokenLoader.tokenKeys : TokenLoader.groupKeys
            // A `$ref` still here is one the pointer pass could not follow, and it said so.
            for member in members where member.key.hasPrefix("$") && !allowed.contains(member.key) && member.key != "$ref" {
                let what = isToken ? "a token" : "a group"
                // A misspelt $value turns a token into a group, so suggest from both lists.
                let hint = DidYouMean.hint(for: member.key, in: Set(TokenLoader.tokenKeys + TokenLoader.groupKeys))
                diagnostics.append(.error(.schemaUnknownKey, "unknown key '\(member.key)' in \(what)\(hint); allowed: \(allowed.joined(separator: ", "))", at: at(member.keyLine, member.keyColumn)))
            }
            if isToken {
                for member in members where !member.key.hasPrefix("$") {
                    let name = path.joined(separator: ".")
                    let message: String
                    if member.value.members != nil {
                        message = "token '\(name)' has $value, so it cannot also contain '\(member.key)'; move '\(member.key)' into a group"
                    } else if member.key == "alpha", type == "color" {
                        message = "'alpha' beside $value is Primer's way of writing a colour's opacity, which DTCG does not read: give the colour object an alpha ({ \"colorSpace\": …, \"components\": […], \"alpha\": …}), or run `catalog-build tokens import`, which applies it"
                    } else {
                        message = "'\(member.key)' is not a property of a DTCG token; keep a tool's own data under $extensions (\"$extensions\": { \"com.example.tool\": { \"\(member.key)\": … } }), which `catalog-build tokens import` does for you"
                    }
                    diagnostics.append(.error(.tokenNested, message, at: at(member.keyLine, member.keyColumn)))
                }
                guard let value = node["$value"] else { return }
                var token = Token(
                    path: path, type: type, description: node["$description"]?.string, deprecated: deprecation?.0 ?? false,
                    rawValue: value, resolvedValue: nil, css: nil, resolvedCSS: nil, color: nil,
                    file: file, location: at(value.line, value.column)
                )
                token.deprecationMessage = deprecation?.0 == true ? deprecation?.1 : nil
                token.extensions = node["$extensions"]
                tokens.append(token)
                return
            }
            groups.insert(path.joined(separator: "."))
            if let declared = node["$type"]?.string { groupTypes[path.joined(separator: ".")] = declared }
            if let target = node["$extends"] {
                if let text = target.string, let name = TokenLoader.aliasTarget(target) ?? (text.hasPrefix("{") ? nil : text) {
                    extends.append(ExtendsDeclaration(group: path, target: TokenSet.normalize(name), location: at(target.line, target.column)))
                } else {
                    diagnostics.append(.error(.schemaType, "$extends must name a group as a reference, such as \"{base.button}\"", at: at(target.line, target.column)))
                }
            }
            if let rootToken = node["$root"] {
                if rootToken.members?.contains(where: { $0.key == "$value" }) == true {
                    walk(rootToken, path: path + ["$root"], inheritedType: type, inheritedDeprecation: deprecation)
                } else {
                    diagnostics.append(.error(.schemaType, "$root must be a token (an object with \"$value\"): the group's own value", at: at(rootToken.line, rootToken.column)))
                }
            }
            for member in members where !member.key.hasPrefix("$") {
                if let problem = TokenLoader.nameProblem(member.key) {
                    diagnostics.append(.error(.tokenName, problem, at: at(member.keyLine, member.keyColumn)))
                    continue
                }
                guard member.value.members != nil else {
                    diagnostics.append(.error(.schemaType, "'\(member.key)' must be an object: a group, or a token with \"$value\"", at: at(member.value.line, member.value.column)))
                    continue
                }
                walk(member.value, path: path + [member.key], inheritedType: type, inheritedDeprecation: deprecation)
            }
        }
    }

    /// The format a token file without a single `$value` is written in, when its tokens say
    /// `value` instead: one diagnostic for the file, not two for every token.
    package static func foreignFormat(_ root: JSONNode) -> String? {
        var dollarValues = 0
        var plainValues = 0
        var tokensStudio = false
        var pending = [root]
        while let node = pending.popLast() {
            guard let members = node.members else {
                if case .array(let items) = node.value { pending += items }
                continue
            }
            for member in members {
                switch member.key {
                case "$value": dollarValues += 1
                case "value" where node["type"] != nil || member.value.members == nil: plainValues += 1
                case "$themes", "$metadata": tokensStudio = true
                default: break
                }
                pending.append(member.value)
            }
            if dollarValues > 0 { return nil }
        }
        guard plainValues > 0 else { return nil }
        return tokensStudio ? "a Tokens Studio export" : "a Tokens Studio or Style Dictionary 3 file"
    }

    package static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a token or group name cannot be empty" }
        if TextSafety.needsEscaping(name) {
            return "the name '\(name)' contains a control character (a line break, a tab or an escape); rename it"
        }
        if let bad = name.first(where: { $0 == "." || $0 == "{" || $0 == "}" || $0 == "/" }) {
            return "the name '\(name)' contains '\(bad)', which token paths use as a separator or alias marker; rename it"
        }
        return nil
    }

    /// The alias target of a value written as `"{group.token}"`.
    package static func aliasTarget(_ node: JSONNode) -> String? {
        guard let text = node.string, text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// The longest alias chain accepted: `{a}` → `{b}` → … ending in a literal value. Real
    /// design systems stay under ten; a longer chain is an error at the token that starts it.
    package static let maximumAliasChain = 1_000

    /// Resolves aliases depth-first without recursion (a chain of any length cannot exhaust the
    /// stack), so a cycle or a dangling end can be named along its chain. Each token is
    /// resolved once; the work is linear in the number of tokens and references.
    private struct Resolver {
        package var tokens: [Token]
        /// The token names, prepared once for the did-you-mean of every dangling alias.
        package var suggestions: DidYouMean.Candidates?
        /// The suggestion for each missing name already looked up (a missing token is often
        /// named by many aliases).
        package var suggested: [String: String?] = [:]
        /// Tokens `tokens import` skipped, with its reason, from the files' import records.
        package var skippedByImport: [String: String] = [:]
        package var diagnostics: [Diagnostic] = []
        private var index: [String: Int] = [:]
        private var state: [State?]
        /// Alias links from a token to the literal value at the end of its longest reference.
        private var depth: [Int]
        /// Tokens whose chain is longer than the limit.
        private var overLimit: [Int] = []

        package enum State { case resolving, done, failed }

        /// An alias written in a token's value: the whole value, or a part of a composite.
        package struct Reference {
            package var target: String
            package var node: JSONNode
            package var whole: Bool
        }

        /// A token being resolved: what it refers to and how far through that list it is.
        package struct Frame {
            package var position: Int
            package var references: [Reference]
            package var next = 0
            package var failed = false
        }

        package init(tokens: [Token]) {
            self.tokens = tokens
            state = Array(repeating: nil, count: tokens.count)
            depth = Array(repeating: 0, count: tokens.count)
            for (position, token) in tokens.enumerated() { index[token.name] = position }
        }

        package mutating func resolveAll() {
            for position in tokens.indices where state[position] == nil { resolve(from: position) }
            reportLongChains()
        }

        private mutating func resolve(from start: Int) {
            var stack = [frame(start)]
            state[start] = .resolving
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].references.count {
                    let reference = stack[top].references[stack[top].next]
                    stack[top].next += 1
                    let targetName = TokenSet.normalize(reference.target)
                    guard let target = index[targetName] else {
                        reportDangling(reference, from: stack[top].position, chain: stack.map { tokens[$0.position].name })
                        stack[top].failed = true
                        continue
                    }
                    switch state[target] {
                    case .done: continue
                    case .failed: stack[top].failed = true
                    case .resolving:
                        let names = stack.map { tokens[$0.position].name }
                        let from = stack.firstIndex { $0.position == target } ?? 0
                        let cycle = names[from...] + [tokens[target].name]
                        diagnostics.append(.error(.tokenAliasCycle, "alias cycle: \(cycle.map { "{\($0)}" }.joined(separator: " → ")); point one of them at a literal value", at: tokens[target].location))
                        stack[top].failed = true
                    case nil:
                        state[target] = .resolving
                        stack.append(frame(target))
                    }
                    continue
                }
                let done = stack.removeLast()
                let ok = !tooLong(done) && !done.failed && finish(done)
                state[done.position] = ok ? .done : .failed
                if !ok, let parent = stack.indices.last { stack[parent].failed = true }
            }
        }

        private func frame(_ position: Int) -> Frame {
            var references: [Reference] = []
            let raw = tokens[position].rawValue
            if let target = TokenLoader.aliasTarget(raw) {
                references.append(Reference(target: target, node: raw, whole: true))
            } else if let type = tokens[position].type, type.isComposite {
                // Only a composite's fields (and a list's items and their fields) may be aliases;
                // `{…}` anywhere else is not a reference and fails the value check.
                Self.collectAliases(raw, depth: 0, inList: false, into: &references)
            }
            return Frame(position: position, references: references)
        }

        /// The aliases in a composite value: its fields (`"color": "{color.shadow}"`), the items of
        /// a shadow or gradient list and their fields, and the dashes of a dash array.
        private static func collectAliases(_ node: JSONNode, depth: Int, inList: Bool, key: String? = nil, into references: inout [Reference]) {
            if depth > 0, let target = TokenLoader.aliasTarget(node) {
                references.append(Reference(target: target, node: node, whole: false))
                return
            }
            let goesDeeper = depth == 0 || (depth == 1 && inList) || key == "dashArray" || key == "style"
            guard goesDeeper, depth < 4 else { return }
            switch node.value {
            case .object(let members):
                for member in members { collectAliases(member.value, depth: depth + 1, inList: false, key: member.key, into: &references) }
            case .array(let items):
                for item in items { collectAliases(item, depth: depth + 1, inList: depth == 0, into: &references) }
            default: break
            }
        }

        /// Works out how many links lead from the token to a literal value; true (and noted)
        /// when that is over the limit, also when a link along the way already failed.
        private mutating func tooLong(_ frame: Frame) -> Bool {
            let targets = frame.references.compactMap { index[TokenSet.normalize($0.target)] }
            depth[frame.position] = targets.isEmpty ? 0 : (targets.map { depth[$0] }.max() ?? 0) + 1
            guard depth[frame.position] > TokenLoader.maximumAliasChain else { return false }
            overLimit.append(frame.position)
            return true
        }

        /// Every reference of the token has resolved: take the value, check it against the type.
        private mutating func finish(_ frame: Frame) -> Bool {
            let position = frame.position
            let token = tokens[position]
            let targets = frame.references.compactMap { index[TokenSet.normalize($0.target)] }
            if let reference = frame.references.first, reference.whole, let target = targets.first {
                let resolvedTarget = tokens[target]
                if let own = token.type, let theirs = resolvedTarget.type, own != theirs {
                    diagnostics.append(.error(.tokenAliasType, "token '\(token.name)' is a \(own) but aliases '{\(resolvedTarget.name)}', a \(theirs); alias a \(own) token, or give this token \"$type\": \"\(theirs)\"", at: reference.whole ? token.location : SourceLocation(file: token.location.file, line: reference.node.line, column: reference.node.column)))
                    return false
                }
                tokens[position].resolvedValue = resolvedTarget.resolvedValue
                tokens[position].aliasTarget = resolvedTarget.name
                tokens[position].aliasEnd = resolvedTarget.aliasEnd ?? resolvedTarget.name
                tokens[position].aliasLength = resolvedTarget.aliasLength + 1
                if tokens[position].type == nil { tokens[position].type = resolvedTarget.type }
            } else {
                let places = Set(frame.references.map { "\($0.node.line):\($0.node.column)" })
                tokens[position].resolvedValue = substitute(token.rawValue, at: places)
                var seen = Set<String>()
                tokens[position].fieldAliases = targets.map { tokens[$0].name }.filter { seen.insert($0).inserted }
            }
            guard let value = tokens[position].resolvedValue else { return false }
            // An unknown $type was reported where it is written.
            guard token.unknownType == nil else { return false }
            guard let type = tokens[position].type else {
                diagnostics.append(.error(.tokenNoType, "token '\(token.name)' has no type: add \"$type\" to it or to a group around it (or make its value an alias to a typed token)", at: token.location))
                return false
            }
            let reading = TokenValues.read(value, type: type)
            if let problem = reading.problem {
                if tokens[position].aliasTarget == nil {
                    // A composite's wrong field is reported at its own line (when the value has
                    // no references: a substituted field carries its target's place).
                    let location = (frame.references.isEmpty ? reading.place : nil).map { SourceLocation(file: token.location.file, line: $0.line, column: $0.column) } ?? token.location
                    diagnostics.append(.error(.tokenInvalidValue, "token '\(token.name)': \(problem)", at: location))
                }
                return false
            }
            tokens[position].resolvedCSS = reading.css
            tokens[position].color = reading.color
            tokens[position].subValues = reading.parts.map { Token.SubValue(suffix: $0.name, css: $0.css) }
            if let target = tokens[position].aliasTarget, let targetToken = index[target].map({ tokens[$0] }) {
                tokens[position].css = "var(\(targetToken.cssVariable))"
            } else {
                tokens[position].css = reading.css
            }
            return true
        }

        /// A composite value with each alias at `places` (line:column of the references the
        /// frame collected) replaced by its (already resolved) target's value; a `{…}` anywhere
        /// else stays text and fails the value check.
        private func substitute(_ node: JSONNode, at places: Set<String>) -> JSONNode? {
            if let target = TokenLoader.aliasTarget(node), places.contains("\(node.line):\(node.column)") {
                return index[TokenSet.normalize(target)].flatMap { tokens[$0].resolvedValue }
            }
            switch node.value {
            case .object(let members):
                var result: [JSONNode.Member] = []
                for member in members {
                    guard let value = substitute(member.value, at: places) else { return nil }
                    result.append(JSONNode.Member(key: member.key, keyLine: member.keyLine, keyColumn: member.keyColumn, value: value))
                }
                return JSONNode(value: .object(result), line: node.line, column: node.column)
            case .array(let items):
                var result: [JSONNode] = []
                for item in items {
                    guard let value = substitute(item, at: places) else { return nil }
                    result.append(value)
                }
                return JSONNode(value: .array(result), line: node.line, column: node.column)
            default:
                return node
            }
        }

        /// One error per chain over the limit, at the token that starts it (no longer token
        /// refers to it).
        private mutating func reportLongChains() {
            guard !overLimit.isEmpty else { return }
            let over = Set(overLimit)
            var referenced = Set<Int>()
            for position in overLimit {
                for reference in frame(position).references {
                    if let target = index[TokenSet.normalize(reference.target)], over.contains(target) { referenced.insert(target) }
                }
            }
            for position in overLimit where !referenced.contains(position) {
                let token = tokens[position]
                diagnostics.append(.error(.tokenAliasTooLong, "the alias chain that starts at '\(token.name)' is \(depth[position]) links long; chains are limited to \(TokenLoader.maximumAliasChain) links, so point this token, or one along its chain, at a literal value", at: token.location))
            }
        }

        private mutating func reportDangling(_ reference: Reference, from position: Int, chain: [String]) {
            let token = tokens[position]
            let location = reference.whole ? token.location : SourceLocation(file: token.location.file, line: reference.node.line, column: reference.node.column)
            let shownChain = chain.count > 6 ? Array(chain.prefix(2)) + ["… \(chain.count - 4) more …"] + Array(chain.suffix(2)) : chain
            let path = (shownChain.map { $0.hasPrefix("…") ? $0 : "{\($0)}" } + ["{\(TokenSet.normalize(reference.target))}"]).joined(separator: " → ")
            if suggestions == nil { suggestions = DidYouMean.Candidates(index.keys) }
            let missing = TokenSet.normalize(reference.target)
            if let reason = skippedByImport[missing] {
                diagnostics.append(.error(.tokenAliasDangling, "'{\(reference.target)}' names a token that tokens import skipped (\(reason)); give it a DTCG value by hand (\(path))", at: location))
                return
            }
            if suggested[missing] == nil { suggested[missing] = .some(DidYouMean.suggestion(for: missing, in: suggestions!)) }
            let hint = suggested[missing]!.map { "; did you mean '{\($0)}'?" } ?? ""
            diagnostics.append(.error(.tokenAliasDangling, "'{\(reference.target)}' names no token (\(path))\(hint)", at: location))
        }
    }
}
