import Yams

/// Reads `components/<slug>/component.yaml` against the content format.
struct ComponentLoader {
    static let topKeys = [
        "name", "summary", "status", "related", "properties", "states", "variants",
        "appearances", "accessibility", "readiness", "demo", "code",
    ]

    var reader: SchemaReader

    init(file: String) {
        reader = SchemaReader(file: file)
    }

    /// The component, or nil when the file is too broken to use (its diagnostics say why).
    mutating func load(_ root: Node?, slug: String) -> Component? {
        let fileStart = SourceLocation(file: reader.file)
        guard let root else {
            reader.error("schema.missing-key", "component.yaml is empty; it needs at least `name:` and `summary:`", at: fileStart)
            return nil
        }
        guard let top = reader.object(
            root, "component.yaml", keys: Self.topKeys, required: ["name", "summary"],
            missingHint: ["name": "add `name: <the component's display name>`", "summary": "add `summary: <one sentence on what it is for>`"],
            at: fileStart
        ) else { return nil }

        let name = reader.string(top["name"], "name")
        let summary = reader.string(top["summary"], "summary")
        let status = reader.string(top["status"], "status")
        let related = reader.stringList(top["related"], "related") ?? []
        let properties = loadProperties(top["properties"])
        let states = loadStates(top["states"])
        let variants = loadVariants(top["variants"])
        let demo = loadDemo(top["demo"])
        let appearances = loadAppearances(top["appearances"], demo: demo)
        let accessibility = loadAccessibility(top["accessibility"])
        let readiness = loadReadiness(top["readiness"])
        let code = loadCode(top["code"])

        guard let name, let summary else { return nil }
        return Component(
            slug: slug, name: name, summary: summary, status: status, related: related,
            properties: properties, states: states, variants: variants,
            variantsLocation: top["variants"].map { reader.location(of: $0) },
            appearances: appearances, accessibility: accessibility, readiness: readiness,
            demo: demo, code: code, prose: nil, order: nil, draft: false, location: fileStart
        )
    }

    private mutating func loadProperties(_ node: Node?) -> [Property] {
        guard let items = reader.list(node, "properties") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "properties[\(index)]"
            guard let object = reader.object(item, path, keys: ["name", "type", "required", "description", "platforms"], required: ["name"]),
                  let name = reader.string(object["name"], "\(path).name") else { return nil }
            return Property(
                name: name,
                type: reader.string(object["type"], "\(path).type")?.value,
                required: reader.bool(object["required"], "\(path).required")?.value ?? false,
                description: reader.string(object["description"], "\(path).description")?.value,
                platforms: platformTexts(object["platforms"], "\(path).platforms")
            )
        }
    }

    private mutating func loadStates(_ node: Node?) -> [ComponentState] {
        guard let items = reader.list(node, "states") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "states[\(index)]"
            guard let object = reader.object(item, path, keys: ["name", "support", "figma", "notes"], required: ["name"]),
                  let name = reader.string(object["name"], "\(path).name") else { return nil }
            var support: [(platform: String, support: Support)] = []
            for entry in reader.entries(object["support"], "\(path).support") ?? [] {
                let allowed = Support.allCases.map(\.rawValue)
                if let value = reader.oneOf(entry.value, "\(path).support.\(entry.key.value)", allowed),
                   let parsed = Support(rawValue: value.value) {
                    support.append((entry.key.value, parsed))
                }
            }
            return ComponentState(
                name: name, support: support,
                figma: reader.string(object["figma"], "\(path).figma")?.value,
                notes: reader.string(object["notes"], "\(path).notes")?.value
            )
        }
    }

    private mutating func loadVariants(_ node: Node?) -> [VariantAxis] {
        guard let entries = reader.entries(node, "variants") else { return [] }
        return entries.compactMap { entry in
            let path = "variants.\(entry.key.value)"
            guard let values = reader.stringList(entry.value, path) else { return nil }
            if values.isEmpty {
                reader.error("schema.type", "\(path) lists no values; give at least one", at: entry.value)
                return nil
            }
            return VariantAxis(name: entry.key.value, values: values.map(\.value), location: entry.key.location)
        }
    }

    private mutating func loadAppearances(_ node: Node?, demo: Demo?) -> [Appearance] {
        guard let items = reader.list(node, "appearances") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "appearances[\(index)]"
            guard let object = reader.object(item, path, keys: ["name", "description", "example", "tokens"], required: ["name"]),
                  let name = reader.string(object["name"], "\(path).name") else { return nil }
            var example: DemoExample?
            if let exampleNode = object["example"] {
                if let demo {
                    if let partial = readExample(exampleNode, "\(path).example", kind: demo.kind.value) {
                        let base = demo.examples.first ?? DemoExample(location: partial.location)
                        example = base.overlaid(with: partial)
                    }
                } else {
                    reader.error("schema.missing-key", "\(path).example needs a `demo:` with a `kind:` in this component to know which control to show", at: exampleNode)
                }
            }
            var tokens: [TokenUse] = []
            for (tokenIndex, tokenNode) in (reader.list(object["tokens"], "\(path).tokens") ?? []).enumerated() {
                let tokenPath = "\(path).tokens[\(tokenIndex)]"
                guard let entry = reader.object(tokenNode, tokenPath, keys: ["role", "token"], required: ["role", "token"]),
                      let role = reader.string(entry["role"], "\(tokenPath).role"),
                      let token = reader.string(entry["token"], "\(tokenPath).token") else { continue }
                tokens.append(TokenUse(role: role.value, token: token))
            }
            return Appearance(name: name, description: reader.string(object["description"], "\(path).description")?.value, example: example, tokens: tokens)
        }
    }

    private mutating func loadAccessibility(_ node: Node?) -> [AccessibilityRequirement] {
        guard let items = reader.list(node, "accessibility") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "accessibility[\(index)]"
            guard let object = reader.object(item, path, keys: ["requirement", "platforms"], required: ["requirement"]),
                  let requirement = reader.string(object["requirement"], "\(path).requirement") else { return nil }
            return AccessibilityRequirement(requirement: requirement, platforms: platformTexts(object["platforms"], "\(path).platforms"))
        }
    }

    private mutating func loadReadiness(_ node: Node?) -> [ReadinessEntry] {
        guard let entries = reader.entries(node, "readiness") else { return [] }
        return entries.compactMap { entry in
            let path = "readiness.\(entry.key.value)"
            if case .mapping = entry.value {
                guard let object = reader.object(entry.value, path, keys: ["status", "notes"], required: ["status"]),
                      let status = reader.string(object["status"], "\(path).status") else { return nil }
                return ReadinessEntry(criterion: entry.key, status: status, notes: reader.string(object["notes"], "\(path).notes")?.value)
            }
            guard let status = reader.string(entry.value, path) else {
                if reader.isNull(entry.value) {
                    reader.error("schema.missing-key", "\(path) has no status; write `\(entry.key.value): ready` or `\(entry.key.value): { status: ready, notes: … }`", at: entry.value)
                }
                return nil
            }
            return ReadinessEntry(criterion: entry.key, status: status, notes: nil)
        }
    }

    private mutating func loadCode(_ node: Node?) -> [CodeSnippet] {
        (reader.stringMap(node, "code") ?? []).map { CodeSnippet(language: $0.key.value, code: $0.value.value) }
    }

    private mutating func platformTexts(_ node: Node?, _ path: String) -> [PlatformText] {
        (reader.stringMap(node, path) ?? []).map { PlatformText(platform: $0.key.value, text: $0.value.value) }
    }

    // MARK: Demo

    private mutating func loadDemo(_ node: Node?) -> Demo? {
        guard let object = reader.object(node, "demo", keys: ["kind", "examples"], required: ["kind"]) else { return nil }
        let kinds = DemoKind.allCases.map(\.rawValue)
        guard let kindText = reader.oneOf(object["kind"], "demo.kind", kinds), let kind = DemoKind(rawValue: kindText.value) else { return nil }
        var examples: [DemoExample] = []
        for (index, item) in (reader.list(object["examples"], "demo.examples") ?? []).enumerated() {
            if let example = readExample(item, "demo.examples[\(index)]", kind: kind) { examples.append(example) }
        }
        return Demo(kind: Located(kind, at: kindText.location), examples: examples)
    }

    /// Reads one example with the fields its demo kind allows.
    private mutating func readExample(_ node: Node, _ path: String, kind: DemoKind) -> DemoExample? {
        guard let object = reader.object(node, "\(path) (a \(kind.rawValue) example)", keys: kind.exampleKeys) else { return nil }
        var example = DemoExample(location: reader.location(of: node))
        example.keysWritten = Set(object.keys)
        example.title = reader.string(object["title"], "\(path).title")
        example.label = reader.string(object["label"], "\(path).label")
        example.description = reader.string(object["description"], "\(path).description")?.value
        example.helper = reader.string(object["helper"], "\(path).helper")?.value
        example.error = reader.string(object["error"], "\(path).error")?.value
        example.required = reader.bool(object["required"], "\(path).required")?.value ?? false
        example.disabled = reader.bool(object["disabled"], "\(path).disabled")?.value ?? false
        example.pressed = reader.bool(object["pressed"], "\(path).pressed")?.value ?? false
        example.sensitive = reader.bool(object["sensitive"], "\(path).sensitive")?.value ?? false
        if let placement = reader.oneOf(object["placement"], "\(path).placement", Placement.allCases.map(\.rawValue)) {
            example.placement = Placement(rawValue: placement.value) ?? .trailing
        }
        if let orientation = reader.oneOf(object["orientation"], "\(path).orientation", Orientation.allCases.map(\.rawValue)) {
            example.orientation = Orientation(rawValue: orientation.value) ?? .vertical
        }
        if let checkedNode = object["checked"] {
            example.checked = readChecked(checkedNode, "\(path).checked", allowMixed: kind != .control)
            example.checkedLocation = reader.location(of: checkedNode)
        }
        example.legend = reader.string(object["legend"], "\(path).legend")
        example.selected = reader.string(object["selected"], "\(path).selected")
        example.symbol = reader.string(object["symbol"], "\(path).symbol")
        example.symbolOn = reader.string(object["symbol-on"], "\(path).symbol-on")
        example.symbolOff = reader.string(object["symbol-off"], "\(path).symbol-off")
        example.valueOn = reader.string(object["value-on"], "\(path).value-on")?.value
        example.valueOff = reader.string(object["value-off"], "\(path).value-off")?.value
        if let delay = reader.int(object["delay"], "\(path).delay") {
            if delay.value < 0 || delay.value > 60_000 {
                reader.error("schema.type", "\(path).delay must be between 0 and 60000 milliseconds, not \(delay.value)", at: object["delay"])
            } else {
                example.delay = delay.value
            }
        }
        if let items = reader.list(object["children"], "\(path).children") {
            example.children = items.enumerated().compactMap { index, item in
                let childPath = "\(path).children[\(index)]"
                guard let child = reader.object(item, childPath, keys: ["label", "checked", "disabled"]) else { return nil }
                return CheckboxChild(
                    label: reader.string(child["label"], "\(childPath).label"),
                    checked: reader.bool(child["checked"], "\(childPath).checked")?.value ?? false,
                    disabled: reader.bool(child["disabled"], "\(childPath).disabled")?.value ?? false
                )
            }
        }
        if let optionsNode = object["options"], let items = reader.list(optionsNode, "\(path).options") {
            example.optionsLocation = reader.location(of: optionsNode)
            example.options = items.enumerated().compactMap { index, item in
                let optionPath = "\(path).options[\(index)]"
                if case .scalar = item, let label = reader.string(item, optionPath) {
                    return RadioOption(label: label, description: nil, disabled: false)
                }
                guard let option = reader.object(item, optionPath, keys: ["label", "description", "disabled"]) else { return nil }
                return RadioOption(
                    label: reader.string(option["label"], "\(optionPath).label"),
                    description: reader.string(option["description"], "\(optionPath).description")?.value,
                    disabled: reader.bool(option["disabled"], "\(optionPath).disabled")?.value ?? false
                )
            }
        }
        return example
    }

    private mutating func readChecked(_ node: Node, _ path: String, allowMixed: Bool) -> CheckState {
        if case .scalar(let scalar) = node {
            if let flag = SchemaReader.boolValue(scalar.string) { return flag ? .checked : .unchecked }
            if allowMixed, scalar.string == "mixed" { return .mixed }
        }
        let allowed = allowMixed ? "true, false or mixed" : "true or false"
        reader.error("schema.type", "\(path) must be \(allowed), not \(SchemaReader.describe(node))", at: node)
        return .unchecked
    }
}

extension DemoExample {
    /// This example with the fields `other` wrote laid over it.
    func overlaid(with other: DemoExample) -> DemoExample {
        var result = self
        let keys = other.keysWritten
        if keys.contains("title") { result.title = other.title }
        if keys.contains("label") { result.label = other.label }
        if keys.contains("description") { result.description = other.description }
        if keys.contains("helper") { result.helper = other.helper }
        if keys.contains("error") { result.error = other.error }
        if keys.contains("required") { result.required = other.required }
        if keys.contains("placement") { result.placement = other.placement }
        if keys.contains("checked") { result.checked = other.checked; result.checkedLocation = other.checkedLocation }
        if keys.contains("disabled") { result.disabled = other.disabled }
        if keys.contains("children") { result.children = other.children }
        if keys.contains("legend") { result.legend = other.legend }
        if keys.contains("options") { result.options = other.options; result.optionsLocation = other.optionsLocation }
        if keys.contains("selected") { result.selected = other.selected }
        if keys.contains("orientation") { result.orientation = other.orientation }
        if keys.contains("symbol") { result.symbol = other.symbol }
        if keys.contains("pressed") { result.pressed = other.pressed }
        if keys.contains("symbol-on") { result.symbolOn = other.symbolOn }
        if keys.contains("symbol-off") { result.symbolOff = other.symbolOff }
        if keys.contains("value-on") { result.valueOn = other.valueOn }
        if keys.contains("value-off") { result.valueOff = other.valueOff }
        if keys.contains("delay") { result.delay = other.delay }
        if keys.contains("sensitive") { result.sensitive = other.sensitive }
        result.keysWritten = keysWritten.union(keys)
        result.location = other.location
        return result
    }
}
