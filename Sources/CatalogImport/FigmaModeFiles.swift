import Foundation
import CatalogCore

extension TokenImport {
    /// Figma's own Variables export is one DTCG file per mode of a collection, each saying its
    /// mode at the top (`$extensions["com.figma.modeName"]`: Light, Dark) and defining the same
    /// tokens. Loaded side by side they define each token twice; so when an import wrote no
    /// resolver, files that define the same tokens in different modes become one modifier of a
    /// resolver written for them (its contexts the modes, in the files' order with a light or
    /// default mode first), and every other file a set loaded before the modifiers. Each grouping
    /// is listed.
    package static func resolveFigmaModes(in result: inout Result) {
        guard !result.files.contains(where: { $0.name.hasSuffix(".resolver.json") }) else { return }
        struct ModeFile { var name: String; var mode: String; var paths: Set<String>; var collection: String? }
        var modeFiles: [ModeFile] = []
        var plain: [String] = []
        // The collection each token belongs to, as other files' alias data names it.
        var collectionOf: [String: String] = [:]
        func paths(_ value: Value, _ path: [String], into found: inout Set<String>) {
            guard let members = value.members else { return }
            if value["$value"] != nil {
                found.insert(path.joined(separator: "."))
                if let alias = value["$extensions"]?["com.figma.aliasData"], let target = alias["targetVariableName"]?.string, let set = alias["targetVariableSetName"]?.string {
                    collectionOf[target.replacingOccurrences(of: "/", with: ".")] = set
                }
                return
            }
            for member in members where !member.key.hasPrefix("$") { paths(member.value, path + [member.key], into: &found) }
        }
        for file in result.files where file.name.hasSuffix(".tokens.json") {
            guard let root = try? read(Data(file.text.utf8)) else { continue }
            var found = Set<String>()
            paths(root, [], into: &found)
            if let mode = root["$extensions"]?["com.figma.modeName"]?.string {
                modeFiles.append(ModeFile(name: file.name, mode: mode, paths: found, collection: nil))
            } else {
                plain.append(file.name)
            }
        }
        // Files with the same tokens and different modes are one collection's modes.
        var groups: [[ModeFile]] = []
        for file in modeFiles {
            if let index = groups.firstIndex(where: { $0[0].paths == file.paths && !$0.contains { $0.mode == file.mode } }) {
                groups[index].append(file)
            } else {
                groups.append([file])
            }
        }
        let modifiers = groups.filter { $0.count > 1 }
        guard !modifiers.isEmpty else { return }
        let sets = plain + groups.filter { $0.count == 1 }.map { $0[0].name }
        func reference(_ name: String) -> JSONText.Value { .members([JSONText.Member("$ref", .string(name))]) }
        var usedNames = Set<String>()
        var modifierMembers: [JSONText.Member] = []
        var described: [String] = []
        for group in modifiers {
            // A mode named light or default comes first: it is the default.
            let ordered = group.filter { isDefaultMode($0.mode) } + group.filter { !isDefaultMode($0.mode) }
            let collection = group[0].paths.lazy.compactMap { collectionOf[$0] }.first
            let isTheme = group.contains { $0.mode.lowercased() == "dark" }
            var name = isTheme ? "theme" : (collection ?? "mode")
            var number = 2
            while usedNames.contains(name) { name = (isTheme ? "theme" : collection ?? "mode") + "-\(number)"; number += 1 }
            usedNames.insert(name)
            let contexts = ordered.map { JSONText.Member($0.mode, .array([reference($0.name)])) }
            modifierMembers.append(JSONText.Member(name, .members([
                JSONText.Member("contexts", .members(contexts)),
                JSONText.Member("default", .string(ordered[0].mode)),
            ])))
            described.append("\(name) (\(ordered.map { "\($0.mode): \($0.name)" }.joined(separator: ", ")))")
        }
        var document = [JSONText.Member("version", .string("2025.10"))]
        if !sets.isEmpty { document.append(JSONText.Member("sets", .members([JSONText.Member("base", .members([JSONText.Member("sources", .array(sets.map(reference)))]))]))) }
        document.append(JSONText.Member("modifiers", .members(modifierMembers)))
        document.append(JSONText.Member("resolutionOrder", .array((sets.isEmpty ? [] : [reference("#/sets/base")]) + modifierMembers.map { reference("#/modifiers/\($0.key)") })))
        result.add(name: "tokens.resolver.json", text: serialize(.members(document)), source: nil)
        result.notes.append("Figma's per-mode Variables files became tokens.resolver.json: \(described.count == 1 ? "the modifier" : "the modifiers") \(described.joined(separator: "; "))\(sets.isEmpty ? "" : ", after the set base (\(sets.joined(separator: ", ")))")")
    }

    private static func isDefaultMode(_ name: String) -> Bool {
        ["light", "default", "base", "baseline", "mode 1"].contains(name.lowercased())
    }
}
