import Foundation
import CatalogCore
import CatalogSyntax
import CatalogModel

/// Reads a resolved DTCG 2025.10 `$value` for its `$type`: checks it against the type, field by
/// field for composites, and gives its CSS and colour. A value that does not fit gets a problem
/// said so the author can fix it, and no CSS: nothing invalid reaches an output.
package enum TokenValues {
    /// What a composite's field is read as: a DTCG type, or one of the CSS text keywords design
    /// tools add to a typography.
    package enum FieldKind: Sendable {
        case type(TokenType)
        case fontStyle, textTransform, textDecoration

        /// The keyword field's name (`fontStyle`).
        var keywordName: String {
            switch self {
            case .type(let type): type.rawValue
            case .fontStyle: "fontStyle"
            case .textTransform: "textTransform"
            case .textDecoration: "textDecoration"
            }
        }
    }

    package struct Reading {
        package var css: String?
        package var color: RGBA?
        /// What is wrong with the value, said so the author can fix it.
        package var problem: String?
        /// A composite's fields as CSS, each its own custom property beside the shorthand
        /// (`font-family`, `letter-spacing`, `1-color` for the first shadow of a list…).
        package var parts: [(name: String, css: String)] = []
        /// Where in the value the problem is, when that is a field of a composite on its own line
        /// (reported there rather than at `$value`).
        package var place: (line: Int, column: Int)? = nil

        package init(css: String? = nil, color: RGBA? = nil, problem: String? = nil, place: (line: Int, column: Int)? = nil) {
            self.css = css
            self.color = color
            self.problem = problem
            self.place = place
        }
    }

    /// Said of a value written as an earlier draft of the format wrote it (`"4px"`, `"rgb(…)"`).
    package static let olderDraftHint = " (an earlier draft's form: `catalog-build tokens import` converts such files)"

    /// `letterSpacing` → `letter-spacing`.
    package static func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
        return result
    }

    /// The fields of a composite in `order`, as custom-property parts, with a prefix.
    private static func parts(_ css: [String: String], order: [String], prefix: String = "") -> [(name: String, css: String)] {
        order.compactMap { name in css[name].map { (prefix + kebab(name), $0) } }
    }

    /// A token's value for its type (nil: none could be determined).
    package static func read(_ value: JSONNode, type: TokenType?) -> Reading {
        guard let type else {
            return Reading(problem: "its type cannot be determined: add \"$type\" to the token or a group around it, or make its value an alias to a typed token")
        }
        // A number too large for a double (`1e999`) would reach the stylesheet as `inf`.
        if let literal = firstNonFinite(value) {
            return Reading(problem: "the number \(literal) is out of range; a token's numbers must be finite (at most about 1.8e308)")
        }
        return read(value, as: .type(type))
    }

    /// The first number literal in `value` that no double holds, as written.
    private static func firstNonFinite(_ value: JSONNode) -> String? {
        switch value.value {
        case .number(let number, let literal): return number.isFinite ? nil : literal
        case .array(let items): return items.lazy.compactMap(firstNonFinite).first
        case .object(let members): return members.lazy.compactMap { firstNonFinite($0.value) }.first
        default: return nil
        }
    }

    private static func read(_ value: JSONNode, as kind: FieldKind) -> Reading {
        switch kind {
        case .type(let type):
            switch type {
            case .color: return color(value)
            case .dimension: return measured(value, units: ["px", "rem"], type: "dimension", example: #"{ "value": 16, "unit": "px" }"#)
            case .duration: return measured(value, units: ["ms", "s"], type: "duration", example: #"{ "value": 200, "unit": "ms" }"#)
            case .number:
                guard let number = value.number else { return Reading(problem: "a number token's $value must be a number, not \(value.kindName)") }
                return Reading(css: CSSNumber.format(number))
            case .fontWeight: return fontWeight(value)
            case .fontFamily: return fontFamily(value)
            case .cubicBezier: return cubicBezier(value)
            case .strokeStyle: return strokeStyle(value)
            case .border: return border(value)
            case .transition: return transition(value)
            case .shadow: return shadow(value)
            case .gradient: return gradient(value)
            case .typography: return typography(value)
            }
        case .fontStyle, .textTransform, .textDecoration:
            return keyword(value, of: kind.keywordName)
        }
    }

    /// The fields of a composite value, each read as its own type; the problem names every field
    /// that is wrong, not only the first.
    private static func fields(_ value: JSONNode, of type: String, _ spec: [(name: String, kind: FieldKind, required: Bool)]) -> (css: [String: String], colors: [String: RGBA], problem: String?, place: (line: Int, column: Int)?) {
        guard let members = value.members else {
            return ([:], [:], "a \(type) token's $value must be an object with \(spec.map(\.name).joined(separator: ", ")), not \(value.kindName)", nil)
        }
        let known = Set(spec.map(\.name))
        if let extra = members.first(where: { !known.contains($0.key) }) {
            return ([:], [:], "a \(type) has no field '\(extra.key)'\(DidYouMean.hint(for: extra.key, in: spec.map(\.name))); its fields are \(spec.map(\.name).joined(separator: ", "))", (extra.keyLine, extra.keyColumn))
        }
        var css: [String: String] = [:]
        var colors: [String: RGBA] = [:]
        var problems: [String] = []
        var place: (line: Int, column: Int)?
        for field in spec {
            guard let node = value[field.name] else {
                if field.required { problems.append("a \(type) needs '\(field.name)'") }
                continue
            }
            let reading = read(node, as: field.kind)
            if let problem = reading.problem {
                problems.append("its \(field.name): \(problem)")
                if place == nil { place = reading.place ?? (node.line, node.column) }
                continue
            }
            css[field.name] = reading.css
            colors[field.name] = reading.color
        }
        guard problems.isEmpty else {
            // The hint about earlier drafts once, at the end, however many fields need it.
            let hinted = problems.contains { $0.hasSuffix(olderDraftHint) }
            let joined = problems.map { $0.hasSuffix(olderDraftHint) ? String($0.dropLast(olderDraftHint.count)) : $0 }.joined(separator: "; ")
            return ([:], [:], joined + (hinted ? olderDraftHint : ""), place)
        }
        return (css, colors, nil, nil)
    }

    // MARK: Colour

    /// The range of each component of a colour space (nil: any number).
    private static let componentRanges: [String: [(ClosedRange<Double>?, halfOpen: Bool)]] = {
        let unit = (ClosedRange<Double>?.some(0...1), false)
        let hue = (ClosedRange<Double>?.some(0...360), true)
        let percent = (ClosedRange<Double>?.some(0...100), false)
        let any = (ClosedRange<Double>?.none, false)
        let nonNegative = (ClosedRange<Double>?.some(0...Double.greatestFiniteMagnitude), false)
        return [
            "srgb": [unit, unit, unit], "srgb-linear": [unit, unit, unit], "display-p3": [unit, unit, unit],
            "a98-rgb": [unit, unit, unit], "prophoto-rgb": [unit, unit, unit], "rec2020": [unit, unit, unit],
            "hsl": [hue, percent, percent], "hwb": [hue, percent, percent],
            "lab": [percent, any, any], "lch": [percent, nonNegative, hue],
            "oklab": [unit, any, any], "oklch": [unit, nonNegative, hue],
            "xyz-d65": [any, any, any], "xyz-d50": [any, any, any],
        ]
    }()

    private static func color(_ value: JSONNode) -> Reading {
        if let text = value.string {
            guard let rgba = RGBA(hex: text) else {
                let olderDraft = ["rgb", "hsl", "hwb"].contains(where: { text.lowercased().hasPrefix($0) }) ? olderDraftHint : ""
                return Reading(problem: "'\(text)' is not a colour; write a hex colour such as \"#005CE5\" or an object { \"colorSpace\": \"srgb\", \"components\": [r, g, b] }\(olderDraft)")
            }
            return Reading(css: text, color: rgba)
        }
        guard let members = value.members else {
            return Reading(problem: "a colour's $value must be an object with colorSpace and components (or a hex string), not \(value.kindName)")
        }
        if let extra = members.first(where: { !["colorSpace", "components", "alpha", "hex"].contains($0.key) }) {
            return Reading(problem: "a colour has no field '\(extra.key)'; its fields are colorSpace, components, alpha and hex")
        }
        guard let space = value["colorSpace"]?.string else {
            return Reading(problem: "a colour object needs \"colorSpace\" (for example \"srgb\")")
        }
        guard let ranges = componentRanges[space] else {
            return Reading(problem: "unknown colorSpace '\(space)'\(DidYouMean.hint(for: space, in: ColorSpaceConversion.supported)); use one of \(ColorSpaceConversion.supported.joined(separator: ", "))")
        }
        guard case .array(let items)? = value["components"]?.value else {
            return Reading(problem: "a colour object needs \"components\": a list of three numbers")
        }
        guard items.count == 3 else { return Reading(problem: "a colour in \(space) has three components, not \(items.count)") }
        var components: [Double] = []
        for (index, (item, range)) in zip(items, ranges).enumerated() {
            if item.string == "none" {
                components.append(0)
                continue
            }
            guard let number = item.number else {
                return Reading(problem: "colour component \(index + 1) must be a number or \"none\", not \(item.kindName)")
            }
            if let bounds = range.0, !bounds.contains(number) || (range.halfOpen && number == bounds.upperBound) {
                let shown = bounds.upperBound == .greatestFiniteMagnitude ? "0 or more" : "\(CSSNumber.format(bounds.lowerBound))–\(CSSNumber.format(bounds.upperBound))\(range.halfOpen ? " (not \(CSSNumber.format(bounds.upperBound)))" : "")"
                return Reading(problem: "colour component \(index + 1) of \(space) must be \(shown), not \(CSSNumber.format(number))")
            }
            components.append(number)
        }
        var alpha = 1.0
        if let alphaNode = value["alpha"] {
            guard let number = alphaNode.number, (0...1).contains(number) else {
                return Reading(problem: "a colour's alpha must be a number from 0 to 1")
            }
            alpha = number
        }
        var hexText: String?
        if let hexNode = value["hex"] {
            guard let text = hexNode.string, text.count == 7, RGBA(hex: text) != nil else {
                // A short form names its six digits: each digit written twice.
                if let text = hexNode.string, [4, 5].contains(text.count), let short = RGBA(hex: text) {
                    let six = String(short.hex.prefix(7))
                    let alpha = text.count == 5 ? " and \"alpha\": \(CSSNumber.format((short.alpha * 1000).rounded() / 1000))" : ""
                    return Reading(problem: "\"hex\" must be six digits; write '\(six)'\(alpha) for '\(text)' (each digit of the short form twice)")
                }
                return Reading(problem: "\"hex\" must be a six-digit hex colour such as \"#C2CFE5\" (alpha goes in \"alpha\"), not \(hexNode.string.map { "'\($0)'" } ?? hexNode.kindName)")
            }
            hexText = text
        }
        var rgba = ColorSpaceConversion.toSRGB(space: space, components, alpha: alpha)
        if rgba == nil, let hexText { rgba = RGBA(hex: hexText).map { RGBA(red: $0.red, green: $0.green, blue: $0.blue, alpha: alpha) } }
        let css: String
        if space == "srgb" {
            css = (alpha >= 1 ? hexText : nil) ?? rgba?.hex ?? ColorSpaceConversion.css(space: space, components, alpha: alpha)
        } else {
            // Wide-gamut and other spaces keep their own notation: nothing is clipped to sRGB.
            css = ColorSpaceConversion.css(space: space, components, alpha: alpha)
        }
        return Reading(css: css, color: rgba.map { RGBA(red: min(1, max(0, $0.red)), green: min(1, max(0, $0.green)), blue: min(1, max(0, $0.blue)), alpha: $0.alpha) })
    }

    // MARK: Simple types

    private static func measured(_ value: JSONNode, units: [String], type: String, example: String) -> Reading {
        guard let members = value.members else {
            let written = value.string.map { "'\($0)'" } ?? value.kindName
            // `"4px"`, `"250ms"`: how earlier drafts of the format wrote them.
            let olderDraft = value.string != nil ? olderDraftHint : ""
            return Reading(problem: "a \(type) must be an object such as \(example), not \(written)\(olderDraft)")
        }
        if let extra = members.first(where: { $0.key != "value" && $0.key != "unit" }) {
            return Reading(problem: "a \(type) has only \"value\" and \"unit\", not '\(extra.key)'")
        }
        guard let amount = value["value"]?.number else { return Reading(problem: "a \(type) needs \"value\": a number, as in \(example)") }
        guard let unit = value["unit"]?.string else { return Reading(problem: "a \(type) needs \"unit\": one of \(units.joined(separator: ", "))") }
        guard units.contains(unit) else {
            return Reading(problem: "unit '\(unit)' is not one of \(units.joined(separator: ", "))\(DidYouMean.hint(for: unit, in: units))")
        }
        return Reading(css: CSSNumber.format(amount) + unit)
    }

    /// DTCG's font weight keywords and the numbers they stand for.
    package static let weightKeywords: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    private static func fontWeight(_ value: JSONNode) -> Reading {
        if let number = value.number, number >= 1, number <= 1000 { return Reading(css: CSSNumber.format(number)) }
        if let keyword = value.string, let weight = weightKeywords[keyword] { return Reading(css: String(weight)) }
        let hint = value.string.map { DidYouMean.hint(for: $0, in: Array(weightKeywords.keys)) } ?? ""
        return Reading(problem: "a fontWeight must be a number from 1 to 1000 or a keyword such as \"bold\"\(hint)")
    }

    /// A font family for CSS: generic names bare, every other name quoted, so a name with a
    /// comma or a space stays one family.
    package static func familyCSS(_ name: String) -> String {
        let generic = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-sans-serif", "ui-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong"]
        return generic.contains(name) ? name : "\"\(name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
    }

    private static func fontFamily(_ value: JSONNode) -> Reading {
        if let name = value.string, !name.isEmpty { return Reading(css: familyCSS(name)) }
        if case .array(let items) = value.value, !items.isEmpty, items.allSatisfy({ $0.string?.isEmpty == false }) {
            return Reading(css: items.map { familyCSS($0.string!) }.joined(separator: ", "))
        }
        return Reading(problem: "a fontFamily must be a name or a list of names")
    }

    private static func cubicBezier(_ value: JSONNode) -> Reading {
        guard case .array(let items) = value.value, items.count == 4, items.allSatisfy({ $0.number != nil }) else {
            return Reading(problem: "a cubicBezier token's $value must be four numbers, like [0.5, 0, 1, 1]")
        }
        let numbers = items.map { $0.number! }
        guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
            return Reading(problem: "a cubicBezier's x values (the first and third numbers) must lie between 0 and 1")
        }
        return Reading(css: "cubic-bezier(\(numbers.map(CSSNumber.format).joined(separator: ", ")))")
    }

    package static let strokeKeywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]

    private static func strokeStyle(_ value: JSONNode) -> Reading {
        if let keyword = value.string {
            guard strokeKeywords.contains(keyword) else {
                return Reading(problem: "'\(keyword)' is not a stroke style\(DidYouMean.hint(for: keyword, in: strokeKeywords)); use one of \(strokeKeywords.joined(separator: ", ")) or { dashArray, lineCap }")
            }
            return Reading(css: keyword)
        }
        guard let members = value.members else { return Reading(problem: "a strokeStyle must be a keyword such as \"solid\" or an object with dashArray and lineCap") }
        if let extra = members.first(where: { $0.key != "dashArray" && $0.key != "lineCap" }) {
            return Reading(problem: "a strokeStyle object has only dashArray and lineCap, not '\(extra.key)'")
        }
        guard case .array(let dashes)? = value["dashArray"]?.value, !dashes.isEmpty else {
            return Reading(problem: "a strokeStyle object needs \"dashArray\": a list of dimensions")
        }
        for dash in dashes {
            if let problem = read(dash, type: .dimension).problem { return Reading(problem: "its dashArray: \(problem)") }
        }
        guard let cap = value["lineCap"]?.string, ["round", "butt", "square"].contains(cap) else {
            return Reading(problem: "a strokeStyle object needs \"lineCap\": round, butt or square")
        }
        // CSS borders have no dash pattern: the nearest keyword stands for it; the pattern
        // itself is kept as its own properties.
        var reading = Reading(css: "dashed")
        reading.parts = [("dash-array", dashes.compactMap { read($0, type: .dimension).css }.joined(separator: " ")), ("line-cap", cap)]
        return reading
    }

    // MARK: Composites

    private static func border(_ value: JSONNode) -> Reading {
        let read = fields(value, of: "border", [("color", .type(.color), true), ("width", .type(.dimension), true), ("style", .type(.strokeStyle), true)])
        if let problem = read.problem { return Reading(problem: problem, place: read.place) }
        var reading = Reading(css: [read.css["width"], read.css["style"], read.css["color"]].compactMap { $0 }.joined(separator: " "))
        reading.parts = parts(read.css, order: ["color", "width", "style"])
        return reading
    }

    private static func transition(_ value: JSONNode) -> Reading {
        let read = fields(value, of: "transition", [("duration", .type(.duration), true), ("delay", .type(.duration), true), ("timingFunction", .type(.cubicBezier), true)])
        if let problem = read.problem { return Reading(problem: problem, place: read.place) }
        var reading = Reading(css: [read.css["duration"], read.css["timingFunction"], read.css["delay"]].compactMap { $0 }.joined(separator: " "))
        reading.parts = parts(read.css, order: ["duration", "delay", "timingFunction"])
        return reading
    }

    /// A shadow layer's fields besides `inset` (true or false, read on its own).
    package static let shadowFields: [(name: String, kind: FieldKind, required: Bool)] = [
        ("color", .type(.color), true), ("offsetX", .type(.dimension), true), ("offsetY", .type(.dimension), true),
        ("blur", .type(.dimension), true), ("spread", .type(.dimension), true),
    ]

    private static func shadow(_ value: JSONNode) -> Reading {
        let layers: [JSONNode]
        if case .array(let items) = value.value {
            guard !items.isEmpty else { return Reading(problem: "a shadow list needs at least one shadow") }
            layers = items
        } else {
            layers = [value]
        }
        var css: [String] = []
        var shadowParts: [(name: String, css: String)] = []
        for (index, layer) in layers.enumerated() {
            var inset = false
            if let flag = layer["inset"] {
                guard case .bool(let isInset) = flag.value else { return Reading(problem: "a shadow's inset must be true or false") }
                inset = isInset
            }
            var stripped = layer
            if case .object(let members) = layer.value { stripped = JSONNode(value: .object(members.filter { $0.key != "inset" }), line: layer.line, column: layer.column) }
            let read = fields(stripped, of: "shadow", shadowFields)
            if let problem = read.problem { return Reading(problem: layers.count > 1 ? "shadow \(index + 1): \(problem)" : problem, place: read.place) }
            // The colour keeps its alpha: a shadow is almost never opaque.
            let pieces = [inset ? "inset" : nil, read.css["offsetX"], read.css["offsetY"], read.css["blur"], read.css["spread"], read.css["color"]]
            css.append(pieces.compactMap { $0 }.joined(separator: " "))
            shadowParts += parts(read.css, order: ["color", "offsetX", "offsetY", "blur", "spread"], prefix: layers.count > 1 ? "\(index + 1)-" : "")
        }
        var reading = Reading(css: css.joined(separator: ", "))
        reading.parts = shadowParts
        return reading
    }

    private static func gradient(_ value: JSONNode) -> Reading {
        guard case .array(let stops) = value.value, !stops.isEmpty else {
            return Reading(problem: "a gradient token's $value must be a non-empty list of stops { color, position }")
        }
        var css: [String] = []
        var stopParts: [(name: String, css: String)] = []
        for (index, stop) in stops.enumerated() {
            let read = fields(stop, of: "gradient stop", [("color", .type(.color), true), ("position", .type(.number), true)])
            if let problem = read.problem { return Reading(problem: "stop \(index + 1): \(problem)", place: read.place) }
            // Positions outside 0–1 count as clamped.
            let position = min(1, max(0, stop["position"]?.number ?? 0))
            css.append("\(read.css["color"] ?? "") \(CSSNumber.format(position * 100))%")
            stopParts += [("\(index + 1)-color", read.css["color"] ?? ""), ("\(index + 1)-position", "\(CSSNumber.format(position * 100))%")]
        }
        var reading = Reading(css: css.joined(separator: ", "))
        reading.parts = stopParts
        return reading
    }

    /// The five fields of 2025.10, and three CSS text properties design tools often add, which
    /// are kept (never dropped) when present.
    package static let typographyFields: [(name: String, kind: FieldKind, required: Bool)] = [
        ("fontFamily", .type(.fontFamily), true), ("fontSize", .type(.dimension), true), ("fontWeight", .type(.fontWeight), true),
        ("letterSpacing", .type(.dimension), true), ("lineHeight", .type(.number), true),
        ("fontStyle", .fontStyle, false), ("textTransform", .textTransform, false), ("textDecoration", .textDecoration, false),
    ]

    package static let textKeywords: [String: [String]] = [
        "fontStyle": ["normal", "italic", "oblique"],
        "textTransform": ["none", "uppercase", "lowercase", "capitalize"],
        "textDecoration": ["none", "underline", "overline", "line-through"],
    ]

    /// The optional typography keywords (`fontStyle: italic`).
    private static func keyword(_ value: JSONNode, of field: String) -> Reading {
        let allowed = textKeywords[field] ?? []
        guard let text = value.string, allowed.contains(text) else {
            return Reading(problem: "\(field) must be one of \(allowed.joined(separator: ", "))")
        }
        return Reading(css: text)
    }

    private static func typography(_ value: JSONNode) -> Reading {
        let read = fields(value, of: "typography", typographyFields)
        if let problem = read.problem { return Reading(problem: problem, place: read.place) }
        guard let size = read.css["fontSize"], let family = read.css["fontFamily"] else { return Reading(problem: "a typography needs fontSize and fontFamily") }
        let font = [read.css["fontStyle"], read.css["fontWeight"], size + (read.css["lineHeight"].map { "/" + $0 } ?? ""), family].compactMap { $0 }
        var reading = Reading(css: font.joined(separator: " "))
        reading.parts = parts(read.css, order: typographyFields.map(\.name))
        return reading
    }
}
