import CatalogCore
/// Reads an example's values against its kind's contract: what `check` reports, and the typed
/// values the renderer hands to the kind's template, come from this one reading.
public enum ExampleValidator {
    /// What is wrong with a scalar `value` for `field`, or nil. `symbols` (when known) are the
    /// theme's symbol names.
    package static func problem(with value: ExampleValue, for field: DemoKind.Field, symbols: Set<String>?) -> String? {
        guard case .scalar(let scalar) = value else {
            if case .list = field.type { return nil }
            return "must be \(field.type.description), not \(describe(value))"
        }
        let text = scalar.text
        switch field.type {
        case .text, .item:
            return nil
        case .number:
            guard let number = scalar.number else {
                return "must be a number, not '\(text)'"
            }
            if let minimum = field.minimum, number < minimum {
                return "must be at least \(CSSNumber.format(minimum))\(field.maximum.map { " (and at most \(CSSNumber.format($0)))" } ?? ""), not \(text)"
            }
            if let maximum = field.maximum, number > maximum {
                return "must be at most \(CSSNumber.format(maximum))\(field.minimum.map { " (and at least \(CSSNumber.format($0)))" } ?? ""), not \(text)"
            }
            return nil
        case .bool:
            return scalar.flag != nil ? nil : "must be true or false, not '\(text)'"
        case .symbol:
            guard let symbols, !symbols.contains(text) else { return nil }
            return "names no symbol of the theme: '\(text)'\(DidYouMean.hint(for: text, in: symbols))"
        case .choice(let values):
            return choiceValue(scalar, in: values) != nil ? nil
                : "must be one of \(values.joined(separator: ", ")), not '\(text)'\(DidYouMean.hint(for: text, in: values))"
        case .list:
            return "must be a list (each item on a line starting with `- `), not '\(text)'"
        }
    }

    /// An enum value as the contract wrote it; a YAML boolean matches `true`/`false`.
    package static func choiceValue(_ scalar: ExampleScalar, in values: [String]) -> String? {
        if values.contains(scalar.text) { return scalar.text }
        if scalar.plain, let flag = scalar.flag, values.contains(String(flag)) { return String(flag) }
        return nil
    }

    package static func describe(_ value: ExampleValue) -> String {
        switch value {
        case .scalar(let scalar): "'\(scalar.text)'"
        case .list: "a list"
        case .map: "a mapping"
        case .null: "nothing"
        }
    }

    /// Every problem of `example` against `kind`, at its line. A `partial` example (an
    /// appearance's settings, laid over the first example, which is `whole`) may leave required
    /// fields out, and its item fields pick from the lists of `whole`.
    public static func diagnostics(for example: DemoExample, kind: DemoKind, path: String, symbols: Set<String>?, partial whole: DemoExample? = nil) -> [Diagnostic] {
        let partial = whole != nil
        var diagnostics: [Diagnostic] = []
        check(example, fields: kind.fields, allowsTitle: true, path: path, what: "a \(kind.id) example", symbols: symbols, partial: partial, into: &diagnostics)
        // An item field names the label of one item of its list.
        for field in kind.fields {
            guard case .item(let from) = field.type, let chosen = example.text(field.name) else { continue }
            let labels = (whole ?? example).items(from).compactMap { itemLabel($0) }
            if !labels.contains(chosen.value) {
                diagnostics.append(.error(.refOption, "\(field.name) '\(chosen.value)' is not one of the \(from)\(DidYouMean.hint(for: chosen.value, in: labels)); use the label of one of them", at: chosen.location))
            }
        }
        return diagnostics
    }

    /// The label of a list item: its `label:`, or the item itself when written as plain text.
    package static func itemLabel(_ item: Located<ExampleValue>) -> String? {
        switch item.value {
        case .scalar(let scalar): scalar.text
        case .map(let fields): fields.text("label")?.value
        default: nil
        }
    }

    private static func check(_ example: DemoExample, fields: [DemoKind.Field], allowsTitle: Bool, path: String, what: String, symbols: Set<String>?, partial: Bool, into diagnostics: inout [Diagnostic]) {
        let names = fields.map(\.name) + (allowsTitle && !fields.contains { $0.name == "title" } ? ["title"] : []) + (allowsTitle ? ["appearance"] : [])
        for entry in example.entries {
            let key = entry.key.value
            guard let field = fields.first(where: { $0.name == key }) else {
                // `appearance:` names one of the component's appearances; DemoContractRule checks the name.
                if key == "appearance", allowsTitle {
                    if case .scalar = entry.value.value {} else {
                        diagnostics.append(.error(.schemaType, "\(path).appearance must be the name of one of the component's appearances, not \(describe(entry.value.value))", at: entry.value.location))
                    }
                    continue
                }
                if key == "title", allowsTitle {
                    if case .scalar = entry.value.value {} else if case .null = entry.value.value {} else {
                        diagnostics.append(.error(.schemaType, "\(path).title must be text, not \(describe(entry.value.value))", at: entry.value.location))
                    }
                    continue
                }
                let hint = DidYouMean.hint(for: key, in: names)
                let list = hint.isEmpty ? "; allowed keys: \(names.joined(separator: ", "))" : ""
                diagnostics.append(.error(.schemaUnknownKey, "unknown key '\(key)' in \(path) (\(what))\(hint)\(list)", at: entry.key.location))
                continue
            }
            let fieldPath = "\(path).\(key)"
            switch entry.value.value {
            case .null:
                continue
            case .list(let items):
                guard case .list(let itemFields) = field.type else {
                    diagnostics.append(.error(.schemaType, "\(fieldPath) must be \(field.type.description), not a list", at: entry.value.location))
                    continue
                }
                for (index, item) in items.enumerated() {
                    let itemPath = "\(fieldPath)[\(index)]"
                    switch item.value {
                    case .map(let fields):
                        check(fields, fields: itemFields, allowsTitle: false, path: itemPath, what: "an item of \(key)", symbols: symbols, partial: false, into: &diagnostics)
                    case .scalar(let scalar):
                        // Plain text fills the item's first field.
                        if let first = itemFields.first {
                            if let problem = problem(with: .scalar(scalar), for: first, symbols: symbols) {
                                diagnostics.append(.error(rule(for: first), "\(itemPath) \(problem)", at: item.location))
                            }
                            for other in itemFields.dropFirst() where other.required && other.defaultValue == nil {
                                diagnostics.append(.error(.schemaMissingKey, "\(itemPath) needs `\(other.name):`; write the item as a mapping", at: item.location))
                            }
                        }
                    default:
                        diagnostics.append(.error(.schemaType, "\(itemPath) must be a mapping of \(itemFields.map(\.name).joined(separator: ", ")), not \(describe(item.value))", at: item.location))
                    }
                }
            case .map:
                diagnostics.append(.error(.schemaType, "\(fieldPath) must be \(field.type.description), not a mapping", at: entry.value.location))
            case .scalar:
                if let problem = problem(with: entry.value.value, for: field, symbols: symbols) {
                    diagnostics.append(.error(rule(for: field), "\(fieldPath) \(problem)", at: entry.value.location))
                }
            }
        }
        guard !partial else { return }
        for field in fields where field.required && field.defaultValue == nil {
            guard let entry = example.entry(field.name), !isNull(entry.value.value) else {
                let help = field.help.map { " (\($0))" } ?? ""
                diagnostics.append(.error(.schemaMissingKey, "\(path) (\(what)) needs `\(field.name):`\(help); it is required", at: example.location))
                continue
            }
            if case .scalar(let scalar) = entry.value.value, field.type.isText, scalar.text.allSatisfy(\.isWhitespace) {
                diagnostics.append(.error(.lintDemoLabel, "\(path).\(field.name) is empty; every control needs its text — an accessible name reads it", at: entry.value.location))
            }
        }
    }

    private static func isNull(_ value: ExampleValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    private static func rule(for field: DemoKind.Field) -> RuleID {
        switch field.type {
        case .choice: .schemaEnum
        case .symbol: .refSymbol
        default: .schemaType
        }
    }
}

extension DemoKind.FieldType {
    package var isText: Bool {
        if case .text = self { return true }
        return false
    }
}
