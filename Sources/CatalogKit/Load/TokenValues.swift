import Foundation

/// Reads a resolved DTCG `$value` for its `$type`: checks its shape and gives its CSS and colour.
enum TokenValues {
    static let knownTypes = [
        "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
        "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
    ]

    struct Reading {
        var css: String?
        var color: RGBA?
        /// What is wrong with the value, said so the author can fix it.
        var problem: String?
    }

    static func read(_ value: JSONNode, type: String?) -> Reading {
        switch type {
        case "color": return color(value)
        case "dimension": return measured(value, units: ["px", "rem", "em", "%", "vw", "vh", "pt", "dp", "sp"], what: "a dimension such as \"16px\" or { \"value\": 16, \"unit\": \"px\" }")
        case "duration": return measured(value, units: ["ms", "s"], what: "a duration such as \"200ms\" or { \"value\": 200, \"unit\": \"ms\" }")
        case "number":
            guard let number = value.number else { return Reading(problem: "a number token's $value must be a number, not \(value.kindName)") }
            return Reading(css: CSSNumber.format(number))
        case "fontWeight": return fontWeight(value)
        case "fontFamily": return fontFamily(value)
        case "cubicBezier":
            guard case .array(let items) = value.value, items.count == 4, items.allSatisfy({ $0.number != nil }) else {
                return Reading(problem: "a cubicBezier token's $value must be four numbers, like [0.5, 0, 1, 1]")
            }
            return Reading(css: "cubic-bezier(\(items.map { CSSNumber.format($0.number!) }.joined(separator: ", ")))")
        case "strokeStyle":
            if let text = value.string { return Reading(css: text) }
            if value.members != nil { return Reading(css: "dashed") }
            return Reading(problem: "a strokeStyle token's $value must be a keyword such as \"solid\" or an object")
        case "border":
            guard value.members != nil else { return Reading(problem: "a border token's $value must be an object with color, width and style") }
            let parts = [part(value["width"], "dimension"), part(value["style"], "strokeStyle"), part(value["color"], "color")]
            return Reading(css: parts.compactMap { $0 }.joined(separator: " "))
        case "transition":
            guard value.members != nil else { return Reading(problem: "a transition token's $value must be an object with duration, delay and timingFunction") }
            let parts = [part(value["duration"], "duration"), part(value["timingFunction"], "cubicBezier"), part(value["delay"], "duration")]
            return Reading(css: parts.compactMap { $0 }.joined(separator: " "))
        case "shadow": return shadow(value)
        case "gradient":
            guard case .array(let stops) = value.value else { return Reading(problem: "a gradient token's $value must be a list of stops") }
            let css = stops.compactMap { stop -> String? in
                guard let color = part(stop["color"], "color") else { return nil }
                let position = stop["position"]?.number.map { " \(CSSNumber.format($0 * 100))%" } ?? ""
                return color + position
            }
            return Reading(css: css.joined(separator: ", "))
        case "typography":
            guard value.members != nil else { return Reading(problem: "a typography token's $value must be an object") }
            let weight = part(value["fontWeight"], "fontWeight")
            let size = part(value["fontSize"], "dimension")
            let lineHeight = value["lineHeight"].flatMap { $0.number.map(CSSNumber.format) ?? part($0, "dimension") }
            let family = part(value["fontFamily"], "fontFamily")
            guard let size, let family else { return Reading(css: nil) }
            let font = [weight, size + (lineHeight.map { "/" + $0 } ?? ""), family].compactMap { $0 }
            return Reading(css: font.joined(separator: " "))
        default:
            switch value.value {
            case .string(let text):
                if let color = RGBA(hex: text) { return Reading(css: text, color: color) }
                return Reading(css: text)
            case .number(let number, _): return Reading(css: CSSNumber.format(number))
            default: return Reading(css: nil)
            }
        }
    }

    private static func part(_ node: JSONNode?, _ type: String) -> String? {
        guard let node else { return nil }
        return read(node, type: type).css
    }

    private static func color(_ value: JSONNode) -> Reading {
        if let text = value.string {
            guard let rgba = RGBA(hex: text) else {
                return Reading(problem: "'\(text)' is not a colour; write a hex colour such as \"#005CE5\" or an object { \"colorSpace\": \"srgb\", \"components\": [r, g, b] }")
            }
            return Reading(css: text, color: rgba)
        }
        guard value.members != nil else {
            return Reading(problem: "a colour's $value must be a hex string or an object with colorSpace and components, not \(value.kindName)")
        }
        guard let space = value["colorSpace"]?.string else {
            return Reading(problem: "a colour object needs \"colorSpace\" (for example \"srgb\")")
        }
        guard ColorSpaceConversion.supported.contains(space) else {
            return Reading(problem: "unknown colorSpace '\(space)'\(DidYouMean.hint(for: space, in: ColorSpaceConversion.supported))")
        }
        guard case .array(let items)? = value["components"]?.value, items.count == 3 else {
            return Reading(problem: "a colour object needs \"components\": three numbers")
        }
        var components: [Double] = []
        for item in items {
            if let number = item.number {
                components.append(number)
            } else if item.string == "none" {
                components.append(0)
            } else {
                return Reading(problem: "colour components must be numbers (or \"none\"), not \(item.kindName)")
            }
        }
        let alpha = value["alpha"]?.number ?? 1
        let hexText = value["hex"]?.string
        if let hexText, RGBA(hex: hexText) == nil {
            return Reading(problem: "\"hex\" must be a hex colour such as \"#C2CFE5\", not '\(hexText)'")
        }
        var rgba = ColorSpaceConversion.toSRGB(space: space, components, alpha: alpha)
        if rgba == nil, let hexText { rgba = RGBA(hex: hexText) }
        let css: String
        if space == "srgb" {
            css = (alpha >= 1 ? hexText : nil) ?? rgba?.hex ?? ColorSpaceConversion.css(space: space, components, alpha: alpha)
        } else {
            css = ColorSpaceConversion.css(space: space, components, alpha: alpha)
        }
        return Reading(css: css, color: rgba.map { RGBA(red: min(1, max(0, $0.red)), green: min(1, max(0, $0.green)), blue: min(1, max(0, $0.blue)), alpha: $0.alpha) })
    }

    private static func measured(_ value: JSONNode, units: [String], what: String) -> Reading {
        if let text = value.string {
            let trimmed = text.trimmingSpaces()
            let number = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
            let unit = String(trimmed.dropFirst(number.count))
            if Double(number) != nil, unit.isEmpty || units.contains(unit) {
                return Reading(css: trimmed)
            }
            return Reading(problem: "'\(text)' is not \(what)")
        }
        if let number = value.number {
            return Reading(css: number == 0 ? "0" : CSSNumber.format(number) + (units.first == "ms" ? "ms" : "px"))
        }
        if let amount = value["value"]?.number, let unit = value["unit"]?.string {
            guard units.contains(unit) else {
                return Reading(problem: "unit '\(unit)' is not one of \(units.joined(separator: ", "))\(DidYouMean.hint(for: unit, in: units))")
            }
            return Reading(css: CSSNumber.format(amount) + unit)
        }
        return Reading(problem: "the $value must be \(what)")
    }

    private static let weightKeywords: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    private static func fontWeight(_ value: JSONNode) -> Reading {
        if let number = value.number, number >= 1, number <= 1000 { return Reading(css: CSSNumber.format(number)) }
        if let keyword = value.string, let weight = weightKeywords[keyword] { return Reading(css: String(weight)) }
        return Reading(problem: "a fontWeight must be a number from 1 to 1000 or a keyword such as \"bold\"")
    }

    private static func fontFamily(_ value: JSONNode) -> Reading {
        func quoted(_ name: String) -> String {
            let generic = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-sans-serif", "ui-serif", "ui-monospace"]
            return generic.contains(name) || !name.contains(" ") ? name : "\"\(name.replacingOccurrences(of: "\"", with: "\\\""))\""
        }
        if let name = value.string { return Reading(css: quoted(name)) }
        if case .array(let items) = value.value, items.allSatisfy({ $0.string != nil }) {
            return Reading(css: items.map { quoted($0.string!) }.joined(separator: ", "))
        }
        return Reading(problem: "a fontFamily must be a name or a list of names")
    }

    private static func shadow(_ value: JSONNode) -> Reading {
        let layers: [JSONNode]
        if case .array(let items) = value.value { layers = items } else { layers = [value] }
        var css: [String] = []
        for layer in layers {
            guard layer.members != nil else { return Reading(problem: "a shadow's $value must be an object (or a list of them) with color, offsetX, offsetY, blur and spread") }
            let parts = [
                layer["inset"].flatMap { if case .bool(true) = $0.value { "inset" } else { nil } },
                part(layer["offsetX"], "dimension") ?? "0",
                part(layer["offsetY"], "dimension") ?? "0",
                part(layer["blur"], "dimension") ?? "0",
                part(layer["spread"], "dimension") ?? "0",
                part(layer["color"], "color"),
            ]
            css.append(parts.compactMap { $0 }.joined(separator: " "))
        }
        return Reading(css: css.joined(separator: ", "))
    }
}
