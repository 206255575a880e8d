/// One pair of colours of an appearance that must be told apart, with its WCAG 2.2 ratio.
public struct ContrastPair: Sendable {
    public enum Kind: String, Sendable {
        /// 1.4.11 Non-text Contrast: 3:1.
        case nonText = "non-text"
        /// 1.4.3 Contrast (Minimum): 4.5:1.
        case text

        public var required: Double { self == .text ? 4.5 : 3 }
        public var criterion: String { self == .text ? "1.4.3" : "1.4.11" }
    }

    /// What is measured, e.g. "Indicator against Track".
    public var label: String
    public var kind: Kind
    /// The role's token reference as written (where a warning points).
    public var foreground: TokenUse
    public var foregroundColor: RGBA
    /// Nil when the background is the page surface.
    public var background: TokenUse?
    public var backgroundColor: RGBA
    public var ratio: Double

    public var passes: Bool { ratio + 0.000_1 >= kind.required }

    /// `4.52:1`
    public var ratioText: String { Self.format(ratio) }

    static func format(_ ratio: Double) -> String {
        let rounded = (ratio * 100).rounded(.down) / 100
        var text = FixedDecimal.format(rounded, places: 2)
        if text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + ":1"
    }
}

/// Which colours of an appearance are measured against which. Roles are read as the demos read
/// them (see `DemoRoles`): the indicator against the track and the track against the page;
/// a fill, border or unfilled mark against the page; a mark against its fill; text against the page.
public enum ContrastPairs {
    /// The pairs of an appearance in the default resolution (mode nil), then, for every other
    /// resolution of the catalog's token modes, each pair whose colours differ from the
    /// default's, with the mode's label (`theme=dark`). The check and the component page read
    /// this one list.
    public static func measured(for appearance: Appearance, in catalog: Catalog) -> [(pair: ContrastPair, mode: String?)] {
        let defaultPairs = pairs(for: appearance, tokens: catalog.tokens, surface: catalog.settings.surface)
        var measured = defaultPairs.map { (pair: $0, mode: String?.none) }
        for resolution in catalog.modes?.resolutions ?? [] {
            for pair in pairs(for: appearance, tokens: resolution.tokens, surface: surface(catalog.settings, in: resolution.tokens))
                where !defaultPairs.contains(where: { $0.label == pair.label && $0.foregroundColor == pair.foregroundColor && $0.backgroundColor == pair.backgroundColor }) {
                measured.append((pair, resolution.label))
            }
        }
        return measured
    }

    /// The page surface in a resolution: `surface:` names a token, its value there.
    static func surface(_ settings: CatalogSettings, in tokens: TokenSet) -> RGBA {
        settings.surfaceToken.flatMap { tokens.token($0.value)?.color } ?? settings.surface
    }

    public static func pairs(for appearance: Appearance, tokens: TokenSet, surface: RGBA) -> [ContrastPair] {
        var colors: [String: (TokenUse, RGBA)] = [:]
        for use in appearance.tokens {
            let role = DemoRole.canonical(use.role)
            guard colors[role] == nil, let color = tokens.token(use.token.value)?.color else { continue }
            colors[role] = (use, color)
        }
        var pairs: [ContrastPair] = []
        func add(_ role: String, against other: String?, kind: ContrastPair.Kind) {
            guard let (use, color) = colors[role] else { return }
            if let other {
                guard let (backgroundUse, backgroundColor) = colors[other] else { return }
                pairs.append(ContrastPair(
                    label: "\(use.role) against \(backgroundUse.role)", kind: kind, foreground: use, foregroundColor: color,
                    background: backgroundUse, backgroundColor: backgroundColor,
                    ratio: RGBA.contrast(color, backgroundColor.over(surface), over: surface)
                ))
            } else {
                pairs.append(ContrastPair(
                    label: "\(use.role) against the page", kind: kind, foreground: use, foregroundColor: color,
                    background: nil, backgroundColor: surface, ratio: RGBA.contrast(color, surface, over: surface)
                ))
            }
        }
        add("indicator", against: "track", kind: .nonText)
        add("track", against: nil, kind: .nonText)
        add("fill", against: nil, kind: .nonText)
        add("border", against: nil, kind: .nonText)
        add("mark", against: colors["fill"] != nil ? "fill" : nil, kind: .nonText)
        for role in DemoRole.textRoles.sorted() { add(role, against: nil, kind: .text) }
        return pairs
    }

    /// Disabled looks are exempt from WCAG contrast.
    public static func isExempt(_ appearance: Appearance) -> Bool {
        if appearance.example?.disabled == true { return true }
        let words = appearance.name.value.lowercased().split(whereSeparator: { !$0.isLetter })
        return words.contains("disabled") || words.contains("dimmed")
    }
}
