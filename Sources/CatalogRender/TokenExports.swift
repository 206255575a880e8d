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

    /// `tokens.<modifier>-<context>.json` for each resolution other than the default one: every
    /// combination of the modifiers' contexts (`tokens.theme-dark.brand-sosh.json`, naming the
    /// contexts other than their modifier's default), or past the cap each context with the
    /// other modifiers at their defaults. Each holds that resolution in full.
    package func modeJSONFiles() -> [(path: String, label: String, json: String)] {
        (modes?.resolutions ?? []).map { resolution in
            let name = resolution.choices.map { ModeAttribute.fileName($0.modifier) + "-" + ModeAttribute.fileName($0.context) }.joined(separator: ".")
            return ("tokens.\(name).json", resolution.label, json(of: resolution.tokens))
        }
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

    /// SwiftUI: `extension Color { static let toggleColorDefaultActiveBgTrack = … }` and the namespace of every type.
    package func swift() -> String {
        var names = Set<String>()
        let grid = modeGrid()
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
            // Its value in every combination of the modes it varies by.
            for variation in variations(of: token, grid: grid, value: { Self.swiftColor($0) }) {
                lines += variation.swiftFunction(name: name, type: "Color", static: "static")
            }
        }
        lines.append("}")
        lines += swiftNamespace(grid: grid)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `public enum <exports.swift.type>`: every token Swift can express, by type — colours as
    /// `Color`, dimensions as `CGFloat` points, durations as `TimeInterval`, font weights as
    /// `Font.Weight`, numbers as `Double`, typography as the enum's `Typography`.
    private func swiftNamespace(grid: ModeGrid?) -> [String] {
        var names = Set<String>()
        var members: [String] = []
        for token in tokens.tokens {
            guard let (type, value) = Self.swiftValue(token), let declaration = value(token) else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: false), in: &names)
            if let description = token.description { members.append("    /// \(description.replacingOccurrences(of: "\n", with: " "))") }
            members.append("    public static let \(name): \(type) = \(declaration)")
            for variation in variations(of: token, grid: grid, value: { value($0) ?? declaration }) {
                members += variation.swiftFunction(name: name, type: type, static: "public static")
            }
        }
        return [
            "",
            "/// Every token Swift can express, each at its default value (and, for one that varies by",
            "/// a token mode, a function of the modes): colours, dimensions in points (1 rem = 16),",
            "/// durations in seconds, font weights, numbers, font families, typography, cubic Béziers,",
            "/// transitions, shadows, stroke styles, borders and gradients.",
            "public enum \(self.names.swiftType) {",
            "    /// A typography token: the font's families in order of preference, its size and weight,",
            "    /// the line height as a ratio of the size (DTCG's form) and the letter spacing in points.",
            "    public struct Typography: Sendable {",
            "        public let fontFamily: [String]",
            "        public let fontSize: CGFloat",
            "        public let fontWeight: Font.Weight",
            "        public let lineHeight: CGFloat",
            "        public let letterSpacing: CGFloat",
            "        /// The line height as a length, for `lineSpacing` (which adds to the font's own).",
            "        public var lineHeightPoints: CGFloat { fontSize * lineHeight }",
            "    }",
            "",
            "    /// An easing curve's control points (`UnitCurve.bezier` and `Animation.timingCurve` take them).",
            "    public struct CubicBezier: Sendable {",
            "        public let x1: Double",
            "        public let y1: Double",
            "        public let x2: Double",
            "        public let y2: Double",
            "    }",
            "",
            "    /// A transition: seconds, and the easing curve.",
            "    public struct Transition: Sendable {",
            "        public let duration: TimeInterval",
            "        public let delay: TimeInterval",
            "        public let timingFunction: CubicBezier",
            "    }",
            "",
            "    /// One layer of a shadow, in points; SwiftUI's `shadow(color:radius:x:y:)` takes half the blur as its radius.",
            "    public struct Shadow: Sendable {",
            "        public let color: Color",
            "        public let offsetX: CGFloat",
            "        public let offsetY: CGFloat",
            "        public let blur: CGFloat",
            "        public let spread: CGFloat",
            "        public let inset: Bool",
            "    }",
            "",
            "    /// A stroke style: CSS's keyword (`solid`, `dashed`…), or `dashed` with its dash lengths in",
            "    /// points and line cap (`StrokeStyle(dash:lineCap:)`).",
            "    public struct Stroke: Sendable {",
            "        public let style: String",
            "        public let dashes: [CGFloat]",
            "        public let lineCap: String",
            "    }",
            "",
            "    /// A border: its colour, width in points and stroke style.",
            "    public struct Border: Sendable {",
            "        public let color: Color",
            "        public let width: CGFloat",
            "        public let style: Stroke",
            "    }",
            "",
            "    /// A gradient's stop, as `Gradient.Stop(color:location:)` takes it.",
            "    public struct GradientStop: Sendable {",
            "        public let color: Color",
            "        public let location: CGFloat",
            "    }",
            "",
        ] + members + ["}"]
    }

    /// The Swift type a token is declared with in the namespace, and its value as Swift writes
    /// it (nil where this value cannot be written so); nil for a type Swift gets no member for.
    package static func swiftValue(_ token: Token) -> (type: String, value: (Token) -> String?)? {
        switch token.type {
        case .color? where token.color != nil: ("Color", { $0.color == nil ? nil : swiftColor($0) })
        case .dimension?: ("CGFloat", { NativeTokenValues.points($0.resolvedValue).map { CSSNumber.format($0) } })
        case .duration?: ("TimeInterval", { NativeTokenValues.seconds($0.resolvedValue).map { CSSNumber.format($0) } })
        case .fontWeight?: ("Font.Weight", { NativeTokenValues.weight($0.resolvedValue).map(NativeTokenValues.swiftWeight) })
        case .number?: ("Double", { $0.resolvedValue?.number.flatMap { $0.isFinite ? CSSNumber.format($0) : nil } })
        case .typography?:
            ("Typography", { token in
                NativeTokenValues.typography(token.resolvedValue).map { type in
                    "Typography(fontFamily: [\(type.fontFamily.map { "\"\(swiftString($0))\"" }.joined(separator: ", "))], fontSize: \(CSSNumber.format(type.fontSize)), fontWeight: \(NativeTokenValues.swiftWeight(type.fontWeight)), lineHeight: \(CSSNumber.format(type.lineHeight)), letterSpacing: \(CSSNumber.format(type.letterSpacing)))"
                }
            })
        case .fontFamily?:
            ("[String]", { NativeTokenValues.fontFamily($0.resolvedValue).map { "[" + $0.map { "\"\(swiftString($0))\"" }.joined(separator: ", ") + "]" } })
        case .cubicBezier?:
            ("CubicBezier", { NativeTokenValues.curve($0.resolvedValue).map(swiftCurve) })
        case .transition?:
            ("Transition", { NativeTokenValues.transition($0.resolvedValue).map { "Transition(duration: \(CSSNumber.format($0.duration)), delay: \(CSSNumber.format($0.delay)), timingFunction: \(swiftCurve($0.curve)))" } })
        case .shadow?:
            ("[Shadow]", { NativeTokenValues.shadows($0.resolvedValue).map { "[" + $0.map { "Shadow(color: \(swiftColor($0.color)), offsetX: \(CSSNumber.format($0.x)), offsetY: \(CSSNumber.format($0.y)), blur: \(CSSNumber.format($0.blur)), spread: \(CSSNumber.format($0.spread)), inset: \($0.inset))" }.joined(separator: ", ") + "]" } })
        case .strokeStyle?:
            ("Stroke", { NativeTokenValues.stroke($0.resolvedValue).map(swiftStroke) })
        case .border?:
            ("Border", { NativeTokenValues.border($0.resolvedValue).map { "Border(color: \(swiftColor($0.color)), width: \(CSSNumber.format($0.width)), style: \(swiftStroke($0.stroke)))" } })
        case .gradient?:
            ("[GradientStop]", { NativeTokenValues.gradient($0.resolvedValue).map { "[" + $0.map { "GradientStop(color: \(swiftColor($0.color)), location: \(CSSNumber.format($0.position)))" }.joined(separator: ", ") + "]" } })
        default: nil
        }
    }

    private static func swiftCurve(_ curve: [Double]) -> String {
        "CubicBezier(x1: \(CSSNumber.format(curve[0])), y1: \(CSSNumber.format(curve[1])), x2: \(CSSNumber.format(curve[2])), y2: \(CSSNumber.format(curve[3])))"
    }

    private static func swiftStroke(_ stroke: NativeTokenValues.Stroke) -> String {
        "Stroke(style: \"\(swiftString(stroke.style))\", dashes: [\(stroke.dashes.map(CSSNumber.format).joined(separator: ", "))], lineCap: \"\(swiftString(stroke.lineCap))\")"
    }

    /// A colour in sRGB (a composite's field, or a token not in display-p3).
    package static func swiftColor(_ color: RGBA) -> String {
        "Color(.sRGB, red: \(number(color.red)), green: \(number(color.green)), blue: \(number(color.blue)), opacity: \(number(color.alpha)))"
    }

    /// A SwiftUI colour in its own space: display-p3 stays display-p3, the rest is sRGB.
    package static func swiftColor(_ token: Token) -> String {
        guard let color = token.color else { return "Color.clear" }
        if let p3 = displayP3(token) {
            return "Color(.displayP3, red: \(number(p3[0])), green: \(number(p3[1])), blue: \(number(p3[2])), opacity: \(number(color.alpha)))"
        }
        return swiftColor(color)
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
        package func swiftCase(_ context: String) -> String { "." + TokenExports.identifier([context], upperFirst: false) }
        package func kotlinCase(_ context: String) -> String { swiftType + "." + TokenExports.identifier([context], upperFirst: true) }
    }

    package func modeAxes() -> [ModeAxis] {
        (modes?.modifiers ?? []).map { ModeAxis(modifier: $0) }
    }

    /// A token's value over the modes it varies by, as one language writes it: a parameter per
    /// modifier (its default context as the argument's default) and a value per combination of
    /// their contexts.
    package struct Variation {
        package var axes: [ModeAxis]
        /// One per combination of the axes' contexts, the first axis varying slowest.
        package var rows: [(contexts: [String], value: String)]
        /// Whether each parameter defaults to its modifier's default context (false past the
        /// cap, where each modifier has a function of its own and defaults would be ambiguous).
        package var defaults: Bool

        /// `static func name(theme: CatalogTheme = .light, brand: CatalogBrand = .orange) -> Color`,
        /// the combinations with one value listed together in one case.
        package func swiftFunction(name: String, type: String, static keyword: String) -> [String] {
            let parameters = axes.map { "\($0.parameter): \($0.swiftType)" + (defaults ? " = \($0.swiftCase($0.modifier.defaultContext))" : "") }
            var lines = ["    \(keyword) func \(name)(\(parameters.joined(separator: ", "))) -> \(type) {"]
            let subject = axes.count == 1 ? axes[0].parameter : "(" + axes.map(\.parameter).joined(separator: ", ") + ")"
            lines.append("        switch \(subject) {")
            var order: [String] = []
            var patterns: [String: [String]] = [:]
            for row in rows {
                let cases = zip(axes, row.contexts).map { $0.swiftCase($1) }
                let pattern = cases.count == 1 ? cases[0] : "(" + cases.joined(separator: ", ") + ")"
                if patterns[row.value] == nil { order.append(row.value) }
                patterns[row.value, default: []].append(pattern)
            }
            for value in order { lines.append("        case \(patterns[value]!.joined(separator: ", ")): return \(value)") }
            lines += ["        }", "    }"]
            return lines
        }

        /// `fun Name(theme: CatalogTheme = CatalogTheme.Light, …): Color = when (theme) { … }`,
        /// one `when` per axis, nested; contexts with the same value share a branch.
        package func kotlinFunction(name: String, type: String) -> [String] {
            let parameters = axes.map { "\($0.parameter): \($0.swiftType)" + (defaults ? " = \($0.kotlinCase($0.modifier.defaultContext))" : "") }
            func when(_ depth: Int, _ rows: ArraySlice<(contexts: [String], value: String)>, indent: String) -> [String] {
                guard depth < axes.count else { return [rows.first!.value] }
                let axis = axes[depth]
                var branches: [(cases: [String], body: [String])] = []
                for context in axis.modifier.contexts.map(\.name) {
                    let body = when(depth + 1, rows.filter { $0.contexts[depth] == context }[...], indent: indent + "    ")
                    if let index = branches.firstIndex(where: { $0.body == body }) {
                        branches[index].cases.append(axis.kotlinCase(context))
                    } else {
                        branches.append(([axis.kotlinCase(context)], body))
                    }
                }
                if branches.count == 1 { return branches[0].body }
                var lines = ["when (\(axis.parameter)) {"]
                for branch in branches {
                    lines.append(indent + "    \(branch.cases.joined(separator: ", ")) -> " + branch.body[0])
                    lines += branch.body.dropFirst()
                }
                lines.append(indent + "}")
                return lines
            }
            let body = when(0, rows[...], indent: "    ")
            return ["    fun \(name)(\(parameters.joined(separator: ", "))): \(type) = " + body[0]] + body.dropFirst()
        }
    }

    /// Every combination of the modifiers' contexts (the first modifier varying slowest) with
    /// its resolved tokens, worked out once per export file: the default combination is the
    /// catalog's tokens. Nil without modes, or past the cap.
    package struct ModeGrid {
        package var axes: [ModeAxis]
        /// Each combination as an index per modifier into its contexts.
        package var combinations: [[Int]]
        package var sets: [TokenSet]
        /// For each token that varies: its distinct resolved values, and which one each
        /// combination has (worked out once, for every language's file).
        package var shapes: [String: Shape]

        package struct Shape {
            package var distinct: [Token]
            package var valueIndex: [Int]
        }
    }

    package func modeGrid() -> ModeGrid? {
        guard let modes, !modes.modifiers.isEmpty, !modes.capped else { return nil }
        let axes = modeAxes()
        let byLabel = Dictionary(modes.resolutions.map { ($0.label, $0.tokens) }, uniquingKeysWith: { first, _ in first })
        var combinations: [[Int]] = [[]]
        for axis in axes { combinations = combinations.flatMap { prefix in axis.modifier.contexts.indices.map { prefix + [$0] } } }
        let sets = combinations.map { combination -> TokenSet in
            let changed = zip(axes, combination).map { ($0, $0.modifier.contexts[$1].name) }.filter { $0.0.modifier.defaultContext != $0.1 }
            return changed.isEmpty ? tokens : byLabel[changed.map { "\($0.0.modifier.name)=\($0.1)" }.joined(separator: ", ")] ?? tokens
        }
        var shapes: [String: ModeGrid.Shape] = [:]
        for token in tokens.tokens {
            var distinct: [Token] = []
            var index: [String: Int] = [:]
            var valueIndex: [Int] = []
            valueIndex.reserveCapacity(sets.count)
            for set in sets {
                let each = set.token(token.name) ?? token
                let key = Self.fingerprint(each)
                if let known = index[key] {
                    valueIndex.append(known)
                } else {
                    index[key] = distinct.count
                    valueIndex.append(distinct.count)
                    distinct.append(each)
                }
            }
            if distinct.count > 1 { shapes[token.name] = ModeGrid.Shape(distinct: distinct, valueIndex: valueIndex) }
        }
        return ModeGrid(axes: axes, combinations: combinations, sets: sets, shapes: shapes)
    }

    /// The token's variations: none when it is the same in every mode; one over the modifiers
    /// it varies by when every combination is resolved (`grid`); past the cap one per modifier it
    /// varies by, with the others at their defaults. `value` writes a token's value in the
    /// language; two values are the same when they are written the same.
    package func variations(of token: Token, grid: ModeGrid?, value: (Token) -> String) -> [Variation] {
        guard let modes, !modes.modifiers.isEmpty else { return [] }
        guard let grid else {
            return modeAxes().compactMap { axis in
                let rows = axis.modifier.contexts.map { ([$0.name], value($0.tokens.token(token.name) ?? token)) }
                return Set(rows.map(\.1)).count > 1 ? Variation(axes: [axis], rows: rows, defaults: false) : nil
            }
        }
        // Each distinct resolved value written once; most tokens are the same everywhere.
        guard let shape = grid.shapes[token.name] else { return [] }
        let texts = shape.distinct.map(value)
        let values = shape.valueIndex.map { texts[$0] }
        let axes = grid.axes
        // A modifier matters when changing it alone changes the value somewhere.
        let relevant = axes.indices.filter { index in
            var seen: [[Int]: String] = [:]
            for (position, combination) in grid.combinations.enumerated() {
                var others = combination
                others.remove(at: index)
                if let earlier = seen[others], earlier != values[position] { return true }
                seen[others] = values[position]
            }
            return false
        }
        guard !relevant.isEmpty else { return [] }
        let position = Dictionary(grid.combinations.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var partial: [[Int]] = [[]]
        for index in relevant { partial = partial.flatMap { prefix in axes[index].modifier.contexts.indices.map { prefix + [$0] } } }
        let defaults = axes.map { axis in axis.modifier.contexts.firstIndex { $0.name == axis.modifier.defaultContext } ?? 0 }
        let rows = partial.map { contexts -> (contexts: [String], value: String) in
            var combination = defaults
            for (index, context) in zip(relevant, contexts) { combination[index] = context }
            return (zip(relevant, contexts).map { axes[$0].modifier.contexts[$1].name }, values[position[combination]!])
        }
        return [Variation(axes: relevant.map { axes[$0] }, rows: rows, defaults: true)]
    }

    /// A token's resolved value as one string (its colour too), so two are compared cheaply.
    private static func fingerprint(_ token: Token) -> String {
        var text = token.color.map { "\($0.red),\($0.green),\($0.blue),\($0.alpha)|" } ?? ""
        func add(_ node: JSONNode) {
            switch node.value {
            case .object(let members):
                text += "{"
                for member in members { text += member.key + ":"; add(member.value); text += "," }
                text += "}"
            case .array(let items):
                text += "["
                for item in items { add(item); text += "," }
                text += "]"
            case .string(let string): text += "\"" + string + "\""
            case .number(_, let literal): text += literal
            case .bool(let flag): text += flag ? "t" : "f"
            case .null: text += "n"
            }
        }
        if let value = token.resolvedValue { add(value) }
        return text
    }

    /// Compose: `object CatalogTokens { val ToggleColorDefaultActiveBgTrack = Color(0xFF005CE5) }` with every type,
    /// and for a colour that varies by a token mode `fun ToggleColorDefaultActiveBgTrack(theme: CatalogTheme)`.
    package func kotlin() -> String {
        var names = Set<String>()
        let grid = modeGrid()
        var lines = [
            "// Generated by catalog-build from tokens/*.tokens.json. Do not edit.",
            "package \(self.names.kotlinPackage)",
            "",
            "import androidx.compose.animation.core.CubicBezierEasing",
            "import androidx.compose.animation.core.TweenSpec",
            "import androidx.compose.animation.core.tween",
            "import androidx.compose.foundation.BorderStroke",
            "import androidx.compose.ui.graphics.Brush",
            "import androidx.compose.ui.graphics.Color",
            "import androidx.compose.ui.graphics.StrokeCap",
            "import androidx.compose.ui.text.TextStyle",
            "import androidx.compose.ui.text.font.FontWeight",
            "import androidx.compose.ui.unit.Dp",
            "import androidx.compose.ui.unit.dp",
            "import androidx.compose.ui.unit.sp",
        ]
        let axes = modeAxes()
        if tokens.tokens.contains(where: { Self.displayP3($0) != nil }) || (modes?.resolutions ?? []).contains(where: { $0.tokens.tokens.contains { Self.displayP3($0) != nil } }) {
            lines.append("import androidx.compose.ui.graphics.colorspace.ColorSpaces")
        }
        lines.append("")
        for axis in axes {
            lines.append("/** \((axis.modifier.description ?? "The token mode \(axis.modifier.name)").replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")): its contexts. */")
            lines.append("enum class \(axis.swiftType) { \(axis.modifier.contexts.map { Self.identifier([$0.name], upperFirst: true) }.joined(separator: ", ")) }")
            lines.append("")
        }
        lines += [
            "/** One layer of a shadow token (Compose has no box shadow of its own: draw it with a blur). */",
            "data class TokenShadow(val color: Color, val offsetX: Dp, val offsetY: Dp, val blur: Dp, val spread: Dp, val inset: Boolean)",
            "",
            "/** A stroke style: CSS's keyword (solid, dashed…), or dashed with its dash lengths and cap (PathEffect.dashPathEffect). */",
            "data class TokenStroke(val style: String, val dashes: List<Dp>, val cap: StrokeCap)",
            "",
            "/** A border token: Compose's BorderStroke and the stroke style it is drawn with. */",
            "data class TokenBorder(val stroke: BorderStroke, val style: TokenStroke)",
            "",
        ]
        lines.append("object CatalogTokens {")
        for token in tokens.tokens {
            guard token.color != nil else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: true), in: &names)
            if let description = token.description { lines.append("    /** \(description.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")) */") }
            lines.append("    val \(name) = \(Self.kotlinColor(token))")
            for variation in variations(of: token, grid: grid, value: { Self.kotlinColor($0) }) {
                lines += variation.kotlinFunction(name: name, type: "Color")
            }
        }
        lines += kotlinMembers(used: &names, grid: grid)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tokens Compose can express besides colours, in the same object: dimensions as `Dp`
    /// (1 rem = 16), durations as milliseconds (`Long`), font weights as `FontWeight`, numbers
    /// as `Float`, typography as a `TextStyle` (its family noted: Compose needs the font bundled).
    private func kotlinMembers(used names: inout Set<String>, grid: ModeGrid?) -> [String] {
        var lines: [String] = []
        for token in tokens.tokens {
            guard let (type, value, note) = Self.kotlinValue(token), let declaration = value(token) else { continue }
            let name = Self.uniqueName(Self.identifier(token.path, upperFirst: true), in: &names)
            let comment = [token.description?.replacingOccurrences(of: "\n", with: " "), token.type == .duration ? "in milliseconds" : nil, note].compactMap { $0 }
            if !comment.isEmpty { lines.append("    /** \(comment.joined(separator: "; ").replacingOccurrences(of: "*/", with: "* /")) */") }
            lines.append("    val \(name) = \(declaration)")
            for variation in variations(of: token, grid: grid, value: { value($0) ?? declaration }) {
                lines += variation.kotlinFunction(name: name, type: type)
            }
        }
        return lines
    }

    /// The Kotlin type of a token other than a colour, its value as Kotlin writes it (nil where
    /// this value cannot be written so), and a note for its comment; nil for a type Compose gets
    /// no member for.
    package static func kotlinValue(_ token: Token) -> (type: String, value: (Token) -> String?, note: String?)? {
        switch token.type {
        case .dimension?: return ("Dp", { NativeTokenValues.points($0.resolvedValue).map { "\(CSSNumber.format($0)).dp" } }, nil)
        case .duration?: return ("Long", { NativeTokenValues.seconds($0.resolvedValue).map { "\(Int64(($0 * 1000).rounded()))L" } }, nil)
        case .fontWeight?: return ("FontWeight", { NativeTokenValues.weight($0.resolvedValue).map { "FontWeight(\($0))" } }, nil)
        case .number?: return ("Float", { $0.resolvedValue?.number.flatMap { $0.isFinite ? "\(CSSNumber.format($0))f" : nil } }, nil)
        case .fontFamily?: return ("List<String>", { NativeTokenValues.fontFamily($0.resolvedValue).map { "listOf(" + $0.map { "\"\(kotlinString($0))\"" }.joined(separator: ", ") + ")" } }, nil)
        case .cubicBezier?: return ("CubicBezierEasing", { NativeTokenValues.curve($0.resolvedValue).map(kotlinCurve) }, nil)
        case .transition?:
            return ("TweenSpec<Float>", { NativeTokenValues.transition($0.resolvedValue).map { "tween<Float>(durationMillis = \(Int(($0.duration * 1000).rounded())), delayMillis = \(Int(($0.delay * 1000).rounded())), easing = \(kotlinCurve($0.curve)))" } }, nil)
        case .shadow?:
            return ("List<TokenShadow>", { NativeTokenValues.shadows($0.resolvedValue).map { "listOf(" + $0.map { "TokenShadow(\(kotlinColor($0.color)), \(CSSNumber.format($0.x)).dp, \(CSSNumber.format($0.y)).dp, \(CSSNumber.format($0.blur)).dp, \(CSSNumber.format($0.spread)).dp, \($0.inset))" }.joined(separator: ", ") + ")" } }, nil)
        case .strokeStyle?: return ("TokenStroke", { NativeTokenValues.stroke($0.resolvedValue).map(kotlinStroke) }, nil)
        case .border?:
            return ("TokenBorder", { NativeTokenValues.border($0.resolvedValue).map { "TokenBorder(BorderStroke(\(CSSNumber.format($0.width)).dp, \(kotlinColor($0.color))), \(kotlinStroke($0.stroke)))" } }, nil)
        case .gradient?:
            return ("Brush", { NativeTokenValues.gradient($0.resolvedValue).map { "Brush.linearGradient(" + $0.map { "\(CSSNumber.format($0.position))f to \(kotlinColor($0.color))" }.joined(separator: ", ") + ")" } }, "linear, left to right; other directions take start and end offsets")
        case .typography?:
            guard let type = NativeTokenValues.typography(token.resolvedValue) else { return nil }
            return ("TextStyle", { token in
                NativeTokenValues.typography(token.resolvedValue).map { type in
                    "TextStyle(fontSize = \(CSSNumber.format(type.fontSize)).sp, fontWeight = FontWeight(\(type.fontWeight)), lineHeight = \(CSSNumber.format(type.fontSize * type.lineHeight)).sp, letterSpacing = \(CSSNumber.format(type.letterSpacing)).sp)"
                }
            }, "fontFamily: \(type.fontFamily.joined(separator: ", ")) (bundle the font and add fontFamily = …)")
        default: return nil
        }
    }

    private static func kotlinCurve(_ curve: [Double]) -> String {
        "CubicBezierEasing(\(curve.map { CSSNumber.format($0) + "f" }.joined(separator: ", ")))"
    }

    private static func kotlinStroke(_ stroke: NativeTokenValues.Stroke) -> String {
        let cap = ["round": "StrokeCap.Round", "square": "StrokeCap.Square"][stroke.lineCap] ?? "StrokeCap.Butt"
        return "TokenStroke(\"\(kotlinString(stroke.style))\", listOf(\(stroke.dashes.map { CSSNumber.format($0) + ".dp" }.joined(separator: ", "))), \(cap))"
    }

    package static func kotlinString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "$", with: "\\$")
    }

    /// A colour in sRGB as `Color(0xAARRGGBB)` (a composite's field, or a token not in display-p3).
    package static func kotlinColor(_ color: RGBA) -> String {
        func byte(_ value: Double) -> String {
            let text = String(Int((min(1, max(0, value)) * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "Color(0x\(byte(color.alpha))\(byte(color.red))\(byte(color.green))\(byte(color.blue)))"
    }

    package static func kotlinColor(_ token: Token) -> String {
        guard let color = token.color else { return "Color.Transparent" }
        if let p3 = displayP3(token) {
            return "Color(\(number(p3[0]))f, \(number(p3[1]))f, \(number(p3[2]))f, \(number(color.alpha))f, ColorSpaces.DisplayP3)"
        }
        return kotlinColor(color)
    }

    package static func identifier(_ path: [String], upperFirst: Bool) -> String {
        let words = path.flatMap(ModeNames.words)
        var name = words.enumerated().map { index, lower in
            index == 0 && !upperFirst ? lower : lower.prefix(1).uppercased() + lower.dropFirst()
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
