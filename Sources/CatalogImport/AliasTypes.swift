import Foundation

extension TokenImport {
    /// A token whose value is only a reference to a token of the type the source tool lets it
    /// stand for is written with its target's type: a number referencing a dimension
    /// (designsystemet's `_size.base: {size._base}`, a unitless Tokens Studio dimension per size
    /// mode) becomes a dimension, a colour referencing a gradient (Tokens Studio's colours may be
    /// CSS gradients) a gradient. DTCG types an alias by its target, and `check` refuses the
    /// mismatch. The value stays the reference, so it still follows every mode; a token
    /// referencing such a token follows in turn. Each is listed.
    package static func typeAliasesByTarget(in result: inout Result) {
        var roots: [Int: Value] = [:]
        for (index, file) in result.files.enumerated() where file.name.hasSuffix(".tokens.json") {
            if let root = try? read(Data(file.text.utf8)) { roots[index] = root }
        }
        // Every definition's type, per file (a path may be defined in several files, one per
        // mode, with other types), and each definition whose whole value is one reference.
        var types: [Int: [String: String]] = [:]
        var aliases: [(file: Int, name: String, type: String, target: String)] = []
        func walk(_ value: Value, file: Int, path: [String], inherited: String?) {
            guard let members = value.members else { return }
            let type = value["$type"]?.string ?? inherited
            if let written = value["$value"] {
                let name = path.joined(separator: ".")
                if let type { types[file, default: [:]][name] = type }
                if let type, retypes[type] != nil, let text = written.string, let target = wholeReference(text) { aliases.append((file, name, type, target)) }
                return
            }
            for member in members where !member.key.hasPrefix("$") { walk(member.value, file: file, path: path + [member.key], inherited: type) }
        }
        for index in roots.keys.sorted() { walk(roots[index]!, file: index, path: [], inherited: nil) }
        // The target's type as the alias sees it: with a resolver, in every resolution that loads
        // the alias's file, the type of the target's last definition (a later source overrides);
        // without one, its own file's definition (the same mode), else the one type every file
        // gives it.
        let orders = resolutionFileOrders(result)
        func targetType(_ alias: (file: Int, name: String, type: String, target: String)) -> String? {
            var seen = Set<String>()
            for order in orders where order.contains(alias.file) {
                guard let last = order.last(where: { types[$0]?[alias.target] != nil }) else { continue }
                seen.insert(types[last]![alias.target]!)
            }
            if !seen.isEmpty { return seen.count == 1 ? seen.first : nil }
            if let own = types[alias.file]?[alias.target] { return own }
            let every = Set(types.values.compactMap { $0[alias.target] })
            return every.count == 1 ? every.first : nil
        }
        var retyped: [String] = []
        var done = Set<String>()
        var changed = true
        while changed {
            changed = false
            for alias in aliases where !done.contains("\(alias.file)|\(alias.name)") {
                guard let wanted = retypes[alias.type], targetType(alias) == wanted else { continue }
                done.insert("\(alias.file)|\(alias.name)")
                types[alias.file, default: [:]][alias.name] = wanted
                retyped.append("\(alias.name) → {\(alias.target)}: \(wanted)")
                changed = true
            }
        }
        // A reference whose target is of its own type in some resolutions and of the type it may
        // stand for in others (Cosnova's icon colour: a colour in the base theme, a gradient where
        // a theme makes its target one) cannot be one DTCG token: the resolutions where the
        // target differs get a definition of their own, in the file that defines the target
        // there (loaded after the reference's), typed as the target is.
        var additions: [Int: [(name: String, type: String, target: String)]] = [:]
        for alias in aliases where !done.contains("\(alias.file)|\(alias.name)") {
            guard let wanted = retypes[alias.type] else { continue }
            for order in orders where order.contains(alias.file) {
                guard let last = order.last(where: { types[$0]?[alias.target] != nil }), types[last]![alias.target] == wanted,
                      let mine = order.firstIndex(of: alias.file), let theirs = order.lastIndex(of: last), theirs > mine,
                      types[last]?[alias.name] == nil else { continue }
                types[last, default: [:]][alias.name] = wanted
                additions[last, default: []].append((alias.name, wanted, alias.target))
                retyped.append("\(alias.name) → {\(alias.target)}: \(wanted) in \(result.files[last].name)")
            }
        }
        guard !retyped.isEmpty else { return }
        func insert(_ value: Value, at path: ArraySlice<String>, _ entry: Value) -> Value {
            guard let first = path.first, case .object(var members) = value else { return value }
            if path.count == 1 {
                members.append(Value.Member(key: first, value: entry))
                return .object(members)
            }
            if let index = members.firstIndex(where: { $0.key == first }) {
                members[index].value = insert(members[index].value, at: path.dropFirst(), entry)
            } else {
                members.append(Value.Member(key: first, value: insert(.object([]), at: path.dropFirst(), entry)))
            }
            return .object(members)
        }
        func rewrite(_ value: Value, file: Int, path: [String]) -> Value {
            guard case .object(var members) = value else { return value }
            if value["$value"] != nil {
                let name = path.joined(separator: ".")
                guard done.contains("\(file)|\(name)"), let type = types[file]?[name] else { return value }
                if let index = members.firstIndex(where: { $0.key == "$type" }) { members[index].value = .string(type) }
                else { members.insert(Value.Member(key: "$type", value: .string(type)), at: 0) }
                return .object(members)
            }
            for index in members.indices where !members[index].key.hasPrefix("$") {
                members[index].value = rewrite(members[index].value, file: file, path: path + [members[index].key])
            }
            return .object(members)
        }
        for (index, original) in roots {
            var root = original
            for addition in additions[index] ?? [] {
                root = insert(root, at: addition.name.split(separator: ".").map(String.init)[...], .object([
                    Value.Member(key: "$type", value: .string(addition.type)), Value.Member(key: "$value", value: .string("{\(addition.target)}")),
                ]))
            }
            let rewritten = serialize(rewrite(root, file: index, path: []).json)
            if rewritten != serialize(original.json) { result.files[index].text = rewritten }
        }
        result.notes.append("\(retyped.count) token\(retyped.count == 1 ? "" : "s") that only reference\(retyped.count == 1 ? "s" : "") a token of another type written with its target's type (DTCG types an alias by its target): \(retyped.prefix(5).joined(separator: ", "))\(retyped.count > 5 ? ", …" : "")")
    }

    /// The type a reference may stand for in the source tools, and the type it is written as.
    private static let retypes = ["number": "dimension", "dimension": "number", "color": "gradient"]

    /// The written files each resolution of the written resolver loads, in order (indices into
    /// `result.files`): every combination of its modifiers' contexts, at most 64; none without
    /// a resolver.
    private static func resolutionFileOrders(_ result: Result) -> [[Int]] {
        guard let file = result.files.first(where: { $0.name.hasSuffix(".resolver.json") }),
              let root = try? read(Data(file.text.utf8)), case .array(let steps)? = root["resolutionOrder"] else { return [] }
        let index = Dictionary(result.files.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        func files(_ sources: Value?) -> [Int] {
            guard case .array(let items)? = sources else { return [] }
            return items.compactMap { $0["$ref"]?.string.flatMap { index[($0 as NSString).lastPathComponent] } }
        }
        // Each step: one list of files (a set) or one list per context (a modifier).
        var choices: [[[Int]]] = []
        for step in steps {
            guard let reference = step["$ref"]?.string else { continue }
            let parts = reference.split(separator: "/").map { String($0).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
            guard parts.count == 3 else { continue }
            if parts[1] == "sets" {
                choices.append([files(root["sets"]?[parts[2]]?["sources"])])
            } else if parts[1] == "modifiers", let contexts = root["modifiers"]?[parts[2]]?["contexts"]?.members {
                choices.append(contexts.map { files($0.value) })
            }
        }
        var orders: [[Int]] = [[]]
        for choice in choices {
            orders = orders.flatMap { prefix in choice.map { prefix + $0 } }
            if orders.count > 64 { return [] }
        }
        return orders
    }

    /// `size._base` for `{size._base}`; nil for anything else (math, several references, text).
    private static func wholeReference(_ text: String) -> String? {
        guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
        let inner = text.dropFirst().dropLast()
        return inner.contains("{") || inner.contains("}") ? nil : String(inner)
    }
}
