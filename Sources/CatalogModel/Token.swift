import Foundation
import CatalogCore
import CatalogSyntax

/// The types of DTCG 2025.10 (`$type`). A `switch` over them lists every one, so a type added
/// here fails to compile until each place that treats types differently handles it.
public enum TokenType: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number
    case strokeStyle, border, transition, shadow, gradient, typography

    /// Whether its values are made of other tokens' values (their fields may be aliases).
    public var isComposite: Bool {
        switch self {
        case .strokeStyle, .border, .transition, .shadow, .gradient, .typography: true
        case .color, .dimension, .fontFamily, .fontWeight, .duration, .cubicBezier, .number: false
        }
    }

    public var description: String { rawValue }
}

/// A design token from a DTCG file, with its alias chain resolved.
public struct Token: Sendable {
    /// Group names and the token's own name: `["toggle", "color", "default", "active", "bg-track"]`.
    public var path: [String] {
        didSet { cssVariable = Self.cssVariable(of: path) }
    }
    /// `$type`, written on the token, inherited from the nearest group, or taken from the aliased token.
    public var type: TokenType?
    /// A `$type` written on it or a group around it that DTCG does not define (reported where it
    /// is written; the token is not read further).
    package var unknownType: String? = nil
    public var description: String?
    /// `$deprecated` on the token or a group around it (a token's own `false` wins).
    public var deprecated: Bool
    /// The reason `$deprecated` gives, when it is a message.
    public var deprecationMessage: String? = nil
    /// `$extensions` as written, kept for the DTCG export.
    public var extensions: JSONNode? = nil
    /// `$value` as written.
    public var rawValue: JSONNode
    /// `$value` with every alias replaced by the value it resolves to (nil when resolution failed).
    public var resolvedValue: JSONNode?
    /// The token a whole-value alias `{…}` names (nil for a literal value).
    public var aliasTarget: String? = nil
    /// The token at the end of the alias chain, whose value is literal (nil for a literal value).
    public var aliasEnd: String? = nil
    /// The tokens a composite's fields alias (`fontFamily: "{font.family.sans}"`), each once, in
    /// the order written: a token is used by, and resolves through, these as through `aliasTarget`.
    public var fieldAliases: [String] = []
    /// How many alias links lead to that value (0 for a literal value).
    public var aliasLength: Int = 0
    /// The value as CSS (a `var(--…)` for an alias, so the custom properties keep the chain).
    public var css: String?
    /// The resolved value as CSS, with no `var()`.
    public var resolvedCSS: String?
    /// A composite's fields, each its own custom property beside the shorthand:
    /// `("letter-spacing", "-0.5px")` becomes `--type-body-letter-spacing: -0.5px`.
    public var subValues: [SubValue] = []

    public struct SubValue: Sendable, Hashable {
        public var suffix: String
        public var css: String

        package init(suffix: String, css: String) {
            self.suffix = suffix
            self.css = css
        }
    }
    /// The resolved colour, for colour tokens whose space can be converted to sRGB.
    public var color: RGBA?
    /// Catalog path of the file that defines it.
    public var file: String
    public var location: SourceLocation

    /// `toggle.color.default.active.bg-track`
    public var name: String { path.joined(separator: ".") }
    /// `toggle/color/default/active/bg-track`, as designers see it in Figma.
    public var slashName: String { path.joined(separator: "/") }
    /// `--toggle-color-default-active-bg-track`; a group's `$root` token is the group's own
    /// property (`--button-background` for `button.background.$root`).
    /// Made once, with the path (a page's token tables, demo roles and stylesheets ask for it
    /// many times over).
    public private(set) var cssVariable: String

    private static func cssVariable(of path: [String]) -> String {
        "--" + CSSIdentifier.escape((path.last == "$root" ? path.dropLast() : path[...]).joined(separator: "-"))
    }
    /// The custom property of one field of a composite: `--type-body-letter-spacing`.
    public func cssVariable(_ suffix: String) -> String { cssVariable + "-" + CSSIdentifier.escape(suffix) }
    /// Takes `declared` (a group's `$type`, as written) when the token has no type of its own.
    package mutating func inherit(type declared: String) {
        guard type == nil, unknownType == nil else { return }
        type = TokenType(rawValue: declared)
        if type == nil { unknownType = declared }
    }

    /// A class name, stable across builds, for this token's swatch.
    public var swatchClass: String { "tk-" + StableHash.hex(name, length: 10) }
    /// The value shown to readers: the colour's hex where there is one, else the CSS.
    /// Colours outside sRGB (display-p3, oklch…) show in their own notation, never clipped.
    public var displayValue: String {
        if let css = resolvedCSS, color != nil, !css.hasPrefix("#") { return css }
        return color?.hex ?? resolvedCSS ?? ""
    }

    package init(path: [String], type: String? = nil, description: String? = nil, deprecated: Bool, deprecationMessage: String? = nil, extensions: JSONNode? = nil, rawValue: JSONNode, resolvedValue: JSONNode? = nil, aliasTarget: String? = nil, aliasEnd: String? = nil, aliasLength: Int = 0, css: String? = nil, resolvedCSS: String? = nil, subValues: [SubValue] = [], color: RGBA? = nil, file: String, location: SourceLocation) {
        self.path = path
        cssVariable = Self.cssVariable(of: path)
        // As written: a type DTCG does not define is kept apart (reported where it is written).
        self.type = type.flatMap(TokenType.init(rawValue:))
        unknownType = type.flatMap { TokenType(rawValue: $0) == nil ? $0 : nil }
        self.description = description
        self.deprecated = deprecated
        self.deprecationMessage = deprecationMessage
        self.extensions = extensions
        self.rawValue = rawValue
        self.resolvedValue = resolvedValue
        self.aliasTarget = aliasTarget
        self.aliasEnd = aliasEnd
        self.aliasLength = aliasLength
        self.css = css
        self.resolvedCSS = resolvedCSS
        self.subValues = subValues
        self.color = color
        self.file = file
        self.location = location
    }
}

/// Every token of the catalog, by name.
public struct TokenSet: Sendable {
    public private(set) var tokens: [Token]
    private var index: [String: Int]
    /// A hash of the token files the set was read from.
    public var contentKey: UInt64 = 0

    public init(_ tokens: [Token]) {
        self.tokens = tokens
        var index: [String: Int] = [:]
        for (position, token) in tokens.enumerated() where index[token.name] == nil {
            index[token.name] = position
        }
        self.index = index
    }

    public static let empty = TokenSet([])

    public var names: [String] { tokens.map(\.name) }

    /// The token a reference names; `/` and `.` separate the path the same way.
    public func token(_ reference: String) -> Token? {
        index[Self.normalize(reference)].map { tokens[$0] }
    }

    public static func normalize(_ reference: String) -> String {
        // Most references are already names: answer those without Foundation's string bridging.
        if reference.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "}") }) {
            return reference
        }
        var name = reference.trimmingSpaces()
        if name.hasPrefix("{"), name.hasSuffix("}") { name = String(name.dropFirst().dropLast()) }
        return name.replacingOccurrences(of: "/", with: ".")
    }
}

/// CSS identifier escaping for custom property and class names.
package enum CSSIdentifier {
    package static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let plain = (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x61 && value <= 0x7A) || value == 0x2D || value == 0x5F || value >= 0x80
            if plain {
                result.unicodeScalars.append(scalar)
            } else if value < 0x20 || value == 0x7F {
                result += "\\" + String(value, radix: 16) + " "
            } else {
                result += "\\" + String(scalar)
            }
        }
        return result
    }
}

