import CatalogMarkdown
import CatalogCore
import CatalogModel

/// Renders demo examples through the theme's `demos/<kind>` template, with the context the
/// kind's contract describes. The same markup goes into the live demo and, escaped, into the
/// HTML code tab, so the two cannot drift apart.
package struct DemoMarkup {
    package let theme: Theme

    /// Visual states a static gallery instance can be forced into.
    package struct Forced {
        package var classes: [String] = []
        package var stateLabel: String?
    }

    package func render(_ example: DemoExample, kind: DemoKind, id: String, componentName: String, forced: Forced? = nil) throws(Theme.RenderFailure) -> String {
        try theme.render("demos/\(kind.id)", context(for: example, kind: kind, id: id, componentName: componentName, forced: forced)).trimmingNewlines()
    }

    /// A kind's optional `demos/<kind>-header` template, rendered once above a page's examples
    /// (the control kind's "Locked" switch): it is given `id`, `symbols` and, for each bool
    /// field, `any_<field>` (true when one of the examples sets it).
    package func header(for examples: [DemoExample], kind: DemoKind, id: String) throws(Theme.RenderFailure) -> String {
        let name = "demos/\(kind.id)-header"
        guard theme.hasTemplate(name) else { return "" }
        var context: [String: Any] = ["id": id, "kind": kind.id, "symbols": theme.symbols]
        for field in kind.fields {
            guard case .bool = field.type else { continue }
            context["any_" + Self.key(field.name)] = examples.contains { example in
                (example.scalar(field.name)?.value ?? field.defaultScalar)?.flag == true
            }
        }
        return try theme.render(name, context).trimmingNewlines()
    }

    /// `symbol-on` → `symbol_on`: the key a template reads a field by.
    /// (Asked for every field of every example a page renders, so it skips Foundation.)
    package static func key(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: "-")) ? String(name.map { $0 == "-" ? "_" : $0 }) : name
    }

    /// Each field of the kind by name (defaults applied), `has_<field>`, per enum value
    /// `<field>_<value>`, list items with their own ids, plus `id`, `title` and the gallery's state.
    /// Every key the kind declares is set, so no template picks up a value from an outer context.
    package func context(for example: DemoExample, kind: DemoKind, id: String, componentName: String, forced: Forced?) -> [String: Any] {
        Self.context(for: example, kind: kind, id: id, componentName: componentName, forced: forced, symbols: theme.symbols)
    }

    package static func context(for example: DemoExample, kind: DemoKind, id: String, componentName: String, forced: Forced?, symbols: [String: String]) -> [String: Any] {
        var context = values(of: example, fields: kind.fields, id: id, fallbackText: componentName, symbols: symbols)
        context["id"] = id
        context["example_id"] = id
        context["kind"] = kind.id
        // The example's title (a kind may not declare a field of that name); the component's name without one.
        context["title"] = example.title?.value ?? componentName
        context["state_class"] = (forced?.classes ?? []).joined(separator: " ")
        context["state_label"] = forced?.stateLabel ?? ""
        context["static"] = forced != nil
        context["live"] = forced == nil
        context["symbols"] = symbols
        return context
    }

    /// The names a kind's template may read (every key `context(for:)` sets, whatever the
    /// example), for the template name check.
    package static func names(of kind: DemoKind) -> [String: TemplateShape] {
        shapes(of: context(for: DemoExample(location: SourceLocation(file: "")), kind: kind, id: "x", componentName: "x", forced: nil, symbols: [:]), fields: kind.fields)
    }

    /// The names a kind's `-header` template may read.
    package static func headerNames(of kind: DemoKind) -> [String: TemplateShape] {
        var names: [String: TemplateShape] = ["id": .value, "kind": .value, "symbols": .open]
        for field in kind.fields {
            guard case .bool = field.type else { continue }
            names["any_" + key(field.name)] = .value
        }
        return names
    }

    /// A context's keys as shapes: a list field is a list of item contexts, `symbols` is free.
    private static func shapes(of context: [String: Any], fields: [DemoKind.Field]) -> [String: TemplateShape] {
        var shapes = context.mapValues { _ in TemplateShape.value }
        shapes["symbols"] = .open
        for field in fields {
            guard case .list(let itemFields) = field.type else { continue }
            var item = values(of: DemoExample(location: SourceLocation(file: "")), fields: itemFields, id: "x", fallbackText: nil, symbols: [:])
            for name in ["id", "number", "first", "last"] { item[name] = "" }
            for other in fields {
                guard case .item(let from) = other.type, from == field.name else { continue }
                item["is_" + key(other.name)] = false
            }
            let itemShapes = Self.shapes(of: item, fields: itemFields)
            shapes[key(field.name)] = .list { itemShapes }
        }
        return shapes
    }

    /// The context of one example or list item.
    private static func values(of example: DemoExample, fields: [DemoKind.Field], id: String, fallbackText: String?, symbols: [String: String]) -> [String: Any] {
        var context: [String: Any] = [:]
        for field in fields {
            let key = Self.key(field.name)
            let written = example.entry(field.name)?.value.value
            switch field.type {
            case .list(let itemFields):
                var items: [[String: Any]] = []
                let written = example.items(field.name)
                for (index, item) in written.enumerated() {
                    var itemExample = DemoExample(location: item.location)
                    switch item.value {
                    case .map(let fields): itemExample = fields
                    case .scalar(let scalar):
                        if let first = itemFields.first {
                            itemExample.entries = [.init(key: Located(first.name, at: item.location), value: Located(.scalar(scalar), at: item.location))]
                        }
                    default: break
                    }
                    var itemContext = values(of: itemExample, fields: itemFields, id: "\(id)-\(key)-\(index + 1)", fallbackText: nil, symbols: symbols)
                    itemContext["id"] = "\(id)-\(key)-\(index + 1)"
                    itemContext["number"] = index + 1
                    itemContext["first"] = index == 0
                    itemContext["last"] = index == written.count - 1
                    items.append(itemContext)
                }
                // Which items an `item` field of the example picks.
                for other in fields {
                    guard case .item(let from) = other.type, from == field.name else { continue }
                    let chosen = example.text(other.name)?.value ?? other.defaultValue
                    for index in items.indices {
                        items[index]["is_" + Self.key(other.name)] = chosen != nil && items[index]["label"] as? String == chosen
                    }
                }
                context[key] = items
                context["has_" + key] = !items.isEmpty
                context[key + "_ids"] = items.compactMap { $0["id"] as? String }.joined(separator: " ")
                for itemField in itemFields {
                    guard case .bool = itemField.type else { continue }
                    let itemKey = Self.key(itemField.name)
                    let count = items.filter { $0[itemKey] as? Bool == true }.count
                    context["\(key)_all_\(itemKey)"] = !items.isEmpty && count == items.count
                    context["\(key)_some_\(itemKey)"] = count > 0 && count < items.count
                    context["\(key)_none_\(itemKey)"] = count == 0
                }
            default:
                var scalar: ExampleScalar?
                if case .scalar(let written)? = written { scalar = written }
                if scalar == nil { scalar = field.defaultScalar }
                if scalar == nil, field.required, field.type.isText, let fallbackText { scalar = ExampleScalar(fallbackText, plain: false) }
                let text = scalar?.text
                let present = text != nil
                switch field.type {
                case .bool:
                    let flag = scalar?.flag ?? false
                    context[key] = flag
                    context["has_" + key] = flag
                case .number:
                    let number = scalar?.number
                    context[key] = number.map(CSSNumber.format) ?? ""
                    context["has_" + key] = number != nil
                case .symbol:
                    let svg = text.flatMap { symbols[$0] }
                    context[key] = svg ?? ""
                    context[key + "_name"] = text ?? ""
                    context["has_" + key] = svg != nil
                case .choice(let values):
                    let value = scalar.flatMap { ExampleValidator.choiceValue($0, in: values) }
                    context[key] = value ?? ""
                    context["has_" + key] = value != nil
                    for option in values {
                        context["\(key)_\(Self.key(HeadingID.slug(option)))"] = value == option
                    }
                default:
                    context[key] = text ?? ""
                    context["has_" + key] = present && !(text ?? "").isEmpty
                    context[key + "_slug"] = HeadingID.slug(text ?? "")
                }
            }
        }
        return context
    }
}
