import Foundation

/// A design token from a DTCG file, with its alias chain resolved.
public struct Token: Sendable {
    /// Group names and the token's own name: `["toggle", "color", "default", "active", "bg-track"]`.
    public var path: [String]
    /// `$type`, written on the token, inherited from the nearest group, or taken from the aliased token.
    public var type: String?
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
    /// How many alias links lead to that value (0 for a literal value).
    public var aliasLength = 0
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
    public var cssVariable: String { "--" + CSSIdentifier.escape((path.last == "$root" ? path.dropLast() : path[...]).joined(separator: "-")) }
    /// The custom property of one field of a composite: `--type-body-letter-spacing`.
    public func cssVariable(_ suffix: String) -> String { cssVariable + "-" + CSSIdentifier.escape(suffix) }
    /// A class name, stable across builds, for this token's swatch.
    public var swatchClass: String { "tk-" + StableHash.hex(name, length: 10) }
    /// The value shown to readers: the colour's hex where there is one, else the CSS.
    /// Colours outside sRGB (display-p3, oklch…) show in their own notation, never clipped.
    public var displayValue: String {
        if let css = resolvedCSS, color != nil, !css.hasPrefix("#") { return css }
        return color?.hex ?? resolvedCSS ?? ""
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
enum CSSIdentifier {
    static func escape(_ text: String) -> String {
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

/// FNV-1a: a fast, stable hash for file names and class names (not for security).
public enum StableHash {
    @inlinable
    public static func value(_ bytes: some Sequence<UInt8>) -> UInt64 {
        // Contiguous bytes (arrays, most strings) are read through a pointer, not an iterator.
        if let hash = bytes.withContiguousStorageIfAvailable({ value(buffer: $0) }) { return hash }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    @inlinable
    public static func value(buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in buffer {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Folds values into one hash, for cache keys made of several inputs.
    public struct Combiner {
        public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        public init() {}

        public mutating func add(_ number: UInt64) {
            var remaining = number
            for _ in 0..<8 {
                value ^= remaining & 0xFF
                value = value &* 0x0000_0100_0000_01B3
                remaining >>= 8
            }
        }

        public mutating func add(_ text: String) {
            for byte in text.utf8 {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01B3
            }
            add(UInt64(text.utf8.count))
        }

        public mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }
    }

    public static func hex(_ text: String, length: Int = 8) -> String {
        hex(bytes: text.utf8, length: length)
    }

    @inlinable
    public static func hex(bytes: some Sequence<UInt8>, length: Int = 8) -> String {
        let text = String(value(bytes), radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - text.count)) + text
        return String(padded.prefix(length))
    }
}
