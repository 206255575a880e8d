import CatalogMarkdown
import CatalogCore
import CatalogModel

/// What the Controls playground of a component page loads, in two files so nothing is published
/// twice:
///
/// - `components/<slug>/playground.json`, the component's own part: its examples and appearances,
///   and where the kind's part is;
/// - `assets/playground/<kind>.<hash>.json`, the kind's part, one per kind of the theme: the
///   kind's contract (each field with its type, default, values and limits), the theme's symbols
///   and the kind's own templates, so the browser renders the demo from the same Mustache files
///   the build uses (with mustache.js). Content-addressed like every asset, so every component of
///   the kind, and every release with the same theme, shares the one file.
///
/// `playground.js` builds the same template context as `DemoMarkup.context(for:)`.
package enum PlaygroundData {
    /// The file beside the page.
    package static let fileName = "playground.json"

    /// The kind's part, as a theme asset (`assets/playground/switch.<hash>.json` once hashed).
    package static func kindAsset(_ kind: String) -> String { "playground/\(kind).json" }

    /// The component's part. `kindFile` is the kind's part's address from the component's folder.
    package static func json(for component: Component, kind: DemoKind, kindFile: String, appearanceClasses: [(name: String, className: String)]) -> String {
        let examples = (component.demo?.examples ?? []).enumerated().map { index, example in
            JSONText.Value.members([
                .init("title", .string(example.title?.value ?? "Example \(index + 1)")),
                .init("appearance", JSONText.Value(example.appearance?.value)),
                .init("values", values(of: example, fields: kind.fields)),
            ])
        }
        let root = JSONText.Value.members([
            .init("kindData", .string(kindFile)),
            .init("component", .string(component.name.value)),
            .init("id", .string("\(component.slug)-pg")),
            .init("examples", .array(examples)),
            .init("appearances", .array(appearanceClasses.map { .members([.init("name", .string($0.name)), .init("class", .string($0.className))]) })),
        ])
        return JSONText.compact(root)
    }

    /// The kind's part: the same for every component of the kind.
    package static func kindJSON(_ kind: DemoKind, source: ThemeSource, symbols: [String: String]) -> String {
        JSONText.compact(.members([
            .init("kind", .string(kind.id)),
            .init("kindName", .string(kind.name)),
            .init("fields", .array(kind.fields.map(field))),
            .init("symbols", .object(symbols.mapValues(JSONText.Value.string))),
            .init("template", .string("demos/\(kind.id)")),
            .init("templates", .object(templates(for: kind, source: source).mapValues(JSONText.Value.string))),
        ]))
    }

    /// Every kind's part with a template, by asset path, to be hashed with the theme's assets.
    package static func kindAssets(_ loaded: LoadedTheme) -> [String: [UInt8]] {
        var assets: [String: [UInt8]] = [:]
        for (id, kind) in loaded.kinds where loaded.source.templates["demos/\(id)"] != nil {
            assets[kindAsset(id)] = Array(kindJSON(kind, source: loaded.source, symbols: loaded.symbols).utf8)
        }
        return assets
    }

    /// A field of the contract as the playground's form needs it.
    package static func field(_ field: DemoKind.Field) -> JSONText.Value {
        var members: [JSONText.Member] = [
            .init("name", .string(field.name)),
            .init("key", .string(DemoMarkup.key(field.name))),
            .init("required", .bool(field.required)),
            .init("description", JSONText.Value(field.help)),
        ]
        let type: String
        switch field.type {
        case .text: type = "text"
        case .number: type = "number"
        case .bool: type = "bool"
        case .symbol: type = "symbol"
        case .choice(let values):
            type = "enum"
            members.append(.init("values", .array(values.map(JSONText.Value.string))))
            members.append(.init("valueKeys", .array(values.map { .string(DemoMarkup.key(HeadingID.slug($0))) })))
        case .item(let from):
            type = "item"
            members.append(.init("from", .string(from)))
        case .list(let itemFields):
            type = "list"
            members.append(.init("of", .array(itemFields.map(Self.field))))
        }
        members.insert(.init("type", .string(type)), at: 1)
        members.append(.init("default", field.defaultScalar.map { scalar(scalar: $0, type: field.type) } ?? .null))
        if let minimum = field.minimum { members.append(.init("min", .number(CSSNumber.format(minimum)))) }
        if let maximum = field.maximum { members.append(.init("max", .number(CSSNumber.format(maximum)))) }
        return .members(members)
    }

    /// An example's values by field name, as the form holds them: text as strings, numbers as
    /// their formatted text, bools as bools, an enum as the value it resolves to, lists as arrays
    /// of such objects. Fields the example leaves out are left out.
    package static func values(of example: DemoExample, fields: [DemoKind.Field]) -> JSONText.Value {
        var members: [JSONText.Member] = []
        for field in fields {
            guard let written = example.entry(field.name)?.value.value else { continue }
            switch (field.type, written) {
            case (.list(let itemFields), .list(let items)):
                members.append(.init(field.name, .array(items.map { item in
                    switch item.value {
                    case .map(let map): return values(of: map, fields: itemFields)
                    case .scalar(let text):
                        guard let first = itemFields.first else { return .members([]) }
                        return .members([.init(first.name, scalar(scalar: text, type: first.type))])
                    default: return .members([])
                    }
                })))
            case (_, .scalar(let text)):
                members.append(.init(field.name, scalar(scalar: text, type: field.type)))
            default:
                continue
            }
        }
        return .members(members)
    }

    private static func scalar(scalar: ExampleScalar, type: DemoKind.FieldType) -> JSONText.Value {
        switch type {
        case .bool: return .bool(scalar.flag ?? false)
        case .number: return scalar.number.map { .string(CSSNumber.format($0)) } ?? .null
        case .choice(let values): return .string(ExampleValidator.choiceValue(scalar, in: values) ?? scalar.text)
        default: return .string(scalar.text)
        }
    }

    /// The kind's template and every partial it reaches, without the pragma line (mustache.js
    /// does not know swift-mustache's `{{% CONTENT_TYPE }}`; both escape the same five characters).
    package static func templates(for kind: DemoKind, source: ThemeSource) -> [String: String] {
        var found: [String: String] = [:]
        var pending = ["demos/\(kind.id)"]
        while let name = pending.popLast() {
            guard found[name] == nil, let template = source.templates[name] else { continue }
            let text = template.text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("{{%") }
                .joined(separator: "\n")
            found[name] = text
            pending += Theme.partialReferences(in: text).map(\.name)
        }
        return found
    }
}
