import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad

/// How `tokens import` turns one Tokens Studio or Style Dictionary 3 token into DTCG 2025.10: its
/// type mapped to a DTCG type, its value rewritten in that type's DTCG form. What a DTCG value has
/// no place for (a typography's paragraph spacing) goes under the token's `$extensions`, so
/// nothing is lost.
extension TokenImport {
    package struct Problem: Error { package var message: String }

    /// What one token's conversion needs and tells: the unit a bare number takes, the fields with
    /// no DTCG place (kept under `$extensions`), and the bare numbers given a unit.
    package struct Conversion {
        package var unitless = "px"
        /// The first name of the token's path: Style Dictionary 3's category (`size`, `color`,
        /// `time`…), which stands for a type its files rarely write.
        package var category: String?
        package var kept: [JSONText.Member] = []
        package var inferred: [String] = []
        /// Font style names read as the weight they name (`'Expanded Medium' → medium (500)`).
        package var styleNames: [String] = []
        /// The type given to a token that names none (nor its group), from its name or value.
        package var guessedType: TokenType?
    }

    /// Tokens Studio and Style Dictionary types → DTCG types.
    package static let typeNames: [String: TokenType] = [
        "strokeStyle": .strokeStyle, "transition": .transition, "gradient": .gradient,
        "color": .color, "dimension": .dimension, "sizing": .dimension, "spacing": .dimension, "borderRadius": .dimension,
        "borderWidth": .dimension, "fontSizes": .dimension, "fontSize": .dimension, "letterSpacing": .dimension, "size": .dimension,
        "paragraphSpacing": .dimension, "paragraphIndent": .dimension,
        "fontFamilies": .fontFamily, "fontFamily": .fontFamily, "fontWeights": .fontWeight, "fontWeight": .fontWeight,
        "opacity": .number, "number": .number, "lineHeights": .number, "lineHeight": .number, "duration": .duration,
        "boxShadow": .shadow, "shadow": .shadow, "typography": .typography, "border": .border, "cubicBezier": .cubicBezier,
        "cubic-bezier": .cubicBezier, "easing": .cubicBezier, "time": .duration,
    ]

    /// The fields of a DTCG typography value.
    package static let typographyFields: Set<String> = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight", "fontStyle", "textTransform", "textDecoration"]

    /// The `$extensions` key under which fields without a DTCG place are kept.
    package static let extensionKey = "studio.tokens"

    /// Whether `word` is a type DTCG 2025.10 defines.
    package static func isDTCGType(_ word: String?) -> Bool {
        word.flatMap(TokenType.init(rawValue:)) != nil
    }

    /// A token's field, as DTCG (`$value`) or Tokens Studio and Style Dictionary 3 (`value`) write it.
    private static func field(_ name: String, of token: Value) -> Value? {
        token["$" + name] ?? token[name]
    }

    /// Whether a `$value` token is not yet DTCG: a type DTCG does not define (Tokens Studio's
    /// `spacing`, `boxShadow`…), or a value in another tool's form (`"16px"`, `"Bold"`, a
    /// typography of strings, a shadow with `x` and `y`).
    package static func tokenNeedsConversion(_ token: Value, inherited: String?) -> Bool {
        guard let value = token["$value"] else { return true }
        guard let written = token["$type"]?.string ?? inherited else { return false }
        guard let type = TokenType(rawValue: written) else { return true }
        if let text = value.string, isReference(text) { return false }
        func notMeasured(_ field: Value?) -> Bool {
            guard let field else { return false }
            if let text = field.string { return !isReference(text) }
            return field.members == nil
        }
        /// A colour DTCG reads as written: a reference, six or eight hex digits, or an object
        /// whose `hex` (if any) has six.
        func notDTCGColour(_ field: Value?) -> Bool {
            guard let field else { return false }
            if let text = field.string { return !isReference(text) && !(RGBA(hex: text) != nil && [7, 9].contains(text.count)) }
            if let hex = field["hex"]?.string, hex.count != 7 { return true }
            return field["description"] != nil
        }
        switch type {
        case .color:
            return notDTCGColour(value)
        case .dimension, .duration:
            return value.members == nil
        case .number:
            return value.string != nil
        case .fontFamily:
            return value.string?.contains(",") == true
        case .fontWeight:
            guard let text = value.string else { return false }
            return TokenValues.weightKeywords[text] == nil
        case .cubicBezier:
            return value.string != nil
        case .typography:
            guard value.members != nil else { return false }
            return notMeasured(value["fontSize"]) || notMeasured(value["letterSpacing"]) || value["lineHeight"]?.string.map { !isReference($0) } == true
                || value["letterSpacing"] == nil || value.members?.contains { !typographyFields.contains($0.key) } == true
        case .border:
            return value.members != nil && (notMeasured(value["width"]) || notDTCGColour(value["color"]))
        case .shadow:
            let layers: [Value]
            if case .array(let items) = value { layers = items } else { layers = [value] }
            return layers.contains {
                $0["x"] != nil || $0["y"] != nil || notMeasured($0["offsetX"]) || notMeasured($0["offsetY"]) || notMeasured($0["blur"])
                    || $0["spread"] == nil || notMeasured($0["spread"]) || notDTCGColour($0["color"])
            }
        case .strokeStyle:
            guard case .array(let dashes)? = value["dashArray"] else { return false }
            return dashes.contains { notMeasured($0) }
        case .transition, .gradient:
            return false
        }
    }

    package static func convertToken(_ token: Value, inherited: String? = nil, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        guard let value = field("value", of: token) else { return .failure(Problem(message: "it has no value")) }
        var written = field("type", of: token)?.string ?? inherited ?? guessType(value, category: conversion.category)?.rawValue
        if field("type", of: token)?.string == nil, inherited == nil { conversion.guessedType = written.flatMap { typeNames[$0] } }
        // Already DTCG: kept as written, its type made explicit (the group's may not be kept).
        if token["$value"] != nil, let written, !tokenNeedsConversion(token, inherited: inherited) {
            var members = token.members?.map { JSONText.Member($0.key, $0.value.json) } ?? []
            if token["$type"] == nil { members.insert(JSONText.Member("$type", .string(written)), at: 0) }
            return .success(.members(members))
        }
        // An easing curve written as CSS under Tokens Studio's catch-all `other` type is DTCG's
        // cubicBezier.
        if written == "other" || written == nil, let text = value.string, text.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix("cubic-bezier(") {
            written = TokenType.cubicBezier.rawValue
        }
        guard let written, let mapped = typeNames[written] else {
            return .failure(Problem(message: "its type '\(field("type", of: token)?.string ?? inherited ?? "unknown")' has no DTCG counterpart"))
        }
        let converted: JSONText.Value
        var type = mapped
        // Tokens Studio lets a colour be a CSS linear gradient: DTCG's gradient type.
        if type == .color, let text = value.string, let gradient = linearGradient(text, conversion: &conversion) {
            var members = [JSONText.Member("$type", .string(TokenType.gradient.rawValue)), JSONText.Member("$value", gradient)]
            if let description = field("description", of: token)?.string { members.append(JSONText.Member("$description", .string(description))) }
            if !conversion.kept.isEmpty { members.append(JSONText.Member("$extensions", .members([JSONText.Member(extensionKey, .members(conversion.kept))]))) }
            return .success(.members(members))
        }
        // A line height token is a number to DTCG, but Tokens Studio's may be a percentage or
        // pixels: a length stays a length (a dimension), which typography naming it divides by
        // its font size.
        var lineHeight = ["lineHeights", "lineHeight"].contains(written)
        if lineHeight, isLength(value) {
            type = .dimension
            lineHeight = false
        }
        switch convertValue(value, type: type, lineHeight: lineHeight, conversion: &conversion) {
        case .success(let value): converted = value
        case .failure(let problem): return .failure(problem)
        }
        var members = [JSONText.Member("$type", .string(type.rawValue)), JSONText.Member("$value", converted)]
        if let description = field("description", of: token)?.string ?? token["comment"]?.string ?? (type == .color ? value["description"]?.string : nil) {
            members.append(JSONText.Member("$description", .string(description)))
        }
        if let deprecated = token["$deprecated"] { members.append(JSONText.Member("$deprecated", deprecated.json)) }
        var extensions = token["$extensions"]?.members?.map { JSONText.Member($0.key, $0.value.json) } ?? []
        let kept = conversion.kept
        if !kept.isEmpty {
            if let index = extensions.firstIndex(where: { $0.key == extensionKey }), case .members(let existing) = extensions[index].value {
                extensions[index].value = .members(existing + kept)
            } else {
                extensions.append(JSONText.Member(extensionKey, .members(kept)))
            }
        }
        if !extensions.isEmpty { members.append(JSONText.Member("$extensions", .members(extensions))) }
        return .success(.members(members))
    }

    /// A type for a token that names none: from Style Dictionary 3's category, else from the value.
    private static func guessType(_ value: Value, category: String?) -> TokenType? {
        switch category?.lowercased() {
        case "color", "colors", "colour", "colours": return .color
        case "size", "sizes", "sizing", "spacing", "space", "radius", "radii": return .dimension
        case "time", "duration", "durations": return .duration
        case "opacity": return .number
        default: break
        }
        guard let text = value.string else { return nil }
        if text.hasPrefix("#") || text.hasPrefix("rgb") || text.hasPrefix("hsl") || StudioColor.namedColours[text.lowercased()] != nil { return .color }
        if text.hasSuffix("px") || text.hasSuffix("rem") { return .dimension }
        if text.hasSuffix("ms") { return .duration }
        return nil
    }

    /// A line height written as a length (`24px`, `1.5rem`, or a bare number above 3, which
    /// Tokens Studio means as pixels) rather than a ratio or a percentage.
    static func isLength(_ value: Value) -> Bool {
        switch value {
        case .number(let number): return number > 3
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let number = Double(trimmed) { return number > 3 }
            return measure(trimmed, units: ["px", "rem"]) != nil
        default: return false
        }
    }

    package static func isReference(_ text: String) -> Bool {
        text.hasPrefix("{") && text.hasSuffix("}") && !text.dropFirst().dropLast().contains("{")
    }

    /// `value` in the DTCG form of `type` (`lineHeight`: a Tokens Studio line height, which DTCG
    /// writes as a number). Fields with no DTCG place are added to `kept`.
    package static func convertValue(_ value: Value, type: TokenType, lineHeight: Bool = false, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        if let text = value.string, text.contains("{") {
            guard isReference(text) else { return .failure(Problem(message: "'\(text)' is an expression; DTCG has aliases (\"{a.b}\") but no arithmetic, so compute the value")) }
            return .success(.string(text))
        }
        if lineHeight {
            do throws(Problem) { return .success(try Self.lineHeight(value, size: nil)) } catch { return .failure(error) }
        }
        switch type {
        case .color:
            return color(value)
        case .dimension:
            return dimension(value, conversion: &conversion)
        case .duration:
            if case .number(let number)? = value["value"], let unit = value["unit"]?.string, ["ms", "s"].contains(unit) { return .success(measured(number, unit)) }
            let bare: Double? = if case .number(let number) = value { number } else { value.string.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
            if let bare {
                if bare != 0 { conversion.inferred.append("\(CSSNumber.format(bare)) → \(CSSNumber.format(bare))ms") }
                return .success(measured(bare, "ms"))
            }
            guard let text = value.string, let match = measure(text, units: ["ms", "s"]) else { return .failure(Problem(message: "'\(value.string ?? "?")' is not a duration in ms or s")) }
            return .success(measured(match.0, match.1))
        case .number:
            if case .number(let number) = value { return .success(.number(number)) }
            if let text = value.string, text.hasSuffix("%"), let number = Double(text.dropLast()) { return .success(.number(rounded(number / 100))) }
            if let text = value.string, let number = Double(text) { return .success(.number(number)) }
            return .failure(Problem(message: "'\(value.string ?? "?")' is not a number (a line height in px has no DTCG number form)"))
        case .fontFamily:
            if let text = value.string { return .success(.array(text.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))) })) }
            if case .array(let items) = value { return .success(.array(items.compactMap(\.string).map(JSONText.Value.string))) }
            return .failure(Problem(message: "a font family must be text"))
        case .fontWeight:
            return fontWeight(value, conversion: &conversion)
        case .shadow:
            return shadow(value, conversion: &conversion)
        case .typography:
            return typography(value, conversion: &conversion)
        case .border:
            return border(value, conversion: &conversion)
        case .cubicBezier:
            return cubicBezier(value)
        case .strokeStyle:
            return strokeStyle(value, conversion: &conversion)
        case .transition, .gradient:
            return .failure(Problem(message: "\(type) values are not converted; write them in DTCG by hand"))
        }
    }

    /// A field of a composite, converted as its own type; an error names the field. Units the
    /// field's bare numbers were given are told as the field's.
    private static func field(_ name: String, of value: Value, as type: TokenType, conversion: inout Conversion) throws(Problem) -> JSONText.Value {
        guard let field = value[name] else { throw Problem(message: "it has no \(name)") }
        return try convertField(field, named: name, as: type, conversion: &conversion)
    }

    private static func convertField(_ field: Value, named name: String, as type: TokenType, conversion: inout Conversion) throws(Problem) -> JSONText.Value {
        if let text = field.string, isReference(text) { return .string(text) }
        var inner = Conversion(unitless: conversion.unitless)
        switch convertValue(field, type: type, conversion: &inner) {
        case .success(let converted):
            conversion.inferred += inner.inferred.map { "\(name) \($0)" }
            conversion.styleNames += inner.styleNames
            return converted
        case .failure(let problem): throw Problem(message: "its \(name): \(problem.message)")
        }
    }

    // MARK: Simple types

    package static func measure(_ text: String, units: [String]) -> (Double, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in units.sorted(by: { $0.count > $1.count }) where trimmed.hasSuffix(unit) {
            if let number = Double(trimmed.dropLast(unit.count)) { return (number, unit) }
        }
        return nil
    }

    private static func measured(_ number: Double, _ unit: String) -> JSONText.Value {
        .members([JSONText.Member("value", .number(number)), JSONText.Member("unit", .string(unit))])
    }

    /// Four decimals at most: what a computed ratio or spacing needs, without binary noise.
    private static func rounded(_ number: Double) -> Double {
        (number * 10000).rounded() / 10000
    }

    /// A bare number takes the unit the source tool means (`conversion.unitless`: pixels for
    /// Tokens Studio and Figma, rem for Style Dictionary 3's web transforms), and is told; a DTCG
    /// dimension object is kept.
    private static func dimension(_ value: Value, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        if case .number(let number)? = value["value"], let unit = value["unit"]?.string {
            guard ["px", "rem"].contains(unit) else { return .failure(Problem(message: "'\(unit)' is not a DTCG dimension unit (px or rem)")) }
            return .success(measured(number, unit))
        }
        let bare: Double? = if case .number(let number) = value { number } else { value.string.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        if let bare {
            if bare != 0 { conversion.inferred.append("\(CSSNumber.format(bare)) → \(CSSNumber.format(bare))\(conversion.unitless)") }
            return .success(measured(bare, conversion.unitless))
        }
        guard let text = value.string else { return .failure(Problem(message: "a dimension must be a number, text such as \"16px\", or { value, unit }")) }
        guard let (number, unit) = measure(text, units: ["px", "rem"]) else {
            // No share of nothing: 0% and 0em are no length at all.
            if let (share, _) = measure(text, units: ["%", "em"]) {
                if share == 0 { return .success(measured(0, "px")) }
                return .failure(Problem(message: "'\(text)' is a share of the font size, which a DTCG dimension on its own cannot hold (px or rem only); typography that names this token gets the length computed from its font size"))
            }
            return .failure(Problem(message: "'\(text)' is not in px or rem, the only DTCG dimension units"))
        }
        return .success(measured(number, unit))
    }

    /// Every colour form the source tools write: hex, `rgb()`, `rgba()` (also around a hex
    /// colour), `hsl()`, `hsla()`, CSS colour names, and DTCG colour objects in any space.
    private static func color(_ value: Value) -> Swift.Result<JSONText.Value, Problem> {
        if value.members != nil {
            guard let space = value["colorSpace"]?.string, ColorSpaceConversion.supported.contains(space), StudioColor.object(value) != nil else {
                return .failure(Problem(message: "a colour object needs a colorSpace DTCG defines (\(ColorSpaceConversion.supported.joined(separator: ", "))) and three components"))
            }
            // A short `hex` (#000) written out to the six digits DTCG asks for, and a hex with
            // alpha (#E1B9191A, Workday's) cut to its colour: DTCG's alpha is its own field. A
            // `description` inside the value (Workday's palette) is the token's, not the colour's.
            guard case .members(let members) = value.json else { return .success(value.json) }
            return .success(.members(members.compactMap { member in
                if member.key == "description" { return nil }
                guard member.key == "hex", case .string(let text) = member.value, [4, 5, 9].contains(text.count), let short = RGBA(hex: text) else { return member }
                return JSONText.Member("hex", .string(String(short.hex.prefix(7))))
            }))
        }
        guard let text = value.string else { return .failure(Problem(message: "a colour must be text or a DTCG colour object")) }
        guard let colour = StudioColor.parse(text) else {
            return .failure(Problem(message: "'\(text)' is not a colour this converter reads (hex, rgb(), rgba(), hsl(), hsla(), a CSS colour name, or a DTCG colour object)"))
        }
        return .success(colour.dtcg())
    }

    /// `linear-gradient(45deg, #E52677 0%, #AD1784 100%)` as DTCG gradient stops (colour and
    /// position 0–1, a stop without one spaced evenly); the direction, which DTCG's gradient has
    /// no field for, is kept under the import's extension. Nil for anything else.
    static func linearGradient(_ text: String, conversion: inout Conversion) -> JSONText.Value? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasSuffix(";") { body.removeLast() }
        guard body.lowercased().hasPrefix("linear-gradient("), body.hasSuffix(")") else { return nil }
        body = String(body.dropFirst("linear-gradient(".count).dropLast())
        // The arguments, split at the commas outside parentheses.
        var arguments: [String] = []
        var current = "", depth = 0
        for character in body {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if character == ",", depth == 0 { arguments.append(current.trimmingCharacters(in: .whitespaces)); current = "" } else { current.append(character) }
        }
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        var direction: String?
        if let first = arguments.first, first.hasPrefix("to ") || first.range(of: #"^-?[0-9.]+(deg|turn|rad|grad)$"#, options: .regularExpression) != nil {
            direction = first
            arguments.removeFirst()
        }
        var stops: [(color: JSONText.Value, position: Double?)] = []
        for argument in arguments {
            var colorText = argument, position: Double?
            if let match = argument.range(of: #"\s+(-?[0-9.]+)%$"#, options: .regularExpression) {
                position = Double(argument[match].trimmingCharacters(in: .whitespaces).dropLast()).map { $0 / 100 }
                colorText = String(argument[..<match.lowerBound])
            }
            guard let color = StudioColor.parse(colorText) else { return nil }
            stops.append((color.dtcg(), position))
        }
        guard stops.count >= 2 else { return nil }
        if let direction { conversion.kept.append(JSONText.Member("gradientDirection", .string(direction))) }
        return .array(stops.enumerated().map { index, stop in
            let position = min(1, max(0, stop.position ?? Double(index) / Double(stops.count - 1)))
            return .members([JSONText.Member("color", stop.color), JSONText.Member("position", .number(position))])
        })
    }

    private static func fontWeight(_ value: Value, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        if case .number(let number) = value { return .success(.number(number)) }
        guard let text = value.string else { return .failure(Problem(message: "a font weight must be a number or a keyword")) }
        if let number = Double(text) { return .success(.number(number)) }
        let keyword = text.lowercased().trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "-")
        let mapped = weightAliases[keyword] ?? keyword
        if TokenValues.weightKeywords[mapped] != nil { return .success(.string(mapped)) }
        // A Figma font style's name (`Expanded Medium`, `Condensed Bold Italic`): its weight word
        // is the weight; the width and the slope have no place in a DTCG font weight (said).
        if let weight = styleNameWeight(text) {
            conversion.styleNames.append("'\(text)' → \(weight.keyword) (\(weight.value))")
            return .success(.string(weight.keyword))
        }
        return .failure(Problem(message: "'\(text)' is not a font weight DTCG knows"))
    }

    /// Weight words written as one (`semibold`) → DTCG's keyword.
    private static let weightAliases = ["semibold": "semi-bold", "extrabold": "extra-bold", "extralight": "extra-light", "demibold": "demi-bold",
                                        "ultralight": "ultra-light", "ultrabold": "ultra-bold", "extrablack": "extra-black", "ultrablack": "ultra-black"]

    /// The words a font style's name may hold besides its weight: widths, slopes, optical sizes.
    private static let styleWords: Set<String> = [
        "italic", "oblique", "slanted", "upright", "roman", "condensed", "semicondensed", "extracondensed", "ultracondensed", "compressed",
        "narrow", "expanded", "semiexpanded", "extraexpanded", "extended", "wide", "display", "text", "caption", "headline", "mono",
    ]

    /// The weight a font style's name gives (`Expanded Medium` → medium, 500): its words, once
    /// the width, slope and optical-size words are set aside, make one weight keyword (`Semi
    /// Bold`, `SemiBold`, `Extra-Light`); nil when they do not, or when nothing is set aside and
    /// the name is not a weight at all.
    static func styleNameWeight(_ name: String) -> (keyword: String, value: Int)? {
        // Words split at spaces, hyphens, underscores and lower-to-upper case changes.
        var words: [String] = []
        var current = ""
        for character in name {
            if character == " " || character == "-" || character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let last = current.last, last.isLowercase {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        // `ExtraCondensed` splits into `Extra` and `Condensed`: a width's prefix is joined back.
        var lowered: [String] = []
        for word in words.map({ $0.lowercased() }) {
            if let last = lowered.last, ["extra", "ultra", "semi"].contains(last), styleWords.contains(last + word) {
                lowered[lowered.count - 1] = last + word
            } else {
                lowered.append(word)
            }
        }
        let rest = lowered.filter { !styleWords.contains($0) }
        guard !rest.isEmpty, rest.count < lowered.count || rest.count > 1 else { return nil }
        let joined = rest.joined(separator: "-")
        let keyword = weightAliases[rest.joined()] ?? joined
        guard let value = TokenValues.weightKeywords[keyword] else { return nil }
        return (keyword, value)
    }

    // MARK: Composites

    /// Tokens Studio's box shadow (`x`, `y`, `blur`, `spread`, `color`, `type`), one or a list.
    private static func shadow(_ value: Value, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        let layers: [Value]
        if case .array(let items) = value { layers = items } else { layers = [value] }
        var converted: [JSONText.Value] = []
        do throws(Problem) {
            for layer in layers {
                guard layer.members != nil else { throw Problem(message: "a shadow layer must be an object") }
                var members = [JSONText.Member("color", try field("color", of: layer, as: .color, conversion: &conversion))]
                for (from, to) in [("x", "offsetX"), ("y", "offsetY"), ("blur", "blur"), ("spread", "spread")] {
                    let written = layer[from] ?? layer[to] ?? .number(0)
                    members.append(JSONText.Member(to, try convertField(written, named: to, as: .dimension, conversion: &conversion)))
                }
                if layer["type"]?.string == "innerShadow" || layer["inset"].map({ if case .bool(true) = $0 { true } else { false } }) == true {
                    members.append(JSONText.Member("inset", .bool(true)))
                }
                converted.append(.members(members))
            }
        } catch {
            return .failure(error)
        }
        return .success(converted.count == 1 ? converted[0] : .array(converted))
    }

    /// Tokens Studio's typography: `fontFamily`, `fontWeight` (which may carry the style, "Bold
    /// Italic"), `fontSize`, `lineHeight` (a percentage, a ratio, or pixels: made a ratio of the
    /// font size), `letterSpacing` (a percentage or em of the font size: made pixels; absent is
    /// 0), `textCase` and `textDecoration`. Anything else is kept under `$extensions`.
    private static func typography(_ value: Value, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        guard let written = value.members else {
            return .failure(Problem(message: "a typography value must be an object of fontFamily, fontSize, fontWeight, lineHeight and letterSpacing"))
        }
        do throws(Problem) {
            let fontFamily = try field("fontFamily", of: value, as: .fontFamily, conversion: &conversion)
            let fontSize = try field("fontSize", of: value, as: .dimension, conversion: &conversion)
            let size = literalSize(value["fontSize"], unitless: conversion.unitless)

            var weightValue = value["fontWeight"]
            var fontStyle: String?
            if let text = weightValue?.string, !text.contains("{") {
                var words = text.split(separator: " ").map(String.init)
                if let index = words.firstIndex(where: { ["italic", "oblique"].contains($0.lowercased()) }) {
                    fontStyle = words.remove(at: index).lowercased()
                    weightValue = .string(words.isEmpty ? "normal" : words.joined(separator: " "))
                }
            }
            guard let weightValue else { throw Problem(message: "it has no fontWeight") }
            let fontWeight = try convertField(weightValue, named: "fontWeight", as: .fontWeight, conversion: &conversion)

            var members = [
                JSONText.Member("fontFamily", fontFamily),
                JSONText.Member("fontSize", fontSize),
                JSONText.Member("fontWeight", fontWeight),
                JSONText.Member("letterSpacing", try letterSpacing(value["letterSpacing"], size: size, conversion: &conversion)),
                JSONText.Member("lineHeight", try lineHeight(value["lineHeight"], size: size)),
            ]
            if let fontStyle = fontStyle ?? value["fontStyle"]?.string.map({ $0.lowercased() }) {
                guard ["normal", "italic", "oblique"].contains(fontStyle) || isReference(fontStyle) else { throw Problem(message: "its fontStyle '\(fontStyle)' is not normal, italic or oblique") }
                members.append(JSONText.Member("fontStyle", .string(fontStyle)))
            }
            for (from, to, allowed) in [("textCase", "textTransform", ["uppercase", "lowercase", "capitalize"]), ("textTransform", "textTransform", ["uppercase", "lowercase", "capitalize"]), ("textDecoration", "textDecoration", ["underline", "overline", "line-through"])] {
                guard let field = value[from] else { continue }
                guard let text = field.string?.lowercased().replacingOccurrences(of: "_", with: "-") else { throw Problem(message: "its \(from) must be text") }
                if text == "none" { continue }
                let keyword = text == "strikethrough" ? "line-through" : text
                guard allowed.contains(keyword) else { throw Problem(message: "its \(from) '\(field.string!)' is not one of \(allowed.joined(separator: ", ")) or none") }
                members.append(JSONText.Member(to, .string(keyword)))
            }
            let converted: Set<String> = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight", "textCase", "textDecoration", "textTransform", "fontStyle"]
            for member in written where !converted.contains(member.key) {
                conversion.kept.append(JSONText.Member(member.key, member.value.json))
            }
            return .success(.members(members))
        } catch {
            return .failure(error)
        }
    }

    /// A font size written as a number: (its number, its unit), nil for an alias.
    private static func literalSize(_ value: Value?, unitless: String) -> (Double, String)? {
        if case .number(let number)? = value?["value"], let unit = value?["unit"]?.string { return (number, unit) }
        switch value {
        case .number(let number)?: return (number, unitless)
        case .string(let text)?: return Double(text).map { ($0, unitless) } ?? measure(text, units: ["px", "rem"])
        default: return nil
        }
    }

    /// DTCG's line height is a ratio to the font size.
    private static func lineHeight(_ value: Value?, size: (Double, String)?) throws(Problem) -> JSONText.Value {
        guard let value else { throw Problem(message: "it has no lineHeight") }
        if let text = value.string, isReference(text) { return .string(text) }
        let text: String
        switch value {
        case .number(let number): text = String(number)
        case .string(let written): text = written.trimmingCharacters(in: .whitespaces)
        default: throw Problem(message: "its lineHeight must be a number or text")
        }
        if ["auto", "normal"].contains(text.lowercased()) {
            throw Problem(message: "its lineHeight is \(text), which DTCG cannot say; give the ratio of line height to font size (1.5) or a percentage (150%)")
        }
        if text.hasSuffix("%"), let percent = Double(text.dropLast()) { return .number(rounded(percent / 100)) }
        if let (number, unit) = measure(text, units: ["em"]), unit == "em" { return .number(number) }
        // A bare number up to 3 is a ratio; above, like one in px or rem, a length to divide by the size.
        if let number = Double(text), number <= 3 { return .number(number) }
        guard let (length, unit) = Double(text).map({ ($0, "px") }) ?? measure(text, units: ["px", "rem"]) else {
            throw Problem(message: "its lineHeight '\(text)' is not a ratio, a percentage or a length")
        }
        guard let size, size.1 == unit, size.0 > 0 else {
            throw Problem(message: "its lineHeight \(text) needs a font size in \(unit) to become the ratio DTCG asks for; write it as a ratio (1.5) or a percentage (150%)")
        }
        return .number(rounded(length / size.0))
    }

    /// DTCG's letter spacing is a dimension; Tokens Studio's is often a share of the font size.
    private static func letterSpacing(_ value: Value?, size: (Double, String)?, conversion: inout Conversion) throws(Problem) -> JSONText.Value {
        guard let value else { return measured(0, "px") }
        if let text = value.string?.trimmingCharacters(in: .whitespaces) {
            if isReference(text) { return .string(text) }
            let share: Double? = if text.hasSuffix("%"), let percent = Double(text.dropLast()) { percent / 100 } else if let (number, _) = measure(text, units: ["em"]) { number } else { nil }
            if let share {
                if share == 0 { return measured(0, "px") }
                guard let size else { throw Problem(message: "its letterSpacing \(text) needs a font size written as a number to become a length") }
                return measured(rounded(share * size.0), size.1)
            }
        }
        return try convertField(value, named: "letterSpacing", as: .dimension, conversion: &conversion)
    }

    /// `{ color, width, style }`; a border without a style is solid.
    private static func border(_ value: Value, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        guard value.members != nil else { return .failure(Problem(message: "a border value must be an object of color, width and style")) }
        do throws(Problem) {
            let color = try field("color", of: value, as: .color, conversion: &conversion)
            let width = try field("width", of: value, as: .dimension, conversion: &conversion)
            var style = JSONText.Value.string("solid")
            if let written = value["style"] {
                guard let text = written.string else { throw Problem(message: "its style must be text") }
                let keywords = TokenValues.strokeKeywords
                guard isReference(text) || keywords.contains(text.lowercased()) else { throw Problem(message: "its style '\(text)' is not one of \(keywords.joined(separator: ", "))") }
                style = .string(isReference(text) ? text : text.lowercased())
            }
            return .success(.members([JSONText.Member("color", color), JSONText.Member("width", width), JSONText.Member("style", style)]))
        } catch {
            return .failure(error)
        }
    }

    /// A keyword (`solid`, `dashed`…) or `{ dashArray, lineCap }` with each dash a dimension
    /// (`"0.5rem"` and bare numbers converted like any dimension).
    private static func strokeStyle(_ value: Value, conversion: inout Conversion) -> Swift.Result<JSONText.Value, Problem> {
        if let text = value.string {
            let keyword = text.lowercased().trimmingCharacters(in: .whitespaces)
            guard TokenValues.strokeKeywords.contains(keyword) else {
                return .failure(Problem(message: "'\(text)' is not a stroke style keyword (\(TokenValues.strokeKeywords.joined(separator: ", "))) or { dashArray, lineCap }"))
            }
            return .success(.string(keyword))
        }
        guard case .array(let dashes)? = value["dashArray"] else {
            return .failure(Problem(message: "a stroke style must be a keyword or an object with dashArray and lineCap"))
        }
        var members: [JSONText.Member] = []
        do throws(Problem) {
            members.append(JSONText.Member("dashArray", .array(try dashes.enumerated().map { index, dash throws(Problem) in
                try convertField(dash, named: "dashArray[\(index)]", as: .dimension, conversion: &conversion)
            })))
        } catch {
            return .failure(error)
        }
        members.append(JSONText.Member("lineCap", .string(value["lineCap"]?.string ?? "butt")))
        return .success(.members(members))
    }

    /// Four numbers, from a list, `cubic-bezier(…)`, "0.4, 0, 0.2, 1", or a CSS keyword.
    private static func cubicBezier(_ value: Value) -> Swift.Result<JSONText.Value, Problem> {
        let keywords: [String: [Double]] = [
            "linear": [0, 0, 1, 1], "ease": [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1],
            "ease-out": [0, 0, 0.58, 1], "ease-in-out": [0.42, 0, 0.58, 1],
        ]
        var numbers: [Double]?
        switch value {
        case .array(let items):
            numbers = items.compactMap { if case .number(let number) = $0 { number } else { $0.string.flatMap(Double.init) } }
            if numbers?.count != items.count { numbers = nil }
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
            if let keyword = keywords[trimmed] {
                numbers = keyword
            } else {
                let inner = trimmed.hasPrefix("cubic-bezier(") && trimmed.hasSuffix(")") ? String(trimmed.dropFirst("cubic-bezier(".count).dropLast()) : trimmed
                let parts = inner.split { $0 == "," || $0 == " " }
                numbers = parts.compactMap { Double($0) }
                if numbers?.count != parts.count { numbers = nil }
            }
        default:
            numbers = nil
        }
        guard let numbers, numbers.count == 4 else {
            return .failure(Problem(message: "a cubic Bézier must be four numbers (x1, y1, x2, y2)"))
        }
        guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
            return .failure(Problem(message: "a cubic Bézier's x values (the first and third numbers) must lie between 0 and 1"))
        }
        return .success(.array(numbers.map(JSONText.Value.number)))
    }
}
