import Foundation
import CatalogCore
import CatalogSyntax
import CatalogModel

/// The token page's context and the token files a team takes into code: `tokens.css`,
/// `tokens.json` (resolved DTCG), `Tokens.swift` (SwiftUI `Color`) and `Tokens.kt` (Compose `Color`).
package struct TokenExports: Hashable, Sendable {
    package let tokens: TokenSet
    package let modes: TokenModes?
    /// catalog.yaml's `modes:`: the media query of each context.
    package let presentation: [ModePresentation]
    /// catalog.yaml's `exports:`: the Swift type and the Kotlin package.
    package let names: ExportNames

    /// The tokens an alias passes through, nearest first: all of them for a short chain; for a
    /// long one the first, a count of those between, and the last, so the page stays linear in
    /// the number of tokens however long the chains are.
    package func aliasSteps(of token: Token) -> [AliasStep] {
        func step(_ token: Token) -> AliasStep { AliasStep(name: token.slashName, href: "#" + Self.anchor(token), isGap: false) }
        guard let first = token.aliasTarget.flatMap(tokens.token) else { return [] }
        if token.aliasLength <= 4 {
            var steps: [AliasStep] = []
            var current: Token? = first
            while let link = current, steps.count < token.aliasLength {
                steps.append(step(link))
                current = link.aliasTarget.flatMap(tokens.token)
            }
            return steps
        }
        var steps = [step(first)]
        steps.append(AliasStep(name: "… \(token.aliasLength - 2) more …", href: "", isGap: true))
        if let end = token.aliasEnd.flatMap(tokens.token) { steps.append(step(end)) }
        return steps
    }

    /// The text a preview shows: a specimen for type, nothing for boxes and strips.
    package static func previewText(_ token: Token) -> String {
        switch token.type {
        case .typography, .fontFamily, .fontWeight: "Aa Bb 123"
        case .color, .dimension, .duration, .cubicBezier, .number, .strokeStyle, .border, .transition, .shadow, .gradient, nil: ""
        }
    }

    /// An easing curve as an SVG path in a 100 × 100 box (y up), for cubicBezier tokens and
    /// the timing function of transitions.
    package static func curvePath(_ token: Token) -> String? {
        let node: JSONNode?
        switch token.type {
        case .cubicBezier: node = token.resolvedValue
        case .transition: node = token.resolvedValue?["timingFunction"]
        case .color, .dimension, .fontFamily, .fontWeight, .duration, .number, .strokeStyle, .border, .shadow, .gradient, .typography, nil: node = nil
        }
        guard case .array(let items)? = node?.value, items.count == 4 else { return nil }
        let numbers = items.compactMap(\.number)
        guard numbers.count == 4 else { return nil }
        func point(_ x: Double, _ y: Double) -> String { "\(CSSNumber.format(x * 100)) \(CSSNumber.format(100 - y * 100))" }
        return "M0 100C\(point(numbers[0], numbers[1])) \(point(numbers[2], numbers[3])) 100 0"
    }

    package static func anchor(_ token: Token) -> String {
        "token-" + HeadingIDSafe.make(token.path.joined(separator: "-"))
    }

    // MARK: Exports

    /// The custom properties (the same text as the stylesheet every page loads).
    package func css() -> String { TokenStylesheet.css(for: tokens, modes: modes, presentation: presentation) }

    /// The token tree with every alias resolved: `$value`, `$type`, `$description`, and
    /// `$deprecated` and `$extensions` unchanged, per token.
    package func json() -> String { json(of: tokens) }

    /// `tokens.<modifier>-<context>.json` for each context other than a modifier's default:
    /// that context's full resolution (the other modifiers at their defaults).
    package func modeJSONFiles() -> [(path: String, label: String, json: String)] {
        var files: [(path: String, label: String, json: String)] = []
        for modifier in modes?.modifiers ?? [] {
            for context in modifier.contexts where context.name != modifier.defaultContext {
                let name = ModeAttribute.fileName(modifier.name) + "-" + ModeAttribute.fileName(context.name)
                files.append(("tokens.\(name).json", "\(modifier.name)=\(context.name)", json(of: context.tokens)))
            }
        }
        return files
    }

    package func json(of tokens: TokenSet) -> String {
        var root = JSONTree()
        for token in tokens.tokens {
            var entry: [String: JSONText.Value] = [:]
            if let value = token.resolvedValue { entry["$value"] = Self.jsonValue(value) }
            if let type = token.type { entry["$type"] = .string(type.rawValue) }
            if let description = token.description { entry["$description"] = .string(description) }
            if token.deprecated { entry["$deprecated"] = token.deprecationMessage.map { .string($0) } ?? .bool(true) }
            if let extensions = token.extensions { entry["$extensions"] = Self.jsonValue(extensions) }
            root.insert(entry, at: token.path)
        }
        return JSONText.pretty(.object(root.value))
    }

    /// SwiftUI colours: `extension Color { static let toggleColorDefaultActiveBgTrack = … }`.
    package func swift() -> String {
        var names = Set<String>()
        var lines = [
            "// Generated by catalog-build from tokens/*.tokens.json. Do not edit.",
            "import SwiftUI",
            "",
        ]
        let axes = modeAxes()
        for axis in axes {
            lines.append("/// \((axis.modifier.description ?? "The token mode \(axis.modifier.name)").replacingOccurrences(of: "\n", with: " ")): its contexts.")
            lines.append("public enum \(axis.swiftType): String, CaseIterable, Sendable {")
            for context in axis.modifier.contexts { lines.append("    case \(Self.identifier([context.name], upperFirst: false)) = \"\(Self.swiftString(context.name))\"") }
            lines.append("}")
            lines.append("")
        }
        lines.append("public extension Color {")
        for token in tokens.tokens {
            guard token.color != nil else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: false), in: &names)
            if let description = token.description { lines.append("    /// \(description.replacingOccurrences(of: "\n", with: " "))") }
            lines.append("    static let \(name) = \(Self.swiftColor(token))")
            // Its value in every context of each modifier it varies by.
            for axis in axes where axis.varies(token) {
                lines.append("    static func \(name)(\(axis.parameter): \(axis.swiftType)) -> Color {")
                lines.append("        switch \(axis.parameter) {")
                for (context, value) in axis.values(of: token) {
                    lines.append("        case .\(Self.identifier([context], upperFirst: false)): \(Self.swiftColor(value))")
                }
                lines.append("        }")
                lines.append("    }")
            }
        }
        lines.append("}")
        lines += swiftNamespace()
        return lines.joined(separator: "\n") + "\n"
    }

    /// `public enum <exports.swift.type>`: every token Swift can express, by type — colours as
    /// `Color`, dimensions as `CGFloat` points, durations as `TimeInterval`, font weights as
    /// `Font.Weight`, numbers as `Double`, typography as the enum's `Typography`.
    private func swiftNamespace() -> [String] {
        var names = Set<String>()
        var members: [String] = []
        for token in tokens.tokens {
            let value = token.resolvedValue
            let declaration: String?
            switch token.type {
            case .color? where token.color != nil: declaration = "Color = \(Self.swiftColor(token))"
            case .dimension?: declaration = NativeTokenValues.points(value).map { "CGFloat = \(CSSNumber.format($0))" }
            case .duration?: declaration = NativeTokenValues.seconds(value).map { "TimeInterval = \(CSSNumber.format($0))" }
            case .fontWeight?: declaration = NativeTokenValues.weight(value).map { "Font.Weight = \(NativeTokenValues.swiftWeight($0))" }
            case .number?: declaration = value?.number.flatMap { $0.isFinite ? "Double = \(CSSNumber.format($0))" : nil }
            case .typography?:
                declaration = NativeTokenValues.typography(value).map { type in
                    "Typography = Typography(fontFamily: [\(type.fontFamily.map { "\"\(Self.swiftString($0))\"" }.joined(separator: ", "))], fontSize: \(CSSNumber.format(type.fontSize)), fontWeight: \(NativeTokenValues.swiftWeight(type.fontWeight)), lineHeight: \(CSSNumber.format(type.lineHeight)), letterSpacing: \(CSSNumber.format(type.letterSpacing)))"
                }
            default: declaration = nil
            }
            guard let declaration else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: false), in: &names)
            if let description = token.description { members.append("    /// \(description.replacingOccurrences(of: "\n", with: " "))") }
            members.append("    public static let \(name): \(declaration)")
        }
        return [
            "",
            "/// Every token Swift can express: colours, dimensions in points (1 rem = 16), durations in",
            "/// seconds, font weights, numbers and typography, each at its default value.",
            "public enum \(self.names.swiftType) {",
            "    /// A typography token: the font's families in order of preference, its size and weight,",
            "    /// the line height as a ratio of the size (DTCG's form) and the letter spacing in points.",
            "    public struct Typography {",
            "        public let fontFamily: [String]",
            "        public let fontSize: CGFloat",
            "        public let fontWeight: Font.Weight",
            "        public let lineHeight: CGFloat",
            "        public let letterSpacing: CGFloat",
            "        /// The line height as a length, for `lineSpacing` (which adds to the font's own).",
            "        public var lineHeightPoints: CGFloat { fontSize * lineHeight }",
            "    }",
            "",
        ] + members + ["}"]
    }

    /// A SwiftUI colour in its own space: display-p3 stays display-p3, the rest is sRGB.
    package static func swiftColor(_ token: Token) -> String {
        guard let color = token.color else { return "Color.clear" }
        if let p3 = displayP3(token) {
            return "Color(.displayP3, red: \(number(p3[0])), green: \(number(p3[1])), blue: \(number(p3[2])), opacity: \(number(color.alpha)))"
        }
        return "Color(.sRGB, red: \(number(color.red)), green: \(number(color.green)), blue: \(number(color.blue)), opacity: \(number(color.alpha)))"
    }

    /// The components of a display-p3 colour token, as written.
    package static func displayP3(_ token: Token) -> [Double]? {
        guard token.resolvedValue?["colorSpace"]?.string == "display-p3", case .array(let items)? = token.resolvedValue?["components"]?.value else { return nil }
        let numbers = items.map { $0.number ?? 0 }
        return numbers.count == 3 ? numbers : nil
    }

    package static func swiftString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// A modifier as the exports name it: its enum type and parameter.
    package struct ModeAxis {
        package var modifier: TokenModes.Modifier
        package var swiftType: String { "Catalog" + TokenExports.identifier([modifier.name], upperFirst: true) }
        package var parameter: String { TokenExports.identifier([modifier.name], upperFirst: false) }

        package func varies(_ token: Token) -> Bool {
            modifier.contexts.contains { $0.differing(token.name) != nil }
        }

        /// The token's value in each context of the modifier, in order.
        package func values(of token: Token) -> [(context: String, token: Token)] {
            modifier.contexts.map { ($0.name, $0.tokens.token(token.name) ?? token) }
        }
    }

    package func modeAxes() -> [ModeAxis] {
        (modes?.modifiers ?? []).map { ModeAxis(modifier: $0) }
    }

    /// Compose colours: `object CatalogTokens { val ToggleColorDefaultActiveBgTrack = Color(0xFF005CE5) }`,
    /// and for a colour that varies by a token mode `fun ToggleColorDefaultActiveBgTrack(theme: CatalogTheme)`.
    package func kotlin() -> String {
        var names = Set<String>()
        var lines = [
            "// Generated by catalog-build from tokens/*.tokens.json. Do not edit.",
            "package \(self.names.kotlinPackage)",
            "",
            "import androidx.compose.ui.graphics.Color",
            "import androidx.compose.ui.text.TextStyle",
            "import androidx.compose.ui.text.font.FontWeight",
            "import androidx.compose.ui.unit.dp",
            "import androidx.compose.ui.unit.sp",
        ]
        let axes = modeAxes()
        if tokens.tokens.contains(where: { Self.displayP3($0) != nil }) || axes.contains(where: { axis in axis.modifier.contexts.contains { $0.tokens.tokens.contains { Self.displayP3($0) != nil } } }) {
            lines.append("import androidx.compose.ui.graphics.colorspace.ColorSpaces")
        }
        lines.append("")
        for axis in axes {
            lines.append("/** \((axis.modifier.description ?? "The token mode \(axis.modifier.name)").replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")): its contexts. */")
            lines.append("enum class \(axis.swiftType) { \(axis.modifier.contexts.map { Self.identifier([$0.name], upperFirst: true) }.joined(separator: ", ")) }")
            lines.append("")
        }
        lines.append("object CatalogTokens {")
        for token in tokens.tokens {
            guard token.color != nil else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: true), in: &names)
            if let description = token.description { lines.append("    /** \(description.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")) */") }
            lines.append("    val \(name) = \(Self.kotlinColor(token))")
            for axis in axes where axis.varies(token) {
                lines.append("    fun \(name)(\(axis.parameter): \(axis.swiftType)): Color = when (\(axis.parameter)) {")
                for (context, value) in axis.values(of: token) {
                    lines.append("        \(axis.swiftType).\(Self.identifier([context], upperFirst: true)) -> \(Self.kotlinColor(value))")
                }
                lines.append("    }")
            }
        }
        lines += kotlinMembers(used: &names)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tokens Compose can express besides colours, in the same object: dimensions as `Dp`
    /// (1 rem = 16), durations as milliseconds (`Long`), font weights as `FontWeight`, numbers
    /// as `Float`, typography as a `TextStyle` (its family noted: Compose needs the font bundled).
    private func kotlinMembers(used names: inout Set<String>) -> [String] {
        var lines: [String] = []
        for token in tokens.tokens {
            let value = token.resolvedValue
            var declaration: String?
            var note: String?
            switch token.type {
            case .dimension?: declaration = NativeTokenValues.points(value).map { "\(CSSNumber.format($0)).dp" }
            case .duration?: declaration = NativeTokenValues.seconds(value).map { "\(Int64(($0 * 1000).rounded()))L" }
            case .fontWeight?: declaration = NativeTokenValues.weight(value).map { "FontWeight(\($0))" }
            case .number?: declaration = value?.number.flatMap { $0.isFinite ? "\(CSSNumber.format($0))f" : nil }
            case .typography?:
                if let type = NativeTokenValues.typography(value) {
                    declaration = "TextStyle(fontSize = \(CSSNumber.format(type.fontSize)).sp, fontWeight = FontWeight(\(type.fontWeight)), lineHeight = \(CSSNumber.format(type.fontSize * type.lineHeight)).sp, letterSpacing = \(CSSNumber.format(type.letterSpacing)).sp)"
                    note = "fontFamily: \(type.fontFamily.joined(separator: ", ")) (bundle the font and add fontFamily = …)"
                }
            default: break
            }
            guard let declaration else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: true), in: &names)
            let comment = [token.description?.replacingOccurrences(of: "\n", with: " "), token.type == .duration ? "in milliseconds" : nil, note].compactMap { $0 }
            if !comment.isEmpty { lines.append("    /** \(comment.joined(separator: "; ").replacingOccurrences(of: "*/", with: "* /")) */") }
            lines.append("    val \(name) = \(declaration)")
        }
        return lines
    }

    package static func kotlinColor(_ token: Token) -> String {
        guard let color = token.color else { return "Color.Transparent" }
        if let p3 = displayP3(token) {
            return "Color(\(number(p3[0]))f, \(number(p3[1]))f, \(number(p3[2]))f, \(number(color.alpha))f, ColorSpaces.DisplayP3)"
        }
        func byte(_ value: Double) -> String {
            let text = String(Int((min(1, max(0, value)) * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "Color(0x\(byte(color.alpha))\(byte(color.red))\(byte(color.green))\(byte(color.blue)))"
    }

    package static func identifier(_ path: [String], upperFirst: Bool) -> String {
        let words = path.flatMap { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) }
        var name = words.enumerated().map { index, word in
            let lower = word.lowercased()
            return index == 0 && !upperFirst ? lower : lower.prefix(1).uppercased() + lower.dropFirst()
        }.joined()
        if name.isEmpty { name = "token" }
        if name.first!.isNumber { name = (upperFirst ? "T" : "t") + name }
        return Self.keywords.contains(name) ? name + "Token" : name
    }

    /// Words Swift or Kotlin reserve, which an identifier made from a token's path gets a suffix for.
    private static let keywords: Set<String> = ["default", "class", "struct", "enum", "let", "var", "func", "import", "in", "is", "as", "object", "val", "fun", "when", "true", "false", "null", "nil", "self", "super", "return", "for", "while", "if", "else", "switch", "case", "private", "public", "internal", "static", "protocol", "extension", "init", "deinit", "subscript", "operator", "typealias", "associatedtype", "throws", "try", "catch", "repeat", "do", "break", "continue", "where", "guard", "defer", "inout", "some", "any", "package"]

    package static func uniqueName(_ base: String, in used: inout Set<String>) -> String {
        var name = base
        var counter = 2
        while !used.insert(name).inserted {
            name = base + String(counter)
            counter += 1
        }
        return name
    }

    package static func number(_ value: Double) -> String {
        var text = FixedDecimal.format(min(1, max(0, value)), places: 4)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text += "0" }
        return text
    }

    package static func jsonValue(_ node: JSONNode) -> JSONText.Value {
        switch node.value {
        case .object(let members):
            var object: [String: JSONText.Value] = [:]
            for member in members { object[member.key] = jsonValue(member.value) }
            return .object(object)
        case .array(let items): return .array(items.map(jsonValue))
        case .string(let text): return .string(text)
        case .number(_, let literal): return .number(literal)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        }
    }

    /// A nested object built path by path.
    package struct JSONTree {
        package var value: [String: JSONText.Value] = [:]

        package mutating func insert(_ entry: [String: JSONText.Value], at path: [String]) {
            Self.insert(entry, at: path[...], into: &value)
        }

        /// In place: each level is taken out, filled and put back, so no level is copied.
        private static func insert(_ entry: [String: JSONText.Value], at path: ArraySlice<String>, into object: inout [String: JSONText.Value]) {
            guard let first = path.first else { return }
            if path.count == 1 {
                object[first] = .object(entry)
                return
            }
            var child: [String: JSONText.Value] = [:]
            if case .object(let members)? = object.removeValue(forKey: first) { child = members }
            insert(entry, at: path.dropFirst(), into: &child)
            object[first] = .object(child)
        }
    }

    package init(tokens: TokenSet, modes: TokenModes?, presentation: [ModePresentation], names: ExportNames = ExportNames()) {
        self.tokens = tokens
        self.modes = modes
        self.presentation = presentation
        self.names = names
    }
}
