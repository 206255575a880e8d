import CatalogCore
import CatalogSyntax
import CatalogModel

/// Reads what a team saved from Figma (`figma:`) into `FigmaDesign`: the component sets of the
/// REST file responses (`GET /v1/files/:key`, `/nodes`, or one node cut from them), and the
/// variables of a REST variables response (`GET /v1/files/:key/variables/local`), of Figma's own
/// per-mode Variables export, or of the Simple Design System's plugin export. A file is parsed
/// once, keeping only the members read here, so a design file of tens of megabytes takes the
/// memory of its bytes and its components, not of its whole tree.
package enum FigmaLoader {
    package static func load(_ files: FigmaFiles) -> FigmaDesign {
        var design = FigmaDesign()
        design.contentKey = files.contentKey
        for (path, bytes) in (files.files[.files] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let display = files.display(.files, path)
            guard let root = parse(bytes, display: display, prune: fileKeep, into: &design) else { continue }
            let before = design.sets.count
            readFile(root, display: display, into: &design)
            if design.sets.count == before {
                design.problems.append(.warning(.figmaFile, "\(display) holds no component set or component; save a GET /v1/files/:key (or /nodes) response of the file that has them", at: SourceLocation(file: display)))
            }
            design.filesRead.append((display, design.sets.count - before, 0))
        }
        var perMode: [(display: String, mode: String, root: JSONNode)] = []
        for (path, bytes) in (files.files[.variables] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let display = files.display(.variables, path)
            guard let root = parse(bytes, display: display, prune: nil, into: &design) else { continue }
            let before = design.variables.count
            if let meta = root["meta"], meta["variables"] != nil {
                readREST(meta, display: display, into: &design)
            } else if let mode = root["$extensions"]?["com.figma.modeName"]?.string {
                perMode.append((display, mode, root))
                continue
            } else if root.members?.contains(where: { $0.key.hasPrefix("@") && $0.value["$extensions"]?["com.figma.sds"] != nil }) == true {
                readPlugin(root, display: display, into: &design)
            } else {
                design.problems.append(.error(.figmaFile, "\(display) is not saved Figma variables: expected a GET /v1/files/:key/variables/local response (`meta.variables`), Figma's per-mode Variables export (`$extensions.com.figma.modeName`) or a plugin export with `com.figma.sds` collections", at: SourceLocation(file: display, line: root.line, column: root.column)))
                continue
            }
            design.filesRead.append((display, 0, design.variables.count - before))
        }
        readPerMode(perMode, into: &design)
        resolveAliases(&design)
        design.indexVariables()
        design.renders = files.files[.renders] ?? [:]
        return design
    }

    /// What is kept of a file response: the node tree's ids, names, types and children, the
    /// component property definitions, variant names and bound variables.
    package static let fileKeep = JSONPrune(
        keys: ["document", "children", "id", "name", "type", "fills", "strokes", "effects", "background"],
        whole: ["componentPropertyDefinitions", "boundVariables"],
        maps: ["nodes"])

    private static func parse(_ bytes: [UInt8], display: String, prune: JSONPrune?, into design: inout FigmaDesign) -> JSONNode? {
        do {
            let root = try JSONParser.parse(bytes, keeping: prune)
            guard root.members != nil else {
                design.problems.append(.error(.figmaFile, "\(display) is \(root.kindName), not a saved Figma response (a JSON object)", at: SourceLocation(file: display)))
                return nil
            }
            return root
        } catch {
            let truncated = error.message.hasPrefix("unexpected end of file") ? " (the file ends early: it was cut off while saving; save it again)" : ""
            design.problems.append(.error(.figmaFile, "\(display) is not valid JSON: \(error.message)\(truncated)", at: SourceLocation(file: display, line: error.line, column: error.column)))
            return nil
        }
    }

    // MARK: Files

    private static func readFile(_ root: JSONNode, display: String, into design: inout FigmaDesign) {
        let fileName = root["name"]?.string
        if let document = root["document"] {
            walk(document, display: display, fileName: fileName, inSet: false, into: &design)
        } else if let nodes = root["nodes"]?.members {
            for member in nodes {
                if let document = member.value["document"] { walk(document, display: display, fileName: fileName, inSet: false, into: &design) }
            }
        } else if root["type"] != nil {
            walk(root, display: display, fileName: nil, inSet: false, into: &design)
        }
    }

    private static func walk(_ node: JSONNode, display: String, fileName: String?, inSet: Bool, into design: inout FigmaDesign) {
        let type = node["type"]?.string
        if type == "COMPONENT_SET" || (type == "COMPONENT" && !inSet) {
            design.sets.append(componentSet(node, display: display, fileName: fileName))
        }
        guard case .array(let children)? = node["children"]?.value else { return }
        for child in children {
            walk(child, display: display, fileName: fileName, inSet: inSet || type == "COMPONENT_SET", into: &design)
        }
    }

    private static func componentSet(_ node: JSONNode, display: String, fileName: String?) -> FigmaDesign.ComponentSet {
        var set = FigmaDesign.ComponentSet(name: node["name"]?.string ?? "", id: node["id"]?.string ?? "",
                                           location: SourceLocation(file: display, line: node.line, column: node.column), fileName: fileName)
        for member in node["componentPropertyDefinitions"]?.members ?? [] {
            let definition = member.value
            let name = propertyName(member.key)
            let defaultValue = text(definition["defaultValue"])
            switch definition["type"]?.string {
            case "VARIANT":
                let options: [String]
                if case .array(let items)? = definition["variantOptions"]?.value { options = items.compactMap(\.string) } else { options = [] }
                set.axes.append(FigmaDesign.Axis(name: name, values: options, defaultValue: defaultValue))
            case "BOOLEAN": set.properties.append(FigmaDesign.Property(name: name, kind: .boolean, defaultValue: defaultValue))
            case "TEXT": set.properties.append(FigmaDesign.Property(name: name, kind: .text, defaultValue: defaultValue))
            case "INSTANCE_SWAP": set.properties.append(FigmaDesign.Property(name: name, kind: .instanceSwap, defaultValue: defaultValue))
            default: break
            }
        }
        var variants: [String] = []
        if node["type"]?.string == "COMPONENT_SET", case .array(let children)? = node["children"]?.value {
            variants = children.filter { $0["type"]?.string == "COMPONENT" }.compactMap { $0["name"]?.string }
        }
        set.variantCount = variants.count
        // Before 2023 the API listed no VARIANT definitions: the variants' names say the axes.
        if set.axes.isEmpty && !variants.isEmpty {
            var axes: [FigmaDesign.Axis] = []
            for variant in variants {
                for (axis, value) in FigmaDesign.variantValues(variant) where !axis.isEmpty {
                    if let index = axes.firstIndex(where: { $0.name == axis }) {
                        if !axes[index].values.contains(value) { axes[index].values.append(value) }
                    } else {
                        axes.append(FigmaDesign.Axis(name: axis, values: [value]))
                    }
                }
            }
            set.axes = axes
            set.axesFromNames = !axes.isEmpty
        }
        var bound: [String] = []
        var seen = Set<String>()
        collectBound(node, into: &bound, seen: &seen)
        set.boundVariables = bound
        return set
    }

    /// A property's name without the `#12:34` Figma appends to a non-variant property's key.
    package static func propertyName(_ key: String) -> String {
        guard let hash = key.lastIndex(of: "#") else { return key }
        let suffix = key[key.index(after: hash)...]
        return !suffix.isEmpty && suffix.allSatisfy({ $0.isNumber || $0 == ":" }) ? String(key[..<hash]) : key
    }

    private static func text(_ node: JSONNode?) -> String? {
        switch node?.value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(_, let literal): literal
        default: nil
        }
    }

    /// Every variable id in the node's and its descendants' `boundVariables` (a fill's, a
    /// stroke's, a corner radius's, a text's) and in their paints' and effects' own, in the order met.
    private static func collectBound(_ node: JSONNode, into bound: inout [String], seen: inout Set<String>) {
        if let variables = node["boundVariables"] { aliases(variables, into: &bound, seen: &seen) }
        for key in ["fills", "strokes", "effects", "background"] {
            guard case .array(let paints)? = node[key]?.value else { continue }
            for paint in paints { if let variables = paint["boundVariables"] { aliases(variables, into: &bound, seen: &seen) } }
        }
        guard case .array(let children)? = node["children"]?.value else { return }
        for child in children { collectBound(child, into: &bound, seen: &seen) }
    }

    private static func aliases(_ value: JSONNode, into bound: inout [String], seen: inout Set<String>) {
        switch value.value {
        case .object(let members):
            if value["type"]?.string == "VARIABLE_ALIAS", let id = value["id"]?.string {
                if seen.insert(id).inserted { bound.append(id) }
                return
            }
            for member in members { aliases(member.value, into: &bound, seen: &seen) }
        case .array(let items):
            for item in items { aliases(item, into: &bound, seen: &seen) }
        default: break
        }
    }

    // MARK: Variables

    /// `GET /v1/files/:key/variables/local`: `meta.variableCollections` and `meta.variables`,
    /// each keyed by id, values keyed by mode id.
    private static func readREST(_ meta: JSONNode, display: String, into design: inout FigmaDesign) {
        var modeNames: [String: String] = [:]
        for member in meta["variableCollections"]?.members ?? [] {
            let collection = member.value
            var modes: [String] = []
            if case .array(let items)? = collection["modes"]?.value {
                for mode in items {
                    guard let id = mode["modeId"]?.string, let name = mode["name"]?.string else { continue }
                    modeNames[id] = name
                    modes.append(name)
                }
            }
            let defaultMode = collection["defaultModeId"]?.string.flatMap { modeNames[$0] } ?? modes.first ?? ""
            modes = [defaultMode] + modes.filter { $0 != defaultMode }
            design.collections.append(FigmaDesign.Collection(id: collection["id"]?.string ?? member.key, name: collection["name"]?.string ?? member.key,
                                                             modes: modes, defaultMode: defaultMode,
                                                             location: SourceLocation(file: display, line: member.keyLine, column: member.keyColumn)))
        }
        for member in meta["variables"]?.members ?? [] {
            let variable = member.value
            var values: [String: FigmaDesign.Value] = [:]
            for value in variable["valuesByMode"]?.members ?? [] {
                guard let mode = modeNames[value.key], let read = restValue(value.value) else { continue }
                values[mode] = read
            }
            design.variables.append(FigmaDesign.Variable(
                id: variable["id"]?.string ?? member.key, name: variable["name"]?.string ?? member.key,
                collection: variable["variableCollectionId"]?.string ?? "", type: variable["resolvedType"]?.string ?? "",
                values: values, location: SourceLocation(file: display, line: member.keyLine, column: member.keyColumn)))
        }
    }

    private static func restValue(_ node: JSONNode) -> FigmaDesign.Value? {
        switch node.value {
        case .number(let number, _): return .number(number)
        case .string(let text): return .text(text)
        case .bool(let flag): return .flag(flag)
        case .object:
            if node["type"]?.string == "VARIABLE_ALIAS", let id = node["id"]?.string { return .alias(id) }
            guard let r = node["r"]?.number, let g = node["g"]?.number, let b = node["b"]?.number else { return nil }
            return .color(RGBA(red: r, green: g, blue: b, alpha: node["a"]?.number ?? 1))
        default: return nil
        }
    }

    /// Figma's own Variables export: one DTCG file per mode (`com.figma.modeName`), each token
    /// with its `com.figma.variableId`. Files that define the same variables are one collection's modes.
    private static func readPerMode(_ files: [(display: String, mode: String, root: JSONNode)], into design: inout FigmaDesign) {
        struct Read { var display: String; var mode: String; var tokens: [(path: [String], node: JSONNode)] }
        var groups: [[Read]] = []
        for file in files {
            var tokens: [(path: [String], node: JSONNode)] = []
            dtcgTokens(file.root, [], into: &tokens)
            let read = Read(display: file.display, mode: file.mode, tokens: tokens)
            let paths = Set(tokens.map { $0.path.joined(separator: "/") })
            if let index = groups.firstIndex(where: { Set($0[0].tokens.map { $0.path.joined(separator: "/") }) == paths && !$0.contains { $0.mode == file.mode } }) {
                groups[index].append(read)
            } else {
                groups.append([read])
            }
        }
        for group in groups {
            let modes = group.map(\.mode)
            let id = "Collection:" + group.map(\.display).joined(separator: "+")
            let stem = group.count == 1 ? fileStem(group[0].display) : modes.joined(separator: " / ")
            design.collections.append(FigmaDesign.Collection(id: id, name: stem, modes: modes, defaultMode: modes[0], location: SourceLocation(file: group[0].display)))
            var indexByPath: [String: Int] = [:]
            for file in group {
                for (path, node) in file.tokens {
                    let name = path.joined(separator: "/")
                    let value: FigmaDesign.Value?
                    if let target = node["$extensions"]?["com.figma.aliasData"]?["targetVariableName"]?.string {
                        value = .alias("name:" + target)
                    } else {
                        value = dtcgValue(node)
                    }
                    if let index = indexByPath[name] {
                        if let value { design.variables[index].values[file.mode] = value }
                        continue
                    }
                    indexByPath[name] = design.variables.count
                    design.variables.append(FigmaDesign.Variable(
                        id: node["$extensions"]?["com.figma.variableId"]?.string ?? "name:" + name, name: name, collection: id,
                        type: figmaType(node["$type"]?.string), values: value.map { [file.mode: $0] } ?? [:],
                        location: SourceLocation(file: file.display, line: node.line, column: node.column)))
                }
            }
            design.filesRead += group.map { ($0.display, 0, $0.tokens.count) }
        }
    }

    /// The Simple Design System's plugin export: each `@collection` group lists its modes, each
    /// token its value per mode (`com.figma.sds.modes`), aliases as `{@collection.Name}`.
    private static func readPlugin(_ root: JSONNode, display: String, into design: inout FigmaDesign) {
        for member in root.members ?? [] where member.key.hasPrefix("@") {
            let extensions = member.value["$extensions"]?["com.figma.sds"]
            var modes: [String] = []
            if case .array(let items)? = extensions?["modes"]?.value { modes = items.compactMap(\.string) }
            let name = String(member.key.dropFirst())
            let id = extensions?["figmaId"]?.string ?? "Collection:" + name
            design.collections.append(FigmaDesign.Collection(id: id, name: name, modes: modes, defaultMode: modes.first ?? "",
                                                             location: SourceLocation(file: display, line: member.keyLine, column: member.keyColumn)))
            var tokens: [(path: [String], node: JSONNode)] = []
            dtcgTokens(member.value, [], into: &tokens)
            for (path, node) in tokens {
                let byMode = node["$extensions"]?["com.figma.sds"]?["modes"]?.members ?? []
                var values: [String: FigmaDesign.Value] = [:]
                for mode in byMode {
                    if let target = mode.value.string, target.hasPrefix("{@"), target.hasSuffix("}") {
                        let reference = target.dropFirst(2).dropLast()
                        let parts = reference.split(separator: ".", maxSplits: 1)
                        values[mode.key] = .alias("name:" + (parts.count == 2 ? "@\(parts[0])/" + parts[1].replacingOccurrences(of: ".", with: "/") : String(reference)))
                    } else if let value = dtcgValue(mode.value, type: node["$type"]?.string) {
                        values[mode.key] = value
                    }
                }
                design.variables.append(FigmaDesign.Variable(
                    id: node["$extensions"]?["com.figma.sds"]?["figmaId"]?.string ?? "name:@\(name)/" + path.joined(separator: "/"),
                    name: path.joined(separator: "/"), collection: id, type: figmaType(node["$type"]?.string), values: values,
                    location: SourceLocation(file: display, line: node.line, column: node.column)))
            }
        }
    }

    private static func dtcgTokens(_ node: JSONNode, _ path: [String], into tokens: inout [(path: [String], node: JSONNode)]) {
        guard let members = node.members else { return }
        if node["$value"] != nil {
            tokens.append((path, node))
            return
        }
        for member in members where !member.key.hasPrefix("$") { dtcgTokens(member.value, path + [member.key], into: &tokens) }
    }

    private static func dtcgValue(_ node: JSONNode) -> FigmaDesign.Value? {
        guard let value = node["$value"] else { return nil }
        return dtcgValue(value, type: node["$type"]?.string)
    }

    private static func dtcgValue(_ value: JSONNode, type: String?) -> FigmaDesign.Value? {
        if type == "color", let color = TokenValues.read(value, type: .color).color { return .color(color) }
        switch value.value {
        case .number(let number, _): return .number(number)
        case .bool(let flag): return .flag(flag)
        case .string(let text): return .text(text)
        case .object:
            if let number = value["value"]?.number { return .number(number) }
            return nil
        default: return nil
        }
    }

    private static func figmaType(_ dtcg: String?) -> String {
        switch dtcg {
        case "color": "COLOR"
        case "number", "dimension": "FLOAT"
        case "boolean": "BOOLEAN"
        default: "STRING"
        }
    }

    private static func fileStem(_ display: String) -> String {
        let name = display.split(separator: "/").last.map(String.init) ?? display
        return String(name.prefix { $0 != "." })
    }

    /// An alias saved by name (`name:Neutral/Dark`, `name:@color_primitives/Gray/900`) becomes the
    /// id of the variable of that name (compared as `ModeNames` folds names), when one was read.
    private static func resolveAliases(_ design: inout FigmaDesign) {
        var byName: [String: String] = [:]
        for variable in design.variables {
            let collection = design.collection(variable.collection)?.name ?? ""
            for key in [variable.name, "@\(collection)/\(variable.name)"] {
                byName[key] = byName[key] ?? variable.id
                byName[fold(key)] = byName[fold(key)] ?? variable.id
            }
        }
        for index in design.variables.indices {
            for (mode, value) in design.variables[index].values {
                guard case .alias(let target) = value, target.hasPrefix("name:") else { continue }
                let name = String(target.dropFirst(5))
                if let id = byName[name] ?? byName[fold(name)] { design.variables[index].values[mode] = .alias(id) }
            }
        }
    }

    /// A name as compared when the exact one is not found: its groups folded like mode names.
    package static func fold(_ name: String) -> String {
        name.split(separator: "/").map { ModeNames.fileName(String($0)) }.joined(separator: "/")
    }
}
