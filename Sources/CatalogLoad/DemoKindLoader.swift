import Foundation
import Yams
import CatalogCore
import CatalogSyntax
import CatalogModel

/// Reads a theme's `demos/<kind>.yaml` contract. Every mistake in it is an error at its line in
/// the theme file (rules `schema.*` for the shape, `kind.contract` for what does not add up).
package struct DemoKindLoader {
    package static let fieldKeys = ["type", "required", "default", "values", "of", "from", "min", "max", "description"]
    package static let roleKeys = ["property", "aliases", "text", "readable", "type"]
    package static let typeNames = ["text", "number", "bool", "enum", "list", "symbol", "item"]
    /// Keys every example may write, and keys the template is given, which no field may take.
    package static let reservedFields = ["title", "id", "example_id", "appearance", "kind", "static", "live", "state_class", "state_label", "symbols"]

    package var reader: SchemaReader

    package init(file: String) {
        reader = SchemaReader(file: file)
    }

    /// Parses the contract of kind `id` from `text`; nil when it cannot be used.
    package static func load(id: String, text: String, file: String) -> (DemoKind?, [Diagnostic]) {
        switch YAMLDocument.parse(text, file: file) {
        case .failure(let problem):
            return (nil, [problem])
        case .success(let root):
            var loader = DemoKindLoader(file: file)
            let kind = loader.kind(id: id, root)
            return (loader.reader.diagnostics.hasErrors ? nil : kind, loader.reader.diagnostics)
        }
    }

    private mutating func kind(id: String, _ root: Node?) -> DemoKind? {
        let start = SourceLocation(file: reader.file)
        guard let root else {
            reader.error(.schemaMissingKey, "the contract of kind '\(id)' is empty; it needs at least `name:` and `fields:`", at: start)
            return nil
        }
        guard let top = reader.object(root, "the kind contract", fields: FileFormats.kind,
                                      missingHint: ["name": "add `name: <what the kind is called on a page>`"], at: start) else { return nil }
        let name = reader.string(top["name"], "name")?.value ?? id
        let description = reader.string(top["description"], "description")?.value ?? ""
        let fields = self.fields(top["fields"], "fields")
        let roles = self.roles(top["roles"])
        var kind = DemoKind(id: id, name: name, description: description, fields: fields, roles: roles, contrast: [], on: nil, states: [], location: start)
        kind.contrast = ContrastSpecReader.read(top["contrast"], "contrast", reader: &reader, roles: roles.map(\.name), roleKnown: { kind.role($0) != nil })
        if let on = reader.string(top["on"], "on") {
            if let field = kind.field(on.value) {
                if case .list = field.type {
                    reader.error(.kindContract, "`on: \(on.value)` names a list; name the field that says whether an example is on (a bool, an enum or an item)", at: top["on"])
                } else {
                    kind.on = on.value
                }
            } else {
                reader.error(.kindContract, "`on: \(on.value)` names no field of this kind\(DidYouMean.hint(for: on.value, in: fields.map(\.name)))", at: top["on"])
            }
        }
        kind.states = states(top["states"], kind: kind)
        kind.keyboard = keyboard(top["keyboard"])
        reader.editorSchema(top[SchemaReader.editorSchemaKey])
        return kind
    }

    // MARK: Keyboard

    /// `keyboard: [{ key: Space, changes: checked }, { key: ArrowRight, changes: focus }]`.
    private mutating func keyboard(_ node: Node?) -> [DemoKind.KeyContract] {
        guard let items = reader.list(node, "keyboard") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "keyboard[\(index)]"
            guard let object = reader.object(item, path, fields: FileFormats.keyContract),
                  let key = reader.string(object["key"], "\(path).key"),
                  let changes = reader.string(object["changes"], "\(path).changes") else { return nil }
            guard let pressed = DemoKind.KeyContract.keys[key.value] else {
                reader.error(.kindContract, "\(path).key '\(TextSafety.escaped(key.value))' is not a key the audit can press\(DidYouMean.hint(for: key.value, in: DemoKind.KeyContract.keys.keys.sorted())); name one of \(DemoKind.KeyContract.keys.keys.sorted().joined(separator: ", "))", at: key.location)
                return nil
            }
            guard DemoKind.KeyContract.observable.contains(changes.value) else {
                reader.error(.kindContract, "\(path).changes '\(TextSafety.escaped(changes.value))' is not something the audit observes\(DidYouMean.hint(for: changes.value, in: DemoKind.KeyContract.observable)); name one of \(DemoKind.KeyContract.observable.joined(separator: ", "))", at: changes.location)
                return nil
            }
            return DemoKind.KeyContract(key: pressed, changes: changes.value, of: reader.string(object["of"], "\(path).of")?.value, location: key.location)
        }
    }

    // MARK: Fields

    private mutating func fields(_ node: Node?, _ path: String) -> [DemoKind.Field] {
        guard let entries = reader.entries(node, path) else { return [] }
        var fields: [DemoKind.Field] = []
        for entry in entries {
            let fieldPath = "\(path).\(entry.key.value)"
            let name = entry.key.value
            if Self.reservedFields.contains(name) || name.hasPrefix("has_") {
                reader.error(.kindContract, "the field name '\(name)' is reserved (the template is given \(Self.reservedFields.joined(separator: ", ")) and has_<field>); choose another name", at: entry.key.location)
                continue
            }
            if name.isEmpty || !name.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" || $0 == "_" }) {
                reader.error(.kindContract, "the field name '\(name)' must be lower-case letters, digits, '-' or '_'", at: entry.key.location)
                continue
            }
            if let field = self.field(name: name, entry.value, fieldPath, location: entry.key.location) { fields.append(field) }
        }
        // An item field names a list of this kind whose items have a label.
        for field in fields {
            guard case .item(let from) = field.type else { continue }
            let list = fields.first { $0.name == from }
            if case .list(let itemFields)? = list?.type {
                if !itemFields.contains(where: { $0.name == "label" }) {
                    reader.error(.kindContract, "\(path).\(field.name) picks an item of '\(from)' by its label, but the items of '\(from)' have no `label` field", at: field.location)
                }
            } else {
                reader.error(.kindContract, "\(path).\(field.name) has `from: \(from)`, which is not a list field of this kind\(DidYouMean.hint(for: from, in: fields.map(\.name)))", at: field.location)
            }
        }
        return fields
    }

    private mutating func field(name: String, _ node: Node, _ path: String, location: SourceLocation) -> DemoKind.Field? {
        guard let object = reader.object(node, path, keys: Self.fieldKeys, required: ["type"],
                                         missingHint: ["type": "one of \(Self.typeNames.joined(separator: ", "))"]) else { return nil }
        guard let typeName = reader.oneOf(object["type"], "\(path).type", Self.typeNames) else { return nil }
        let type: DemoKind.FieldType
        switch typeName.value {
        case "text": type = .text
        case "number": type = .number
        case "bool": type = .bool
        case "symbol": type = .symbol
        case "enum":
            guard let values = reader.stringList(object["values"], "\(path).values"), !values.isEmpty else {
                reader.error(.kindContract, "\(path) is an enum without `values: [...]`; list the values it may take", at: object["values"] ?? node)
                return nil
            }
            type = .choice(values.map(\.value))
        case "item":
            guard let from = reader.string(object["from"], "\(path).from") else {
                reader.error(.kindContract, "\(path) is an item without `from: <list field>`; name the list it picks from", at: node)
                return nil
            }
            type = .item(from: from.value)
        default:
            guard let of = object["of"] else {
                reader.error(.kindContract, "\(path) is a list without `of: { <field>: { type: … } }`; say what each item holds", at: node)
                return nil
            }
            let itemFields = fields(of, "\(path).of")
            if itemFields.contains(where: { if case .list = $0.type { return true }; return false }) {
                reader.error(.kindContract, "\(path) has a list inside a list item; one level of items is supported", at: of)
            }
            type = .list(itemFields)
        }
        for key in ["values", "from", "of"] where object[key] != nil {
            let owner = ["values": "enum", "from": "item", "of": "list"][key]!
            if typeName.value != owner { reader.error(.kindContract, "`\(key):` applies only to a field of type \(owner), not \(typeName.value)", at: object.keyNode(key)) }
        }
        var field = DemoKind.Field(
            name: name, type: type, required: reader.bool(object["required"], "\(path).required")?.value ?? false,
            defaultValue: nil, minimum: number(object["min"], "\(path).min"), maximum: number(object["max"], "\(path).max"),
            help: reader.string(object["description"], "\(path).description")?.value, location: location
        )
        if (field.minimum != nil || field.maximum != nil), typeName.value != "number" {
            reader.error(.kindContract, "`min:` and `max:` apply only to a number field", at: object["min"] ?? object["max"])
        }
        if let node = object["default"], !reader.isNull(node) {
            if case .scalar(let scalar) = node {
                // A default may be quoted: the contract says its type.
                if let problem = ExampleValidator.problem(with: .scalar(ExampleScalar(scalar.string, plain: true)), for: field, symbols: nil) {
                    reader.error(.kindContract, "\(path).default: \(problem)", at: node)
                } else {
                    field.defaultValue = scalar.string
                }
            } else {
                reader.error(.kindContract, "\(path).default must be a single value, not \(SchemaReader.kind(of: node))", at: node)
            }
        }
        return field
    }

    private mutating func number(_ node: Node?, _ path: String) -> Double? {
        guard let node, !reader.isNull(node) else { return nil }
        if case .scalar(let scalar) = node, let value = Double(scalar.string), value.isFinite { return value }
        reader.error(.schemaType, "\(path) must be a number, not \(SchemaReader.describe(node))", at: node)
        return nil
    }

    // MARK: Roles

    private mutating func roles(_ node: Node?) -> [DemoKind.Role] {
        guard let entries = reader.entries(node, "roles") else { return [] }
        var roles: [DemoKind.Role] = []
        /// Each name and alias of the roles so far (`DemoKind.roleKey`) → the first role's index.
        var taken: [String: Int] = [:]
        for entry in entries {
            let path = "roles.\(entry.key.value)"
            var role = DemoKind.Role(name: entry.key.value, property: "", aliases: [], text: false, readable: false, location: entry.key.location)
            var propertyNode: Node? = entry.value
            if case .mapping = entry.value {
                guard let object = reader.object(entry.value, path, keys: Self.roleKeys, required: ["property"],
                                                 missingHint: ["property": "the CSS custom property it paints, such as --demo-track"]) else { continue }
                propertyNode = object["property"]
                role.aliases = reader.stringList(object["aliases"], "\(path).aliases")?.map(\.value) ?? []
                role.text = reader.bool(object["text"], "\(path).text")?.value ?? false
                role.readable = reader.bool(object["readable"], "\(path).readable")?.value ?? false
                if let written = reader.oneOf(object["type"], "\(path).type", TokenType.allCases.map(\.rawValue)), let type = TokenType(rawValue: written.value) {
                    role.type = type
                }
                if role.type != .color, role.text || role.readable {
                    reader.error(.kindContract, "the role '\(role.name)' paints with \(role.type.rawValue) tokens, so it cannot be `text:` or `readable:` (those are for colours); remove them or make it a colour role", at: object["type"])
                }
            }
            guard let property = reader.string(propertyNode, path) else {
                reader.error(.kindContract, "the role '\(role.name)' has no CSS custom property; write `\(role.name): --demo-\(DemoKind.roleKey(role.name))`", at: entry.value)
                continue
            }
            let name = property.value.dropFirst(2)
            guard property.value.hasPrefix("--"), !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                reader.error(.kindContract, "the role '\(role.name)' must name a CSS custom property such as --demo-\(DemoKind.roleKey(role.name)), not '\(property.value)'", at: property.location)
                continue
            }
            role.property = property.value
            let keys = ([role.name] + role.aliases).map(DemoKind.roleKey)
            if let clash = keys.compactMap({ taken[$0] }).min() {
                reader.error(.kindContract, "the role '\(role.name)' (or one of its aliases) is already the role '\(roles[clash].name)'", at: entry.key.location)
                continue
            }
            for key in keys where taken[key] == nil { taken[key] = roles.count }
            roles.append(role)
        }
        return roles
    }

    // MARK: States

    private mutating func states(_ node: Node?, kind: DemoKind) -> [DemoKind.StateRule] {
        guard let items = reader.list(node, "states") else { return [] }
        var rules: [DemoKind.StateRule] = []
        for (index, item) in items.enumerated() {
            let path = "states[\(index)]"
            guard let object = reader.object(item, path, keys: ["words", "set"], required: ["words", "set"]),
                  let words = reader.stringList(object["words"], "\(path).words"),
                  let entries = reader.entries(object["set"], "\(path).set") else { continue }
            var settings: [(field: String, value: String)] = []
            for entry in entries {
                guard let field = kind.field(entry.key.value) else {
                    reader.error(.kindContract, "\(path).set names '\(entry.key.value)', which is not a field of this kind\(DidYouMean.hint(for: entry.key.value, in: kind.fields.map(\.name)))", at: entry.key.location)
                    continue
                }
                guard case .scalar(let scalar) = entry.value else {
                    reader.error(.kindContract, "\(path).set.\(field.name) must be a single value", at: entry.value)
                    continue
                }
                if case .item = field.type {} else if let problem = ExampleValidator.problem(with: .scalar(ExampleScalar(scalar.string, plain: scalar.style == .plain)), for: field, symbols: nil) {
                    reader.error(.kindContract, "\(path).set.\(field.name): \(problem)", at: entry.value)
                    continue
                }
                settings.append((field.name, scalar.string))
            }
            rules.append(DemoKind.StateRule(words: words.map { $0.value.lowercased() }, set: settings, location: reader.location(of: item)))
        }
        return rules
    }
}

/// Reads a list of contrast pairs, `[{ fg: Thumb, bg: Track, min: 3 }]`: a kind's, or an
/// appearance's own.
package enum ContrastSpecReader {
    package static func read(_ node: Node?, _ path: String, reader: inout SchemaReader, roles: [String], roleKnown: (String) -> Bool) -> [DemoKind.ContrastSpec] {
        guard let items = reader.list(node, path) else { return [] }
        var specs: [DemoKind.ContrastSpec] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let object = reader.object(item, itemPath, keys: ["fg", "bg", "min"], required: ["fg", "bg"]),
                  let fg = reader.string(object["fg"], "\(itemPath).fg") else { continue }
            var backgrounds: [Located<String>] = []
            if case .sequence = object["bg"] {
                backgrounds = reader.stringList(object["bg"], "\(itemPath).bg") ?? []
            } else if let bg = reader.string(object["bg"], "\(itemPath).bg") {
                backgrounds = [bg]
            }
            guard !backgrounds.isEmpty else { continue }
            var ok = true
            if !roleKnown(fg.value) {
                reader.error(.kindContract, "\(itemPath).fg names the role '\(fg.value)', which is not declared\(DidYouMean.hint(for: fg.value, in: roles)); use one of \(roles.joined(separator: ", "))", at: fg.location)
                ok = false
            }
            for bg in backgrounds where bg.value != DemoKind.ContrastSpec.page && !roleKnown(bg.value) {
                let candidates = roles + [DemoKind.ContrastSpec.page]
                reader.error(.kindContract, "\(itemPath).bg names the role '\(bg.value)', which is not declared\(DidYouMean.hint(for: bg.value, in: candidates)); use one of \(candidates.joined(separator: ", "))", at: bg.location)
                ok = false
            }
            var minimum = 3.0
            if let node = object["min"], !reader.isNull(node) {
                if case .scalar(let scalar) = node, let value = Double(scalar.string), value >= 1, value <= 21 {
                    minimum = value
                } else {
                    reader.error(.schemaType, "\(itemPath).min must be a contrast ratio from 1 to 21 (3 for parts of a control, 4.5 for text), not \(SchemaReader.describe(node))", at: node)
                    ok = false
                }
            }
            if ok { specs.append(DemoKind.ContrastSpec(foreground: fg.value, background: backgrounds.map(\.value), minimum: minimum, location: reader.location(of: item))) }
        }
        return specs
    }
}

