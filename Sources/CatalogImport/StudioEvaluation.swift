import Foundation
import CatalogCore
import CatalogModel

/// Tokens Studio values that a DTCG file cannot hold as written, computed the way Tokens Studio
/// computes them: arithmetic (`{spacing.base} * 2`), colour modifiers
/// (`$extensions.studio.tokens.modify`), `rgba({colour}, 0.5)`, and Primer's `alpha` beside a
/// colour. References in them are followed through the sets a theme loads, so a value that
/// depends on a theme is computed once per theme.
package struct StudioEvaluation {
    package typealias Value = TokenImport.Value

    /// A token as one set defines it.
    package struct Definition {
        package var set: String
        package var value: Value
        package var type: String?
        package var token: Value
    }

    package struct Failure: Error { package var reason: String

package init(reason: String) {
    self.reason = reason
} }

    /// Each set's tokens by dotted path, in the order the sets were given.
    package private(set) var definitions: [String: [String: Definition]] = [:]
    /// The tokens whose value must be computed: (set, path).
    package private(set) var computed: [(set: String, path: String)] = []

    package init(sets: [(name: String, members: [Value.Member])]) {
        for set in sets {
            var flat: [String: Definition] = [:]
            Self.flatten(set.members, path: [], type: nil, set: set.name, into: &flat)
            definitions[set.name] = flat
            for (path, definition) in flat.sorted(by: { $0.key < $1.key }) where Self.needsComputing(definition) {
                computed.append((set.name, path))
            }
        }
    }

    private static func flatten(_ members: [Value.Member], path: [String], type: String?, set: String, into flat: inout [String: Definition]) {
        let groupType = members.first { $0.key == "$type" || $0.key == "type" }?.value.string ?? type
        for member in members where !member.key.hasPrefix("$") || member.key == "$root" {
            guard case .object(let children) = member.value else { continue }
            let name = path + [member.key]
            if let value = member.value["$value"] ?? member.value["value"] {
                let ownType = (member.value["$type"] ?? member.value["type"])?.string ?? groupType
                flat[name.joined(separator: ".")] = Definition(set: set, value: value, type: ownType, token: member.value)
            } else {
                flatten(children, path: name, type: groupType, set: set, into: &flat)
            }
        }
    }

    /// The Tokens Studio colour modifier of a token, if it has one.
    package static func modifier(of token: Value) -> Value? {
        token["$extensions"]?["studio.tokens"]?["modify"]
    }

    /// Whether the value has to be computed: arithmetic anywhere in it, a colour modifier, a
    /// colour function around a reference, or Primer's `alpha` on a colour.
    package static func needsComputing(_ definition: Definition) -> Bool {
        if modifier(of: definition.token) != nil { return true }
        if definition.type == "typography", let members = definition.value.members,
           members.contains(where: { $0.value.string.map(TokenImport.isReference) == true }) { return true }
        if definition.token["alpha"] != nil, definition.type == "color" { return true }
        return containsExpression(definition.value, type: definition.type)
    }

    /// Whether a value of `type` may hold arithmetic: measures and numbers, not colours, font
    /// families, easing curves or other text.
    package static func isArithmetic(_ type: String?) -> Bool {
        guard let type else { return true }
        return !["color", "fontFamilies", "fontFamily", "cubicBezier", "textCase", "textDecoration", "asset", "other", "strokeStyle", "fontWeights", "fontWeight"].contains(type)
    }

    /// The type a field of a composite has, for deciding where arithmetic may be.
    package static func fieldType(_ key: String) -> String? {
        switch key {
        case "color": "color"
        case "fontFamily": "fontFamily"
        case "fontWeight": "fontWeight"
        case "textCase", "textDecoration", "style", "type": "other"
        default: nil
        }
    }

    private static func containsExpression(_ value: Value, type: String?) -> Bool {
        switch value {
        case .string(let text):
            if TokenImport.isReference(text) { return false }
            if type == "color" { return text.contains("{") }
            guard isArithmetic(type) else { return false }
            if text.contains("{") { return true }
            return StudioMath.isExpression(text)
        case .array(let items): return items.contains { containsExpression($0, type: type) }
        case .object(let members):
            if value["colorSpace"] != nil { return false }
            return members.contains { containsExpression($0.value, type: fieldType($0.key)) }
        default: return false
        }
    }

    /// The tokens a definition's value (and its colour modifier) names.
    package static func references(of definition: Definition) -> [String] {
        var texts: [String] = []
        func collect(_ value: Value) {
            switch value {
            case .string(let text): texts.append(text)
            case .array(let items): items.forEach(collect)
            case .object(let members): members.forEach { collect($0.value) }
            default: break
            }
        }
        collect(definition.value)
        if let modify = modifier(of: definition.token) { collect(modify) }
        var found: [String] = []
        for text in texts {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                found.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
        }
        return found
    }

    /// Every token a value refers to, directly or through other tokens.
    package static func dependencies(of definition: Definition, in tokens: [String: Definition]) -> Set<String> {
        var found = Set<String>()
        var pending = [definition]
        while let next = pending.popLast() {
            for path in references(of: next) where found.insert(path).inserted {
                if let target = tokens[path] { pending.append(target) }
            }
        }
        return found
    }

    // MARK: Resolving in one theme

    /// The tokens a theme sees: the sets it loads, later ones overriding earlier ones.
    package func merged(_ sets: [String]) -> [String: Definition] {
        var result: [String: Definition] = [:]
        for set in sets {
            for (path, definition) in definitions[set] ?? [:] { result[path] = definition }
        }
        return result
    }

    /// Computes values within one theme, remembering what it has computed.
    package struct Theme {
        package let tokens: [String: Definition]
        package var memo: [String: Swift.Result<Value, Failure>] = [:]
        package var visiting = Set<String>()

        package init(tokens: [String: Definition]) { self.tokens = tokens }

        /// The value of the token at `path` with every reference replaced and everything computed.
        package mutating func literal(_ path: String) -> Swift.Result<Value, Failure> {
            if let known = memo[path] { return known }
            guard let definition = tokens[path] else {
                return .failure(Failure(reason: "'{\(path)}' names no token in the sets this theme loads"))
            }
            guard visiting.count < 100 else {
                return .failure(Failure(reason: "the chain of references through '{\(path)}' is more than 100 long"))
            }
            guard visiting.insert(path).inserted else {
                return .failure(Failure(reason: "'{\(path)}' refers back to itself"))
            }
            defer { visiting.remove(path) }
            let result: Swift.Result<Value, Failure>
            do throws(Failure) {
                result = .success(try computeNow(definition))
            } catch {
                result = .failure(error)
            }
            memo[path] = result
            return result
        }

        /// The definition's value, computed: references replaced, arithmetic evaluated, the
        /// colour modifier and Primer's `alpha` applied.
        package mutating func compute(_ definition: Definition) throws(Failure) -> Value {
            warm(definition)
            return try computeNow(definition)
        }

        /// Computes what the definition refers to first, deepest first and without recursion, so
        /// a long chain of references is a loop here rather than a deep stack below.
        private mutating func warm(_ definition: Definition) {
            var stack = StudioEvaluation.references(of: definition).map { ($0, false) }
            var seen = Set<String>()
            while let (path, expanded) = stack.popLast() {
                if expanded {
                    _ = literal(path)
                    continue
                }
                guard memo[path] == nil, seen.insert(path).inserted, let target = tokens[path] else { continue }
                stack.append((path, true))
                for reference in StudioEvaluation.references(of: target) where memo[reference] == nil && !seen.contains(reference) {
                    stack.append((reference, false))
                }
            }
        }

        private mutating func computeNow(_ definition: Definition) throws(Failure) -> Value {
            if definition.type == "typography", case .object(let members) = definition.value {
                return try typography(members)
            }
            var value = try substitute(definition.value, type: definition.type)
            if definition.type == "color" {
                if let modify = StudioEvaluation.modifier(of: definition.token) {
                    value = try applyModifier(modify, to: value)
                }
                if let alpha = definition.token["alpha"] {
                    let amount: Double
                    switch alpha {
                    case .number(let number): amount = number
                    case .string(let text): amount = try number(text, what: "its alpha")
                    default: throw Failure(reason: "its alpha must be a number")
                    }
                    guard var colour = StudioEvaluation.colour(value) else { throw Failure(reason: "its alpha applies to a value that is not a colour") }
                    colour.alpha = max(0, min(1, amount))
                    value = StudioEvaluation.value(of: colour)
                }
            }
            return value
        }

        private mutating func substitute(_ value: Value, type: String?) throws(Failure) -> Value {
            switch value {
            case .string(let text):
                if TokenImport.isReference(text) {
                    switch literal(String(text.dropFirst().dropLast())) {
                    case .success(let target): return target
                    case .failure(let failure): throw failure
                    }
                }
                var replaced = text
                if text.contains("{") {
                    replaced = ""
                    var rest = Substring(text)
                    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                        replaced += rest[..<open]
                        let target: Value
                        switch literal(String(rest[rest.index(after: open)..<close])) {
                        case .success(let found): target = found
                        case .failure(let failure): throw failure
                        }
                        replaced += StudioEvaluation.text(of: target)
                        rest = rest[rest.index(after: close)...]
                    }
                    replaced += rest
                }
                if StudioEvaluation.isArithmetic(type), StudioMath.isExpression(replaced) {
                    do throws(StudioMath.Failure) {
                        return .string(try StudioMath.evaluate(replaced).text)
                    } catch {
                        throw Failure(reason: "'\(text)' cannot be computed: \(error.reason)")
                    }
                }
                return .string(replaced)
            case .array(let items):
                var result: [Value] = []
                for item in items { result.append(try substitute(item, type: type)) }
                return .array(result)
            case .object(let members):
                // A DTCG colour object or dimension is already a value.
                if value["colorSpace"] != nil || (value["unit"] != nil && members.count == 2) { return value }
                var result: [Value.Member] = []
                for member in members { result.append(Value.Member(key: member.key, value: try substitute(member.value, type: StudioEvaluation.fieldType(member.key)))) }
                return .object(result)
            default:
                return value
            }
        }

        /// A typography whose fields name other tokens: a reference DTCG can keep (a font family
        /// token for `fontFamily`, a length for `letterSpacing`, a ratio for `lineHeight`…) is
        /// kept; one it cannot (`textCase`, a font family typed `text`, a letter spacing of
        /// `-1%`, a line height in pixels) is replaced by the value it names, and the font size
        /// too when a share or a length must be divided by it.
        private mutating func typography(_ members: [Value.Member]) throws(Failure) -> Value {
            func target(_ value: Value) -> (path: String, type: String?)? {
                guard let text = value.string, TokenImport.isReference(text) else { return nil }
                let path = String(text.dropFirst().dropLast())
                guard let definition = tokens[path] else { return nil }
                return (path, definition.type)
            }
            func resolve(_ path: String) throws(Failure) -> Value {
                switch self.literal(path) {
                case .success(let value): return value
                case .failure(let failure): throw failure
                }
            }
            var result: [Value.Member] = []
            var fontSizeReference: (index: Int, path: String)?
            var sizeNeeded = false
            for member in members {
                guard let (path, type) = target(member.value) else {
                    // A reference to a token no set defines stays as written, for `check` to name.
                    if let text = member.value.string, TokenImport.isReference(text) {
                        result.append(member)
                        continue
                    }
                    let written = try substitute(member.value, type: StudioEvaluation.fieldType(member.key))
                    // A share written as it is (`2%`) or a line height in pixels needs the font
                    // size as a number too, even when the size is a reference: the size of each
                    // theme, so the length is each theme's.
                    if member.key == "letterSpacing", StudioEvaluation.isShare(written) { sizeNeeded = true }
                    if member.key == "lineHeight", TokenImport.isLength(written) { sizeNeeded = true }
                    result.append(Value.Member(key: member.key, value: written))
                    continue
                }
                let resolved = try resolve(path)
                let mapped = type.flatMap { TokenImport.typeNames[$0] }
                let keep: Bool
                switch member.key {
                case "fontFamily":
                    keep = mapped == .fontFamily
                case "fontWeight":
                    keep = mapped == .fontWeight && !StudioEvaluation.text(of: resolved).lowercased().contains("italic") && !StudioEvaluation.text(of: resolved).lowercased().contains("oblique")
                case "fontSize":
                    keep = mapped == .dimension && StudioEvaluation.isMeasure(resolved)
                    if keep { fontSizeReference = (result.count, path) }
                case "letterSpacing":
                    let share = StudioEvaluation.isShare(resolved)
                    if share { sizeNeeded = true }
                    keep = mapped == .dimension && !share && StudioEvaluation.isMeasure(resolved)
                case "lineHeight":
                    let length = TokenImport.isLength(resolved)
                    if length { sizeNeeded = true }
                    keep = mapped == .number && !length
                case "textCase", "textDecoration":
                    keep = false
                default:
                    keep = true
                }
                result.append(Value.Member(key: member.key, value: keep ? member.value : resolved))
            }
            if sizeNeeded, let (index, path) = fontSizeReference {
                result[index].value = try resolve(path)
            }
            return .object(result)
        }

        private mutating func number(_ text: String, what: String) throws(Failure) -> Double {
            let computed = try substitute(.string(text), type: nil)
            let written = StudioEvaluation.text(of: computed)
            guard let quantity = StudioMath.plainQuantity(written), quantity.unit.isEmpty || quantity.unit == "%" else {
                throw Failure(reason: "\(what) '\(text)' is not a number")
            }
            return quantity.unit == "%" ? quantity.number / 100 : quantity.number
        }

        private mutating func applyModifier(_ modify: Value, to base: Value) throws(Failure) -> Value {
            guard let type = modify["type"]?.string else { throw Failure(reason: "its colour modifier has no type") }
            guard let colour = StudioEvaluation.colour(base) else {
                throw Failure(reason: "its colour modifier applies to '\(StudioEvaluation.text(of: base))', which is not a colour")
            }
            let amount: Double
            switch modify["value"] {
            case .number(let number)?: amount = number
            case .string(let text)?: amount = try number(text, what: "its modifier's amount")
            default: throw Failure(reason: "its colour modifier has no amount (value)")
            }
            var other: StudioColor?
            if type == "mix" {
                guard let written = modify["color"] else { throw Failure(reason: "its mix modifier names no colour to mix with") }
                let mixed = try substitute(written, type: "color")
                guard let parsed = StudioEvaluation.colour(mixed) else { throw Failure(reason: "its mix colour '\(StudioEvaluation.text(of: mixed))' is not a colour") }
                other = parsed
            }
            do throws(StudioColor.Failure) {
                let result = try colour.modified(type: type, amount: amount, space: modify["space"]?.string ?? "srgb", mixWith: other)
                return StudioEvaluation.value(of: modify["format"]?.string == "hex" ? result.converted(to: "srgb") : result, hex: modify["format"]?.string == "hex")
            } catch {
                throw Failure(reason: error.reason)
            }
        }
    }

    // MARK: Values

    /// A literal as Tokens Studio's text would write it inside an expression.
    package static func text(of value: Value) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return CSSNumber.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .object:
            if let colour = colour(value) {
                if case .string(let hex) = colour.dtcg() { return hex }
                let rgb = colour.converted(to: "srgb")
                return "rgba(\(rgb.components.map { CSSNumber.format(($0 * 255 * 1000).rounded() / 1000) }.joined(separator: ", ")), \(CSSNumber.format(rgb.alpha)))"
            }
            if case .number(let number)? = value["value"], let unit = value["unit"]?.string { return CSSNumber.format(number) + unit }
            return ""
        default: return ""
        }
    }

    /// A value a DTCG dimension holds: a bare number, px or rem, or `{ value, unit }`.
    static func isMeasure(_ value: Value) -> Bool {
        switch value {
        case .number: return true
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return Double(trimmed) != nil || TokenImport.measure(trimmed, units: ["px", "rem"]) != nil
        case .object: return value["unit"]?.string.map { ["px", "rem"].contains($0) } == true
        default: return false
        }
    }

    /// A share of the font size other than none (`-1%`, `0.05em`).
    static func isShare(_ value: Value) -> Bool {
        guard let text = value.string, let (share, _) = TokenImport.measure(text, units: ["%", "em"]) else { return false }
        return share != 0
    }

    package static func colour(_ value: Value) -> StudioColor? {
        if let text = value.string { return StudioColor.parse(text) }
        return StudioColor.object(value)
    }

    /// A computed colour as a token value: hex when it is one, otherwise a DTCG colour object.
    package static func value(of colour: StudioColor, hex: Bool = false) -> Value {
        func convert(_ json: JSONText.Value) -> Value {
            switch json {
            case .string(let text): return .string(text)
            case .number(let literal): return .number(Double(literal) ?? 0)
            case .array(let items): return .array(items.map(convert))
            case .members(let members): return .object(members.map { Value.Member(key: $0.key, value: convert($0.value)) })
            default: return .null
            }
        }
        return convert(colour.dtcg(hex: hex))
    }
}
