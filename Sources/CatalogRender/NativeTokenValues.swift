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
