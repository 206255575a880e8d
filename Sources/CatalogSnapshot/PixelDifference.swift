/// How far apart two images are, as people see them: the method of pixelmatch (Mapbox's image
/// comparison library). Colours are compared in YIQ space, weighted as the eye weighs
/// brightness and hue (Kotsarenko and Ramos, "Measuring perceived color difference using YIQ
/// NTSC transmission color space"); a pixel that differs only because an edge was smoothed
/// differently (anti-aliasing, detected as by Vyšniauskas, "Anti-aliased pixel and intensity
/// slope detector") is not counted. The difference image shows changed pixels in red, smoothed
/// ones in yellow, and the rest as a faint grey copy of the approved image.
public enum PixelDifference {
    public struct Result: Sendable {
        /// Pixels that changed past the threshold (anti-aliasing not counted).
        public var changed: Int
        public var total: Int
        public var image: PNGImage
        public var share: Double { total == 0 ? 0 : Double(changed) / Double(total) }
    }

    /// `threshold` (0–1) is the colour distance past which a pixel counts as changed; 0.1 is
    /// pixelmatch's default. Images of different sizes are not compared here.
    public static func compare(_ old: PNGImage, _ new: PNGImage, threshold: Double) -> Result {
        precondition(old.width == new.width && old.height == new.height)
        let width = old.width, height = old.height
        let maxDelta = 35215 * threshold * threshold
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var changed = 0
        old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    for x in 0..<width {
                        let position = (y * width + x) * 4
                        let delta = colorDelta(a, b, position, position, brightnessOnly: false)
                        if abs(delta) > maxDelta {
                            if antialiased(a, x, y, width, height, b) || antialiased(b, x, y, width, height, a) {
                                draw(&output, position, 255, 255, 0)
                            } else {
                                draw(&output, position, 255, 0, 0)
                                changed += 1
                            }
                        } else {
                            let grey = blend(luminance(Double(a[position]), Double(a[position + 1]), Double(a[position + 2])), 0.1 * Double(a[position + 3]) / 255)
                            let value = UInt8(max(0, min(255, grey.rounded())))
                            draw(&output, position, value, value, value)
                        }
                    }
                }
            }
        }
        return Result(changed: changed, total: width * height, image: PNGImage(width: width, height: height, pixels: output))
    }

    private static func draw(_ output: inout [UInt8], _ position: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        output[position] = red
        output[position + 1] = green
        output[position + 2] = blue
        output[position + 3] = 255
    }

    /// Whether the pixel at (x, y) of `image` is likely a smoothed edge: among its neighbours it
    /// has both a darker and a brighter one, and one of those sits in a flat area of both images.
    private static func antialiased(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var least = 0.0, most = 0.0
        var leastX = 0, leastY = 0, mostX = 0, mostY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, position, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < least {
                    least = delta; leastX = x; leastY = y
                } else if delta > most {
                    most = delta; mostX = x; mostY = y
                }
            }
        }
        if least == 0 || most == 0 { return false }
        return (manySiblings(image, leastX, leastY, width, height) && manySiblings(other, leastX, leastY, width, height))
            || (manySiblings(image, mostX, mostY, width, height) && manySiblings(other, mostX, mostY, width, height))
    }

    /// Whether at least three neighbours of (x, y) have exactly its colour.
    private static func manySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let other = (y * width + x) * 4
                if image[position] == image[other], image[position + 1] == image[other + 1],
                   image[position + 2] == image[other + 2], image[position + 3] == image[other + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The squared YIQ distance between two pixels (negative when the first is brighter), or
    /// only the brightness difference. Transparent pixels are blended with white first.
    private static func colorDelta(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, brightnessOnly: Bool) -> Double {
        if a[k] == b[m], a[k + 1] == b[m + 1], a[k + 2] == b[m + 2], a[k + 3] == b[m + 3] { return 0 }
        var r1 = Double(a[k]), g1 = Double(a[k + 1]), b1 = Double(a[k + 2])
        var r2 = Double(b[m]), g2 = Double(b[m + 1]), b2 = Double(b[m + 2])
        let a1 = Double(a[k + 3]), a2 = Double(b[m + 3])
        if a1 < 255 { let alpha = a1 / 255; r1 = blend(r1, alpha); g1 = blend(g1, alpha); b1 = blend(b1, alpha) }
        if a2 < 255 { let alpha = a2 / 255; r2 = blend(r2, alpha); g2 = blend(g2, alpha); b2 = blend(b2, alpha) }
        let y1 = luminance(r1, g1, b1), y2 = luminance(r2, g2, b2)
        let y = y1 - y2
        if brightnessOnly { return y }
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    private static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }
    private static func blend(_ channel: Double, _ alpha: Double) -> Double { 255 + (channel - 255) * alpha }
}
