import Foundation
import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogLoad

/// Tokens other than colours as Swift (SwiftUI) and Kotlin (Compose) write them, for
/// `Tokens.swift` and `Tokens.kt`: a dimension in points or dp (px as written, rem × 16, the
/// web's root size), a duration in seconds or milliseconds, a font weight, a number, and a
/// typography as its size, weight, line height (as the ratio DTCG gives and as a length) and
/// letter spacing. A token whose resolved value does not read as its type is left out.
package enum NativeTokenValues {
    package struct Typography: Hashable {
        package var fontFamily: [String]
        package var fontSize: Double
        package var fontWeight: Int
        /// The ratio of the line height to the font size.
        package var lineHeight: Double
        package var letterSpacing: Double
    }

    /// px or rem, in points (1 rem = 16 px).
    package static func points(_ node: JSONNode?) -> Double? {
        guard let value = node?["value"]?.number, value.isFinite, let unit = node?["unit"]?.string else { return nil }
        switch unit {
        case "px": return value
        case "rem": return value * 16
        default: return nil
        }
    }

    package static func seconds(_ node: JSONNode?) -> Double? {
        guard let value = node?["value"]?.number, value.isFinite, let unit = node?["unit"]?.string else { return nil }
        switch unit {
        case "ms": return value / 1000
        case "s": return value
        default: return nil
        }
    }

    /// 1–1000, from a number or a DTCG keyword.
    package static func weight(_ node: JSONNode?) -> Int? {
        if let number = node?.number, number.isFinite, (1...1000).contains(number) { return Int(number.rounded()) }
        if let keyword = node?.string { return TokenValues.weightKeywords[keyword] }
        return nil
    }

    package static func fontFamily(_ node: JSONNode?) -> [String]? {
        if let name = node?.string, !name.isEmpty { return [name] }
        if case .array(let items)? = node?.value {
            let names = items.compactMap(\.string)
            return names.count == items.count && !names.isEmpty ? names : nil
        }
        return nil
    }

    package static func typography(_ node: JSONNode?) -> Typography? {
        guard let node, let family = fontFamily(node["fontFamily"]), let size = points(node["fontSize"]), size > 0,
              let weight = weight(node["fontWeight"]) else { return nil }
        let lineHeight = node["lineHeight"]?.number.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1
        let spacing = points(node["letterSpacing"]) ?? 0
        return Typography(fontFamily: family, fontSize: size, fontWeight: weight, lineHeight: lineHeight, letterSpacing: spacing)
    }

    /// SwiftUI's nine weights, the nearest to `weight`.
    package static func swiftWeight(_ weight: Int) -> String {
        let names = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
        let index = min(max((weight + 49) / 100 - 1, 0), names.count - 1)
        return "." + names[index]
    }
}

/// The composite types, as the two languages' exports read them.
extension NativeTokenValues {
    package struct Shadow: Hashable {
        package var color: RGBA
        package var x: Double, y: Double, blur: Double, spread: Double
        package var inset: Bool
    }

    /// A stroke style: a CSS keyword (`dashed`), or dashes in points with a line cap.
    package struct Stroke: Hashable {
        package var style: String
        package var dashes: [Double]
        package var lineCap: String
    }

    package struct Border: Hashable {
        package var color: RGBA
        package var width: Double
        package var stroke: Stroke
    }

    package struct Transition: Hashable {
        /// Seconds.
        package var duration: Double
        package var delay: Double
        package var curve: [Double]
    }

    package struct GradientStop: Hashable {
        package var color: RGBA
        package var position: Double
    }

    package static func color(_ node: JSONNode?) -> RGBA? {
        node.flatMap { TokenValues.read($0, type: .color).color }
    }

    /// One shadow or a list of them (DTCG's layered shadow).
    package static func shadows(_ node: JSONNode?) -> [Shadow]? {
        guard let node else { return nil }
        let layers: [JSONNode]
        if case .array(let items) = node.value { layers = items } else { layers = [node] }
        let read = layers.compactMap { layer -> Shadow? in
            guard let color = color(layer["color"]), let x = points(layer["offsetX"]), let y = points(layer["offsetY"]),
                  let blur = points(layer["blur"]) else { return nil }
            var inset = false
            if case .bool(let flag)? = layer["inset"]?.value { inset = flag }
            return Shadow(color: color, x: x, y: y, blur: blur, spread: points(layer["spread"]) ?? 0, inset: inset)
        }
        return read.count == layers.count && !read.isEmpty ? read : nil
    }

    package static func stroke(_ node: JSONNode?) -> Stroke? {
        if let keyword = node?.string { return Stroke(style: keyword, dashes: [], lineCap: "butt") }
        guard case .array(let items)? = node?["dashArray"]?.value else { return nil }
        let dashes = items.compactMap { points($0) }
        guard dashes.count == items.count else { return nil }
        return Stroke(style: "dashed", dashes: dashes, lineCap: node?["lineCap"]?.string ?? "butt")
    }

    package static func border(_ node: JSONNode?) -> Border? {
        guard let color = color(node?["color"]), let width = points(node?["width"]), let stroke = stroke(node?["style"]) else { return nil }
        return Border(color: color, width: width, stroke: stroke)
    }

    /// A cubic Bézier's four numbers (x1, y1, x2, y2).
    package static func curve(_ node: JSONNode?) -> [Double]? {
        guard case .array(let items)? = node?.value, items.count == 4 else { return nil }
        let numbers = items.compactMap(\.number)
        return numbers.count == 4 && numbers.allSatisfy(\.isFinite) ? numbers : nil
    }

    package static func transition(_ node: JSONNode?) -> Transition? {
        guard let duration = seconds(node?["duration"]), let curve = curve(node?["timingFunction"]) else { return nil }
        return Transition(duration: duration, delay: seconds(node?["delay"]) ?? 0, curve: curve)
    }

    package static func gradient(_ node: JSONNode?) -> [GradientStop]? {
        guard case .array(let items)? = node?.value, !items.isEmpty else { return nil }
        let stops = items.compactMap { item -> GradientStop? in
            guard let color = color(item["color"]), let position = item["position"]?.number, position.isFinite else { return nil }
            return GradientStop(color: color, position: min(1, max(0, position)))
        }
        return stops.count == items.count ? stops : nil
    }
}
