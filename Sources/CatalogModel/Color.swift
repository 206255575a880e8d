import Foundation

/// A colour in sRGB (components 0–1), for swatches, CSS and WCAG contrast.
public struct RGBA: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive).
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = Array(hex.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        func channel(_ index: Int) -> Double {
            Double(Int(String(digits[index * 2..<index * 2 + 2]), radix: 16) ?? 0) / 255
        }
        self.init(red: channel(0), green: channel(1), blue: channel(2), alpha: digits.count == 8 ? channel(3) : 1)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ value: Double) -> String {
            let clamped = Int((min(1, max(0, value)) * 255).rounded())
            let text = String(clamped, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// WCAG 2.2 relative luminance.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            let value = min(1, max(0, channel))
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// CIE L*a*b* (D65 white), from the sRGB channels.
    public var lab: (l: Double, a: Double, b: Double) {
        func linear(_ channel: Double) -> Double {
            let value = min(1, max(0, channel))
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), b = linear(blue)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// How far apart two colours look: CIE76 ΔE between their L*a*b*, or a hundred times their
    /// alpha's difference when that is larger (an opaque and a half-transparent white differ).
    public func distance(to other: RGBA) -> Double {
        let (l1, a1, b1) = lab, (l2, a2, b2) = other.lab
        let delta = ((l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)).squareRoot()
        return max(delta, abs(alpha - other.alpha) * 100)
    }

    /// OKLCH: perceived lightness (0–1), chroma (0 for greys) and hue angle (degrees), from the
    /// sRGB channels (Björn Ottosson's OKLab).
    public var oklch: (lightness: Double, chroma: Double, hue: Double) {
        func linear(_ channel: Double) -> Double {
            let value = min(1, max(0, channel))
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), b = linear(blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        let lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        let a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        let bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        var hue = atan2(bb, a) * 180 / .pi
        if hue < 0 { hue += 360 }
        return (lightness, (a * a + bb * bb).squareRoot(), hue)
    }

    /// This colour painted over an opaque `background`.
    public func over(_ background: RGBA) -> RGBA {
        RGBA(
            red: red * alpha + background.red * (1 - alpha),
            green: green * alpha + background.green * (1 - alpha),
            blue: blue * alpha + background.blue * (1 - alpha)
        )
    }

    /// WCAG 2.2 contrast ratio (1–21) of two colours, each painted over `background` first.
    public static func contrast(_ a: RGBA, _ b: RGBA, over background: RGBA = RGBA(red: 1, green: 1, blue: 1)) -> Double {
        let first = a.over(background).relativeLuminance
        let second = b.over(background).relativeLuminance
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    public static let white = RGBA(red: 1, green: 1, blue: 1)
    public static let black = RGBA(red: 0, green: 0, blue: 0)

    /// Black or white, whichever contrasts more with this colour painted over `surface`: what a
    /// kind draws text and icons with on a fill it marks `readable:`.
    public func readableText(over surface: RGBA = .white) -> RGBA {
        RGBA.contrast(.white, self, over: surface) >= RGBA.contrast(.black, self, over: surface) ? .white : .black
    }
}

/// Conversions from the DTCG 2025.10 colour spaces to sRGB.
package enum ColorSpaceConversion {
    package static let supported = [
        "srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3",
        "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50",
    ]

    /// sRGB for `components` in `space`, or nil for a space this tool cannot convert.
    package static func toSRGB(space: String, _ c: [Double], alpha: Double) -> RGBA? {
        guard c.count == 3 else { return nil }
        let rgb: [Double]
        switch space {
        case "srgb": rgb = c
        case "srgb-linear": rgb = c.map(gammaEncode)
        case "hsl": rgb = hslToRGB(c[0], c[1] / 100, c[2] / 100)
        case "hwb": rgb = hwbToRGB(c[0], c[1] / 100, c[2] / 100)
        case "display-p3": rgb = xyzD65ToSRGB(multiply(p3ToXYZ, c.map(gammaDecode)))
        case "xyz-d65": rgb = xyzD65ToSRGB(c)
        case "xyz-d50": rgb = xyzD65ToSRGB(multiply(d50ToD65, c))
        case "oklab": rgb = oklabToSRGB(c[0], c[1], c[2])
        case "oklch": rgb = oklabToSRGB(c[0], c[1] * cos(c[2] * .pi / 180), c[1] * sin(c[2] * .pi / 180))
        case "lab": rgb = labToSRGB(c[0], c[1], c[2])
        case "lch": rgb = labToSRGB(c[0], c[1] * cos(c[2] * .pi / 180), c[1] * sin(c[2] * .pi / 180))
        default: return nil
        }
        return RGBA(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    /// The CSS Color 4 text for the colour in its own space.
    package static func css(space: String, _ c: [Double], alpha: Double) -> String {
        func n(_ value: Double) -> String { CSSNumber.format(value) }
        let slash = alpha < 1 ? " / \(n(alpha))" : ""
        switch space {
        case "hsl": return "hsl(\(n(c[0])) \(n(c[1]))% \(n(c[2]))%\(slash))"
        case "hwb": return "hwb(\(n(c[0])) \(n(c[1]))% \(n(c[2]))%\(slash))"
        case "lab", "lch", "oklab", "oklch": return "\(space)(\(c.map(n).joined(separator: " "))\(slash))"
        default: return "color(\(space) \(c.map(n).joined(separator: " "))\(slash))"
        }
    }

    package static func gammaEncode(_ x: Double) -> Double {
        let sign: Double = x < 0 ? -1 : 1, v = abs(x)
        return v <= 0.0031308 ? 12.92 * x : sign * (1.055 * pow(v, 1 / 2.4) - 0.055)
    }

    package static func gammaDecode(_ x: Double) -> Double {
        let sign: Double = x < 0 ? -1 : 1, v = abs(x)
        return v <= 0.04045 ? x / 12.92 : sign * pow((v + 0.055) / 1.055, 2.4)
    }

    private static func hslToRGB(_ h: Double, _ s: Double, _ l: Double) -> [Double] {
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }

    private static func hwbToRGB(_ h: Double, _ w: Double, _ b: Double) -> [Double] {
        if w + b >= 1 { let gray = w / (w + b); return [gray, gray, gray] }
        return hslToRGB(h, 1, 0.5).map { $0 * (1 - w - b) + w }
    }

    package static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in row[0] * v[0] + row[1] * v[1] + row[2] * v[2] }
    }

    private static let p3ToXYZ: [[Double]] = [
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ]
    package static let xyzToLinearSRGB: [[Double]] = [
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ]
    private static let d50ToD65: [[Double]] = [
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ]

    private static func xyzD65ToSRGB(_ xyz: [Double]) -> [Double] {
        multiply(xyzToLinearSRGB, xyz).map(gammaEncode)
    }

    private static func oklabToSRGB(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let l1 = pow(l + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m1 = pow(l - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s1 = pow(l - 0.0894841775 * a - 1.2914855480 * b, 3)
        let linear = [
            4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
            -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
            -0.0041960863 * l1 - 0.7034186147 * m1 + 1.7076147010 * s1,
        ]
        return linear.map(gammaEncode)
    }

    private static func labToSRGB(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let fy = (l + 16) / 116, fx = a / 500 + fy, fz = fy - b / 200
        let x = pow(fx, 3) > epsilon ? pow(fx, 3) : (116 * fx - 16) / kappa
        let y = l > kappa * epsilon ? pow(fy, 3) : l / kappa
        let z = pow(fz, 3) > epsilon ? pow(fz, 3) : (116 * fz - 16) / kappa
        let d50 = [x * 0.3457 / 0.3585, y, z * (1 - 0.3457 - 0.3585) / 0.3585]
        return xyzD65ToSRGB(multiply(d50ToD65, d50))
    }
}

/// A number with a fixed count of decimals, as `printf("%.4f")` writes it, without Foundation's
/// `String(format:)` (which showed up in profiles of large builds).
package enum FixedDecimal {
    package static func format(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let exact = abs(value) * scale
        let scaled = exact.rounded(.toNearestOrEven)
        // Near a half the multiplication's rounding could decide the digit: let printf, which
        // reads the exact binary value, decide those rare cases.
        let nearHalf = abs(exact - exact.rounded(.down) - 0.5) < 1e-6
        guard value.isFinite, scaled < 1e15, !nearHalf else { return String(format: "%.\(places)f", value) }
        let units = Int(scaled), divisor = Int(scale)
        var text = (value < 0 ? "-" : "") + String(units / divisor)
        if places > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }
}

/// Numbers printed for CSS: no trailing zeros, at most four decimals.
package enum CSSNumber {
    package static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = FixedDecimal.format(value, places: 4)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
