import CatalogCore

/// What a YAML value may be, declared once: the loader checks a mapping's keys with it
/// (`SchemaReader.object(_:_:shape:)`) and the JSON Schema an editor uses is generated from it
/// (`jsonSchema`), so the two cannot disagree on which keys a file takes.
package indirect enum YAMLShape: Sendable {
    /// A scalar read as text (YAML may write it as a number or a boolean; the tool reads it as written).
    case text
    case flag
    case whole
    case number
    /// One of these words.
    case oneOf([String])
    case list(YAMLShape)
    case object(YAMLFields)
    /// A mapping of the team's own keys to values of one shape.
    case map(YAMLShape)
    /// Any of these shapes.
    case either([YAMLShape])
    /// Anything: read by the loader's own rules, which this shape does not restate.
    case any

    /// The JSON Schema (draft 2020-12) of a value of this shape. A scalar or a list written with
    /// no value (YAML's null) is taken as not written, by the loader and so by the schema; a
    /// mapping must be one.
    package var jsonSchema: JSONText.Value {
        typealias V = JSONText.Value
        func types(_ names: String...) -> V { .array((names + ["null"]).map(V.string)) }
        switch self {
        case .text: return .object(["type": types("string", "number", "boolean")])
        case .flag: return .object(["type": types("boolean")])
        case .whole: return .object(["type": types("integer")])
        case .number: return .object(["type": types("number")])
        case .oneOf(let words): return .object(["enum": .array(words.map(V.string) + [.null])])
        case .list(let item): return .object(["type": types("array"), "items": item.jsonSchema])
        case .object(let object): return object.jsonSchema
        case .map(let value): return .object(["type": .string("object"), "additionalProperties": value.jsonSchema])
        case .either(let shapes): return .object(["anyOf": .array(shapes.map(\.jsonSchema))])
        case .any: return .object([:])
        }
    }
}

/// A mapping whose keys are known: each field with its shape and what it is for.
package struct YAMLFields: Sendable {
    package struct Field: Sendable {
        package var name: String
        package var shape: YAMLShape
        package var doc: String

        package init(_ name: String, _ shape: YAMLShape, _ doc: String) {
            self.name = name
            self.shape = shape
            self.doc = doc
        }
    }

    package let fields: [Field]
    package let required: [String]
    /// The keys the loader accepts, in the order declared.
    package let keys: [String]

    package init(_ fields: [Field], required: [String] = []) {
        self.fields = fields
        self.required = required
        keys = fields.map(\.name)
    }

    package var jsonSchema: JSONText.Value {
        var properties: [String: JSONText.Value] = [:]
        for field in fields {
            var schema = field.shape.jsonSchema
            if case .object(var members) = schema {
                members["description"] = .string(field.doc)
                schema = .object(members)
            }
            properties[field.name] = schema
        }
        var members: [String: JSONText.Value] = ["type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false)]
        if !required.isEmpty { members["required"] = .array(required.map(JSONText.Value.string)) }
        return .object(members)
    }

    /// The whole file's schema, with its title.
    package func fileSchema(title: String, description: String) -> String {
        guard case .object(var members) = jsonSchema else { return "" }
        members["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        members["title"] = .string(title)
        members["description"] = .string(description)
        return JSONText.pretty(.object(members))
    }
}
