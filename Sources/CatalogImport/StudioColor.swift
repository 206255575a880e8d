import Foundation
import CatalogCore
import CatalogModel

/// Colours as Tokens Studio reads and changes them: every form its colour tokens are written in
/// (hex, `rgb()`/`rgba()` — also `rgba(#hex, alpha)` once a reference is replaced —, `hsl()`,
/// CSS colour names, `transparent`, and DTCG colour objects in any colour space), and its colour
/// modifiers (`$extensions.studio.tokens.modify`: lighten, darken, mix and alpha, in the sRGB,
/// HSL, LCH or Display P3 space), computed the way Tokens Studio computes them with colorjs.io.
/// Conversions go through CIE XYZ with the matrices of CSS Color 4.
package struct StudioColor: Equatable {
    /// A DTCG colour space name (`srgb`, `hsl`, `lch`, `display-p3`…).
    package var space: String
    package var components: [Double]
    package var alpha: Double

    package struct Failure: Error { package var reason: String

package init(reason: String) {
    self.reason = reason
} }

    // MARK: Reading

    /// `text` as a colour, or nil when it is not one this reads.
    package static func parse(_ text: String) -> StudioColor? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        if let rgba = RGBA(hex: trimmed) {
            return StudioColor(space: "srgb", components: [rgba.red, rgba.green, rgba.blue], alpha: rgba.alpha)
        }
        if lower == "transparent" { return StudioColor(space: "srgb", components: [0, 0, 0], alpha: 0) }
        if let hex = namedColours[lower], let rgba = RGBA(hex: hex) {
            return StudioColor(space: "srgb", components: [rgba.red, rgba.green, rgba.blue], alpha: 1)
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let function = lower[..<open].trimmingCharacters(in: .whitespaces)
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        var parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        func alpha(_ index: Int) -> Double? {
            guard parts.count > index else { return 1 }
            guard parts.count == index + 1 else { return nil }
            let written = parts[index]
            if written.hasSuffix("%") { return Double(written.dropLast()).map { $0 / 100 } }
            return Double(written)
        }
        switch function {
        case "rgb", "rgba":
            // Tokens Studio's `rgba(#RRGGBB, 0.5)` (what `rgba({colour}, 0.5)` becomes).
            if let first = parts.first, first.hasPrefix("#") || namedColours[first.lowercased()] != nil, var base = parse(first) {
                parts.removeFirst()
                guard let value = alpha(0) else { return nil }
                base.alpha = value
                return base
            }
            guard parts.count >= 3 else { return nil }
            var channels: [Double] = []
            for written in parts.prefix(3) {
                if written.hasSuffix("%"), let number = Double(written.dropLast()) { channels.append(number / 100) }
                else if let number = Double(written) { channels.append(number / 255) }
                else { return nil }
            }
            guard let value = alpha(3) else { return nil }
            return StudioColor(space: "srgb", components: channels, alpha: value)
        case "hsl", "hsla":
            guard parts.count >= 3 else { return nil }
            var numbers: [Double] = []
            for written in parts.prefix(3) {
                var number = written
                for unit in ["deg", "%"] where number.hasSuffix(unit) { number = String(number.dropLast(unit.count)) }
                guard let value = Double(number) else { return nil }
                numbers.append(value)
            }
            guard let value = alpha(3) else { return nil }
            var hue = numbers[0].truncatingRemainder(dividingBy: 360)
            if hue < 0 { hue += 360 }
            return StudioColor(space: "hsl", components: [hue, numbers[1], numbers[2]], alpha: value)
        default:
            return nil
        }
    }

    /// A DTCG colour object (`colorSpace`, `components`, `alpha`), or nil.
    package static func object(_ value: TokenImport.Value) -> StudioColor? {
        guard let space = value["colorSpace"]?.string, case .array(let items)? = value["components"] else { return nil }
        let components = items.map { item -> Double in
            if case .number(let number) = item { return number }
            return 0 // "none": no value on that axis
        }
        var alpha = 1.0
        if case .number(let number)? = value["alpha"] { alpha = number }
        guard components.count == 3 else { return nil }
        return StudioColor(space: space, components: components, alpha: alpha)
    }

    // MARK: Writing

    /// As a DTCG value: a hex string when the colour is opaque sRGB whose channels are whole
    /// bytes (or when `hex` is asked for, as a modifier's `format` may), otherwise a colour
    /// object in its space, components to five significant digits as colorjs.io prints them.
    package func dtcg(hex asHex: Bool = false) -> JSONText.Value {
        if space == "srgb" || asHex {
            let rgb = converted(to: "srgb").components
            let exact = rgb.allSatisfy { abs($0 * 255 - ($0 * 255).rounded()) < 0.000001 && $0 >= 0 && $0 <= 1 }
            if alpha >= 1, asHex || exact {
                return .string(RGBA(red: min(max(rgb[0], 0), 1), green: min(max(rgb[1], 0), 1), blue: min(max(rgb[2], 0), 1), alpha: 1).hex)
            }
        }
        var members = [
            JSONText.Member("colorSpace", .string(space)),
            JSONText.Member("components", .array(components.enumerated().map { index, value in .number(Self.significant(Self.inRange(space, index, Self.isPowerlessHue(space, index, components) ? 0 : value))) })),
        ]
        if alpha < 1 { members.append(JSONText.Member("alpha", .number(Self.significant(alpha)))) }
        return .members(members)
    }

    /// A grey's hue means nothing (no saturation or chroma to turn): printed as 0, not the
    /// arbitrary angle the conversion's rounding left.
    private static func isPowerlessHue(_ space: String, _ index: Int, _ components: [Double]) -> Bool {
        switch (space, index) {
        case ("hsl", 0): return components.count > 1 && abs(components[1]) < 0.0005
        case ("lch", 2), ("oklch", 2): return components.count > 1 && abs(components[1]) < 0.0005
        default: return false
        }
    }

    /// Hues below 360, and channels of bounded spaces inside their range (what colorjs.io's
    /// `inGamut` printing does for colours a rounding put a hair outside).
    private static func inRange(_ space: String, _ index: Int, _ value: Double) -> Double {
        switch (space, index) {
        case ("hsl", 0), ("lch", 2), ("oklch", 2):
            guard value.isFinite else { return 0 }
            let hue = value.truncatingRemainder(dividingBy: 360)
            return hue < 0 ? hue + 360 : hue
        case ("srgb", _), ("display-p3", _): return min(max(value, 0), 1)
        case ("hsl", _): return min(max(value, 0), 100)
        case ("lch", 0): return min(max(value, 0), 100)
        case ("lch", 1): return max(value, 0)
        default: return value
        }
    }

    package static func significant(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return 0 }
        let digits = 5 - Int((log10(abs(value))).rounded(.down)) - 1
        let scale = pow(10, Double(max(0, min(digits, 12))))
        let result = (value * scale).rounded() / scale
        return result == 0 ? 0 : result
    }

    // MARK: Modifiers

    /// The colour Tokens Studio's modifier makes of this one, in the modifier's space.
    package func modified(type: String, amount: Double, space written: String, mixWith other: StudioColor?) throws(Failure) -> StudioColor {
        let spaces = ["srgb": "srgb", "hsl": "hsl", "lch": "lch", "p3": "display-p3"]
        guard let target = spaces[written.lowercased()] else {
            throw Failure(reason: "its colour space '\(written)' is not one Tokens Studio offers (srgb, hsl, lch, p3)")
        }
        switch type {
        case "lighten", "darken":
            let lighten = type == "lighten"
            switch target {
            case "lch":
                var lch = converted(to: "lch")
                let lightness = lch.components[0]
                lch.components[1] = max(0, lch.components[1] - amount * lch.components[1])
                lch.components[0] = lighten ? min(100, lightness + (100 - lightness) * amount) : max(0, lightness - lightness * amount)
                return lch
            case "hsl":
                var hsl = converted(to: "hsl")
                let lightness = hsl.components[2]
                hsl.components[2] = lighten ? min(100, lightness + (100 - lightness) * amount) : max(0, lightness - lightness * amount)
                return hsl
            default:
                var rgb = converted(to: target)
                rgb.components = rgb.components.map { lighten ? min(1, $0 + amount * (1 - $0)) : max(0, $0 - amount * $0) }
                return rgb
            }
        case "mix":
            guard let other else { throw Failure(reason: "a mix modifier needs the colour to mix with") }
            let share = max(0, min(1, amount))
            let a = converted(to: target), b = other.converted(to: target)
            var components = zip(a.components, b.components).map { $0 + ($1 - $0) * share }
            if let hueIndex = ["hsl": 0, "lch": 2][target] {
                // Hues go the shorter way round; a colour without hue (grey) takes the other's.
                var from = a.components[hueIndex], to = b.components[hueIndex]
                let chromaIndex = target == "hsl" ? 1 : 1
                if a.components[chromaIndex] < 0.0001 { from = to }
                if b.components[chromaIndex] < 0.0001 { to = from }
                if to - from > 180 { from += 360 } else if from - to > 180 { to += 360 }
                var hue = (from + (to - from) * share).truncatingRemainder(dividingBy: 360)
                if hue < 0 { hue += 360 }
                components[hueIndex] = hue
            }
            return StudioColor(space: target, components: components, alpha: a.alpha + (b.alpha - a.alpha) * share)
        case "alpha":
            var result = converted(to: target)
            result.alpha = max(0, min(1, amount))
            return result
        default:
            throw Failure(reason: "'\(type)' is not a Tokens Studio colour modifier (lighten, darken, mix, alpha)")
        }
    }

    // MARK: Conversion

    /// This colour in another space (`srgb`, `hsl`, `lch`, `lab`, `display-p3`, or any space the
    /// catalog reads, through sRGB).
    package func converted(to target: String) -> StudioColor {
        if target == space { return self }
        let xyz = toXYZ()
        return StudioColor(space: target, components: Self.fromXYZ(xyz, target), alpha: alpha)
    }

    /// CIE XYZ (D65), through the catalog's own conversion to (unclamped) sRGB for every space.
    private func toXYZ() -> [Double] {
        let rgb: [Double]
        if space == "srgb" {
            rgb = components
        } else {
            let rgba = ColorSpaceConversion.toSRGB(space: space, components, alpha: alpha) ?? RGBA(red: 0, green: 0, blue: 0, alpha: alpha)
            rgb = [rgba.red, rgba.green, rgba.blue]
        }
        return ColorSpaceConversion.multiply(Self.linearSRGBToXYZ, rgb.map(ColorSpaceConversion.gammaDecode))
    }

    private static func fromXYZ(_ xyz: [Double], _ target: String) -> [Double] {
        let srgb = { ColorSpaceConversion.multiply(ColorSpaceConversion.xyzToLinearSRGB, xyz).map(ColorSpaceConversion.gammaEncode) }
        switch target {
        case "display-p3": return ColorSpaceConversion.multiply(xyzToLinearP3, xyz).map(ColorSpaceConversion.gammaEncode)
        case "hsl": return srgbToHSL(srgb())
        case "lab", "lch":
            let lab = xyzD50ToLab(ColorSpaceConversion.multiply(d65ToD50, xyz))
            if target == "lab" { return lab }
            let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
            var hue = atan2(lab[2], lab[1]) * 180 / .pi
            if hue < 0 { hue += 360 }
            return [lab[0], chroma, chroma < 0.0000001 ? 0 : hue]
        default: return srgb()
        }
    }

    private static func srgbToHSL(_ rgb: [Double]) -> [Double] {
        let high = rgb.max()!, low = rgb.min()!
        let lightness = (high + low) / 2
        let delta = high - low
        var hue = 0.0, saturation = 0.0
        if delta != 0 {
            saturation = lightness == 0 || lightness == 1 ? 0 : (high - lightness) / min(lightness, 1 - lightness)
            switch high {
            case rgb[0]: hue = (rgb[1] - rgb[2]) / delta + (rgb[1] < rgb[2] ? 6 : 0)
            case rgb[1]: hue = (rgb[2] - rgb[0]) / delta + 2
            default: hue = (rgb[0] - rgb[1]) / delta + 4
            }
            hue *= 60
        }
        if saturation < 0 {
            hue += 180
            saturation = abs(saturation)
        }
        if hue >= 360 { hue -= 360 }
        return [hue, saturation * 100, lightness * 100]
    }

    private static let d50White = [0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585]
    private static let epsilon = 216.0 / 24389.0
    private static let kappa = 24389.0 / 27.0

    private static func xyzD50ToLab(_ xyz: [Double]) -> [Double] {
        let f = zip(xyz, d50White).map { value, white -> Double in
            let scaled = value / white
            return scaled > epsilon ? cbrt(scaled) : (kappa * scaled + 16) / 116
        }
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
    }

    private static let linearSRGBToXYZ: [[Double]] = [
        [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
        [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
        [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
    ]
    private static let xyzToLinearP3: [[Double]] = [
        [2.493496911941425, -0.9313836179191239, -0.40271078445071684],
        [-0.8294889695615747, 1.7626640603183463, 0.023624685841943577],
        [0.03584583024378447, -0.07617238926804182, 0.9568845240076872],
    ]
    private static let d65ToD50: [[Double]] = [
        [1.0479298208405488, 0.022946793341019088, -0.05019222954313557],
        [0.029627815688159344, 0.990434484573249, -0.01707382502938514],
        [-0.009243058152591178, 0.015055144896577895, 0.7518742899580008],
    ]
    /// The CSS colour keywords.
    package static let namedColours: [String: String] = {
        let table = """
            aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque
            ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood
            deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed
            cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b
            darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen
            556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f
            darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet
            9400d3 deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick
            b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold
            ffd700 goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0
            hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa
            lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080
            lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3
            lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899
            lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen
            faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3
            mediumpurple 9370d8 mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a
            mediumturquoise 48d1cc mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1
            moccasin ffe4b5 navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange
            ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee
            palevioletred d87093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd
            powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1
            saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d
            silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa
            springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise
            40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32
            """
        let words = table.split(whereSeparator: { $0 == " " || $0 == "\n" })
        return Dictionary(uniqueKeysWithValues: stride(from: 0, to: words.count - 1, by: 2).map { (String(words[$0]), "#" + String(words[$0 + 1])) })
    }()

    package init(space: String, components: [Double], alpha: Double) {
        self.space = space
        self.components = components
        self.alpha = alpha
    }
}
