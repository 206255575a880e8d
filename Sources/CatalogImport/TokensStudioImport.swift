import Foundation
import CatalogModel
import CatalogCore

/// A Tokens Studio project (a folder with a file per token set, `$metadata.json` and
/// `$themes.json`, or a single-file export): a DTCG file per set and, with themes, a resolver
/// document whose modifiers are the theme groups and whose contexts are the themes.
///
/// A theme loads its source sets first and its enabled sets after, each in the order the theme
/// lists them, as Tokens Studio and sd-transforms do; later sets override earlier ones. Values
/// DTCG cannot hold as written (arithmetic, colour modifiers) are computed in the themes that
/// load them: a value that is the same everywhere is written in its set; one that differs by
/// theme is also written, per theme, in a `<group>-<theme>.computed.tokens.json` file that the
/// theme's context loads last.
extension TokenImport {
    package struct StudioTheme {
        package var name: String
        package var sets: [String]
    }

    package struct StudioGroup {
        package var name: String
        package var themes: [StudioTheme]
    }

    package static func importStudio(sets: [Value.Member], order: [String], themes: Value?, source: String, options: Options, into result: inout Result) {
        let names = sets.map(\.key)
        // A name in the order may be a folder of sets (`base` for base/palette, base/size…).
        let expandedOrder = order.flatMap { expandFolder($0, in: names) ?? [$0] }
        let ordered = expandedOrder.filter { names.contains($0) } + names.filter { !expandedOrder.contains($0) }
        let written: [(name: String, members: [Value.Member])] = ordered.compactMap { name in
            guard let members = sets.first(where: { $0.key == name })?.value.members else { return nil }
            return (name, members)
        }
        let (setMembers, legacy) = readingLegacyReferences(written)
        if legacy > 0 {
            result.notes.append("\(source): \(legacy) reference\(legacy == 1 ? "" : "s") in Tokens Studio's older form ($colors.gray.11) read as {colors.gray.11}")
        }
        let groups = studioGroups(themes, known: setMembers.map(\.name), source: source, result: &result)
        let evaluation = StudioEvaluation(sets: setMembers)
        let computed = computeValues(evaluation, groups: groups, allSets: setMembers.map(\.name), source: source, result: &result)

        var fileOfSet: [String: String] = [:]
        for set in setMembers {
            let format = sourceFormat(.object(set.members))
            var context = FileContext(unitless: options.unitless ?? "px", convention: options.unitless == nil ? (format.name == "dtcg" ? format.convention : "Tokens Studio's convention: a bare number is pixels") : "--unitless \(options.unitless!)")
            context.computed = computed.values[set.name] ?? [:]
            context.failed = computed.failed[set.name] ?? [:]
            let file = "\(fileSafe(set.name)).tokens.json"
            let before = result.files.count
            writeFile(set.members, name: file, source: "\(source) (set \(set.name))", context: &context, into: &result)
            if result.files.count > before { fileOfSet[set.name] = file }
        }
        guard !groups.isEmpty else { return }

        // Override files: a computed value that differs in a theme.
        var overrideFile: [String: String] = [:]
        for group in groups {
            for theme in group.themes {
                let key = "\(group.name)\u{0}\(theme.name)"
                guard let overrides = computed.overrides[key], !overrides.isEmpty else { continue }
                var tree: [Value.Member] = []
                for (path, entry) in overrides.sorted(by: { $0.key < $1.key }) {
                    insert(entry, at: path.split(separator: ".").map(String.init), into: &tree)
                }
                var context = FileContext(unitless: options.unitless ?? "px", convention: "Tokens Studio's convention: a bare number is pixels")
                let file = "\(fileSafe("\(group.name)-\(theme.name)-computed")).tokens.json"
                let before = result.files.count
                writeFile(tree, name: file, source: "\(source) (values computed in theme \(theme.name))", context: &context, into: &result)
                if result.files.count > before { overrideFile[key] = file }
            }
        }

        // Sets every theme loads first, in the same order, are the resolver's base sets.
        let lists = groups.flatMap(\.themes).map(\.sets)
        var base: [String] = []
        if let first = lists.first {
            for (index, set) in first.enumerated() where lists.allSatisfy({ $0.count > index && $0[index] == set }) && base.count == index {
                base.append(set)
            }
        }
        func reference(_ file: String) -> JSONText.Value { .members([JSONText.Member("$ref", .string(file))]) }
        func files(of group: StudioGroup, _ theme: StudioTheme) -> [String] {
            theme.sets.dropFirst(base.count).compactMap { fileOfSet[$0] } + [overrideFile["\(group.name)\u{0}\(theme.name)"]].compactMap { $0 }
        }
        // A group of one theme is no choice: its sets are a set of the resolver (a modifier of one
        // context is refused by `check`).
        let single = groups.filter { $0.themes.count == 1 }
        let modifiers = groups.filter { $0.themes.count > 1 }.map { group in
            JSONText.Member(group.name, .members([
                JSONText.Member("contexts", .members(group.themes.map { theme in
                    JSONText.Member(theme.name, .array(files(of: group, theme).map(reference)))
                })),
                JSONText.Member("default", .string(group.themes[0].name)),
            ]))
        }
        let baseFiles = base.compactMap { fileOfSet[$0] }
        func pointer(_ name: String) -> String { name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
        var resolutionOrder: [JSONText.Value] = []
        var document = [JSONText.Member("version", .string("2025.10"))]
        var resolverSets: [JSONText.Member] = []
        if !baseFiles.isEmpty {
            resolverSets.append(JSONText.Member("base", .members([JSONText.Member("sources", .array(baseFiles.map(reference)))])))
        }
        var setName: [String: String] = [:]
        for group in single {
            var name = group.name
            while name == "base" || resolverSets.contains(where: { $0.key == name }) { name += "-set" }
            setName[group.name] = name
            resolverSets.append(JSONText.Member(name, .members([JSONText.Member("sources", .array(files(of: group, group.themes[0]).map(reference)))])))
        }
        if !resolverSets.isEmpty { document.append(JSONText.Member("sets", .members(resolverSets))) }
        if !baseFiles.isEmpty { resolutionOrder.append(reference("#/sets/base")) }
        if !modifiers.isEmpty { document.append(JSONText.Member("modifiers", .members(modifiers))) }
        resolutionOrder += groups.map { group in
            setName[group.name].map { reference("#/sets/\(pointer($0))") } ?? reference("#/modifiers/\(pointer(group.name))")
        }
        document.append(JSONText.Member("resolutionOrder", .array(resolutionOrder)))
        result.add(name: "tokens.resolver.json", text: serialize(.members(document)), source: nil)
        func described(_ list: [StudioGroup]) -> String {
            list.map { "\($0.name): \($0.themes.map { "\($0.name) [\($0.sets.joined(separator: ", "))]" }.joined(separator: ", "))" }.joined(separator: "; ")
        }
        let multiple = groups.filter { $0.themes.count > 1 }
        var parts: [String] = []
        if !multiple.isEmpty { parts.append("\(multiple.count) modifier\(multiple.count == 1 ? "" : "s") (\(described(multiple)))") }
        if !single.isEmpty { parts.append("\(single.count) set\(single.count == 1 ? "" : "s") for the theme group\(single.count == 1 ? "" : "s") of one theme, which choose nothing (\(described(single)))") }
        result.notes.append("\(source): $themes.json became tokens.resolver.json with \(parts.joined(separator: " and "))")
    }

    /// The theme groups of `$themes.json`, in its order; each theme's sets are its source sets
    /// then its enabled sets, in the order it lists them.
    /// The sets inside a folder of sets, in order, when `name` is a folder and not a set: Tokens
    /// Studio lets a theme and the set order name a folder (`base`) for every set in it
    /// (`base/palette`, `base/size`). Nil for a set, or a name that is neither.
    package static func expandFolder(_ name: String, in known: [String]) -> [String]? {
        guard !known.contains(name) else { return nil }
        let inside = known.filter { $0.hasPrefix(name + "/") }
        return inside.isEmpty ? nil : inside
    }

    package static func studioGroups(_ themes: Value?, known ordered: [String], source: String, result: inout Result) -> [StudioGroup] {
        let known = Set(ordered)
        guard case .array(let list)? = themes else { return [] }
        var groups: [StudioGroup] = []
        for theme in list {
            guard let name = theme["name"]?.string else {
                result.notes.append("\(source): a theme without a name in $themes.json; skipped")
                continue
            }
            let selected = theme["selectedTokenSets"]?.members ?? []
            let folders = selected.filter { expandFolder($0.key, in: ordered) != nil }.map(\.key)
            if !folders.isEmpty { result.notes.append("\(source): theme \(name) names the folder\(folders.count == 1 ? "" : "s") \(folders.map { "'\($0)'" }.joined(separator: ", ")): every set in \(folders.count == 1 ? "it" : "them") is loaded") }
            let sources = selected.filter { $0.value.string == "source" }.flatMap { expandFolder($0.key, in: ordered) ?? [$0.key] }
            let enabled = selected.filter { $0.value.string == "enabled" }.flatMap { expandFolder($0.key, in: ordered) ?? [$0.key] }
            let missing = (sources + enabled).filter { !known.contains($0) }
            if !missing.isEmpty { result.notes.append("\(source): theme \(name) names \(missing.map { "'\($0)'" }.joined(separator: ", ")), which \(missing.count == 1 ? "is not a token set" : "are not token sets") here; left out") }
            let sets = (sources + enabled).filter { known.contains($0) }
            let groupName = theme["group"]?.string ?? "theme"
            if let index = groups.firstIndex(where: { $0.name == groupName }) {
                // Two themes of a group whose names differ only in case or punctuation (Supabase's
                // `dark` and `Dark`) would be one file, attribute and Swift case: the later is renamed.
                var unique = name
                var number = 2
                while ModeNames.clash(of: unique, among: groups[index].themes.map(\.name)) != nil { unique = "\(name) \(number)"; number += 1 }
                if unique != name { result.notes.append("\(source): the themes '\(ModeNames.clash(of: name, among: groups[index].themes.map(\.name)) ?? name)' and '\(name)' of \(groupName) differ only in case or punctuation, which exports cannot tell apart; the second is the context '\(unique)'") }
                groups[index].themes.append(StudioTheme(name: unique, sets: sets))
            } else {
                groups.append(StudioGroup(name: groupName, themes: [StudioTheme(name: name, sets: sets)]))
            }
        }
        return groups
    }

    package struct ComputedValues {
        /// set → path → the value written in the set's file.
        package var values: [String: [String: Value]] = [:]
        /// set → path → why it could not be computed where the set is loaded.
        package var failed: [String: [String: String]] = [:]
        /// "group\0theme" → path → the token, with the value that theme computes.
        package var overrides: [String: [String: Value]] = [:]
    }

    /// Each value to compute, in the themes that load its set and take its definition: the
    /// default combination (each group's first theme) and each theme of each group with the
    /// other groups at their default. Without themes, all sets together.
    package static func computeValues(_ evaluation: StudioEvaluation, groups: [StudioGroup], allSets: [String], source: String, result: inout Result) -> ComputedValues {
        var output = ComputedValues()
        guard !evaluation.computed.isEmpty else { return output }
        struct Variation {
            var group: Int?
            var theme: Int
            var sets: [String]
        }
        func union(_ choice: [Int]) -> [String] {
            var seen = Set<String>()
            return groups.indices.flatMap { groups[$0].themes[choice[$0]].sets }.filter { seen.insert($0).inserted }
        }
        let defaultChoice = groups.map { _ in 0 }
        var variations = [Variation(group: nil, theme: 0, sets: groups.isEmpty ? allSets : union(defaultChoice))]
        for (g, group) in groups.enumerated() {
            for t in group.themes.indices.dropFirst() {
                var choice = defaultChoice
                choice[g] = t
                variations.append(Variation(group: g, theme: t, sets: union(choice)))
            }
        }
        var themes = variations.map { StudioEvaluation.Theme(tokens: evaluation.merged($0.sets)) }
        var allTheme: StudioEvaluation.Theme?
        for (set, path) in evaluation.computed {
            guard let definition = evaluation.definitions[set]?[path] else { continue }
            var base: Value?
            var baseFailure: String?
            var perTheme: [(Int, Swift.Result<Value, StudioEvaluation.Failure>)] = []
            for index in variations.indices where themes[index].tokens[path]?.set == set {
                let value: Swift.Result<Value, StudioEvaluation.Failure>
                do throws(StudioEvaluation.Failure) { value = .success(try themes[index].compute(definition)) } catch { value = .failure(error) }
                perTheme.append((index, value))
            }
            if perTheme.isEmpty {
                // A set no theme loads: computed with every set, in order.
                if allTheme == nil { allTheme = StudioEvaluation.Theme(tokens: evaluation.merged(allSets)) }
                do throws(StudioEvaluation.Failure) { base = try allTheme!.compute(definition) } catch { baseFailure = error.reason }
            } else {
                switch perTheme[0].1 {
                case .success(let value): base = value
                case .failure(let failure): baseFailure = failure.reason
                }
            }
            guard let base else {
                output.failed[set, default: [:]][path] = baseFailure ?? "it cannot be computed"
                continue
            }
            output.values[set, default: [:]][path] = base
            for (index, value) in perTheme.dropFirst() {
                let variation = variations[index]
                guard let g = variation.group else { continue }
                let theme = groups[g].themes[variation.theme].name
                switch value {
                case .success(let computed):
                    guard computed.json != base.json else { continue }
                    var token = definition.token
                    if case .object(var members) = token {
                        members.removeAll { $0.key == "alpha" || $0.key == "value" || $0.key == "$value" }
                        members.insert(Value.Member(key: definition.token["$value"] != nil ? "$value" : "value", value: computed), at: 0)
                        if members.first(where: { $0.key == "type" || $0.key == "$type" }) == nil, let type = definition.type {
                            members.append(Value.Member(key: definition.token["$value"] != nil ? "$type" : "type", value: .string(type)))
                        }
                        members = members.map { member in
                            guard member.key == "$extensions", case .object(let extensions) = member.value else { return member }
                            return Value.Member(key: member.key, value: .object(extensions.filter { $0.key != "studio.tokens" }))
                        }
                        token = .object(members)
                    }
                    output.overrides["\(groups[g].name)\u{0}\(theme)", default: [:]][path] = token
                case .failure(let failure):
                    result.notes.append("\(source): '\(path)' cannot be computed in theme \(theme): \(failure.reason); that theme keeps the value computed for \(groups[g].themes[0].name)")
                }
            }
        }
        return output
    }

    /// Puts `token` at `path` in a tree of groups.
    package static func insert(_ token: Value, at path: [String], into members: inout [Value.Member]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            members.append(Value.Member(key: first, value: token))
            return
        }
        if let index = members.firstIndex(where: { $0.key == first }), case .object(var children) = members[index].value {
            insert(token, at: Array(path.dropFirst()), into: &children)
            members[index].value = .object(children)
        } else {
            var children: [Value.Member] = []
            insert(token, at: Array(path.dropFirst()), into: &children)
            members.append(Value.Member(key: first, value: .object(children)))
        }
    }
}
