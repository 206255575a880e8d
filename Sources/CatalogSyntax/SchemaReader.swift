import Foundation
import Yams
import CatalogCore

/// A YAML mapping whose keys were checked against the content format.
package struct YAMLObject {
    package let node: Node
    package let location: SourceLocation
    /// Keys in the order they were written.
    package let keys: [String]
    /// The pairs, searched in order: objects in the content format have a handful of keys, for
    /// which a scan beats building hash tables.
    private let pairs: [(key: String, keyNode: Node, value: Node)]

    package init(node: Node, location: SourceLocation, pairs: [(key: String, keyNode: Node, value: Node)]) {
        self.node = node
        self.location = location
        keys = pairs.map(\.key)
        self.pairs = pairs
    }

    /// The value of `key` (the last one written, when a key repeats).
    package subscript(key: String) -> Node? { pairs.last { $0.key == key }?.value }

    package func keyNode(_ key: String) -> Node? { pairs.last { $0.key == key }?.keyNode }
}

/// Reads YAML nodes against the content format and records a diagnostic, with its
/// `file:line:col`, for every unknown key, missing key, wrong type and bad value.
package struct SchemaReader {
    package let file: String
    package let lineOffset: Int
    package private(set) var diagnostics: [Diagnostic] = []

    package init(file: String, lineOffset: Int = 0) {
        self.file = file
        self.lineOffset = lineOffset
    }

    package func location(of node: Node?) -> SourceLocation {
        guard let mark = node?.mark else { return SourceLocation(file: file, line: 1 + lineOffset) }
        return SourceLocation(file: file, line: mark.line + lineOffset, column: mark.column)
    }

    package mutating func error(_ rule: RuleID, _ message: String, at node: Node?) {
        diagnostics.append(.error(rule, message, at: location(of: node)))
    }

    package mutating func error(_ rule: RuleID, _ message: String, at location: SourceLocation) {
        diagnostics.append(.error(rule, message, at: location))
    }

    package mutating func warning(_ rule: RuleID, _ message: String, at node: Node?) {
        diagnostics.append(.warning(rule, message, at: location(of: node)))
    }

    // MARK: Mappings

    /// A value taken as written, for the templates (`extra:`): scalars as text, `true`/`false`
    /// as booleans, sequences and mappings as they are.
    package func free(_ node: Node) -> FreeValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, let flag = Self.boolValue(scalar.string) { return .bool(flag) }
            return .text(scalar.string)
        case .sequence(let sequence):
            return .list(sequence.map { free($0) })
        case .mapping(let mapping):
            return .map(mapping.map { FreeValue.Pair(key: $0.key.string ?? "\($0.key)", value: free($0.value)) })
        case .alias:
            return .text("")
        }
    }

    /// Reads a mapping whose keys are `fields`' (`FileFormats`), reporting unknown and missing keys
    /// as `object(_:_:keys:required:)` does.
    package mutating func object(
        _ node: Node?, _ path: String, fields: YAMLFields,
        missingHint: [String: String] = [:], at fallback: SourceLocation? = nil, unknownKeyAdvice: String = ""
    ) -> YAMLObject? {
        object(node, path, keys: fields.keys, required: fields.required, missingHint: missingHint, at: fallback, unknownKeyAdvice: unknownKeyAdvice)
    }

    /// Reads a mapping whose keys must come from `keys`; reports unknown keys (with a
    /// did-you-mean) and missing `required` ones. `path` names the value in messages.
    package mutating func object(
        _ node: Node?, _ path: String, keys allowed: [String], required: [String] = [],
        missingHint: [String: String] = [:], at fallback: SourceLocation? = nil, unknownKeyAdvice: String = ""
    ) -> YAMLObject? {
        guard let node else { return nil }
        guard case .mapping(let mapping) = node else {
            error(.schemaType, "\(path) must be a mapping of keys to values, not \(Self.kind(of: node))", at: node)
            return nil
        }
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                error(.schemaType, "a key in \(path) must be plain text", at: keyNode)
                continue
            }
            let key = scalar.string
            if !allowed.contains(key), let quoteHint = Self.commaSplitHint(keyNode, value: value, in: node) {
                error(.yamlUnquotedComma, "unknown key '\(key)' in \(path)\(quoteHint)", at: keyNode)
                continue
            }
            if !allowed.contains(key) {
                let hint = DidYouMean.hint(for: key, in: allowed)
                let list = hint.isEmpty ? "; allowed keys: \(allowed.joined(separator: ", "))" : ""
                error(.schemaUnknownKey, "unknown key '\(key)' in \(path)\(hint)\(list)\(unknownKeyAdvice)", at: keyNode)
                continue
            }
            pairs.append((key, keyNode, value))
        }
        let object = YAMLObject(node: node, location: fallback ?? location(of: node), pairs: pairs)
        for key in required where object[key] == nil || isNull(object[key]!) {
            let hint = missingHint[key].map { ": \($0)" } ?? ""
            if let value = object[key] {
                error(.schemaMissingKey, "\(path).\(key) is empty\(hint)", at: value)
            } else {
                error(.schemaMissingKey, "missing required key '\(key)' in \(path)\(hint)", at: object.location)
            }
        }
        return object
    }

    /// A mapping with free keys (platform names, axis names, criterion ids), in written order.
    package mutating func entries(_ node: Node?, _ path: String) -> [(key: Located<String>, value: Node)]? {
        guard let node else { return nil }
        guard case .mapping(let mapping) = node else {
            error(.schemaType, "\(path) must be a mapping of keys to values, not \(Self.kind(of: node))", at: node)
            return nil
        }
        var result: [(key: Located<String>, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                error(.schemaType, "a key in \(path) must be plain text", at: keyNode)
                continue
            }
            if let hint = Self.commaSplitHint(keyNode, value: value, in: node) {
                error(.yamlUnquotedComma, "'\(scalar.string)' in \(path) is a key with no value\(hint)", at: keyNode)
                continue
            }
            result.append((Located(scalar.string, at: location(of: keyNode)), value))
        }
        return result
    }

    /// Inside `{ … }` a comma ends a value, so `{ figma: Price, in pounds }` reads `in pounds`
    /// as a key with no value: the advice to quote the value before it, or nil when the entry
    /// is not such a piece. Such a key has no `:` after it: its empty value starts where the key
    /// ends, or one space later before the closing `}` (written `key: ` with nothing after, the
    /// value starts after the colon and its space).
    package static func commaSplitHint(_ keyNode: Node, value: Node, in mapping: Node) -> String? {
        // A flow mapping starts at its `{`, before its first key; a block mapping at its first key.
        guard case .mapping(let entries) = mapping, let first = entries.keys.first?.mark, let start = mapping.mark,
              (start.line, start.column) != (first.line, first.column) else { return nil }
        guard case .scalar(let keyScalar) = keyNode, keyScalar.style == .plain, let keyMark = keyScalar.mark,
              case .scalar(let scalar) = value, scalar.string.isEmpty, scalar.style == .plain,
              let valueMark = scalar.mark, valueMark.line == keyMark.line,
              case let end = keyMark.column + keyScalar.string.unicodeScalars.count,
              valueMark.column == end || valueMark.column == end + 1 else { return nil }
        let key = keyScalar.string
        return "; inside `{ … }` a comma ends a value, so if '\(key)' belongs to the value before it, put that whole value in quotes (such as \"Price, \(key)\")"
    }

    // MARK: Scalars

    /// Text; nil (with no diagnostic) when absent or null.
    package mutating func string(_ node: Node?, _ path: String) -> Located<String>? {
        guard let node, !isNull(node) else { return nil }
        guard case .scalar(let scalar) = node else {
            error(.schemaType, "\(path) must be text, not \(Self.kind(of: node))", at: node)
            return nil
        }
        return Located(scalar.string, at: location(of: node))
    }

    /// `$schema:`, which any YAML file of a catalog may have: the JSON Schema an editor checks it
    /// with (`schemas/` in the repository and in every built site). Read for its type only.
    package static let editorSchemaKey = "$schema"

    package mutating func editorSchema(_ node: Node?) {
        _ = string(node, Self.editorSchemaKey)
    }

    /// `extra:` in component.yaml: any YAML value, kept as written for the theme and the data.
    package mutating func anyExtra(_ node: Node?) -> FreeValue? {
        guard let node, !isNull(node) else { return nil }
        return free(node)
    }

    /// `extra:`: any mapping, kept as written for the templates.
    package mutating func extra(_ node: Node?) -> FreeValue? {
        guard let node, !isNull(node) else { return nil }
        guard case .mapping = node else {
            error(.schemaType, "extra must be a mapping of your own keys to values, not \(Self.kind(of: node))", at: node)
            return nil
        }
        return free(node)
    }

    package mutating func bool(_ node: Node?, _ path: String) -> Located<Bool>? {
        guard let node, !isNull(node) else { return nil }
        if case .scalar(let scalar) = node, let value = Self.boolValue(scalar.string) {
            return Located(value, at: location(of: node))
        }
        error(.schemaType, "\(path) must be true or false, not \(Self.describe(node))", at: node)
        return nil
    }

    package mutating func int(_ node: Node?, _ path: String) -> Located<Int>? {
        guard let node, !isNull(node) else { return nil }
        if case .scalar(let scalar) = node, let value = Int(scalar.string.replacingOccurrences(of: "_", with: "")) {
            return Located(value, at: location(of: node))
        }
        error(.schemaType, "\(path) must be a whole number, not \(Self.describe(node))", at: node)
        return nil
    }

    /// Text that must be one of `allowed` (compared exactly; a near miss gets a suggestion).
    package mutating func oneOf(_ node: Node?, _ path: String, _ allowed: [String]) -> Located<String>? {
        guard let value = string(node, path) else { return nil }
        guard allowed.contains(value.value) else {
            let hint = DidYouMean.hint(for: value.value, in: allowed)
            error(.schemaEnum, "\(path) must be one of \(allowed.joined(separator: ", ")), not '\(value.value)'\(hint)", at: node)
            return nil
        }
        return value
    }

    // MARK: Sequences

    package mutating func list(_ node: Node?, _ path: String) -> [Node]? {
        guard let node, !isNull(node) else { return nil }
        guard case .sequence(let sequence) = node else {
            error(.schemaType, "\(path) must be a list (each item on a line starting with `- `, or `[a, b]`), not \(Self.kind(of: node))", at: node)
            return nil
        }
        return Array(sequence)
    }

    package mutating func stringList(_ node: Node?, _ path: String) -> [Located<String>]? {
        guard let items = list(node, path) else { return nil }
        return items.enumerated().compactMap { index, item in string(item, "\(path)[\(index)]") }
    }

    /// A mapping of free keys to text, such as `platforms: { figma: …, swiftui: … }`.
    package mutating func stringMap(_ node: Node?, _ path: String) -> [(key: Located<String>, value: Located<String>)]? {
        guard let entries = entries(node, path) else { return nil }
        return entries.compactMap { entry in
            guard let value = string(entry.value, "\(path).\(entry.key.value)") else {
                if isNull(entry.value) { return (entry.key, Located("", at: location(of: entry.value))) }
                return nil
            }
            return (entry.key, value)
        }
    }

    // MARK: Helpers

    package func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    package static func boolValue(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    package static func kind(of node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: "text"
        case .alias: "an alias"
        }
    }

    package static func describe(_ node: Node) -> String {
        if case .scalar(let scalar) = node { return "'\(scalar.string)'" }
        return kind(of: node)
    }
}
