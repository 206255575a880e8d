import Foundation

/// `catalog-build tokens import`: converts token files from other tools into W3C DTCG 2025.10
/// files this tool reads. It understands Tokens Studio exports (one file, or a folder with a
/// file per token set, `$metadata.json` and `$themes.json`, whose theme groups become the
/// modifiers of a resolver document), Style Dictionary 3 files (`value`, `type`, `comment`), and
/// JSON5 (read with Foundation's JSON5 support). What cannot be converted is listed with the
/// reason; nothing is dropped without a word.
public enum TokenImport {
    /// A JSON (or JSON5) value, read with `JSONDecoder.allowsJSON5`.
    public indirect enum Value: Decodable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else if let text = try? container.decode(String.self) { self = .string(text) }
            else if let items = try? container.decode([Value].self) { self = .array(items) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        subscript(key: String) -> Value? {
            if case .object(let members) = self { return members[key] }
            return nil
        }

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var object: [String: Value]? { if case .object(let members) = self { members } else { nil } }

        /// For JSONSerialization.
        var foundation: Any {
            switch self {
            case .null: NSNull()
            case .bool(let flag): flag
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number as Any
            case .string(let text): text
            case .array(let items): items.map(\.foundation)
            case .object(let members): members.mapValues(\.foundation)
            }
        }
    }

    /// One file written, and what was said about the conversion.
    public struct Result: Sendable {
        public var files: [(name: String, text: String)] = []
        public var notes: [String] = []
        public var converted = 0
        public var skipped = 0
    }

    public static func read(_ data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        return try decoder.decode(Value.self, from: data)
    }

    /// Converts the files at `paths` (files or folders).
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
        return result
    }

    private static func load(_ path: String, into result: inout Result) -> Value? {
        guard let data = FileManager.default.contents(atPath: path) else {
            result.notes.append("\(path): could not be read; skipped")
            return nil
        }
        do {
            return try read(data)
        } catch {
            result.notes.append("\(path): is neither JSON nor JSON5 (\(error.localizedDescription)); skipped")
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
        var folded = ""
        for scalar in name.lowercased().unicodeScalars {
            folded.unicodeScalars.append(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "-")
        }
        while folded.contains("--") { folded = folded.replacingOccurrences(of: "--", with: "-") }
        folded = String(folded.drop { $0 == "-" })
        while folded.hasSuffix("-") { folded.removeLast() }
        return folded.isEmpty ? "tokens" : folded
    }

    // MARK: Files

    private static func importFile(_ path: String, into result: inout Result) {
        guard let root = load(path, into: &result), let members = root.object else {
            if FileManager.default.contents(atPath: path) != nil { result.notes.append("\(path): holds no object of tokens; skipped") }
            return
        }
        if containsDollarValue(root) {
            // Already DTCG (perhaps in JSON5): written back as plain JSON.
            result.files.append(("\(baseName(path)).tokens.json", serialize(root)))
            result.converted += countTokens(root)
            return
        }
        // A Tokens Studio single-file export: its top-level groups are token sets.
        if members["$themes"] != nil || members["$metadata"] != nil {
            let setNames = members.keys.filter { !$0.hasPrefix("$") }
            var sets: [String: Value] = [:]
            for name in setNames { sets[name] = members[name] }
            importStudio(sets: sets, order: order(from: members["$metadata"]) ?? setNames.sorted(), themes: members["$themes"], source: path, into: &result)
            return
        }
        var converted = [String: Any]()
        convertGroup(members, path: [], into: &converted, source: path, result: &result)
        result.files.append(("\(baseName(path)).tokens.json", serialize(converted)))
    }

    private static func importFolder(_ folder: String, into result: inout Result) {
        let names = ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }.sorted()
        let isStudio = names.contains("$themes.json") || names.contains("$metadata.json")
        guard isStudio else {
            for name in names { importFile(folder + "/" + name, into: &result) }
            return
        }
        var sets: [String: Value] = [:]
        for name in names where !name.hasPrefix("$") {
            guard let value = load(folder + "/" + name, into: &result) else { continue }
            sets[String(name.dropLast(name.hasSuffix(".json5") ? 6 : 5))] = value
        }
        let metadata = names.contains("$metadata.json") ? load(folder + "/$metadata.json", into: &result) : nil
        let themes = names.contains("$themes.json") ? load(folder + "/$themes.json", into: &result) : nil
        importStudio(sets: sets, order: order(from: metadata) ?? sets.keys.sorted(), themes: themes, source: folder, into: &result)
    }

    private static func order(from metadata: Value?) -> [String]? {
        guard case .array(let items)? = metadata?["tokenSetOrder"] else { return nil }
        return items.compactMap(\.string)
    }

    // MARK: Tokens Studio

    /// A file per token set and, with themes, a resolver document whose modifiers are the theme
    /// groups and whose contexts are the themes, each loading its enabled and source sets.
    private static func importStudio(sets: [String: Value], order: [String], themes: Value?, source: String, into result: inout Result) {
        var fileOfSet: [String: String] = [:]
        let ordered = order.filter { sets[$0] != nil } + sets.keys.filter { !order.contains($0) }.sorted()
        for name in ordered {
            guard let members = sets[name]?.object else { continue }
            var converted = [String: Any]()
            convertGroup(members, path: [], into: &converted, source: "\(source) (set \(name))", result: &result)
            let file = "\(fileSafe(name)).tokens.json"
            fileOfSet[name] = file
            result.files.append((file, serialize(converted)))
        }
        guard case .array(let list)? = themes, !list.isEmpty else { return }
        var groups: [(name: String, themes: [(name: String, sets: [String])])] = []
        for theme in list {
            guard let name = theme["name"]?.string else {
                result.notes.append("\(source): a theme without a name in $themes.json; skipped")
                continue
            }
            let group = theme["group"]?.string ?? "theme"
            let selected = theme["selectedTokenSets"]?.object ?? [:]
            let enabled = ordered.filter { set in ["enabled", "source"].contains(selected[set]?.string ?? "") && fileOfSet[set] != nil }
            if let index = groups.firstIndex(where: { $0.name == group }) {
                groups[index].themes.append((name, enabled))
            } else {
                groups.append((group, [(name, enabled)]))
            }
        }
        var modifiers: [String: Any] = [:]
        var resolutionOrder: [Any] = []
        for group in groups {
            var contexts: [String: Any] = [:]
            for theme in group.themes { contexts[theme.name] = theme.sets.compactMap { fileOfSet[$0] }.map { ["$ref": $0] } }
            modifiers[group.name] = ["contexts": contexts, "default": group.themes[0].name] as [String: Any]
            resolutionOrder.append(["$ref": "#/modifiers/\(group.name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))"])
        }
        let resolver: [String: Any] = ["version": "2025.10", "modifiers": modifiers, "resolutionOrder": resolutionOrder]
        result.files.append(("tokens.resolver.json", serialize(resolver)))
        result.notes.append("\(source): $themes.json became tokens.resolver.json with \(groups.count) modifier\(groups.count == 1 ? "" : "s") (\(groups.map { "\($0.name): \($0.themes.map(\.name).joined(separator: ", "))" }.joined(separator: "; ")))")
    }

    // MARK: Tokens

    private static func containsDollarValue(_ value: Value) -> Bool {
        guard let members = value.object else { return false }
        return members["$value"] != nil || members.values.contains(where: containsDollarValue)
    }

    private static func countTokens(_ value: Value) -> Int {
        guard let members = value.object else { return 0 }
        if members["$value"] != nil { return 1 }
        return members.values.reduce(0) { $0 + countTokens($1) }
    }

    private static func convertGroup(_ members: [String: Value], path: [String], into output: inout [String: Any], source: String, result: inout Result) {
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let child = value.object else {
                if !key.hasPrefix("$") { result.notes.append("\(source): '\((path + [key]).joined(separator: "."))' is neither a token nor a group; skipped"); result.skipped += 1 }
                continue
            }
            if key.hasPrefix("$") { continue }
            let name = key.replacingOccurrences(of: ".", with: "-")
            if child["value"] != nil {
                switch convertToken(child) {
                case .success(let token):
                    output[name] = token
                    result.converted += 1
                case .failure(let reason):
                    result.notes.append("\(source): could not convert '\((path + [key]).joined(separator: "."))': \(reason.message)")
                    result.skipped += 1
                }
            } else {
                var group = [String: Any]()
                convertGroup(child, path: path + [key], into: &group, source: source, result: &result)
                if !group.isEmpty { output[name] = group }
            }
        }
    }

    struct Problem: Error { var message: String }

    /// Tokens Studio and Style Dictionary types → DTCG types.
    static let typeNames: [String: String] = [
        "color": "color", "dimension": "dimension", "sizing": "dimension", "spacing": "dimension", "borderRadius": "dimension",
        "borderWidth": "dimension", "fontSizes": "dimension", "fontSize": "dimension", "letterSpacing": "dimension", "size": "dimension",
        "fontFamilies": "fontFamily", "fontFamily": "fontFamily", "fontWeights": "fontWeight", "fontWeight": "fontWeight",
        "opacity": "number", "number": "number", "lineHeights": "number", "lineHeight": "number", "duration": "duration",
        "boxShadow": "shadow", "shadow": "shadow", "typography": "typography", "border": "border", "cubicBezier": "cubicBezier",
    ]

    private static func convertToken(_ token: [String: Value]) -> Swift.Result<[String: Any], Problem> {
        guard let value = token["value"] else { return .failure(Problem(message: "it has no value")) }
        let written = token["type"]?.string ?? guessType(value)
        guard let written, let type = typeNames[written] else {
            return .failure(Problem(message: "its type '\(token["type"]?.string ?? "unknown")' has no DTCG counterpart"))
        }
        var entry: [String: Any] = ["$type": type]
        if let description = token["description"]?.string ?? token["comment"]?.string { entry["$description"] = description }
        switch convertValue(value, type: type) {
        case .success(let converted): entry["$value"] = converted
        case .failure(let problem): return .failure(problem)
        }
        return .success(entry)
    }

    private static func guessType(_ value: Value) -> String? {
        guard let text = value.string else { return nil }
        if text.hasPrefix("#") || text.hasPrefix("rgb") { return "color" }
        if text.hasSuffix("px") || text.hasSuffix("rem") { return "dimension" }
        return nil
    }

    static func isReference(_ text: String) -> Bool {
        text.hasPrefix("{") && text.hasSuffix("}") && !text.dropFirst().dropLast().contains("{")
    }

    private static func convertValue(_ value: Value, type: String) -> Swift.Result<Any, Problem> {
        if let text = value.string, text.contains("{") {
            guard isReference(text) else { return .failure(Problem(message: "'\(text)' is an expression; DTCG has aliases (\"{a.b}\") but no arithmetic, so compute the value")) }
            return .success(text)
        }
        switch type {
        case "color":
            guard let text = value.string else { return .failure(Problem(message: "a colour must be text")) }
            return color(text).map { $0 as Any }
        case "dimension":
            return dimension(value).map { $0 as Any }
        case "duration":
            if case .number(let number) = value { return .success(["value": number, "unit": "ms"]) }
            guard let text = value.string, let match = measure(text, units: ["ms", "s"]) else { return .failure(Problem(message: "'\(value.string ?? "?")' is not a duration in ms or s")) }
            return .success(["value": match.0, "unit": match.1])
        case "number":
            if case .number(let number) = value { return .success(number) }
            if let text = value.string, text.hasSuffix("%"), let number = Double(text.dropLast()) { return .success(number / 100) }
            if let text = value.string, let number = Double(text) { return .success(number) }
            return .failure(Problem(message: "'\(value.string ?? "?")' is not a number (a line height in px has no DTCG number form)"))
        case "fontFamily":
            if let text = value.string { return .success(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }) }
            if case .array(let items) = value { return .success(items.compactMap(\.string)) }
            return .failure(Problem(message: "a font family must be text"))
        case "fontWeight":
            if case .number(let number) = value { return .success(number) }
            guard let text = value.string else { return .failure(Problem(message: "a font weight must be a number or a keyword")) }
            if let number = Double(text) { return .success(number) }
            let keyword = text.lowercased().replacingOccurrences(of: " ", with: "-")
            let known = ["thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium", "semi-bold", "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black"]
            let aliases = ["semibold": "semi-bold", "extrabold": "extra-bold", "extralight": "extra-light"]
            let mapped = aliases[keyword] ?? keyword
            return known.contains(mapped) ? .success(mapped) : .failure(Problem(message: "'\(text)' is not a font weight DTCG knows"))
        case "shadow":
            let layers: [Value]
            if case .array(let items) = value { layers = items } else { layers = [value] }
            var converted: [[String: Any]] = []
            for layer in layers {
                guard let color = layer["color"]?.string else { return .failure(Problem(message: "a shadow needs a colour")) }
                var shadow: [String: Any] = [:]
                switch convertValue(.string(color), type: "color") {
                case .success(let value): shadow["color"] = value
                case .failure(let problem): return .failure(problem)
                }
                for (from, to) in [("x", "offsetX"), ("y", "offsetY"), ("blur", "blur"), ("spread", "spread")] {
                    switch dimension(layer[from] ?? layer[to] ?? .number(0)) {
                    case .success(let value): shadow[to] = value
                    case .failure(let problem): return .failure(problem)
                    }
                }
                if layer["type"]?.string == "innerShadow" || layer["inset"].map({ if case .bool(true) = $0 { true } else { false } }) == true { shadow["inset"] = true }
                converted.append(shadow)
            }
            return .success(converted.count == 1 ? converted[0] as Any : converted as Any)
        default:
            return .failure(Problem(message: "\(type) values are not converted yet; write them in DTCG by hand"))
        }
    }

    private static func measure(_ text: String, units: [String]) -> (Double, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in units.sorted(by: { $0.count > $1.count }) where trimmed.hasSuffix(unit) {
            if let number = Double(trimmed.dropLast(unit.count)) { return (number, unit) }
        }
        return nil
    }

    private static func dimension(_ value: Value) -> Swift.Result<[String: Any], Problem> {
        if case .number(let number) = value { return .success(["value": number, "unit": "px"]) }
        guard let text = value.string else { return .failure(Problem(message: "a dimension must be a number or text such as \"16px\"")) }
        if let number = Double(text) { return .success(["value": number, "unit": "px"]) }
        guard let (number, unit) = measure(text, units: ["px", "rem"]) else {
            return .failure(Problem(message: "'\(text)' is not in px or rem, the only DTCG dimension units"))
        }
        return .success(["value": number, "unit": unit])
    }

    private static func color(_ text: String) -> Swift.Result<Any, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let rgba = RGBA(hex: trimmed) {
            if rgba.alpha >= 1 { return .success(rgba.hex) }
            return .success(["colorSpace": "srgb", "components": [rgba.red, rgba.green, rgba.blue].map { ($0 * 1000).rounded() / 1000 }, "alpha": (rgba.alpha * 1000).rounded() / 1000])
        }
        if trimmed.hasPrefix("rgb"), let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            let numbers = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            if numbers.count >= 3 {
                var object: [String: Any] = ["colorSpace": "srgb", "components": numbers.prefix(3).map { ($0 / 255 * 1000).rounded() / 1000 }]
                if numbers.count == 4 { object["alpha"] = numbers[3] }
                return .success(object)
            }
        }
        if trimmed == "transparent" { return .success(["colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0] as [String: Any]) }
        return .failure(Problem(message: "'\(text)' is not a colour this converter reads (hex, rgb(), rgba())"))
    }

    static func serialize(_ value: Value) -> String { serialize(value.foundation) }

    static func serialize(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
