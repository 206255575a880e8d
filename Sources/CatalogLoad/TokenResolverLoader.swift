import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogSource
/// Reads a DTCG 2025.10 resolver document (`tokens/<name>.resolver.json`): its sets, modifiers
/// and `resolutionOrder`, inline or referenced, with `$ref`s into the same document or to token
/// files beside it. Every rule of the module is an error at its line: the version, a modifier
/// without contexts, a `default` that names no context, a set or modifier that refers to a
/// modifier, a reference into `resolutionOrder`, a dangling or circular `$ref`, an inline set or
/// modifier without `name` and `type`, a name used twice in the order.
package struct TokenResolverLoader {
    /// What the order says to load, one layer after another.
    package enum Layer {
        case fixed([TokenLoader.Source])
        case modifier(name: String, description: String?, contexts: [(name: String, sources: [TokenLoader.Source])], defaultContext: String, location: SourceLocation)
    }

    package static let versions: Set<String> = ["2025.10", "2025-10-01", "2025-11-01"]
    /// `$defs` holds definitions other documents may use: a tool must not reject it.
    package static let rootKeys = ["name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$extensions", "$defs"]
    package static let setKeys = ["sources", "description", "$extensions"]
    package static let modifierKeys = ["contexts", "default", "description", "$extensions"]
    /// What an entry written inline in `resolutionOrder` also has.
    package static let inlineKeys = ["type", "name"]

    package let tree: SourceTree
    package let path: String
    package let display: String
    package let root: JSONNode
    package var diagnostics: [Diagnostic] = []
    /// Token files the document loads (catalog paths).
    package var referencedFiles = Set<String>()
    private var parsedFiles: [String: JSONNode?] = [:]

    package init(tree: SourceTree, path: String, root: JSONNode) {
        self.tree = tree
        self.path = path
        self.display = tree.displayPath(path)
        self.root = root
    }

    private func at(_ node: JSONNode) -> SourceLocation { SourceLocation(file: display, line: node.line, column: node.column) }

    private mutating func error(_ message: String, at node: JSONNode) {
        diagnostics.append(.error(.tokenResolver, message, at: at(node)))
    }

    /// The layers of the document, or nil when it cannot be used at all.
    package mutating func read() -> [Layer]? {
        guard let members = root.members else {
            error("a resolver document must be a JSON object with version, sets, modifiers and resolutionOrder", at: root)
            return nil
        }
        for member in members where !Self.rootKeys.contains(member.key) {
            diagnostics.append(.error(.tokenResolver, "unknown key '\(member.key)' in a resolver document\(DidYouMean.hint(for: member.key, in: Self.rootKeys)); allowed: \(Self.rootKeys.joined(separator: ", "))", at: SourceLocation(file: display, line: member.keyLine, column: member.keyColumn)))
        }
        if let version = root["version"] {
            if version.string.map({ !Self.versions.contains($0) }) ?? true {
                error("the resolver's version must be \"2025.10\"", at: version)
            }
        } else {
            error("a resolver document needs \"version\": \"2025.10\"", at: root)
        }
        if let sets = root["sets"], sets.members == nil { error("\"sets\" must be an object of named sets", at: sets) }
        if let modifiers = root["modifiers"], modifiers.members == nil { error("\"modifiers\" must be an object of named modifiers", at: modifiers) }
        guard let order = root["resolutionOrder"] else {
            error("a resolver document needs \"resolutionOrder\": the sets and modifiers to load, in order", at: root)
            return nil
        }
        guard case .array(let items) = order.value else {
            error("\"resolutionOrder\" must be a list of references to sets and modifiers", at: order)
            return nil
        }
        if items.isEmpty {
            error("\"resolutionOrder\" is empty; list at least one set or modifier to load", at: order)
            return nil
        }
        var layers: [Layer] = []
        var names: [String: JSONNode] = [:]
        for item in items {
            guard item.members != nil else {
                error("each entry of resolutionOrder is { \"$ref\": \"#/sets/…\" }, { \"$ref\": \"#/modifiers/…\" } or an inline set or modifier", at: item)
                continue
            }
            if let reference = item["$ref"] {
                guard let pointer = reference.string else { error("\"$ref\" must be a string", at: reference); continue }
                let steps = pointer.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                guard steps.count == 3, steps[0] == "#", ["sets", "modifiers"].contains(steps[1]) else {
                    error("resolutionOrder refers to sets (\"#/sets/name\") and modifiers (\"#/modifiers/name\"), not '\(pointer)'", at: reference)
                    continue
                }
                let name = Self.unescape(steps[2])
                if let first = names[steps[1] + "/" + name] {
                    error("'\(name)' is already in resolutionOrder (line \(first.line)); list each set and modifier once", at: reference)
                    continue
                }
                names[steps[1] + "/" + name] = reference
                let table = root[steps[1]]
                guard let definition = table?[name] else {
                    let known = table?.members?.map(\.key) ?? []
                    error("there is no \(steps[1] == "sets" ? "set" : "modifier") named '\(name)'\(DidYouMean.hint(for: name, in: known))", at: reference)
                    continue
                }
                if steps[1] == "sets" {
                    if let sources = set(definition, chain: [pointer]) { layers.append(.fixed(sources)) }
                } else if let layer = modifier(definition, name: name) {
                    layers.append(layer)
                }
                continue
            }
            // An inline set or modifier.
            guard let type = item["type"]?.string, type == "set" || type == "modifier" else {
                error("an inline entry of resolutionOrder needs \"type\": \"set\" or \"modifier\"", at: item)
                continue
            }
            guard let name = item["name"]?.string, !name.isEmpty else {
                error("an inline \(type) in resolutionOrder needs a \"name\"", at: item)
                continue
            }
            let kind = type == "set" ? "sets" : "modifiers"
            if let first = names[kind + "/" + name] ?? names["inline/" + name] {
                error("the name '\(name)' is already used in resolutionOrder (line \(first.line)); give each entry its own name", at: item)
                continue
            }
            names["inline/" + name] = item
            if type == "set" {
                if let sources = set(item, chain: [], inline: true) { layers.append(.fixed(sources)) }
            } else if let layer = modifier(item, name: name, inline: true) {
                layers.append(layer)
            }
        }
        return layers
    }

    /// An error at each key of `node` the resolver module does not define there.
    private mutating func rejectUnknownKeys(_ node: JSONNode, allowed: [String], in what: String) {
        for member in node.members ?? [] where !allowed.contains(member.key) {
            diagnostics.append(.error(.tokenResolver, "unknown key '\(member.key)' in \(what)\(DidYouMean.hint(for: member.key, in: allowed)); allowed: \(allowed.joined(separator: ", "))", at: SourceLocation(file: display, line: member.keyLine, column: member.keyColumn)))
        }
    }

    /// A set's sources, in order.
    private mutating func set(_ node: JSONNode, chain: [String], inline: Bool = false) -> [TokenLoader.Source]? {
        guard node.members != nil else { error("a set must be an object with \"sources\"", at: node); return nil }
        rejectUnknownKeys(node, allowed: Self.setKeys + (inline ? Self.inlineKeys : []), in: "a set")
        guard case .array(let items)? = node["sources"]?.value else {
            error("a set needs \"sources\": a list of token files ({ \"$ref\": \"core.tokens.json\" }) and inline tokens", at: node["sources"] ?? node)
            return nil
        }
        return sources(items, inModifier: false, chain: chain)
    }

    private mutating func modifier(_ node: JSONNode, name: String, inline: Bool = false) -> Layer? {
        guard node.members != nil else { error("a modifier must be an object with \"contexts\"", at: node); return nil }
        rejectUnknownKeys(node, allowed: Self.modifierKeys + (inline ? Self.inlineKeys : []), in: "the modifier '\(name)'")
        guard let contextsNode = node["contexts"], let contexts = contextsNode.members else {
            error("the modifier '\(name)' needs \"contexts\": an object of named lists of token sources", at: node["contexts"] ?? node)
            return nil
        }
        guard !contexts.isEmpty else {
            error("the modifier '\(name)' has no contexts; give it at least two (light and dark, say)", at: contextsNode)
            return nil
        }
        if contexts.count == 1 {
            // The resolver module says a tool should reject it.
            error("the modifier '\(name)' has one context, which is the same as a set; add another context or make it a set", at: contextsNode)
        }
        var resolved: [(name: String, sources: [TokenLoader.Source])] = []
        for (index, context) in contexts.enumerated() {
            if let earlier = ModeNames.clash(of: context.key, among: contexts[..<index].map(\.key)) {
                diagnostics.append(.error(.tokenResolver, "the context '\(context.key)' of '\(name)' has the name of '\(earlier)' once folded for exports (the file tokens.\(ModeNames.fileName(name))-\(ModeNames.fileName(context.key)).json, the page's data attribute and the Swift and Kotlin cases could not tell them apart); rename one of them, or merge them", at: SourceLocation(file: display, line: context.keyLine, column: context.keyColumn)))
            }
            guard case .array(let items) = context.value.value else {
                error("the context '\(context.key)' must be a list of token sources", at: context.value)
                continue
            }
            resolved.append((context.key, sources(items, inModifier: true, chain: []) ?? []))
        }
        var defaultContext = contexts[0].key
        if let written = node["default"] {
            if let text = written.string, contexts.contains(where: { $0.key == text }) {
                defaultContext = text
            } else {
                error("the default '\(written.string ?? written.kindName)' names no context of '\(name)'\(DidYouMean.hint(for: written.string ?? "", in: contexts.map(\.key))); use one of \(contexts.map(\.key).joined(separator: ", "))", at: written)
            }
        }
        return .modifier(name: name, description: node["description"]?.string, contexts: resolved, defaultContext: defaultContext, location: at(node))
    }

    /// The token sources of a set's `sources` or a context's list.
    private mutating func sources(_ items: [JSONNode], inModifier: Bool, chain: [String]) -> [TokenLoader.Source]? {
        var result: [TokenLoader.Source] = []
        for item in items {
            guard item.members != nil else { error("a token source is { \"$ref\": \"file.tokens.json\" } or an object of tokens", at: item); continue }
            guard let reference = item["$ref"] else {
                result.append(TokenLoader.Source(file: path, display: display, root: item))
                continue
            }
            guard item.members?.count == 1, let pointer = reference.string else {
                error("a reference is an object with one key, \"$ref\", holding a string", at: item)
                continue
            }
            if pointer.hasPrefix("#") {
                let steps = pointer.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                if steps.count >= 2, steps[1] == "modifiers" {
                    error("a \(inModifier ? "modifier" : "set") cannot refer to a modifier ('\(pointer)'); only resolutionOrder may", at: reference)
                    continue
                }
                if steps.count >= 2, steps[1] == "resolutionOrder" {
                    error("nothing may refer into resolutionOrder ('\(pointer)')", at: reference)
                    continue
                }
                if steps.count == 3, steps[1] == "sets" {
                    if chain.contains(pointer) {
                        error("the sets refer to each other in a circle: \((chain + [pointer]).joined(separator: " → "))", at: reference)
                        continue
                    }
                    guard let target = root["sets"]?[Self.unescape(steps[2])] else {
                        error("there is no set named '\(Self.unescape(steps[2]))'\(DidYouMean.hint(for: steps[2], in: root["sets"]?.members?.map(\.key) ?? []))", at: reference)
                        continue
                    }
                    result += set(target, chain: chain + [pointer]) ?? []
                    continue
                }
                guard let target = Self.follow(pointer, in: root), target.members != nil else {
                    error("the reference '\(pointer)' names nothing in this document that holds tokens", at: reference)
                    continue
                }
                result.append(TokenLoader.Source(file: path, display: display, root: target))
                continue
            }
            // A token file relative to this document, optionally with a pointer into it.
            let parts = pointer.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let folder = path.split(separator: "/").dropLast().map(String.init)
            guard !parts[0].isEmpty, !parts[0].hasPrefix("/"), !parts[0].contains("://"),
                  let file = LinkResolver.normalize(folder + parts[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)) else {
                error("the reference '\(pointer)' must name a token file relative to this document (such as \"dark.tokens.json\")", at: reference)
                continue
            }
            guard let bytes = tree.files[file] else {
                let known = tree.files.keys.filter { $0.hasPrefix("tokens/") && !$0.hasSuffix(".resolver.json") }.map { String($0.dropFirst("tokens/".count)) }
                error("the reference '\(pointer)' names '\(file)', which is not in the catalog\(DidYouMean.hint(for: String(file.dropFirst("tokens/".count)), in: known))", at: reference)
                continue
            }
            referencedFiles.insert(file)
            if parsedFiles[file] == nil {
                let (parsed, problems) = TokenLoader.parse(bytes, display: tree.displayPath(file))
                diagnostics += problems
                parsedFiles[file] = .some(parsed)
            }
            guard let parsedRoot = parsedFiles[file] ?? nil else { continue }
            var selected = parsedRoot
            if parts.count == 2, !parts[1].isEmpty {
                guard let target = Self.follow(parts[1].hasPrefix("/") ? "#" + parts[1] : "#/" + parts[1], in: parsedRoot) else {
                    error("the reference '\(pointer)' points at nothing in \(file)", at: reference)
                    continue
                }
                selected = target
            }
            result.append(TokenLoader.Source(file: file, display: tree.displayPath(file), root: selected))
        }
        return result
    }

    /// The node a `#/a/b` pointer names in `root`.
    package static func follow(_ pointer: String, in root: JSONNode) -> JSONNode? {
        guard pointer.hasPrefix("#") else { return nil }
        var current = root
        for step in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: true).map({ unescape(String($0)) }) {
            if case .array(let items) = current.value {
                guard let index = Int(step), index >= 0, index < items.count else { return nil }
                current = items[index]
            } else {
                guard let next = current[step] else { return nil }
                current = next
            }
        }
        return current
    }

    package static func unescape(_ step: String) -> String {
        step.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
