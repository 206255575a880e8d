import Foundation
import CatalogCore

extension TokenImport {
    /// Figma's `GET /v1/files/:key/variables/local` response (`meta.variables`,
    /// `meta.variableCollections`): each collection with one mode becomes one token file, each
    /// collection with more becomes one file per mode and a modifier of `tokens.resolver.json`
    /// whose contexts are its modes (the collection's default first), after a set of the
    /// one-mode files. A variable's name is its path (`Colors/Light/050` → colors group `Light`,
    /// token `050`), as `figma.token-names` reads it by default, so `check` compares the
    /// variables with what was written. True when `root` was such a response.
    package static func importFigmaVariables(_ root: Value, path: String, into result: inout Result) -> Bool {
        guard let meta = root["meta"], let variables = meta["variables"]?.members, let collections = meta["variableCollections"]?.members else { return false }
        struct Collection { var id: String; var name: String; var modes: [(id: String, name: String)] }
        var ordered: [Collection] = []
        for member in collections {
            let collection = member.value
            var modes: [(id: String, name: String)] = []
            if case .array(let items)? = collection["modes"] {
                for mode in items { if let id = mode["modeId"]?.string, let name = mode["name"]?.string { modes.append((id, name)) } }
            }
            if let first = collection["defaultModeId"]?.string, let index = modes.firstIndex(where: { $0.id == first }) {
                modes.insert(modes.remove(at: index), at: 0)
            }
            // Collections are often numbered to sort them in Figma (`2.Theme`): the number is not part of the name.
            let written = collection["name"]?.string ?? member.key
            let unnumbered = written.drop { $0.isNumber }.drop { $0 == "." || $0 == "-" || $0 == "_" || $0 == " " }
            let name = unnumbered.isEmpty || unnumbered.count == written.count ? written : String(unnumbered)
            ordered.append(Collection(id: collection["id"]?.string ?? member.key, name: name, modes: modes))
        }
        let byID = Dictionary(variables.map { ($0.value["id"]?.string ?? $0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        func groups(_ name: String) -> [String] {
            name.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".", with: "-") }
                .map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
        }
        var skipped: [String] = []
        // Each collection's files: mode → the tokens (path, token object).
        var files: [(collection: Collection, mode: String, tokens: [(path: [String], token: JSONText.Value)])] = []
        for collection in ordered {
            for mode in collection.modes {
                var tokens: [(path: [String], token: JSONText.Value)] = []
                for member in variables where (member.value["variableCollectionId"]?.string ?? "") == collection.id {
                    let variable = member.value
                    let name = variable["name"]?.string ?? member.key
                    let path = groups(name)
                    guard !path.isEmpty, let value = variable["valuesByMode"]?[mode.id] else { continue }
                    let scopes: [String] = if case .array(let items)? = variable["scopes"] { items.compactMap(\.string) } else { [] }
                    guard let (type, converted) = figmaToken(value, resolvedType: variable["resolvedType"]?.string ?? "", scopes: scopes, byID: byID, groups: groups) else {
                        if mode.id == collection.modes.first?.id { skipped.append("\(name) (\(variable["resolvedType"]?.string ?? "no type"))") }
                        continue
                    }
                    var token = [JSONText.Member("$type", .string(type)), JSONText.Member("$value", converted)]
                    if let description = variable["description"]?.string, !description.isEmpty { token.append(JSONText.Member("$description", .string(description))) }
                    token.append(JSONText.Member("$extensions", .members([JSONText.Member("com.figma", .members([
                        JSONText.Member("variableId", .string(variable["id"]?.string ?? member.key)),
                        JSONText.Member("collection", .string(collection.name)),
                    ]))])))
                    tokens.append((path, .members(token)))
                }
                files.append((collection, mode.name, tokens))
            }
        }
        var base: [String] = []
        var modifiers: [(name: String, contexts: [(mode: String, file: String)])] = []
        for collection in ordered {
            let own = files.filter { $0.collection.id == collection.id && !$0.tokens.isEmpty }
            guard !own.isEmpty else { continue }
            let stem = fileSafe(collection.name)
            if collection.modes.count == 1 {
                let name = "\(stem).tokens.json"
                result.add(name: name, text: serialize(nest(own[0].tokens)), source: path)
                base.append(name)
            } else {
                var contexts: [(mode: String, file: String)] = []
                for file in own {
                    let name = "\(stem)-\(fileSafe(file.mode)).tokens.json"
                    result.add(name: name, text: serialize(nest(file.tokens)), source: path)
                    contexts.append((file.mode, name))
                }
                modifiers.append((collection.name, contexts))
            }
            result.converted += own[0].tokens.count
        }
        if !skipped.isEmpty {
            result.skipped += skipped.count
            result.notes.append("\(path): \(skipped.count) variable\(skipped.count == 1 ? "" : "s") DTCG has no type for, or aliasing a variable of another file, not converted: \(skipped.prefix(8).joined(separator: ", "))\(skipped.count > 8 ? "…" : "")")
        }
        guard !modifiers.isEmpty else { return true }
        func reference(_ name: String) -> JSONText.Value { .members([JSONText.Member("$ref", .string(name))]) }
        var document = [JSONText.Member("version", .string("2025.10"))]
        if !base.isEmpty { document.append(JSONText.Member("sets", .members([JSONText.Member("base", .members([JSONText.Member("sources", .array(base.map(reference)))]))]))) }
        var used = Set<String>()
        var members: [JSONText.Member] = []
        for modifier in modifiers {
            var name = fileSafe(modifier.name)
            var number = 2
            while used.contains(name) { name = fileSafe(modifier.name) + "-\(number)"; number += 1 }
            used.insert(name)
            members.append(JSONText.Member(name, .members([
                JSONText.Member("contexts", .members(modifier.contexts.map { JSONText.Member($0.mode, .array([reference($0.file)])) })),
                JSONText.Member("default", .string(modifier.contexts[0].mode)),
            ])))
        }
        document.append(JSONText.Member("modifiers", .members(members)))
        document.append(JSONText.Member("resolutionOrder", .array((base.isEmpty ? [] : [reference("#/sets/base")]) + members.map { reference("#/modifiers/\($0.key)") })))
        result.add(name: "tokens.resolver.json", text: serialize(.members(document)), source: nil)
        result.notes.append("\(path): Figma's variables became tokens.resolver.json: \(modifiers.map { "the modifier \($0.name) (\($0.contexts.map(\.mode).joined(separator: ", ")))" }.joined(separator: "; "))\(base.isEmpty ? "" : ", after the set base (\(base.joined(separator: ", ")))")")
        return true
    }

    /// A variable's value as a DTCG token: colours in sRGB, numbers as dimensions in px where the
    /// variable's scopes are sizes (a radius, a gap, a font size), else numbers; a font family's
    /// text; an alias as the path of the variable it names. Nil for what DTCG has no type for
    /// (free text, booleans).
    private static func figmaToken(_ value: Value, resolvedType: String, scopes: [String], byID: [String: Value], groups: (String) -> [String]) -> (String, JSONText.Value)? {
        let type: String
        switch resolvedType {
        case "COLOR": type = "color"
        case "FLOAT":
            let sizes: Set<String> = ["CORNER_RADIUS", "WIDTH_HEIGHT", "GAP", "STROKE_FLOAT", "FONT_SIZE", "LINE_HEIGHT", "LETTER_SPACING", "PARAGRAPH_SPACING", "PARAGRAPH_INDENT", "EFFECT_FLOAT"]
            type = scopes.contains("FONT_WEIGHT") ? "fontWeight" : scopes.contains(where: sizes.contains) ? "dimension" : "number"
        case "STRING" where scopes.contains("FONT_FAMILY"): type = "fontFamily"
        default: return nil
        }
        if value["type"]?.string == "VARIABLE_ALIAS" {
            guard let id = value["id"]?.string, let target = byID[id], let name = target["name"]?.string else { return nil }
            return (type, .string("{" + groups(name).joined(separator: ".") + "}"))
        }
        switch (type, value) {
        case ("color", .object):
            func channel(_ key: String) -> Double? { if case .number(let number)? = value[key] { number } else { nil } }
            guard let r = channel("r"), let g = channel("g"), let b = channel("b") else { return nil }
            let alpha = channel("a") ?? 1
            func byte(_ channel: Double) -> String { String(format: "%02X", Int((min(1, max(0, channel)) * 255).rounded())) }
            var members = [JSONText.Member("colorSpace", .string("srgb")), JSONText.Member("components", .array([r, g, b].map { .number(($0 * 10_000).rounded() / 10_000) }))]
            if alpha < 1 { members.append(JSONText.Member("alpha", .number((alpha * 10_000).rounded() / 10_000))) }
            members.append(JSONText.Member("hex", .string("#" + byte(r) + byte(g) + byte(b))))
            return (type, .members(members))
        case ("dimension", .number(let number)):
            return (type, .members([JSONText.Member("value", .number(number)), JSONText.Member("unit", .string("px"))]))
        case ("number", .number(let number)), ("fontWeight", .number(let number)):
            return (type, .number(number))
        case ("fontFamily", .string(let family)):
            return (type, .string(family))
        default:
            return nil
        }
    }

    /// Tokens by path nested into groups, in the order first met.
    private static func nest(_ tokens: [(path: [String], token: JSONText.Value)]) -> JSONText.Value {
        final class Group { var order: [String] = []; var children: [String: Group] = [:]; var token: JSONText.Value? }
        let root = Group()
        for (path, token) in tokens {
            var group = root
            for key in path {
                if let child = group.children[key] { group = child } else {
                    let child = Group()
                    group.children[key] = child
                    group.order.append(key)
                    group = child
                }
            }
            group.token = token
        }
        func value(_ group: Group) -> JSONText.Value {
            if let token = group.token, group.children.isEmpty { return token }
            return .members(group.order.map { JSONText.Member($0, value(group.children[$0]!)) })
        }
        return value(root)
    }
}
