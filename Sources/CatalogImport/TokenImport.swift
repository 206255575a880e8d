import Foundation
import CatalogCore
import CatalogSource
import CatalogSyntax
import CatalogLoad

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

            package init(key: String, value: Value) {
                self.key = key
                self.value = value
            }
        }

        package subscript(key: String) -> Value? {
            members?.first { $0.key == key }?.value
        }

        package var string: String? { if case .string(let text) = self { text } else { nil } }
        package var members: [Member]? { if case .object(let members) = self { members } else { nil } }

        /// A value read by this tool's JSON reader, members in order.
        package init(_ node: JSONNode) {
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
        package func ordered(by orders: inout ArraySlice<[String]>) -> Value? {
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
        package var json: JSONText.Value {
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
        package var value: Value

        package init(from decoder: Decoder) throws {
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
    package struct Located: Error, LocalizedError {
        package var message: String
        package var line: Int
        package var column: Int
        package var errorDescription: String? { message }
    }

    package struct NotText: Error, LocalizedError {
        package var errorDescription: String? { "it is not UTF-8 text" }
    }

    /// One file written, and what was said about the conversion.
    public struct Result: Sendable {
        public var files: [(name: String, text: String)] = []
        /// The file or folder each written file came from (nil for one import made up, such as
        /// the resolver of a Tokens Studio project's themes).
        package var sources: [String?] = []
        public var notes: [String] = []
        public var converted = 0
        public var skipped = 0
        /// Tokens written inline in resolver documents, copied as they were (not converted).
        public var inline = 0

        package mutating func add(name: String, text: String, source: String?) {
            files.append((name, text))
            sources.append(source)
        }
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
            // JSON5 (Foundation names no place): where the JSON5 grammar first fails; else where
            // strict JSON did.
            if let problem = JSON5Syntax.firstError(String(decoding: data, as: UTF8.self)) {
                throw Located(message: "\(problem.message) at line \(problem.line), column \(problem.column)", line: problem.line, column: problem.column)
            }
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
        let resolved = RealPath.resolve(to)
        let cwd = RealPath.resolve(FileManager.default.currentDirectoryPath)
        if resolved != lexical, resolved != cwd, !resolved.hasPrefix(cwd + "/") {
            return "--to '\(shown)' leads through a symbolic link to \(TextSafety.escaped(resolved)), outside the working folder; name the folder itself"
        }
        let catalog = URL(fileURLWithPath: lexical).lastPathComponent == "tokens" ? URL(fileURLWithPath: lexical).deletingLastPathComponent().path : lexical
        for folder in ThemeReader.searchPath(forCatalog: catalog).map(RealPath.resolve) where resolved == folder || resolved.hasPrefix(folder + "/") {
            return "--to '\(shown)' is inside \(TextSafety.escaped(folder)), where themes are looked for; write the token files to the catalog's tokens/ folder"
        }
        return nil
    }

    /// Choices a user makes about a conversion.
    public struct Options: Sendable {
        /// The unit bare numbers in dimensions take; nil: the source tool's own convention
        /// (pixels for Tokens Studio, rem for Style Dictionary 3, whose web transforms make them rem).
        public var unitless: String?

        public init(unitless: String? = nil) {
            self.unitless = unitless
        }
    }

    /// The key under `$extensions` where import records what it did: a computed token's source
    /// expression, properties DTCG has no place for, and (at a file's root) the tokens it skipped,
    /// which `check` names when an alias points at one.
    /// Where a converted file records what could not be converted (read back by `TokenLoader`).
    public static let recordKey = TokenLoader.importRecordKey

    /// A plain token file read in this run (not a Tokens Studio project).
    package struct PlainFile {
        package var path: String
        package var root: Value
    }

    /// What converting one file needs and collects.
    package struct FileContext {
        package var unitless: String
        package var convention: String
        /// Computed values by dotted path, and why the others could not be computed.
        package var computed: [String: Value] = [:]
        package var failed: [String: String] = [:]
        /// Paths skipped, with the reason, for the file's root record.
        package var skipped: [(path: String, reason: String)] = []
        package var inferred: [String] = []
        /// Font style names read as weights: "path 'Expanded Medium' → medium (500)".
        package var styleNames: [String] = []
        package var unknownKeys: [String: Int] = [:]
        /// Keys DTCG does not define at the top of the file (`$schema`), moved under `$extensions`.
        package var topKeys: [String] = []
        /// Tokens that named no type, each with the one given: "path → type".
        package var typed: [String] = []
        package var converted = 0
    }

    public static func run(_ paths: [String], options: Options = Options()) -> Result {
        var result = Result()
        var plain: [PlainFile] = []
        for entry in ImportFiles.read(paths) {
            switch entry {
            case .missing(let path):
                result.notes.append("\(path): no such file or folder; skipped")
            case .folder(let path, let files, let notes):
                result.notes += notes
                importFolder(path, files: files, options: options, plain: &plain, into: &result)
            case .file(let path, let bytes, let note):
                guard let bytes else {
                    result.notes.append("\(path): \(note ?? "could not be read; skipped")")
                    continue
                }
                if let root = load(path, bytes, into: &result),
                   !importStudioExport(root, path: path, options: options, into: &result) { plain.append(PlainFile(path: path, root: root)) }
            }
        }
        plain.removeAll { importFigmaVariables($0.root, path: $0.path, into: &result) }
        let resolvers = importPlain(plain, options: options, into: &result)
        giveEachFileItsOwnName(&result)
        writeResolvers(resolvers, into: &result)
        resolveFigmaModes(in: &result)
        typeAliasesByTarget(in: &result)
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
            if let source = result.sources[index] { result.notes.append("two sources make \(name); \(source) is written as \(renamed)") }
            else { result.notes.append("two sources make \(name); the later one is written as \(renamed)") }
        }
    }

    private static func load(_ path: String, _ bytes: [UInt8], into result: inout Result) -> Value? {
        do {
            return try read(Data(bytes))
        } catch {
            if let located = error as? Located {
                result.notes.append("\(path):\(located.line):\(located.column): is neither JSON nor JSON5 (\(located.message)); skipped")
            } else {
                result.notes.append("\(path):1:1: is neither JSON nor JSON5 (\(error.localizedDescription)); skipped")
            }
            return nil
        }
    }

    package static func baseName(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".tokens.json5", ".tokens.json", ".json5", ".json", ".tokens"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return fileSafe(name)
    }

    package static func fileSafe(_ name: String) -> String {
        CatalogLoader.suggestedSlug(name, fallback: "tokens")
    }

    // MARK: Files

    /// A folder's `.json` and `.json5` files (`files`, by their path inside it, as the source
    /// layer read them): a Tokens Studio project when it has `$themes.json` or `$metadata.json`,
    /// else each file on its own.
    private static func importFolder(_ folder: String, files: [(name: String, bytes: [UInt8])], options: Options, plain: inout [PlainFile], into result: inout Result) {
        let names = files.map(\.name)
        let bytes = Dictionary(files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let isStudio = names.contains("$themes.json") || names.contains("$metadata.json")
        guard isStudio else {
            for name in names {
                let path = folder + "/" + name
                guard let root = load(path, bytes[name] ?? [], into: &result) else { continue }
                if !importStudioExport(root, path: path, options: options, into: &result) { plain.append(PlainFile(path: path, root: root)) }
            }
            return
        }
        var sets: [Value.Member] = []
        for name in names where !name.hasPrefix("$") {
            guard let value = load(folder + "/" + name, bytes[name] ?? [], into: &result) else { continue }
            sets.append(Value.Member(key: String(name.dropLast(name.hasSuffix(".json5") ? 6 : 5)), value: value))
        }
        let metadata = bytes["$metadata.json"].flatMap { load(folder + "/$metadata.json", $0, into: &result) }
        let themes = bytes["$themes.json"].flatMap { load(folder + "/$themes.json", $0, into: &result) }
        if metadata == nil { result.notes.append("\(folder): no $metadata.json; token sets are taken in the order each theme lists them (source sets first)") }
        importStudio(sets: sets, order: order(from: metadata) ?? sets.map(\.key), themes: themes, source: folder, options: options, into: &result)
    }

    /// A Tokens Studio single-file export (in its own format or in DTCG dress), whose top-level
    /// groups are token sets: imported here, and true. False for any other file.
    private static func importStudioExport(_ root: Value, path: String, options: Options, into result: inout Result) -> Bool {
        guard root["resolutionOrder"] == nil, root["$themes"] != nil || root["$metadata"] != nil, let members = root.members else { return false }
        let sets = members.filter { !$0.key.hasPrefix("$") }
        importStudio(sets: sets, order: order(from: root["$metadata"]) ?? sets.map(\.key), themes: root["$themes"], source: path, options: options, into: &result)
        return true
    }

    private static func order(from metadata: Value?) -> [String]? {
        guard case .array(let items)? = metadata?["tokenSetOrder"] else { return nil }
        return items.compactMap(\.string)
    }

    /// Style Dictionary 3, Tokens Studio's own format without themes, JSON5 and DTCG files, with
    /// computed values (arithmetic, Primer's `alpha`) worked out across all of them, as one
    /// tool would load them together. Resolver documents are returned, to be written once every
    /// file has its final name.
    private static func importPlain(_ files: [PlainFile], options: Options, into result: inout Result) -> [(path: String, root: Value)] {
        var resolvers: [(String, Value)] = []
        var tokenFiles: [PlainFile] = []
        for file in files {
            guard file.root.members != nil else {
                result.notes.append("\(file.path): holds no object of tokens; skipped")
                continue
            }
            if file.root["resolutionOrder"] != nil { resolvers.append((file.path, file.root)) } else { tokenFiles.append(file) }
        }
        let evaluation = StudioEvaluation(sets: tokenFiles.map { ($0.path, $0.root.members ?? []) })
        let merged = evaluation.merged(tokenFiles.map(\.path))
        var theme = StudioEvaluation.Theme(tokens: merged)
        // A computed value whose inputs several files define (a light and a dark file imported
        // together) takes the last file's: said, never silently.
        var definers: [String: [String]] = [:]
        for file in tokenFiles {
            for path in (evaluation.definitions[file.path] ?? [:]).keys { definers[path, default: []].append(file.path) }
        }
        for (set, path) in evaluation.computed {
            guard let definition = evaluation.definitions[set]?[path] else { continue }
            let shared = StudioEvaluation.dependencies(of: definition, in: merged).filter { (definers[$0]?.count ?? 0) > 1 }.sorted()
            if let first = shared.first {
                result.notes.append("\(set): '\(path)' is computed from '{\(first)}', which \(definers[first]!.count) of the files define (\(definers[first]!.joined(separator: ", "))); the last one's value is used. Import each mode's files in a run of its own to compute each mode's value")
            }
        }
        for file in tokenFiles {
            let format = sourceFormat(file.root)
            var context = FileContext(unitless: options.unitless ?? format.unitless, convention: options.unitless == nil ? format.convention : "--unitless \(options.unitless!)")
            for (set, path) in evaluation.computed where set == file.path {
                guard let definition = evaluation.definitions[set]?[path] else { continue }
                do throws(StudioEvaluation.Failure) {
                    context.computed[path] = try theme.compute(definition)
                } catch {
                    context.failed[path] = error.reason
                }
            }
            if format.name == "dtcg", evaluation.computed.allSatisfy({ $0.set != file.path }), !needsConversion(file.root, type: nil) {
                // Already DTCG (perhaps in JSON5): written back as plain JSON, exactly as it was.
                result.add(name: "\(baseName(file.path)).tokens.json", text: serialize(file.root.json), source: file.path)
                result.converted += countTokens(file.root)
                continue
            }
            writeFile(file.root.members ?? [], name: "\(baseName(file.path)).tokens.json", source: file.path, context: &context, into: &result)
        }
        return resolvers
    }

    /// Which tool wrote a file: DTCG (`$value`), Tokens Studio (`value` with its types), or Style
    /// Dictionary 3 (`value`, no Tokens Studio type); and what a bare number in a dimension means there.
    package static func sourceFormat(_ root: Value) -> (name: String, unitless: String, convention: String) {
        if containsDollarValue(root) { return ("dtcg", "px", "a bare number in a DTCG file is read as px") }
        if usesStudioTypes(root) { return ("tokens-studio", "px", "Tokens Studio's convention: a bare number is pixels") }
        return ("style-dictionary", "rem", "Style Dictionary 3's convention: its css and web transforms make a bare size rem; pass --unitless px if these are pixels")
    }

    private static func usesStudioTypes(_ value: Value) -> Bool {
        guard let members = value.members else { return false }
        if value["value"] != nil, let type = value["type"]?.string { return studioTypes.contains(type) }
        return members.contains { usesStudioTypes($0.value) }
    }

    /// Types only Tokens Studio writes (Style Dictionary 3 files rarely carry a type at all).
    package static let studioTypes: Set<String> = [
        "sizing", "spacing", "borderRadius", "borderWidth", "fontSizes", "fontFamilies", "fontWeights", "lineHeights",
        "letterSpacing", "paragraphSpacing", "paragraphIndent", "boxShadow", "typography", "opacity", "textCase", "textDecoration", "composition", "asset", "other",
    ]

    /// Converts one file's tokens and adds it, with its record of skipped tokens; a file of
    /// tokens none of which converts is not written (and said).
    package static func writeFile(_ members: [Value.Member], name: String, source: String, context: inout FileContext, into result: inout Result) {
        var converted = convertGroup(members, path: [], source: source, context: &context, result: &result)
        if !context.inferred.isEmpty {
            result.notes.append("\(source): \(context.inferred.count) bare number\(context.inferred.count == 1 ? "" : "s") given a unit (\(context.convention)): \(context.inferred.joined(separator: "; "))")
        }
        if !context.styleNames.isEmpty {
            result.notes.append("\(source): \(context.styleNames.count) font style name\(context.styleNames.count == 1 ? "" : "s") read as the weight it names (a DTCG font weight has no width or slope; keep those in the font family or a separate token): \(context.styleNames.joined(separator: "; "))")
        }
        if !context.typed.isEmpty {
            result.notes.append("\(source): \(context.typed.count) token\(context.typed.count == 1 ? "" : "s") without a type (nor a group's) given one from \(context.typed.count == 1 ? "its" : "their") name or value: \(context.typed.joined(separator: "; "))")
        }
        for key in context.topKeys {
            result.notes.append("\(source): '\(key)' at the top of the file is not a DTCG property; moved under the file's $extensions.\(recordKey)")
        }
        for (key, count) in context.unknownKeys.sorted(by: { $0.key < $1.key }) {
            result.notes.append("\(source): '\(key)' is not a DTCG property; kept on \(count) token\(count == 1 ? "" : "s") under $extensions.\(recordKey)")
        }
        guard context.converted > 0 || context.skipped.isEmpty else {
            result.notes.append("\(source): none of its \(context.skipped.count) token\(context.skipped.count == 1 ? "" : "s") could be converted; \(name) is not written")
            return
        }
        if !context.skipped.isEmpty {
            let record = JSONText.Member(recordKey, .members([JSONText.Member("skipped", .members(context.skipped.map { JSONText.Member($0.path, .string($0.reason)) }))]))
            if let index = converted.firstIndex(where: { $0.key == "$extensions" }), case .members(let existing) = converted[index].value {
                converted[index].value = .members(existing + [record])
            } else {
                converted.append(JSONText.Member("$extensions", .members([record])))
            }
        }
        result.add(name: name, text: serialize(.members(converted)), source: source)
    }

    /// Each resolver document, its `$ref`s to files this run converted rewritten to their new names.
    private static func writeResolvers(_ resolvers: [(path: String, root: Value)], into result: inout Result) {
        guard !resolvers.isEmpty else { return }
        var written: [String: String] = [:]
        for (index, file) in result.files.enumerated() {
            if let source = result.sources[index] { written[URL(fileURLWithPath: source).standardizedFileURL.path] = file.name }
        }
        for resolver in resolvers {
            let folder = URL(fileURLWithPath: resolver.path).deletingLastPathComponent()
            var rewritten: [String] = []
            var missing: [String] = []
            func rewrite(_ value: Value, key: String?) -> Value {
                switch value {
                case .string(let reference) where key == "$ref" && !reference.hasPrefix("#"):
                    let file = String(reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                    let fragment = reference.dropFirst(file.count)
                    let target = folder.appendingPathComponent(file).standardizedFileURL.path
                    guard let name = written[target] else {
                        missing.append(reference)
                        return value
                    }
                    if name != file { rewritten.append("\(file) → \(name)") }
                    return .string(name + fragment)
                case .array(let items):
                    // A source this run did not write is taken out of its list: left in, `check`
                    // would find it missing from the catalog.
                    return .array(items.compactMap { item -> Value? in
                        let before = missing.count
                        let converted = rewrite(item, key: nil)
                        return missing.count > before && isFileReference(item) ? nil : converted
                    })
                case .object(let members): return .object(members.map { Value.Member(key: $0.key, value: rewrite($0.value, key: $0.key)) })
                default: return value
                }
            }
            func isFileReference(_ item: Value) -> Bool {
                guard case .object(let members) = item, members.count == 1, let reference = item["$ref"]?.string else { return false }
                return !reference.hasPrefix("#")
            }
            let root = rewrite(resolver.root, key: nil)
            // Sources written inline (token groups rather than `$ref`s, in a set's `sources` or a
            // modifier's contexts) are counted, so the summary does not say nothing was imported.
            var held = 0
            func countInline(_ value: Value) {
                switch value {
                case .array(let items):
                    for item in items where item["$ref"] == nil {
                        let tokens = countTokens(item)
                        if tokens > 0 { held += tokens } else { countInline(item) }
                    }
                case .object(let members): for member in members { countInline(member.value) }
                default: break
                }
            }
            countInline(resolver.root)
            result.inline += held
            var name = (resolver.path as NSString).lastPathComponent
            for suffix in [".resolver.json", ".json5", ".json"] where name.hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
                break
            }
            result.add(name: "\(fileSafe(name)).resolver.json", text: serialize(root.json), source: resolver.path)
            var note = "\(resolver.path): a DTCG resolver document; copied" + (held > 0 ? " with the \(held) token\(held == 1 ? "" : "s") written inline in it" : "")
            if !rewritten.isEmpty { note += ", its $ref\(rewritten.count == 1 ? "" : "s") rewritten to the converted files (\(rewritten.joined(separator: ", ")))" }
            if !missing.isEmpty { note += "; \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not among the files this import wrote, so \(missing.count == 1 ? "its $ref was" : "their $refs were") taken out: convert \(missing.count == 1 ? "it" : "them") too (or copy \(missing.count == 1 ? "it" : "them") beside the resolver as .tokens.json) and add \(missing.count == 1 ? "it" : "them") back" }
            result.notes.append(note)
        }
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

    /// Whether any token below `value` needs converting: a type DTCG does not define, a value
    /// not in its type's DTCG form, or a property DTCG does not define. `type` is the `$type`
    /// the group around it gives.
    private static func needsConversion(_ value: Value, type: String?) -> Bool {
        guard let members = value.members else { return false }
        if value["$value"] != nil || value["value"] != nil || value["$alias"] != nil {
            return value["$value"] == nil || tokenNeedsConversion(value, inherited: type) || members.contains { !tokenKeys.contains($0.key) }
        }
        if members.contains(where: { $0.key.hasPrefix("$") && !groupKeys.contains($0.key) }) { return true }
        let groupType = value["$type"]?.string ?? type
        return members.contains { !$0.key.hasPrefix("$") || $0.key == "$root" ? needsConversion($0.value, type: groupType) : false }
    }

    /// The properties DTCG 2025.10 defines on a token and on a group.
    package static let tokenKeys: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]
    package static let groupKeys: Set<String> = ["$type", "$description", "$extensions", "$deprecated", "$extends", "$root"]

    /// A token as DTCG would write it before its value is converted: a legacy `$alias` made a
    /// reference, and properties DTCG does not define (`$name`, Primer's `alpha` once applied)
    /// moved under `$extensions`.
    private static func normalized(_ token: Value, computed: Value?, context: inout FileContext) -> Value {
        guard var members = token.members else { return token }
        var record: [Value.Member] = []
        func aliasTarget(_ value: Value?) -> String? {
            guard let text = (value?.string ?? value?["$alias"]?.string)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            let bare = text.hasPrefix("{") && text.hasSuffix("}") ? String(text.dropFirst().dropLast()) : text
            return "{" + bare.replacingOccurrences(of: "/", with: ".") + "}"
        }
        if let index = members.firstIndex(where: { $0.key == "$alias" }) {
            if let target = aliasTarget(members[index].value), !members.contains(where: { $0.key == "$value" || $0.key == "value" }) {
                members[index] = Value.Member(key: "$value", value: .string(target))
            }
        } else if let index = members.firstIndex(where: { $0.key == "$value" }), members[index].value["$alias"] != nil, let target = aliasTarget(members[index].value) {
            members[index].value = .string(target)
        }
        let dtcg = members.contains { $0.key == "$value" }
        if let computed, let index = members.firstIndex(where: { $0.key == "$value" || $0.key == "value" }) {
            var source: [Value.Member] = [Value.Member(key: "value", value: members[index].value)]
            if let modify = StudioEvaluation.modifier(of: token) { source.append(Value.Member(key: "modify", value: modify)) }
            if let alpha = token["alpha"] { source.append(Value.Member(key: "alpha", value: alpha)) }
            record.append(Value.Member(key: "computedFrom", value: .object(source)))
            members[index].value = computed
            members.removeAll { $0.key == "alpha" }
            // The modifier is applied: kept in the record, not where another tool would apply it again.
            if let index = members.firstIndex(where: { $0.key == "$extensions" }), case .object(var extensions) = members[index].value,
               let studio = extensions.firstIndex(where: { $0.key == "studio.tokens" }), case .object(var fields) = extensions[studio].value {
                fields.removeAll { $0.key == "modify" }
                if fields.isEmpty { extensions.remove(at: studio) } else { extensions[studio].value = .object(fields) }
                if extensions.isEmpty { members.remove(at: index) } else { members[index].value = .object(extensions) }
            }
        }
        if dtcg {
            for member in members where !tokenKeys.contains(member.key) {
                record.append(member)
                context.unknownKeys[member.key, default: 0] += 1
            }
            members.removeAll { !tokenKeys.contains($0.key) }
        }
        guard !record.isEmpty else { return .object(members) }
        if let index = members.firstIndex(where: { $0.key == "$extensions" }), case .object(let extensions) = members[index].value {
            members[index].value = .object(extensions + [Value.Member(key: recordKey, value: .object(record))])
        } else {
            members.append(Value.Member(key: "$extensions", value: .object([Value.Member(key: recordKey, value: .object(record))])))
        }
        return .object(members)
    }

    /// A group's tokens and groups, converted, in the order they were written. Tokens already in
    /// DTCG form are kept as written (their type made explicit); the group's own DTCG keys
    /// (`$description`, `$extensions`…) are kept, a `$type` DTCG does not define is not, and
    /// other `$` keys go under `$extensions`.
    package static func convertGroup(_ members: [Value.Member], path: [String], type: String? = nil, source: String, context: inout FileContext, result: inout Result) -> [JSONText.Member] {
        var output: [JSONText.Member] = []
        var record: [JSONText.Member] = []
        let groupType = members.first { $0.key == "$type" || $0.key == "type" }?.value.string.map { typeNames[$0]?.rawValue ?? $0 } ?? type
        for member in members {
            let key = member.key
            if key.hasPrefix("$"), key != "$root" {
                if key == "$type", !isDTCGType(member.value.string) { continue }
                if groupKeys.contains(key) {
                    output.append(JSONText.Member(key, member.value.json))
                } else {
                    record.append(JSONText.Member(key, member.value.json))
                    if path.isEmpty { context.topKeys.append(key) } else { context.unknownKeys[key, default: 0] += 1 }
                }
                continue
            }
            let dotted = (path + [key]).joined(separator: ".")
            guard case .object(let children) = member.value else {
                if key == "type", path.isEmpty || member.value.string != nil { continue }
                result.notes.append("\(source): '\(dotted)' is neither a token nor a group; skipped")
                context.skipped.append((dotted, "neither a token nor a group"))
                result.skipped += 1
                continue
            }
            let name = key.replacingOccurrences(of: ".", with: "-")
            if member.value["value"] != nil || member.value["$value"] != nil || member.value["$alias"] != nil {
                if let reason = context.failed[dotted] {
                    result.notes.append("\(source): could not compute '\(dotted)': \(reason)")
                    context.skipped.append((dotted, "could not be computed: \(reason)"))
                    result.skipped += 1
                    continue
                }
                let token = normalized(member.value, computed: context.computed[dotted], context: &context)
                var conversion = Conversion(unitless: context.unitless, category: path.first ?? key)
                switch convertToken(token, inherited: groupType, conversion: &conversion) {
                case .success(let converted):
                    output.append(JSONText.Member(name, converted))
                    context.inferred += conversion.inferred.map { "\(dotted) \($0)" }
                    context.styleNames += conversion.styleNames.map { "\(dotted) \($0)" }
                    if let guessed = conversion.guessedType { context.typed.append("\(dotted) → \(guessed)") }
                    context.converted += 1
                    result.converted += 1
                case .failure(let reason):
                    result.notes.append("\(source): could not convert '\(dotted)': \(reason.message)")
                    context.skipped.append((dotted, reason.message))
                    result.skipped += 1
                }
            } else {
                let group = convertGroup(children, path: path + [key], type: groupType, source: source, context: &context, result: &result)
                if group.contains(where: { !$0.key.hasPrefix("$") || $0.key == "$root" }) { output.append(JSONText.Member(name, .members(group))) }
            }
        }
        if !record.isEmpty {
            let entry = JSONText.Member(recordKey, .members(record))
            if let index = output.firstIndex(where: { $0.key == "$extensions" }), case .members(let existing) = output[index].value {
                output[index].value = .members(existing + [entry])
            } else {
                output.append(JSONText.Member("$extensions", .members([entry])))
            }
        }
        return output
    }

    package static func serialize(_ value: JSONText.Value) -> String {
        JSONText.pretty(value)
    }
}
