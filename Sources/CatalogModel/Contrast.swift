/// One pair of colours of an appearance that must be told apart, with its WCAG 2.2 ratio.
public struct ContrastPair: Sendable {
    public enum Kind: String, Sendable {
        /// 1.4.11 Non-text Contrast.
        case nonText = "non-text"
        /// 1.4.3 Contrast (Minimum).
        case text

        public var criterion: String { self == .text ? "1.4.3" : "1.4.11" }
    }

    /// What is measured, e.g. "Indicator against Track".
    public var label: String
    /// Text when the pair asks for 4.5:1 or more, else a part of a control.
    public var kind: Kind { required >= 4.5 ? .text : .nonText }
    /// The ratio the pair must reach (its `min:`).
    public var required: Double
    /// The role's token reference as written (where a warning points).
    public var foreground: TokenUse
    public var foregroundColor: RGBA
    /// Nil when the background is the page surface.
    public var background: TokenUse?
    public var backgroundColor: RGBA
    public var ratio: Double

    public var passes: Bool { ratio + 0.000_1 >= required }

    /// `4.52:1`
    public var ratioText: String { Self.format(ratio) }

    package static func format(_ ratio: Double) -> String {
        let rounded = (ratio * 100).rounded(.down) / 100
        var text = FixedDecimal.format(rounded, places: 2)
        if text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + ":1"
    }
}

/// Which colours of an appearance are measured against which: the pairs its kind declares
/// (`contrast:` in the kind's contract), or the appearance's own `contrast:`; never any assumed.
public enum ContrastPairs {
    /// The pairs an appearance is measured by.
    public static func specs(for appearance: Appearance, kind: DemoKind?) -> [DemoKind.ContrastSpec] {
        appearance.contrast ?? kind?.contrast ?? []
    }

    /// The pairs of an appearance in the default resolution (mode nil), then, for every other
    /// resolution of the catalog's token modes, each pair whose colours differ from the
    /// default's, with the mode's label (`theme=dark`). The check and the component page read
    /// this one list.
    public static func measured(for appearance: Appearance, kind: DemoKind?, in catalog: Catalog.Shared) -> [(pair: ContrastPair, mode: String?)] {
        measured(for: appearance, kind: kind, tokens: catalog.tokens, modes: catalog.modes, settings: catalog.settings)
    }

    package static func measured(for appearance: Appearance, kind: DemoKind?, tokens: TokenSet, modes: TokenModes?, settings: CatalogSettings) -> [(pair: ContrastPair, mode: String?)] {
        let specs = specs(for: appearance, kind: kind)
        guard !specs.isEmpty else { return [] }
        let defaultPairs = pairs(for: appearance, specs: specs, kind: kind, tokens: tokens, surface: settings.surface)
        var measured = defaultPairs.map { (pair: $0, mode: String?.none) }
        for resolution in modes?.resolutions ?? [] {
            for pair in pairs(for: appearance, specs: specs, kind: kind, tokens: resolution.tokens, surface: surface(settings, in: resolution.tokens))
                where !defaultPairs.contains(where: { $0.label == pair.label && $0.foregroundColor == pair.foregroundColor && $0.backgroundColor == pair.backgroundColor }) {
                measured.append((pair, resolution.label))
            }
        }
        return measured
    }

    /// The page surface in a resolution: `surface:` names a token, its value there.
    package static func surface(_ settings: CatalogSettings, in tokens: TokenSet) -> RGBA {
        settings.surfaceToken.flatMap { tokens.token($0.value)?.color } ?? settings.surface
    }

    public static func pairs(for appearance: Appearance, specs: [DemoKind.ContrastSpec], kind: DemoKind?, tokens: TokenSet, surface: RGBA) -> [ContrastPair] {
        // Each use's role, named as the kind names it (or normalised, without a kind), once.
        func canonical(_ role: String) -> String { kind?.role(role)?.name ?? DemoKind.roleKey(role) }
        let uses = appearance.tokens.map { (use: $0, role: canonical($0.role)) }
        /// The first token use playing `role` that is a colour.
        func color(_ role: String) -> (TokenUse, RGBA)? {
            let wanted = canonical(role)
            for entry in uses where entry.role == wanted {
                guard let color = tokens.token(entry.use.token.value)?.color else { continue }
                return (entry.use, color)
            }
            return nil
        }
        var pairs: [ContrastPair] = []
        for spec in specs {
            guard let (use, foreground) = color(spec.foreground) else { continue }
            for background in spec.background {
                if background == DemoKind.ContrastSpec.page {
                    pairs.append(ContrastPair(
                        label: "\(use.role) against the page", required: spec.minimum, foreground: use, foregroundColor: foreground,
                        background: nil, backgroundColor: surface, ratio: RGBA.contrast(foreground, surface, over: surface)
                    ))
                    break
                }
                guard let (backgroundUse, backgroundColor) = color(background) else { continue }
                pairs.append(ContrastPair(
                    label: "\(use.role) against \(backgroundUse.role)", required: spec.minimum, foreground: use, foregroundColor: foreground,
                    background: backgroundUse, backgroundColor: backgroundColor,
                    ratio: RGBA.contrast(foreground, backgroundColor.over(surface), over: surface)
                ))
                break
            }
        }
        // A role the kind marks `readable:` has text drawn on it in black or white, whichever
        // reads better on its colour in this resolution: that choice is measured too, so the
        // ratio shown for a fill is the one its label has in every combination of modes.
        for role in kind?.roles ?? [] where role.readable && role.type == .color {
            guard let (use, fill) = color(role.name) else { continue }
            let composited = fill.over(surface)
            let text = composited.readableText(over: surface)
            pairs.append(ContrastPair(
                label: "Black or white text on \(use.role)", required: 4.5, foreground: use, foregroundColor: text,
                background: use, backgroundColor: fill, ratio: RGBA.contrast(text, composited, over: surface)
            ))
        }
        return pairs
    }

    /// Disabled looks are exempt from WCAG contrast.
    public static func isExempt(_ appearance: Appearance) -> Bool {
        if appearance.example?.scalar("disabled")?.value.flag == true { return true }
        let words = appearance.name.value.lowercased().split(whereSeparator: { !$0.isLetter })
        return words.contains("disabled") || words.contains("dimmed")
    }
}
