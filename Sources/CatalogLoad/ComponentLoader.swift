import Foundation
import Yams
import CatalogCore
import CatalogSyntax
import CatalogModel

/// Reads `components/<slug>/component.yaml` against the content format.
package struct ComponentLoader {
    /// Aliases as written, blank ones and repeats left out.
    package static func aliases(_ written: [Located<String>]) -> [Located<String>] {
        var seen = Set<String>()
        return written.filter { alias in
            let key = alias.value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            return !key.isEmpty && seen.insert(key).inserted
        }
    }

    package var reader: SchemaReader

    package init(file: String) {
        reader = SchemaReader(file: file)
    }

    /// The component, or nil when the file is too broken to use (its diagnostics say why).
    package mutating func load(_ root: Node?, slug: String) -> Component? {
        let fileStart = SourceLocation(file: reader.file)
        guard let root else {
            reader.error(.schemaMissingKey, "component.yaml is empty; it needs at least `name:` and `summary:`", at: fileStart)
            return nil
        }
        guard let top = reader.object(
            root, "component.yaml", fields: FileFormats.component,
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
        let group = reader.string(top["group"], "group")

        guard let name, let summary else { return nil }
        var component = Component(
            slug: slug, name: name, summary: summary, status: status, related: related,
            properties: properties, states: states, variants: variants,
            variantsLocation: top["variants"].map { reader.location(of: $0) },
            appearances: appearances, accessibility: accessibility, readiness: readiness,
            demo: demo, code: code, prose: nil, order: nil, draft: false, location: fileStart
        )
        component.group = group
        component.aliases = Self.aliases(reader.stringList(top["aliases"], "aliases") ?? [])
        component.ignores = reader.ruleIgnores(top["ignore"])
        if let written = reader.oneOf(top["lifecycle"], "lifecycle", Lifecycle.allCases.map(\.rawValue)), let lifecycle = Lifecycle(rawValue: written.value) {
            component.lifecycle = Located(lifecycle, at: written.location)
        }
        component.replacement = reader.string(top["replacement"], "replacement")
        component.implementation = loadImplementation(top["implementation"])
        component.changeNotes = loadChangeNotes(top["changes"])
        component.webExamples = loadWebExamples(top["examples"])
        component.conformanceTests = loadConformanceTests(top["conformance"])
        component.extra = reader.anyExtra(top["extra"])
        component.declared = ComponentFields.declared.compactMap { field in loadDeclared(field, top[field.key]) }
        reader.editorSchema(top[SchemaReader.editorSchemaKey])
        if component.lifecycle?.value == .deprecated, component.replacement == nil {
            reader.error(.schemaMissingKey, "a deprecated component needs `replacement: <the slug of the component to use instead>`", at: top["lifecycle"])
        }
        return component
    }

    /// A declared field (`ComponentFields`), read as its declaration says.
    private mutating func loadDeclared(_ field: DeclaredField, _ node: Node?) -> DeclaredValue? {
        guard let node, !reader.isNull(node) else { return nil }
        let location = reader.location(of: node)
        var entries: [DeclaredValue.Entry] = []
        switch field.holds {
        case .text, .link:
            guard let text = reader.string(node, field.key) else { return nil }
            if field.holds == .link, !(text.value.hasPrefix("https://") || text.value.hasPrefix("http://")) {
                reader.error(.schemaType, "\(field.key) is an address starting with https://, not '\(TextSafety.escaped(text.value))'", at: text.location)
                return nil
            }
            entries = [.init(name: nil, value: text)]
        case .texts:
            entries = (reader.stringList(node, field.key) ?? []).map { .init(name: nil, value: $0) }
        case .object(let keys):
            guard let object = reader.object(node, field.key, keys: keys) else { return nil }
            for key in object.keys {
                if let text = reader.string(object[key], "\(field.key).\(key)") { entries.append(.init(name: key, value: text)) }
            }
            if entries.isEmpty, object.keys.isEmpty {
                reader.error(.schemaMissingKey, "\(field.key) names nothing; write one of \(keys.map { "`\($0):`" }.joined(separator: ", "))", at: location)
            }
        }
        for entry in entries where entry.value.value.trimmingCharacters(in: .whitespaces).isEmpty {
            reader.error(.schemaType, "\(field.key)\(entry.name.map { ".\($0)" } ?? "") is empty; write its value or leave the key out", at: entry.value.location)
            return nil
        }
        return entries.isEmpty ? nil : DeclaredValue(key: field.key, entries: entries, location: location)
    }

    /// `examples: [{ title, html, height, appearance }]`: the team's own markup (a file beside
    /// component.yaml, read by the catalog loader, or written inline).
    private mutating func loadWebExamples(_ node: Node?) -> [WebExample] {
        guard let items = reader.list(node, "examples") else { return [] }
        var examples: [WebExample] = []
        var titles = Set<String>()
        for (index, item) in items.enumerated() {
            let path = "examples[\(index)]"
            guard let object = reader.object(item, path, fields: FileFormats.webExample,
                                             missingHint: ["html": "a file beside component.yaml (examples/primary.html) or the markup after `html: |`"]),
                  let title = reader.string(object["title"], path + ".title"), let html = reader.string(object["html"], path + ".html") else { continue }
            guard titles.insert(title.value).inserted else {
                reader.error(.schemaDuplicate, "two examples are titled '\(title.value)'; give each its own title (it names the example's page)", at: title.location)
                continue
            }
            var example = WebExample(title: title, markup: WebExample.namesFile(html.value) ? "" : html.value, html: html, location: reader.location(of: item))
            if let height = reader.int(object["height"], path + ".height") {
                if (40...4000).contains(height.value) { example.height = height.value } else {
                    reader.error(.schemaType, "an example's height is its frame's first height in CSS pixels, from 40 to 4000, not \(height.value)", at: height.location)
                }
            }
            example.appearance = reader.string(object["appearance"], path + ".appearance")
            examples.append(example)
        }
        return examples
    }

    /// `changes: [{ version, note }]`: notes on what a release did (the versions are checked
    /// against the releases by `HistoryRule`).
    private mutating func loadChangeNotes(_ node: Node?) -> [ChangeNote] {
        guard let items = reader.list(node, "changes") else { return [] }
        var notes: [ChangeNote] = []
        for (index, item) in items.enumerated() {
            let path = "changes[\(index)]"
            guard let object = reader.object(item, path, fields: FileFormats.changeNote),
                  let version = reader.string(object["version"], path + ".version"),
                  let note = reader.string(object["note"], path + ".note") else { continue }
            notes.append(ChangeNote(version: version, note: note.value))
        }
        return notes
    }

    private mutating func loadProperties(_ node: Node?) -> [Property] {
        guard let items = reader.list(node, "properties") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "properties[\(index)]"
            guard let object = reader.object(item, path, fields: FileFormats.property),
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
            guard let object = reader.object(item, path, fields: FileFormats.state),
                  let name = reader.string(object["name"], "\(path).name") else { return nil }
            var support: [(platform: String, support: Support, note: String?)] = []
            for entry in reader.entries(object["support"], "\(path).support") ?? [] {
                let allowed = Support.allCases.map(\.rawValue)
                let place = "\(path).support.\(entry.key.value)"
                // `ios: partial`, or with a note: `ios: { support: partial, note: VoiceOver only }`.
                var value = entry.value
                var note: String?
                if case .mapping = entry.value {
                    guard let detail = reader.object(entry.value, place, keys: ["support", "note"], required: ["support"]),
                          let written = detail["support"] else { continue }
                    value = written
                    note = reader.string(detail["note"], "\(place).note")?.value
                }
                if let choice = reader.oneOf(value, place, allowed), let parsed = Support(rawValue: choice.value) {
                    support.append((entry.key.value, parsed, note))
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
                reader.error(.schemaType, "\(path) lists no values; give at least one", at: entry.value)
                return nil
            }
            return VariantAxis(name: entry.key.value, values: values.map(\.value), location: entry.key.location)
        }
    }

    private mutating func loadAppearances(_ node: Node?, demo: Demo?) -> [Appearance] {
        guard let items = reader.list(node, "appearances") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "appearances[\(index)]"
            guard let object = reader.object(item, path, fields: FileFormats.appearance),
                  let name = reader.string(object["name"], "\(path).name") else { return nil }
            var example: DemoExample?
            var written: DemoExample?
            if let exampleNode = object["example"] {
                if let demo {
                    if let partial = readExample(exampleNode, "\(path).example") {
                        written = partial
                        example = (demo.examples.first ?? DemoExample(location: partial.location)).overlaid(with: partial)
                    }
                } else {
                    reader.error(.schemaMissingKey, "\(path).example needs a `demo:` with a `kind:` in this component to know which control to show", at: exampleNode)
                }
            }
            // Role names are checked against the kind's (or, without a demo, the appearance's own) by `check`.
            let contrast: [DemoKind.ContrastSpec]? = object["contrast"].map { node in
                ContrastSpecReader.read(node, "\(path).contrast", reader: &reader, roles: [], roleKnown: { _ in true })
            }
            var tokens: [TokenUse] = []
            for (tokenIndex, tokenNode) in (reader.list(object["tokens"], "\(path).tokens") ?? []).enumerated() {
                let tokenPath = "\(path).tokens[\(tokenIndex)]"
                guard let entry = reader.object(tokenNode, tokenPath, fields: FileFormats.tokenUse),
                      let role = reader.string(entry["role"], "\(tokenPath).role"),
                      let token = reader.string(entry["token"], "\(tokenPath).token") else { continue }
                tokens.append(TokenUse(role: role.value, token: token))
            }
            return Appearance(name: name, description: reader.string(object["description"], "\(path).description")?.value, example: example, exampleWritten: written, tokens: tokens, contrast: contrast)
        }
    }

    private mutating func loadAccessibility(_ node: Node?) -> [AccessibilityRequirement] {
        guard let items = reader.list(node, "accessibility") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "accessibility[\(index)]"
            guard let object = reader.object(item, path, fields: FileFormats.requirement),
                  let requirement = reader.string(object["requirement"], "\(path).requirement") else { return nil }
            var entry = AccessibilityRequirement(requirement: requirement, platforms: platformTexts(object["platforms"], "\(path).platforms"))
            entry.criteria = reader.stringList(object["criteria"], "\(path).criteria") ?? []
            if let written = reader.oneOf(object["responsibility"], "\(path).responsibility", AccessibilityRequirement.Responsibility.allCases.map(\.rawValue)),
               let responsibility = AccessibilityRequirement.Responsibility(rawValue: written.value) {
                entry.responsibility = responsibility
            }
            return entry
        }
    }

    /// `conformance: { tests: [...] }`: the manual results (whether each criterion exists is
    /// `ConformanceCriterionRule`'s, which names the catalogue).
    private mutating func loadConformanceTests(_ node: Node?) -> [ConformanceTest] {
        guard let node, let object = reader.object(node, "conformance", fields: FileFormats.componentConformance),
              let items = reader.list(object["tests"], "conformance.tests") else { return [] }
        return items.enumerated().compactMap { index, item in
            let path = "conformance.tests[\(index)]"
            guard let entry = reader.object(item, path, fields: FileFormats.conformanceTest),
                  let date = reader.string(entry["date"], "\(path).date"),
                  let with = reader.string(entry["with"], "\(path).with"),
                  let criteria = reader.stringList(entry["criteria"], "\(path).criteria"),
                  let written = reader.oneOf(entry["result"], "\(path).result", ConformanceTest.Result.allCases.map(\.rawValue)),
                  let result = ConformanceTest.Result(rawValue: written.value) else { return nil }
            guard BuildDay.isDay(date.value) else {
                reader.error(.schemaType, "\(path).date is the day the test was made, written YYYY-MM-DD (such as 2026-10-02), not '\(TextSafety.escaped(date.value))'", at: date.location)
                return nil
            }
            if criteria.isEmpty {
                reader.error(.schemaMissingKey, "\(path).criteria names no criterion; list the WCAG success criteria the test checked, such as [\"4.1.2\"]", at: entry["criteria"])
            }
            return ConformanceTest(date: date, with: with.value, platform: reader.string(entry["platform"], "\(path).platform")?.value, criteria: criteria,
                                   result: result, by: reader.string(entry["by"], "\(path).by")?.value, notes: reader.string(entry["notes"], "\(path).notes")?.value,
                                   location: reader.location(of: item))
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
                    reader.error(.schemaMissingKey, "\(path) has no status; write `\(entry.key.value): ready` or `\(entry.key.value): { status: ready, notes: … }`", at: entry.value)
                }
                return nil
            }
            return ReadinessEntry(criterion: entry.key, status: status, notes: nil)
        }
    }

    private mutating func loadCode(_ node: Node?) -> [CodeSnippet] {
        (reader.stringMap(node, "code") ?? []).map { CodeSnippet(language: $0.key.value, code: $0.value.value) }
    }

    /// `implementation:`: the SwiftUI type and the Composable function, each one name.
    private mutating func loadImplementation(_ node: Node?) -> Implementation? {
        guard let node, let object = reader.object(node, "implementation", fields: FileFormats.implementation) else { return nil }
        var implementation = Implementation(location: reader.location(of: node))
        for (key, path) in [("swiftui", \Implementation.swiftui), ("compose", \Implementation.compose)] {
            guard let name = reader.string(object[key], "implementation.\(key)") else { continue }
            let trimmed = name.value.trimmingCharacters(in: .whitespaces)
            guard Self.isCodeName(trimmed) else {
                reader.error(.schemaType, "implementation.\(key) must be one \(key == "swiftui" ? "type" : "function") name, such as \(key == "swiftui" ? "AcmeToggle" : "AcmeToggle"), not '\(name.value)'", at: name.location)
                continue
            }
            implementation[keyPath: path] = Located(trimmed, at: name.location)
        }
        return implementation
    }

    /// A Swift or Kotlin identifier, optionally qualified (`Acme.Toggle`).
    package static func isCodeName(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 200 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    private mutating func platformTexts(_ node: Node?, _ path: String) -> [PlatformText] {
        (reader.stringMap(node, path) ?? []).map { PlatformText(platform: $0.key.value, text: $0.value.value, location: $0.value.location) }
    }

    // MARK: Demo

    /// `demo:`: the kind is any name (the theme's contracts are checked later, by `check`), the
    /// examples are kept as written.
    private mutating func loadDemo(_ node: Node?) -> Demo? {
        guard let object = reader.object(node, "demo", fields: FileFormats.demo,
                                         missingHint: ["kind": "name a demo kind the theme declares (themes/<name>/demos/<kind>.yaml), such as switch"]),
              let kind = reader.string(object["kind"], "demo.kind") else { return nil }
        var examples: [DemoExample] = []
        for (index, item) in (reader.list(object["examples"], "demo.examples") ?? []).enumerated() {
            if let example = readExample(item, "demo.examples[\(index)]") { examples.append(example) }
        }
        return Demo(kind: kind, examples: examples)
    }

    /// An example's keys and values as written.
    private mutating func readExample(_ node: Node, _ path: String) -> DemoExample? {
        guard case .mapping = node else {
            reader.error(.schemaType, "\(path) must be a mapping of the example's fields (`label: …`), not \(SchemaReader.kind(of: node))", at: node)
            return nil
        }
        guard case .map(let example) = value(node, path) else { return nil }
        return example
    }

    private mutating func value(_ node: Node, _ path: String) -> ExampleValue {
        switch node {
        case .scalar(let scalar):
            if reader.isNull(node) { return .null }
            return .scalar(ExampleScalar(scalar.string, plain: scalar.style == .plain))
        case .sequence(let sequence):
            return .list(sequence.enumerated().map { index, item in Located(value(item, "\(path)[\(index)]"), at: reader.location(of: item)) })
        case .mapping:
            var entries: [DemoExample.Entry] = []
            for entry in reader.entries(node, path) ?? [] {
                entries.append(.init(key: entry.key, value: Located(value(entry.value, "\(path).\(entry.key.value)"), at: reader.location(of: entry.value))))
            }
            return .map(DemoExample(entries: entries, location: reader.location(of: node)))
        case .alias:
            reader.error(.schemaType, "\(path) is a YAML alias; write the value out", at: node)
            return .null
        }
    }
}
