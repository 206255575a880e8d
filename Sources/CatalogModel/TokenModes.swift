import CatalogCore
/// A catalog's token modes, from its DTCG resolver document: each modifier is a mode axis
/// (`theme`), each of its contexts a mode (`light`, `dark`, `high-contrast`). The catalog's
/// `tokens` are the default resolution; each other context keeps its own full resolution (every
/// other modifier at its default) and the tokens whose value differs from the default.
public struct TokenModes: Sendable {
    public struct Context: Sendable {
        public var name: String
        /// Every token in this context.
        public var tokens: TokenSet
        /// The tokens whose CSS differs from the default resolution (empty for the default).
        public let differing: [Token]
        /// Name → position in `differing`, so a lookup per token stays constant-time.
        private let differingIndex: [String: Int]

        public init(name: String, tokens: TokenSet, differing: [Token]) {
            self.name = name
            self.tokens = tokens
            self.differing = differing
            differingIndex = Dictionary(differing.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// The token in this context when its value differs from the default's.
        public func differing(_ name: String) -> Token? { differingIndex[name].map { differing[$0] } }
    }

    public struct Modifier: Sendable {
        public var name: String
        public var description: String?
        public var defaultContext: String
        public var contexts: [Context]
        public var location: SourceLocation

        public func context(_ name: String) -> Context? { contexts.first { $0.name == name } }

        package init(name: String, description: String? = nil, defaultContext: String, contexts: [Context], location: SourceLocation) {
            self.name = name
            self.description = description
            self.defaultContext = defaultContext
            self.contexts = contexts
            self.location = location
        }
    }

    /// A full set of choices, one context per modifier, other than the default one: every
    /// combination when there are at most `maximumResolutions`, else each context with the
    /// other modifiers at their defaults (`capped`).
    public struct Resolution: Sendable {
        public var choices: [(modifier: String, context: String)]
        public var tokens: TokenSet
        /// `theme=dark` or `theme=dark, density=compact`: how diagnostics name it.
        public var label: String { choices.map { "\($0.modifier)=\($0.context)" }.joined(separator: ", ") }

        package init(choices: [(modifier: String, context: String)], tokens: TokenSet) {
            self.choices = choices
            self.tokens = tokens
        }
    }

    public static let maximumResolutions = 64

    public var modifiers: [Modifier]
    public var resolutions: [Resolution] = []
    public var capped: Bool = false
    /// A hash of the token and resolver files the modes were loaded from (as `TokenSet`'s).
    public var contentKey: UInt64 = 0
    /// The resolver document, as diagnostics show it.
    public var file: String

    public func modifier(_ name: String) -> Modifier? { modifiers.first { $0.name == name } }

    /// The resolutions that choose two or more contexts at once (`brand=sosh, theme=dark`):
    /// what a stylesheet of one rule per context cannot know, since a combination's value need
    /// not be either context's.
    public var combinations: [Resolution] { capped ? [] : resolutions.filter { $0.choices.count > 1 } }

    /// The contexts a resolution chooses, in the modifiers' order (the order a stylesheet's
    /// rules for each context come in, so a later one wins where two set the same thing).
    public func contexts(of resolution: Resolution) -> [Context] {
        resolution.choices.compactMap { modifier($0.modifier)?.context($0.context) }
    }

    /// The token in every resolution besides the default one, in order (every combination of
    /// the modifiers' contexts, or past the cap each context with the others at their defaults),
    /// labelled as diagnostics name it (`brand=lagoon, theme=dark`); nil where a resolution does
    /// not define it. This is the one place a token's value per mode comes from: the pages, the
    /// Markdown twins, `components.json` and the MCP server all show what it gives.
    public func inEveryResolution(_ name: String) -> [(mode: String, token: Token?)] {
        resolutions.map { ($0.label, $0.tokens.token(name)) }
    }

    /// The token's value in each resolution where the value a reader sees differs from the
    /// default's, for pages and data: an alias whose own CSS is the same everywhere
    /// (`var(--palette-white)`) but whose target changes in a mode has a value in that mode.
    /// (`differences(of:)` is what the stylesheet needs: only the CSS that differs.)
    public func values(of name: String, default token: Token) -> [(mode: String, token: Token)] {
        inEveryResolution(name).compactMap { mode, other in
            guard let other, other.displayValue != token.displayValue else { return nil }
            return (mode, other)
        }
    }

    /// The token's value in each context (other than its modifier's default) where it differs.
    public func differences(of name: String) -> [(mode: String, token: Token)] {
        modifiers.flatMap { modifier in
            modifier.contexts.compactMap { context in context.differing(name).map { ("\(modifier.name)=\(context.name)", $0) } }
        }
    }

    package init(modifiers: [Modifier], resolutions: [Resolution] = [], capped: Bool = false, file: String) {
        self.modifiers = modifiers
        self.resolutions = resolutions
        self.capped = capped
        self.file = file
    }
}

/// How `catalog.yaml` says the site presents a modifier (`modes:`): its label and, per context,
/// a label and the media query that chooses it until the reader picks one.
public struct ModePresentation: Sendable, Hashable {
    public struct Context: Sendable, Hashable {
        public var name: Located<String>
        public var label: String?
        public var media: String?

        /// `dark` or `light` when its media query is that colour scheme (the system's setting
        /// chooses it, and choosing it turns the site that scheme); nil for any other query.
        public var scheme: String? {
            switch media?.replacingOccurrences(of: " ", with: "") {
            case "(prefers-color-scheme:dark)": "dark"
            case "(prefers-color-scheme:light)": "light"
            default: nil
            }
        }

        /// Whether its media query is the dark colour scheme, so choosing it turns the site dark.
        public var isDarkScheme: Bool { scheme == "dark" }

        package init(name: Located<String>, label: String? = nil, media: String? = nil) {
            self.name = name
            self.label = label
            self.media = media
        }
    }

    public var modifier: Located<String>
    public var label: String?
    public var contexts: [Context]

    package init(modifier: Located<String>, label: String? = nil, contexts: [Context]) {
        self.modifier = modifier
        self.label = label
        self.contexts = contexts
    }
}

extension [ModePresentation] {
    /// What `modes:` says of one modifier, and of one of its contexts.
    package func modifier(_ name: String) -> ModePresentation? { first { $0.modifier.value == name } }
    package func context(_ context: String, of modifier: String) -> ModePresentation.Context? {
        self.modifier(modifier)?.contexts.first { $0.name.value == context }
    }
}
