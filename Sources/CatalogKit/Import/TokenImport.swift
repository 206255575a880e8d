import Foundation

/// `catalog-build tokens import`: converts token files from other tools into W3C DTCG 2025.10
/// files this tool reads. It understands Tokens Studio exports (one file, or a folder with a
/// file per token set, `$metadata.json` and `$themes.json`, whose theme groups become the
/// modifiers of a resolver document), Style Dictionary 3 files (`value`, `type`, `comment`), and
/// JSON5 (read with Foundation's JSON5 support). What cannot be converted is listed with the
/// reason; nothing is dropped without a word.
public enum TokenImport {
    /// A JSON (or JSON5) value. Objects keep their members in the order the file wrote them.
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([Member])

        public struct Member: Sendable {
            public var key: String
            public var value: Value
        }

        subscript(key: String) -> Value? {
            members?.first { $0.key == key }?.value
        }

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var members: [Member]? { if case .object(let members) = self { members } else { nil } }

        /// A value read by this tool's JSON reader, members in order.
        init(_ node: JSONNode) {
            switch node.value {
            case .object(let members): self = .object(members.map { Member(key: $0.key, value: Value($0.value)) })
            case .array(let items): self = .array(items.map(Value.init))
            case .string(let text): self = .string(text)
            case .number(let number, _): self = .number(number)
            case .bool(let flag): self = .bool(flag)
            case .null: self = .null
            }
        }

        /// The value with each object's members in the order `orders` gives, objects taken
        /// depth-first (nil when the orders do not fit the value).
        func ordered(by orders: inout ArraySlice<[String]>) -> Value? {
            switch self {
            case .object(let members):
                guard let keys = orders.popFirst() else { return nil }
                var seen = Set<String>()
                let written = keys.filter { seen.insert($0).inserted }
                var byKey = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                guard written.count == byKey.count else { return nil }
                var result: [Member] = []
                for key in written {
                    guard let value = byKey.removeValue(forKey: key)?.ordered(by: &orders) else { return nil }
                    result.append(Member(key: key, value: value))
                }
                return .object(result)
            case .array(let items):
                var result: [Value] = []
                for item in items {
                    guard let value = item.ordered(by: &orders) else { return nil }
                    result.append(value)
                }
                return .array(result)
            default:
                return self
            }
        }

        /// As written to a DTCG file. A JSON5 `NaN` or `Infinity`, which JSON cannot hold, is
        /// written as text, so the build names it at its line.
        var json: JSONText.Value {
            switch self {
            case .null: .null
            case .bool(let flag): .bool(flag)
            case .number(let number): number.isFinite ? .number(number) : .string("\(number)")
            case .string(let text): .string(text)
            case .array(let items): .array(items.map(\.json))
            case .object(let members): .members(members.map { JSONText.Member($0.key, $0.value.json) })
            }
        }
    }

    /// Foundation's JSON5 reading of a value (its objects come back in key order, put back in the
    /// text's order by `JSON5KeyOrder`).
    private struct JSON5Value: Decodable {
        var value: Value

        init(from decoder: Decoder) throws {
            // Each failed attempt costs a thrown error, so the kinds a token file has most of come first.
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { value = .null }
            else if let members = try? container.decode([String: JSON5Value].self) {
                value = .object(members.keys.sorted().map { Value.Member(key: $0, value: members[$0]!.value) })
            }
            else if let text = try? container.decode(String.self) { value = .string(text) }
            else if let number = try? container.decode(Double.self) { value = .number(number) }
            else if let flag = try? container.decode(Bool.self) { value = .bool(flag) }
            else { value = .array(try container.decode([JSON5Value].self).map(\.value)) }
        }
    }

    /// A syntax error with its place in the file.
    struct Located: Error, LocalizedError {
        var message: String
        var line: Int
        var column: Int
        var errorDescription: String? { message }
    }

    struct NotText: Error, LocalizedError {
        var errorDescription: String? { "it is not UTF-8 text" }
    }

    /// One file written, and what was said about the conversion.
    public struct Result: Sendable {
        public var files: [(name: String, text: String)] = []
        public var notes: [String] = []
        public var converted = 0
        public var skipped = 0
    }

    /// JSON is read with this tool's reader, which keeps the order of members; anything else is
    /// read as JSON5 with Foundation's, and its members put back in the order the text has them.
    public static func read(_ data: Data) throws -> Value {
        let strict: JSONSyntaxError
        do {
            return Value(try JSONParser.parse([UInt8](data)))
        } catch {
            strict = error
        }
        // Foundation's JSON5 reader stops the process on some invalid UTF-8 instead of throwing.
        guard String(validating: data, as: UTF8.self) != nil else { throw NotText() }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let value: Value
        do {
            value = try decoder.decode(JSON5Value.self, from: data).value
        } catch {
            // Neither: where strict JSON went wrong, with its line and column (Foundation's
            // error names no place).
            throw Located(message: "\(strict.message) at line \(strict.line), column \(strict.column)", line: strict.line, column: strict.column)
        }
        if let orders = JSON5KeyOrder.scan(String(decoding: data, as: UTF8.self)) {
            var remaining = orders[...]
            if let ordered = value.ordered(by: &remaining), remaining.isEmpty { return ordered }
        }
        return value
    }

    /// Converts the files at `paths` (files or folders).
    /// Why `to` may not receive imported files, or nil: a folder reached through a symbolic
    /// link that leads out of the working folder, or one where themes are looked for (beside
    /// or inside the catalog whose `tokens/` it would otherwise be).
    public static func refusal(to: String) -> String? {
        let shown = TextSafety.escaped(to)
        let lexical = URL(fileURLWithPath: to).standardizedFileURL.path
        let resolved = OutputGuard.resolve(to)
        let cwd = OutputGuard.resolve(FileManager.default.currentDirectoryPath)
        if resolved != lexical, resolved != cwd, !resolved.hasPrefix(cwd + "/") {
            return "--to '\(shown)' leads through a symbolic link to \(TextSafety.escaped(resolved)), outside the working folder; name the folder itself"
        }
        let catalog = URL(fileURLWithPath: lexical).lastPathComponent == "tokens" ? URL(fileURLWithPath: lexical).deletingLastPathComponent().path : lexical
        for folder in ThemeReader.searchPath(forCatalog: catalog).map(OutputGuard.resolve) where resolved == folder || resolved.hasPrefix(folder + "/") {
            return "--to '\(shown)' is inside \(TextSafety.escaped(folder)), where themes are looked for; write the token files to the catalog's tokens/ folder"
        }
        return nil
    }

    public static func run(_ paths: [String]) -> Result {
        var result = Result()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                result.notes.append("\(path): no such file or folder; skipped")
                continue
            }
            if isFolder.boolValue {
                importFolder(path, into: &result)
            } else {
                importFile(path, into: &result)
            }
        }
        giveEachFileItsOwnName(&result)
        return result
    }

    /// Two sources may make the same name (`colors.json` in two folders); the later ones are
    /// numbered, and said, so one never overwrites another.
    private static func giveEachFileItsOwnName(_ result: inout Result) {
        var taken = Set<String>()
        for index in result.files.indices {
            let name = result.files[index].name
            guard taken.contains(name) else {
                taken.insert(name)
                continue
            }
            let suffix = [".tokens.json", ".resolver.json"].first { name.hasSuffix($0) } ?? ""
            let stem = String(name.dropLast(suffix.count))
            var number = 2
            while taken.contains("\(stem)-\(number)\(suffix)") { number += 1 }
            let renamed = "\(stem)-\(number)\(suffix)"
            taken.insert(renamed)
            result.files[index].name = renamed
            result.notes.append("two sources make \(name); the later one is written as \(renamed)")
        }
    }

    private static func load(_ path: String, into result: inout Result) -> Value? {
        guard let data = FileManager.default.contents(atPath: path) else {
            result.notes.append("\(path): could not be read; skipped")
            return nil
        }
        do {
            return try read(data)
        } catch {
            if let located = error as? Located {
                result.notes.append("\(path):\(located.line):\(located.column): is neither JSON nor JSON5 (\(located.message)); skipped")
            } else {
                result.notes.append("\(path): is neither JSON nor JSON5 (\(error.localizedDescription)); skipped")
            }
            return nil
        }
    }

    static func baseName(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".tokens.json5", ".tokens.json", ".json5", ".json", ".tokens"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return fileSafe(name)
    }

    static func fileSafe(_ name: String) -> String {
        CatalogLoader.suggestedSlug(name, fallback: "tokens")
    }

    // MARK: Files

    private static func importFile(_ path: String, into result: inout Result) {
        guard let root = load(path, into: &result) else { return }
        guard let members = root.members else {
            result.notes.append("\(path): holds no object of tokens; skipped")
            return
        }
        // A DTCG resolver document (token modes) is DTCG already.
        if root["resolutionOrder"] != nil {
            var name = (path as NSString).lastPathComponent
            for suffix in [".resolver.json", ".json5", ".json"] where name.hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
                break
            }
            result.files.append(("\(fileSafe(name)).resolver.json", serialize(root.json)))
            result.notes.append("\(path): a DTCG resolver document; copied as it is (its $ref paths name the token files beside it)")
            return
        }
        // A Tokens Studio single-file export (in its own format or in DTCG dress): its top-level
        // groups are token sets.
        if root["$themes"] != nil || root["$metadata"] != nil {
            let sets = members.filter { !$0.key.hasPrefix("$") }
            importStudio(sets: sets, order: order(from: root["$metadata"]) ?? sets.map(\.key), themes: root["$themes"], source: path, into: &result)
            return
        }
        if containsDollarValue(root), !needsConversion(root, type: nil) {
            // Already DTCG (perhaps in JSON5): written back as plain JSON, exactly as it was.
            result.files.append(("\(baseName(path)).tokens.json", serialize(root.json)))
            result.converted += countTokens(root)
            return
        }
        let converted = convertGroup(members, path: [], source: path, result: &result)
        result.files.append(("\(baseName(path)).tokens.json", serialize(.members(converted))))
    }

    private static func importFolder(_ folder: String, into result: inout Result) {
        let names = ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }.sorted()
        let isStudio = names.contains("$themes.json") || names.contains("$metadata.json")
        guard isStudio else {
            for name in names { importFile(folder + "/" + name, into: &result) }
            return
        }
        var sets: [Value.Member] = []
        for name in names where !name.hasPrefix("$") {
            guard let value = load(folder + "/" + name, into: &result) else { continue }
            sets.append(Value.Member(key: String(name.dropLast(name.hasSuffix(".json5") ? 6 : 5)), value: value))
        }
        let metadata = names.contains("$metadata.json") ? load(folder + "/$metadata.json", into: &result) : nil
        let themes = names.contains("$themes.json") ? load(folder + "/$themes.json", into: &result) : nil
        importStudio(sets: sets, order: order(from: metadata) ?? sets.map(\.key), themes: themes, source: folder, into: &result)
    }

    private static func order(from metadata: Value?) -> [String]? {
        guard case .array(let items)? = metadata?["tokenSetOrder"] else { return nil }
        return items.compactMap(\.string)
    }

    // MARK: Tokens Studio

    /// A file per token set and, with themes, a resolver document whose modifiers are the theme
    /// groups and whose contexts are the themes, each loading its enabled and source sets.
    private static func importStudio(sets: [Value.Member], order: [String], themes: Value?, source: String, into result: inout Result) {
        var fileOfSet: [String: String] = [:]
        let names = sets.map(\.key)
        let ordered = order.filter { names.contains($0) } + names.filter { !order.contains($0) }
        for name in ordered {
            guard let members = sets.first(where: { $0.key == name })?.value.members else { continue }
            let converted = convertGroup(members, path: [], source: "\(source) (set \(name))", result: &result)
            let file = "\(fileSafe(name)).tokens.json"
            fileOfSet[name] = file
            result.files.append((file, serialize(.members(converted))))
        }
        guard case .array(let list)? = themes, !list.isEmpty else { return }
        var groups: [(name: String, themes: [(name: String, sets: [String])])] = []
        for theme in list {
            guard let name = theme["name"]?.string else {
                result.notes.append("\(source): a theme without a name in $themes.json; skipped")
                continue
            }
            let group = theme["group"]?.string ?? "theme"
            let selected = theme["selectedTokenSets"]
            let enabled = ordered.filter { set in ["enabled", "source"].contains(selected?[set]?.string ?? "") && fileOfSet[set] != nil }
            if let index = groups.firstIndex(where: { $0.name == group }) {
                groups[index].themes.append((name, enabled))
            } else {
                groups.append((group, [(name, enabled)]))
            }
        }
        // Modifiers and contexts in the order $themes.json lists them.
        let modifiers = groups.map { group in
            JSONText.Member(group.name, .members([
                JSONText.Member("contexts", .members(group.themes.map { theme in
                    JSONText.Member(theme.name, .array(theme.sets.compactMap { fileOfSet[$0] }.map { .members([JSONText.Member("$ref", .string($0))]) }))
                })),
                JSONText.Member("default", .string(group.themes[0].name)),
            ]))
        }
        let resolutionOrder = groups.map { group in
            JSONText.Value.members([JSONText.Member("$ref", .string("#/modifiers/\(group.name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))"))])
        }
        let resolver = JSONText.Value.members([
            JSONText.Member("version", .string("2025.10")),
            JSONText.Member("modifiers", .members(modifiers)),
            JSONText.Member("resolutionOrder", .array(resolutionOrder)),
        ])
        result.files.append(("tokens.resolver.json", serialize(resolver)))
        result.notes.append("\(source): $themes.json became tokens.resolver.json with \(groups.count) modifier\(groups.count == 1 ? "" : "s") (\(groups.map { "\($0.name): \($0.themes.map(\.name).joined(separator: ", "))" }.joined(separator: "; ")))")
    }

    // MARK: Groups

    private static func containsDollarValue(_ value: Value) -> Bool {
        guard let members = value.members else { return false }
        return value["$value"] != nil || members.contains { containsDollarValue($0.value) }
    }

    private static func countTokens(_ value: Value) -> Int {
        guard let members = value.members else { return 0 }
        if value["$value"] != nil { return 1 }
        return members.reduce(0) { $0 + countTokens($1.value) }
    }

    /// Whether any token below `value` needs converting: a type DTCG does not define, or a value
    /// not in its type's DTCG form. `type` is the `$type` the group around it gives.
    private static func needsConversion(_ value: Value, type: String?) -> Bool {
        guard let members = value.members else { return false }
        if value["$value"] != nil || value["value"] != nil {
            return value["$value"] == nil || tokenNeedsConversion(value, inherited: type)
        }
        let groupType = value["$type"]?.string ?? type
        return members.contains { !$0.key.hasPrefix("$") || $0.key == "$root" ? needsConversion($0.value, type: groupType) : false }
    }

    /// A group's tokens and groups, converted, in the order they were written. Tokens already in
    /// DTCG form are kept as written (their type made explicit); the group's own DTCG keys
    /// (`$description`, `$extensions`…) are kept, a `$type` DTCG does not define is not.
    private static func convertGroup(_ members: [Value.Member], path: [String], type: String? = nil, source: String, result: inout Result) -> [JSONText.Member] {
        var output: [JSONText.Member] = []
        let groupType = members.first { $0.key == "$type" }?.value.string ?? type
        for member in members {
            let key = member.key
            if key.hasPrefix("$"), key != "$root" {
                if key == "$type", !dtcgTypes.contains(member.value.string ?? "") { continue }
                output.append(JSONText.Member(key, member.value.json))
                continue
            }
            guard case .object(let children) = member.value else {
                result.notes.append("\(source): '\((path + [key]).joined(separator: "."))' is neither a token nor a group; skipped")
                result.skipped += 1
                continue
            }
            let name = key.replacingOccurrences(of: ".", with: "-")
            if member.value["value"] != nil || member.value["$value"] != nil {
                switch convertToken(member.value, inherited: groupType) {
                case .success(let token):
                    output.append(JSONText.Member(name, token))
                    result.converted += 1
                case .failure(let reason):
                    result.notes.append("\(source): could not convert '\((path + [key]).joined(separator: "."))': \(reason.message)")
                    result.skipped += 1
                }
            } else {
                let group = convertGroup(children, path: path + [key], type: groupType, source: source, result: &result)
                if group.contains(where: { !$0.key.hasPrefix("$") || $0.key == "$root" }) { output.append(JSONText.Member(name, .members(group))) }
            }
        }
        return output
    }

    static func serialize(_ value: JSONText.Value) -> String {
        JSONText.pretty(value)
    }
}
